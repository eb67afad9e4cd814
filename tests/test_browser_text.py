"""The browser scripts' texts in the page's language: a page in another language defines window.banzukeText (each
English text with its translation) before the scripts run; a text it lacks stays English."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from .support import serving

PHONE = {"width": 375, "height": 812}
TEXT = {
    "Start (%(count)s moves)": "Anfang (%(count)s Züge)",
    "After move %(move)s of %(count)s: %(played)s": "Nach Zug %(move)s von %(count)s: %(played)s",
    "More columns: swipe the table sideways \u2192": "Weitere Spalten: Tabelle seitlich wischen \u2192",
    "Table: %(heading)s": "Tabelle: %(heading)s",
}


@pytest.fixture(scope="module")
def demo_url(demo_build) -> Iterator[str]:
    site, result = demo_build
    assert result.returncode == 0, result.stderr
    with serving(site) as url:
        yield url


def test_scripts_show_their_texts_in_the_pages_language(browser: Browser, demo_url: str):
    context = browser.new_context(viewport=PHONE)
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.add_init_script(f"window.banzukeText = {json.dumps(TEXT)};")
        page.goto(demo_url + "/2012-mso-oware/oware-masters/round-1/")
        board = page.locator("div.oware").first
        expect(board.locator(".oware-move")).to_contain_text("Nach Zug 26 von 26: ")
        board.get_by_role("button", name="Start").click()
        expect(board.locator(".oware-move")).to_have_text("Anfang (26 Züge)")
        page.goto(demo_url + "/2000-mso-shogi/championship/")
        cue = page.locator("p.scroll-cue").first
        expect(cue).to_have_text("Weitere Spalten: Tabelle seitlich wischen \u2192")
        label = page.locator(".scrolls[role=region]").first.get_attribute("aria-label") or ""
        assert label.startswith("Tabelle: ")
        assert errors == []
    finally:
        context.close()
