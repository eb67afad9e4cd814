"""The site's parts rendered once in the language of marks (render/marks.py) and put in each language's words after
(render/after.py): each kind of mark gives the language's own text, escaped as the mark was; a mark that cannot be
read back gives None (the part is then rendered in the language); a site built so is the site rendered in each
language, byte for byte."""

from __future__ import annotations

import datetime as dt
import html
import json
import os
import re
import shutil
import subprocess
import sys
import urllib.parse
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from markupsafe import Markup, escape

from generator.messages import Texts
from generator.render import after, i18n
from generator.render.base import in_sentence
from generator.render.i18n import _, ngettext
from generator.render.marks import MARKED, mark, unsupported
from generator.render.race import _listed
from generator.render.text import (capitalized, country_name, date_range, long_date, money, percent, points,
                                   unbroken)

from .conftest import MINI, ROOT, site_config_text


def marked(make: object) -> str:
    with i18n.speaking(MARKED, root="../"):
        return str(make() if callable(make) else make)


def put(text: str, code: str) -> str | None:
    with i18n.speaking(code, root="../"):
        return after.text(text, code)


def test_each_kind_of_mark_gives_the_languages_text() -> None:
    # The catalogues' words (read in the .po files): "Players" is "Spieler" in German; Polish says "Gave a simul on
    # 1 board" in its first form ("planszy"), 3 in its second; points with the language's decimal sign (3½ is
    # "3,5" in German); CLDR's names and formats for the rest
    assert put(marked(lambda: _("Players")), "de") == "Spieler"
    simul = marked(lambda: ngettext("Gave a simul on {n} board", "Gave a simul on {n} boards", 1).format(n=1))
    assert put(simul, "pl") == "Prowadził symultanę na 1 planszy"
    three = marked(lambda: ngettext("Gave a simul on {n} board", "Gave a simul on {n} boards", 3).format(n=3))
    assert put(three, "pl") == "Prowadził symultanę na 3 planszach"
    assert put(marked(lambda: points(Fraction(7, 2))), "de") == "3,5"
    assert put(marked(lambda: points(Fraction(-1, 2))), "fr") == "−0,5"  # (minus sign, not a hyphen)
    assert put(marked(lambda: country_name("NL")), "fr") == "Pays-Bas"
    assert put(marked(lambda: country_name("JP")), "de") == "Japan"
    assert put(marked(lambda: money(Decimal("1234.50"))), "de") == "1.234,50"
    assert put(marked(lambda: percent(Fraction(7, 8))), "de") == "87,5\u00a0%"
    assert put(marked(lambda: long_date(dt.date(2000, 8, 25))), "de") == "Freitag, 25. August 2000"
    # (CLDR's German interval of days in one month: "d.–d. MMM y", August abbreviated "Aug.")
    assert put(marked(lambda: date_range(dt.date(2000, 8, 25), dt.date(2000, 8, 27))), "de") == "25.–27. Aug. 2000"
    assert put(marked(lambda: _listed(["5", "3", "1"])), "de") == "5, 3 und 1"
    assert put(marked(lambda: capitalized(_("Players"))), "de") == "Spieler"
    assert put(marked(lambda: capitalized(country_name("NL"))), "nl") == "Nederland"
    assert put(marked(lambda: unbroken("2 kyu")), "de") == "2\u00a0kyu"
    name = Texts({"en": "Leiden Shogi Days", "nl": "Leidse Shogidagen"})
    assert put(marked(lambda: f"{name}"), "nl") == "Leidse Shogidagen"
    assert put(marked(lambda: f"{name}"), "de") == "Leiden Shogi Days"  # (no German given: the first)
    # A mark inside a message's value: the value's own text in the message's
    inner = marked(lambda: _("{name}: {country}").format(name="Ono", country=country_name("JP")))
    assert put(inner, "ja") == "Ono: 日本"


def test_english_is_put_in_as_english_writes_it() -> None:
    """English as one of a site's other languages is made from the pages in marks too, with its own forms: a title
    inside a sentence with a small first letter (a German noun keeps its capital), an amount as written, a
    percentage with a plain space, its own dates and points."""
    assert put(marked(lambda: in_sentence(_("Players"))), "en") == "players"
    assert put(marked(lambda: in_sentence(_("Players"))), "de") == "Spieler"
    assert put(marked(lambda: _("Players")), "en") == "Players"
    assert put(marked(lambda: money(Decimal("1234.50"))), "en") == "1234.50"
    assert put(marked(lambda: percent(Fraction(7, 8))), "en") == "87.5 %"
    assert put(marked(lambda: points(Fraction(7, 2))), "en") == "3½"
    assert put(marked(lambda: long_date(dt.date(2000, 8, 25))), "en") == "Friday 25 August 2000"
    assert put(marked(lambda: date_range(dt.date(2000, 8, 25), dt.date(2000, 8, 27))), "en") == "25–27 August 2000"
    three = marked(lambda: ngettext("Gave a simul on {n} board", "Gave a simul on {n} boards", 3).format(n=3))
    assert put(three, "en") == "Gave a simul on 3 boards"


