"""The site in its languages: the demo built in all twelve of mkdocs.yml, each under /<code>/ but the default
(English, at the root), every page with a selector that keeps the reader on the same page, hreflang links and the
page's language; one results API; German pages in German words and German numbers and dates."""

from __future__ import annotations

import html
import json
import os
import re
import subprocess
import sys
from xml.etree import ElementTree
from pathlib import Path

import pytest
import yaml

from generator.render.i18n import LANGUAGES

from .conftest import DEMO, ROOT, build_site
from .support import serving

NS = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9", "x": "http://www.w3.org/1999/xhtml"}
CONFIGURED = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=yaml.BaseLoader)["extra"]["languages"]
_SELECTOR = re.compile(r'<li><a href="([^"]*)" hreflang="([a-z]+)" lang="[a-z]+"')


@pytest.fixture(scope="module")
def twelve(tmp_path_factory: pytest.TempPathFactory) -> Path:
    site = tmp_path_factory.mktemp("languages") / "site"
    built = build_site(DEMO, site, languages=",".join(CONFIGURED))
    assert built.returncode == 0, built.stderr[-3000:]
    return site


def pages(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("index.html"))


def test_the_shipped_configuration_names_twelve_languages_english_first():
    assert CONFIGURED == ["en", "de", "fr", "nl", "ja", "ru", "uk", "pl", "cs", "it", "es", "sv"]
    assert set(CONFIGURED) == set(LANGUAGES)


@pytest.mark.build
@pytest.mark.slow
def test_every_page_of_every_language_leads_to_itself_in_every_other(twelve: Path):
    """Each language is a whole site under /<code>/ (English at the root), every page in every language has the
    twelve selector links (with hreflang), each leading to the same page in that language, and its <html lang>.
    No <link rel="alternate">: the theme's script would fetch a sitemap.xml beside each (twelve failed requests a
    page); the sitemap gives search engines the languages instead (below)."""
    english = [p.relative_to(twelve) for p in pages(twelve) if p.relative_to(twelve).parts[0] not in LANGUAGES
               and not p.parent.name.startswith("print-")]  # (the wall sheets: below)
    assert len(english) > 200
    checked = 0
    for code in CONFIGURED:
        root = twelve if code == "en" else twelve / code
        for rel in english:
            page = root / rel
            assert page.exists(), f"{code}: {rel} is missing"
            html = page.read_text(encoding="utf-8")
            assert f'<html lang="{code}"' in html, f"{code}/{rel}"
            found = _SELECTOR.findall(html)
            assert [lang for _, lang in found] == CONFIGURED, f"{code}/{rel}"
            for href, lang in found:  # the link, followed from this page, is that page in that language
                target = (page.parent / href).resolve() / "index.html"
                assert target == ((twelve if lang == "en" else twelve / lang) / rel).resolve(), (code, rel, href)
            assert '<link rel="alternate"' not in html
            checked += 1
    assert checked == 12 * len(english)


@pytest.mark.build
@pytest.mark.slow
def test_one_results_api_for_every_language(twelve: Path):
    """The JSON API is written once, at the root; the other languages' live pages read it there."""
    assert (twelve / "api" / "index.json").exists()
    for code in CONFIGURED[1:]:
        assert not [p for p in (twelve / code).rglob("*.json") if p.parent.name != "search"], code  # (its own search)
    live = [p for p in (twelve / "de").rglob("index.html") if "data-live=" in p.read_text(encoding="utf-8")]
    for page in live:
        for target in re.findall(r'data-live="([^"]*)"', page.read_text(encoding="utf-8")):
            assert (page.parent / target).resolve().is_file(), (page, target)


