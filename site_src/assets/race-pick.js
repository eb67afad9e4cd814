// The race on an event's standings (render/race.py draws the leaders' lines at build time): a list under the chart
// draws one more player's line, any the reader picks, from his ranks in the table "Rank after each round" under it,
// on the chart's own scale (the svg's data-x and data-y: x of round i, y of a rank, as race.py computes them).
// Picking another replaces him; "No other player" takes him away. A rank lower than any the chart reaches
// stretches its scale down to it, and every line is drawn again from the table. Nothing is fetched; without
// scripts there is no list (the script makes it), and the table has every number.
(function () {
  "use strict";
  // The reader's language: a page in another language defines window.banzukeText first, each English text with its
  // translation ({"English": "…"}); a text it lacks stays English. The calls take the English itself, so that the
  // catalogues' extraction finds it.
  function gettext(s) { return (window.banzukeText || {})[s] || s; }
  // Every text the list shows, in one place.
  var TEXT = {
    // Translators: the label of a list under the race chart (an event's standings): the player picked is drawn too
    label: gettext("Add a player to the chart"),
    // Translators: the first choice of the list "Add a player to the chart": only the leaders' lines
    nobody: gettext("No other player"),
    // Translators: said to a screen reader (and added to the chart's text) once the player picked is drawn
    added: gettext("Also drawn: %(name)s.")
  };
  var ROW = 11;  // the height of a name at a line's end (race.py's ROW)
  var GAP = 6;   // from a line's end to its name (race.py)
  // The picked line: a colour and a dash none of race.py's STROKES has, and thicker; the theme's, so the dark
  // scheme follows.
  var STROKE = "var(--md-code-hl-string-color)", DASH = "8 2 2 2", WIDTH = "3";

  // A text with its %(name)s placeholders replaced by the values.
  function say(template, values) {
    return template.replace(/%\((\w+)\)s/g, function (_, key) { return String(values[key]); });
  }
  // Python's round(), as race.py's points are made: a half to the even number (Math.round takes it up).
  function round(v) {
    var f = Math.floor(v), d = v - f;
    return d > 0.5 || (d === 0.5 && f % 2 !== 0) ? f + 1 : f;
  }
  function numbers(el, name) { return el.getAttribute(name).split(" ").map(Number); }

  // The table that follows the figure (the theme may have wrapped it, and assets/tables.js put a line before it).
  function tableAfter(figure) {
    for (var el = figure.nextElementSibling; el; el = el.nextElementSibling) {
      var table = el.matches("table") ? el : el.querySelector("table");
      if (table) return table;
    }
    return null;
  }
  // Each row's player and ranks ("3=": shared, rank 3); null for a row without a rank after every round.
  function rows(table, rounds) {
    return Array.prototype.map.call(table.tBodies[0] ? table.tBodies[0].rows : [], function (tr) {
      var cells = Array.prototype.slice.call(tr.cells);
      var ranks = cells.slice(1).map(function (td) { return parseInt(td.textContent, 10); });
      var ok = ranks.length === rounds && ranks.every(function (r) { return r > 0; });
      return ok ? { name: cells[0].textContent.trim(), ranks: ranks } : null;
    });
  }

  function ready(figure) {
    var svg = figure.querySelector("svg[data-x][data-y]");
    var table = tableAfter(figure);
    if (!svg || !table) return;
    var x = numbers(svg, "data-x"), y = numbers(svg, "data-y");  // [x0, x1, rounds], [y of 1, y of low, low]
    var lines = svg.querySelectorAll("polyline");
    var names = svg.querySelectorAll("text:not([text-anchor])");
    var axis = svg.querySelectorAll("text[text-anchor=end]");
    var players = rows(table, x[2]);
    // The chart's lines are the table's first rows, in its order: if not, the script leaves the page as it is.
    var drawn = Array.prototype.every.call(lines, function (line, n) {
      var title = line.querySelector("title");
      return players[n] && title && title.textContent.trim() === players[n].name;
    });
    if (!drawn || players.length <= lines.length || lines.length !== names.length) return;
    var height = Number(svg.getAttribute("viewBox").split(" ")[3]);
    var label = svg.getAttribute("aria-label");
    var strokes = svg.querySelector("g"), texts = names[0].parentNode;
    var ns = svg.namespaceURI;

    // The list, after the figure: the players of the table not drawn, in its order; and a line for screen readers.
    var id = "race-pick-" + document.querySelectorAll(".race-pick").length;
    var pick = document.createElement("div");
    pick.className = "race-pick";
    var caption = document.createElement("label");
    caption.htmlFor = id;
    caption.textContent = TEXT.label;
    var select = document.createElement("select");
    select.id = id;
    var none = document.createElement("option");
    none.value = "";
    none.textContent = TEXT.nobody;
    select.appendChild(none);
    players.forEach(function (row, n) {
      if (n < lines.length || !row) return;
      var option = document.createElement("option");
      option.value = String(n);
      option.textContent = row.name;
      select.appendChild(option);
    });
    var status = document.createElement("p");
    status.className = "visually-hidden";
    status.setAttribute("role", "status");
    pick.appendChild(caption);
    pick.appendChild(select);
    pick.appendChild(status);

    function make(tag, attributes) {
      var el = svg.ownerDocument.createElementNS(ns, tag);
      Object.keys(attributes).forEach(function (key) { el.setAttribute(key, attributes[key]); });
      return el;
    }
    // The leaders' lines and `picked` (a row of the table, or null), on a scale down to the lowest rank of them all.
    function draw(picked) {
      svg.querySelectorAll(".race-picked").forEach(function (el) { el.remove(); });
      var all = Array.prototype.map.call(lines, function (line, n) { return { line: line, row: players[n] }; });
      if (picked) {
        var line = make("polyline", { "class": "race-picked", stroke: STROKE, "stroke-dasharray": DASH,
                                      "stroke-width": WIDTH });
        line.appendChild(make("title", {})).textContent = picked.name;
        strokes.appendChild(line);
        all.push({ line: line, row: picked });
      }
      var low = Math.max.apply(null, [y[2]].concat(picked ? picked.ranks : []));
      function xOf(i) { return round(x[0] + i * (x[1] - x[0]) / (x[2] - 1)); }
      function yOf(rank) { return round(y[0] + (rank - 1) * (y[1] - y[0]) / (low - 1)); }
      var ends = all.map(function (d) {
        var ranks = d.row.ranks;
        d.line.setAttribute("points", ranks.map(function (r, i) { return xOf(i) + "," + yOf(r); }).join(" "));
        var last = ranks.length - 1;
        return { y: yOf(ranks[last]), x: xOf(last), name: d.row.name, picked: d.row === picked };
      });
      ends.sort(function (a, b) { return a.y - b.y; });  // (stable, as race.py's sort)
      var at = -Infinity, bottom = 0, reused = 0;
      ends.forEach(function (end) {  // the names at the lines' ends, one under the other
        at = Math.max(end.y, at + ROW);
        var text = end.picked ? make("text", { "class": "race-picked", "font-weight": "bold" }) : names[reused++];
        text.setAttribute("x", end.x + GAP);
        text.setAttribute("y", round(at + 4));
        text.textContent = end.name;
        texts.appendChild(text);
        bottom = round(at + 4) + 3;
      });
      axis[axis.length - 1].textContent = low;
      // The picked name pushed under the chart's bottom edge makes the picture taller rather than cut off
      var viewBox = svg.getAttribute("viewBox").split(" ");
      viewBox[3] = picked ? Math.max(height, bottom) : height;
      svg.setAttribute("viewBox", viewBox.join(" "));
      var said = picked ? say(TEXT.added, { name: picked.name }) : "";
      svg.setAttribute("aria-label", said ? label + " " + said : label);
      status.textContent = said;
    }

    if (select.options.length < 2) return;  // (no other player has a rank after every round)
    figure.parentNode.insertBefore(pick, figure.nextSibling);
    select.addEventListener("change", function () {
      draw(select.value === "" ? null : players[Number(select.value)]);
    });
  }
  function all() {
    document.querySelectorAll("figure.race-chart:not([data-ready])").forEach(function (figure) {
      figure.setAttribute("data-ready", "");
      ready(figure);
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", all);
  else all();
})();
