"""Wall sheets as printed: long names on A4, the QR code of a sheet printed from the preview, a team round's sheets
by match, the simul's sheets, and the Now block of a team round.

Printing is Chromium's (page.pdf, A4); what is on the paper is read back with poppler's pdfinfo and pdftotext
(-layout for the lines, -bbox for where each word is) and the QR code with zbarimg."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from .conftest import MINI, ROOT, build_site
from .support import free_port, serving
from .test_festival_day import pending, text_of  # noqa: F401  (the demo with two rounds being played)
from .test_preview import wait_for

SITE_URL = "https://results.example.org/festival/"
WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>')

# The longest names in FESA's published result tables (WOSC 2024, Championnat de France 2025), family name first.
REAL = [("Fernandez Nogueira", "Anna"), ("Le Hecho Ladjal", "Younès"), ("Torrico Velazquez", "Juan"),
        ("Mojica Lopez", "Alejandro")]
# Names of 45 characters ("family, given"), the given names ending in the player's number (two digits).
LONG = [("Wolfeschlegelsteinhausen-Bergerdorf", "Hubert"), ("de los Santos Rodrigues Fernandes", "Anamaria"),
        ("Oyelaran-Vandenberghe-Lindqvist", "Maximilian"), ("Nakamura-Abernathy-Castellanos", "Christopher")]


def long_names() -> list[tuple[str, str]]:
    """60 players: the 4 real names, then 56 names of 45 characters."""
    names = list(REAL)
    for n in range(4, 60):
        family, given = LONG[n % 4]
        names.append((family, f"{given}{n:02d}"))
    assert [len(f"{f}, {g}") for f, g in names[4:]] == [45] * 56
    return names


def _long_site(root: Path, site_url: str = SITE_URL) -> Path:
    """An event of 60 players with these names, round 1 played and paired 1-31, 2-32 … 30-60 on boards 1-30 (the
    first-named with sente), built with the site's address."""
    data = root / "data"
    (data / "long/open").mkdir(parents=True)
    names = long_names()
    players = [f"p{n:02d}" for n in range(60)]
    (data / "players.yaml").write_text("".join(
        f"{pid}: {{family: {f}, given: {g}, country: ES, elo: {2000 - 5 * n}}}\n"
        for n, (pid, (f, g)) in enumerate(zip(players, names, strict=True))), encoding="utf-8")
    (data / "long/festival.yaml").write_text("name: Long Names Open\nstart: 2025-06-07\nevents: [open]\n",
                                             encoding="utf-8")
    (data / "long/open/event.yaml").write_text(
        "name: Long Names Open\nshort: Open\nformat: swiss\ngame: shogi\nrounds: 5\nstart: 2025-06-07\n"
        f"rated: false\nplayers: [{', '.join(players)}]\n", encoding="utf-8")
    (data / "long/open/round-1.yaml").write_text("date: 2025-06-07\ntime: \"10:00\"\ngames:\n" + "".join(
        f"  - [{players[n]}, {players[n + 30]}, 1-0]\n" for n in range(30)), encoding="utf-8")
    site = root / "site"
    built = build_site(data, site, site_url)
    assert built.returncode == 0, built.stderr
    return site


@pytest.fixture(scope="module")
def long_site(tmp_path_factory) -> Path:
    return _long_site(tmp_path_factory.mktemp("long"))


class Printed:
    """A page printed to PDF on A4: its pages, its text line by line, its words and where they are, and what the
    QR code on its first page says."""

    def __init__(self, browser: Browser, url: str, out: Path):
        page = browser.new_page()
        page.goto(url)
        page.pdf(path=str(out), format="A4", print_background=True)
        page.close()
        info = subprocess.run(["pdfinfo", str(out)], capture_output=True, text=True, check=True).stdout
        self.pages = int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))
        self.text = subprocess.run(["pdftotext", "-layout", str(out), "-"], capture_output=True, text=True,
                                   check=True).stdout
        self.flat = re.sub(r"\s+", " ", self.text)
        bbox = subprocess.run(["pdftotext", "-bbox", str(out), "-"], capture_output=True, text=True,
                              check=True).stdout
        size = re.search(r'<page width="([\d.]+)" height="([\d.]+)">', bbox)
        self.width, self.height = float(size.group(1)), float(size.group(2))
        self.words = [(float(a), float(b), float(c), float(d), w) for a, b, c, d, w in WORD.findall(bbox)]
        subprocess.run(["pdftoppm", "-r", "150", "-png", "-f", "1", "-l", "1", str(out), str(out.with_suffix(""))],
                       check=True)
        image = next(out.parent.glob(out.stem + "-*1.png"))
        self.code = subprocess.run(["zbarimg", "-q", "--raw", str(image)], capture_output=True, text=True,
                                   check=False).stdout.strip()

    def off_the_page(self) -> list[str]:
        """The words that are not wholly on the paper."""
        return [w for x0, y0, x1, y1, w in self.words if x0 < 0 or y0 < 0 or x1 > self.width or y1 > self.height]


