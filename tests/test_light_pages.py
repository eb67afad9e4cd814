"""Lighter pages (issue #47, point 3): the theme's assets written once, at the site's root, for every language
(each other language's pages lead to them there), and the theme's icons painted from the stylesheet rather than
drawn inline in every page. Checked on the mini festival built in English and German: every address in every
page leads to a file of the site, German pages are styled and search in a real Chromium."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from types import SimpleNamespace
from urllib.parse import unquote, urlsplit

import material
import pytest
from jinja2 import Environment
from mkdocs.config.config_options import ExtraScriptValue
from mkdocs.utils.templates import script_tag_filter, url_filter
from playwright.sync_api import Browser, expect

from generator.engine.hooks import _from_the_root

from .conftest import MINI, ROOT, build_site
from .support import serving

MATERIAL = Path(material.__file__).parent / "templates"  # the theme, as installed
EXTRA_CSS = ROOT / "site_src" / "assets" / "extra.css"
ICON_TEMPLATE = ROOT / "generator" / "engine" / "theme" / "partials" / "icon.html"


@pytest.fixture(scope="module")
def two(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The mini festival in English (at the root) and German (under /de/)."""
    site = tmp_path_factory.mktemp("light") / "site"
    built = build_site(MINI, site, languages="en,de")
    assert built.returncode == 0, built.stderr[-3000:]
    return site


