// The language selector remembers the reader's choice: the home page then opens in it (theme/main.html).
document.addEventListener("click", function (event) {
  var link = event.target instanceof Element ? event.target.closest(".md-select__list a[hreflang]") : null;
  if (link) {
    try { localStorage.setItem("banzuke-language", link.getAttribute("hreflang")); } catch (e) { /* private mode */ }
  }
});
