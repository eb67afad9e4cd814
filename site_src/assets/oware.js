// The Oware replay board. Each div.oware carries every position of one game (12 houses, then the two stores)
// and its moves, written by the site generator; this script only shows them one at a time. Nothing is fetched.
(function () {
  "use strict";
  // The reader's language: a page in another language defines window.banzukeText first, each English text with its
  // translation ({"English": "…"}); a text it lacks stays English.
  function gettext(s) { return (window.banzukeText || {})[s] || s; }
  // A text with its %(name)s placeholders replaced by the values.
  function say(template, values) {
    return template.replace(/%\((\w+)\)s/g, function (_, key) { return String(values[key]); });
  }
  function setUp(box) {
    var positions = JSON.parse(box.getAttribute("data-positions"));
    var moves = JSON.parse(box.getAttribute("data-moves"));
    var houses = box.querySelectorAll("[data-house]");
    var stores = box.querySelectorAll("[data-store]");
    var label = box.querySelector(".oware-move");
    var last = positions.length - 1;
    var ply = last;
    function show(n) {
      ply = Math.max(0, Math.min(last, n));
      var p = positions[ply];
      houses.forEach(function (h) { h.textContent = p[Number(h.getAttribute("data-house"))]; });
      stores.forEach(function (s) { s.textContent = p[12 + Number(s.getAttribute("data-store"))]; });
      label.textContent = ply === 0 ? say(gettext("Start (%(count)s moves)"), { count: last })
        // Translators: the Oware replay board; %(played)s is the move as written (a house's letter, a-f or A-F)
        : say(gettext("After move %(move)s of %(count)s: %(played)s"),
              { move: ply, count: last, played: moves[ply - 1] });
    }
    var steps = { first: function () { return 0; }, back: function () { return ply - 1; },
                  next: function () { return ply + 1; }, last: function () { return last; } };
    box.querySelectorAll("button[data-step]").forEach(function (b) {
      b.addEventListener("click", function () { show(steps[b.getAttribute("data-step")]()); });
    });
    box.classList.add("oware-live");
    show(last);
  }
  function start() { document.querySelectorAll("div.oware").forEach(setUp); }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
