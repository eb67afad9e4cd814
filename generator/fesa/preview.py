"""FESA's rating of our events, previewed with the rating program's own engine (program.py), the one `fesa rate`
runs on FESA's lists: each rated event is the tournament its turnering.txt would be, rated in date order, every
player starting from his entry in the festival's FESA list (`fesa_list:`) or, without one, from players.yaml.

What players.yaml gives the program, where no list entry does (the rulings, in the README):
- no `elo`: a newcomer; his `grade` (or else `claimed_grade`) is the national grade he declares, and gives him
  FESA's two games (one won, one lost) against the grade's midpoint rating;
- `elo` with `fesa_games` of 9 or more: rated, with that many games; the games since he was first rated (FESA's
  bonus count) are taken as those after his 9th;
- `elo` with fewer `fesa_games`: still unrated; his earlier games, which players.yaml does not hold, are taken as
  that many draws against his rating (so that they alone rate him at `elo`);
- `elo` without `fesa_games`: established (counted as 18 games), the under-1800 bonus still given;
- his FESA grade is his `grade`; a player without one is shown no promotion (FESA keeps a grade we do not know).
"""

from __future__ import annotations

import copy
import hashlib
import json
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Protocol

from ..model import Event, Player
from ..rules.standings import EventResults
from . import program
from .export import fesa_name, rating_status, round_tokens
from .grades import E_LIMIT, U_LIMIT, ProgramError
from .lisp import SLOTS, Char, Keyword, Struct, Symbol, write
from .tournament import add_game, giver_record, giver_rounds, givers_games, numbers_of, origin_of, ranking



@dataclass(frozen=True)
class Change:
    before: int | None  # the rating before the event (an unrated player's figure so far); None: none yet
    after: int
    category: str  # "unrated" (rated by performance), "provisional" (fewer than 18 games), "established"
    exact: Fraction = Fraction(0)  # a rated player's change before rounding
    games: int = 0  # the event's games that count
    grade_before: str = ""  # FESA's grade, e.g. "2 dan"; "" when not known
    grade_after: str = ""

    @property
    def delta(self) -> int | None:
        return None if self.before is None or self.category == "unrated" else self.after - self.before

    @property
    def performance(self) -> int | None:
        return self.after if self.category == "unrated" and self.games else None

    @property
    def promoted(self) -> str | None:
        return self.grade_after if self.grade_after and self.grade_after != self.grade_before else None


@dataclass(frozen=True)
class Preview:
    changes: dict[str, Change] = field(default_factory=dict)
    passes: int = 0
    settled: bool = True
    # A simul's givers, rated as FESA's program rates them (by performance, category "unrated") and shown so in its
    # table (`rating EVENT`), not in `changes`: the program leaves their list entries as they are.
    givers: dict[str, Change] = field(default_factory=dict)


def grade_of(grade: str | None) -> tuple[int, str]:
    """players.yaml's '3d' / '5k' as the program's (3, "Dan") / (5, "Kyu"); (0, "") for none."""
    if not grade:
        return 0, ""
    return int(grade[:-1]), "Dan" if grade.endswith("d") else "Kyu"


def shown_grade(slots: Mapping[str, object]) -> str:
    level, name = slots["GRADE-LEVEL"] or 0, str(slots["GRADE-NAME"] or "")
    return f"{level} {name.lower()}".strip() if name else ""


def entry_of(player: Player) -> Struct:
    """A list entry for a player the FESA list does not hold, from players.yaml (the rulings above)."""
    last, first = fesa_name(player)
    slots: dict[str, object] = {**dict(SLOTS["PLAYER"]), "LAST-NAME": last, "FIRST-NAME": first, "ELO-NUMBER": 0,
                                "GAMES": 0}
    declared = grade_of(player.grade or player.claimed_grade)
    count = player.fesa_games
    if player.elo is None or count == 0:
        slots["NSR-GRADE-LEVEL"], slots["NSR-GRADE-NAME"] = declared
        return Struct("PLAYER", slots)
    slots["ELO-NUMBER"] = player.elo
    slots["GRADE-LEVEL"], slots["GRADE-NAME"] = grade_of(player.grade)
    if count is None:
        slots["GAMES"] = E_LIMIT
    elif count >= U_LIMIT:
        slots["GAMES"], slots["BONUS-COUNT"] = count, min(100, count - U_LIMIT)
    else:
        slots["GAMES"] = [[player.elo, Fraction(1, 2), 1] for _ in range(count)]
        slots["NSR-GRADE-LEVEL"], slots["NSR-GRADE-NAME"] = declared
    return Struct("PLAYER", slots)


