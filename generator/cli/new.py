"""`.venv/bin/python -m generator new`: start an organizer's own festival in an empty data folder."""

from __future__ import annotations

import argparse
import shutil
import sys
from datetime import date
from pathlib import Path

from ..countries import COUNTRIES
from ..diagnostics import display_path, printable
from ..sources.files import check_folder, make_folder, write_file
from .site_name import site_name_text
from .starter import STARTERS, starter_files
from .common import BadInput, Commands, EXIT_DATA_ERRORS, EXIT_OK, checked, command

DEFAULT_EVENTS = "championship"


def events_asked(text: str) -> list[str]:
    names = [x.strip() for x in text.split(",") if x.strip()]
    unknown = [x for x in names if x not in STARTERS]
    if unknown or not names:
        raise BadInput(f"--events takes names from: {', '.join(STARTERS)} (not {', '.join(unknown) or 'nothing'})")
    if len(set(names)) != len(names):
        raise BadInput("--events names an event twice")
    return names


def confirmed(data: Path, present: list[Path], force: bool) -> bool:
    """Whether what is in the data folder may go: --force, or 'y' typed at the question."""
    if force or not present:
        return True
    shown = ", ".join(p.name for p in present[:6]) + (" …" if len(present) > 6 else "")
    if sys.stdin is None or sys.stdin.closed or not sys.stdin.isatty():  # (None: started with stdin closed)
        print(printable(f"error: {display_path(data)} is not empty ({shown}): run again with --force to replace "
                        "it with the starter"), file=sys.stderr)
        return False
    try:
        answer = input(printable(f"{display_path(data)} holds {shown}. Remove it all and write the starter? [y/N] "))
    except (EOFError, KeyboardInterrupt):  # Ctrl-D or Ctrl-C at the question: a no
        print(file=sys.stderr)
        return False
    return answer.strip().lower() in ("y", "yes")


def run(args: argparse.Namespace) -> int:
    try:
        events = events_asked(args.events)
        first = date.fromisoformat(args.start) if args.start else date.today()
    except ValueError:
        print(f"error: --start must be a date as 2027-03-06, not '{args.start}'", file=sys.stderr)
        return EXIT_DATA_ERRORS
    except BadInput as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_DATA_ERRORS
    if args.country not in COUNTRIES:
        print(f"error: --country must be a two-letter ISO 3166 code as NL, not '{args.country}'", file=sys.stderr)
        return EXIT_DATA_ERRORS
    data: Path = args.data
    if data.exists() and not data.is_dir():
        print(printable(f"error: {display_path(data)} is not a folder"), file=sys.stderr)
        return EXIT_DATA_ERRORS
    check_folder(data)  # a link to another folder is not emptied
    present = sorted(data.iterdir()) if data.is_dir() else []
    config, config_text, config_line = site_name_text(data, args.name)  # read before anything is changed
    if not confirmed(data, present, args.force):
        print("nothing was changed", file=sys.stderr)
        return EXIT_DATA_ERRORS
    for path in present:  # the folder's own entries; a link is removed, never followed
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path)
        else:
            path.unlink()
    files = starter_files(events, args.name, args.city, args.country, first)
    for relative, text in files.items():
        target = data / relative
        make_folder(target.parent)
        write_file(target, text)
        print(printable(f"wrote {display_path(target)}"))
    if config is not None:
        write_file(config, config_text)
    print(printable(config_line))
    if not checked(data).ok:  # the starter passes `check` at once: shown here, not to be taken on trust
        return EXIT_DATA_ERRORS
    print("next: put your players in players.yaml and the events' lists, then `.venv/bin/python -m generator serve`")
    return EXIT_OK


def register(sub: Commands) -> None:
    new = command(sub, "new", "Start your own festival: empty the data folder (asking first, or --force) and write "
                  "a commented starter that passes check: players.yaml, festival.yaml and the events asked for.")
    new.add_argument("--events", default=DEFAULT_EVENTS,
                     help=f"comma-separated, from: {', '.join(STARTERS)} (default: {DEFAULT_EVENTS})")
    new.add_argument("--name", default="My Shogi Festival",
                     help="the festival's name, and the site's (site_name in the mkdocs.yml beside the data folder)")
    new.add_argument("--city", default="Amsterdam", help="where it is held (FESA's spelling)")
    new.add_argument("--country", default="NL", help="ISO 3166 two-letter code (default NL)")
    new.add_argument("--start", help="first day, as 2027-03-06 (default: today); the festival lasts two days")
    new.add_argument("--force", action="store_true", help="empty the data folder without asking")
    new.set_defaults(func=run)
