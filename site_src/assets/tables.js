// A table wider than the screen scrolls inside its box (the page does not): a line above it says so, and the
// box's right edge shows a shadow while there are columns hidden to the right. Looked at again when the window
// changes size. The number and name columns of the results tables stay in place (extra.css, data-sticky).
(function () {
  // The reader's language: a page in another language defines window.banzukeText first, each English text with its
  // translation ({"English": "…"}); a text it lacks stays English.
  function gettext(s) { return (window.banzukeText || {})[s] || s; }
  function box(table) {
    for (var el = table; el && el !== document.body; el = el.parentElement) {
      var overflow = getComputedStyle(el).overflowX;
      if (overflow === "auto" || overflow === "scroll") return el;
    }
    return null;
  }
  function edge(scroller) {
    var more = scroller.scrollLeft + scroller.clientWidth < scroller.scrollWidth - 1;
    scroller.classList.toggle("more-right", more);
  }
  // A box that scrolls takes the keyboard's focus (the arrow keys then scroll it, in every browser) and is a
  // region named after the table: its caption, or else the heading above it.
  function name(table) {
    var caption = table.querySelector("caption");
    if (caption && caption.textContent.trim()) return caption.textContent.trim();
    var headings = document.querySelectorAll(".md-typeset h1, .md-typeset h2, .md-typeset h3");
    var found = "";
    headings.forEach(function (h) {
      if (h.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING) found = h.textContent.trim();
    });
    var heading = found.replace(/\s*¶$/, "");
    return found ? gettext("Table: %(heading)s").replace("%(heading)s", function () { return heading; })
      : gettext("Table");
  }
  function keys(scroller, table, wide) {
    if (wide) {
      scroller.setAttribute("tabindex", "0");
      scroller.setAttribute("role", "region");
      scroller.setAttribute("aria-label", name(table));
    } else if (scroller.getAttribute("role") === "region") {
      scroller.removeAttribute("tabindex");
      scroller.removeAttribute("role");
      scroller.removeAttribute("aria-label");
    }
  }
  function mark() {
    document.querySelectorAll(".md-typeset table").forEach(function (table) {
      var scroller = box(table);
      if (!scroller) return;
      var wide = scroller.scrollWidth > scroller.clientWidth + 1;
      var cue = scroller.previousElementSibling;
      var has = cue && cue.classList.contains("scroll-cue");
      if (wide && !has) {
        cue = document.createElement("p");
        cue.className = "scroll-cue";
        cue.textContent = gettext("More columns: swipe the table sideways \u2192");
        scroller.parentNode.insertBefore(cue, scroller);
        scroller.addEventListener("scroll", function () { edge(scroller); }, { passive: true });
      } else if (!wide && has) {
        cue.remove();
      }
      scroller.classList.toggle("scrolls", wide);
      keys(scroller, table, wide);
      edge(scroller);
    });
  }
  var timer = null;
  function later() {
    clearTimeout(timer);
    timer = setTimeout(mark, 100);
  }
  if (window.document$ && window.document$.subscribe) window.document$.subscribe(function () { setTimeout(mark, 0); });
  window.addEventListener("load", mark);
  window.addEventListener("resize", later);
})();
