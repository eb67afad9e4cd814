"""Helpers the tests share with the benchmarks (bench/ imports them from here): Chromium's settings, a built site
served on a local port, an HTTP fetch, a free port, and a copy of the repository as git knows it."""

from __future__ import annotations

import contextlib
import functools
import http.server
import shutil
import os
import socket
import stat
import subprocess
import threading
import urllib.request
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHROMIUM = "/usr/bin/chromium"  # Debian's package; Playwright drives it
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]


# A walk over every page of a site has no use for the theme's search, which each page starts in a worker of its
# own (the whole index read and indexed again at every page: a quarter of a walk's time): before the page's
# scripts run, a worker that takes messages and answers none (the search box stays "Initializing search").
NO_SEARCH_WORKER = ("window.Worker = class { postMessage() {} addEventListener() {} removeEventListener() {} "
                    "terminate() {} };")


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


class NotFound(Quiet):
    """A missing file answered as a static host answers it: status 404 with the site's own 404.html."""

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        page = Path(self.directory) / "404.html"
        if code != 404 or not page.is_file():
            super().send_error(code, message, explain)
            return
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)


@contextlib.contextmanager
def serving(site: Path, not_found: bool = False) -> Iterator[str]:
    """A built site served over HTTP on a free local port while the block runs: its address. With `not_found`, a
    missing page is the site's 404.html (status 404), as on GitHub Pages."""
    handler = NotFound if not_found else Quiet
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def fetch(url: str) -> str:
    """The page at `url`, or "" when it cannot be had (yet)."""
    try:
        with urllib.request.urlopen(url, timeout=5) as r:
            return str(r.read().decode("utf-8"))
    except OSError:
        return ""


def repository_copy(target: Path, leave_out: tuple[str, ...] = (), link: tuple[str, ...] = ()) -> Path:
    """The repository's files as git knows them (tracked and new, not ignored) in `target`, but for those under
    `leave_out`; the folders in `link` (installed tools: .venv, node_modules) are linked, not copied."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                            capture_output=True, check=True).stdout.decode().split("\0")
    for name in filter(None, listed):
        if name.startswith(leave_out) or not (ROOT / name).is_file():  # (a file deleted, not yet committed)
            continue
        (target / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, target / name)
    for name in link:
        if (ROOT / name).exists():
            (target / name).symlink_to(ROOT / name)
    return target


def snapshot(top: Path) -> dict[str, object]:
    """Every entry under `top` (by its path from there), links not followed: a link's target, a file's bytes and
    mode, what else it is and its mode. Two snapshots equal: nothing was written, removed or replaced."""
    seen: dict[str, object] = {}
    for folder, dirs, names in os.walk(top):
        for name in dirs + names:
            path = Path(folder) / name
            st = os.lstat(path)
            if stat.S_ISLNK(st.st_mode):
                seen[path.relative_to(top).as_posix()] = ("link", os.readlink(path))
            elif stat.S_ISREG(st.st_mode):
                seen[path.relative_to(top).as_posix()] = ("file", path.read_bytes(), st.st_mode)
            else:
                seen[path.relative_to(top).as_posix()] = ("other", st.st_mode)
    return seen