def printed(browser: Browser, site: Path, path: str, out: Path) -> Printed:
    with serving(site) as url:
        return Printed(browser, url + "/" + path, out)


PRINTABLE = round((210 - 2 * 12) / 25.4 * 96)  # A4 less the print stylesheet's margins of 12 mm: 703 CSS px


def too_wide(browser: Browser, site: Path, path: str) -> float:
    """How far the sheet laid out for print on the printable width of A4 reaches past it, in CSS px (0: it
    fits). Chromium shrinks a page too wide for the paper when printing, so the PDF alone would not show it:
    the sheet must fit without that (everything smaller, and not every browser does it)."""
    with serving(site) as url:
        page = browser.new_page(viewport={"width": PRINTABLE, "height": 1000})
        page.emulate_media(media="print")
        page.goto(url + "/" + path)
        right = page.evaluate("Math.max(...[...document.querySelectorAll('.sheet, .sheet *')]"
                              ".map(e => e.getBoundingClientRect().right))")
        page.close()
    return max(0.0, float(right) - PRINTABLE)


def on_one_line(p: Printed, name: str) -> bool:
    return any(name in re.sub(r"\s+", " ", line) for line in p.text.splitlines())


@pytest.mark.browser
def test_long_names_fit_the_find_your_board_sheet(browser, long_site, tmp_path):
    p = printed(browser, long_site, "long/open/round-1/print-names/", tmp_path / "names.pdf")
    # 60 names at 30 lines of two a page: one A4 page, nothing off it, the QR code readable.
    assert abs(p.width - 595.3) < 2 and abs(p.height - 841.9) < 2 and p.pages == 1  # A4 in points: 210 x 297 mm
    assert p.off_the_page() == [] and too_wide(browser, long_site, "long/open/round-1/print-names/") == 0
    assert p.code == SITE_URL + "long/open/round-1/"
    # Every name whole on its line with his board and colour: player n (0-based) on board n + 1 with sente
    # for n < 30, else on board n - 29 with gote.
    for n, (family, given) in enumerate(long_names()):
        name = f"{family}, {given}"
        board, mark = (n + 1, "☗") if n < 30 else (n - 29, "☖")
        assert on_one_line(p, f"{name} {board} {mark}"), name


@pytest.mark.browser
def test_long_names_fit_the_pairings_and_standings_sheets(browser, long_site, tmp_path):
    p = printed(browser, long_site, "long/open/round-1/print-boards/", tmp_path / "boards.pdf")
    # 30 boards: one page; each board's number, both names and the result on one line.
    assert p.pages == 1 and p.off_the_page() == []
    assert too_wide(browser, long_site, "long/open/round-1/print-boards/") == 0
    assert p.code == SITE_URL + "long/open/round-1/"
    names = [f"{f}, {g}" for f, g in long_names()]
    for n in range(30):
        assert on_one_line(p, f"{n + 1} {names[n]} 1-0 {names[n + 30]}"), n + 1
    p = printed(browser, long_site, "long/open/print-standings/", tmp_path / "standings.pdf")
    # 60 rows: the first 30 won (1 point each), the others lost; nothing off the paper on any page.
    assert p.pages <= 2 and p.off_the_page() == []
    assert too_wide(browser, long_site, "long/open/print-standings/") == 0
    assert p.code == SITE_URL + "long/open/"
    for name in names:
        assert on_one_line(p, name), name


# --- the QR code of a sheet printed from the preview ----------------------------------------------------------


