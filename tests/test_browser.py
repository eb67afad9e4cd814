"""The built site in a real Chromium (Debian's), driven by Playwright, served on 127.0.0.1 only."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import ROOT, build_site
from .support import NO_SEARCH_WORKER, serving

sys.path.insert(0, str(ROOT / "bench"))
from archive import write_archive  # noqa: E402  (the synthetic archive)

PHONE = {"width": 375, "height": 812}


def heading(text: str) -> re.Pattern[str]:
    """A heading's text, followed by its permalink sign."""
    return re.compile("^" + re.escape(text) + "¶?$")


@pytest.fixture(scope="module")
def mini_url(mini_build) -> Iterator[str]:
    site, result = mini_build
    assert result.returncode == 0, result.stderr
    with serving(site) as url:
        yield url


class Watched:
    """A page that records console errors, page errors, dialogs and every request it makes."""

    def __init__(self, browser: Browser, viewport: dict[str, int]):
        self.context = browser.new_context(viewport=viewport)
        self.page: Page = self.context.new_page()
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.dialogs: list[str] = []
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.on("dialog", lambda d: (self.dialogs.append(d.message), d.dismiss()))

    def outside(self, base: str) -> list[str]:
        return [u for u in self.requests if not u.startswith((base + "/", "data:", "blob:"))]


@pytest.fixture
def phone(browser: Browser) -> Iterator[Watched]:
    w = Watched(browser, PHONE)
    yield w
    w.context.close()


def test_standings_open_from_home_on_a_phone(phone: Watched, demo_url: str):
    page = phone.page
    page.goto(demo_url + "/")
    page.get_by_role("link", name="MSO Worldwide Shogi Championship").first.click()
    expect(page.locator("h1")).to_have_text(heading("MSO Worldwide Shogi Championship"))
    expect(page.get_by_text("Standings after round 9 of 9.")).to_be_visible()
    rows = page.locator("article table").first.locator("tbody tr")
    expect(rows).to_have_count(43)  # 41 entries from round 1 and two late entries (event.yaml)
    # Counted by hand from the round files (replays of drawn ESC games do not count):
    # de Vries R1 1, R2 1, R3 ½ (ESC draw; he won the replay), R4 1, R5 1, R6 0 (Ono), R7 1, R8 1, R9 1 = 7½;
    # Kaufman R1 1, R2 1, R3 1, R4 1, R5 0 (Müller), R6 1, R7 1, R8 0 (de Vries), R9 1 = 7.
    # Columns: #, Player, Elo, ± (the FESA rating preview: the event is rated), Pts, ….
    expect(rows.nth(0)).to_contain_text("de Vries, Pieter")
    expect(rows.nth(0).locator("td").nth(4)).to_have_text("7½")
    expect(rows.nth(1)).to_contain_text("Kaufman, Larry")
    expect(rows.nth(1).locator("td").nth(4)).to_have_text("7")
    # The page itself never scrolls sideways on a 375 px phone; wide tables scroll inside themselves.
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert phone.errors == []
    assert phone.outside(demo_url) == []


def test_search_finds_a_player(phone: Watched, demo_url: str):
    page = phone.page
    page.goto(demo_url + "/")
    page.locator("label.md-header__button[for='__search']").click()
    page.locator("input.md-search__input").press_sequentially("Kaufman", delay=30)
    result = page.locator(".md-search-result__item a[href*='players/kaufman-larry']").first
    expect(result).to_be_visible(timeout=10_000)
    result.click()
    expect(page).to_have_url(re.compile(re.escape(demo_url + "/players/kaufman-larry/") + r"(\?h=kaufman)?$"))
    expect(page.locator("h1")).to_have_text(heading("Kaufman, Larry"))
    assert phone.errors == []
    assert phone.outside(demo_url) == []


