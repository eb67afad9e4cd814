"""`.venv/bin/python -m generator fesa rate LIST TURNERING… [--new-players FILE…] --out NEWLIST`: the rating
officer's run of FESA's rating program (generator/fesa/program.py), tournament after tournament, with its published
table."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Collection
from fractions import Fraction
from pathlib import Path
from typing import Any

from ..diagnostics import Location, Report, display_path
from ..fesa import turnering
from ..fesa import validate as fesa_validate
from ..fesa.grades import ProgramError
from ..fesa.lisp import write
from ..fesa.lists import ENCODING, read_list, read_newcomers
from ..fesa.program import HANDICAP_GRADES
from ..fesa.tournament import check_games, rate_tournament, table
from ..sources.files import Unwritable, check_writable, write_file
from .common import EXIT_DATA_ERRORS, EXIT_ENVIRONMENT, EXIT_OK

def cmd_fesa_rate(args: argparse.Namespace) -> int:
    inputs = [args.list, *args.tournaments, *args.new_players]
    try:
        check_writable(args.out, inputs)  # refused before any work: --out is not an input, a link, a folder …
    except Unwritable as exc:
        print(f"error: --out {display_path(args.out)}: {exc.strerror}", file=sys.stderr)
        return EXIT_ENVIRONMENT
    report = Report()
    players = read_list(args.list, report)
    newcomers = [read_newcomers(p, report) for p in args.new_players]
    lists_read = players is not None and all(n is not None for n in newcomers)
    known = {(p.slots["LAST-NAME"], p.slots["FIRST-NAME"]) for p in players or []}  # (lists.py: strings)
    tournaments: list[tuple[Path, Any]] = []
    for i, path in enumerate(args.tournaments):
        shown = display_path(path)
        known |= {(p.slots["LAST-NAME"], p.slots["FIRST-NAME"]) for p in (newcomers[i] or [] if i < len(newcomers)
                                                                          else [])}
        try:
            data = path.read_bytes()
        except OSError as exc:
            report.error(Location(shown), f"cannot read the file: {exc.strerror}", "check the path")
            continue
        found = Report()  # the file's problems, the first of them shown (capped)
        t = turnering.read(data, shown, found)
        if t is not None:  # what `fesa check` rejects is not rated (nothing is written); and what the program stops on
            # A name without a first name is FESA's anonymised lists' (or, if they do not hold it, _names says so).
            nameless = {(p.last, p.first) for p in t.players if not p.first}
            told = _games(t, shown, found)
            fesa_validate.validate(t, shown, found, rematches_allowed=args.allow_rematches, nameless=nameless,
                                   told=told)
            if lists_read:
                _names(t, shown, known, found)
            tournaments.append((path, t))
        fesa_validate.capped(found, report)
    if report.errors or players is None or any(n is None for n in newcomers):
        return _fail(report)
    for i, (path, t) in enumerate(tournaments):
        shown = display_path(path)
        players = [*(newcomers[i] or [] if i < len(newcomers) else []), *players]
        lines = [(p.last, p.first, [(tok.opponent, tok.result, tok.handicap) for tok in p.results])
                 for p in t.players]
        date = t.date_text[t.date_text.find("[") + 1:t.date_text.find("]")]
        try:
            outcome = rate_tournament(players, lines, date, [p.macmahon or Fraction(0) for p in t.players],
                                      {i for i, p in enumerate(t.players) if p.simul})
        except ProgramError as exc:
            line = t.players[exc.player].line if exc.player is not None else t.date_line
            report.error(Location(shown, line), str(exc), exc.hint)
            return _fail(report)
        players = outcome.players
        print("\n".join(table(outcome, t.name, date)), end="\n\n")
    for line in report.lines():  # (warnings: a name twice in the list …)
        print(line, file=sys.stderr)
    text = "(" + "".join(write(p) + "\n" for p in players) + "\n)\n"
    try:
        write_file(args.out, text.encode(ENCODING), inputs)
    except OSError as exc:
        print(f"error: --out {display_path(args.out)}: {exc.strerror or exc}", file=sys.stderr)  # (says what)
        return EXIT_ENVIRONMENT
    except UnicodeEncodeError as exc:
        print(f"error: --out {display_path(args.out)}: cannot be written ({exc})", file=sys.stderr)
        return EXIT_ENVIRONMENT
    print(f"wrote {display_path(args.out)}: {len(players)} players")
    return EXIT_OK


def _games(t: turnering.Tournament, shown: str, report: Report) -> set[tuple[int, int]]:
    """What the program would stop on first in the games, each where it is written: a result that is not a game,
    a handicap it does not know; else the first game its own check stops on (check_games). The (player's number,
    round) of the results reported, which FESA's validator need not report again."""
    told = set()
    for number, p in enumerate(t.players, start=1):
        who = " ".join(x for x in (p.last, p.first) if x)
        for rnd, word in p.bad_tokens:
            told.add((number, rnd))
            report.error(Location(shown, p.line, p.results[rnd - 1].col), f"round {rnd} of {who}: '{word}' is not "
                         "a game the program rates", turnering.GIVER_HINT if turnering.GIVER in word else
                         "write the opponent's number, then + - or =, e.g. 3+ or 3-(+b)")
        for rnd, tok in enumerate(p.results, start=1):
            if tok.handicap is not None and (tok.handicap_code or "") not in HANDICAP_GRADES:
                told.add((number, rnd))
                report.error(Location(shown, p.line, tok.col), f"round {rnd} of {who}: unknown handicap "
                             f"'({tok.handicap})'", "the program's handicaps: " + ", ".join(HANDICAP_GRADES))
    if told:
        return told  # (the program's check would stop on the first of them again)
    try:
        check_games([(p.last, p.first, [(tok.opponent, tok.result, tok.handicap) for tok in p.results])
                     for p in t.players], {i for i, p in enumerate(t.players) if p.simul})
    except ProgramError as exc:
        line = t.players[exc.player].line if exc.player is not None else t.date_line
        report.error(Location(shown, line), str(exc), exc.hint)
    return told


