"""An organizer's names in several languages: a festival's name and venue, an event's name, short name and
description, a Grand Prix's name, a knock-out's name and short name and the arbiters' note on a rating adjustment may
be a mapping by language code, the first the default. Every page, sidebar, title, search entry and calendar feed of
a language shows that language's, a language without its own the default's; FESA's files and the results API (one
for every language) the default; an unknown code is a located error.

The data: the Grand Prix fixture's festival and the knock-out fixture's, in one folder, with their names given in
English and Dutch (and the championship's also in Japanese, which FESA's character set cannot hold), in made-up
words found nowhere else on the site: each word a language's own."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator.fesa import messages as fesa_messages
from generator.pipeline import load
from generator.render import api, i18n

from .conftest import ROOT, problems

GP = ROOT / "tests" / "fixtures" / "gp"
ESC = ROOT / "tests" / "fixtures" / "esc"

# Each name's words in English and in Dutch (the made-up words no other text of the site has)
ENGLISH = ("Bluebell", "Orchard", "Badger", "Kestrel", "Heron", "lantern", "Nightjar", "Quillwort")
DUTCH = ("Boshyacint", "Boomgaard", "Dassen", "Torenvalk", "Reiger", "zaklamp", "Nachtzwaluw", "Biesvaren")
# A player the arbiters assessed, with their note in both languages (his page gives his Elo and where it comes from)
ASSESSED = "wren: {family: Wren, given: Jo, country: GB, assessed: {elo: 1200, note: {en: Quillwort style, " \
    "nl: Biesvarenstijl}}}\n"

# (file, text as the fixture writes it, the same in several languages)
NAMES = [
    ("fest/festival.yaml", "name: GP Festival\n",
     "name: {en: Bluebell Festival, nl: Boshyacintfeest}\nvenue: {en: Orchard Hall, nl: Boomgaardzaal}\n"),
    ("fest/festival.yaml", "grand_prix:\n", "grand_prix:\n  name: {en: Badger Grand Prix, nl: Dassenprijs}\n"),
    ("fest/champ/event.yaml", "name: Championship\nshort: Champ\n",
     "name: {en: Kestrel Championship, nl: Torenvalkkampioenschap, ja: チョウゲンボウ選手権}\n"
     "short: {en: Kestrel, nl: Torenvalk}\n"
     "description: {en: Bring a lantern., nl: Neem een zaklamp mee.}\n"
     "time_control: {minutes: 30, byoyomi: 30}\n"  # (rated by FESA: its turnering.txt is written)
     "rating_adjustments:\n"
     "  - {player: d, from_round: 1, elo: 1750, note: {en: Nightjar form, nl: Nachtzwaluwvorm}}\n"),
    ("cup/open/event.yaml", "  name: Cup Knock-out\n  short: KO\n",
     "  name: {en: Heron Knock-out, nl: Reigerbeker}\n  short: {en: Heron, nl: Reiger}\n"),
]


def named_data(root: Path) -> Path:
    """The two festivals in one data folder, with the names above."""
    data = root / "data"
    data.mkdir()
    shutil.copytree(GP / "fest", data / "fest")
    shutil.copytree(ESC / "cup", data / "cup")
    players = (GP / "players.yaml").read_text(encoding="utf-8") + (ESC / "players.yaml").read_text(encoding="utf-8") \
        + ASSESSED
    (data / "players.yaml").write_text(players, encoding="utf-8")
    for relative, written, in_languages in NAMES:
        path = data / relative
        text = path.read_text(encoding="utf-8")
        assert text.count(written) == 1, (relative, written)
        path.write_text(text.replace(written, in_languages), encoding="utf-8")
    return data


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site built in English (the root), Dutch and German (which has no names of its own: the default's)."""
    root = tmp_path_factory.mktemp("names")
    data = named_data(root)
    built = subprocess.run([sys.executable, "-m", "generator", "build", "--data", str(data), "--site-dir",
                            str(root / "site")], check=False, capture_output=True, text=True, cwd=ROOT,
                           env={**os.environ, "BANZUKE_LANGUAGES": "en,nl,de", "BANZUKE_CACHE": "off"})
    assert built.returncode == 0, built.stderr
    return root / "site"