def test_a_marks_text_is_escaped_as_the_mark_was() -> None:
    texts = Texts({"en": "Tom & Jerry's", "de": "<Tom & Jerry's \"Cup\">"})
    text = marked(lambda: f"{texts}")
    assert put(text, "de") == "<Tom & Jerry's \"Cup\">"
    assert put(str(escape(text)), "de") == "&lt;Tom &amp; Jerry&#39;s &#34;Cup&#34;&gt;"  # (markupsafe's)
    assert put(html.escape(text), "de") == "&lt;Tom &amp; Jerry&#x27;s &quot;Cup&quot;&gt;"  # (the library's)
    assert put(html.escape(text, quote=False), "de") == "&lt;Tom &amp; Jerry's \"Cup\"&gt;"
    twice = "&amp;lt;Tom &amp;amp; Jerry&amp;#39;s &amp;#34;Cup&amp;#34;&amp;gt;"
    assert put(str(escape(str(escape(text)))), "de") == twice
    # In a template: the message as it is, its values escaped; the text of a Texts escaped by its own __html__
    page = marked(lambda: Markup("<p>{}</p>").format(texts))
    assert put(page, "de") == "<p>&lt;Tom &amp; Jerry&#39;s &#34;Cup&#34;&gt;</p>"


def test_the_way_to_the_sites_root_is_put_in_as_the_root_or_a_languages_folder_writes_it() -> None:
    """A wall sheet is the default language's alone, at the site's root: a round's page links to it from the root as
    the folder of the sheet (it is below the round's page), and from /de/ one folder further up and down again.
    The site in marks writes both; each language takes its own, the default (at the root: `root=""`) the first."""
    from generator.render.paths import sheet
    from generator.render.text import link

    page = "cup/open/round-3.md"  # (its address: cup/open/round-3/)
    made = marked(lambda: link("sheet", sheet("cup/open/round-3/print-boards.md"), page))
    # from cup/open/round-3/: the sheet's folder print-boards/ below it; from de/cup/open/round-3/, four folders up
    # (round-3, open, cup, de) to the site's root, then down cup/open/round-3/print-boards/
    with i18n.speaking("en"):
        assert after.text(made, "en") == '<a href="print-boards/">sheet</a>'
    assert put(made, "de") == '<a href="../../../../cup/open/round-3/print-boards/">sheet</a>'
    with i18n.speaking("de"):  # (German as the site's default language, at the root)
        assert after.text(made, "de") == '<a href="print-boards/">sheet</a>'
    # (the same mark once at the root and once in /de/ in one process: each where it is)
    assert put(made, "en") == '<a href="../../../../cup/open/round-3/print-boards/">sheet</a>'
    # the same as each language's own rendering writes it
    target = "cup/open/round-3/print-boards.md"
    with i18n.speaking("en"):
        assert str(link("sheet", sheet(target), page)) == '<a href="print-boards/">sheet</a>'
    with i18n.speaking("de", root="../"):
        up = '<a href="../../../../cup/open/round-3/print-boards/">sheet</a>'
        assert str(link("sheet", sheet(target), page)) == up