class Addresses(HTMLParser):
    """Every src and href of a page, and the addresses in the theme's configuration (__config): the language's
    root and the search worker."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []
        self._config = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found += [value for name, value in attrs if name in ("src", "href") and value is not None]
        self._config = tag == "script" and ("id", "__config") in attrs

    def handle_data(self, data: str) -> None:
        if self._config:
            config = json.loads(data)
            self.found += [config["base"], config["search"]]
            self._config = False


def addresses(page: Path) -> list[str]:
    parser = Addresses()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser.found


def target(site: Path, page: Path, address: str) -> Path | None:
    """The file in the site that an address in `page` leads to (a folder's index.html); None for an address
    outside the site (another host, mailto:, a fragment of the page itself). An absolute path (the 404 pages', built
    without site_url) is from the site's root, which the host serves at its own."""
    parts = urlsplit(address)
    if parts.scheme or parts.netloc or not parts.path:
        return None
    path = unquote(parts.path)
    found = (site / path.lstrip("/")) if path.startswith("/") else (page.parent / path)
    found = found.resolve()
    return found / "index.html" if path.endswith("/") or found.is_dir() else found


@pytest.mark.build
def test_every_address_in_every_page_of_two_languages_is_a_file_of_the_site(two: Path):
    """Every page of both languages (the generated pages, the hand-written ones, the 404 pages): each of its
    addresses that leads into the site leads to a file there, and none leads out of it (above the site's root)."""
    pages = sorted(two.rglob("*.html"))
    german = [p for p in pages if p.relative_to(two).parts[0] == "de"]
    assert len(german) > 20 and len(pages) - len(german) > len(german)  # (the wall sheets: English alone)
    checked = 0
    for page in pages:
        for address in addresses(page):
            found = target(two, page, address)
            if found is None:
                continue
            assert found.is_relative_to(two.resolve()), (page.relative_to(two), address)
            assert found.is_file(), (page.relative_to(two), address)
            checked += 1
    assert checked > 30 * len(pages)


@pytest.mark.build
def test_the_other_languages_write_no_assets_and_lead_to_the_roots(two: Path):
    """/de/ has no assets/ of its own: the theme's stylesheets, scripts, search worker and favicon, and site_src's
    extra.css and scripts, are the root's; the browser scripts' German texts are there too, beside the English.
    From /de/cup/open/round-2/ the site's root is four folders up, from /cup/open/round-2/ three."""
    assert not (two / "de" / "assets").exists()
    assert (two / "assets" / "extra.css").is_file() and (two / "assets" / "javascripts").is_dir()
    assert 'window.banzukeLanguage = "en";' in (two / "assets" / "text.js").read_text(encoding="utf-8")
    assert 'window.banzukeLanguage = "de";' in (two / "assets" / "text.de.js").read_text(encoding="utf-8")
    german = addresses(two / "de" / "cup" / "open" / "round-2" / "index.html")
    english = addresses(two / "cup" / "open" / "round-2" / "index.html")
    up = "../../../../"
    for address in ("assets/extra.css", "assets/images/favicon.png", "assets/javascripts/workers/search.",
                    "assets/now.js", "assets/text.de.js", "assets/language.js", "assets/javascripts/bundle."):
        assert any(a.startswith(up + address) for a in german), address
        assert any(a.startswith(up[3:] + address.replace(".de.js", ".js")) for a in english), address
    assert not [a for a in german if "assets/" in a and not a.startswith(up + "assets/")]
    # The German 404 page, built without site_url, has absolute addresses from the host's root: the root's assets
    page404 = addresses(two / "de" / "404.html")
    assert "/assets/extra.css" in page404 and "/assets/text.de.js" in page404


def render(template: str, page: object, base_url: str, **values: object) -> str:
    """A template rendered with the engine's own `url` and `script_tag` filters as a language under /<code>/
    has them (hooks._from_the_root)."""
    env = Environment(autoescape=True)
    env.filters.update(url=url_filter, script_tag=script_tag_filter)
    _from_the_root(env)
    return env.from_string(template).render(page=page, base_url=base_url, **values)


def test_a_languages_addresses_of_assets_go_one_folder_up():
    """From /de/players/x/ (page url players/x/) the language's root is ../../ and the site's ../../../; from
    /de/ (the home page, url '') it is ../; a page's own links are left as they are. The 404 page (no page; its
    base the language's root as site_url gives it, absolute): /sub/de/ → /sub/assets/…; without site_url the
    engine takes the host's root for the language's ('/'), and the root's assets are there."""
    player, home = SimpleNamespace(url="players/x/"), SimpleNamespace(url="")
    assert render("{{ 'assets/extra.css' | url }}", player, "../..") == "../../../assets/extra.css"
    assert render("{{ 'cup/' | url }}", player, "../..") == "../../cup/"
    assert render("{{ 'assets/extra.css' | url }}", home, ".") == "../assets/extra.css"
    assert render("{{ 'assets/extra.css' | url }}", None, "/sub/de/") == "/sub/assets/extra.css"
    assert render("{{ 'players/' | url }}", None, "/sub/de/") == "/sub/de/players/"
    assert render("{{ 'assets/extra.css' | url }}", None, "/") == "/assets/extra.css"
    assert render("{{ s | script_tag }}", player, "../..", s=ExtraScriptValue("assets/now.js")) == \
        '<script src="../../../assets/now.js"></script>'
    assert render("{{ s | script_tag }}", player, "../..", s=ExtraScriptValue("https://x.org/a.js")) == \
        '<script src="https://x.org/a.js"></script>'


# The icons partials/icon.html paints, each by its class icon-<name> in extra.css
PAINTED = ("library", "menu", "brightness-4", "brightness-7", "magnify", "arrow-left", "close", "translate",
           "arrow-up")


def test_the_painted_icons_are_the_themes_own():
    """Each icon extra.css paints is Material's own SVG, as the theme drew it inline; partials/icon.html paints
    exactly these."""
    css = EXTRA_CSS.read_text(encoding="utf-8")
    drawn = dict(re.findall(r"\.icon-([a-z0-9-]+) \{ --icon: url\('data:image/svg\+xml;charset=utf-8,"
                            r"(<svg .*?</svg>)'\); \}", css))
    assert tuple(drawn) == PAINTED
    for name, svg in drawn.items():
        assert svg == (MATERIAL / ".icons" / "material" / f"{name}.svg").read_text(encoding="utf-8").strip(), name
    listed = re.findall(r'"material/([a-z0-9-]+)"', ICON_TEMPLATE.read_text(encoding="utf-8"))
    assert tuple(listed) == PAINTED


_OUTSIDE_ARTICLE = re.compile(r"<article\b.*?</article>", re.S)


@pytest.mark.build
def test_no_page_draws_the_themes_icons_inline(two: Path):
    """No page of either language has an inline <svg> outside its article (the results' own pictures, the rating
    chart and the bracket, are inside it), and every page has the theme's icons painted: the logo twice (the
    header and the drawer), the menu, the two colour schemes' toggles, the search's magnifier twice (the header's
    button and the search box) with its arrow and its clear button, and "back to top": ten; eleven with the
    language selector's (every page but the wall sheets, which are in the default language alone). Nor is the theme's
    palette script written into a page."""
    selectors = 0
    for page in sorted(two.rglob("*.html")):
        html = page.read_text(encoding="utf-8")
        assert "<svg" not in _OUTSIDE_ARTICLE.sub("", html), page.relative_to(two)
        # nor the theme's palette script written out (it is loaded from assets/javascripts/palette.js), nor its
        # content tabs' (no page has tabs)
        assert '__md_get("__palette")' not in html and "__tabbed_" not in html, page.relative_to(two)
        icons = re.findall(r'<span class="icon icon-([a-z0-9-]+)"></span>', html)
        expected = ["library", "menu", "brightness-4", "brightness-7", "magnify", "magnify", "arrow-left", "close",
                    "library", "arrow-up"]
        if 'class="md-select"' in html:
            expected.append("translate")
            selectors += 1
        assert sorted(icons) == sorted(expected), page.relative_to(two)
    assert selectors > 20


def test_the_content_tabs_script_is_written_where_a_page_can_have_tabs():
    # The theme's partial as overridden (engine/theme): its script only with pymdownx.tabbed in the site's Markdown
    # extensions (an organizer's hand-written pages may have tabs; the generated pages never do).
    from jinja2 import FileSystemLoader

    env = Environment(loader=FileSystemLoader([str(ROOT / "generator" / "engine" / "theme"),
                                               str(Path(material.__file__).parent / "templates")]))
    partial = env.get_template("partials/javascripts/content.html")
    assert "<script" not in partial.render(config={"markdown_extensions": ["tables", "attr_list"]}, features=[])
    tabbed = partial.render(config={"markdown_extensions": ["pymdownx.tabbed"]}, features=["content.tabs.link"])
    assert tabbed.count("<script>") == 2 and 'startsWith("__tabbed_")' in tabbed and '__md_get("__tabs")' in tabbed


@pytest.fixture
def german_page(browser: Browser, two: Path) -> Iterator[tuple[object, str, list[str]]]:
    """A phone's page on the site served over HTTP, with every failed request and page error it meets."""
    with serving(two) as url:
        context = browser.new_context(viewport={"width": 375, "height": 812})
        failed: list[str] = []
        context.on("response", lambda r: failed.append(f"{r.status} {r.url}") if r.status >= 400 else None)
        context.on("requestfailed", lambda r: failed.append(f"failed {r.url}"))
        page = context.new_page()
        page.on("pageerror", lambda e: failed.append(str(e)))
        try:
            yield page, url, failed
        finally:
            context.close()


@pytest.mark.browser
@pytest.mark.build
def test_a_german_page_is_styled_from_the_roots_assets_and_searches(german_page):
    """/de/cup/open/round-2/ in Chromium: the theme's stylesheet (the root's) colours the header in its primary
    indigo, #4051b5 (unstyled it would have no background), extra.css paints the menu icon at the theme's size
    (1.2rem, 24 px: the theme's root font is 20 px), and the search, its worker and German word stems the root's
    too, finds Adams, Amy when her name is typed, on her German page. Nothing the page asks for is missing."""
    page, url, failed = german_page
    page.goto(url + "/de/cup/open/round-2/")
    header = page.locator("header.md-header")
    assert header.evaluate("e => getComputedStyle(e).backgroundColor") == "rgb(64, 81, 181)"
    menu = page.locator("label.md-header__button[for='__drawer'] .icon-menu")
    assert menu.evaluate("e => [getComputedStyle(e).width, getComputedStyle(e).height]") == ["24px", "24px"]
    assert "data:image/svg+xml" in menu.evaluate("e => getComputedStyle(e).maskImage")
    page.locator("label.md-header__button[for='__search']").click()
    page.locator("input.md-search__input").press_sequentially("Adams", delay=30)
    result = page.locator(".md-search-result__item a[href*='/de/players/adams-amy/']").first
    expect(result).to_be_visible(timeout=10_000)
    result.click()
    expect(page.locator("h1")).to_contain_text("Adams, Amy")
    assert page.url.startswith(url + "/de/players/adams-amy/")
    assert failed == []