def test_search_finds_names_typed_without_accents(phone: Watched, demo_url: str):
    # data/players.yaml: Dvořák, Petr; Müller, Thomas (typed Muller or, the German way, Mueller); García,
    # Pablo; Murphy, Seán; Lefèvre, Julien; de Vries, Pieter (typed as one word).
    typed = {"Dvorak": "dvorak-petr", "Muller": "mueller-thomas", "Mueller": "mueller-thomas",
             "Garcia": "garcia-pablo", "Sean": "murphy-sean", "lefevre": "lefevre-julien", "devries": "de-vries-pieter"}
    page = phone.page
    for words, pid in typed.items():
        page.goto(demo_url + "/")
        page.locator("label.md-header__button[for='__search']").click()
        page.locator("input.md-search__input").press_sequentially(words, delay=20)
        expect(page.locator(f".md-search-result__item a[href*='players/{pid}/']").first).to_be_attached(
            timeout=10_000)
    assert phone.errors == []


def test_a_round_opens_with_its_boards(phone: Watched, demo_url: str):
    page = phone.page
    page.goto(demo_url + "/2000-mso-shogi/championship/")
    page.locator("article").get_by_role("link", name="Round 4", exact=True).click()
    expect(page).to_have_url(demo_url + "/2000-mso-shogi/championship/round-4/")
    boards = page.locator("article table").first.locator("tbody tr")
    # Round 4 has 43 players (Horvat joins): 4 ESC boards and 17 Swiss boards, and one bye (round-4.yaml).
    expect(boards).to_have_count(21)
    board = boards.filter(has_text="Kaufman, Larry")
    # round-4.yaml: [kaufman-larry, hashimoto-kenji, 1-0]
    expect(board).to_contain_text("Hashimoto, Kenji")
    expect(board).to_contain_text("1-0")
    # round-4.yaml, under knockout: [de-vries-pieter, bakker-jan, 1-0], a semi-final.
    semi = boards.filter(has_text="de Vries, Pieter")
    expect(semi).to_contain_text("Bakker, Jan")
    expect(semi.locator("td").last).to_have_text("SF")
    expect(page.get_by_text("Bye")).to_be_visible()
    # The table names its right-aligned and centred columns once: board numbers right, results centred,
    # names left; in the standings below, the rank (column 1) and the points (column 3) right.
    align = "(c) => getComputedStyle(c).textAlign"
    assert [board.locator("td").nth(i).evaluate(align) for i in range(3)] == ["right", "left", "center"]
    standings = page.locator("article table").nth(1).locator("tbody tr").first.locator("td")
    assert [standings.nth(i).evaluate(align) for i in range(3)] == ["right", "left", "right"]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert phone.errors == []
    assert phone.outside(demo_url) == []


def test_dark_mode_toggle(phone: Watched, demo_url: str):
    page = phone.page
    page.goto(demo_url + "/")
    before = page.evaluate("document.body.getAttribute('data-md-color-scheme')")
    page.locator("form[data-md-component='palette'] label:visible").first.click()
    after = page.evaluate("document.body.getAttribute('data-md-color-scheme')")
    assert {before, after} == {"default", "slate"}
    # The choice is kept: another page opens in it, painted by the theme's palette script, which the pages load
    # from one file (assets/javascripts/palette.js) rather than each writing it out.
    page.goto(demo_url + "/2000-mso-shogi/championship/")
    assert page.evaluate("document.body.getAttribute('data-md-color-scheme')") == after
    assert page.locator("script[src$='assets/javascripts/palette.js']").count() == 1
    assert phone.errors == []


def test_a_hostile_name_is_shown_as_text_and_never_runs(phone: Watched, mini_url: str):
    page = phone.page
    page.goto(mini_url + "/players/evil/")
    expect(page.locator("h1")).to_have_text(heading("<script>alert(1)</script>, *Eve* | [x](y)"))
    page.goto(mini_url + "/cup/open/")
    expect(page.locator("article table").first).to_contain_text("<script>alert(1)</script>, *Eve* | [x](y)")
    assert phone.dialogs == []
    assert phone.errors == []


