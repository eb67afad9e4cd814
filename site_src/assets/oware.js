// The Oware replay board. Each div.oware carries every position of one game (12 houses, then the two stores)
// and its moves, written by the site generator; this script only shows them one at a time. Nothing is fetched.
(function () {
  "use strict";
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
      label.textContent = ply === 0 ? "Start (" + last + " moves)"
        : "After move " + ply + " of " + last + ": " + moves[ply - 1];
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
