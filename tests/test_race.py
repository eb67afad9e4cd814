"""The race as a picture (render/race.py): the leaders' ranks through an event's rounds on its standings, a
player's own rank through each event on his page; inline SVG made at build time, with a label a screen reader
reads, in the page's language."""

from __future__ import annotations

import html
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from generator.render import i18n
from generator.render.race import chart, sparkline

from .conftest import build_site
from .support import serving


def test_two_lines_are_drawn_where_the_ranks_put_them() -> None:
    # 3 rounds, ranks 1..2: the lowest rank drawn is 2; height = 10 (top) + 16 (bottom) + max(11 x 2, 11 x 2) = 48;
    # x(i) = 24 + i x (320 - 24 - 104) / 2 = 24, 120, 216; y(rank) = 10 + (rank - 1) x (48 - 26) / 1 = 10 or 32
    with i18n.speaking("en"):
        svg = chart([("Adams, Amy", [1, 2, 1]), ("Baker, Ben", [2, 1, 2])])
    assert 'viewBox="0 0 320 48"' in svg
    # the scale for assets/race-pick.js: x of the first and the last of 3 rounds (24, 216); y of rank 1 and of the
    # lowest rank drawn, 2 (10, 32)
    assert 'data-x="24 216 3" data-y="10 32 2"' in svg
    assert re.findall(r'<polyline points="([^"]*)"', svg) == ["24,10 120,32 216,10", "24,32 120,10 216,32"]
    # the names at the lines' ends, 6 to the right of x = 216, 4 under their line's height: 14 and 36
    assert re.findall(r'<text x="222" y="(\d+)">([^<]*)</text>', svg) == [("14", "Adams, Amy"), ("36", "Baker, Ben")]
    assert 'aria-label="The first 2 players&#39; rank after each round; the table gives every player&#39;s."' in svg


def test_a_players_own_line_is_placed_in_the_field_and_read_out_in_the_pages_language() -> None:
    # 4 rounds in a field of 24: x = i x 100 / 3 = 0, 33, 67, 100 (rounded); y = (rank - 1) x 20 / 23:
    # y(24) = 20, y(12) = 9.57 = 10, y(3) = 1.74 = 2, y(1) = 0
    with i18n.speaking("en"):
        svg = sparkline([24, 12, 3, 1], 24)
    assert re.findall(r'<polyline points="([^"]*)"', svg) == ["0,20 33,10 67,2 100,0"]
    assert 'aria-label="Rank after each round: 24, 12, 3, and 1"' in svg  # CLDR's English list
    with i18n.speaking("ja"):
        assert 'aria-label="各回戦後の順位：24、12、3、1"' in sparkline([24, 12, 3, 1], 24)
    with i18n.speaking("de"):
        assert 'aria-label="Rang nach jeder Runde: 24, 12, 3 und 1"' in sparkline([24, 12, 3, 1], 24)
    assert len(svg.encode()) < 250  # (as small as a word: a busy player's page carries dozens)


def test_one_round_is_no_race() -> None:
    assert chart([("Adams, Amy", [1])]) == ""
    assert chart([]) == ""
    assert sparkline([3], 24) == ""


def test_the_championships_standings_draw_the_leaders_through_the_nine_rounds(
        demo_build: tuple[Path, subprocess.CompletedProcess[str]]) -> None:
    """The MSOWSC's standings page: eight lines of nine points, each the ranks its table gives the first eight."""
    site, result = demo_build
    assert result.returncode == 0, result.stderr
    page = (site / "2000-mso-shogi" / "championship" / "index.html").read_text(encoding="utf-8")
    figure = page[page.index('<figure class="race-chart">'):page.index("</figure>", page.index("race-chart"))]
    lines = re.findall(r'<polyline points="([^"]*)"[^>]*><title>([^<]*)</title>', figure)
    assert len(lines) == 8 and all(len(points.split()) == 9 for points, _name in lines)
    table = page[page.index("Rank after each round"):]
    rows = re.findall(r"<tr><td><a [^>]*>([^<]*)</a></td>((?:<td>[^<]*</td>){9})</tr>", table)[:8]
    height = int(re.search(r'viewBox="0 0 320 (\d+)"', figure)[1])
    ranks = [[int(r.rstrip("=")) for r in re.findall(r"<td>([^<]*)</td>", cells)] for _name, cells in rows]
    low = max(max(r) for r in ranks)
    for (points, name), (row_name, _cells), row in zip(lines, rows, ranks, strict=True):
        assert html.unescape(name) == html.unescape(row_name)
        ys = [int(p.split(",")[1]) for p in points.split()]
        assert ys == [round(10 + (r - 1) * (height - 26) / (low - 1)) for r in row]  # the chart's scale (above)
    assert len(figure.encode()) < 4000


