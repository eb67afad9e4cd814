"""`python -m generator teams EVENT`: teams proposed for a team event's unattached players."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .. import formation
from ..diagnostics import display_path
from ..sources import round_writer
from .common import Commands, EXIT_DATA_ERRORS, EXIT_OK, command, event_of


def run(args: argparse.Namespace) -> int:
    found = event_of(args)
    if found is None:
        return EXIT_DATA_ERRORS
    loaded, _, event = found
    if not event.is_team:
        print(f"error: {event.short} is not a team event (format: team-swiss)", file=sys.stderr)
        return EXIT_DATA_ERRORS
    if not event.unattached:
        print(f"error: {event.short} has no players under 'unattached:' to form teams from", file=sys.stderr)
        return EXIT_DATA_ERRORS
    res = loaded.results[event.path]
    players = loaded.data.players
    entrants = [formation.Entrant(r.id, (x.elo if (x := res.ratings[r.id][0]) else 0), players[r.id].country,
                                  r.id in event.together) for r in event.unattached]
    sizes = formation.team_sizes(len(entrants), len(event.teams), event.team_size)
    if sizes is None:
        print(f"error: {len(entrants)} players cannot be split into teams of {event.team_size} and "
              f"{event.team_size - 1} with an even number of teams in all (find another player, or put one in a "
              "registered team)", file=sys.stderr)
        return EXIT_DATA_ERRORS
    teams = formation.form(entrants, sizes, {t.id for t in event.teams})
    comments = [f"average {round(t.average)}" + (" (nationals)" if t.national else "") for t in teams]
    path = Path(event.loc.file)
    path.write_text(round_writer.add_teams(path, [(t.id, t.name, [m.id for m in t.members]) for t in teams],
                                           comments), encoding="utf-8")
    for team, comment in zip(teams, comments, strict=True):
        print(f"{team.name} ({team.id}), {comment}: " + ", ".join(players[m.id].name for m in team.members))
    print(f"wrote {display_path(path)}: review the teams and commit")
    return EXIT_OK


def register(sub: Commands) -> None:
    tm = command(sub, "teams", "Propose teams for a team event's unattached players and add them to its event.yaml.")
    tm.add_argument("event", metavar="EVENT", help="festival/event, e.g. 2000-mso-shogi/team-match")
    tm.set_defaults(func=run)
