"""`.venv/bin/python -m generator pair EVENT --round N`: a round's pairings proposed and written as its round file. The
event's kind proposes them (generator/kinds); this reads the command line, checks it, writes and prints."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..diagnostics import display_path
from ..kinds import PairRequest, kind_of
from ..rules.round_times import round_time
from ..sources.fields import suggest
from ..sources.files import check_writable
from ..sources.round_dates import with_date_and_time
from .common import BadInput, Commands, EXIT_DATA_ERRORS, command, event_of, whole, written


def run(args: argparse.Namespace) -> int:
    try:
        number = whole(args.round, "--round", 1)
    except BadInput as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_DATA_ERRORS
    # The rounds from `number` on are what is being proposed: read only the ones before it.
    found = event_of(args, (args.event.strip("/"), number))
    if found is None:
        return EXIT_DATA_ERRORS
    loaded, _, event = found
    res = loaded.results[event.path]
    if number > event.rounds_planned:
        print(f"error: {event.short} has {event.rounds_planned} rounds, not {number}", file=sys.stderr)
        return EXIT_DATA_ERRORS
    if res.completed < number - 1 and kind_of(event).needs_previous_round():
        print(f"error: round {res.completed + 1} is not complete: pair round {number} when it is",
              file=sys.stderr)
        return EXIT_DATA_ERRORS
    entrants = {r.id for r in event.entrants}
    checkin = event.checked_in(number)  # the desk's absentees are absent as if named with --absent
    desk = sorted({r.id for r in checkin.absent} if checkin else set())
    absent = sorted({a.strip() for a in (args.absent or "").split(",") if a.strip()} | set(desk))
    for pid in absent:
        if pid not in entrants:
            hint = suggest(pid, sorted(entrants))
            print(f"error: '{pid}' is not entered in {event.short}" + (f" ({hint})" if hint else ""),
                  file=sys.stderr)
            return EXIT_DATA_ERRORS
    target = Path(event.loc.file).parent / f"round-{number}.yaml"
    check_writable(target)  # a link (even one to nothing), a folder or a device there: refused, nothing read
    if target.exists() and not args.force:
        print(f"error: {display_path(target)} exists; pass --force to replace its pairings "
              "(its other lines and comments are kept)", file=sys.stderr)
        return EXIT_DATA_ERRORS
    if desk:
        print(f"absent in checkin.yaml for round {number}: {', '.join(desk)}")
    request = PairRequest(event, res, loaded.data.players, number, absent, target, args.force)
    proposal = kind_of(event).pair(request)
    if not proposal.error:  # the round's day and time from the event's schedule, when it gives them
        proposal.text = with_date_and_time(proposal.text, *round_time(event, number))
    return written(proposal, target)


def register(sub: Commands) -> None:
    pr = command(sub, "pair", "Propose the pairings of a round and write them as its round file, for review.")
    pr.add_argument("event", metavar="EVENT", help="festival/event, e.g. 2000-mso-shogi/championship")
    pr.add_argument("--round", required=True, metavar="N", help="the round to pair")
    pr.add_argument("--absent", metavar="IDS", help="comma-separated ids of players who miss this round")
    pr.add_argument("--force", action="store_true", help="replace the pairings of an existing round file")
    pr.set_defaults(func=run)
