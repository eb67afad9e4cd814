"""`python -m generator teams EVENT`: teams proposed for a team event's unattached players."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..diagnostics import display_path
from .common import Commands, EXIT_DATA_ERRORS, EXIT_OK, command, event_of


def run(args: argparse.Namespace) -> int:
    found = event_of(args)
    if found is None:
        return EXIT_DATA_ERRORS
    loaded, _, event = found
    proposal = event.kind.form_teams(loaded, event)
    if proposal.error:
        print(f"error: {proposal.error}", file=sys.stderr)
        return EXIT_DATA_ERRORS
    path = Path(event.loc.file)
    path.write_text(proposal.text, encoding="utf-8")
    for line in proposal.lines:
        print(line)
    print(f"wrote {display_path(path)}: review the teams and commit")
    return EXIT_OK


def register(sub: Commands) -> None:
    tm = command(sub, "teams", "Propose teams for a team event's unattached players and add them to its event.yaml.")
    tm.add_argument("event", metavar="EVENT", help="festival/event, e.g. 2000-mso-shogi/team-match")
    tm.set_defaults(func=run)
