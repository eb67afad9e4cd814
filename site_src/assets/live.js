// Live pages: while a round is being played, the parts of a page that show it (the "Now" block, the round's
// table, a player's next game) carry data-live, the address of the round's file in the site's own results API
// (api/<festival>/<event>/round-<n>.json). This script reads that file again every minute while the page is
// in view, and writes the results that came in since into the page; it says when it last did. The file is
// asked for with a query that changes each time (?t=…) and without the browser's cache, so that a cached copy
// (GitHub Pages keeps pages 10 minutes) never hides a new result. A failed request changes nothing on the
// page but the line that says so. When every result is in, or the round's pairings are no longer the ones on
// the page, it offers to reload the page and stops. No request goes anywhere but the site itself.
(function () {
  // The reader's language: a page in another language defines window.banzukeText first, each English text with its
  // translation ({"English": "…"}); a text it lacks stays English. The calls take the English itself, so that the
  // catalogues' extraction finds it.
  function gettext(s) { return (window.banzukeText || {})[s] || s; }
  // Every text the script shows, in one place. %(link)s: the link that reloads the page (TEXT.reload).
  var TEXT = {
    updated: gettext("Updated at %(time)s; results appear here as they come in."),
    failed: gettext("Could not update at %(time)s (no connection?); shown: the results as of %(last)s."),
    failedFirst: gettext("Could not update at %(time)s (no connection?); shown: the results as of the page's " +
                         "loading."),
    // Translators: after a player's next game, once its result is in (%(result)s: 1-0, 0-1 …); the same as the
    // page's own text for it, which the script looks for
    played: gettext(" \u00b7 played: %(result)s"),
    // Translators: %(link)s is the link "reload the page"
    complete: gettext("Every result of this round is in: %(link)s."),
    // Translators: %(link)s is the link "reload the page"
    changed: gettext("The pairings of this round have changed: %(link)s."),
    reload: gettext("reload the page"),
    pending: "\u2026"
  };
  // Seconds between two reads of a file: not less than 30. A test may set window.banzukeLiveSeconds first.
  var EVERY = Math.max(typeof window.banzukeLiveSeconds === "number" ? 0 : 30,
                       Number(window.banzukeLiveSeconds) || 60) * 1000;
  var TIMEOUT = 20000;  // a request that takes longer is a failed one
  var REVERSED = { "1-0": "0-1", "0-1": "1-0", "+-": "-+", "-+": "+-" };
  var BOXES = ".now, #next-game";  // blocks with one status line for all they show

  // A text with its %(name)s placeholders replaced by the values.
  function say(template, values) {
    return template.replace(/%\((\w+)\)s/g, function (_, key) { return String(values[key]); });
  }
  function clock() {
    var lang = document.documentElement.lang || undefined;  // the page's language, as its dates are written
    return new Date().toLocaleTimeString(lang ? [lang] : [], { hour: "2-digit", minute: "2-digit", second: "2-digit" });
  }

  // The player a cell's link leads to (player pages are players/<id>/), or null.
  function playerOf(cell) {
    var a = cell && cell.querySelector("a[href]");
    var m = a && new URL(a.href, document.baseURI).pathname.match(/\/players\/([^\/]+)\/?$/);
    return m ? decodeURIComponent(m[1]) : null;
  }
  function gameOf(round, a, b) {
    return round.games.filter(function (g) {
      return (g.sente === a && g.gote === b) || (g.sente === b && g.gote === a);
    })[0] || null;
  }
  // A game's result from the side of player `first`, or null while it is played.
  function resultFor(game, first) {
    if (game.result === null || game.result === undefined) return null;
    return game.sente === first ? game.result : (REVERSED[game.result] || game.result);
  }

  // A table of the round (board, first player, result, second player, …): its results updated, each from the
  // first-named player's side. False when the table has a game the file does not (the pairings changed).
  function table(el, round) {
    var same = true;
    Array.prototype.forEach.call(el.querySelectorAll("tbody tr"), function (tr) {
      var a = playerOf(tr.cells[1]), b = playerOf(tr.cells[3]);
      if (!a || !b) return;
      var game = gameOf(round, a, b);
      if (!game) { same = false; return; }
      var result = resultFor(game, a);
      var shown = result === null ? TEXT.pending : result;
      if (tr.cells[2].textContent !== shown) tr.cells[2].textContent = shown;
    });
    return same;
  }

  // A line of a player's next game (data-player, and data-board unless it is a bye): his result once it is in.
  // False when the file has him on another board.
  function line(el, round) {
    var pid = el.getAttribute("data-player");
    if (!el.hasAttribute("data-board")) return true;
    var game = round.games.filter(function (g) { return g.sente === pid || g.gote === pid; })[0];
    if (!game || String(game.board) !== el.getAttribute("data-board")) return false;
    var result = resultFor(game, pid);
    var span = el.querySelector(".live-result");
    var written = el.textContent.replace(span ? span.textContent : "", "");
    if (written.indexOf(say(TEXT.played, { result: "" })) >= 0) return true;  // the page has it already
    var text = result === null ? "" : say(TEXT.played, { result: result });
    if (!span) {
      span = document.createElement("span");
      span.className = "live-result";
      el.appendChild(span);
    }
    if (span.textContent !== text) span.textContent = text;
    return true;
  }

  // The block a status line belongs to: the Now block, the next-game box, or the first table of the file's
  // (a team round has a table for each match, and one line for them all).
  function boxOf(el, parts) {
    return el.closest(BOXES) || parts.filter(function (p) { return !p.closest(BOXES); })[0];
  }
  function status(box) {
    var inside = box.matches(BOXES);
    var outer = box;  // a table sits in the theme's scrolling boxes: its line goes above them
    var wrappers = ".md-typeset__table, .md-typeset__scrollwrap";
    while (!inside && outer.parentElement && outer.parentElement.matches(wrappers)) {
      outer = outer.parentElement;
    }
    var p = inside ? box.querySelector(".live-status") : outer.previousElementSibling;
    if (p && p.classList.contains("live-status")) return p;
    p = document.createElement("p");
    p.className = "live-status";
    p.setAttribute("role", "status");
    if (inside) box.appendChild(p);
    else outer.parentNode.insertBefore(p, outer);
    return p;
  }
  // The status line says `why` (a text with %(link)s), the link reloading the page where the text has it.
  function offerReload(p, why) {
    var at = why.indexOf("%(link)s");
    if (at < 0) at = why.length;
    p.textContent = why.slice(0, at);
    var a = document.createElement("a");
    a.href = "";
    a.textContent = TEXT.reload;
    a.addEventListener("click", function (event) { event.preventDefault(); window.location.reload(); });
    p.appendChild(a);
    var rest = why.slice(at + "%(link)s".length);
    if (rest) p.appendChild(document.createTextNode(rest));
  }

  // One file of the API and the parts of the page that show it.
  function Source(address) {
    this.address = address;
    this.parts = [];
    this.busy = false;
    this.done = false;
    this.last = null;   // the time of the last read, as shown
    this.tried = 0;     // when it was last asked for (ms)
  }
  Source.prototype.read = function () {
    var self = this;
    if (self.busy || self.done) return;
    self.busy = true;
    self.tried = Date.now();
    var controller = window.AbortController ? new AbortController() : null;
    var timer = controller ? setTimeout(function () { controller.abort(); }, TIMEOUT) : null;
    var address = self.address + (self.address.indexOf("?") < 0 ? "?" : "&") + "t=" + Date.now();
    fetch(address, { cache: "no-store", credentials: "same-origin", signal: controller && controller.signal })
      .then(function (response) {
        if (!response.ok) throw new Error(String(response.status));
        return response.json();
      })
      .then(function (round) {
        if (!round || !Array.isArray(round.games)) throw new Error("not a round");
        self.show(round);
      })
      .catch(function () { self.fail(); })
      .then(function () { clearTimeout(timer); self.busy = false; });
  };
  Source.prototype.show = function (round) {
    var self = this;
    self.last = clock();
    var same = true;
    self.parts.forEach(function (el) {
      var ok = el.tagName === "TABLE" ? table(el, round)
        : el.hasAttribute("data-player") ? line(el, round)
        : Array.prototype.every.call(el.querySelectorAll("table"), function (t) { return table(t, round); });
      same = ok && same;
    });
    var complete = round.games.length > 0 && round.games.every(function (g) { return g.result !== null; });
    self.parts.forEach(function (el) {
      var p = status(boxOf(el, self.parts));
      if (!same) offerReload(p, TEXT.changed);
      else if (complete) offerReload(p, TEXT.complete);
      else p.textContent = say(TEXT.updated, { time: self.last });
    });
    self.done = !same || complete;
  };
  Source.prototype.fail = function () {
    var parts = this.parts;
    var text = this.last ? say(TEXT.failed, { time: clock(), last: this.last })
      : say(TEXT.failedFirst, { time: clock() });
    parts.forEach(function (el) { status(boxOf(el, parts)).textContent = text; });
  };

  var sources = {};
  function tick() {
    if (document.visibilityState === "hidden") return;
    Object.keys(sources).forEach(function (key) {
      var source = sources[key];
      if (Date.now() - source.tried >= EVERY - 50) source.read();
    });
  }
  function start() {
    Array.prototype.forEach.call(document.querySelectorAll("[data-live]"), function (el) {
      var address = new URL(el.getAttribute("data-live"), document.baseURI);
      if (address.origin !== window.location.origin) return;  // the site's own files only
      var key = address.href;
      (sources[key] = sources[key] || new Source(key)).parts.push(el);
    });
    if (!Object.keys(sources).length || !window.fetch) return;
    tick();
    setInterval(tick, Math.min(EVERY, 5000));
    document.addEventListener("visibilitychange", tick);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