def test_the_esc_bracket_is_a_picture_that_leads_to_the_players(phone: Watched, demo_url: str):
    page = phone.page
    page.goto(demo_url + "/2000-mso-shogi/championship/")
    page.locator("article").get_by_role("link", name="European Shogi Championship").click()
    expect(page).to_have_url(demo_url + "/2000-mso-shogi/championship/knockout/")
    # round-5.yaml, under knockout: final [de-vries-pieter, lefevre-julien, 1-0]; third place
    # [bakker-jan, rossi-marco, 0-1]: places 1 de Vries, 2 Lefèvre, 3 Rossi, 4 Bakker.
    places = page.locator("article table").first.locator("tbody tr")
    expect(places).to_have_count(4)
    for n, name in enumerate(["de Vries, Pieter", "Lefèvre, Julien", "Rossi, Marco", "Bakker, Jan"]):
        expect(places.nth(n)).to_contain_text(name)
    picture = page.locator(".bracket svg")
    expect(picture).to_be_visible()
    # 24 Europeans: 32 places in the first column, 16 boxes; then 8, 4, 2, and the final and third place = 32.
    expect(picture.locator("rect.tie")).to_have_count(32)
    # The bracket box is as wide as it needs and scrolls by itself; the page does not.
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert page.evaluate("document.querySelector('.bracket').scrollWidth") > PHONE["width"]
    # Names in the picture are links: seed 8, Tanaka (a Japanese resident of the Netherlands), in round 1's box.
    picture.locator("a", has_text="Tanaka, Y.").first.click()
    expect(page).to_have_url(demo_url + "/players/tanaka-yuki/")
    assert phone.errors == []
    assert phone.outside(demo_url) == []


def test_team_match_standings_explain_their_columns_and_lead_to_teams(phone: Watched, demo_url: str):
    page = phone.page
    page.goto(demo_url + "/2000-mso-shogi/team-match/")
    table = page.locator("article table").first
    # Board points counted from the round files: France and Switzerland 13½ (first), Germany and Austria and
    # Team C 12 each (see test_site's prize test for the sums).
    first = table.locator("tbody tr").first
    expect(first).to_contain_text("France and Switzerland")
    expect(first.locator("td").nth(2)).to_have_text("13½")
    # Hovering a column header says what it is (abbr title), and the legend below spells all six out.
    expect(table.locator("thead abbr").nth(4)).to_have_attribute("title", re.compile(r"^E\) board-points Sonneborn"))
    expect(page.locator("article strong", has_text="E BP-SB")).to_be_visible()
    # The team page lists its players and matches; round 2's match page shows the boards with handicaps.
    first.get_by_role("link", name="France and Switzerland").click()
    expect(page).to_have_url(demo_url + "/2000-mso-shogi/team-match/teams/france/")
    expect(page.locator("article table").first.locator("tbody tr")).to_have_count(4)
    page.goto(demo_url + "/2000-mso-shogi/team-match/round-2/")
    # round-2.yaml: [huber-stefan, moreau-lucas, b, 1-0] on the third board of Germany and Austria - France.
    board = page.locator("article table").first.locator("tbody tr").nth(2)
    expect(board).to_contain_text("Huber, Stefan")
    expect(board).to_contain_text("B (Huber)")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert phone.errors == []
    assert phone.outside(demo_url) == []


