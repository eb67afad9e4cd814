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

from .conftest import MINI, ROOT

PAGE = "cup/open/round-2/"


sys.path.insert(0, str(ROOT / "bench"))
from preview import fetch, free_port  # type: ignore[import-not-found]  # noqa: E402  (bench/preview.py's)


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