def test_a_first_visitor_is_sent_to_his_language_and_his_choice_is_remembered(demo_build, browser):
    """The home page opens in the browser's language when the site has it (the demo of the suite: English and
    German); once the reader chooses a language in the selector, the home page opens in that one."""
    site, built = demo_build
    assert built.returncode == 0, built.stderr[-2000:]
    with serving(site) as address:
        for locale, lands in (("de-DE", "/de/"), ("en-GB", "/"), ("pt-BR", "/")):
            context = browser.new_context(locale=locale)
            page = context.new_page()
            page.goto(address + "/")
            page.wait_for_load_state("load")
            page.wait_for_timeout(200)  # (a redirect would have happened by now)
            assert page.url == address + lands, locale
            assert page.locator("html").get_attribute("lang") == (lands.strip("/") or "en")
            context.close()
        context = browser.new_context(locale="de-DE")
        page = context.new_page()
        page.goto(address + "/players/conti-luca/")  # another page than the home page: never redirected
        assert page.url == address + "/players/conti-luca/"
        page.locator(".md-select").hover()
        # Its links, without the theme's classes, look as the theme's: a block of the list's width, 0.6 rem before
        # and 1.2 rem after (the theme's rem: 20 px), 1.8 rem high
        german = page.locator(".md-select__list a[hreflang=de]")
        assert german.evaluate("a => { const s = getComputedStyle(a); return [s.display, s.paddingLeft, s.paddingRight,"
                               " getComputedStyle(a.parentElement).lineHeight, a.offsetWidth === a.parentElement"
                               ".offsetWidth]; }") == ["block", "12px", "24px", "36px", True]
        german.click()  # to this page in German
        page.wait_for_url(address + "/de/players/conti-luca/")
        page.locator(".md-select").hover()
        page.locator(".md-select__list a[hreflang=en]").click()  # and back, choosing English
        page.wait_for_url(address + "/players/conti-luca/")
        page.goto(address + "/")
        page.wait_for_timeout(200)
        assert page.url == address + "/", "the reader's choice (English) wins over the browser's language"
        context.close()


def text_of(page: Path) -> str:
    """A built page's article as a reader reads it: tags out, entities decoded, white space single."""
    html_text = page.read_text(encoding="utf-8")
    article = html_text[html_text.find("<article"):html_text.find("</article>")]
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", article)))


def test_a_german_page_speaks_german_with_german_numbers_and_dates(demo_build):
    """Keller, Nina (the demo's blitz): a bye in round 7 and 2½ points after round 4 of the MSOWSC; in German the
    table says Runde and Brett, the bye is a Freilos, 2½ is 2,5 (a decimal comma, CLDR's de), and the programme's
    first day, Friday 25 August 2000, is "Freitag, 25. August 2000"."""
    site, built = demo_build
    assert built.returncode == 0, built.stderr[-2000:]
    english, german = text_of(site / "players" / "keller-nina" / "index.html"), \
        text_of(site / "de" / "players" / "keller-nina" / "index.html")
    assert "2½ points" in english and "bye" in english  # (the English page, as the German is checked against)
    for word in ("Runde", "Brett", "Freilos", "2,5"):
        assert word in german, word
    assert "2½" not in german and " bye " not in german and "points" not in german
    assert "Friday 25 August 2000" in text_of(site / "2000-mso-shogi" / "programme" / "index.html")
    assert "Freitag, 25. August 2000" in text_of(site / "de" / "2000-mso-shogi" / "programme" / "index.html")


def test_the_wall_sheets_are_in_the_default_language_alone(demo_build):
    """The sheets are printed for the venue's wall, one language on paper: made in the site's default language,
    without a language selector; a German round page's links lead to them at the root."""
    site, built = demo_build
    assert built.returncode == 0, built.stderr[-2000:]
    sheets = sorted(p.relative_to(site) for p in site.rglob("print-*/index.html")
                    if p.relative_to(site).parts[0] != "de")
    assert len(sheets) > 20
    for rel in sheets:
        assert not (site / "de" / rel).exists(), rel
        assert "md-select" not in (site / rel).read_text(encoding="utf-8"), rel
    round_page = site / "de" / "2000-mso-shogi" / "championship" / "round-4" / "index.html"
    targets = re.findall(r'href="([^"]*print-(?:boards|names)/)"', round_page.read_text(encoding="utf-8"))
    assert len(targets) == 2
    for href in targets:
        assert (round_page.parent / href / "index.html").resolve() == \
            (site / "2000-mso-shogi" / "championship" / "round-4" / href.rstrip("/").rsplit("/", 1)[-1] / "index.html")


