"""The demo site under axe-core (the npm package, package-lock.json): one page of every kind has no violation of
WCAG 2.0 and 2.1, levels A and AA, nor of axe's best practices; in the light and the dark colour scheme (the theme
follows the reader's, prefers-color-scheme; in the dark one, the rules about colour, which is all it changes), on a
375 px phone and a 1280 px desktop. The site is served over HTTP
as a host serves it: a missing page answers with the site's 404.html."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from .conftest import ROOT
from .support import serving

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
RULES = "{runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']}}"
RUN = f"() => axe.run(document, {RULES}).then(r => r.violations)"
# What the dark scheme changes is colours alone (the theme's palette: the same page, other colour variables): in it,
# the rules about colour, all of them of RULES' tags that look at colours; every other rule's finding is the light
# scheme's at the same width, where all of RULES run.
COLOUR_RULES = ("color-contrast", "link-in-text-block")
COLOURS = f"{{runOnly: {{type: 'rule', values: {list(COLOUR_RULES)}}}}}"
RUN_COLOURS = f"() => axe.run(document, {COLOURS}).then(r => r.violations)"

# The languages the demo is built in: English at the site's root, each other one under /<code>/.
LANGUAGES = ("en", "de")
SCHEMES = ("light", "dark")
WIDTHS = (375, 1280)

# One page of every kind the demo has, by its address below the language's root.
PAGES = {
    "home": "",
    "festival": "2000-mso-shogi/",
    "standings": "2000-mso-shogi/championship/",
    "crosstable": "2000-mso-shogi/championship/crosstable/",
    "entries": "2000-mso-shogi/championship/entries/",
    "rules": "2000-mso-shogi/championship/rules/",
    "event prizes": "2000-mso-shogi/championship/prizes/",
    "swiss round": "2000-mso-shogi/blitz/round-3/",
    "knock-out round": "2000-mso-shogi/championship/round-5/",  # Swiss boards and the ESC's final
    "knock-out bracket": "2000-mso-shogi/championship/knockout/",
    "team round": "2000-mso-shogi/team-match/round-2/",
    "team standings": "2000-mso-shogi/team-match/",
    "team": "2000-mso-shogi/team-match/teams/france/",
    "simul": "2000-mso-shogi/simul/",
    "simul giver": "2000-mso-shogi/simul/givers/nakao-osamu/",
    "beginners round": "2000-mso-shogi/beginners/round-2/",
    "shuuro round": "2009-mso-shuuro/shuuro-250/round-3/",
    "shuuro armies": "2009-mso-shuuro/shuuro-250/armies/",
    "oware round": "2012-mso-oware/oware-open/round-1/",
    "all-play-all round": "2012-mso-oware/oware-masters/round-1/",
    "all-play-all standings": "2012-mso-oware/oware-masters/",
    "turnering.txt round": "2000-leiden-autumn-open/tournament/round-1/",
    "player": "players/de-vries-pieter/",
    "players": "players/",
    "print-boards": "2000-mso-shogi/championship/round-4/print-boards/",
    "print-names": "2000-mso-shogi/championship/round-4/print-names/",
    "print-standings": "2000-mso-shogi/championship/print-standings/",
    "programme": "2000-mso-shogi/programme/",
    "festival prizes": "2000-mso-shogi/prizes/",
    "grand prix": "2000-mso-shogi/grand-prix/",
    "promotion": "promotion/",
    "organizers": "organizers/",  # hand-written: site_src/organizers.md
    "submitting": "submitting/",
    "results api": "api/",
    "404": "no/such/page/",
}

# A rule that truly cannot be met on one element: {(rule id, the element's axe target): why}. Nothing else is
# left out; prefer fixing.
EXCEPTIONS: dict[tuple[str, str], str] = {}


def prefix(lang: str) -> str:
    return "" if lang == "en" else f"{lang}/"


@pytest.fixture(scope="module")
def demo_site(demo_build) -> Iterator[str]:
    site, result = demo_build
    assert result.returncode == 0, result.stderr
    assert AXE.is_file(), "axe-core is not installed: run npm ci (package-lock.json)"
    with serving(site, not_found=True) as url:
        yield url


@pytest.fixture(scope="module")
def views(browser: Browser) -> Iterator[dict[str, Page]]:
    """A page in each colour scheme at each width, reused from one address to the next."""
    contexts = {f"{scheme} {width}px": browser.new_context(viewport={"width": width, "height": 800},
                                                           color_scheme=scheme)
                for scheme in SCHEMES for width in WIDTHS}
    yield {name: context.new_page() for name, context in contexts.items()}
    for context in contexts.values():
        context.close()


def violations(page: Page, run: str = RUN) -> list[str]:
    """What axe finds on the page as it is now (`run`: all of RULES, or the rules about colour), one line a rule and
    one a node (the first three), less the EXCEPTIONS. Once the theme's transitions have ended (a colour half-way is
    no colour of the site)."""
    page.wait_for_function("() => document.getAnimations().every(a => a.playState !== 'running'"
                           " || a.effect.getTiming().iterations === Infinity)")
    page.add_script_tag(path=str(AXE))
    lines = []
    for v in page.evaluate(run):
        nodes = [n for n in v["nodes"] if (v["id"], " ".join(map(str, n["target"]))) not in EXCEPTIONS]
        if not nodes:
            continue
        lines.append(f"{v['id']}: {v['help']} ({len(nodes)} elements)")
        lines += [f"    {' '.join(map(str, n['target']))}: {n['html'][:200]}" for n in nodes[:3]]
    return lines


# Each page in each language; the wall sheets exist in the default language alone (printed: one language on paper).
CASES = [pytest.param(prefix(lang), path, id=f"{name}-{lang}") for lang in LANGUAGES for name, path in PAGES.items()
         if lang == LANGUAGES[0] or "/print-" not in path]


@pytest.mark.parametrize(("lang_prefix", "path"), CASES)
def test_no_page_kind_has_an_accessibility_violation(views: dict[str, Page], demo_site: str, lang_prefix: str,
                                                     path: str):
    found = []
    for name, page in views.items():
        page.goto(f"{demo_site}/{lang_prefix}{path}")
        found += [f"{name}: {line}" for line in violations(page, RUN_COLOURS if name.startswith("dark") else RUN)]
    assert found == [], "\n" + "\n".join(found)


@pytest.mark.parametrize("lang_prefix", [prefix(lang) for lang in LANGUAGES], ids=LANGUAGES)
def test_the_search_with_its_results_has_no_accessibility_violation(views: dict[str, Page], demo_site: str,
                                                                    lang_prefix: str):
    found = []
    for name, page in views.items():
        page.goto(f"{demo_site}/{lang_prefix}")
        page.keyboard.press("/")  # the theme's key for the search, at any width
        page.locator("input.md-search__input").press_sequentially("Kaufman", delay=20)
        page.locator(".md-search-result__item").first.wait_for(timeout=10_000)
        found += [f"{name}: {line}" for line in violations(page)]
    assert found == [], "\n" + "\n".join(found)