def test_grand_prix_and_simul_on_a_phone(phone: Watched, demo_url: str):
    page = phone.page
    page.goto(demo_url + "/2000-mso-shogi/")
    page.locator("article").get_by_role("link", name="Grand Prix", exact=True).click()
    expect(page).to_have_url(demo_url + "/2000-mso-shogi/grand-prix/")
    first = page.locator("article table").first.locator("tbody tr").first
    # Kaufman: 11 + 5 + 3 + 8 = 27 (worked out in test_site.py), first, 200 GBP.
    expect(first).to_contain_text("Kaufman, Larry")
    expect(first.locator("td").nth(2)).to_have_text("27")  # the total comes before the events' columns
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.goto(demo_url + "/2000-mso-shogi/simul/")
    page.locator("article").get_by_role("link", name="Nakao, Osamu").first.click()
    expect(page).to_have_url(demo_url + "/2000-mso-shogi/simul/givers/nakao-osamu/")
    boards = page.locator("article table").first.locator("tbody tr")
    expect(boards).to_have_count(8)
    # Board 1: Nakao's recommendation, a lance, where the rule gives an even game (2400 - 2090 - 226 - 40 = 44).
    expect(boards.first.locator("td").nth(3)).to_have_text("L *")
    expect(page.locator("article")).to_contain_text("on board 1 the rule gives an even game")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert phone.errors == []
    assert phone.outside(demo_url) == []


def test_shuuro_ties_and_armies_on_a_phone(phone: Watched, demo_url: str):
    page = phone.page
    page.goto(demo_url + "/2009-mso-shuuro/shuuro-250/")
    rows = page.locator("article table").first.locator("tbody tr")
    expect(rows).to_have_count(13)
    # Hughes is 4th, below Ferrari on the result of their game (worked out by hand in test_site.py).
    expect(rows.nth(3).locator("td").nth(1)).to_have_text("Hughes, Megan")
    expect(rows.nth(3).locator("td").nth(5)).to_have_text("game")
    expect(page.locator("article li", has_text="Hughes, Megan").first).to_contain_text("won their game in round 3")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    # From her player page to her army, as the roster sheet: 3 Rooks 210 + 4 Pawns 40 = 250.
    rows.nth(3).get_by_role("link", name="Hughes, Megan").click()
    expect(page).to_have_url(demo_url + "/players/hughes-megan/")
    page.locator("article").get_by_role("link", name="Army", exact=True).click()
    expect(page).to_have_url(demo_url + "/2009-mso-shuuro/shuuro-250/armies/#hughes-megan")
    roster = page.locator("xpath=//h2[@id='hughes-megan']/following::table[1]")
    expect(roster.locator("tbody tr").nth(2)).to_contain_text("Rook")
    expect(roster.locator("tbody tr").nth(2).locator("td").nth(4)).to_have_text("210")
    expect(roster.locator("tbody tr").last).to_contain_text("250")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    # A round: the eliminated points sit under the result, so nothing is cut off.
    page.goto(demo_url + "/2009-mso-shuuro/shuuro-250/round-3/")
    expect(page.locator("article table").first.locator("tbody tr").first).to_contain_text("160–90")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert phone.errors == []
    assert phone.outside(demo_url) == []


def test_oware_replay_board_on_a_phone(phone: Watched, demo_url: str):
    page = phone.page
    page.goto(demo_url + "/2012-mso-oware/oware-masters/round-1/")
    board = page.locator("div.oware").first  # Reid (a-f, moves first) against Mensah (A-F): 0-1, 7-25 seeds
    top, bottom = board.locator(".oware-top .house"), board.locator(".oware-row:not(.oware-top) .house")
    stores = board.locator("[data-store]")
    # It opens on the last position: the seeds taken are the recorded score (Mensah 25 above, Reid 7 below).
    expect(stores.nth(0)).to_have_text("25")
    expect(stores.nth(1)).to_have_text("7")
    expect(board.locator(".oware-move")).to_contain_text("After move 26 of 26")
    # The start: four seeds in every house, none taken.
    board.get_by_role("button", name="Start").click()
    expect(board.locator(".oware-move")).to_have_text("Start (26 moves)")
    assert top.all_inner_texts() == ["4"] * 6 and bottom.all_inner_texts() == ["4"] * 6
    assert stores.all_inner_texts() == ["0", "0"]
    # Move 1, c: c's four seeds go to d, e, f and A. The top row reads F E D C B A (counter-clockwise).
    board.get_by_role("button", name="Forward one move").click()
    expect(board.locator(".oware-move")).to_have_text("After move 1 of 26: c")
    assert bottom.all_inner_texts() == ["4", "4", "0", "5", "5", "5"]
    assert top.all_inner_texts() == ["4", "4", "4", "4", "4", "5"]
    board.get_by_role("button", name="Back one move").click()
    expect(board.locator(".oware-move")).to_have_text("Start (26 moves)")
    board.get_by_role("button", name="End").click()
    expect(stores.nth(0)).to_have_text("25")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert phone.errors == []
    assert phone.outside(demo_url) == []