def _names(t: turnering.Tournament, shown: str, known: Collection[tuple[object, object]], report: Report) -> None:
    """A player in neither the list nor the new players (`known`: their names), where the program would stop on him
    (a simul's giver, `[&]`, need not be in either: the program does not look him up)."""
    missing = 0
    for p in t.players:
        who = " ".join(x for x in (p.last, p.first) if x)
        if (p.last, p.first) not in known and not p.simul:
            missing += 1  # (the hint once: it is the same for every missing player)
            report.error(Location(shown, p.line), f"{who} is not in the rating list, nor among the new players",
                         "add the player to the list's new players (--new-players), or correct the name as the list "
                         "has it" if missing == 1 else "")


def _fail(report: Report) -> int:
    for line in report.lines():
        print(line, file=sys.stderr)
    print("nothing was written: fix the errors above", file=sys.stderr)
    return EXIT_DATA_ERRORS


def register(fesa_sub: Any) -> None:
    rate = fesa_sub.add_parser(
        "rate", help="Rate tournaments as FESA's rating program does: a list in, the new list out.",
        description="Rate tournaments as FESA's rating program (turnering.lisp) does: read its rating list, rate "
                    "each turnering.txt in order, print FESA's table for each and write the new list in the "
                    "program's own format.")
    rate.add_argument("list", type=Path, metavar="LIST", help="the rating list before (ratingliste.pre)")
    rate.add_argument("tournaments", type=Path, nargs="+", metavar="TURNERING", help="turnering.txt, in order")
    rate.add_argument("--new-players", type=Path, action="append", default=[], metavar="FILE",
                      help="the new players' entries (nye-spillere) of a tournament; once per tournament, in order")
    rate.add_argument("--out", type=Path, required=True, metavar="NEWLIST", help="where to write the new list")
    rate.add_argument("--allow-rematches", action="store_true",
                      help="the tournaments allow two players to meet more than once (as fesa check's option)")
    rate.set_defaults(func=cmd_fesa_rate)
