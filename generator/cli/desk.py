"""`.venv/bin/python -m generator desk`: the arbiter's desk, a local web app for the festival in data/ (beside the
preview, `serve`, which shows every save the desk makes as the site will show it)."""

from __future__ import annotations

import argparse
import signal
from pathlib import Path
import socket
import sys

from ..desk.core import Desk
from ..desk.guard import Guard
from ..diagnostics import Report, display_path
from ..render.i18n import LANGUAGES, site_languages
from ..sources.yamltree import Mapping, Scalar, Sequence, Tree, load
from .common import EXIT_DATA_ERRORS, EXIT_ENVIRONMENT, EXIT_OK, ROOT, Commands, command

DEFAULT_PORT = 8001  # the preview (serve) has 8000: both run side by side


def _address(text: str) -> tuple[str, int] | None:
    host, _, port = text.rpartition(":")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        return None
    return host.strip("[]"), int(port)


def lan_address() -> str | None:
    """This machine's address on the venue's network (the interface a packet out would take; none is sent)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))
            address: str = probe.getsockname()[0]
            return None if address.startswith("127.") else address
    except OSError:
        return None


def hosts(host: str, port: int, lan: bool) -> tuple[frozenset[str], str]:
    """The Host headers the desk answers, and the address players open on their phones."""
    names = {host}
    if host in ("127.0.0.1", "localhost", "::1", "0.0.0.0", "::"):
        names |= {"127.0.0.1", "localhost", "[::1]"}
    shown = host if host not in ("0.0.0.0", "::") else "127.0.0.1"
    if lan and host in ("0.0.0.0", "::"):
        found = lan_address()
        name = socket.gethostname().lower()
        names |= {name, f"{name}.local"} | ({found} if found else set())
        shown = found or shown
    return frozenset(f"{n}:{port}" for n in names), f"http://{shown}:{port}/play"


def site_languages_of(config: Path) -> tuple[str, ...]:
    """The site's languages (mkdocs.yml's extra.languages, the default first), read as data with the generator's own
    limits; every language the generator has when mkdocs.yml gives none that it can use (said on stderr)."""
    report = Report()
    tree = load(config, display_path(config), report) if config.is_file() else None
    extra = _value(tree, "extra")
    given = _value(extra, "languages")
    codes = [x.value for x in given.items if isinstance(x, Scalar)] if isinstance(given, Sequence) else None
    try:
        return site_languages([str(c) for c in codes] if codes is not None else None)
    except ValueError as exc:
        print(f"warning: {exc}; the desk offers every language it has", file=sys.stderr)
        return tuple(LANGUAGES)


def _value(tree: Tree | None, key: str) -> Tree | None:
    return next((v for k, v in tree.items if k.value == key), None) if isinstance(tree, Mapping) else None


def run(args: argparse.Namespace) -> int:
    """Ctrl-C stops it; a browser or phone that goes away mid-answer is not its end (a write to a closed socket is an
    error the server passes over, not the SIGPIPE that ends the other commands quietly in a pipe)."""
    signal.signal(signal.SIGINT, signal.default_int_handler)
    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_IGN)
    given = args.dev_addr or (f"0.0.0.0:{DEFAULT_PORT}" if args.lan else f"127.0.0.1:{DEFAULT_PORT}")
    address = _address(given)
    if address is None:
        print(f"error: --dev-addr takes HOST:PORT, e.g. 127.0.0.1:{DEFAULT_PORT}, not '{given}'", file=sys.stderr)
        return EXIT_DATA_ERRORS
    host, port = address
    if not args.lan and host not in ("127.0.0.1", "localhost", "::1"):
        print("error: without --lan the desk listens on this machine alone (127.0.0.1): pass --lan to open it to the "
              "venue's network (the arbiter's pages then need the key it prints)", file=sys.stderr)
        return EXIT_DATA_ERRORS
    import uvicorn  # (the server only when the desk runs)

    from ..desk.app import make_app
    desk = Desk(args.data)
    names, play_url = hosts(host, port, args.lan)
    guard = Guard(names, args.lan)
    app = make_app(desk, guard, site_languages_of(args.config), play_url)
    shown = play_url.removesuffix("play")
    print(f"The arbiter's desk for {args.data}: {shown}" + (f"?key={guard.secret}  (the arbiter's address: "
          "keep it to yourself)" if args.lan else ""), flush=True)
    print(f"Players report their results at {play_url} with the code {guard.code}", flush=True)
    if desk.report.errors:
        print(f"warning: the data has {len(desk.report.errors)} errors: the desk shows them", flush=True)
    config = uvicorn.Config(app, host=host, port=port, log_level="warning", proxy_headers=False,
                            server_header=False, date_header=False, limit_concurrency=200, timeout_keep_alive=5)
    server = uvicorn.Server(config)
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    except OSError as exc:
        print(f"error: the desk cannot listen at {host}:{port}: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_ENVIRONMENT
    return EXIT_OK if server.started else EXIT_ENVIRONMENT


def register(sub: Commands) -> None:
    desk = command(sub, "desk", "Run the arbiter's desk: check-in, pairings, results, players' reports, screens, "
                   "and a commit of data/, in a browser.")
    desk.add_argument("--dev-addr", metavar="HOST:PORT",
                      help=f"address to listen on (default 127.0.0.1:{DEFAULT_PORT}; "
                           f"with --lan 0.0.0.0:{DEFAULT_PORT})")
    desk.add_argument("--lan", action="store_true",
                      help="open the desk to the venue's network: the arbiter's pages need the key it prints, "
                           "players' reports the code")
    desk.add_argument("--config", type=Path, default=ROOT / "mkdocs.yml", help=argparse.SUPPRESS)  # its languages
    desk.set_defaults(func=run)