def test_submitting_results_from_the_menu_on_a_phone(phone: Watched, demo_url: str):
    page = phone.page
    page.goto(demo_url + "/")
    page.locator("label.md-header__button[for='__drawer']").click()  # the menu button of a narrow screen
    page.locator("nav.md-nav--primary").get_by_role("link", name="Submitting results").click()
    expect(page).to_have_url(demo_url + "/submitting/")
    expect(page.locator("article h1")).to_have_text(heading("Submitting results"))
    steps = page.locator("article h2:has-text('Adding a round from a phone') + p + ol > li")
    expect(steps).to_have_count(4)
    # The common errors, each message and what to do, wrap on a narrow screen: the page never scrolls sideways.
    errors = page.locator("article h2:has-text('Fixing the common errors') + p + ul > li")
    expect(errors).to_have_count(6)
    expect(errors.first).to_contain_text("did you mean 'lefevre-julien'?")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.locator("article").get_by_role("link", name="For organizers").first.click()
    expect(page).to_have_url(demo_url + "/organizers/")
    assert phone.errors == []
    assert phone.outside(demo_url) == []


@pytest.fixture(scope="module")
def archive_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """The benchmark's synthetic archive at a few hundred pages, built as a user builds it."""
    base = tmp_path_factory.mktemp("archive")
    (base / "data").mkdir()
    write_archive(base / "data", 400)
    result = build_site(base / "data", base / "site")
    assert result.returncode == 0, result.stderr[-3000:]
    with serving(base / "site") as url:
        yield url, base / "data"


def search(page: Page, words: str) -> None:
    page.locator("label.md-header__button[for='__search']").click()
    page.locator("input.md-search__input").press_sequentially(words, delay=20)


def test_search_in_an_archive_finds_players_events_and_festivals(phone: Watched, archive_url: tuple[str, Path]):
    url, data = archive_url
    # A player of the registry, found by surname: the first line of players.yaml after the comment.
    first = (data / "players.yaml").read_text(encoding="utf-8").splitlines()[1]
    pid = first.split(":")[0]
    family = re.search(r'family: "([^"]+)"', first)
    assert family is not None
    page = phone.page
    page.goto(url + "/")
    search(page, family.group(1))
    expect(page.locator(f".md-search-result__item a[href*='players/{pid}/']").first).to_be_attached(timeout=10_000)
    # A festival by its city and an event by its name: the first festival folder's.
    festival = sorted(p for p in data.iterdir() if (p / "festival.yaml").exists())[0]
    name = re.search(r"^name: (.+)$", (festival / "festival.yaml").read_text(encoding="utf-8"), re.M)
    assert name is not None
    page.goto(url + "/")
    search(page, name.group(1))
    expect(page.locator(f".md-search-result__item a[href*='{festival.name}/']").first).to_be_attached(
        timeout=10_000)
    page.goto(url + "/")
    search(page, "Team Match")
    expect(page.locator(".md-search-result__item a[href*='/team-match/']").first).to_be_attached(timeout=10_000)
    assert phone.errors == []
    assert phone.outside(url) == []


FITS = """() => [...document.querySelectorAll('article table')].map(t => {
  const box = t.closest('.md-typeset__scrollwrap') || t; return box.scrollWidth <= box.clientWidth; })"""


@pytest.fixture
def desktop(browser: Browser) -> Iterator[Watched]:
    w = Watched(browser, {"width": 1280, "height": 800})
    yield w
    w.context.close()


