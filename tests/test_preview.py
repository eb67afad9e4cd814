"""The live preview, for real: `generator serve` on a copy of the mini festival, a result saved, a data error
saved and fixed, then Ctrl-C."""

from __future__ import annotations

import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .conftest import MINI, ROOT
from .support import fetch, free_port

PAGE = "cup/open/round-2/"

pytestmark = pytest.mark.build  # each test starts `generator serve`, which builds the whole site


def wait_for(url: str, wanted: re.Pattern[str], limit: float = 60) -> str:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        page = fetch(url)
        if wanted.search(page):
            return page
        time.sleep(0.1)
    raise AssertionError(f"the preview never showed {wanted.pattern!r}; last page:\n{fetch(url)[:2000]}")


def test_serve_shows_a_saved_result_then_the_errors_then_recovers_and_stops_on_ctrl_c(tmp_path: Path):
    data = tmp_path / "data"
    shutil.copytree(MINI, data)
    port = free_port()
    log = (tmp_path / "serve.log").open("w")  # what the server prints, for a failure's message
    url = f"http://127.0.0.1:{port}/{PAGE}"
    server = subprocess.Popen([sys.executable, "-m", "generator", "serve", "--data", str(data), "--dev-addr",
                               f"127.0.0.1:{port}"], cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
    try:
        round_2 = data / "cup/open/round-2.yaml"
        text = round_2.read_text(encoding="utf-8")
        board_1 = re.search(r"^\s*- \[(\S+),\s+(\S+),\s+(\S+)\]", text, re.M)
        assert board_1 is not None
        # Board 1 as committed, then with the result turned round ('1-0' <-> '0-1').
        first, result = board_1.group(1).rstrip(","), board_1.group(3)
        assert result in ("1-0", "0-1")
        row = r'<tr><td>1</td><td><a href="[^"]*">[^<]*</a> \([^)]*\)</td><td>{}</td>'
        wait_for(url, re.compile(row.format(re.escape(result))))
        turned = "0-1" if result == "1-0" else "1-0"
        round_2.write_text(text.replace(board_1.group(0), board_1.group(0).replace(result, turned)), "utf-8")
        wait_for(url, re.compile(row.format(re.escape(turned))))

        # A result that does not exist: the page keeps the last results and lists the problem, located.
        round_2.write_text(text.replace(board_1.group(0), board_1.group(0).replace(result, "drew")), "utf-8")
        page = wait_for(url, re.compile("The data has errors"))
        assert re.search(r"round-2\.yaml:\d+:\d+: error: [^<]*drew", page), page
        round_2.write_text(text, "utf-8")
        page = wait_for(url, re.compile(row.format(re.escape(result))))
        assert "The data has errors" not in page
        assert first  # the board's first player, read from the file: the regex matched a game line
    finally:
        server.send_signal(signal.SIGINT)
        code = server.wait(30)
    assert code == 0
    with socket.socket() as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        s.bind(("127.0.0.1", port))  # nothing listens on the port any more


# --- the preview never dies, and always shows rendered pages: in Chromium -----------------------------------

from collections.abc import Callable, Iterator  # noqa: E402
from contextlib import contextmanager  # noqa: E402
import os  # noqa: E402

from playwright.sync_api import Browser, expect  # noqa: E402

from .support import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

ESCAPED_TAG = re.compile(r"&lt;/?(?:h1|h2|table|thead|tr|td|th|div|p|ol|li|a|span)[ >]")  # page HTML shown as text
ROUND_2 = "cup/open/round-2.yaml"
BAD = ("[evil,      adams-amy, 0-1]", "[evil,      adams-amy, drew]")  # round 2, board 1: a result that is not one


@contextmanager
def preview(tmp_path: Path, broken: bool = False) -> Iterator[tuple[str, Path, subprocess.Popen[bytes]]]:
    """`generator serve` on a copy of the mini festival (broken: with round 2's board 1 unreadable from the
    start); its base address, the data folder and the process. Stopped with Ctrl-C, which must end it cleanly."""
    data = tmp_path / "data"
    shutil.copytree(MINI, data)
    if broken:
        (data / ROUND_2).write_text((data / ROUND_2).read_text(encoding="utf-8").replace(*BAD), "utf-8")
    port = free_port()
    log = (tmp_path / "serve.log").open("w")
    server = subprocess.Popen([sys.executable, "-m", "generator", "serve", "--data", str(data), "--dev-addr",
                               f"127.0.0.1:{port}"], cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}/"
    try:
        wait_for(base, re.compile("</html>"))
        yield base, data, server
    finally:
        alive = server.poll() is None
        server.send_signal(signal.SIGINT)
        code = server.wait(30)
    assert alive, f"the preview ended by itself ({server.returncode}); it printed:\n" + \
        (tmp_path / "serve.log").read_text()[-3000:]
    assert code == 0


def wait_until(condition: Callable[[], bool], limit: float = 60, step: float = 0.05) -> None:
    deadline = time.monotonic() + limit
    while not condition():
        assert time.monotonic() < deadline, "waited in vain"
        time.sleep(step)


def save(data: Path, old: str, new: str) -> None:
    path = data / ROUND_2
    path.write_text(path.read_text(encoding="utf-8").replace(old, new), "utf-8")


def test_a_closed_tab_a_closed_connection_and_a_page_closed_mid_reload_do_not_end_the_preview(
        tmp_path: Path, browser: Browser):
    with preview(tmp_path) as (base, data, server):
        context = browser.new_context()
        # A tab waiting for the next rebuild (its live-reload request is open), closed.
        tab = context.new_page()
        tab.goto(base + PAGE)
        tab.wait_for_timeout(500)
        tab.close()
        # A client that asks for a page and goes away without reading it (`curl ... | head`).
        with socket.create_connection(("127.0.0.1", int(base.rsplit(":", 1)[1].strip("/")))) as s:
            s.sendall(f"GET /{PAGE} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
        save(data, "[evil,      adams-amy, 0-1]", "[evil,      adams-amy, 1-0]")
        wait_for(base + PAGE, re.compile(r"<td>1</td><td><a [^>]*>[^<]*</a> \([^)]*\)</td><td>1-0</td>"))
        assert server.poll() is None
        context.close()
        # A browser on the page, ended the moment the server tells its pages to reload: it goes away mid-reload.
        # (Chromium as a process of its own: through Playwright, closing a tab while a reload commits can wait
        # for ever, microsoft/playwright#42068.)
        log = tmp_path / "serve.log"
        reloads = log.read_text().count("Reloading browsers")
        connected = log.read_text().count("Browser connected")
        chromium = subprocess.Popen([CHROMIUM, *CHROMIUM_ARGS, "--headless", f"--user-data-dir={tmp_path}/profile",
                                     base + PAGE], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                    start_new_session=True)
        try:
            wait_until(lambda: log.read_text().count("Browser connected") > connected)  # its reload request waits
            save(data, "[evil,      adams-amy, 1-0]", "[evil,      adams-amy, 0-1]")
            wait_until(lambda: log.read_text().count("Reloading browsers") > reloads, step=0.005)
        finally:
            os.killpg(chromium.pid, signal.SIGKILL)  # the browser and every process it started
            chromium.wait(30)
        wait_for(base + PAGE, re.compile(r"<td>1</td><td><a [^>]*>[^<]*</a> \([^)]*\)</td><td>0-1</td>"))
        assert server.poll() is None


def test_a_data_error_is_shown_above_every_page_as_it_was_rendered(tmp_path: Path, browser: Browser):
    with preview(tmp_path) as (base, data, _):
        page = browser.new_page()
        page.goto(base + PAGE)
        save(data, *BAD)
        # The page reloads by itself: the problem, located, above the round as it was, still a page of HTML.
        expect(page.locator(".admonition.failure")).to_contain_text("round-2.yaml:4:", timeout=30_000)
        expect(page.locator("article h1")).to_have_count(1)
        expect(page.locator("article table[data-results]")).not_to_have_count(0)
        assert "<h1" not in page.locator("article").inner_text()
        page.close()
        # Every page of the preview: the problem shown, no page's own HTML shown as text.
        sitemap = fetch(base + "sitemap.xml")
        addresses = re.findall(r"<loc>([^<]+)</loc>", sitemap)
        assert len(addresses) > 10, sitemap[:500]
        for address in addresses:
            html = fetch(address)
            if "/players/" in address or "/cup/" in address:  # the generated pages (not the hand-written ones)
                assert "The data has errors" in html, address
            assert not ESCAPED_TAG.search(html), (address, ESCAPED_TAG.search(html))
        save(data, BAD[1], BAD[0])
        wait_for(base + PAGE, re.compile(r"^(?![\s\S]*The data has errors)[\s\S]*<table data-results"))


def test_started_on_data_with_errors_every_address_shows_them_and_the_site_comes_by_itself(
        tmp_path: Path, browser: Browser):
    with preview(tmp_path, broken=True) as (base, data, _):
        page = browser.new_page()
        response = page.goto(base + PAGE)  # a page that has never been built
        assert response is not None and response.status == 200
        expect(page.locator(".admonition.failure")).to_contain_text("round-2.yaml:4:")
        expect(page.locator("h1")).to_have_text(re.compile("The data has errors"))
        assert page.evaluate("getComputedStyle(document.body).fontFamily")  # the stylesheet is found from here
        assert page.evaluate("document.styleSheets.length") > 0
        save(data, BAD[1], BAD[0])
        # No reload by hand: the round page itself appears, with its boards.
        expect(page.locator("article table[data-results]")).not_to_have_count(0, timeout=30_000)
        expect(page.locator("article h1")).to_contain_text("Open · round 2")
        assert page.url == base + PAGE
        page.close()


# --- what the preview says: its address taken, errors from the start, the hand-written pages -------------------

def fetch_any(url: str) -> tuple[int, str]:
    """The status and the page at `url`, an error page's too."""
    import urllib.error
    import urllib.request
    try:
        with urllib.request.urlopen(url, timeout=5) as r:
            return r.status, r.read().decode("utf-8")
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode("utf-8")


def test_serve_on_an_address_in_use_says_which_and_builds_nothing(tmp_path: Path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = subprocess.run([sys.executable, "-m", "generator", "serve", "--data", str(MINI), "--dev-addr",
                                 f"127.0.0.1:{port}"], cwd=ROOT, capture_output=True, text=True, timeout=60,
                                check=False)
    assert result.returncode == 3
    assert result.stderr.splitlines() == [
        f"error: the preview cannot listen at http://127.0.0.1:{port}/: Address already in use (another preview or "
        f"program listens there: stop it, or pass --dev-addr 127.0.0.1:{port + 1})"]
    assert "Building" not in result.stdout + result.stderr


def test_the_hand_written_pages_and_page_not_found_list_the_errors_too(tmp_path: Path):
    with preview(tmp_path) as (base, data, _):
        save(data, *BAD)
        page = wait_for(base + PAGE, re.compile("The data has errors"))
        assert "as they were before them" in page  # the results before the error are there
        for address in ("organizers/", "api/", "submitting/", "no-such-page/"):
            status, html = fetch_any(base + address)
            assert status == (404 if address == "no-such-page/" else 200), address
            assert "The data has errors" in html and re.search(r"round-2\.yaml:4:\d+: error: [^<]*drew", html), \
                address
            assert html.index("The data has errors") > html.index("</h1>"), address  # under the page's title
            assert not ESCAPED_TAG.search(html), address
        save(data, BAD[1], BAD[0])
        wait_for(base + PAGE, re.compile(r"^(?![\s\S]*The data has errors)[\s\S]*<table data-results"))
        for address in ("organizers/", "no-such-page/"):
            assert "The data has errors" not in fetch_any(base + address)[1], address


def test_started_on_data_with_errors_the_preview_does_not_promise_earlier_results(tmp_path: Path):
    with preview(tmp_path, broken=True) as (base, _, _):
        home = fetch(base)
        assert "The data has errors" in home
        assert "as they were before them" not in home
        assert "the preview has no results to show until they are fixed" in home
        organizers = fetch(base + "organizers/")
        assert "the preview has no results to show until they are fixed" in organizers
