"""What a change to the data does to the results: rounds added or corrected, standings movement, prizes now
decided. Two checked data sets in (the base a pull request starts from, and the pull request's own), plain
records out; render/summary.py writes them for people."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from ..model import Event, Festival, Board, Round, TeamSetup
from .loaded import Loaded, PrizeLine, festival_prizes


@dataclass(frozen=True)
class Row:
    """A line of a final table: a player or a team, its rank and points."""

    id: str
    name: str
    rank: int
    shared: bool
    points: Fraction


@dataclass(frozen=True)
class Movement:
    """A row whose rank or points the change moved. before is None for a row that was not in the table."""

    now: Row
    before: Row | None

    @property
    def places_up(self) -> int:
        """Places gained (negative: lost); 0 for a new row."""
        return 0 if self.before is None else self.before.rank - self.now.rank


@dataclass(frozen=True)
class PrizeChange:
    title: str
    currency: str
    awards: tuple[tuple[str, str, Decimal], ...]  # (name, what for, amount), as the prize list gives them
    corrected: bool  # decided before as well, and now different


@dataclass(frozen=True)
class EventChange:
    event: Event
    new: bool  # the event is not in the base
    completed: int  # rounds with every result in, now
    rounds_added: tuple[int, ...]  # complete now, not before
    rounds_paired: tuple[int, ...]  # new round files still waiting for results
    rounds_corrected: tuple[int, ...]  # complete before and now, with other results
    rounds_in_progress: tuple[int, ...]  # incomplete before and now, with results entered or changed
    rounds_removed: tuple[int, ...]
    leaders: tuple[Row, ...]  # first place now
    movements: tuple[Movement, ...]  # in the order of the table now

    @property
    def finished(self) -> bool:
        return self.completed >= self.event.rounds_planned


@dataclass(frozen=True)
class Changes:
    events: tuple[EventChange, ...]  # only the events the change touches
    prizes: tuple[PrizeChange, ...]  # prize lists decided (or corrected) by the change
    removed_events: tuple[str, ...]  # paths of events in the base that are gone


def compare(base: Loaded | None, head: Loaded) -> Changes:
    """head must have been checked without errors; base may be None (nothing to compare with: every event is
    new) and is ignored when it has errors of its own."""
    if base is not None and not base.ok:
        base = None
    before_events = {e.path: e for e in base.data.events()} if base else {}
    events = []
    for event in head.data.events():
        change = _event_change(event, head, before_events.get(event.path), base)
        if change is not None:
            events.append(change)
    prizes = []
    before_festivals = {f.id: f for f in base.data.festivals} if base else {}
    for festival in head.data.festivals:
        old = before_festivals.get(festival.id)
        decided_before = {line.title: _awards(line, base) for line in festival_prizes(old, base)
                          if _decided(line, old, base)} if old is not None and base is not None else {}
        for line in festival_prizes(festival, head):
            if not _decided(line, festival, head):
                continue
            awards = _awards(line, head)
            previous = decided_before.get(line.title)
            if previous != awards:
                prizes.append(PrizeChange(line.title, line.currency, awards, corrected=previous is not None))
    gone = tuple(path for path in before_events if path not in {e.path for e in head.data.events()})
    return Changes(tuple(events), tuple(prizes), gone)


def _decided(line: PrizeLine, festival: Festival, loaded: Loaded) -> bool:
    """An event's prizes (and its knock-out's) are decided by its last round; the Grand Prix's by the last
    round of every event of the festival."""
    events = [line.event] if line.event is not None else list(festival.events)
    return all(loaded.results[e.path].completed >= e.rounds_planned for e in events)


def _awards(line: PrizeLine, loaded: Loaded) -> tuple[tuple[str, str, Decimal], ...]:
    return tuple((_name(a.player, loaded), a.label, a.amount) for a in line.prizes.awards)


def _name(pid: str, loaded: Loaded) -> str:
    player = loaded.data.players.get(pid)
    return player.name if player is not None else pid


def _event_change(event: Event, head: Loaded, old: Event | None, base: Loaded | None) -> EventChange | None:
    now = {r.number: r for r in event.rounds}
    before = {r.number: r for r in old.rounds} if old is not None else {}
    added: list[int] = []
    paired: list[int] = []
    corrected: list[int] = []
    in_progress: list[int] = []
    for n, rnd in sorted(now.items()):
        prev = before.get(n)
        if prev is not None and _content(prev) == _content(rnd):
            continue
        if rnd.complete:
            (corrected if prev is not None and prev.complete else added).append(n)
        elif prev is None and not any(g.result for g in rnd.games):
            paired.append(n)
        else:
            in_progress.append(n)
    removed = tuple(n for n in sorted(before) if n not in now)
    table = _table(event, head)
    old_table = {row.id: row for row in _table(old, base)} if old is not None and base is not None else {}
    movements = tuple(Movement(row, old_table.get(row.id)) for row in table
                      if row.id not in old_table or (old_table[row.id].rank, old_table[row.id].points)
                      != (row.rank, row.points))
    if old is not None and not (added or paired or corrected or in_progress or removed or movements):
        return None
    return EventChange(event, old is None, head.results[event.path].completed, tuple(added), tuple(paired),
                       tuple(corrected), tuple(in_progress), removed, tuple(r for r in table if r.rank == 1),
                       movements)


def _table(event: Event, loaded: Loaded) -> list[Row]:
    res = loaded.results[event.path]
    if res.teams is not None:
        names = {t.id: t.name for t in event.record(TeamSetup).teams}
        return [Row(t.team, names.get(t.team, t.team), t.rank, t.shared, t.board_points) for t in res.teams.final]
    return [Row(s.player, _name(s.player, loaded), s.rank, s.shared, s.points) for s in res.final]


def _game(game: Board) -> tuple[object, ...]:
    captured = tuple(c.points for c in game.captured) if game.captured else None
    return (game.board, game.sente.id, game.gote.id, game.result, game.handicap, game.ending, captured,
            game.moves)


def _content(rnd: Round) -> tuple[object, ...]:
    """A round as results, without where it is written: a comment or a moved line changes nothing."""
    ids = [tuple(sorted(r.id for r in refs)) for refs in (rnd.byes, rnd.absent, rnd.half_byes, rnd.no_shows)]
    return (rnd.complete, tuple(map(_game, rnd.games)), tuple(map(_game, rnd.replays)), *ids)
