"""`.venv/bin/python -m generator teams EVENT`: teams proposed for a team event's unattached players."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..kinds import kind_of
from .common import Commands, EXIT_DATA_ERRORS, command, event_of, written


def run(args: argparse.Namespace) -> int:
    found = event_of(args)
    if found is None:
        return EXIT_DATA_ERRORS
    loaded, _, event = found
    proposal = kind_of(event).form_teams(event, loaded.results[event.path], loaded.data.players)
    return written(proposal, Path(event.loc.file), ": review the teams and commit")


def register(sub: Commands) -> None:
    tm = command(sub, "teams", "Propose teams for a team event's unattached players and add them to its event.yaml.")
    tm.add_argument("event", metavar="EVENT", help="festival/event, e.g. 2000-mso-shogi/team-match")
    tm.set_defaults(func=run)