def test_tables_that_are_not_results_wrap_to_fit(phone: Watched, desktop: Watched, demo_url: str):
    # On a phone the home page (its Leader column) and the prize lists (their Prize column) fit without
    # scrolling; on a desktop the organizers' key tables are not cut.
    for watched, paths in ((phone, ["/", "/2000-mso-shogi/championship/prizes/", "/2000-mso-shogi/prizes/"]),
                           (desktop, ["/organizers/"])):
        for path in paths:
            watched.page.goto(demo_url + path)
            fits = watched.page.evaluate(FITS)
            assert fits and all(fits), (path, fits)
            # Cells marked right-aligned are (the theme's own rule for cells must not win).
            aligned = watched.page.evaluate("() => [...document.querySelectorAll('article td.r')]"
                                            ".map(c => getComputedStyle(c).textAlign)")
            assert set(aligned) <= {"right"}, path


def test_wide_results_tables_keep_the_number_and_the_name_in_place(phone: Watched, demo_url: str):
    page = phone.page
    page.goto(demo_url + "/2000-mso-shogi/championship/")
    standings = page.locator("article table").first
    heads = standings.locator("thead th").all_inner_texts()
    assert heads[:5] == ["#", "Player", "Elo", "±", "Pts"] and heads[-2:] == ["W–D–L", "Nat"]  # ±: a rated event
    # de Vries: 7½ from 7 wins, the drawn ESC game (decided by its replay) and the loss to Ono; FESA Elo 2090.
    first = standings.locator("tbody tr").first.locator("td")
    assert first.nth(1).inner_text() == "de Vries, Pieter" and first.nth(2).inner_text() == "2090"
    assert first.nth(len(heads) - 2).inner_text() == "7-1-1"
    assert first.nth(len(heads) - 1).locator("abbr").get_attribute("title") == "Netherlands"
    for url, index, sticky in (("/2000-mso-shogi/championship/", 0, 2), ("/2000-mso-shogi/championship/", -1, 1),
                               ("/2000-mso-shogi/championship/crosstable/", 0, 2)):
        page.goto(demo_url + url)
        table = page.locator("article table[data-sticky]").nth(index)
        table.scroll_into_view_if_needed()
        cells = table.locator("tbody tr").first.locator("td")
        before = [cells.nth(i).bounding_box()["x"] for i in range(sticky + 1)]
        scrolled = table.evaluate("t => { const w = t.closest('.md-typeset__scrollwrap'); w.scrollLeft = 150; "
                                  "return w.scrollLeft; }")
        assert scrolled > 10, url  # the table is wider than the phone
        page.wait_for_timeout(100)
        after = [cells.nth(i).bounding_box()["x"] for i in range(sticky + 1)]
        # The number and the name stay (within the table's 1 px border); the rest moves with the scroll.
        assert all(abs(a - b) <= 1 for a, b in zip(after[:sticky], before[:sticky], strict=True)), url
        assert after[sticky] < before[sticky] - scrolled / 2, url
    # Rank after each round: after round 1, ten players share first place on 1 point (a win each).
    page.goto(demo_url + "/2000-mso-shogi/championship/")
    progress = page.locator("article table[data-sticky='1']")
    assert progress.locator("tbody tr").first.locator("td").nth(1).inner_text().endswith("=")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


