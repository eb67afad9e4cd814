"""Benchmark: how long the live preview takes to show a saved round file, on a copy of the demo.

    .venv/bin/python bench/preview.py [--data DIR] [--times N]

Starts `generator serve` on a free port, then N times: changes one result in the championship's last round
file (going round the three results), saves it, and polls the served round page until it shows the new result;
prints each delay (from the save to the new page served) and the median. Then saves a data error and times
until the page shows the problem, fixes it and times until the page is back, and stops the server with Ctrl-C
(SIGINT), checking that the port is free again. For comparison it also prints the time of one full
`generator build` of the same data.
"""

from __future__ import annotations

import argparse
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tests.support import fetch, free_port  # noqa: E402  (shared with the preview's tests)

ROUND = "2000-mso-shogi/championship/round-9.yaml"
PAGE = "2000-mso-shogi/championship/round-9/"


def board_1(text: str, result: str) -> re.Pattern[str]:
    """Board 1's row of the round page with that result (board 1 is the first game of the round file)."""
    return re.compile(r'<tr><td>1</td><td>(?:(?!</tr>).)*?<td>' + re.escape(result) + "</td>")  # in the row


def wait_for(url: str, wanted: str | re.Pattern[str], limit: float = 60) -> float:
    start = time.perf_counter()
    while time.perf_counter() - start < limit:
        page = fetch(url)
        if wanted in page if isinstance(wanted, str) else wanted.search(page):
            return time.perf_counter() - start
        time.sleep(0.05)
    raise SystemExit(f"the preview did not show {wanted!r} within {limit} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=ROOT / "tests" / "fixtures" / "demo")
    parser.add_argument("--times", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "data"
        shutil.copytree(args.data, data)
        port = free_port()
        url = f"http://127.0.0.1:{port}/{PAGE}"
        server = subprocess.Popen([sys.executable, "-m", "generator", "serve", "--data", str(data),
                                   "--dev-addr", f"127.0.0.1:{port}"], cwd=ROOT, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL)
        try:
            start = time.perf_counter()
            wait_for(url, "round 9", 120)
            print(f"first page served {time.perf_counter() - start:.1f} s after starting")
            path = data / ROUND
            original = path.read_text(encoding="utf-8")
            # Board 1 is the first game of round 9's file; the page shows its result as written. It goes round the
            # three results, save after save, so that no save brings back a state of the last two (whose pages the
            # preview keeps).
            line = next(x for x in original.splitlines() if x.strip().startswith("- ["))
            written = next(r for r in ("1-0", "0-1", "½-½") if f"{r}]" in line)
            cycle = [written, *(r for r in ("1-0", "0-1", "½-½") if r != written)]
            delays = []
            for n in range(args.times):
                result = cycle[(n + 1) % 3]
                path.write_text(original.replace(line, line.replace(f"{written}]", f"{result}]")), encoding="utf-8")
                delays.append(wait_for(url, board_1(original, result), 60))
            print("save -> new result served, s: " + ", ".join(f"{d:.2f}" for d in delays)
                  + f"; median {statistics.median(delays):.2f}")
            path.write_text(original.replace(line, line.replace(f"{written}]", "drew]")), encoding="utf-8")
            print(f"save with an error -> problem shown: {wait_for(url, 'The data has errors', 60):.2f} s")
            path.write_text(original, encoding="utf-8")
            start = time.perf_counter()
            while "The data has errors" in fetch(url):
                time.sleep(0.05)
            print(f"fixed -> page back: {time.perf_counter() - start:.2f} s")
        finally:
            server.send_signal(signal.SIGINT)
            code = server.wait(30)
        with socket.socket() as s:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as a server binds: TIME_WAIT is no owner
            s.bind(("127.0.0.1", port))  # raises if a process still listens on the port
        print(f"Ctrl-C: server exited with {code}, port {port} free")
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "generator", "build", "--data", str(data), "--site-dir",
                        str(Path(tmp) / "site")], cwd=ROOT, check=True, capture_output=True)
        print(f"for comparison, a full generator build: {time.perf_counter() - start:.2f} s")


if __name__ == "__main__":
    main()
