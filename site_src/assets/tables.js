// A table wider than the screen scrolls inside its box (the page does not): a line above it says so, and the
// box's right edge shows a shadow while there are columns hidden to the right. Looked at again when the window
// changes size. The number and name columns of the results tables stay in place (extra.css, data-sticky).
(function () {
  // The page's words in the reader's language (window.banzukeText: English text -> translation), else English.
  function gettext(s) { return (window.banzukeText || {})[s] || s; }
  // The boxes around a table that may scroll sideways (the theme makes both the table and its wrapper such boxes);
  // the one that scrolls is the first of them that is narrower than what it holds.
  function boxes(table) {
    var found = [];
    for (var el = table; el && el !== document.body; el = el.parentElement) {
      var overflow = getComputedStyle(el).overflowX;
      if (overflow === "auto" || overflow === "scroll") found.push(el);
    }
    return found;
  }
  function narrow(el) {
    return el.scrollWidth > el.clientWidth + 1;
  }
  function edge(scroller) {
    var more = scroller.scrollLeft + scroller.clientWidth < scroller.scrollWidth - 1;
    scroller.classList.toggle("more-right", more);
  }
  // A box that scrolls takes the keyboard's focus (the arrow keys then scroll it, in every browser) and is a
  // region named after the table: its caption, or else the heading that names it (aria-labelledby, given to every
  // table by the generator) or the heading above it.
  function name(table) {
    var caption = table.querySelector("caption");
    if (caption && caption.textContent.trim()) return caption.textContent.trim();
    var label = table.getAttribute("aria-labelledby");
    var named = label ? document.getElementById(label) : null;
    var found = named ? named.textContent.trim() : "";
    if (!found) {
      document.querySelectorAll(".md-typeset h1, .md-typeset h2, .md-typeset h3").forEach(function (h) {
        if (h.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING) found = h.textContent.trim();
      });
    }
    var heading = found.replace(/\s*¶$/, "");
    return heading ? gettext("Table: %(heading)s").replace("%(heading)s", function () { return heading; })
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
      var around = boxes(table);
      if (!around.length) return;
      var scroller = around.filter(narrow)[0] || around[0];
      var wide = narrow(scroller);
      around.forEach(function (other) {
        if (other === scroller) return;
        var stale = other.previousElementSibling;
        if (stale && stale.classList.contains("scroll-cue")) stale.remove();
        other.classList.remove("scrolls", "more-right");
        keys(other, table, false);
      });
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
