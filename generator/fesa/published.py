"""FESA's published result tables (the rating officer's output), read and recomputed with the rating program's
engine (program.py), to measure how far a table alone lets the preview agree with FESA.

    World Open Shogi Championship, Barcelona : 2024-08-02/04
    Nr Name                          Nat  Grade  ELO    1   2   3 … [MMS] Pts   +/-
     1 Kobayashi          Taichi     JP   4 Dan  2567  28+ 15+ 10+ …   9   +15
    10 Hayakawa           Akio       JP          2337* 37+ 12+  1- …   7
    30 Le Pelleter    Ronan      FR   8 Kyu  1059   1-      16-(+r ) 34+(-rl) …   4  +124
    Promoting Shibutani Kazushi to 4 Dan

The quirks of real tables (docs/fesa-turnering.md#published-tables): a lowercase nationality, opponent numbers from 100
that push the columns out of line (so a line is read by its parts, not by its columns), handicaps written `(+r )` with a
space (`-` gave the handicap, `+` received it), `*` after the ELO of an unrated player (the ELO shown is then his
performance, and he has no +/-), points not in the order of the places, an optional MMS column.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..diagnostics import Location, Report
from . import program
from .grades import E_LIMIT
from .lisp import SLOTS, Struct
from .preview import Preview, rated
from .program import HANDICAP_GRADES, SCORES

MAX_BYTES = 1_000_000
MAX_PLAYERS = 2000
_ROW = re.compile(r"^\s*(?P<nr>\d{1,4})\s+(?P<name>\S.*?)\s+(?P<nat>[A-Za-z]{2})\s+"
                  r"(?:(?P<grade>\d{1,2}\s+(?:Dan|Kyu))\s+)?(?P<elo>\d{1,4})(?P<star>\*)?\s+(?P<rest>.*?)\s*$")
_GAME = re.compile(r"(?P<opp>\d{1,4})(?P<res>[-+=#])(?:\((?P<sign>[-+])(?P<hc>[a-z0-9 ]+)\))?\s*")
_TAIL = re.compile(r"^(?:(?P<mms>\d+)\s+)?(?P<pts>\d+(?:[.,]5)?|\d*½)(?:\s+(?P<change>[-+]\d+))?$")


@dataclass(frozen=True)
class Row:
    number: int
    name: str
    nat: str
    grade: str
    elo: int
    unrated: bool  # `*`: the ELO shown is the performance of an unrated player
    games: tuple[tuple[int, str, str | None, bool], ...]  # per round: opponent (0: none), result, handicap, gave
    change: int | None  # the published +/-
    line: int


@dataclass(frozen=True)
class Table:
    title: str
    rounds: int
    rows: tuple[Row, ...]


def read(path: Path, report: Report) -> Table | None:
    shown = str(path)
    try:
        if path.stat().st_size > MAX_BYTES:
            report.error(Location(shown), f"the file is larger than {MAX_BYTES // 1_000_000} MB",
                         "a published table is a few kilobytes: check it is the right file")
            return None
        raw = path.read_bytes()
    except OSError as exc:
        report.error(Location(shown), f"cannot read the file: {exc.strerror}")
        return None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = raw.decode("iso-8859-1")
    return parse(text, shown, report)


def parse(text: str, shown: str, report: Report) -> Table | None:
    lines = text.splitlines()
    header = next((i for i, x in enumerate(lines[:5]) if x.split()[:2] == ["Nr", "Name"]), None)
    if header is None:
        report.error(Location(shown, 1), "no column header 'Nr Name Nat Grade ELO 1 2 …' in the first five lines",
                     "this reads FESA's published result tables")
        return None
    rounds = sum(1 for word in lines[header].split() if word.isdigit())
    rows = []
    for n, line in enumerate(lines[header + 1:], start=header + 2):
        if not line.strip() or line.startswith("Promoting "):
            continue
        row = _row(line, n, rounds, shown, report)
        if row is not None:
            rows.append(row)
        if len(rows) > MAX_PLAYERS:
            report.error(Location(shown, n), f"more than {MAX_PLAYERS} players", "check it is the right file")
            return None
    if report.errors:  # a line not read: its number would be reported missing too
        return None
    numbers = {r.number for r in rows}
    for r in rows:
        for opp, *_ in r.games:
            if opp and opp not in numbers:
                report.error(Location(shown, r.line), f"player {r.number} meets {opp}, who is not in the table")
    if report.errors:
        return None
    return Table(" ".join(lines[header - 1].split()) if header else "", rounds, tuple(rows))


def _row(line: str, n: int, rounds: int, shown: str, report: Report) -> Row | None:
    m = _ROW.match(line)
    if m is None:
        report.error(Location(shown, n, 1), "not a player line: 'Nr Name Nat [Grade] ELO[*] results Pts [+/-]'")
        return None
    rest, pos = m.group("rest"), 0
    games: list[tuple[int, str, str | None, bool]] = []
    for _ in range(rounds):
        g = _GAME.match(rest, pos)
        if g is None:
            report.error(Location(shown, n, m.start("rest") + pos + 1),
                         f"expected round {len(games) + 1}'s result, like '12+', '0-' or '3-(+r )'")
            return None
        code = g.group("hc").strip() if g.group("hc") else None
        if code is not None and code not in HANDICAP_GRADES:
            report.error(Location(shown, n, m.start("rest") + g.start("hc") + 1), f"unknown handicap '{code}'",
                         "FESA's codes: " + ", ".join(HANDICAP_GRADES))
            return None
        games.append((int(g.group("opp")), g.group("res"), code, g.group("sign") == "-"))
        pos = g.end()
    tail = _TAIL.match(rest[pos:])
    if tail is None:
        report.error(Location(shown, n, m.start("rest") + pos + 1), "expected the points and the +/- after the results")
        return None
    change = tail.group("change")
    return Row(int(m.group("nr")), m.group("name"), m.group("nat").upper(), m.group("grade") or "",
               int(m.group("elo")), bool(m.group("star")), tuple(games), int(change) if change else None, n)


BONUS_WHEN_UNKNOWN = True  # a table does not say whose first 100 rated games are behind him: the bonus is given
FIRST_100, PAST_100 = 0, 100  # the bonus count of each reading


def _entrants(table: Table, bonus_count: int) -> list[program.Entrant]:
    """The table's players as the rating program's entrants: a rated player established (his count of games is
    not in the table), an unrated one (`*`) new; each with his games in the table."""
    entrants = []
    for r in table.rows:
        slots = {**dict(SLOTS["PLAYER"]), "ELO-NUMBER": 0 if r.unrated else r.elo, "GAMES": 0 if r.unrated else E_LIMIT,
                 "BONUS-COUNT": bonus_count}
        entrants.append(program.Entrant(Struct("PLAYER", slots)))
    by_number = {r.number: e for r, e in zip(table.rows, entrants, strict=True)}
    for r, e in zip(table.rows, entrants, strict=True):
        for opp, res, code, gave in r.games:
            if opp and res in SCORES:
                e.games.append((by_number[opp], SCORES[res], ("-" if gave else "+") if code else None, code))
    return entrants


def compute(table: Table, bonus: bool | None = None) -> Preview:
    """Our own fixed point from the table's ELO column and games alone (nothing taken from its +/- column), by
    the rating program's engine; `bonus`: the first-100-games reading for every rated player (None: the
    default)."""
    given = BONUS_WHEN_UNKNOWN if bonus is None else bonus
    return rated([str(r.number) for r in table.rows], _entrants(table, FIRST_100 if given else PAST_100))


@dataclass(frozen=True)
class Agreement:
    """One player's published change against ours, his opponents' final ratings taken from the table (their ELO
    plus their published +/-; an unrated player's ELO is already his final rating): each line is checked on its
    own, so one player's unknown does not spill over to his opponents."""

    row: Row
    with_bonus: int | None  # our change, his first 100 rated games not yet behind him (the default)
    without_bonus: int | None  # … behind him
    performance: int | None  # unrated players: our performance rating

    @property
    def rules(self) -> int | None:
        return self.with_bonus if BONUS_WHEN_UNKNOWN else self.without_bonus

    @property
    def within(self) -> bool:
        return self.row.change is not None and self.rules is not None and abs(self.rules - self.row.change) <= 1

    @property
    def reading(self) -> str:
        """Which reading of the first-100-games bonus matches the published change within ±1."""
        if self.row.change is None or self.with_bonus is None or self.without_bonus is None:
            return ""
        a = abs(self.with_bonus - self.row.change) <= 1
        b = abs(self.without_bonus - self.row.change) <= 1
        return "either" if a and b else "first 100" if a else "past 100" if b else "neither"


def agreement(table: Table) -> list[Agreement]:
    """Each player's line recomputed by the rating program's formula, every opponent at his published final
    rating."""
    entrants = _entrants(table, FIRST_100)
    for r, e in zip(table.rows, entrants, strict=True):
        e.change = r.elo if r.unrated else (r.change or 0)  # what start() + clean_change() give: the final rating
    out = []
    for r, e in zip(table.rows, entrants, strict=True):
        if r.unrated:
            out.append(Agreement(r, None, None, program.unrated_figure(e) if e.games else None))
            continue
        changes = []
        for count in (FIRST_100, PAST_100):
            e.record.slots["BONUS-COUNT"] = count
            changes.append(round(sum((step for _, _, step in program.gains(e)), 0.0)) if e.games else 0)
        out.append(Agreement(r, changes[0], changes[1], None))
    return out
