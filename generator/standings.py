"""Standings after any round: points, the event's tiebreaks in order, shared ranks for full ties."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction

from .boards import BoardHandicap, event_handicaps, ratings_by_round
from .model import Event, Player, PlayerId
from .ratings import Rating
from .scoring import Records, completed_rounds, event_records, scores
from .tiebreaks import TIEBREAKS


@dataclass(frozen=True)
class Standing:
    rank: int
    shared: bool  # another player has exactly the same points and tiebreaks
    player: PlayerId
    points: Fraction
    tiebreaks: tuple[Fraction, ...]
    played: int  # games played over the board


def standings(records: Records, after_round: int, tiebreak_keys: tuple[str, ...],
              names: dict[PlayerId, str]) -> list[Standing]:
    """Ranked table after `after_round`. Ties on every value share the rank and are listed by name."""
    score = scores(records, after_round)
    columns = [TIEBREAKS[k].compute(records, after_round) for k in tiebreak_keys]
    keys = {pid: (score[pid], *(c[pid] for c in columns)) for pid in records}
    order = sorted(records, key=lambda pid: ([-v for v in keys[pid]], names.get(pid, pid), pid))
    counts = Counter(keys.values())
    table: list[Standing] = []
    for index, pid in enumerate(order):
        rank = index + 1
        if table and keys[table[-1].player] == keys[pid]:
            rank = table[-1].rank
        shared = counts[keys[pid]] > 1
        played = sum(1 for r in records[pid] if r.round <= after_round and r.outcome.played)
        table.append(Standing(rank, shared, pid, score[pid], keys[pid][1:], played))
    return table


@dataclass(frozen=True)
class EventResults:
    """Everything computed for one event, ready to render."""

    event: Event
    records: Records
    completed: int
    by_round: tuple[tuple[Standing, ...], ...]  # standings after round 1, 2, … completed
    ranks: tuple[dict[PlayerId, int], ...]  # the same, as each player's rank
    ratings: dict[PlayerId, list[Rating | None]] = field(default_factory=dict)  # by round, index 0 = round 1
    handicaps: dict[tuple[int, int], BoardHandicap] = field(default_factory=dict)  # by (round, board)

    @property
    def final(self) -> tuple[Standing, ...]:
        return self.by_round[-1] if self.by_round else ()

    def rank_after(self, pid: PlayerId) -> list[int]:
        return [ranks[pid] for ranks in self.ranks]


def compute_event(event: Event, players: dict[PlayerId, Player]) -> EventResults:
    names = {pid: p.name for pid, p in players.items()}
    records = event_records(event)
    done = completed_rounds(event)
    by_round = tuple(tuple(standings(records, r, event.tiebreaks, names)) for r in range(1, done + 1))
    ranks = tuple({s.player: s.rank for s in table} for table in by_round)
    ratings = ratings_by_round(event, players)
    return EventResults(event, records, done, by_round, ranks, ratings, event_handicaps(event, ratings))
