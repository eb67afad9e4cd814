"""The suite's guard on the organizer's data/ (tests own their data): in every Python process a test starts
(tests/conftest.py puts this folder on PYTHONPATH, so that each one imports this module at start-up), and in the
suite's own process, an audit hook notes any file opened or folder listed under the folder that
BANZUKE_GUARD_DATA names, unless BANZUKE_GUARD_ALLOWED is set (the one test that builds data/ as CI does). Each
such read is written to the file BANZUKE_GUARD_LOG names, then refused: the test that caused it fails, naming the
path, even where the code that read it caught the error."""

from __future__ import annotations

import os
import sys

WATCHED = "BANZUKE_GUARD_DATA"
ALLOWED = "BANZUKE_GUARD_ALLOWED"
LOG = "BANZUKE_GUARD_LOG"
EVENTS = frozenset({"open", "os.listdir", "os.scandir"})


class DataRead(Exception):
    """A test read the organizer's data/."""


def install(folder: str, log: str) -> None:
    """The hook: a read under `folder` is written to `log`, then refused."""
    root = os.path.abspath(folder)
    inside = root + os.sep
    busy = [False]  # (the log's own opening passes through the hook)

    def hook(event: str, args: tuple[object, ...]) -> None:
        if event not in EVENTS or busy[0] or not args or isinstance(args[0], int) or args[0] is None:
            return
        try:
            given = os.fsdecode(args[0])  # type: ignore[arg-type]
        except (TypeError, ValueError):
            return
        if os.sep not in given:  # a bare name: maybe in a folder given by its descriptor (shutil.rmtree's dir_fd)
            return
        path = os.path.abspath(given)
        if path != root and not path.startswith(inside) or os.environ.get(ALLOWED):
            return
        busy[0] = True
        try:
            with open(log, "a", encoding="utf-8") as out:
                out.write(f"{event} {path} (process {os.getpid()}: {' '.join(sys.argv)[:200]})\n")
        finally:
            busy[0] = False
        raise DataRead(f"a test read the organizer's data/ ({event} {path}): tests own their data")

    sys.addaudithook(hook)


if os.environ.get(WATCHED) and os.environ.get(LOG):
    install(os.environ[WATCHED], os.environ[LOG])