# A Swiss of ten players over three rounds, ranked by points alone (no tiebreaks: players level on points share the
# rank and are listed by name), for the reader's own pick on the standings' chart (assets/race-pick.js).
RACE_PLAYERS = {"ash": "Ash, Ann", "birch": "Birch, Bo", "cedar": "Cedar, Cy", "dogwood": "Dogwood, Di",
                "elm": "Elm, Ed", "fir": "Fir, Fay", "gum": "Gum, Gus", "hazel": "Hazel, Hal", "ivy": "Ivy, Ida",
                "juniper": "Juniper, Jo"}
RACE_ROUNDS = [
    # after round 1: Ash, Cedar, Elm, Gum 1 (rank 1=); Ivy, Juniper ½ (5=); Birch, Dogwood, Fir, Hazel 0 (7=)
    [("ash", "birch", "1-0"), ("cedar", "dogwood", "1-0"), ("elm", "fir", "1-0"), ("gum", "hazel", "1-0"),
     ("ivy", "juniper", "½-½")],
    # after round 2: Ash, Elm 2 (1=); Birch, Cedar, Gum, Juniper 1 (3=); Dogwood, Fir, Hazel, Ivy ½ (7=)
    [("ash", "cedar", "1-0"), ("elm", "gum", "1-0"), ("birch", "ivy", "1-0"), ("dogwood", "juniper", "½-½"),
     ("fir", "hazel", "½-½")],
    # after round 3: Ash 3 (1); Cedar, Elm 2 (2=); Birch, Dogwood, Fir, Juniper 1½ (4=); Gum 1 (8);
    # Hazel, Ivy ½ (9=)
    [("ash", "elm", "1-0"), ("birch", "juniper", "½-½"), ("cedar", "gum", "1-0"), ("dogwood", "hazel", "1-0"),
     ("fir", "ivy", "1-0")],
]


@pytest.fixture(scope="module")
def race_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    base = tmp_path_factory.mktemp("race")
    # (not a folder named data: pytest removes old temporary folders by their names relative to their parent,
    # which the suite's guard, tests/guard/sitecustomize.py, takes for the organizer's data/)
    data = base / "race-data"
    event = data / "cup" / "open"
    event.mkdir(parents=True)
    (data / "players.yaml").write_text("".join(
        f"{pid}: {{family: {name.split(', ')[0]}, given: {name.split(', ')[1]}, country: NL}}\n"
        for pid, name in RACE_PLAYERS.items()), encoding="utf-8")
    (data / "cup" / "festival.yaml").write_text(
        "name: Race Cup\ncity: Leiden\ncountry: NL\nstart: 2024-03-02\nend: 2024-03-03\nevents: [open]\n",
        encoding="utf-8")
    (event / "event.yaml").write_text(
        "name: Race Open\nshort: Open\nformat: swiss\ngame: shogi\nrounds: 3\nstart: 2024-03-02\nend: 2024-03-03\n"
        "time_control: {minutes: 30, byoyomi: 30}\nrated: false\n"
        f"players: [{', '.join(RACE_PLAYERS)}]\n", encoding="utf-8")
    for n, games in enumerate(RACE_ROUNDS, start=1):
        (event / f"round-{n}.yaml").write_text(
            f"date: 2024-03-0{2 if n < 3 else 3}\ngames:\n" + "".join(f"  - [{a}, {b}, {r}]\n" for a, b, r in games),
            encoding="utf-8")
    result = build_site(data, base / "site")
    assert result.returncode == 0, result.stderr[-3000:]
    with serving(base / "site") as url:
        yield url


POINTS = "el => el.getAttribute('points')"


