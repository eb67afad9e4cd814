"""Guards over every built page of the demo site: generated pages are HTML that MkDocs does not read, so these
checks do what its link validation did, and catch what a template or an escape gets wrong on any page."""

from __future__ import annotations

import posixpath
import re
from html import unescape
from pathlib import Path
from urllib.parse import urlsplit

HREF = re.compile(r'<(?:a|link|script|img)\b[^>]*?\b(?:href|src)="([^"]*)"')
IDS = re.compile(r'\bid="([^"]+)"')
HIDDEN = re.compile(r"<(script|style|code|pre|svg)\b.*?</\1>", re.S)
TAG = re.compile(r"<[^>]+>")


def pages(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


def target(site: Path, page: Path, href: str) -> tuple[Path, str] | None:
    """The file an internal link leads to, and its anchor; None for a link out of the site."""
    parts = urlsplit(href)
    if parts.scheme or parts.netloc or href.startswith(("mailto:", "javascript:")):
        return None
    if not parts.path:
        return page, parts.fragment
    here = "" if parts.path.startswith("/") else page.parent.relative_to(site).as_posix()  # 404.html: from the root
    path = posixpath.normpath(posixpath.join(here, parts.path.lstrip("/")))
    found = site / path
    if parts.path.endswith("/") or found.is_dir():
        found = found / "index.html"
    return found, parts.fragment


def test_every_internal_link_of_every_page_leads_to_a_file_and_anchor(demo_build):
    site, result = demo_build
    assert result.returncode == 0, result.stderr
    ids: dict[Path, set[str]] = {}
    broken = []
    checked = 0
    for page in pages(site):
        html = page.read_text(encoding="utf-8")
        for href in HREF.findall(html):
            found = target(site, page, unescape(href))
            if found is None:
                continue
            file, anchor = found
            checked += 1
            if not file.is_file():
                broken.append(f"{page.relative_to(site)}: {href}")
            elif anchor and file.suffix == ".html":
                if file not in ids:
                    ids[file] = set(IDS.findall(file.read_text(encoding="utf-8")))
                if anchor not in ids[file]:
                    broken.append(f"{page.relative_to(site)}: {href} (no such anchor)")
    assert broken == []
    assert checked > 10_000  # every page links to its sidebar, players and rounds: the check did run


def test_no_page_shows_markdown_or_double_escapes(demo_build):
    site, _ = demo_build
    leftovers = []
    for page in pages(site):
        html = page.read_text(encoding="utf-8")
        if "&amp;lt;" in html or "&amp;amp;" in html:
            leftovers.append(f"{page.relative_to(site)}: double escape")
        body = html.split('<article class="md-content__inner md-typeset">', 1)[-1]
        text = unescape(TAG.sub(" ", HIDDEN.sub(" ", body)))
        for mark in ("](", ".md)", "**", " | ", "{:"):
            if mark in text:
                leftovers.append(f"{page.relative_to(site)}: {mark!r}")
    assert leftovers == []


def test_each_festival_page_has_only_its_own_festival_in_the_sidebar(demo_build):
    site, _ = demo_build
    # The demo has five festivals; a round of the MSO 2000 festival lists its events, not the other festivals'.
    html = (site / "2000-mso-shogi/championship/round-3/index.html").read_text(encoding="utf-8")
    sidebar = html.split('class="md-nav md-nav--primary"', 1)[1].split("md-sidebar--secondary", 1)[0]
    assert "MSOWSC" in sidebar and "Team Match" in sidebar
    for other in ("Leiden Autumn Open", "Shuuro-250", "Oware"):
        assert other not in sidebar
    # Rounds are listed for the page's own event only: the MSOWSC's nine, none of the Blitz's eight.
    assert len(re.findall(r'href="\.\./round-\d/"', sidebar)) == 8  # rounds 1-9 but this one (round-3 is "./")
    assert "blitz/round-" not in sidebar
    # A player's page, in no festival, has the site-wide sidebar alone: Home, Players and the help pages.
    html = (site / "players/de-vries-pieter/index.html").read_text(encoding="utf-8")
    sidebar = html.split('class="md-nav md-nav--primary"', 1)[1].split("md-sidebar--secondary", 1)[0]
    assert "MSOWSC" not in sidebar and "Players" in sidebar


NAV_LINK = re.compile(r'<a href="([^"]*)" class="md-nav__link[^"]*">\s*<span class="md-ellipsis">([^<]*)</span>')


def test_every_sidebar_names_each_event_by_its_short_name(demo_build):
    """The sidebar (also the phone's menu) of every page: a link to an event's first page says the event's short
    name (event.yaml `short`), whichever page it is on; "Standings" was the label of the festival's last event
    in every sidebar but its own."""
    import yaml
    site, _ = demo_build
    from .conftest import DEMO
    shorts = {f"{p.parent.parent.name}/{p.parent.name}": yaml.safe_load(p.read_text(encoding="utf-8"))["short"]
              for p in DEMO.glob("*/*/event.yaml")}
    wrong, seen = [], 0
    for page in pages(site):
        text = page.read_text(encoding="utf-8")
        start = text.find("md-nav--primary")
        nav = text[start:text.find("</nav>", start)]
        for href, label in NAV_LINK.findall(nav):
            found = target(site, page, unescape(href))
            if found is None:
                continue
            where = found[0].parent.relative_to(site).as_posix()
            if where in shorts:
                seen += 1
                if unescape(label).strip() != shorts[where]:
                    wrong.append(f"{page.relative_to(site)}: {href} says {label.strip()!r}")
    assert wrong == []
    assert seen > 200  # every page of a festival (129) links to its other events: the check did run


def test_every_name_the_site_writes_is_one_no_data_folder_may_take(demo_build):
    """Data folders become parts of addresses: the names the site writes itself at its top and in a festival are
    the ones generator/site_names.py refuses, so that no festival or event replaces a page."""
    from generator.sources.site_names import FESTIVAL_PAGES, taken_at_top
    from .conftest import DEMO
    site, _ = demo_build
    festivals = {p.name for p in DEMO.iterdir() if p.is_dir()}
    top = {p.name.split(".")[0] for p in site.iterdir()} - festivals
    assert top and all(taken_at_top(name) for name in top), sorted(n for n in top if not taken_at_top(n))
    from generator.pipeline import load
    for festival in load(DEMO).data.festivals:
        own = {p.name.split(".")[0] for p in (site / festival.id).iterdir()} - {e.id for e in festival.events}
        assert own and own <= FESTIVAL_PAGES, (festival.id, own)


def test_every_wall_sheet_has_its_qr_code_or_says_there_is_no_address(demo_build):
    """Built without a site address: every sheet says so (and how to give one), none draws a code."""
    site, _ = demo_build
    sheets = [p for p in pages(site) if p.parent.name.startswith("print-")]
    assert len(sheets) > 100  # every round of every event with pairings, the simul's, each event's standings
    for page in sheets:
        html = page.read_text(encoding="utf-8")
        assert "sheet-qr" not in html, page
        assert html.count("No site address configured (no QR code): set site_url in mkdocs.yml or BANZUKE_SITE_URL.") \
            == html.count('<div class="sheet-head">') >= 1, page


def test_every_handicap_column_is_explained_on_its_page(demo_build):
    """A table with an H column (the handicap codes) has the codes' key on the same page."""
    site, _ = demo_build
    checked = 0
    for page in pages(site):
        html = page.read_text(encoding="utf-8")
        if "<th>H</th>" in html:
            checked += 1
            assert "L lance, B bishop, R rook, RL rook and lance, 2P … 6P pieces" in html, page
    assert checked >= 15  # the team match's rounds and their sheets, the simul's givers and sheets: the check did run


def test_no_page_and_none_of_the_sites_scripts_asks_for_anything_outside_the_site(demo_build):
    """The scripts a page loads are the site's own files, and the site's own scripts (mkdocs.yml
    extra_javascript: the live pages, the Find your board box …) name no address of another site."""
    import yaml
    from .conftest import ROOT
    site, _ = demo_build
    outside = []
    for page in pages(site):
        for src in re.findall(r'<script\b[^>]*\bsrc="([^"]*)"', page.read_text(encoding="utf-8")):
            if urlsplit(unescape(src)).scheme or src.startswith("//"):
                outside.append(f"{page.relative_to(site)}: {src}")
    assert outside == []
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=yaml.BaseLoader)
    scripts = config["extra_javascript"]
    assert "assets/live.js" in scripts and "assets/now.js" in scripts
    for name in scripts:
        code = (site / name).read_text(encoding="utf-8")
        assert not re.search(r"[a-z]+://|[\"'`]//", code), name


