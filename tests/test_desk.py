"""The arbiter's desk (`generator desk`), run for real: a uvicorn server on 127.0.0.1 in a child process, over a copy
of the demo in a git repository of its own, driven by Chromium (arbiters' windows and players' phones) and by plain
HTTP requests (the guard's refusals, saves at once, an editor's change in between).

The copy: the demo's championship without its round 9, so that round 8 is the last complete round and round 9 is
the one to check in, pair, play and commit. Expected values come from the fixture's files, read by hand:
- the championship has 43 entrants (event.yaml's players), davies-tom withdrawn after round 6: 42 play round 9,
  on 21 boards; with one absentee, 41 players: 20 boards and a bye (41 = 2 × 20 + 1);
- round-8.yaml, board 1: [lefevre-julien, ono-hiroshi, 1-0]: the two have met, so pairing them again is a rematch.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import shutil
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import DEMO, ROOT, build_site, problems
from .support import free_port
from .test_axe import AXE, violations

EVENT = "2000-mso-shogi/championship"
ROUND_9 = Path("2000-mso-shogi/championship/round-9.yaml")
GIT_ENV = {"GIT_AUTHOR_NAME": "Arbiter", "GIT_AUTHOR_EMAIL": "arbiter@example.org", "GIT_COMMITTER_NAME": "Arbiter",
           "GIT_COMMITTER_EMAIL": "arbiter@example.org"}


@dataclass
class Running:
    url: str
    key: str
    code: str
    data: Path
    repo: Path
    process: subprocess.Popen[str]


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, text=True,
                          env={**os.environ, **GIT_ENV}).stdout


def _festival_repo(tmp: Path) -> tuple[Path, Path]:
    """A git repository holding the demo (round 9 of the championship taken out) in data/, committed."""
    repo = tmp / "festival"
    data = repo / "data"
    shutil.copytree(DEMO, data)
    (data / ROUND_9).unlink()
    (repo / "README.md").write_text("Our festival.\n", encoding="utf-8")
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    _git(repo, "add", "-A")
    _git(repo, "commit", "-q", "-m", "The festival before round 9")
    return repo, data


def _start(data: Path, repo: Path, lan: bool = True) -> Running:
    port = free_port()
    args = [sys.executable, "-m", "generator", "desk", "--data", str(data), "--dev-addr", f"127.0.0.1:{port}"]
    log = (repo / ".." / "desk.log").resolve().open("w")  # (its log read by nobody: a pipe would fill and stop it)
    process = subprocess.Popen(args + (["--lan"] if lan else []), cwd=ROOT, stdout=subprocess.PIPE,
                               stderr=log, text=True, env={**os.environ, **GIT_ENV})
    log.close()
    assert process.stdout is not None
    first, second = process.stdout.readline(), process.stdout.readline()
    key = re.search(r"\?key=(\S+)", first)
    code = re.search(r"with the code (\S+)", second)
    assert code is not None and (key is not None or not lan), (first, second)
    url = f"http://127.0.0.1:{port}"
    for _ in range(100):  # the server is up when it answers
        try:
            urllib.request.urlopen(url + "/play", timeout=2).read()
            break
        except OSError:  # (not yet listening, or not yet answering: a busy machine's 2 s can pass before it does)
            import time
            time.sleep(0.1)
    return Running(url, key.group(1) if key else "", code.group(1), data, repo, process)


@pytest.fixture
def desk(tmp_path: Path) -> Iterator[Running]:
    repo, data = _festival_repo(tmp_path)
    running = _start(data, repo)
    yield running
    running.process.terminate()
    running.process.wait(timeout=10)


def request(running: Running, path: str, body: object | None = None, *, origin: str | None = "self",
            host: str | None = None, key: bool = True, cookie: str = "") -> tuple[int, dict[str, object] | str]:
    """A request to the desk as a browser on its pages sends it (its Origin, the arbiter's key as a cookie)."""
    headers = {"Content-Type": "application/json"}
    if origin is not None:
        headers["Origin"] = running.url if origin == "self" else origin
    if host is not None:
        headers["Host"] = host
    cookies = [c for c in (f"desk_key={running.key}" if key else "", cookie) if c]
    if cookies:
        headers["Cookie"] = "; ".join(cookies)
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(running.url + path, data=data, headers=headers, method="POST" if data else "GET")
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            text = r.read().decode()
            status = r.status
    except urllib.error.HTTPError as err:
        text, status = err.read().decode(), err.code
    try:
        return status, json.loads(text)
    except ValueError:
        return status, text


def _pending_boards(running: Running) -> list[dict[str, object]]:
    status, state = request(running, f"/api/state?event={EVENT}&round=9")
    assert status == 200 and isinstance(state, dict)
    boards = state["boards"]
    assert isinstance(boards, list)
    return boards


# The whole round in Chromium ----------------------------------------------------------------------------------
def _arbiter(browser: Browser, running: Running, width: int = 1280) -> Page:
    page = browser.new_context(viewport={"width": width, "height": 900}).new_page()
    page.goto(f"{running.url}/?key={running.key}")  # the arbiter's address: the key becomes a cookie
    expect(page.locator("h1")).to_have_text("Arbiter's desk")
    assert "key=" not in page.url
    return page


def _phone(browser: Browser, running: Running) -> Page:
    page = browser.new_context(viewport={"width": 375, "height": 740}, is_mobile=True, has_touch=True).new_page()
    page.goto(f"{running.url}/play")
    page.fill("#code", running.code)
    return page


def _report(phone: Page, name: str, side: int, outcome: str, answer: str) -> None:
    """The player finds his board by his name, says which of the two he is, and what happened; the desk's answer."""
    phone.evaluate("document.getElementById('status').textContent = ''")
    phone.fill("#who", name)
    phone.click("#play button[type=submit]")
    expect(phone.locator("#found li")).to_have_count(1)
    phone.locator("#found li button").nth(side).click()
    phone.click(f"button[data-outcome={outcome}]")
    expect(phone.locator("#status")).to_contain_text(answer)


SAVED, WAITING, DISAGREE = "Saved", "Thank you", "arbiter will decide"


def test_a_whole_round_runs_through_the_desk(browser: Browser, desk: Running, tmp_path: Path) -> None:
    arbiter = _arbiter(browser, desk)
    second = _arbiter(browser, desk)
    # Check-in: one absentee for round 9 (the round to pair: round 8 is the last one played).
    arbiter.goto(f"{desk.url}/event/{EVENT}/checkin")
    expect(arbiter.locator("#checkin-head")).to_contain_text("Round 9")
    arbiter.click('tr[data-player="nagy-gabor"] button[data-checkin="absent"]')
    expect(arbiter.locator('tr[data-player="nagy-gabor"] .state')).to_have_text("absent")
    checkin = (desk.data / "2000-mso-shogi/championship/checkin.yaml").read_text(encoding="utf-8")
    assert "round-9:" in checkin and "absent: [nagy-gabor]" in checkin

    # Pairing: proposed by the event's engine without the absentee: 41 players, 20 boards and a bye.
    arbiter.goto(f"{desk.url}/event/{EVENT}/pairing")
    arbiter.click("button[data-propose]")
    expect(arbiter.locator("#pairs tr")).to_have_count(21)
    names = arbiter.locator("#pairs").inner_text()
    assert "Nagy" not in names
    # Two players swapped and swapped back: the desk checks each change and says so.
    players = arbiter.locator("#pairs button.player")
    first, other = players.nth(0).inner_text(), players.nth(2).inner_text()
    players.nth(0).click()
    players.nth(2).click()
    expect(arbiter.locator("#pairs button.player").nth(0)).to_have_text(other)
    expect(arbiter.locator("#breaks")).not_to_be_empty()
    arbiter.locator("#pairs button.player").nth(0).click()
    arbiter.locator("#pairs button.player").nth(2).click()
    expect(arbiter.locator("#pairs button.player").nth(0)).to_have_text(first)
    expect(arbiter.locator("#breaks")).to_have_text("The changes break no rule.")
    arbiter.click("#publish")
    arbiter.wait_for_url(re.compile(r"/results$"))
    boards = _pending_boards(desk)
    assert len(boards) == 20
    round_file = desk.data / ROUND_9
    text = round_file.read_text(encoding="utf-8")
    assert "absent: [nagy-gabor]" in text and "bye: [" in text

    # Results from two arbiters' windows at once: boards 1-8 by taps in the first, 9-16 by the keyboard in the
    # second, interleaved; each sees the other's saves (the page asks the desk every 3 s).
    second.goto(f"{desk.url}/event/{EVENT}/results")
    expected: dict[int, str] = {}
    for n in range(1, 9):
        result = "1-0" if n % 2 else "0-1"
        arbiter.click(f"#board-{n} button[data-result='{result}']")
        expect(arbiter.locator(f"#board-{n} .result")).to_have_text(result)
        expected[n] = result
        m = n + 8
        result = "½-½" if m == 12 else "0-1" if m % 3 else "1-0"
        second.fill("#quick-board", str(m))
        second.fill("#quick-result", {"½-½": "1/2"}.get(result, result))
        second.press("#quick-result", "Enter")
        expect(second.locator(f"#board-{m} .result")).to_have_text(result)
        expect(second.locator("#quick-board")).to_be_focused()
        expected[m] = result
    expect(second.locator("#board-1 .result")).to_have_text("1-0", timeout=10_000)  # the other window's save

    # Three players' phones report boards 17-20: two matching reports make the result; a single report waits for
    # the arbiter's confirmation; two reports that disagree are flagged to the arbiter, who decides.
    phones = [_phone(browser, desk) for _ in range(3)]
    by_board = {b["board"]: b["players"] for b in boards}

    def report(phone: Page, board: int, side: int, outcome: str, answer: str) -> None:
        _report(phone, str(by_board[board][side]), side, outcome, answer)  # (the id finds the board too)

    report(phones[0], 17, 0, "won", WAITING)
    report(phones[1], 17, 1, "lost", SAVED)  # agrees: the first-named won, 1-0
    expected[17] = "1-0"
    report(phones[2], 18, 1, "won", WAITING)
    report(phones[0], 18, 0, "lost", SAVED)  # agrees: the second-named won, 0-1
    expected[18] = "0-1"
    report(phones[1], 19, 0, "draw", WAITING)  # alone: waits for the arbiter
    report(phones[2], 20, 0, "won", WAITING)
    report(phones[1], 20, 1, "won", DISAGREE)  # both say they won: flagged
    arbiter.reload()
    expect(arbiter.locator("#board-17 .result")).to_have_text("1-0")
    expect(arbiter.locator("#board-18 .result")).to_have_text("0-1")
    expect(arbiter.locator("#board-20 .report.disagree")).to_have_count(2)
    arbiter.locator("#board-19 .reports button").click()  # confirms the draw reported
    expect(arbiter.locator("#board-19 .result")).to_have_text("½-½")
    expected[19] = "½-½"
    arbiter.locator("#board-20 .reports button").nth(1).click()  # the second player's report: he won, 0-1
    expect(arbiter.locator("#board-20 .result")).to_have_text("0-1")
    expected[20] = "0-1"
    saved = {b["board"]: " ".join(b["fields"]) for b in _pending_boards(desk)}
    assert saved == expected

    # Git: what changed in data/, committed with a message naming the event and the round, and nothing else.
    (desk.repo / "notes.txt").write_text("not the festival's data\n", encoding="utf-8")
    (desk.repo / "README.md").write_text("Changed and staged outside data/.\n", encoding="utf-8")
    _git(desk.repo, "add", "README.md")
    arbiter.goto(f"{desk.url}/git")
    expect(arbiter.locator("ul.changed")).to_contain_text("round-9.yaml")
    expect(arbiter.locator("ul.changed")).to_contain_text("checkin.yaml")
    arbiter.click("#commit")
    expect(arbiter.locator("#status")).to_contain_text("Committed")
    log = _git(desk.repo, "log", "-1", "--format=%s", "--name-only")
    assert log.startswith(f"Results: {EVENT} round 9")
    assert sorted(log.split("\n\n", 1)[1].split()) == ["data/2000-mso-shogi/championship/checkin.yaml",
                                                         "data/2000-mso-shogi/championship/round-9.yaml"]
    status = _git(desk.repo, "status", "--porcelain")
    assert "M  README.md" in status and "?? notes.txt" in status  # left as they were: staged, untracked
    assert "origin" not in _git(desk.repo, "remote")  # (never pushed: there is nowhere to push)

    # The round file checks clean, and the site shows the round: standings after round 9.
    errors, _ = problems(desk.data)
    assert errors == []
    site = tmp_path / "site"
    built = build_site(desk.data, site)
    assert built.returncode == 0, built.stderr
    standings = (site / "2000-mso-shogi" / "championship" / "index.html").read_text(encoding="utf-8")
    assert "after round 9" in standings or "After round 9" in standings


def test_the_desk_pages_pass_axe_at_375_px_and_by_keyboard(browser: Browser, desk: Running) -> None:
    """Every page of the desk (a round being played, with a report waiting) under axe-core, at a phone's width with
    nothing scrolling sideways; the result entered by keyboard alone."""
    status, _ = request(desk, "/api/propose", {"event": EVENT})
    assert status == 200
    status, _ = request(desk, "/api/publish", {"event": EVENT})
    assert status == 200
    board = _pending_boards(desk)[0]
    request(desk, "/api/report", {"event": EVENT, "round": 9, "board": 1, "side": 0, "fields": ["1-0"],
                                  "code": desk.code}, key=False)
    assert AXE.is_file()
    context = browser.new_context(viewport={"width": 375, "height": 800}, bypass_csp=True)
    page = context.new_page()
    page.goto(f"{desk.url}/?key={desk.key}")
    found: list[str] = []
    for path in ("/", f"/event/{EVENT}/checkin", f"/event/{EVENT}/pairing", f"/event/{EVENT}/results", "/git",
                 "/sheet", "/play", "/screen", "/?lang=de", f"/event/{EVENT}/results?lang=ja"):
        page.goto(desk.url + path)
        found += [f"{path}: {line}" for line in violations(page)]
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > 375:
            found.append(f"{path}: {width} px wide at 375")
    assert found == []
    # Keyboard alone: Tab to the board box, type, Tab, type, Enter.
    page.goto(f"{desk.url}/event/{EVENT}/results?lang=en")
    page.focus("#quick-board")
    page.keyboard.type("1")
    page.keyboard.press("Tab")
    page.keyboard.type("1-0")
    page.keyboard.press("Enter")
    expect(page.locator("#board-1 .result")).to_have_text("1-0")
    assert board["players"] == _pending_boards(desk)[0]["players"]
    context.close()


# Plain HTTP: the guard, saves at once, an editor in between ---------------------------------------------------
def _publish(running: Running) -> list[dict[str, object]]:
    assert request(running, "/api/propose", {"event": EVENT})[0] == 200
    assert request(running, "/api/publish", {"event": EVENT})[0] == 200
    return _pending_boards(running)


def _save(running: Running, board: dict[str, object], fields: list[str], was: list[str] | None = None,
          **how: object) -> tuple[int, dict[str, object] | str]:
    return request(running, "/api/result", {"event": EVENT, "round": 9, "board": board["board"],
                                            "players": board["players"], "fields": fields,
                                            "was": board["fields"] if was is None else was}, **how)  # type: ignore[arg-type]


def test_foreign_hosts_origins_and_no_key_are_refused(desk: Running) -> None:
    boards = _publish(desk)
    port = desk.url.rsplit(":", 1)[1]
    # DNS rebinding: a page of evil.example whose name now points here sends its own Host.
    assert request(desk, "/", host=f"evil.example:{port}")[0] == 421
    assert request(desk, "/api/state", host=f"evil.example:{port}")[0] == 421
    # Another site's form or script: its Origin; a write with no Origin at all.
    assert _save(desk, boards[0], ["1-0"], origin="http://evil.example")[0] == 403
    assert _save(desk, boards[0], ["1-0"], origin=f"http://127.0.0.1:{int(port) + 1}")[0] == 403
    assert _save(desk, boards[0], ["1-0"], origin=None)[0] == 403
    # On the network (--lan), the arbiter's pages and writes need the key.
    assert _save(desk, boards[0], ["1-0"], key=False)[0] == 403
    assert request(desk, f"/event/{EVENT}/results", key=False)[0] == 403
    assert request(desk, "/git", key=False)[0] == 403
    assert request(desk, "/api/commit", {}, key=False)[0] == 403
    assert _pending_boards(desk)[0]["fields"] == []  # nothing written
    # A wrong key is no key; a right one opens the pages.
    assert request(desk, f"/event/{EVENT}/results", key=False, cookie="desk_key=wrong")[0] == 403
    assert request(desk, f"/event/{EVENT}/results")[0] == 200
    # No request names a path on disk: an event is a name looked up among those read.
    for path in ("/event/..%2F..%2Fetc/passwd/results", "/event/../../results", "/static/..%2Fcore.py",
                 "/static/desk.py"):
        status, text = request(desk, path)
        assert status == 404 and "root:" not in str(text) and "import" not in str(text), path
    status, answer = request(desk, "/api/result", {"event": "../../etc", "round": 9, "board": 1,
                                                   "players": ["a", "b"], "fields": ["1-0"]})
    assert status == 409 and "no event" in str(answer)
    # Only the results the event's kind allows are written, whatever is sent.
    status, answer = _save(desk, boards[0], ["1-0]\nbye: [x"])
    assert status == 409 and _pending_boards(desk)[0]["fields"] == []


def test_a_players_report_needs_the_code_and_wrong_codes_are_refused(desk: Running) -> None:
    _publish(desk)
    body = {"event": EVENT, "round": 9, "board": 1, "side": 0, "fields": ["1-0"]}
    assert request(desk, "/api/report", body, key=False)[0] == 403  # no code: the first wrong one
    statuses = [request(desk, "/api/report", {**body, "code": "WRONG1"}, key=False)[0] for _ in range(20)]
    # Five wrong codes are free (guard.FREE): the missing one and 4 more are answered "wrong" (403); the next ones
    # come faster than the wait they ask for (1 s, 2 s, …): slowed (429).
    assert statuses[:4] == [403] * 4 and set(statuses[4:]) == {429}
    # 1 + 20 = 21 wrong codes, past guard.LIMIT (20): the address is refused, the right code included.
    assert request(desk, "/api/report", {**body, "code": desk.code}, key=False)[0] == 429
    assert _pending_boards(desk)[0]["reports"] == []


def test_saves_at_once_lose_nothing_and_an_editors_change_is_kept(desk: Running) -> None:
    boards = _publish(desk)
    round_file = desk.data / ROUND_9
    # Twenty saves sent at once, each to its board: the desk serializes them and every one is in the file.
    answers: list[int] = []
    threads = [threading.Thread(target=lambda b=b: answers.append(_save(desk, b, ["0-1"])[0])) for b in boards]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(boards) == 21  # 42 players of round 9 (docstring), two a board
    assert answers == [200] * 21
    assert [b["fields"] for b in _pending_boards(desk)] == [["0-1"]] * 21
    # An editor changes the file meanwhile: a comment added, board 2's result corrected by hand.
    text = round_file.read_text(encoding="utf-8")
    lines = text.split("\n")
    second = next(i for i, line in enumerate(lines) if line.startswith("  - [")) + 1
    assert lines[second].count("0-1") == 1
    lines[second] = lines[second].replace("0-1", "1-0")
    edited = "# corrected by hand at the board\n" + "\n".join(lines)
    round_file.write_text(edited, encoding="utf-8")
    # An arbiter's page still shows board 2 as 0-1: his save is refused, saying what the board now holds.
    stale = boards[1]
    status, answer = _save(desk, stale, ["½-½"], was=["0-1"])
    assert status == 409 and "1-0" in str(answer)
    assert round_file.read_text(encoding="utf-8") == edited  # nothing lost, nothing written
    # A save of another board keeps the editor's lines.
    status, _ = _save(desk, boards[2], ["1-0"], was=["0-1"])
    assert status == 200
    after = round_file.read_text(encoding="utf-8")
    assert after.startswith("# corrected by hand at the board\n") and lines[second] in after
    errors, _ = problems(desk.data)
    assert errors == []


def test_the_desk_listens_on_127_0_0_1_unless_told(tmp_path: Path) -> None:
    repo, data = _festival_repo(tmp_path)
    done = subprocess.run([sys.executable, "-m", "generator", "desk", "--data", str(data), "--dev-addr",
                           "0.0.0.0:8001"], cwd=ROOT, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 1 and "--lan" in done.stderr and "Traceback" not in done.stderr
    local = _start(data, repo, lan=False)
    try:
        # Without --lan: this machine alone, no key needed; still its own Host and Origin only.
        assert local.key == ""
        assert request(local, f"/event/{EVENT}/checkin", key=False)[0] == 200
        assert request(local, "/api/propose", {"event": EVENT}, key=False, origin="http://evil.example")[0] == 403
        assert request(local, "/api/propose", {"event": EVENT}, key=False)[0] == 200
    finally:
        local.process.terminate()
        local.process.wait(timeout=10)


def test_a_kill_at_any_moment_leaves_every_file_whole(tmp_path: Path) -> None:
    """The desk killed (SIGKILL: no clean-up) while 21 saves are on their way: every file reads as before or after
    a save, never half written (each is a temporary file renamed over the old one)."""
    repo, data = _festival_repo(tmp_path)
    running = _start(data, repo)
    try:
        boards = _publish(running)
        threads = [threading.Thread(target=lambda b=b: _save_quietly(running, b)) for b in boards]
        for t in threads:
            t.start()
        running.process.kill()
        for t in threads:
            t.join()
    finally:
        running.process.kill()
        running.process.wait(timeout=10)
    errors, _ = problems(data)
    assert errors == []  # a round being played: results missing are no error; a broken line would be
    leftovers = [p.name for p in (data / ROUND_9).parent.iterdir() if p.name not in (
        "event.yaml", "checkin.yaml") and not re.fullmatch(r"round-[0-9]+\.yaml", p.name)]
    assert leftovers == [] or all(name.startswith(".") for name in leftovers)


def _save_quietly(running: Running, board: dict[str, object]) -> None:
    try:
        _save(running, board, ["1-0"])
    except (OSError, http.client.HTTPException):
        pass  # the desk is gone (before, or while, it answered)
