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

from .conftest import DEMO, build_site

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


@pytest.mark.build
def test_a_players_next_games_come_first_on_his_page(pending):
    page = (pending / "players/evans-rhys/index.html").read_text(encoding="utf-8")
    body = page[page.index("<h1"):]
    top = body[:body.index("<h2")]  # before his first event
    assert top.index('id="next-game"') < top.index("Festival Elo")
    block = text_of(top[top.index('id="next-game"'):top.index("</div>", top.index('id="next-game"'))])
    assert "MSOWSC, round 9 · Sunday 27 August 2000, 13:30 · board 17 against Lindqvist, Sara · ☗ sente" in block
    # Board 16 of the round file is board 1 of Team B - Great Britain B (boards 16-19), named as on the round page.
    assert "Team Match, round 5 · Wednesday 23 August 2000, 17:00 · Team B – Great Britain B, board 1 against " \
           "Andersson, Erik · ☖ gote · receives 4P" in block
    assert 'href="../lindqvist-sara/"' in top  # the opponent is a link
    other = text_of((pending / "players/lindqvist-sara/index.html").read_text(encoding="utf-8"))
    assert "board 17 against Evans, Rhys · ☖ gote" in other
    giver = text_of((pending / "players/andersson-erik/index.html").read_text(encoding="utf-8"))
    assert "Team B – Great Britain B, board 1 against Evans, Rhys · ☗ sente · gives 4P" in giver


@pytest.mark.build
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
        # One box for both rounds, before them, each player once: round 9's 42 players and the Team Match round 5's
        # 38, of whom all but Davies, Tom play in round 9 too (the two round files): 42 + 1 = 43
        assert html.count('<form class="find-board"') == 1
        box = html[html.index('<form class="find-board"'):html.index('<div class="now">')]
        options = re.findall(r'<option value="([^"]*)" data-href="([^"]*)"', box)
        assert len(options) == 43
        assert ("Evans, Rhys", f"{prefix}players/evans-rhys/#next-game") in options
        assert ("Davies, Tom", f"{prefix}players/davies-tom/#next-game") in options
        assert [unescape(o) for o, _ in options] == sorted(unescape(o) for o, _ in options)


def test_nothing_is_now_when_every_round_is_played(demo_build):
    site, _ = demo_build
    for page in site.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        assert 'class="now"' not in html and 'id="next-game"' not in html, page


@pytest.fixture(scope="module")
def pending_url(pending) -> Iterator[str]:
    from .support import serving
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


# --- wall sheets ----------------------------------------------------------------------------------------------

SITE_URL = "https://results.example.org/festival/"
# 120 players with long names (the longest a sheet meets: "Vandenberghe-Lindqvist, Maximiliane 001"), paired
# 1-61, 2-62, … 60-120 on boards 1-60, the first-named with sente.
FAMILIES = ["Vandenberghe-Lindqvist", "Abe", "Okonkwo", "Zhang"]


def _big_round(root: Path) -> Path:
    data = root / "data"
    (data / "big/open").mkdir(parents=True)
    players = [f"p{n:03d}" for n in range(1, 121)]
    (data / "players.yaml").write_text("".join(
        f"{pid}: {{family: {FAMILIES[n % 4]}, given: Maximiliane {n + 1:03d}, country: NL, elo: {2400 - 5 * n}}}\n"
        for n, pid in enumerate(players)), encoding="utf-8")
    (data / "big/festival.yaml").write_text("name: Big Open\nstart: 2025-06-07\nevents: [open]\n", encoding="utf-8")
    (data / "big/open/event.yaml").write_text(
        "name: Big Open\nshort: Open\nformat: swiss\ngame: shogi\nrounds: 5\nstart: 2025-06-07\nrated: false\n"
        f"players: [{', '.join(players)}]\n", encoding="utf-8")
    (data / "big/open/round-1.yaml").write_text("date: 2025-06-07\ntime: \"10:00\"\ngames:\n" + "".join(
        f"  - [{players[n]}, {players[n + 60]}]\n" for n in range(60)), encoding="utf-8")
    return data