TH = re.compile(r"<th\b([^>]*)>(.*?)</th>", re.S)
NAMED = re.compile(r'\baria-label="[^"]*\S[^"]*"')


def test_every_header_cell_of_every_page_has_a_name(demo_build):
    """No <th> is empty: a screen reader reads each column's name (a column without a visible heading, such as
    the result between the two players, has a visually hidden one or an aria-label)."""
    site, _ = demo_build
    empty = []
    checked = 0
    for page in pages(site):
        for attrs, inner in TH.findall(page.read_text(encoding="utf-8")):
            checked += 1
            if not unescape(TAG.sub("", inner)).strip() and not NAMED.search(attrs):
                empty.append(f"{page.relative_to(site)}: <th{attrs}>{inner}</th>")
    assert empty == []
    assert checked > 2_000  # every round, standings and player page has header cells: the check did run


SCROLL_BOX = re.compile(r'<div class="bracket"[^>]*>')


def test_every_scroll_box_in_the_markup_is_reachable_by_keyboard_and_named(demo_build):
    """A box of the page that scrolls sideways by itself (the knock-out bracket; the tables' boxes are the theme's,
    named by assets/tables.js) takes the keyboard's focus, so that the arrow keys scroll it, and is a named
    region."""
    site, _ = demo_build
    boxes = [(page, tag) for page in pages(site) for tag in SCROLL_BOX.findall(page.read_text(encoding="utf-8"))]
    assert boxes  # the demo's knock-out has its bracket
    for page, tag in boxes:
        assert 'tabindex="0"' in tag and 'role="region"' in tag and NAMED.search(tag), (page, tag)


TABLE = re.compile(r"<table\b([^>]*)>(\s*<caption\b)?")
LABELLEDBY = re.compile(r'\baria-labelledby="([^"]*)"')


def test_every_table_of_every_page_has_a_name(demo_build):
    """A screen reader lists a page's tables by their names: every table has a caption, an aria-label, or an
    aria-labelledby (render/text.py label_tables: the heading above it); and every aria-labelledby of every page
    (the tables', the sidebar's, the bracket's) names elements that are on that page."""
    site, _ = demo_build
    unnamed, dangling = [], []
    tables = 0
    for page in pages(site):
        html = page.read_text(encoding="utf-8")
        ids = set(IDS.findall(html))
        for attrs, caption in TABLE.findall(html):
            tables += 1
            if not caption and not NAMED.search(attrs) and not LABELLEDBY.search(attrs):
                unnamed.append(f"{page.relative_to(site)}: <table{attrs}>")
        for value in LABELLEDBY.findall(html):
            if not value.split() or not set(value.split()) <= ids:
                dangling.append(f"{page.relative_to(site)}: aria-labelledby={value!r}")
    assert unnamed == [] and dangling == []
    assert tables > 500  # standings, rounds, player pages, the organizers' page: the check did run