def text_files(folder: Path, skip: tuple[Path, ...] = ()) -> dict[Path, str]:
    """Every file a reader or a program reads (pages, search index, feeds, JSON, FESA files), by path."""
    out = {}
    for path in sorted(folder.rglob("*")):
        if path.is_file() and path.suffix in (".html", ".json", ".ics", ".txt", ".xml", ".js") and \
                not any(s in path.parents for s in skip):
            out[path] = path.read_bytes().decode("utf-8")
    return out


def words_in(files: dict[Path, str], words: tuple[str, ...], root: Path) -> list[str]:
    return [f"{path.relative_to(root)}: {word}" for path, text in files.items() for word in words if word in text]


@pytest.mark.build
def test_no_page_or_file_of_a_language_shows_another_languages_names(site: Path) -> None:
    dutch = text_files(site / "nl")
    german = text_files(site / "de")
    english = text_files(site, skip=(site / "nl", site / "de"))
    # FESA's file is in one language, the default's, in every language's site (as the FESA export writes it)
    for files, root in ((english, site), (dutch, site / "nl"), (german, site / "de")):
        assert files.pop(root / "fest" / "champ" / "turnering.txt").startswith("[Kestrel Championship, 2024-05-02]\n")
    assert len(dutch) > 50 and len(english) > 50  # (every page: the walk found the site)
    assert words_in(dutch, ENGLISH, site) == []
    assert words_in(german, DUTCH, site) == []  # (German has none of its own: the default, English)
    assert words_in(english, DUTCH, site) == []
    assert "チョウゲンボウ" not in "".join([*dutch.values(), *german.values(), *english.values()])


@pytest.mark.build
def test_each_language_shows_its_own_names_in_titles_headings_sidebars_and_text(site: Path) -> None:
    def page(*parts: str) -> str:
        return site.joinpath(*parts, "index.html").read_text(encoding="utf-8")

    festival = page("nl", "fest")
    assert "<title>Boshyacintfeest - " in festival and '<h1 id="boshyacintfeest">Boshyacintfeest' in festival
    assert "Boomgaardzaal" in festival  # the venue
    assert '<span class="md-ellipsis">Dassenprijs</span>' in festival  # the sidebar: the Grand Prix, the events
    assert '<span class="md-ellipsis">Torenvalk</span>' in festival
    assert ">Torenvalkkampioenschap</a>" in festival  # the festival's events
    standings = page("nl", "fest", "champ")
    assert "<title>Torenvalk: stand - " in standings and '<h1 id="torenvalkkampioenschap">' in standings
    assert '<span class="md-ellipsis">Boshyacintfeest</span>' in standings  # the festival, in the event's sidebar
    assert "Neem een zaklamp mee." in page("nl", "fest", "champ", "rules")  # the description
    entries = page("nl", "fest", "champ", "entries")  # the arbiters' note: in the adjustments, and as the Elo's source
    assert "<td>Nachtzwaluwvorm</td>" in entries
    assert "<td>aanpassing door de arbiters: vanaf ronde 1, Nachtzwaluwvorm</td>" in entries
    gp = page("nl", "fest", "grand-prix")
    assert "<title>Dassenprijs - " in gp and '<h1 id="dassenprijs-boshyacintfeest">Dassenprijs · Boshyacintfeest' in gp
    knockout = page("nl", "cup", "open", "knockout")
    assert "<title>Reigerbeker - " in knockout and '<h1 id="reigerbeker">Reigerbeker' in knockout
    assert '<span class="md-ellipsis">Reiger</span>' in page("nl", "cup", "open")  # the knock-out in the sidebar
    home = page("nl")
    assert ">Boshyacintfeest</a>" in home and ">Torenvalkkampioenschap</a>" in home
    player = page("nl", "players", "a")  # Al Ash played the championship and the team match
    assert ">Torenvalkkampioenschap</a>" in player and "Dassenprijs" in player
    assert "Torenvalk, Team" in page("nl", "players")  # the players' list: each one's events
    assert "inschatting van de arbiters: Biesvarenstijl" in page("nl", "players", "wren")
    # The same pages in English, and in German, which shows the default (English)
    for code in ("", "de"):
        festival = page(code, "fest")
        assert "<title>Bluebell Festival - " in festival and '<h1 id="bluebell-festival">Bluebell Festival' in festival
        assert "Orchard Hall" in festival and '<span class="md-ellipsis">Kestrel</span>' in festival
        assert '<span class="md-ellipsis">Badger Grand Prix</span>' in festival
        assert "Bring a lantern." in page(code, "fest", "champ", "rules")
        assert "<td>Nightjar form</td>" in page(code, "fest", "champ", "entries")
        assert ": Quillwort style" in page(code, "players", "wren")
        assert '<h1 id="heron-knock-out">Heron Knock-out' in page(code, "cup", "open", "knockout")
    # The wall sheets are printed in the site's default language (made in the root's alone)
    assert "Kestrel Championship" in page("fest", "champ", "print-standings")


