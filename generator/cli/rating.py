"""`.venv/bin/python -m generator rating EVENT`: FESA's rating of an event, previewed, printed as FESA publishes
its tables; `.venv/bin/python -m generator rating --published FILE`: one of FESA's published tables recomputed,
with the agreement."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

from ..diagnostics import Report, display_path, printable
from ..fesa import published
from ..fesa.export import fesa_name, round_tokens
from ..fesa.turnering import GIVER, Token
from ..fesa.published import BONUS_WHEN_UNKNOWN
from ..fesa.validate import POINTS
from ..kinds import kind_of
from ..model import Event
from ..pipeline import Loaded
from ..render.rating import NOTE
from ..render.text import points
from .common import Commands, EXIT_DATA_ERRORS, command, event_of

def event_table(loaded: Loaded, event: Event) -> int:
    rated = loaded.ratings.get(event.path)
    if rated is None:
        print(f"error: {event.path} is not rated by FESA: {loaded.fesa[event.path].reason}", file=sys.stderr)
        return 1
    res = loaded.results[event.path]
    # A simul's givers come first, numbered as in its turnering.txt; each opponent's line names his giver by that
    # number, and the giver's games are theirs turned round (docs/rulings.md#simul).
    givers = kind_of(event).fesa_givers(event)
    number = {pid: i for i, pid in enumerate([*givers, *(s.player for s in res.final)], start=1)}
    tokens = {s.player: round_tokens(res, s.player, number)[:res.completed] for s in res.final}
    when = f" : {event.start.isoformat()}" if event.start else ""
    print(printable(f"{event.name}{when}"))
    print(f"FESA rating, {NOTE}.")
    rounds = range(1, res.completed + 1)
    print(f"{'Nr':>3} {'Name':<30} Nat  {'Grade':<6} {'ELO':>5} " + " ".join(f"{r:>8}" for r in rounds)
          + "   Pts   +/-")
    scores = giver_points(tokens, number, givers)
    for pid in givers:  # rated by performance (marked *), as the program rates a giver; no change to his entry
        p, giver = loaded.data.players[pid], rated.givers.get(pid)
        last, first = fesa_name(p)
        elo = f"{giver.performance}*" if giver is not None and giver.performance is not None else "–"
        marks = [GIVER, *[""] * (res.completed - 1)] if res.completed else []
        print(printable(f"{number[pid]:>3} {last[:18]:<18} {first[:11]:<11} {p.country:<4} {'':<6} {elo:>5} "
                        + " ".join(f"{c:>8}" for c in marks) + f" {points(scores[pid]):>5}"))
    for s in res.final:
        p, change = loaded.data.players[s.player], rated.changes[s.player]
        last, first = fesa_name(p)
        elo = f"{change.after}*" if change.category == "unrated" else str(change.before)
        delta = "" if change.category == "unrated" or change.delta is None else f"{change.delta:+d}"
        print(printable(f"{number[s.player]:>3} {last[:18]:<18} {first[:11]:<11} {p.country:<4} "
                        f"{change.grade_before.title():<6} {elo:>5} "
                        + " ".join(f"{str(t):>8}" for t in tokens[s.player]) + f" {points(s.points):>5} {delta:>5}"))
    for s in res.final:
        promoted = rated.changes[s.player].promoted
        if promoted:
            print(printable(f"Promoting {' '.join(fesa_name(loaded.data.players[s.player]))} to {promoted} (FESA)"))
    if not rated.settled:
        print(f"note: the final ratings did not settle after {rated.passes} passes; the last pass is shown")
    return 0


def giver_points(tokens: dict[str, list[Token]], number: dict[str, int], givers: Sequence[str]) -> dict[str, Fraction]:
    """Each simul giver's points, as his line in turnering.txt has them: one less his opponent's in each game
    against him, in one pass over the opponents' rounds (`tokens`)."""
    by_number = {number[pid]: pid for pid in givers}
    scores = dict.fromkeys(givers, Fraction(0))
    for line in tokens.values():
        for t in line:
            if t.opponent in by_number and t.result in POINTS:
                scores[by_number[t.opponent]] += 1 - POINTS[t.result]
    return scores


def published_table(path: Path) -> int:
    report = Report()
    table = published.read(path, report)
    if table is None:
        for line in report.lines():
            print(line, file=sys.stderr)
        return 1
    rows = published.agreement(table)
    print(printable(f"{display_path(path)}: {table.title}"))
    print("Each line recomputed from its ELO and games, the opponents' final ratings taken from the table (ELO and "
          "+/-). 'first 100' / 'past 100': our change if the player's first 100 rated games are not yet / already "
          "behind him (the table does not say); the rules alone take "
          + ("'first 100'." if BONUS_WHEN_UNKNOWN else "'past 100'."))
    print(f"{'Nr':>3} {'Name':<30} {'ELO':>5} {'+/-':>5} {'rules':>6} {'first 100':>10} {'past 100':>9}  reading")
    for a in rows:
        if a.row.change is None:
            continue
        print(printable(f"{a.row.number:>3} {a.row.name[:30]:<30} {a.row.elo:>5} {a.row.change:>+5d} {a.rules:>+6d} "
                        f"{a.with_bonus:>+10d} {a.without_bonus:>+9d}  {a.reading}{'' if a.within else '  ≠'}"))
    unrated = [a for a in rows if a.row.unrated]
    if unrated:
        print("Unrated players (performance rating, against the opponents' final ratings):")
        for a in unrated:
            print(printable(f"{a.row.number:>3} {a.row.name[:30]:<30} published {a.row.elo}*  ours "
                            f"{a.performance if a.performance is not None else '–'}"))
    compared = [a for a in rows if a.row.change is not None]
    within = sum(a.within for a in compared)
    either = sum(a.reading in ("either", "first 100", "past 100") for a in compared)
    own = published.compute(table)
    alone = sum(1 for a in compared if abs((own.changes[str(a.row.number)].delta or 0) - (a.row.change or 0)) <= 1)
    n = len(compared)
    print(f"Players with a published +/-: {n}")
    print(f"Within ±1 with the rules alone: {within} of {n} ({_pct(within, n)})")
    print(f"Within ±1 with the first-100-games reading taken either way: {either} of {n} ({_pct(either, n)})")
    print(f"Within ±1 from the ELO column alone (our own fixed point, nothing from the +/- column): {alone} of {n} "
          f"({_pct(alone, n)})")
    return 0


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f} %" if whole else "–"


def run(args: argparse.Namespace) -> int:
    if args.published is not None:
        return published_table(args.published)
    if args.event is None:
        print("error: name an event (festival/event) or give --published FILE", file=sys.stderr)
        return EXIT_DATA_ERRORS
    found = event_of(args)
    if found is None:
        return EXIT_DATA_ERRORS
    return event_table(found[0], found[2])


def register(sub: Commands) -> None:
    rt = command(sub, "rating", "FESA's rating of an event, previewed, as FESA publishes its tables; or, with "
                 "--published, one of FESA's published tables recomputed, with how many changes agree.")
    rt.add_argument("event", metavar="EVENT", nargs="?", help="festival/event, e.g. 2000-mso-shogi/championship")
    rt.add_argument("--published", type=Path, metavar="FILE", help="a result table as FESA publishes it")
    rt.set_defaults(func=run)