# For each table of the page's text: is it wider than the box it scrolls in (found here on its own: of the
# ancestors that may scroll sideways, the table itself among them, the first that is narrower than what it holds),
# does a visible line right above that box say so, and do the columns it marks sticky stay in place (position:
# sticky)? Is the box reachable by keyboard (tabindex 0, so that the arrow keys scroll it in every browser) and a
# region with a name?
TABLES = """() => [...document.querySelectorAll('article table')].map((t, i) => {
  let box = null;
  for (let el = t; el && el !== document.body; el = el.parentElement) {
    if (['auto', 'scroll'].includes(getComputedStyle(el).overflowX) && el.scrollWidth > el.clientWidth + 1) {
      box = el;
      break;
    }
  }
  const wide = box !== null;
  const cue = wide ? box.previousElementSibling : null;
  const seen = cue && cue.classList.contains('scroll-cue') && cue.getBoundingClientRect().height > 0
    && cue.getBoundingClientRect().right <= window.innerWidth && getComputedStyle(cue).visibility === 'visible';
  const n = Number(t.dataset.sticky || 0);
  const row = t.querySelector('tbody tr');
  const stuck = !row || [...row.children].slice(0, n).every(c => getComputedStyle(c).position === 'sticky');
  const keyed = !wide || (box.getAttribute('tabindex') === '0' && box.getAttribute('role') === 'region'
    && (box.getAttribute('aria-label') || '').trim() !== '');
  return {i, wide, seen: !!seen, stuck, keyed,
          head: t.querySelector('th') ? t.querySelector('th').innerText : ''};
})"""


def test_every_wide_table_on_every_page_says_it_scrolls_on_a_phone(browser: Browser, demo_build):
    """Every page of the demo site at 375 px: a table with columns hidden to the right has a visible line above
    it that says it scrolls; its number and name columns (data-sticky) stay; its box takes the keyboard's focus
    and is a named region; the page never scrolls sideways."""
    site, _ = demo_build
    context = browser.new_context(viewport=PHONE)
    context.add_init_script(NO_SEARCH_WORKER)  # (the search is tested on its own)
    page = context.new_page()
    unsignalled, loose, unreachable, sideways, wide = [], [], [], [], 0
    with serving(site) as url:
        paths = sorted(p.relative_to(site).parent.as_posix() for p in site.rglob("index.html"))
        assert len(paths) > 200
        for path in paths:
            page.goto(f"{url.rstrip('/')}/{'' if path == '.' else path + '/'}")
            # (goto returns after the page's load event, whose listeners, the site's scripts' among them, have run)
            for t in page.evaluate(TABLES):
                wide += t["wide"]
                if t["wide"] and not t["seen"]:
                    unsignalled.append(f"{path}: table {t['i']} ({t['head']})")
                if not t["stuck"]:
                    loose.append(f"{path}: table {t['i']} ({t['head']})")
                if not t["keyed"]:
                    unreachable.append(f"{path}: table {t['i']} ({t['head']})")
            if page.evaluate("document.documentElement.scrollWidth") > PHONE["width"]:
                sideways.append(path)
    context.close()
    assert unsignalled == [] and loose == [] and unreachable == [] and sideways == []
    assert wide > 100  # standings, crosstables, rounds, the Grand Prix, the simul: the check met wide tables


def test_the_bracket_is_whole_on_a_desktop_and_says_it_scrolls_on_a_phone(phone: Watched, desktop: Watched,
                                                                           demo_url: str):
    box = "() => { const b = document.querySelector('.bracket'); return [b.scrollWidth, b.clientWidth]; }"
    desktop.page.goto(demo_url + "/2000-mso-shogi/championship/knockout/")
    width, visible = desktop.page.evaluate(box)
    assert width <= visible
    expect(desktop.page.locator(".bracket-cue")).to_be_hidden()
    phone.page.goto(demo_url + "/2000-mso-shogi/championship/knockout/")
    width, visible = phone.page.evaluate(box)
    assert width > visible
    expect(phone.page.locator(".bracket-cue")).to_be_visible()
    assert phone.page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_sente_is_balanced_on_a_players_page(phone: Watched, demo_url: str):
    # The demo's rounds follow the balanced rule: de Vries (MSOWSC, 9 games) no longer has ☗ in 8 of them.
    page = phone.page
    page.goto(demo_url + "/players/de-vries-pieter/")
    section = page.locator("article h2", has_text="MSOWSC").locator("xpath=following::table[1]")
    marks = section.locator("tbody tr td:nth-child(3)").all_inner_texts()
    assert len(marks) == 9 and abs(marks.count("☗") - marks.count("☖")) <= 2
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