def test_the_sitemap_gives_each_page_in_each_language(tmp_path: Path):
    """With the site's address (site_url), each language's sitemap lists its pages with the page in every language
    (hreflang, absolute); a wall sheet, in the default language alone, with none."""
    config = tmp_path / "mkdocs.yml"
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    for relative in ("docs_dir: site_src", "  - generator/engine/hooks.py", "watch:\n  - generator"):
        head, _, path = relative.rpartition(" ")
        text = text.replace(relative, f"{head} {ROOT / path}", 1)  # (paths are read from the config's folder)
    config.write_text("site_url: https://shogi.example.net/results/\n" + text, encoding="utf-8")
    site = tmp_path / "site"
    built = subprocess.run([sys.executable, "-m", "generator", "build", "--config", str(config), "--data", str(DEMO),
                            "--site-dir", str(site)], check=False, capture_output=True, text=True, cwd=ROOT,
                           env={**os.environ, "BANZUKE_LANGUAGES": "en,de"})
    assert built.returncode == 0, built.stderr[-2000:]
    base = "https://shogi.example.net/results/"
    for sitemap, own in ((site / "sitemap.xml", base), (site / "de" / "sitemap.xml", base + "de/")):
        urls = ElementTree.parse(sitemap).getroot().findall("s:url", NS)
        entry = next(u for u in urls if u.findtext("s:loc", namespaces=NS) == own + "players/conti-luca/")
        assert [(a.get("hreflang"), a.get("href")) for a in entry.findall("x:link", NS)] == [
            ("en", base + "players/conti-luca/"), ("de", base + "de/players/conti-luca/")]
    sheets = [u for u in ElementTree.parse(site / "sitemap.xml").getroot().findall("s:url", NS)
              if "/print-" in (u.findtext("s:loc", namespaces=NS) or "")]
    assert sheets and all(not u.findall("x:link", NS) for u in sheets)


# The review of the translations (README: "A review of the translations"): each of its ten fixes, on the pages as built.
FRAME = ("Banzuke · results", "Switch to dark mode", "Switch to light mode", "Made with",
         "Results, standings and pairings of mind-sports festivals")