@pytest.mark.parametrize("spoilt", [
    lambda m: m[:len(m) // 2],  # cut
    lambda m: m + "\x03",  # a mark closed that was not opened
    urllib.parse.quote,  # quoted in a URL
    json.dumps,  # in JSON
    lambda m: m.replace("\x01", "&#1;"),  # as a character reference
    lambda m: m[:-1],  # not closed
    lambda m: unsupported(),  # a value that is not written in another language
    lambda m: mark("g", "0" * 20),  # a message no catalogue holds
    lambda m: mark("P", "seven/two"),  # points that are not numbers
])
def test_a_mark_that_cannot_be_read_back_gives_none(spoilt: object) -> None:
    text = marked(lambda: _("Players"))
    assert callable(spoilt)
    assert put(f"<p>{spoilt(text)}</p>", "de") is None


def test_a_text_without_marks_is_as_it_is() -> None:
    assert put("<p>Ono &amp; Tanaka: 3½</p>", "de") == "<p>Ono &amp; Tanaka: 3½</p>"


@pytest.mark.build
def test_a_site_whose_languages_put_their_words_in_the_pages_in_marks_is_the_site_rendered_in_each(
        tmp_path: Path) -> None:
    """Texts in several languages with characters to escape, built with the pages in marks (a build cache) and
    without (each language renders its own), in four languages: the same files, and each language but English
    made every part from the pages in marks."""
    data = tmp_path / "data"
    shutil.copytree(MINI, data)
    festival = data / "cup" / "festival.yaml"
    festival.write_text(festival.read_text(encoding="utf-8").replace(
        "name: Test Cup", "name: {en: \"Test Cup & <Co>\", nl: \"Testbeker 'Leiden' & <Co>\"}"), encoding="utf-8")
    # A name with what a mark quoted in a URL or in JSON would leave: shown as it is (her pages rendered in each
    # language, as without the site in marks)
    players = data / "players.yaml"
    players.write_text(players.read_text(encoding="utf-8").replace(
        "{family: Dean, given: Dora,", "{family: 'Dean %01 \\u0001', given: Dora,"), encoding="utf-8")
    event = data / "cup" / "open" / "event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace(
        "name: Test Open", "name: {en: Test Open, de: \"Offenes \\\"Turnier\\\"\"}"), encoding="utf-8")
    sites = {}
    for cache in ("with", "off", "again"):
        env = {**os.environ, "BANZUKE_LANGUAGES": "en,de,nl,ja",
               "BANZUKE_CACHE": str(tmp_path / "cache") if cache != "off" else "off"}
        result = subprocess.run([sys.executable, "-m", "generator", "build", "--data", str(data), "--site-dir",
                                 str(tmp_path / cache)], check=False, capture_output=True, text=True, cwd=ROOT, env=env)
        assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
        site = tmp_path / cache
        sites[cache] = {p.relative_to(site).as_posix(): p.read_bytes() for p in sorted(site.rglob("*")) if p.is_file()}
        if cache == "with":
            # The mini festival: 1 festival, 1 event, 5 players. The parts that show Dora Dean's name are rendered
            # in each language: the festival's, the event's, her own and her opponents' (Clark in round 1, Adams in
            # round 3); the other 2 players' from the site in marks.
            for code in ("de", "nl", "ja"):
                line = result.stderr.split(f"INFO    -  {code}: ")[1].split("\n")[0]
                assert line.startswith("0 of ") and ("put in this language's words from the pages in marks: the "
                                                     "pages of 0 festivals, 0 events, 2 players") in line, line
        if cache == "again":
            # With the cache the first build left: nothing rendered; the 2 players' pages from the site in marks
            # again, the parts rendered in each language (1 festival, 1 event, 3 players) kept by their own keys
            for code in ("de", "nl", "ja"):
                line = result.stderr.split(f"INFO    -  {code}: ")[1].split("\n")[0]
                assert ("not rendered again: the pages of 1 of 1 festivals, of 1 of 1 events, of 5 of 5 players"
                        in line and "put in this language's words from the pages in marks: the pages of 0 festivals, "
                        "0 events, 2 players" in line), line
    for cache in ("with", "again"):
        assert sites[cache].keys() == sites["off"].keys()
        assert [name for name in sites[cache] if sites[cache][name] != sites["off"][name]] == []
    # The Dutch festival page shows the Dutch name, escaped; the German event page its German name
    dutch = sites["with"]["nl/cup/index.html"].decode("utf-8")
    assert "Testbeker &#39;Leiden&#39; &amp; &lt;Co&gt;" in dutch
    german = sites["with"]["de/cup/open/index.html"].decode("utf-8")
    assert "Offenes &#34;Turnier&#34;" in german


