// The "Now" block's box: a name typed in it finds the player's board as the site's search finds a name: accents
// and case do not count (Novak, Tomas Novák), nor the order of the words (Conti Luca, Luca Conti), the start of
// a word is enough (Dvo), the German ue/oe/ae stand for ü/ö/ä (Mueller) and a name of several words may be
// typed as one (deVries). One player found: his next game; several: they are listed; none: the box says so.
// A name picked from the list goes to that player. Without scripts the round's table is still there.
(function () {
  // The reader's language: a page in another language defines window.banzukeText first, each English text with its
  // translation ({"English": "…"}; a counted text's singular and plural each a key); a text it lacks stays English.
  // The calls take the English itself, so that the catalogues' extraction finds it (gettext, ngettext:1,2).
  function gettext(s) { return (window.banzukeText || {})[s] || s; }
  // A plural: the language's forms (assets/text.js gives them under the singular) and its rule (banzukePlural).
  function ngettext(s, p, n) {
    var forms = (window.banzukeText || {})[s];
    if (Array.isArray(forms) && window.banzukePlural) { return forms[window.banzukePlural(n)] || forms[0]; }
    return n === 1 ? s : p;
  }
  // Every text the box shows, in one place (a count is counted where it is shown).
  var TEXT = {
    none: gettext("No player of this round matches \u201c%(typed)s\u201d. Try part of the family name."),
    // (the box of several rounds being played at once: one for all)
    none_of_rounds: gettext("Nobody playing now matches \u201c%(typed)s\u201d. Try part of the family name."),
    more: gettext("and %(count)s more: type more of the name.")
  };
  var LISTED = 12;  // players listed at most when a name fits several
  var PLAIN = { "\u00f8": "o", "\u00e6": "ae", "\u0142": "l", "\u0111": "d", "\u00fe": "th", "\u0153": "oe",
                "\u0131": "i", "\u00df": "ss", "\u2019": "'", "\u2018": "'" };
  var GERMAN = { "\u00e4": "ae", "\u00f6": "oe", "\u00fc": "ue" };

  // A text with its %(name)s placeholders replaced by the values.
  function say(template, values) {
    return template.replace(/%\((\w+)\)s/g, function (_, key) { return String(values[key]); });
  }

  // The words of a text, lower-case, without accents; `german` writes ä, ö, ü as ae, oe, ue first.
  function words(text, german) {
    var s = text.toLowerCase();
    if (german) s = s.replace(/[\u00e4\u00f6\u00fc]/g, function (c) { return GERMAN[c]; });
    s = s.replace(/[\u00f8\u00e6\u0142\u0111\u00fe\u0153\u0131\u00df\u2018\u2019]/g, function (c) { return PLAIN[c]; });
    s = s.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
    return s.split(/[\s,.;:'"()\/\-\u2010-\u2015]+/).filter(Boolean);
  }

  // The forms of a name a typed word may begin: each word, and runs of words written as one (de Vries: devries).
  function keys(name) {
    var out = [];
    [false, true].forEach(function (german) {
      var w = words(name, german);
      for (var i = 0; i < w.length; i++) {
        var joined = "";
        for (var j = i; j < w.length; j++) {
          joined += w[j];
          if (out.indexOf(joined) < 0) out.push(joined);
        }
      }
    });
    return out;
  }

  // The players whose name has every typed word: as whole words when any has them all so, else as beginnings.
  function matches(typed, players) {
    var wanted = words(typed, false);
    if (!wanted.length) return [];
    function fits(player, whole) {
      return wanted.every(function (t) {
        return player.keys.some(function (k) { return whole ? k === t : k.indexOf(t) === 0; });
      });
    }
    var exact = players.filter(function (p) { return fits(p, true); });
    return exact.length ? exact : players.filter(function (p) { return fits(p, false); });
  }

  function ready(form) {
    var input = form.querySelector("input");
    var list = document.getElementById(input.getAttribute("list"));
    if (!list) return;
    var players = Array.prototype.map.call(list.options, function (o) {
      return { name: o.value, href: o.getAttribute("data-href"), keys: keys(o.value) };
    });
    var answer = document.createElement("div");
    answer.className = "find-answer";
    answer.setAttribute("role", "status");
    form.appendChild(answer);

    function show(typed, hits) {
      answer.textContent = "";
      var line = document.createElement("p");
      if (!hits.length) {
        line.textContent = say(form.hasAttribute("data-rounds") ? TEXT.none_of_rounds : TEXT.none, { typed: typed });
        answer.appendChild(line);
        return;
      }
      line.textContent = say(ngettext("%(count)s player matches \u201c%(typed)s\u201d:",
                                      "%(count)s players match \u201c%(typed)s\u201d:", hits.length),
                             { count: hits.length, typed: typed });
      answer.appendChild(line);
      var ul = document.createElement("ul");
      hits.slice(0, LISTED).forEach(function (p) {
        var li = document.createElement("li");
        var a = document.createElement("a");
        a.href = p.href;
        a.textContent = p.name;
        li.appendChild(a);
        ul.appendChild(li);
      });
      answer.appendChild(ul);
      if (hits.length > LISTED) {
        var rest = document.createElement("p");
        rest.textContent = say(TEXT.more, { count: hits.length - LISTED });
        answer.appendChild(rest);
      }
    }

    // exact: a name picked from the list (the change event), which leads to its player or does nothing.
    function go(exact) {
      var typed = input.value.trim();
      if (!typed) { answer.textContent = ""; return; }
      var folded = words(typed, false).join(" ");
      var same = players.filter(function (p) { return words(p.name, false).join(" ") === folded; });
      var hits = same.length === 1 || exact ? same : matches(typed, players);
      if (hits.length === 1) window.location.href = hits[0].href;
      else if (!exact) show(typed, hits);
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
