"""The theme's frame rendered once where it recurs (engine/frame.py): the site is the one rendered in full, byte for
byte, and the keys put together only the parts whose links are written the same."""

from __future__ import annotations

import itertools
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File
from mkdocs.structure.nav import Section
from mkdocs.structure.pages import Page
from mkdocs.utils import normalize_url

from generator.engine.frame import Frame

from .conftest import DEMO, ROOT, site_config_text

# The build with every part of the frame rendered on every page: Frame.keep keeps nothing
IN_FULL = ("import sys; from generator.engine import frame; frame.Frame.keep = lambda self, key, html: html; "
           "from generator.__main__ import main; sys.exit(main(sys.argv[1:]))")


def built(data: Path, site: Path, config: Path, in_full: bool) -> dict[str, bytes]:
    env = {**os.environ, "BANZUKE_LANGUAGES": "en,de", "BANZUKE_CACHE": "off"}
    command = ["-c", IN_FULL] if in_full else ["-m", "generator"]
    result = subprocess.run([sys.executable, *command, "build", "--data", str(data), "--site-dir", str(site),
                             "--config", str(config)], check=False, capture_output=True, text=True, cwd=ROOT, env=env)
    assert result.returncode == 0, result.stderr
    files = {p.relative_to(site).as_posix(): p.read_bytes() for p in sorted(site.rglob("*")) if p.is_file()}
    shutil.rmtree(site)
    return files


def config_with(tmp_path: Path, features: list[str], files: bool) -> Path:
    """mkdocs.yml with the theme's other ways of showing the sidebar (`features`), its paths made absolute; with
    `files`, each page a file of its own (page.html, not page/index.html)."""
    text = site_config_text()
    text = text.replace("  features:\n", "  features:\n" + "".join(f"    - {f}\n" for f in features))
    config = tmp_path / "mkdocs.yml"
    if files:
        text = text.replace("use_directory_urls: true\n", "use_directory_urls: false\n")
    config.write_text(text, encoding="utf-8")
    return config


@pytest.mark.parametrize("features, files", [
    ([], False),
    (["navigation.sections", "navigation.tabs", "navigation.expand"], False),
    (["navigation.prune", "navigation.sections"], True),
], ids=["as shipped", "sections and tabs", "pruned, pages as files"])
def test_the_site_is_the_one_rendered_in_full(tmp_path: Path, features: list[str], files: bool) -> None:
    config = config_with(tmp_path, features, files)
    assert ("use_directory_urls: false" in config.read_text(encoding="utf-8")) is files
    kept = built(DEMO, tmp_path / "site", config, in_full=False)
    full = built(DEMO, tmp_path / "site", config, in_full=True)
    assert kept.keys() == full.keys()
    assert [name for name in kept if kept[name] != full[name]] == []
    assert sum(name.endswith(".html") for name in kept) > 300  # (the demo in two languages: every page compared)


def page(url: str) -> Page:
    """A page at `url` (a folder's address, or a file's with use_directory_urls off)."""
    config = MkDocsConfig()
    config.load_dict({"site_name": "x", "use_directory_urls": not url.endswith(".html")})
    src = url + "index.md" if url.endswith("/") or not url else url[:-len(".html")] + ".md"
    file = File(src, "docs", "site", use_directory_urls=not url.endswith(".html"))
    return Page(None, file, config)


URLS = ["", "a/", "a/b/", "a/c/", "a/b/d/", "a/b/e/", "f/", "a/b/d/x.html", "a/b/y.html", "a/z.html", "404.html"]


def rendered(leaves: list[Page], on: Page) -> str:
    """An item of the sidebar as the theme renders it on the page `on`: its links by the engine's `url` filter."""
    return "".join(f'<li class="x"><a href="{normalize_url(leaf.url, page=on)}" class="md-nav__link">{n}</a></li>'
                   for n, leaf in enumerate(leaves))