@dataclass(frozen=True)
class Stopped:
    """An event FESA's rating program stops on (ratings that never settle, a rating beyond its tables …): no
    preview; `player`, when the problem is one player's."""

    event: Event
    message: str
    hint: str
    player: str | None


class Store(Protocol):
    """Where the ratings of earlier builds are kept: text by a 64-hex-digit key (the engine's build cache, which
    holds only what the same code wrote)."""

    def get(self, key: str) -> str | None: ...

    def put(self, key: str, value: str) -> None: ...


class Ratings:
    """Every player's FESA list entry as the events before have left it; `rate` previews the next event (an event
    the program stops on leaves every entry as it was, and is in `stopped`). With a `store`, an event whose
    tournament is as an earlier build rated it (the same entrants, list entries and games) takes that build's
    preview and entries after it (`rated`), rather than running the program again."""

    def __init__(self, players: Mapping[str, Player], lists: Mapping[str, Sequence[Struct]],
                 store: Store | None = None):
        self.players = players
        self.store = store
        self.lists: dict[str, dict[tuple[str, str], Struct]] = {}
        for fid, entries in lists.items():  # a name twice: the first, as the program finds it (lists.py warns)
            listed = self.lists[fid] = {}
            for e in entries:
                listed.setdefault((str(e.slots["LAST-NAME"]), str(e.slots["FIRST-NAME"])), e)
        self.entries: dict[str, Struct] = {}
        self.seeded: set[tuple[str, str]] = set()  # (player, festival): started from that festival's list
        self.grade_known: set[str] = set()
        self.unlisted: dict[tuple[str, str], None] = {}  # (player, festival): rated, but not in its list
        self.stopped: list[Stopped] = []

    def entry(self, pid: str, festival: str) -> Struct:
        listed = self.lists.get(festival, {}).get(fesa_name(self.players[pid]))
        if listed is not None and (pid, festival) not in self.seeded:
            self.seeded.add((pid, festival))
            self.entries[pid] = copy.deepcopy(listed)
            self.grade_known.add(pid)
        elif pid not in self.entries:
            if festival in self.lists and listed is None and self.players[pid].elo is not None:
                self.unlisted[pid, festival] = None
            self.entries[pid] = entry_of(self.players[pid])
            if self.players[pid].grade and self.players[pid].elo is not None:
                self.grade_known.add(pid)
        return self.entries[pid]

    def rate(self, event: Event, res: EventResults, reasons: tuple[str, str] = ("", ""),
             as_written: bool = False, givers: Sequence[str] = ()) -> Preview | None:
        """The event's games played so far, rated; None for an event FESA would not rate even when finished
        (`reasons`: why FESA cannot rate its game, its kind) or whose own turnering.txt FESA gets (`as_written`).
        A simul's `givers` come first, as in its turnering.txt; they are rated as FESA's program rates a giver
        (by performance, their list entries left alone) and have no change here."""
        if not rating_status(event, max(event.rounds_planned, len(event.rounds)), *reasons)[0] or as_written:
            return None
        ids = [*givers, *(s.player for s in res.final)]
        number = {pid: i for i, pid in enumerate(ids, start=1)}
        giving = set(givers)
        entrants = [program.Entrant(giver_record(*fesa_name(self.players[pid])), simul=True) if pid in giving
                    else program.Entrant(self.entry(pid, event.festival_id)) for pid in ids]
        tokens = [[] if pid in giving else round_tokens(res, pid, number) for pid in ids]
        for line, e in zip(tokens, entrants, strict=True):
            for token in line:
                if token.opponent and token.result in program.SCORES:
                    side, code = (token.handicap[0], token.handicap[1:]) if token.handicap else (None, None)
                    add_game(e, entrants[token.opponent - 1], program.SCORES[token.result], side, code)
        givers_games(entrants)
        if origin_of([e.record for e in entrants]) == "A":  # the program rates an American event in its ranking
            number_of = numbers_of(entrants)
            order = ranking([giver_rounds(e, number_of) if e.simul else
                             [(t.opponent, program.SCORES.get(t.result, Fraction(0))) for t in line]
                             for line, e in zip(tokens, entrants, strict=True)],
                            [Fraction(0)] * len(givers) + [(s.late if event.from_round else None) or Fraction(0)
                                                           for s in res.final], range(len(givers)))
            ids, entrants = [ids[i] for i in order], [entrants[i] for i in order]
        digest = _tournament_key(ids, entrants, self.grade_known) if self.store is not None else None
        if digest is not None and (taken := _taken(self.store, digest, entrants)) is not None:
            return taken
        kept = {pid: copy.deepcopy(self.entries[pid]) for pid in ids if pid not in giving}
        try:
            preview = rated(ids, entrants, self.grade_known)
        except ProgramError as exc:
            self.entries.update(kept)
            about = None if exc.player is None or isinstance(exc, program.NoFixedPoint) else ids[exc.player]
            self.stopped.append(Stopped(event, str(exc), exc.hint, about))
            return None
        if self.store is not None and digest is not None:
            try:
                self.store.put(digest, _encode(preview, entrants))
            except TypeError:  # (an entry the program left with a figure the store cannot hold: not kept)
                pass
        return preview


