"""The browser scripts' texts in the page's language: a German page loads assets/text.js, made from the German
catalogue (window.banzukeText: each English text with its translation), before the scripts run."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

PHONE = {"width": 375, "height": 812}


def test_scripts_show_their_texts_in_the_pages_language(browser: Browser, demo_url: str):
    """The German catalogue's words, as a German reader sees them: the Oware board's line ("Nach Zug 26 von 26",
    "Anfang (26 Züge)": the masters' first game has 26 moves), the cue over a wide table and its scroll box's name;
    the English pages keep the English."""
    context = browser.new_context(viewport=PHONE)
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(demo_url + "/de/2012-mso-oware/oware-masters/round-1/")
        board = page.locator("div.oware").first
        expect(board.locator(".oware-move")).to_contain_text("Nach Zug 26 von 26: ")
        board.get_by_role("button", name="Anfang").click()
        expect(board.locator(".oware-move")).to_have_text("Anfang (26 Züge)")
        page.goto(demo_url + "/de/2000-mso-shogi/championship/")
        expect(page.locator("p.scroll-cue").first).to_have_text("Weitere Spalten: Tabelle seitlich wischen \u2192")
        label = page.locator(".scrolls[role=region]").first.get_attribute("aria-label") or ""
        assert label.startswith("Tabelle: ")
        page.goto(demo_url + "/2000-mso-shogi/championship/")
        expect(page.locator("p.scroll-cue").first).to_have_text("More columns: swipe the table sideways \u2192")
        assert errors == []
    finally:
        context.close()
