"""The command line: one module a command in generator/cli/, each adding its own parser; this only dispatches."""

from __future__ import annotations

import atexit
import contextlib
import gc
import io
import os
import signal
import sys
import threading
from pathlib import Path
from typing import NoReturn

RUN = ".venv/bin/python -m generator"  # how every hint, help text and page says to run the generator

try:
    from .cli import (build, check, desk, elo, fees, fesa, handicap, new, pair, promotion, rating, serve, summary,
                      teams)
    from .cli.common import EXIT_DATA_ERRORS, EXIT_ENVIRONMENT, OneLineErrors
    from .diagnostics import display_path, printable
    from .sources import round_writer
except ModuleNotFoundError as missing:  # a Python without the generator's packages: one line, not a traceback
    print(f"error: this Python ({sys.executable}) has no '{missing.name}', which the generator needs: run it as "
          f"{RUN} … (scripts/setup makes .venv with its packages)", file=sys.stderr)
    sys.exit(3)  # EXIT_ENVIRONMENT: the machine, not the data

COMMANDS = (new, check, summary, build, serve, desk, pair, teams, fees, handicap, elo, rating, promotion,
            fesa)  # --help order


def parser() -> OneLineErrors:
    top = OneLineErrors(
        prog=RUN,
        description="Banzuke: check festival result files and publish them as a website.",
        epilog="Exit codes: 0 fine, 1 errors in the data, 2 the site build failed, 3 a file or folder could not be "
               "written or read (permissions, a file where a folder is needed, a full disk).")
    sub = top.add_subparsers(dest="command", required=True, metavar="COMMAND", parser_class=OneLineErrors)
    for module in COMMANDS:
        module.register(sub)
    return top


def main(argv: list[str] | None = None) -> int:
    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `... | head` ends quietly, as other tools do
    if hasattr(signal, "SIGXFSZ"):  # a file-size limit (ulimit -f) reached: an error to report (EFBIG), not an end
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # half-way through writing with no word said
    for stream in (sys.stdout, sys.stderr):  # a terminal that cannot show a name gets an escape, not a crash
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="backslashreplace")
    args = parser().parse_args(argv)
    if args.command not in ("serve", "desk"):
        # A command that runs once and ends: its data and pages live until it ends, and the collector's default
        # (a pass every 700 new objects, a full pass whenever the survivors grow by a quarter) would walk them
        # again and again, a ninth of a large archive's build. A pass every 200,000 objects still finds the
        # few reference cycles (without any, a 20,000-page build would hold 1.1 GB instead of 0.7).
        gc.set_threshold(200_000, 30, 30)
    try:
        code: int = args.func(args)
    except round_writer.Unreadable as exc:  # a file to update that is not valid YAML: located, left untouched
        for line in exc.report.lines():
            print(line, file=sys.stderr)
        print("error: the file was left as it is: correct it, then run the command again", file=sys.stderr)
        return EXIT_DATA_ERRORS
    except OSError as exc:  # the machine, not the data: one line, its own exit code
        where = f" {display_path(Path(exc.filename))}" if exc.filename else ""
        print(printable(f"error: cannot use{where}: {exc.strerror or exc}"), file=sys.stderr)
        return EXIT_ENVIRONMENT
    return code


def ended(code: int) -> NoReturn:
    """Out of a command that has done its work: what is registered to run at the end run (the temporary folders'
    clean-up among it), the output flushed, then the process ends without taking apart what the command built.
    Python's own end frees every object one by one and then walks those left with the collector: about a second of
    CPU after a large archive's build, for nothing. With a thread of its own still at work, Python's own end, which
    waits for it."""
    if any(t is not threading.main_thread() and not t.daemon and t.is_alive() for t in threading.enumerate()):
        sys.exit(code)
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):  # (a reader gone: the code said stands)
            stream.flush()
    os._exit(code)


if __name__ == "__main__":
    ended(main())