def test_a_reader_adds_any_players_line_to_the_race_on_a_phone(browser: Browser, race_url: str) -> None:
    """On a 375 px phone, the list under the chart draws a player who is not among the eight leaders: his line,
    from his ranks in the table, on the chart's scale, with his name at its end; a screen reader is told. His
    rank 9 is below the leaders' lowest (8): the scale reaches down to 9 and every line is drawn again on it.
    "No other player" gives the chart back as it was built. Nothing is fetched from elsewhere."""
    context = browser.new_context(viewport={"width": 375, "height": 812})
    requests: list[str] = []
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("request", lambda r: requests.append(r.url))
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(race_url + "/cup/open/")
        svg = page.locator("figure.race-chart svg")
        # The leaders: the table's first eight (Ash, Cedar, Elm, Birch, Dogwood, Fir, Juniper, Gum); their lowest
        # rank is Gum's 8 after round 3. Eight lines: height 10 + 16 + max(11 x min(8, 10), 11 x 8) = 114; the
        # plot 114 - 26 = 88 high. x(i) = 24 + i x (320 - 24 - 104) / 2 = 24, 120, 216.
        # y(r) = 10 + (r - 1) x 88 / 7: y(1) = 10, y(3) = 35.14 = 35, y(8) = 98
        assert svg.get_attribute("viewBox") == "0 0 320 114"
        assert (svg.get_attribute("data-x"), svg.get_attribute("data-y")) == ("24 216 3", "10 98 8")
        gum = svg.locator("polyline", has=page.locator("title", has_text="Gum, Gus"))
        assert gum.evaluate(POINTS) == "24,10 120,35 216,98"  # Gum: 1, 3, 8
        built = svg.evaluate("s => [...s.querySelectorAll('polyline')].map(p => p.getAttribute('points'))")
        assert len(built) == 8
        # Ivy's row of the table: 5= (½), 7= (½), 9= (½)
        table = page.get_by_role("table", name="Rank after each round")
        row = table.locator("tr", has=page.locator("td", has_text="Ivy, Ida"))
        assert row.locator("td").all_inner_texts()[1:] == ["5=", "7=", "9="]

        pick = page.get_by_label("Add a player to the chart")
        expect(pick).to_be_visible()
        # The players not drawn, in the table's order (Hazel and Ivy share 9th: by name)
        assert pick.locator("option").all_inner_texts() == ["No other player", "Hazel, Hal", "Ivy, Ida"]
        pick.select_option(label="Ivy, Ida")
        added = svg.locator("polyline.race-picked")
        expect(added).to_have_count(1)
        # Ivy's 9 is below the leaders' 8: y(r) = 10 + (r - 1) x 88 / 8 = 10 + 11 (r - 1):
        # y(5) = 54, y(7) = 76, y(9) = 98
        assert added.evaluate(POINTS) == "24,54 120,76 216,98"
        assert added.locator("title").text_content() == "Ivy, Ida"
        assert added.get_attribute("stroke") == "var(--md-code-hl-string-color)"
        # Gum again, on the new scale: y(1) = 10, y(3) = 32, y(8) = 87; the axis's lowest rank is now 9
        assert gum.evaluate(POINTS) == "24,10 120,32 216,87"
        assert svg.locator("text[text-anchor=end]").all_text_contents() == ["1", "9"]
        # His name at his line's end: the ends' heights in order 10 (Ash), 21 21 (Cedar, Elm: rank 2), 43 x 4
        # (rank 4), 87 (Gum), 98 (Ivy); one under the other, 11 apart at least: 10, 21, 32, 43, 54, 65, 76, 87,
        # 98; Ivy's name at x 216 + 6 = 222, y 98 + 4 = 102 (in the 114 high picture: no taller)
        name = svg.locator("text.race-picked")
        expect(name).to_have_text("Ivy, Ida")
        expect(name).to_be_visible()
        assert (name.get_attribute("x"), name.get_attribute("y")) == ("222", "102")
        assert svg.get_attribute("viewBox") == "0 0 320 114"
        # A screen reader is told, and the chart's text says so
        expect(page.locator(".race-pick [role=status]")).to_have_text("Also drawn: Ivy, Ida.")
        assert (svg.get_attribute("aria-label") or "").endswith(" Also drawn: Ivy, Ida.")
        # No sideways scrolling of the page at 375 px
        assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")

        # Another replaces him: Hazel 7, 7, 9: y = 76, 76, 98
        pick.select_option(label="Hazel, Hal")
        expect(added).to_have_count(1)
        assert added.evaluate(POINTS) == "24,76 120,76 216,98"
        expect(name).to_have_text("Hazel, Hal")
        # No other player: the chart as built, every line and the axis
        pick.select_option(label="No other player")
        expect(added).to_have_count(0)
        assert svg.evaluate("s => [...s.querySelectorAll('polyline')].map(p => p.getAttribute('points'))") == built
        assert svg.locator("text[text-anchor=end]").all_text_contents() == ["1", "8"]
        expect(page.locator(".race-pick [role=status]")).to_have_text("")
        assert errors == []
        assert [u for u in requests if not u.startswith(race_url + "/")] == []
    finally:
        context.close()


def test_without_scripts_the_race_has_no_dead_control(browser: Browser, race_url: str) -> None:
    """Without JavaScript the page reads as built: the leaders' chart and the table with every rank, and no list
    that would do nothing."""
    context = browser.new_context(viewport={"width": 375, "height": 812}, java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(race_url + "/cup/open/")
        expect(page.locator("figure.race-chart svg polyline")).to_have_count(8)
        table = page.get_by_role("table", name="Rank after each round")
        expect(table.locator("tr", has=page.locator("td", has_text="Ivy, Ida"))).to_have_count(1)
        expect(page.locator("select")).to_have_count(0)
        expect(page.locator(".race-pick")).to_have_count(0)
    finally:
        context.close()
