"""Festival day in Chromium: the Now block's "Find your board" box, and pages that update themselves while a round
is played (site_src/assets/now.js, live.js), on the demo festival with the MSOWSC's round 9 and the Team Match's
round 5 being played (their results taken out of a copy of their round files).

By hand, from tests/fixtures/demo (players.yaml and 2000-mso-shogi/championship/round-9.yaml): round 9 has 21
games and 42 players; board 1 is Novák, Tomáš (sente) – de Vries, Pieter; board 17 is Evans, Rhys (sente) –
Lindqvist, Sara. Of the 42, the names with a word that begins with "luc" are Conti, Luca and Moreau, Lucas
(Fischer's given name is Lukas); no name has a word that begins with "zzy".
Team Match round 5 (2000-mso-shogi/team-match/round-5.yaml): 5 matches of 4, 4, 3, 4 and 4 boards, 38 players;
in Great Britain – Japan (Great Britain named first) Ono, Hiroshi (Japan) has sente against Smith, James.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import DEMO, build_site
from .support import serving

pytestmark = pytest.mark.build  # every test here builds the demo with rounds left pending

ROUND = "2000-mso-shogi/championship/round-9"
API = f"api/{ROUND}.json"
TEAM_ROUND = "2000-mso-shogi/team-match/round-5"
TEAM_API = f"api/{TEAM_ROUND}.json"


@pytest.fixture(scope="module")
def pending(tmp_path_factory) -> Path:
    data = tmp_path_factory.mktemp("live") / "data"
    shutil.copytree(DEMO, data)
    for file, games in ((data / f"{ROUND}.yaml", 21), (data / f"{TEAM_ROUND}.yaml", 19)):
        text, taken = re.subn(r"(\s+- \[[^\]#]*), (?:1-0|0-1|½-½)\]", r"\1]", file.read_text(encoding="utf-8"))
        assert taken == games
        file.write_text(text, encoding="utf-8")
    site = data.parent / "site"
    result = build_site(data, site)
    assert result.returncode == 0, result.stderr
    return site


@pytest.fixture(scope="module")
def pending_url(pending) -> Iterator[str]:
    with serving(pending) as url:
        yield url


def test_pages_of_a_round_being_played_name_its_file_in_the_api(pending):
    """Every data-live of every page is the address of a round file of the API, relative to the page, for a round
    whose results are not all in; only the pages showing the round being played have one."""
    found = {}
    for page in pending.rglob("*.html"):
        for address in re.findall(r'data-live="([^"]*)"', page.read_text(encoding="utf-8")):
            file = (page.parent / address).resolve()
            assert file.is_file(), (page, address)
            assert any(g["result"] is None for g in json.loads(file.read_text(encoding="utf-8"))["games"])
            found.setdefault(file.relative_to(pending.resolve()).as_posix(), set()).add(
                page.parent.relative_to(pending).as_posix())
    # The MSOWSC's round 9: its round page, the home and festival pages (the Now block), its 42 players' pages.
    pages = found.pop(API)
    assert {ROUND, ".", "2000-mso-shogi"} <= pages and len(pages) == 3 + 42
    pages = found.pop(TEAM_API)
    assert {TEAM_ROUND, ".", "2000-mso-shogi"} <= pages and len(pages) == 3 + 38
    assert found == {}  # every other round of the demo is played


def box_of(page: Page):
    """The one "Find your board" box, for both rounds being played."""
    expect(page.get_by_label("Find your board:")).to_have_count(1)
    return page.get_by_label("Find your board:")


@pytest.mark.parametrize("typed, player", [
    ("Novak", "novak-tomas"), ("Tomáš Novák", "novak-tomas"), ("tomas novak", "novak-tomas"),
    ("Dvorak", "dvorak-petr"), ("Muller", "mueller-thomas"), ("Mueller", "mueller-thomas"),
    ("Sean", "murphy-sean"), ("Garcia", "garcia-pablo"), ("Conti Luca", "conti-luca"), ("devries", "de-vries-pieter"),
    ("minjun", "kim-minjun"), ("Lefevre", "lefevre-julien"),
])
def test_find_your_board_matches_names_as_the_search_does(browser: Browser, pending_url: str, typed, player):
    context = browser.new_context(viewport={"width": 375, "height": 812})
    page = context.new_page()
    page.goto(pending_url)
    box = box_of(page)
    box.fill(typed)
    box.press("Enter")
    page.wait_for_url(re.compile(rf"/players/{player}/#next-game$"))
    expect(page.locator("#next-game")).to_be_in_viewport()
    context.close()


def test_find_your_board_lists_several_players_and_says_when_none(browser: Browser, pending_url: str):
    context = browser.new_context(viewport={"width": 375, "height": 812})
    page = context.new_page()
    page.goto(pending_url)
    box = box_of(page)
    box.fill("Luc")
    box.press("Enter")
    answer = page.locator("form.find-board .find-answer")
    expect(answer).to_contain_text("2 players match “Luc”:")
    expect(answer.locator("a")).to_have_text(["Conti, Luca", "Moreau, Lucas"])
    assert page.url.rstrip("/") == pending_url.rstrip("/")  # nowhere until one is picked
    answer.get_by_role("link", name="Moreau, Lucas").click()
    page.wait_for_url(re.compile(r"/players/moreau-lucas/#next-game$"))
    page.go_back()
    box = box_of(page)
    box.fill("Zzyzx")
    box.press("Enter")
    answer = page.locator("form.find-board .find-answer")
    expect(answer).to_have_text("Nobody playing now matches “Zzyzx”. Try part of the family name.")
    expect(answer.locator("a")).to_have_count(0)
    context.close()


def test_one_box_finds_a_board_in_either_round_being_played(browser: Browser, pending_url: str):
    """The home page has one box for the MSOWSC's round 9 and the Team Match's round 5: Novák (the MSOWSC's board 1,
    against de Vries) and Davies (in the Team Match alone: Team B – Great Britain B, board 2, against García) are
    found from it; Moreau plays in both (the MSOWSC's round 9 and the Team Match's board 3, against Tanaka): his
    page gives each."""
    context = browser.new_context(viewport={"width": 375, "height": 812})
    page = context.new_page()
    for typed, player, games in [("Novák", "novak-tomas", ["board 1 against de Vries, Pieter"]),
                                 ("Davies", "davies-tom", ["board 2 against García, Pablo"]),
                                 ("Moreau", "moreau-lucas", ["MSOWSC, round 9", "Team Match, round 5",
                                                             "board 3 against Tanaka, Yuki"])]:
        page.goto(pending_url)
        box = box_of(page)
        box.fill(typed)
        box.press("Enter")
        page.wait_for_url(re.compile(rf"/players/{player}/#next-game$"))
        block = page.locator("#next-game")
        expect(block).to_be_in_viewport()
        for game in games:
            expect(block).to_contain_text(game)
    context.close()


def _set_results(site: Path, results: dict[int, str | None]) -> None:
    """The round file as a deploy that brings these results (by board) would leave it."""
    file = site / API
    round_ = json.loads(file.read_text(encoding="utf-8"))
    for game in round_["games"]:
        if game["board"] in results:
            game["result"] = results[game["board"]]
    file.write_text(json.dumps(round_, ensure_ascii=False), encoding="utf-8")


def _live_page(browser: Browser, url: str, seconds: float | None = 1) -> tuple[Page, list[str]]:
    """A phone's page reading the round file every `seconds` (None: as on the site), with the files it asked for.
    The test can hide the page (window.hiddenForTest) as a phone does when another tab is in front."""
    context = browser.new_context(viewport={"width": 375, "height": 812})
    page = context.new_page()
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url))
    page.add_init_script((f"window.banzukeLiveSeconds = {seconds};" if seconds else "") + """
        Object.defineProperty(document, "visibilityState",
                              {get: function () { return window.hiddenForTest ? "hidden" : "visible"; }});""")
    page.goto(url)
    return page, asked


def test_a_round_page_updates_itself_when_the_round_file_changes(browser: Browser, pending: Path, pending_url: str):
    original = (pending / API).read_text(encoding="utf-8")
    try:
        page, asked = _live_page(browser, f"{pending_url}/{ROUND}/")
        status = page.locator(".live-status")
        expect(status).to_have_text(re.compile(r"^Updated at .+; results appear here as they come in\.$"))
        row = page.locator("table[data-live] tbody tr").nth(16)
        expect(row.locator("td").nth(0)).to_have_text("17")
        expect(row.locator("td").nth(2)).to_have_text("…")
        first = status.text_content()
        page.wait_for_timeout(1100)  # the clock shows seconds: the next update says a later time
        _set_results(pending, {17: "0-1", 1: "½-½"})
        expect(row.locator("td").nth(2)).to_have_text("0-1")
        expect(page.locator("table[data-live] tbody tr").nth(0).locator("td").nth(2)).to_have_text("½-½")
        expect(status).not_to_have_text(first or "")
        expect(status).to_have_text(re.compile(r"^Updated at "))
        assert page.url == f"{pending_url}/{ROUND}/"  # no reload
        # A failed request (the file is gone, or half written) keeps what is shown and says so.
        (pending / API).write_text('{"games": [', encoding="utf-8")
        expect(status).to_have_text(re.compile(r"^Could not update at .+ \(no connection\?\); shown: the results "
                                               r"as of .+\.$"))
        expect(row.locator("td").nth(2)).to_have_text("0-1")
        (pending / API).unlink()
        page.wait_for_timeout(1500)
        expect(row.locator("td").nth(2)).to_have_text("0-1")
        expect(status).to_have_text(re.compile(r"^Could not update"))
        # Each request asks past any cache, and none leaves the site.
        reads = [u for u in asked if API in u]
        assert len(reads) >= 4 and all(re.search(r"\.json\?t=\d+$", u) for u in reads)
        assert all(u.startswith(pending_url + "/") for u in asked)
        # Every result in: the page offers to reload for the standings, and reads the file no more.
        (pending / API).write_text(original, encoding="utf-8")
        _set_results(pending, dict.fromkeys(range(1, 22), "1-0"))
        expect(status).to_have_text("Every result of this round is in: reload the page.")
        count = len([u for u in asked if API in u])
        page.wait_for_timeout(2500)
        assert len([u for u in asked if API in u]) == count
        page.context.close()
    finally:
        (pending / API).write_text(original, encoding="utf-8")


def test_the_now_block_and_the_next_game_update_themselves(browser: Browser, pending: Path, pending_url: str):
    original = (pending / API).read_text(encoding="utf-8")
    try:
        home, _ = _live_page(browser, pending_url + "/")
        evans, _ = _live_page(browser, f"{pending_url}/players/evans-rhys/")
        lindqvist, _ = _live_page(browser, f"{pending_url}/players/lindqvist-sara/")
        now = home.locator("div.now", has_text="Now: MSOWSC, round 9")
        expect(now.locator(".live-status")).to_have_text(re.compile(r"^Updated at "))
        for player in (evans, lindqvist):
            expect(player.locator("#next-game .live-status")).to_have_text(re.compile(r"^Updated at "))
        _set_results(pending, {17: "0-1"})
        expect(now.locator("tbody tr").nth(16).locator("td").nth(2)).to_have_text("0-1")
        # Each player's line gives the result from his side: Evans (sente) lost, Lindqvist won.
        line = "MSOWSC, round 9 · Sunday 27 August 2000, 13:30 · board 17 against "
        expect(evans.locator("#next-game p", has_text=line)).to_have_text(
            line + "Lindqvist, Sara · ☗ sente · played: 0-1")
        expect(lindqvist.locator("#next-game p", has_text=line)).to_have_text(
            line + "Evans, Rhys · ☖ gote · played: 1-0")
        for page in (home, evans, lindqvist):
            page.context.close()
    finally:
        (pending / API).write_text(original, encoding="utf-8")


def test_a_page_reads_the_file_once_a_minute_and_not_while_hidden(browser: Browser, pending_url: str):
    """As on the site (no interval set by the test): one read when the page opens, none in the next seconds. Every
    second (as the test sets it): none while the page is hidden, one as soon as it is shown again."""
    page, asked = _live_page(browser, f"{pending_url}/{ROUND}/", seconds=None)
    expect(page.locator(".live-status")).to_have_text(re.compile(r"^Updated at "))
    page.wait_for_timeout(3000)
    assert len([u for u in asked if API in u]) == 1
    page.context.close()
    page, asked = _live_page(browser, f"{pending_url}/{ROUND}/")
    expect(page.locator(".live-status")).to_have_text(re.compile(r"^Updated at "))
    page.evaluate("window.hiddenForTest = true; document.dispatchEvent(new Event('visibilitychange'))")
    page.wait_for_timeout(300)  # a read under way ends
    count = len([u for u in asked if API in u])
    page.wait_for_timeout(2500)
    assert len([u for u in asked if API in u]) == count
    page.evaluate("window.hiddenForTest = false; document.dispatchEvent(new Event('visibilitychange'))")
    page.wait_for_timeout(500)
    assert len([u for u in asked if API in u]) == count + 1
    page.context.close()


def test_a_team_round_updates_each_result_from_the_left_hand_teams_side(browser: Browser, pending: Path,
                                                                       pending_url: str):
    original = (pending / TEAM_API).read_text(encoding="utf-8")
    try:
        page, _ = _live_page(browser, f"{pending_url}/{TEAM_ROUND}/")
        expect(page.locator(".live-status")).to_have_count(1)  # one line for the five matches' tables
        expect(page.locator(".live-status")).to_have_text(re.compile(r"^Updated at "))
        round_ = json.loads(original)
        for game in round_["games"]:
            if game["sente"] == "ono-hiroshi":
                game["result"] = "1-0"  # Ono (Japan, sente) wins: Smith (Great Britain, on the left) lost
        (pending / TEAM_API).write_text(json.dumps(round_), encoding="utf-8")
        row = page.locator("table[data-live]").nth(2).locator("tbody tr").first
        expect(row.locator("td").nth(1)).to_have_text("Smith, James")
        expect(row.locator("td").nth(2)).to_have_text("0-1")
        page.context.close()
    finally:
        (pending / TEAM_API).write_text(original, encoding="utf-8")