@pytest.fixture(scope="module")
def big_site(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("big")
    data = _big_round(root)
    site = root / "site"
    built = build_site(data, site, SITE_URL)
    assert built.returncode == 0, built.stderr
    return site


def _printed(browser: Browser, site: Path, path: str, out: Path) -> tuple[int, str, str]:
    """The page as Chromium prints it to PDF on A4: its number of pages, its text (pdftotext) and what the
    QR code on its first page says (the page drawn at 150 dpi by pdftoppm, read by zbarimg)."""
    import subprocess
    from .support import serving
    with serving(site) as url:
        page = browser.new_page()
        page.goto(url.rstrip("/") + "/" + path)
        page.pdf(path=str(out), format="A4", print_background=True)
        page.close()
    info = subprocess.run(["pdfinfo", str(out)], capture_output=True, text=True, check=True).stdout
    pages = int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))
    text = subprocess.run(["pdftotext", "-layout", str(out), "-"], capture_output=True, text=True, check=True).stdout
    subprocess.run(["pdftoppm", "-r", "150", "-png", "-f", "1", "-l", "1", str(out), str(out.with_suffix(""))],
                   check=True)
    image = next(out.parent.glob(out.stem + "-*1.png"))
    code = subprocess.run(["zbarimg", "-q", "--raw", str(image)], capture_output=True, text=True, check=False).stdout
    return pages, text, code.strip()


def test_the_find_your_board_sheet_of_120_players_prints_on_three_a4_pages_at_most(browser, big_site, tmp_path):
    pages, text, code = _printed(browser, big_site, "big/open/round-1/print-names/", tmp_path / "names.pdf")
    # 120 names at 30 lines of two a page: 60 a page, 2 pages.
    assert pages <= 3, pages
    assert code == SITE_URL + "big/open/round-1/"  # the round's own page
    lines = {re.sub(r"\s+", " ", line).strip() for line in text.splitlines()}
    assert sum("Big Open" in line for line in lines) >= 1 and "find your board" in text
    # Every player with his board and colour: player n (0-based) is on board n + 1 with sente when n < 60, else
    # on board n - 59 with gote.
    flat = re.sub(r"\s+", " ", text)
    for n in range(120):
        name = f"{FAMILIES[n % 4]}, Maximiliane {n + 1:03d}"
        board, mark = (n + 1, "☗") if n < 60 else (n - 59, "☖")
        assert f"{name} {board} {mark}" in flat, name


def test_the_pairings_sheet_prints_every_board_with_the_header_on_each_page(browser, big_site, tmp_path):
    pages, text, code = _printed(browser, big_site, "big/open/round-1/print-boards/", tmp_path / "boards.pdf")
    assert code == SITE_URL + "big/open/round-1/"
    flat = re.sub(r"\s+", " ", text)
    for n in range(60):
        assert f"{n + 1} {FAMILIES[n % 4]}, Maximiliane {n + 1:03d}" in flat
    # 60 boards take more than one sheet; the header (event, round, what the sheet is) is on each of them.
    assert pages >= 2 and text.count("pairings by board") == pages
    # No navigation on paper: the sidebar's and the header's texts are not printed.
    assert "For organizers" not in text and "Submitting results" not in text and "Search" not in text


def test_the_standings_sheet_and_the_links_to_the_sheets(browser, pending, tmp_path):
    round_9 = (pending / "2000-mso-shogi/championship/round-9/index.html").read_text(encoding="utf-8")
    assert 'href="print-boards/">pairings by board</a>' in round_9 and 'href="print-names/">find your board</a>' \
        in round_9
    standings = (pending / "2000-mso-shogi/championship/index.html").read_text(encoding="utf-8")
    assert 'href="print-standings/">A sheet to print</a>' in standings
    sheet = (pending / "2000-mso-shogi/championship/print-standings/index.html").read_text(encoding="utf-8")
    # After round 8 (round 9 is being played): the same order as the standings page's table.
    assert "Standings after round 8 of 9" in sheet
    pages, text, _ = _printed(browser, pending, "2000-mso-shogi/championship/print-standings/", tmp_path / "s.pdf")
    assert pages <= 2 and "de Vries, Pieter" in text  # no site address here: no QR code is drawn
    assert "sheet-qr" not in sheet


def test_an_all_play_all_sheet_says_who_rests(demo_build):
    """Oware Masters, 7 players on the Berger table for 8: in round 1 number 1 (Darko, first in event.yaml's
    order) meets number 8, the rest; the sheet says 'rest', not 'bye', and the others' boards are 1-3."""
    site, _ = demo_build
    sheet = (site / "2012-mso-oware/oware-masters/round-1/print-names/index.html").read_text(encoding="utf-8")
    cells = [re.sub(r"<[^>]+>", "", c) for c in re.findall(r"<td[^>]*>(.*?)</td>", sheet)]
    assert cells[cells.index("Darko, Efua") + 1] == "rest"
    boards = [cells[i + 1] for i, c in enumerate(cells) if ", " in c and c != "Darko, Efua"]
    assert sorted(boards) == ["1", "1", "2", "2", "3", "3"]