@pytest.mark.build
def test_the_search_index_and_the_calendar_feeds_are_in_their_language(site: Path) -> None:
    def entries(*parts: str) -> dict[str, dict[str, str]]:
        index = json.loads(site.joinpath(*parts, "search", "search_index.json").read_text(encoding="utf-8"))
        return {d["location"]: d for d in index["docs"]}

    dutch, english = entries("nl"), entries()
    assert dutch["fest/"]["title"] == "Boshyacintfeest"
    assert "Torenvalkkampioenschap, Team Match, Simul, Blitz" in dutch["fest/"]["text"]
    assert dutch["fest/champ/"]["title"] == "Torenvalkkampioenschap · Boshyacintfeest"
    assert dutch["fest/champ/"]["text"].startswith("Torenvalk · ")  # the short name, then the dates
    assert "Torenvalk 2024" in dutch["players/a/"]["text"]  # a player is found by the events he played
    assert english["fest/"]["title"] == "Bluebell Festival"
    assert english["fest/champ/"]["title"] == "Kestrel Championship · Bluebell Festival"

    def feed(*parts: str) -> str:  # (its lines unfolded: RFC 5545 folds a line longer than 75 bytes)
        return site.joinpath(*parts).read_bytes().decode("utf-8").replace("\r\n ", "")

    dutch_programme, english_programme = feed("nl", "fest", "programme.ics"), feed("fest", "programme.ics")
    assert "X-WR-CALNAME:Boshyacintfeest: programma\r\n" in dutch_programme
    assert "LOCATION:Boomgaardzaal\r\n" in dutch_programme
    assert "SUMMARY:Torenvalkkampioenschap: Round 1\r\n" in dutch_programme  # (the schedule's title as written)
    assert "X-WR-CALNAME:Bluebell Festival: programme\r\n" in english_programme
    assert "LOCATION:Orchard Hall\r\n" in english_programme
    assert "SUMMARY:Kestrel Championship: Round 1\r\n" in english_programme
    dutch_games = feed("nl", "players", "a.ics")
    assert "SUMMARY:Torenvalk\\, ronde 1: bord 1 tegen Birch\\, Bo\r\n" in dutch_games
    assert "DESCRIPTION:Torenvalkkampioenschap · Boshyacintfeest\\n" in dutch_games
    assert "SUMMARY:Kestrel\\, round 1: board 1 against Birch\\, Bo\r\n" in feed("players", "a.ics")


