"""One tournament rated by FESA's rating program (turnering.lisp), as `fesa rate` runs it: the players found in
the list, the program's own checks of the games, the engine (program.py), the list after it and the program's
printed table. A simul's giver (`[&]`) is rated as the program rates him: as a newcomer, by his performance
against the opponents whose lines name him, his list entry (if any) left as it is."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..numbers import points
from .grades import ProgramError
from .lisp import Char, SLOTS, Struct
from .program import SCORES, Entrant, rate


def last_played(entrants: list[Entrant], date: str, origin: str) -> None:
    """Last played, on the list the tournament is rated for (origin: E or A) and overall."""
    for e in entrants:
        old = e.record.slots
        old["LAST-PLAYED"] = date
        homes = old["NATIONALITY-LIST"] = list(old["NATIONALITY-LIST"] or [])
        home = next((h for h in homes if isinstance(h, Struct) and h.slots["LIST"] == Char(origin)), None)
        if home is None:  # (rate_tournament has made sure the first is a HOME)
            home = Struct("HOME", {**homes[0].slots, "LIST": Char(origin)})
            homes.insert(0, home)
        home.slots["LAST"] = date


# --- one tournament, and the list after it --------------------------------------------------------------------

@dataclass
class Outcome:
    players: list[Struct]  # the new list, in its order
    entrants: list[Entrant]  # in the order the program rates and prints them
    promotions: list[str]
    passes: int
    origin: str = "E"  # the list the tournament is rated for: E (Europe) or A (America)
    numbers: list[int] = field(default_factory=list)  # each line of the file's number in the printed table


def origin_of(records: list[Struct]) -> str:
    """A (American) when more of the players have an American home than a European one, else E."""
    homes = [[h.slots["LIST"] for h in r.slots["NATIONALITY-LIST"] or [] if isinstance(h, Struct)] for r in records]
    europe, america = (sum(Char(c) in h for h in homes) for c in "EA")
    return "A" if america > europe else "E"


def ranking(rounds: list[list[tuple[int, Fraction]]], macmahon: list[Fraction],
            givers: Collection[int] = ()) -> list[int]:
    """The program's ranking of an American tournament, which it rates in that order (turnering.lisp, reorder):
    the lines' indices by points (MacMahon points included), SOS, SODOS and cumulative score, best first
    (`rounds`: each line's (opponent's number, 0 for none; score)). Players equal in all four come in reverse
    file order: CLISP's SORT merges with the program's predicate, `>=`, which puts the later of two equal
    players first. A simul giver's (`givers`: indices) MacMahon points count in his points, not in his cumulative
    score."""
    pts = [mm + sum((score for _, score in line), Fraction(0)) for line, mm in zip(rounds, macmahon, strict=True)]
    sos, sodos, cum = [], [], []
    for i, (line, mm) in enumerate(zip(rounds, macmahon, strict=True)):
        sos.append(sum((pts[o - 1] for o, _ in line if o), Fraction(0)))
        sodos.append(sum((score * pts[o - 1] for o, score in line if o), Fraction(0)))
        running, total = Fraction(0), Fraction(0) if i in givers else mm * len(line)
        for _, score in line:
            running += score
            total += running
        cum.append(total)
    return sorted(range(len(rounds)), key=lambda i: (-pts[i], -sos[i], -sodos[i], -cum[i], -i))


def us_name(first: str) -> str:
    """A first name as the program prints it in an American table: its initial, when longer than 3 letters."""
    return f"{first[0]}." if len(first) > 3 and first.lower() != "mrs." else first


def newcomer(entry: Any) -> Struct:
    """An entry of nye-spillere: (last first homes national-grade-level national-grade-name elo games
    last-played [lb-count mp-count]), as the program makes a list entry of it."""
    values = list(entry) + [None] * (10 - len(entry))
    keys = ("LAST-NAME", "FIRST-NAME", "NATIONALITY-LIST", "NSR-GRADE-LEVEL", "NSR-GRADE-NAME", "ELO-NUMBER",
            "GAMES", "LAST-PLAYED", "LB-COUNT", "MP-COUNT")
    return Struct("PLAYER", {**dict(SLOTS["PLAYER"]), **dict(zip(keys, values[:10], strict=True))})


def giver_record(last: str, first: str) -> Struct:
    """The entry the program makes for a simul's giver instead of looking him up: no games, no grade."""
    home = Struct("HOME", {**dict(SLOTS["HOME"]), "NATIONALITY": ""})
    return Struct("PLAYER", {**dict(SLOTS["PLAYER"]), "LAST-NAME": last, "FIRST-NAME": first,
                             "NATIONALITY-LIST": [home], "GAMES": 0, "LAST-PLAYED": 0})


FLIP = {"+": "-", "-": "+"}  # a handicap's side, seen from the other player


