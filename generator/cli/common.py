"""What the commands share: exit codes, the data checked and printed, the event or player named."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, NoReturn, TypeAlias

from ..diagnostics import display_path, printable
from ..kinds import Proposal
from ..model import Event, Festival, Player
from ..fesa.preview import Store
from ..pipeline import Loaded, load
from ..sources.fields import suggest
from ..sources.files import write_file

ROOT = Path(__file__).resolve().parent.parent.parent
ORGANIZERS_DATA = ROOT / "data"  # the data a command reads without --data: the organizer's, never the tests'
Commands: TypeAlias = "argparse._SubParsersAction[Any]"  # where each command adds its parser
EXIT_OK, EXIT_DATA_ERRORS, EXIT_BUILD_FAILED, EXIT_ENVIRONMENT = 0, 1, 2, 3


def print_report(loaded: Loaded, data: Path, github: bool = False) -> None:
    """Every problem, then the summary: on stderr when there are errors, else on stdout. github: the problems
    as GitHub Actions annotations, on stdout (where the runner reads workflow commands)."""
    stream = sys.stderr if loaded.report.errors and not github else sys.stdout
    for line in loaded.report.lines(github):
        print(line, file=stream)
    print(printable(f"{display_path(data)}: {loaded.report.summary()}"), file=stream)


def check_data(data: Path, github: bool = False) -> bool:
    return checked(data, github).ok


def checked(data: Path, github: bool = False, ratings: Store | None = None, checks: Store | None = None,
            rounds: Store | None = None) -> Loaded:
    loaded = load(data, ratings=ratings, fesa_checks=checks, rounds=rounds)
    print_report(loaded, data, github)
    return loaded


def loaded_or_errors(data: Path, stop_at: tuple[str, int] | None = None) -> Loaded | None:
    loaded = load(data, stop_at)
    if not loaded.ok:
        print_report(loaded, data)
        return None
    return loaded


def named_player(loaded: Loaded, pid: str) -> Player | None:
    """The player named on the command line; None after saying there is none (with the nearest id)."""
    player = loaded.data.players.get(pid)
    if player is None:
        hint = suggest(pid, list(loaded.data.players))
        print(f"error: no player '{pid}'" + (f" ({hint})" if hint else ""), file=sys.stderr)
    return player


def find_event(loaded: Loaded, name: str) -> tuple[Festival, Event] | None:
    name = name.strip("/")
    for festival in loaded.data.festivals:
        for event in festival.events:
            if name in (event.path, festival.id if len(festival.events) == 1 else None):
                return festival, event
    known = ", ".join(e.path for e in loaded.data.events())
    print(f"error: no event '{name}' (events: {known})", file=sys.stderr)
    return None


def event_of(args: argparse.Namespace, stop_at: tuple[str, int] | None = None) \
        -> tuple[Loaded, Festival, Event] | None:
    """The data, checked, and the event args.event names (errors printed when there is none)."""
    loaded = loaded_or_errors(args.data, stop_at)
    found = find_event(loaded, args.event) if loaded else None
    if loaded is None or found is None:
        return None
    return loaded, found[0], found[1]


def export_name(event: Event) -> str:
    return f"{event.festival_id}-{event.id}-turnering.txt"


class OneLineErrors(argparse.ArgumentParser):
    """Bad input gets one line, not a usage dump."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_DATA_ERRORS, f"error: {message} (see {self.prog} --help)\n")


def whole(text: str, what: str, minimum: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise BadInput(f"{what} must be a whole number, not '{text}'") from None
    if value < minimum:
        raise BadInput(f"{what} must be at least {minimum}, not {value}")
    return value


class BadInput(Exception):
    pass


def command(sub: Commands, name: str, help_text: str,
            data: bool = True) -> argparse.ArgumentParser:
    """A command's parser; `data`: it reads the data directory (--data)."""
    p: argparse.ArgumentParser = sub.add_parser(name, help=help_text, description=help_text)
    if data:
        p.add_argument("--data", type=Path, default=ORGANIZERS_DATA,
                       help="the data directory (default: data/ of this repository)")
    return p


def written(proposal: Proposal, path: Path, after: str = "") -> int:
    """What a kind proposed (pairings, teams): its error, or the file written and what it holds printed."""
    if proposal.error:
        print(f"error: {proposal.error}", file=sys.stderr)
        return EXIT_DATA_ERRORS
    write_file(path, proposal.text)
    for line in proposal.lines:
        print(line)
    print(f"wrote {display_path(path)}{after}")
    return EXIT_OK
