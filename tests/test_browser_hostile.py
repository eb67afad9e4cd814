"""Every free text of the demo replaced by markup and script (tests/test_browser.py's walk's companion, in a file of
its own so that the suite's workers walk the two sites side by side): on every page of the site built from it, in
Chromium at 375 px, each is shown as text and none runs."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from .conftest import DEMO, build_site
from .support import NO_SEARCH_WORKER, serving
from .test_browser import PHONE, Watched


PAYLOAD = ('<script>alert(1)</script><img src=x onerror=alert(2)>"><svg onload=alert(3)>[x](javascript:alert(4))'
           '|{{ 7*7 }}')
TEXT_KEYS = ("name", "short", "family", "given", "city", "venue", "title", "note", "description", "announcement",
             "contact")


def hostile_copy(source: Path, target: Path) -> Path:
    """The demo with every free-text value of every YAML file replaced by PAYLOAD (block and flow style), and
    every event unrated, so that FESA's rules for names do not stop the build."""
    shutil.copytree(source, target)
    quoted = '"' + PAYLOAD.replace("\\", "\\\\").replace('"', '\\"') + '"'
    key = "|".join(TEXT_KEYS)
    for path in target.rglob("*.yaml"):
        text = path.read_text(encoding="utf-8")
        text = re.sub(rf"(?m)^(\s*(?:- )?(?:{key})): (?![|>]).*$", lambda m: f"{m.group(1)}: {quoted}", text)
        text = re.sub(rf"([{{,]\s*(?:{key})): (?:\"[^\"]*\"|[^,}}\n]*)", lambda m: f"{m.group(1)}: {quoted}", text)
        if path.name == "event.yaml":
            text += "\nrated: false\n" if "\nrated:" not in text else ""
        path.write_text(text, encoding="utf-8")
    return target


@pytest.fixture(scope="module")
def hostile_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    base = tmp_path_factory.mktemp("hostile")
    data = hostile_copy(DEMO, base / "data")
    site = base / "site"
    result = build_site(data, site)
    assert result.returncode == 0, result.stderr[-3000:]
    with serving(site) as url:
        yield url, site


def test_every_text_is_shown_as_text_on_every_page(browser: Browser, hostile_url: tuple[str, Path]):
    url, site = hostile_url
    watched = Watched(browser, PHONE)
    watched.context.add_init_script(NO_SEARCH_WORKER)  # (the walk types no query: the search shows nothing)
    page = watched.page
    pages = sorted(p.parent.relative_to(site).as_posix() for p in site.rglob("index.html"))
    seen = 0
    for path in pages:
        page.goto(f"{url}/{path}/" if path != "." else f"{url}/")
        found = page.evaluate("""() => ({
            live: document.querySelectorAll('[onerror], [onload]').length,
            js: [...document.querySelectorAll('a[href], [href]')].filter(a =>
                  (a.getAttribute('href') || '').trim().toLowerCase().startsWith('javascript:')).length,
            scripts: [...document.scripts].filter(s => s.textContent.includes('alert(')).length,
            text: document.body.innerText,
            title: document.title,
        })""")
        assert (found["live"], found["js"], found["scripts"]) == (0, 0, 0), path
        assert "49" not in found["title"]
        if "onerror=alert(2)" in found["text"]:
            seen += 1
            assert "{{ 7*7 }}" in found["text"] and "<script>alert(1)</script>" in found["text"], path
    assert watched.dialogs == [] and watched.errors == []
    assert seen > len(pages) // 2  # the payload is on most pages, as text
    watched.context.close()