@pytest.mark.build
def test_a_site_in_dutch_first_is_made_from_the_pages_in_marks_in_each_language_and_patched(tmp_path: Path) -> None:
    """A site in Dutch first, then English: each, Dutch at the root and English under /en/, puts its words in the
    pages in marks (its parts and its pages; Dutch its wall sheets too, which it alone has), and after a round's
    result each is patched (the engine not run for it). Each build is the site rendered in each language without a
    cache, byte for byte."""
    data = tmp_path / "data"
    shutil.copytree(MINI, data)
    config = tmp_path / "mkdocs.yml"
    text = site_config_text()
    text = text.replace("languages: [en, de, fr, nl, ja, ru, uk, pl, cs, it, es, sv]", "languages: [nl, en]")
    assert "languages: [nl, en]" in text
    config.write_text(text, encoding="utf-8")

    def build(site: str, cache: bool) -> tuple[dict[str, str], dict[str, bytes]]:
        env = {**os.environ, "BANZUKE_CACHE": str(tmp_path / "cache") if cache else "off"}
        env.pop("BANZUKE_LANGUAGES", None)
        result = subprocess.run([sys.executable, "-m", "generator", "build", "--data", str(data), "--site-dir",
                                 str(tmp_path / site), "--config", str(config)], check=False, capture_output=True,
                                text=True, cwd=ROOT, env=env)
        assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
        folder = tmp_path / site
        lines = {m[1]: m[2] for m in re.finditer(r"INFO    -  (nl|en): (.*)", result.stderr)}
        return lines, {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*"))
                       if p.is_file()}

    def same(warm: dict[str, bytes], cold: dict[str, bytes]) -> None:
        assert warm.keys() == cold.keys()
        assert [name for name in warm if warm[name] != cold[name]] == []

    lines, warm = build("site", True)
    # The mini festival: 1 festival, 1 event, 5 players, every part from the site in marks, in each language
    for code in ("nl", "en"):
        assert "put in this language's words from the pages in marks: the pages of 1 festivals, 1 events, " \
            "5 players" in lines[code], lines[code]
    # every generated page of each from the pages in marks (of those digested, all but the theme's "page not
    # found"): Dutch's its wall sheets among them, which English has not
    for code in ("nl", "en"):
        found = re.search(r"0 of ([0-9,]+) generated pages from the build cache, ([0-9,]+) from the pages in marks",
                          lines[code])
        assert found is not None and int(found[2]) == int(found[1]) - 1, lines[code]
    sheets = [name for name in warm if name.endswith("/print-boards/index.html")]
    assert sheets and all(not name.startswith("en/") for name in sheets)
    assert '<html lang="nl"' in warm[sheets[0]].decode("utf-8")
    same(warm, build("cold", False)[1])
    # English's own forms, put in: a tie-break's name inside the sentence that gives their order, its first
    # letter small
    assert "SOS (sum of opponents&#39; scores)" in warm["en/cup/open/index.html"].decode("utf-8")
    # the home page's choice of language, at the root alone
    assert 'localStorage.getItem("banzuke-language")' in warm["index.html"].decode("utf-8")
    assert 'localStorage.getItem("banzuke-language")' not in warm["en/index.html"].decode("utf-8")
    result = data / "cup" / "open" / "round-1.yaml"
    turned = result.read_text(encoding="utf-8")
    found = re.search(r"\b(1-0|0-1)\b", turned)
    assert found is not None
    result.write_text(turned[:found.start()] + ("0-1" if found[0] == "1-0" else "1-0") + turned[found.end():],
                      encoding="utf-8")
    lines, warm = build("site", True)
    for code in ("nl", "en"):
        assert "the rest of its site as the last build left it (the engine not run" in lines[code], lines[code]
    shutil.rmtree(tmp_path / "cold")
    same(warm, build("cold", False)[1])


@pytest.mark.parametrize("fixture", ["demo", "oware", "shuuro", "teams", "gp", "esc", "mini"])
def test_every_message_the_site_in_marks_asks_for_is_one_the_catalogues_template_holds(fixture: str) -> None:
    """A part in marks is read back in another process (a later build, a language's) by its messages' keys: one the
    process did not ask for itself is found in the catalogues' template (after._template_messages). A message the
    template does not hold (a code given to `_`, as the tiebreaks' abbreviations on the standings' wall sheet were)
    leaves that part unreadable there: a language whose page was in neither the pages in marks nor its cache
    stopped the build. Every fixture's site rendered in marks asks only for messages the template holds."""
    from generator.pipeline import load
    from generator.render import marks
    from generator.render.site import render_site

    loaded = load(ROOT / "tests" / "fixtures" / fixture)
    assert loaded.ok
    # (the messages this render asks for alone: the process's, other tests' among them, set aside and put back)
    messages, asked = dict(marks.MESSAGES), dict(marks._ASKED)
    marks.MESSAGES.clear()
    marks._ASKED.clear()
    try:
        with i18n.speaking(MARKED, root=marks.rootward("", "../")):
            site = render_site(loaded, "", None, "")
        found = dict(marks.MESSAGES)
    finally:
        marks.MESSAGES.update(messages)
        marks._ASKED.update(asked)
    assert site.pages and found
    held = after._template_messages()
    assert {message.singular for key, message in found.items() if key not in held} == set()