def add_game(e: Entrant, other: Entrant, score: Fraction, side: str | None, code: str | None) -> None:
    """One game of e's line; against a simul's giver, his too (turnering.lisp, calculate: pushed onto the giver's
    games, which thus come last line first: once every line's games are added, givers_games() turns them round)."""
    e.games.append((other, score, side, code))
    if other.simul:
        other.pushed.append((e, 1 - score, FLIP.get(side or ""), code))


def givers_games(entrants: list[Entrant]) -> None:
    """Each simul giver's games pushed by add_game() put in front of his games, the last pushed first, as the
    program has them (a push at the front each time would take time that grows as the square of his boards)."""
    for e in entrants:
        if e.pushed:
            e.games[:0] = reversed(e.pushed)
            e.pushed = []


def numbers_of(entrants: list[Entrant]) -> dict[int, int]:
    """Each entrant's number (his line's), by id(), for giver_rounds(): made once for all the givers."""
    return {id(x): n for n, x in enumerate(entrants, start=1)}


def giver_rounds(e: Entrant, number: dict[int, int]) -> list[tuple[int, Fraction]]:
    """A simul giver's games as his line would have them, for ranking(): (opponent's number, score); `number`:
    numbers_of() the entrants."""
    return [(number[id(g[0])], g[1]) for g in e.games]


def rate_tournament(players: list[Struct], lines: list[tuple[str, str, list[tuple[int, str, str | None]]]],
                    date: str, macmahon: list[Fraction] | None = None, givers: Collection[int] = ()) -> Outcome:
    """`lines`: the tournament's players in its order: last name, first name, and each round's (opponent's
    number, 0 for none; + - or =; the handicap as written, e.g. "+2p", or None); `macmahon`: each line's
    MacMahon points (for an American tournament's ranking); `givers`: the indices of a simul's givers' lines
    (`[&]`, no rounds of their own)."""
    check_games(lines, givers)
    listed: dict[tuple[str, str], Struct] = {}  # a name twice: the first, as the program finds it
    for p in players:
        name = p.slots["LAST-NAME"], p.slots["FIRST-NAME"]
        if isinstance(name[0], str) and isinstance(name[1], str):  # (lists.py has made sure they are)
            listed.setdefault((name[0], name[1]), p)
    entrants = []
    for n, (last, first, _) in enumerate(lines):
        if n in givers:  # (turnering.lisp, find-players: a giver is not looked up in the list)
            entrants.append(Entrant(giver_record(last, first), grade=f"   {'':3}", simul=True))
            continue
        who = " ".join(x for x in (last, first) if x)
        record = listed.get((last, first))
        if record is None:
            raise ProgramError(f"{who} is not in the rating list, nor among the new players", n,
                               "add the player to the list's new players (--new-players), or correct the name as "
                               "the list has it")
        played = record.slots["LAST-PLAYED"]
        if isinstance(played, str) and not played < date:
            raise ProgramError(f"{who} played on {played}, which is not before this tournament ({date})", n,
                               "rate the tournaments in the order they were played, or correct the date")
        level, kind = int(record.slots["GRADE-LEVEL"] or 0), str(record.slots["GRADE-NAME"] or "")
        entrants.append(Entrant(record, grade=f"{level:2d} {kind:3}" if level > 0 else f"   {kind:3}"))
    for e, (_, _, rounds) in zip(entrants, lines, strict=True):
        e.rounds = rounds
        for opponent, result, handicap in rounds:
            if opponent == 0:
                continue
            score = SCORES[result]
            side, code = (handicap[0], handicap[1:]) if handicap else (None, None)
            add_game(e, entrants[opponent - 1], score, side, code)
    givers_games(entrants)
    origin = origin_of([e.record for e in entrants])
    for e in entrants:
        homes = e.record.slots["NATIONALITY-LIST"] or []
        if not homes or not isinstance(homes[0], Struct):
            who = " ".join(str(x) for x in (e.record.slots["LAST-NAME"], e.record.slots["FIRST-NAME"]) if x)
            raise ProgramError(f"{who} has no nationality in the list", entrants.index(e),
                               "give the player's entry a :NATIONALITY-LIST (#S(HOME …))")
    order = list(range(len(lines)))
    if origin == "A":
        number = numbers_of(entrants)
        order = ranking([giver_rounds(e, number) if e.simul else
                         [(o, SCORES.get(r, Fraction(0))) for o, r, _ in rounds] for e, (_, _, rounds) in
                         zip(entrants, lines, strict=True)], macmahon or [Fraction(0)] * len(lines), givers)
    try:
        passes, promotions = rate([entrants[i] for i in order])
    except ProgramError as exc:
        exc.player = None if exc.player is None else order[exc.player]  # (the line in the file)
        raise
    last_played([e for e in entrants if not e.simul], date, origin)
    ordered = sorted(players, key=lambda p: -int(p.slots["ELO-NUMBER"] or 0))  # stable, as the program's
    numbers = [0] * len(order)
    for nr, i in enumerate(order, start=1):
        numbers[i] = nr
    return Outcome(ordered, [entrants[i] for i in order], promotions, passes, origin, numbers)