def rated(keys: Sequence[str], entrants: list[program.Entrant], grade_known: Collection[str] = ()) -> Preview:
    """The entrants (with their games) rated by the program: each one's change by his key; his FESA grade before
    and after when it is known. A simul's givers apart (Preview.givers), with their performance."""
    before = [(e.elo or None, len(e.games), shown_grade(e.record.slots)) for e in entrants]
    passes, _ = program.rate(entrants)
    changes, givers = {}, {}
    for key, e, (elo, games, grade) in zip(keys, entrants, before, strict=True):
        if e.simul:  # (a simul's giver: FESA's program leaves his list entry as it is)
            givers[key] = Change(None, e.elo, "unrated", games=games)
            continue
        known = key in grade_known
        category = "unrated" if e.unrated else "provisional" if e.after < E_LIMIT else "established"
        changes[key] = Change(elo, e.elo, category, Fraction(e.exact) if not e.unrated else Fraction(0),
                              games, grade if known else "", shown_grade(e.record.slots) if known else "")
    return Preview(changes, passes, givers=givers)


# The ratings kept between builds (Ratings.store): a tournament's key is a digest of everything the program reads
# of it: its entrants' list entries, their games (an opponent by his place in the list), every other figure of an
# entrant, their keys and whose grade is known. The code that rates is the store's own (the build cache holds only
# what the same code wrote). What is kept is read as JSON (never code), checked value by value, and taken only when
# it is all as written; else the tournament is rated again. An entry is kept as JSON of its slots, each value tagged
# by its kind of Lisp data (reading it back is then a fraction of the Lisp reader's work, over every entry).
RATINGS_FORMAT = "banzuke-ratings/2"
_MAX_DEPTH = 8  # a list entry's values nest two or three deep (a nationality list of HOME structures)
_CHANGE_FIELDS = ("before", "after", "category", "exact", "games", "grade_before", "grade_after")


# Every figure of an entrant the key holds, in the order of program.Entrant's fields (test_ratings_kept checks that
# these are all its fields: a field added there must be added to the key).
KEY_FIELDS = ("record", "rounds", "grade", "games", "unrated", "change", "exact", "after", "simul", "pushed")


def _tournament_key(keys: Sequence[str], entrants: list[program.Entrant], grade_known: Collection[str]) -> str | None:
    place = {id(e): n for n, e in enumerate(entrants)}

    def games(of: list[tuple[program.Entrant, Fraction, str | None, str | None]]) -> list[object]:
        return [[place[id(o)], str(score), side, code] for o, score, side, code in of]

    try:
        text = json.dumps([RATINGS_FORMAT, list(keys), [k in grade_known for k in keys],
                           [[write(e.record), e.rounds, e.grade, games(e.games), e.unrated, str(e.change),
                             str(e.exact), e.after, e.simul, games(e.pushed)] for e in entrants]])
    except (TypeError, KeyError, ValueError):  # (a figure the key cannot hold: rated again each time)
        return None
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _taken(store: Store | None, digest: str, entrants: list[program.Entrant]) -> Preview | None:
    """The tournament's preview as kept, its entrants' list entries left as the program left them; None when the
    store does not hold it as written."""
    found = _decode(store.get(digest), len(entrants)) if store is not None else None
    if found is None or any(r.name != e.record.name for r, e in zip(found[1], entrants, strict=True)):
        return None
    preview, records = found
    for e, record in zip(entrants, records, strict=True):
        e.record.slots.clear()
        e.record.slots.update(record.slots)
    return preview


def _encode(preview: Preview, entrants: list[program.Entrant]) -> str:
    def changes(of: dict[str, Change]) -> dict[str, list[object]]:
        return {k: [c.before, c.after, c.category, str(c.exact), c.games, c.grade_before, c.grade_after]
                for k, c in of.items()}

    return json.dumps({"format": RATINGS_FORMAT, "passes": preview.passes, "settled": preview.settled,
                       "changes": changes(preview.changes), "givers": changes(preview.givers),
                       "records": [_value(e.record) for e in entrants]}, separators=(",", ":"))