def test_a_kept_item_is_printed_as_rendered_on_each_page() -> None:
    # Every item of one or two pages, kept from every page it is not on, printed on every other page it is not on:
    # each time what the theme renders there (its links as the engine's `url` filter writes them from that page)
    pages = {url: page(url) for url in URLS}
    items = [[pages[u]] for u in URLS] + [[pages[u], pages[v]] for u, v in itertools.combinations(URLS, 2)]
    printed = 0
    for leaves in items:
        item = Section("s", leaves) if len(leaves) > 1 else leaves[0]
        for first, then in itertools.permutations([p for p in pages.values() if p not in leaves], 2):
            frame = Frame("assets/")
            assert frame.kept_item(first, None, item, "__nav_1", 1, None) is None
            frame.keep_item(first, None, item, "__nav_1", 1, None, rendered(leaves, first))
            assert frame.kept_item(then, None, item, "__nav_1", 1, None) == rendered(leaves, then)
            printed += 1
    assert printed > 1000
    # ("a/b/" links to "a/c/" as "../c/", "f/" as "../../f/" as the theme writes it)
    assert rendered([pages["a/c/"], pages["f/"]], pages["a/b/"]).count('href="../') == 2


class Sidebar:
    def __init__(self, items: list[object]) -> None:
        self.items = items


def test_a_sidebars_key_is_shared_only_by_pages_its_links_are_written_the_same_from() -> None:
    # Sidebars of one or two pages (and a logo leading to the site's root), from every page not in them: pages
    # with the same key have every link of it written the same (the engine's `url` filter), and some share one
    pages = {url: page(url) for url in URLS}
    shared = 0
    for u, v in itertools.combinations(URLS, 2):
        nav = Sidebar([Section("s", [pages[u], pages[v]])])
        keys: dict[object, set[tuple[str, ...]]] = {}
        for url, p in pages.items():
            key = Frame("assets/").sidebar_key(p, nav, ["", None])
            if url in (u, v):
                assert key is None
                continue
            keys.setdefault(key, set()).add(tuple(normalize_url(x, page=p) for x in (u, v, "")))
        assert all(len(links) == 1 for links in keys.values()), (u, v, keys)
        shared += sum(len(links) == 1 for links in keys.values()) < len(pages) - 2
    assert shared > 10  # ("a/b/" and "a/c/" link to "f/" alike, and to the root: "../../")


def test_an_item_with_a_link_not_to_its_pages_is_not_kept() -> None:
    a, b, c = page("a/"), page("b/"), page("c/")
    frame = Frame("assets/")
    frame.keep_item(a, None, b, "__nav_1", 1, None, '<a href="../b/">b</a> <a href="../elsewhere/">x</a>')
    assert frame.kept_item(c, None, b, "__nav_1", 1, None) is None
    frame.keep_item(a, None, b, "__nav_1", 1, None, '<a href="../b/">b</a>')
    assert frame.kept_item(c, None, b, "__nav_1", 1, None) == '<a href="../b/">b</a>'
    assert frame.kept_item(c, None, b, "__nav_2", 1, None) is None  # (another place: other toggles' ids)


def test_an_open_item_or_one_that_holds_the_page_is_rendered_every_time() -> None:
    round_1, round_2, crosstable = page("e/round-1/"), page("e/round-2/"), page("e/crosstable/")
    event = Section("Event", [round_1, round_2, crosstable])
    frame = Frame("assets/")
    assert frame.item_key(round_1, None, event, "__nav_1", 1, None) is None  # (the page is in it)
    assert frame.item_key(round_1, None, crosstable, "__nav_1_3", 2, event) == frame.item_key(
        round_2, None, crosstable, "__nav_1_3", 2, event)
    assert frame.item_key(round_1, None, crosstable, "__nav_1_3", 2, event) != frame.item_key(
        round_1, None, crosstable, "__nav_1_2", 2, event)  # (another place: other toggles' ids)
    event.active = True
    assert frame.item_key(round_1, None, crosstable, "__nav_1_3", 2, event) != frame.item_key(
        round_2, None, crosstable, "__nav_1_3", 2, Section("Other", []))  # (its parent open, or closed)
    crosstable.active = True
    assert frame.item_key(round_1, None, crosstable, "__nav_1_3", 2, event) is None


def test_a_part_as_deep_in_the_site_is_keyed_by_the_way_up() -> None:
    frame = Frame("assets/")
    assert frame.depth_key("styles", page("a/b/"), "../..") == frame.depth_key("styles", page("c/d/"), "../..")
    assert frame.depth_key("styles", page("a/"), "..") != frame.depth_key("styles", page("a/b/"), "../..")
    assert frame.depth_key("styles", None, "/") is None  # (the theme's own "page not found")
    assert frame.depth_key("styles", page("assets/x/"), "../..") is None
