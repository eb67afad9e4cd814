"""Round files as an earlier build read them: a round file whose bytes did not change is not parsed again.

A warm build reads every data file, and most of what it reads is the archive's round files, which a round's results
leave as they were. `reader` gives read_event a round reader (events.RoundReader) that takes a round, as read_round
made it, from a store (the engine's build cache, cli/build.py), by a digest of the file's bytes, its name, its
round's number and its game: a file that changed, a round the store has not, or one it does not hold as `encode`
writes it, is read as always, and kept for the next build. Only a round read without a problem is kept: a file
with a problem is read again, so that the build says its problems every time, as read_round says them.

A round is kept as JSON (never code), every value checked as it is read back (`decode`): the file it is read from
is not part of it (every place in a round is in its own file).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from pathlib import Path
from typing import Any

from ..diagnostics import Location, Report, display_path
from ..fesa.preview import Store  # (the build cache's, as for the ratings: text by a 64-hex-digit key)
from ..model import Board, Capture, Match, Ref, Result, Round
from .events import RoundReader
from .rounds import read_round
from .yamltree import read_bytes

FORMAT = "banzuke-round/1"
_RESULTS = {r.value: r for r in Result}


def reader(store: Store) -> RoundReader:
    """A round reader (events.RoundReader) that takes each round from `store` where its file's bytes are as when it was
    kept, and keeps each round it reads without a problem."""

    def read(path: Path, number: int, report: Report, game: str) -> Round:
        shown = display_path(path)
        data = read_bytes(path, shown, Report())  # (not a file, a link, too large: read_round says so)
        if data is None:
            return read_round(path, number, report, game)
        key = _key(shown, number, game, data)
        text = store.get(key)
        if text is not None:
            found = decode(text, shown)
            if found is not None and found.number == number:
                return found
        mine = Report()
        found = read_round(path, number, mine, game)
        report.diagnostics.extend(mine.diagnostics)
        report.unread.update(mine.unread)
        if not mine.diagnostics and not mine.unread and read_bytes(path, shown, Report()) == data:
            kept = encode(found, shown)  # (kept unless the file changed while it was read)
            if kept is not None:
                store.put(key, kept)
        return found

    return read


def _key(shown: str, number: int, game: str, data: bytes) -> str:
    digest = hashlib.sha256(f"{FORMAT}\0{shown}\0{number}\0{game}\0".encode())
    digest.update(data)
    return digest.hexdigest()


class _Unkept(Exception):
    """A round holding a value `encode` does not write, or a kept one that is not what it wrote."""


# A board, flat: its number; sente's id, line and column; gote's; the result; its line and column; the handicap,
# whether it is a knock-out game, the ending, the captures, the moves and where they are written (line, column)
_NONE, _INT, _STR, _LIST = type(None), int, str, list
_BOARDS = frozenset((_INT, _STR, _INT, _INT, _STR, _INT, _INT, result, _INT, _INT, handicap, bool, ending, captured,
                     _LIST, *moves_at)
                    for result in (_NONE, _STR) for handicap in (_NONE, _STR) for ending in (_NONE, _STR)
                    for captured in (_NONE, _LIST) for moves_at in ((_NONE, _NONE), (_INT, _INT)))
_REF, _CAPTURE = (_STR, _INT, _INT), frozenset({(_INT, _INT, _INT, _NONE), (_INT, _INT, _INT, _LIST)})


def encode(found: Round, shown: str) -> str | None:
    """The round as a line of JSON; None for a round that holds what this does not write (it is then not kept), or
    that is not read back as it is."""

    def loc(at: Location) -> list[int]:
        if type(at) is not Location or at.file != shown:
            raise _Unkept
        return [at.line, at.col]

    def ref(r: Ref) -> list[Any]:
        if type(r) is not Ref:
            raise _Unkept
        return [r.id, *loc(r.loc)]

    def capture(c: Capture) -> list[Any]:
        if type(c) is not Capture:
            raise _Unkept
        return [c.points, *loc(c.loc), list(c.pieces) if c.pieces is not None else None]

    def board(b: Board) -> list[Any]:
        if type(b) is not Board:
            raise _Unkept
        return [b.board, *ref(b.sente), *ref(b.gote), b.result.value if b.result is not None else None, *loc(b.loc),
                b.handicap, b.knockout, b.ending, [capture(c) for c in b.captured] if b.captured is not None else None,
                list(b.moves), *(loc(b.moves_loc) if b.moves_loc is not None else (None, None))]

    try:
        at = {id(b): n for n, b in enumerate(found.games)}  # (a match's boards are the round's games)
        matches = []
        for m in found.matches:
            if type(m) is not Match or not all(id(b) in at for b in m.games):
                raise _Unkept
            matches.append([[ref(t) for t in m.teams], [at[id(b)] for b in m.games], loc(m.loc)])
        kept = [FORMAT, found.number, loc(found.loc), found.date.isoformat() if found.date is not None else None,
                found.time, [board(b) for b in found.games], *([ref(r) for r in refs] for refs in (
                    found.byes, found.absent, found.half_byes, found.no_shows, found.team_byes)),
                found.readable, [board(b) for b in found.replays], matches,
                loc(found.pairings_end) if found.pairings_end is not None else None]
    except (_Unkept, AttributeError, TypeError):
        return None
    text = json.dumps(kept, ensure_ascii=False, separators=(",", ":"))
    return text if decode(text, shown) == found else None  # (kept only where it is read back as it is)


def decode(text: str, shown: str) -> Round | None:
    """The round `encode` wrote, its places in the file `shown`; None for anything else (never trusted: every value
    is checked)."""
    try:
        return _round(json.loads(text), shown)
    except (ValueError, TypeError, KeyError, IndexError, RecursionError, _Unkept):
        return None


def _round(found: Any, shown: str) -> Round:
    def check(ok: bool) -> None:
        if not ok:
            raise _Unkept

    def loc(value: Any) -> Location:
        check(type(value) is list and len(value) == 2 and type(value[0]) is int and type(value[1]) is int)
        return Location(shown, value[0], value[1])

    def refs(value: Any) -> tuple[Ref, ...]:
        check(type(value) is list and all(type(r) is list and tuple(map(type, r)) == _REF for r in value))
        return tuple(Ref(r[0], Location(shown, r[1], r[2])) for r in value)

    def capture(value: Any) -> Capture:
        check(type(value) is list and tuple(map(type, value)) in _CAPTURE
              and (value[3] is None or all(type(p) is str for p in value[3])))
        return Capture(value[0], Location(shown, value[1], value[2]), None if value[3] is None else tuple(value[3]))

    def boards(value: Any) -> tuple[Board, ...]:
        check(type(value) is list)
        out = []
        for b in value:
            check(type(b) is list and tuple(map(type, b)) in _BOARDS)
            (n, sente, sente_line, sente_col, gote, gote_line, gote_col, result, line, col, handicap, knockout,
             ending, captured, moves, moves_line, moves_col) = b
            if captured is not None:
                check(len(captured) == 2)
                captured = (capture(captured[0]), capture(captured[1]))
            if moves:
                check(all(type(m) is str for m in moves))
            out.append(Board(n, Ref(sente, Location(shown, sente_line, sente_col)),
                             Ref(gote, Location(shown, gote_line, gote_col)),
                             None if result is None else _RESULTS[result], Location(shown, line, col), handicap,
                             knockout, ending, captured, tuple(moves),
                             None if moves_line is None else Location(shown, moves_line, moves_col)))
        return tuple(out)

    check(type(found) is list and len(found) == 15 and found[0] == FORMAT)
    (_, number, at, date, time, games, byes, absent, half_byes, no_shows, team_byes, readable, replays, matches,
     end) = found
    check(type(number) is int and (date is None or type(date) is str) and (time is None or type(time) is str)
          and type(readable) is bool and type(matches) is list)
    played = boards(games)
    kept_matches = []
    for m in matches:
        check(type(m) is list and len(m) == 3 and type(m[1]) is list
              and all(type(i) is int and 0 <= i < len(played) for i in m[1]))
        teams = refs(m[0])
        check(len(teams) == 2)
        kept_matches.append(Match((teams[0], teams[1]), tuple(played[i] for i in m[1]), loc(m[2])))
    return Round(number, loc(at), None if date is None else dt.date.fromisoformat(date), time, played, refs(byes),
                 refs(absent), refs(half_byes), refs(no_shows), readable, boards(replays), tuple(kept_matches),
                 refs(team_byes), None if end is None else loc(end))