def _decode(text: str | None, count: int) -> tuple[Preview, list[Struct]] | None:
    """A kept tournament's preview and entries after it; None unless it is all as _encode writes it."""
    if text is None:
        return None
    try:
        found = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(found, dict) or found.get("format") != RATINGS_FORMAT:
        return None
    passes, settled, records = found.get("passes"), found.get("settled"), found.get("records")
    changes, givers = _changes(found.get("changes")), _changes(found.get("givers"))
    if not (isinstance(passes, int) and not isinstance(passes, bool) and isinstance(settled, bool)
            and changes is not None and givers is not None and isinstance(records, list) and len(records) == count):
        return None
    try:
        structs = [_lisp(r, 0) for r in records]
    except ValueError:
        return None
    if not all(isinstance(r, Struct) for r in structs):
        return None
    return Preview(changes, passes, settled, givers), [r for r in structs if isinstance(r, Struct)]


def _value(value: object) -> object:
    """A list entry's value as JSON: a string, a whole number, NIL (null), T (true), or one tagged object per kind
    of Lisp data (a ratio, a character, a keyword, a symbol, a list, a structure)."""
    if value is None or value is True or isinstance(value, str) or (isinstance(value, int) and value is not False):
        return value
    if isinstance(value, Fraction):
        return {"ratio": [value.numerator, value.denominator]}
    if isinstance(value, Char):
        return {"char": value.value}
    if isinstance(value, Keyword):
        return {"keyword": value.name}
    if isinstance(value, Symbol):
        return {"symbol": value.name}
    if isinstance(value, list):
        return {"list": [_value(v) for v in value]}
    if isinstance(value, Struct):
        return {"struct": value.name, "slots": {k: _value(v) for k, v in value.slots.items()}}
    raise TypeError(f"no kept form for {value!r}")


def _lisp(value: object, depth: int) -> object:
    """The value _value wrote; ValueError for anything else (a structure the program does not know, a slot it
    does not have, a figure out of bounds)."""
    if depth > _MAX_DEPTH:
        raise ValueError("too deep")
    if value is None or value is True or isinstance(value, str):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        if abs(value) >= 10**30:
            raise ValueError("out of bounds")
        return value
    if not isinstance(value, dict) or len(value) not in (1, 2):
        raise ValueError("not a kept value")
    ((tag, inner), *rest) = value.items()
    if tag == "ratio" and not rest and isinstance(inner, list) and len(inner) == 2 \
            and all(isinstance(x, int) and not isinstance(x, bool) and abs(x) < 10**30 for x in inner) and inner[1] > 0:
        ratio = Fraction(inner[0], inner[1])
        if (ratio.numerator, ratio.denominator) != tuple(inner):
            raise ValueError("not a ratio in lowest terms")
        return ratio  # (a whole one too, as the program may leave one: the same type back)
    if tag in ("char", "keyword", "symbol") and not rest and isinstance(inner, str):
        return Char(inner) if tag == "char" else Keyword(inner) if tag == "keyword" else Symbol(inner)
    if tag == "list" and not rest and isinstance(inner, list):
        return [_lisp(v, depth + 1) for v in inner]
    if tag == "struct" and isinstance(inner, str) and inner in SLOTS and rest and rest[0][0] == "slots" \
            and isinstance(rest[0][1], dict) and list(rest[0][1]) == [name for name, _ in SLOTS[inner]]:
        return Struct(inner, {k: _lisp(v, depth + 1) for k, v in rest[0][1].items()})
    raise ValueError("not a kept value")


def _changes(value: Any) -> dict[str, Change] | None:
    if not isinstance(value, dict):
        return None
    out = {}
    for key, c in value.items():
        if not (isinstance(c, list) and len(c) == len(_CHANGE_FIELDS)):
            return None
        before, after, category, exact, games, grade_before, grade_after = c
        if not ((before is None or _whole(before)) and _whole(after) and _whole(games)
                and category in ("unrated", "provisional", "established") and isinstance(exact, str)
                and isinstance(grade_before, str) and isinstance(grade_after, str)):
            return None
        try:
            ratio = Fraction(exact)
        except (ValueError, ZeroDivisionError):
            return None
        out[key] = Change(before, after, category, ratio, games, grade_before, grade_after)
    return out


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and abs(value) < 10**9
