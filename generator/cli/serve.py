"""`.venv/bin/python -m generator serve`: the live preview."""

from __future__ import annotations

import argparse
import signal
from pathlib import Path

from .. import engine
from .common import Commands, EXIT_ENVIRONMENT, EXIT_OK, ROOT, check_data, command


def run(args: argparse.Namespace) -> int:
    """The live preview starts even when the data has errors: the pages show them until they are fixed. Ctrl-C
    (SIGINT) stops it, also when it was started where SIGINT is ignored (a script's background job). A browser
    that goes away is not the preview's end: a write to its closed socket is an error the server passes over
    (the other commands end quietly on a closed pipe, as `... | head` expects)."""
    signal.signal(signal.SIGINT, signal.default_int_handler)
    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_IGN)
    check_data(args.data)
    engine.use()
    from ..engine.serve import serve  # the engine is imported only to build
    served = serve(args.config.resolve(), args.data.resolve(), args.dev_addr)
    return EXIT_OK if served else EXIT_ENVIRONMENT


def register(sub: Commands) -> None:
    serve = command(sub, "serve", "Serve a live preview that rebuilds when a file is saved (data errors show in the "
                    "page).")
    serve.add_argument("--dev-addr", default="127.0.0.1:8000", help="address to serve on (default 127.0.0.1:8000)")
    serve.add_argument("--config", type=Path, default=ROOT / "mkdocs.yml", help=argparse.SUPPRESS)
    serve.set_defaults(func=run)