def _serve(tmp_path: Path, env: dict[str, str], config: Path | None = None) -> tuple[str, subprocess.Popen[bytes]]:
    data = tmp_path / "data"
    shutil.copytree(MINI, data)
    port = free_port()
    log = (tmp_path / "serve.log").open("w")
    server = subprocess.Popen([sys.executable, "-m", "generator", "serve", "--data", str(data), "--dev-addr",
                               f"127.0.0.1:{port}", *(["--config", str(config)] if config else [])],
                              cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    return f"http://127.0.0.1:{port}/", server


def _stop(server: subprocess.Popen[bytes]) -> None:
    server.send_signal(signal.SIGINT)
    assert server.wait(30) == 0


@pytest.mark.build
@pytest.mark.browser
def test_a_sheet_printed_from_the_preview_gives_the_published_address(browser, tmp_path):
    """BANZUKE_SITE_URL set: the QR code printed from `serve` leads to the published round page, not to the
    preview's 127.0.0.1 (which no phone at the venue can open)."""
    env = {k: v for k, v in os.environ.items() if k != "BANZUKE_SITE_URL"}
    base, server = _serve(tmp_path, {**env, "BANZUKE_SITE_URL": SITE_URL})
    try:
        wait_for(base + "cup/open/round-2/print-boards/", re.compile("</html>"))
        p = Printed(browser, base + "cup/open/round-2/print-boards/", tmp_path / "boards.pdf")
    finally:
        _stop(server)
    assert p.code == SITE_URL + "cup/open/round-2/"
    assert "No site address" not in p.text


@pytest.mark.build
def test_the_preview_takes_the_address_from_mkdocs_yml_and_says_when_there_is_none(tmp_path):
    """mkdocs.yml's site_url wins over BANZUKE_SITE_URL, in the preview too; with neither, the sheet says that no
    address is configured and draws no code."""
    config = tmp_path / "mkdocs.yml"
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    for relative in ("docs_dir: site_src", "  - generator/engine/hooks.py", "watch:\n  - generator"):
        assert relative in text
        head, _, path = relative.rpartition(" ")
        text = text.replace(relative, f"{head} {ROOT / path}", 1)  # (paths are read from the config's folder)
    config.write_text("site_url: https://shogi.example.net/results/\n" + text, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "BANZUKE_SITE_URL"}
    (tmp_path / "a").mkdir()
    base, server = _serve(tmp_path / "a", {**env, "BANZUKE_SITE_URL": SITE_URL}, config)
    try:
        sheet = wait_for(base + "cup/open/round-2/print-names/", re.compile("</html>"))
    finally:
        _stop(server)
    assert 'title="https://shogi.example.net/results/cup/open/round-2/"' in sheet
    (tmp_path / "b").mkdir()
    base, server = _serve(tmp_path / "b", env)
    try:
        sheet = wait_for(base + "cup/open/round-2/print-names/", re.compile("</html>"))
    finally:
        _stop(server)
    assert "sheet-qr" not in sheet and "127.0.0.1" not in sheet.split('<div class="sheet')[1]
    assert "No site address configured (no QR code): set site_url in mkdocs.yml or BANZUKE_SITE_URL." in sheet


# --- a team round: its boards in their matches ----------------------------------------------------------------


@pytest.mark.browser
def test_a_pending_team_rounds_sheets_name_the_matches(browser, pending, tmp_path):  # noqa: F811
    """Team Match round 5 (results taken out): the pairings sheet has the five matches, boards numbered 1-4
    within each (Great Britain - Japan three boards), the first-named team's player on the left, ☗ after the
    player who moves first; the find-your-board sheet gives each player his match and board."""
    p = printed(browser, pending, "2000-mso-shogi/team-match/round-5/print-boards/", tmp_path / "boards.pdf")
    assert p.off_the_page() == [] and p.pages <= 2
    for match in ("France and Switzerland – Netherlands", "Germany and Austria – Team C", "Great Britain – Japan",
                  "Team D – Team A", "Team B – Great Britain B"):
        assert on_one_line(p, match), match
    # Great Britain - Japan, from the round file: [ono-hiroshi, smith-james, r], [hashimoto-kenji, brown-oliver,
    # rl], [wilson-emma, ito-sakura, rl]: Smith (Great Britain) on the left of board 1, Ono (Japan) moves first.
    gb = p.flat[p.flat.index("Great Britain – Japan"):]
    assert re.match(r"Great Britain – Japan 1 Smith, James Ono, Hiroshi ☗ R 2 Brown, Oliver Hashimoto, Kenji ☗ RL "
                    r"3 Wilson, Emma ☗ Ito, Sakura RL ", gb), gb[:200]
    p = printed(browser, pending, "2000-mso-shogi/team-match/round-5/print-names/", tmp_path / "names.pdf")
    assert p.off_the_page() == [] and too_wide(browser, pending, "2000-mso-shogi/team-match/round-5/print-names/") == 0
    assert on_one_line(p, "Evans, Rhys Team B – Great Britain B, board 1 ☖")
    assert on_one_line(p, "Smith, James Great Britain – Japan, board 1 ☖")
    assert "board 9" not in p.flat and "board 16" not in p.flat  # no board numbered through the round


@pytest.mark.build
def test_a_team_rounds_sheet_gives_the_results_from_the_first_named_teams_side(demo_build):
    """Team Match round 5 as played: Great Britain - Japan board 1 [ono-hiroshi, smith-james, r, 0-1]: Smith won,
    so the sheet says 1-0 with Smith on the left, as the round page does."""
    site, _ = demo_build
    sheet = text_of((site / "2000-mso-shogi/team-match/round-5/print-boards/index.html").read_text("utf-8"))
    assert "Great Britain – Japan 1 Smith, James 1-0 Ono, Hiroshi ☗ R" in sheet
    page = text_of((site / "2000-mso-shogi/team-match/round-5/index.html").read_text("utf-8"))
    assert "1 Smith, James 1-0 Ono, Hiroshi ☗ R (Ono)" in page


@pytest.mark.build
def test_the_now_block_of_a_team_round_is_by_match(pending):  # noqa: F811
    html = (pending / "index.html").read_text(encoding="utf-8")
    block = next(b for b in html.split('<div class="now">')[1:] if "Now: Team Match, round 5" in b)
    block = text_of(block[:block.index("</div>")])
    assert "Great Britain – Japan 1 Smith, James … Ono, Hiroshi ☗ R 2 Brown, Oliver … Hashimoto, Kenji ☗ RL " \
           "3 Wilson, Emma ☗ … Ito, Sakura RL Team D – Team A 1 " in block
    # The handicap column's key, as on the round page.
    assert "H: the handicap, given by the player who moves first (L lance, B bishop, R rook, RL rook and lance, " \
           "2P … 6P pieces)." in block


# --- the simul ------------------------------------------------------------------------------------------------


@pytest.mark.build
def test_the_simul_has_its_wall_sheets(demo_build):
    """The demo's simul, one round of 24 boards: Nakao on boards 1-8, Kaufman 9-16, Ono 17-24 (round-1.yaml);
    the overview links the sheets, which lead back to it."""
    site, _ = demo_build
    simul = "2000-mso-shogi/simul"
    overview = (site / simul / "index.html").read_text(encoding="utf-8")
    assert 'href="round-1/print-boards/">boards in order</a>' in overview
    assert 'href="round-1/print-names/">find your board</a>' in overview
    boards = text_of((site / simul / "round-1/print-boards/index.html").read_text(encoding="utf-8"))
    assert "1 Nakao, Osamu 1-0 de Vries, Pieter L" in boards and "9 Kaufman, Larry 1-0 Dvořák, Petr L" in boards
    names = (site / simul / "round-1/print-names/index.html").read_text(encoding="utf-8")
    assert "the event&#39;s page" in names and 'href="../../"' in names
    cells = [text_of(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", names)]
    assert cells[cells.index("Nakao, Osamu") + 1] == "boards 1–8"
    assert cells[cells.index("Dvořák, Petr") + 1:cells.index("Dvořák, Petr") + 3] == ["9", "☖"]


@pytest.mark.build
def test_every_sheets_qr_code_says_what_it_leads_to(long_site):
    """Built with the site's address: on every sheet the QR code is a picture with a text alternative that names
    the page it leads to (a screen reader says more than "image")."""
    sheets = [p for p in long_site.rglob("*.html") if p.parent.name.startswith("print-")]
    assert len(sheets) >= 3  # the round's two sheets and the event's standings
    for page in sheets:
        html = page.read_text(encoding="utf-8")
        codes = re.findall(r'<span class="sheet-qr"[^>]*>\s*(<svg\b[^>]*>)', html)
        assert codes, page
        for svg in codes:
            label = re.search(r'\baria-label="([^"]*)"', svg)
            assert 'role="img"' in svg and label, (page, svg)
            assert SITE_URL + "long/open/" in label.group(1), (page, label.group(1))