GAMES_HINT = "correct the results (fesa check finds every such problem at once)"


def check_games(lines: list[tuple[str, str, list[tuple[int, str, str | None]]]], givers: Collection[int] = ()) -> None:
    """The program's own checks of a tournament: every game is in both players' lines, worth one point between
    them, with the handicap given by one and received by the other. A no-show, `0#` (FESA's guide; the program
    as published predates it and stops on it), is read as a round not played. A game against a simul's giver
    is in one line only, its handicap's side + or -."""
    for n, (last, first, rounds) in enumerate(lines):
        for r, (opponent, result, handicap) in enumerate([] if n in givers else rounds, start=1):
            if (result not in "+-=" and not (result == "#" and opponent == 0)) or not 0 <= opponent <= len(lines):
                raise ProgramError(f"round {r} of {last} {first}: '{opponent}{result}' is not a game the program "
                                   "rates (an opponent's number, then + - or =)", n, GAMES_HINT)
            if opponent == 0:
                continue
            if opponent - 1 in givers:
                if handicap and handicap[0] not in FLIP:
                    raise ProgramError(f"round {r}: {last} {first}'s handicap against the simul giver (number "
                                       f"{opponent}) says neither + (received) nor - (given)", n, GAMES_HINT)
                continue
            other = lines[opponent - 1][2]
            back = other[r - 1] if r <= len(other) else None
            if back is None or back[0] != n + 1:
                raise ProgramError(f"round {r}: {last} {first} played number {opponent}, whose line does not "
                                   f"have him in that round", n, GAMES_HINT)
            if back[1] not in SCORES or SCORES[result] + SCORES[back[1]] != 1:
                raise ProgramError(f"round {r}: {last} {first} and number {opponent} do not share one point", n,
                                   GAMES_HINT)
            mine, theirs = handicap or "", back[2] or ""
            if bool(mine) != bool(theirs) or mine and ({mine[0], theirs[0]} != {"+", "-"}
                                                       or mine[1:].lower() != theirs[1:].lower()):
                raise ProgramError(f"round {r}: with a handicap one player gives it and the other receives the "
                                   f"same one ({last} {first} and number {opponent})", n, GAMES_HINT)


def table(outcome: Outcome, name: str, date: str) -> list[str]:
    """FESA's published table of the tournament: Nr, name, nationality, grade, ELO (an unrated player's new
    rating, marked *), the rounds, points and the rating change; then the promotions."""
    es = outcome.entrants
    numbers = outcome.numbers or list(range(1, len(es) + 1))
    firsts = [str(e.record.slots["FIRST-NAME"]) for e in es]
    firsts = [us_name(f) for f in firsts] if outcome.origin == "A" else firsts
    last = max((len(str(e.record.slots["LAST-NAME"])) for e in es), default=4)
    first = max((len(f) for f in firsts), default=0)
    handicaps = any(h for e in es for _, _, h in e.rounds)
    out = [f"{name} : {date}", f"{'Nr Name':<{last + first + 5}}Nat  Grade  ELO  " + "".join(
        f" {n:2d} " + ("     " if handicaps else "") for n in range(1, len(es[min(1, len(es) - 1)].rounds) + 1)
        if es) + " Pts   +/-"]
    for nr, (e, given) in enumerate(zip(es, firsts, strict=True), start=1):
        slots = e.record.slots
        homes = [h for h in slots["NATIONALITY-LIST"] or [] if isinstance(h, Struct)]
        nat = str(homes[0].slots["NATIONALITY"] or "") if homes else ""
        elo = e.elo if e.unrated else e.elo - e.change  # (the list entry holds the new rating by now)
        rounds = " ".join(f"{numbers[o - 1] if o else 0:2d}{r}"
                          + (f"({h[0]}{h[1:]:2})" if h else "     " if handicaps else "")
                          for o, r, h in e.rounds)
        played = sum((g[1] for g in e.games) if e.simul else
                     ({"+": Fraction(1), "=": Fraction(1, 2)}.get(r, Fraction(0)) for _, r, _ in e.rounds), Fraction(0))
        change = "" if e.unrated else f"{e.change:+4d}"
        out.append(f"{nr:2d} {str(slots['LAST-NAME']):<{last}} {given:<{first}} {nat:3} "
                   f"{e.grade} {elo:4d}{'*' if e.unrated else ' '} {rounds} {points(played):>3} {change}".rstrip())
    out += [f"Promoting {p}" for p in outcome.promotions]
    return out