def visible(page: Path) -> str:
    """The page's text as a reader sees it: tags, scripts and the hand-written pages' English blocks left out."""
    text = page.read_text(encoding="utf-8")
    text = re.sub(r"<script\b.*?</script>", "", text, flags=re.S)
    text = re.sub(r'<div lang="en">.*?</div>\s*</article>', "</article>", text, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", "", text))


def test_fix_1_the_frame_of_every_page_is_in_the_pages_language(twelve: Path) -> None:
    """The site's name (header, sidebar, <title>), its description, the colour switch and the footer: in English
    on no page of another language; in each language's words (the Japanese and German checked word for word)."""
    for code in CONFIGURED[1:]:
        for page in pages(twelve / code):
            text = page.read_text(encoding="utf-8")
            assert [t for t in FRAME if t in text] == [], page
    ja = (twelve / "ja" / "index.html").read_text(encoding="utf-8")
    assert "<title>大会結果 - Banzuke · 結果</title>" in ja
    assert 'title="ダークモードに切り替え"' in ja and 'title="ライトモードに切り替え"' in ja
    assert '<meta name="description" content="マインドスポーツ大会の結果・順位表・組み合わせ。' in ja
    de = (twelve / "de" / "index.html").read_text(encoding="utf-8")
    assert "<title>Ergebnisse - Banzuke · Ergebnisse</title>" in de
    assert 'aria-label="Koptekst"' in (twelve / "nl" / "index.html").read_text(encoding="utf-8")
    english = (twelve / "index.html").read_text(encoding="utf-8")
    assert "<title>Results - Banzuke · results</title>" in english and "Made with" not in english


def test_fix_2_a_japanese_dan_grade_is_written_in_kanji_1_dan_as_shodan(twelve: Path) -> None:
    garcia = visible(twelve / "ja" / "players" / "garcia-pablo" / "index.html")  # 1 dan in players.yaml
    assert "初段" in garcia
    for page in pages(twelve / "ja"):
        assert not re.search(r"(?<![0-9])[1-9]段(?!級)", visible(page)), page


def test_fix_3_no_sentence_is_joined_from_pieces(twelve: Path) -> None:
    """No template glues a link into a sentence with its own space and full stop; Japanese pages have no space
    after 。 (two sentences, or a sentence and a link, one after the other)."""
    templates = ROOT / "generator" / "render" / "templates"
    for template in sorted(templates.glob("*.j2")):
        text = template.read_text(encoding="utf-8")
        assert not re.search(r"\}\}\s*\{\{\s*link\(", text), template.name
        assert not re.search(r"link\([^{}]*\)\s*\}\}\s*[.;:,]", text), template.name
    for page in pages(twelve / "ja"):
        assert not re.search(r"。[ \t\n]+\S", visible(page)), page
    standings = visible(twelve / "ja" / "2000-mso-shogi" / "championship" / "index.html")
    assert "（全9回戦）。印刷用シート。" in standings


def test_fixes_4_to_9_the_reviewed_words(twelve: Path) -> None:
    """The words the review found wrong, on the pages where it found them."""
    nl_round = (twelve / "nl" / "2000-mso-shogi" / "championship" / "round-5" / "index.html").read_text("utf-8")
    assert ">Bord</th>" in nl_round and ">Start<" in nl_round
    nl_player = (twelve / "nl" / "players" / "novak-tomas" / "index.html").read_text(encoding="utf-8")
    assert ">R.</th>" in nl_player
    ru = (twelve / "ru" / "2000-mso-shogi" / "championship" / "index.html").read_text(encoding="utf-8")
    assert "<title>MSOWSC: турнирная таблица - " in ru and "Положение" not in ru and "рейтинг-офицер" not in ru
    cs = (twelve / "cs" / "2000-mso-shogi" / "championship" / "index.html").read_text(encoding="utf-8")
    assert "Křížová tabulka" in cs and "Shoda" not in cs
    sv = (twelve / "sv" / "2000-mso-shogi" / "championship" / "index.html").read_text(encoding="utf-8")
    assert "<title>MSOWSC: ställning - " in sv


def test_fix_10_the_english_pages_are_in_the_english_search_alone(twelve: Path) -> None:
    english = [d["location"] for d in json.loads((twelve / "search" / "search_index.json").read_text())["docs"]]
    assert "organizers/" in english
    for code in CONFIGURED[1:]:
        docs = json.loads((twelve / code / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
        assert [d["location"] for d in docs if d["location"].startswith(("organizers/", "submitting/", "api/"))] == []
        assert any(d["location"] == "players/novak-tomas/" for d in docs)  # (the players are found)


VNU = ROOT / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar"  # pinned in package-lock.json


def test_the_nu_html_checker_finds_no_error_on_any_page(twelve: Path) -> None:
    """The W3C's Nu HTML Checker over every page of the demo in every language: no error (the theme's own faults
    are fixed where the engine writes its pages: engine/pages.py `valid`)."""
    pages = sorted(twelve.rglob("*.html"))
    assert len(pages) > 2000
    checked = subprocess.run(["java", "-jar", str(VNU), "--errors-only", "--format", "json", "--skip-non-html",
                              str(twelve)], check=False, capture_output=True, text=True)
    found = json.loads(checked.stderr)["messages"]
    assert [(m.get("url", "").rsplit("/site/", 1)[-1], m["message"]) for m in found][:20] == []
    assert checked.returncode == 0


def test_no_english_from_the_templates_on_another_languages_pages(twelve: Path) -> None:
    """Every English text the templates and the code write (the catalogue's messages, each piece between its values,
    of at least two words and 16 characters) is on no page of another language but the hand-written pages, which
    are English in every language."""
    from babel.messages.pofile import read_po

    catalogue = read_po((ROOT / "generator" / "render" / "locale" / "banzuke.pot").open("rb"))
    pieces = set()
    for message in catalogue:
        for english in (message.id if isinstance(message.id, tuple) else (message.id,)):
            for between in re.split(r"%\(\w+\)[sd]|\{\w+\}|<[^>]+>|%[sd]", english or ""):
                piece = between.strip(" .,;:()")
                if len(piece) >= 16 and " " in piece and re.fullmatch(r"[\w ,.;:'’()–-]+", piece):
                    pieces.add(piece)
    assert len(pieces) > 300
    english_pages = ("organizers", "submitting", "api")
    for code in CONFIGURED[1:]:
        text = " ".join(re.sub(r"\s+", " ", visible(page)) for page in pages(twelve / code)
                        if page.parent.name not in english_pages)
        assert sorted(p for p in pieces if p in text) == [], code
