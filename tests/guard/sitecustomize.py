"""The suite's guard on the organizer's data/ (tests own their data): in every Python process a test starts
(tests/conftest.py puts this folder on PYTHONPATH, so that each one imports this module at start-up), and in the
suite's own processes, an audit hook notes any file opened or folder listed under the folder that
BANZUKE_GUARD_DATA names. Each such read is written to the file BANZUKE_GUARD_LOG names, then refused: the test
that caused it fails, naming the path, even where the code that read it caught the error. (Checking and building
whatever data/ holds is the results workflow's work, not the suite's.) The hook reads both at each event: a
process that set them anew (a pytest-xdist worker, whose conftest.py gives it a log of its own) is watched by its
own."""

from __future__ import annotations

import os
import sys

WATCHED = "BANZUKE_GUARD_DATA"
LOG = "BANZUKE_GUARD_LOG"
EVENTS = frozenset({"open", "os.listdir", "os.scandir"})
INSTALLED = "_banzuke_data_guard"  # (on sys: an audit hook cannot be taken back, so it is installed once)


class DataRead(Exception):
    """A test read the organizer's data/."""


def install() -> None:
    """The hook, once in this process: a read under $BANZUKE_GUARD_DATA is written to $BANZUKE_GUARD_LOG, then
    refused."""
    if getattr(sys, INSTALLED, False):
        return
    setattr(sys, INSTALLED, True)
    busy = [False]  # (the log's own opening passes through the hook)

    def hook(event: str, args: tuple[object, ...]) -> None:
        if event not in EVENTS or busy[0] or not args or isinstance(args[0], int) or args[0] is None:
            return
        folder, log = os.environ.get(WATCHED), os.environ.get(LOG)
        if not folder or not log:
            return
        try:
            given = os.fsdecode(args[0])  # type: ignore[arg-type]
        except (TypeError, ValueError):
            return
        if os.sep not in given:  # a bare name: maybe in a folder given by its descriptor (shutil.rmtree's dir_fd)
            return
        path, root = os.path.abspath(given), os.path.abspath(folder)
        if path != root and not path.startswith(root + os.sep):
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
    install()
