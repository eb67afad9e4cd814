"""The race as a picture (render/race.py): the leaders' ranks through an event's rounds on its standings, a
player's own rank through each event on his page; inline SVG made at build time, with a label a screen reader
reads, in the page's language."""

from __future__ import annotations

import html
import re
import subprocess
from pathlib import Path

from generator.render import i18n
from generator.render.race import chart, sparkline


def test_two_lines_are_drawn_where_the_ranks_put_them() -> None:
    # 3 rounds, ranks 1..2: the lowest rank drawn is 2; height = 10 (top) + 16 (bottom) + max(11 x 2, 11 x 2) = 48;
    # x(i) = 24 + i x (320 - 24 - 104) / 2 = 24, 120, 216; y(rank) = 10 + (rank - 1) x (48 - 26) / 1 = 10 or 32
    with i18n.speaking("en"):
        svg = chart([("Adams, Amy", [1, 2, 1]), ("Baker, Ben", [2, 1, 2])])
    assert 'viewBox="0 0 320 48"' in svg
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
