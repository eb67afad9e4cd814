"""Festival day, on the demo festival with two rounds still being played: the MSOWSC's round 9 and the Team Match's
round 5 have their pairings but no results (the results are taken out of a copy of their round files).

By hand, from those files:
- MSOWSC round 9, Sunday 27 August 2000, 13:30: 21 games (42 players: the test of the late entries counts them),
  board 17 [evans-rhys, lindqvist-sara]: Evans has sente (named first), Lindqvist gote; no handicaps.
- Team Match round 5, Wednesday 23 August 2000, 17:00: boards numbered on through the matches: France 1-4,
  Germany 5-8, Great Britain - Japan 9-11 (three boards), Team D 12-15, Team B - Great Britain B 16-19; board 16
  [andersson-erik, evans-rhys, 4p]: Andersson gives four pieces and moves first (the giver is sente).
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from html import unescape
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from .conftest import DEMO, ROOT, build_site

RESULT = re.compile(r", (?:1-0|0-1|½-½)\]")


@pytest.fixture(scope="module")
def pending(tmp_path_factory) -> Path:
    data = tmp_path_factory.mktemp("pending") / "data"
    shutil.copytree(DEMO, data)
    for path in ("2000-mso-shogi/championship/round-9.yaml", "2000-mso-shogi/team-match/round-5.yaml"):
        file = data / path
        text, taken = RESULT.subn("]", file.read_text(encoding="utf-8"))
        assert taken in (21, 19)  # every game's result: 21 boards, 19 boards
        file.write_text(text, encoding="utf-8")
    site = data.parent / "site"
    result = build_site(data, site)
    assert result.returncode == 0, result.stderr
    return site


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html))).replace(" ,", ",").replace(" .", ".").strip()


def test_a_players_next_games_come_first_on_his_page(pending):
    page = (pending / "players/evans-rhys/index.html").read_text(encoding="utf-8")
    body = page[page.index("<h1"):]
    top = body[:body.index("<h2")]  # before his first event
    assert top.index('id="next-game"') < top.index("Festival Elo")
    block = text_of(top[top.index('id="next-game"'):top.index("</div>", top.index('id="next-game"'))])
    assert "MSOWSC, round 9 · Sunday 27 August 2000, 13:30 · board 17 against Lindqvist, Sara · ☗ sente" in block
    assert "Team Match, round 5 · Wednesday 23 August 2000, 17:00 · board 16 against Andersson, Erik · ☖ gote · " \
           "receives 4P" in block
    assert 'href="../lindqvist-sara/"' in top  # the opponent is a link
    other = text_of((pending / "players/lindqvist-sara/index.html").read_text(encoding="utf-8"))
    assert "board 17 against Evans, Rhys · ☖ gote" in other
    giver = text_of((pending / "players/andersson-erik/index.html").read_text(encoding="utf-8"))
    assert "board 16 against Evans, Rhys · ☗ sente · gives 4P" in giver


def test_the_home_and_festival_pages_show_the_rounds_being_played(pending):
    for path, prefix in (("index.html", ""), ("2000-mso-shogi/index.html", "../")):
        html = (pending / path).read_text(encoding="utf-8")
        now = html[html.index('<div class="now">'):html.index("</div>", html.rindex('<div class="now">'))]
        assert now.count('<div class="now">') == 2  # the two events with a round in progress
        assert "Now: MSOWSC, round 9" in now and "Now: Team Match, round 5" in now
        championship = now[now.index("Now: MSOWSC"):]
        rows = re.findall(r"<tr><td>(\d+)</td><td>(.*?)</td><td>(.*?)</td><td>(.*?)</td>", championship)
        assert [r[0] for r in rows[:21]] == [str(n) for n in range(1, 22)]
        assert (text_of(rows[16][1]), rows[16][2], text_of(rows[16][3])) == ("Evans, Rhys", "…", "Lindqvist, Sara")
        options = re.findall(r'<option value="([^"]*)" data-href="([^"]*)"', championship)
        assert len(options) == 42 and ("Evans, Rhys", f"{prefix}players/evans-rhys/#next-game") in options
        assert [unescape(o) for o, _ in options] == sorted(unescape(o) for o, _ in options)


def test_nothing_is_now_when_every_round_is_played(demo_build):
    site, _ = demo_build
    for page in site.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        assert 'class="now"' not in html and 'id="next-game"' not in html, page


@pytest.fixture(scope="module")
def pending_url(pending) -> Iterator[str]:
    import sys
    sys.path.insert(0, str(ROOT / "bench"))
    from archive import serving  # type: ignore[import-not-found]
    with serving(pending) as url:
        yield url


def test_a_phone_finds_a_players_board_from_the_home_page(browser: Browser, pending_url):
    """At 375 px: type part of a name in the home page's box, press Enter, and the player's next game is on
    screen (it took five taps and a scan of 20 boards)."""
    context = browser.new_context(viewport={"width": 375, "height": 812})
    page = context.new_page()
    page.goto(pending_url)
    box = page.get_by_label("Find your board:").first
    box.fill("evans")
    box.press("Enter")
    page.wait_for_url(re.compile(r"/players/evans-rhys/#next-game$"))
    block = page.locator("#next-game")
    expect(block).to_be_in_viewport()
    expect(block).to_contain_text("board 17 against Lindqvist, Sara")
    # A whole name picked from the list goes there too; a part that fits several players goes nowhere.
    page.goto(pending_url)
    box = page.get_by_label("Find your board:").first
    box.fill("a")
    box.press("Enter")
    page.wait_for_timeout(300)
    assert page.url.rstrip("/") == pending_url.rstrip("/")
    box.fill("Lindqvist, Sara")
    box.dispatch_event("change")
    page.wait_for_url(re.compile(r"/players/lindqvist-sara/#next-game$"))
    context.close()
