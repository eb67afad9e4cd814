"""Standings after any round: points, the event's tiebreaks in order, shared ranks for full ties."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any
from dataclasses import dataclass, field
from fractions import Fraction

from .oware.game import Position, positions
from .beginners import Playoff, playoff, reorder
from .boards import BoardHandicap, event_handicaps, ratings_by_round
from .knockout import Knockout, progress
from .round_robin import BergerTable
from ..model import Event, Outcome, Player, PlayerId
from . import shogi
from .festival_elo import Rating
from .late_entries import group_floors, late_points
from .scoring import Records, completed_rounds, event_records, late_total, scores
from .scoring import Standing as Standing  # (the table's row: defined with the scores it ranks)
from .team_swiss.scores import TeamResults
from .tiebreaks import TIEBREAKS, Tiebreak




def games_played(records: Records, pid: PlayerId, after_round: int) -> int:
    """Games played over the board up to `after_round` (byes, absences and no-shows are not games)."""
    return sum(1 for r in records[pid] if r.round <= after_round and r.outcome.played)


def standings(records: Records, after_round: int, tiebreak_keys: tuple[str, ...],
              names: dict[PlayerId, str]) -> list[Standing]:
    """Ranked table after `after_round`. Ties on every value share the rank and are listed by name."""
    score = scores(records, after_round)
    columns = [TIEBREAKS[k].compute(records, after_round) for k in tiebreak_keys]
    keys = {pid: (score[pid], *(c[pid] for c in columns)) for pid in records}
    # Highest values first, then by name: a stable sort by name, then by the values, highest first (a sort
    # with reverse=True keeps the order of equal items).
    order = sorted(records, key=lambda pid: (names.get(pid, pid), pid))
    order.sort(key=keys.__getitem__, reverse=True)
    # (the same values are next to each other once sorted: a player shares his rank with the one above or below,
    # found by comparing neighbours rather than by counting the values, each hashed: a Fraction's hash is slow)
    ranked = [keys[pid] for pid in order]
    tied = [index > 0 and ranked[index - 1] == value for index, value in enumerate(ranked)]
    table: list[Standing] = []
    for index, pid in enumerate(order):
        rank = index + 1
        if tied[index]:
            rank = table[-1].rank
        shared = tied[index] or (index + 1 < len(order) and tied[index + 1])
        played = games_played(records, pid, after_round)
        late = late_total(records, pid, after_round)
        table.append(Standing(rank, shared, pid, score[pid], ranked[index][1:], played, late))
    return table


def criteria_standings(cols: tuple[Tiebreak, ...], ranked: Callable[[Records, int, dict[PlayerId, str]], Any],
                       records: Records, after_round: int, names: dict[PlayerId, str]) -> list[Standing]:
    """A table ranked by the game's criteria group by group (Shuuro, Oware); `tiebreaks` holds the game's
    columns (Shuuro: last-round and total Delta; Oware: Sonneborn-Berger and seeds)."""
    score = scores(records, after_round)
    values = [c.compute(records, after_round) for c in cols]
    return [Standing(p.rank, p.shared, p.player, score[p.player], tuple(v[p.player] for v in values),
                     games_played(records, p.player, after_round),
                     separated_by=p.separated_by)
            for p in ranked(records, after_round, names)]


@dataclass(frozen=True)
class EventResults:
    """Everything computed for one event, ready to render. The standings after each earlier round are made
    when a page asks for them: `check` needs only the final table."""

    event: Event
    records: Records
    completed: int
    final: tuple[Standing, ...]  # the standings after the last completed round (a play-off's order applied)
    table: Callable[[int], tuple[Standing, ...]] = field(repr=False, compare=False)  # standings after round r
    ratings: dict[PlayerId, list[Rating | None]] = field(default_factory=dict)  # by round, index 0 = round 1
    handicaps: dict[tuple[int, int], BoardHandicap] = field(default_factory=dict)  # by (round, board)
    late: dict[PlayerId, tuple[str, Fraction]] = field(default_factory=dict)  # late entries: group, points
    knockout: Knockout | None = None  # the knock-out inside the event, followed through its rounds
    playoff: Playoff | None = None  # a play-off for a shared first place, when the rules ask for one
    teams: TeamResults | None = None  # team events
    positions: dict[tuple[int, int], list[Position]] = field(default_factory=dict)  # Oware: by (round, board),
    # every position of a game whose moves are written, the start first
    berger: BergerTable | None = None  # an all-play-all's numbering and rounds by the Berger tables

    @functools.cached_property
    def by_round(self) -> tuple[tuple[Standing, ...], ...]:
        """Standings after round 1, 2, … completed."""
        if not self.completed:
            return ()
        return (*(self.table(r) for r in range(1, self.completed)), self.final)

    @functools.cached_property
    def ranks(self) -> tuple[dict[PlayerId, int], ...]:
        """The same, as each player's rank."""
        return tuple({s.player: s.rank for s in table} for table in self.by_round)

    def rank_after(self, pid: PlayerId) -> list[int]:
        return [ranks[pid] for ranks in self.ranks]


TableOf = Callable[[Event, Records, int, dict[PlayerId, str]], list[Standing]]
TeamsOf = Callable[[Event, dict[PlayerId, list[Rating | None]], int], "TeamResults | None"]


def compute_event(event: Event, players: dict[PlayerId, Player], ranked: TableOf, teams: TeamsOf,
                  all_play_all: bool = False, sente_recorded: bool = True,
                  points: Mapping[Outcome, Fraction] = shogi.POINTS) -> EventResults:
    """Everything computed of an event: its players' rounds, the table after every round as `ranked` orders it,
    the team standings `teams` gives (a team event's), ratings, handicaps, late groups, the knock-out."""
    ratings = ratings_by_round(event, players)
    groups = late_groups(event, ratings)
    records = event_records(event, {pid: pts for pid, (_, pts) in groups.items()}, all_play_all, sente_recorded,
                            points)
    names = {pid: players[pid].name for pid in records if pid in players}
    done = completed_rounds(event)

    def table(after: int) -> tuple[Standing, ...]:
        return tuple(ranked(event, records, after, names))

    final = table(done) if done else ()
    po = playoff(event, final, done) if final else None
    if po is not None:
        final = reorder(final, po)
    return EventResults(event, records, done, final, table, ratings, event_handicaps(event, ratings), groups,
                        progress(event, players), playoff=po, teams=teams(event, ratings, done),
                        positions={(rnd.number, g.board): positions(list(g.moves))
                                   for rnd in event.rounds for g in rnd.games if g.moves})


def late_groups(event: Event, ratings: dict[PlayerId, list[Rating | None]]) -> dict[PlayerId, tuple[str, Fraction]]:
    """Each late entry's strength group and points, against the round-1 field's Elo (unrated: bottom)."""
    if not event.from_round:
        return {}
    field_elos = []
    for ref in event.entrants:
        first = ratings[ref.id][0] if ref.id not in event.from_round else None
        if ref.id not in event.from_round:
            field_elos.append(first.elo if first else 0)
    if not field_elos:
        return {}
    floors = group_floors(field_elos)
    out = {}
    for pid, first_round in event.from_round.items():
        if pid in ratings and 2 <= first_round <= 4:
            own = ratings[pid][0]
            out[pid] = late_points(own.elo if own else 0, first_round, floors)
    return out
