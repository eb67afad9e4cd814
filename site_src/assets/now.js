// The "Now" block's box: a name picked from the list, or typed in part when it fits one player only, goes to
// that player's next game. Nothing else; without scripts the round's table is still there.
(function () {
  function ready(form) {
    var input = form.querySelector("input");
    var list = document.getElementById(input.getAttribute("list"));
    function go(exact) {
      var typed = input.value.trim().toLowerCase();
      if (!typed || !list) return;
      var options = Array.prototype.slice.call(list.options);
      var hits = options.filter(function (o) { return o.value.toLowerCase() === typed; });
      if (!hits.length && !exact) {
        hits = options.filter(function (o) { return o.value.toLowerCase().indexOf(typed) >= 0; });
      }
      if (hits.length === 1) window.location.href = hits[0].getAttribute("data-href");
    }
    input.addEventListener("change", function () { go(true); });
    form.addEventListener("submit", function (event) { event.preventDefault(); go(false); });
  }
  function all() {
    document.querySelectorAll("form[data-find]:not([data-ready])").forEach(function (form) {
      form.setAttribute("data-ready", "");
      ready(form);
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", all);
  else all();
})();