def test_fesa_and_the_api_keep_the_first_given_whatever_the_language(tmp_path: Path) -> None:
    loaded = load(named_data(tmp_path))
    assert loaded.ok, loaded.report.lines()
    festival = next(f for f in loaded.data.festivals if f.id == "fest")
    champ = next(e for e in festival.events if e.id == "champ")
    with i18n.speaking("nl"):
        assert f"{champ.name}" == "Torenvalkkampioenschap"  # (a page in Dutch would show this)
        index = json.loads(api.index_files(loaded)["api/index.json"])
        cup = next(e for e in loaded.data.events() if e.path == "cup/open")
        knockout = json.loads(api.event_files(loaded, cup)["api/cup/open/knockout.json"])
        mail, _warnings = fesa_messages.registration(festival, champ, champ.start, "Swiss")
    row = next(e for e in index["events"] if e["event"] == "champ")
    assert (row["festival_name"], row["name"], row["short"]) == ("Bluebell Festival", "Kestrel Championship",
                                                                  "Kestrel")
    assert (knockout["name"], knockout["short"]) == ("Heron Knock-out", "Heron")
    assert "Tournament name: Kestrel Championship\n" in mail
    content = loaded.fesa[champ.path].content
    assert content.decode("latin-1").startswith("[Kestrel Championship, 2024-05-02]\n")


@pytest.mark.parametrize(("relative", "written", "line", "column", "key"), [
    # "name: {en: Bluebell Festival, " is 6 + 1 + 21 + 2 = 30 characters: nk starts at column 31
    ("fest/festival.yaml", "name: {en: Bluebell Festival, nk: Boshyacintfeest}\n", 1, 31, "name"),
    # "short: {en: Kestrel, " is 7 + 1 + 11 + 2 = 21 characters: nk starts at column 22
    ("fest/champ/event.yaml", "short: {en: Kestrel, nk: Torenvalk}\n", 2, 22, "short"),
])
def test_an_unknown_language_code_in_a_name_is_a_located_error(tmp_path: Path, relative: str, written: str,
                                                                 line: int, column: int, key: str) -> None:
    data = named_data(tmp_path)
    path = data / relative
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    assert lines[line - 1].replace("nl:", "nk:") == written  # (the line the names above wrote, with nk for nl)
    lines[line - 1] = written
    path.write_text("".join(lines), encoding="utf-8")
    errors, _ = problems(data)
    assert any(f"{relative}:{line}:{column}: error: 'nk' in '{key}' is not a language's code" in e and
               "one of en, de, fr, nl," in e for e in errors), errors


@pytest.mark.parametrize("code", ["en", "nl"])
def test_a_name_in_several_languages_is_escaped_once_wherever_it_is_put(tmp_path: Path, code: str) -> None:
    """A name in several languages holding HTML's characters: every page shows it as written, escaped once,
    wherever a message puts it (a title, a heading, a Grand Prix line on a player's page)."""
    from generator.render.site import render_site

    data = named_data(tmp_path)
    path = data / "fest" / "festival.yaml"
    text = path.read_text(encoding="utf-8")
    written = "name: {en: Bluebell Festival, nl: Boshyacintfeest}"
    assert text.count(written) == 1
    path.write_text(text.replace(written, 'name: {en: "Bluebell & <b>Co</b>", nl: "Boshyacint & <b>Co</b>"}'),
                    encoding="utf-8")
    loaded = load(data)
    assert loaded.ok, problems(loaded)
    with i18n.speaking(code):
        site = render_site(loaded)
    word = "Bluebell" if code == "en" else "Boshyacint"
    shown = [p for p, page in site.pages.items() if f"{word} &amp; &lt;b&gt;Co&lt;/b&gt;" in page.html]
    assert "fest/index.md" in shown and any(p.startswith("players/") for p in shown)  # (a Grand Prix line)
    wrong = [f"{p}: {bad}" for p, page in site.pages.items() for bad in ("&amp;amp;", "&amp;lt;", "<b>Co")
             if bad in page.html]
    assert wrong == []
