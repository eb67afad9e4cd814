"""The Shuuro-250 tournament (docs/shuuro-250.md): the Swiss order by tournament points and Delta, and the winner
criteria applied to the whole table, group by group (docs/rulings.md#shuuro). The random first round is
pairing.shuffle, shared with the all-play-all's numbering.

Criteria, in order: most TP; highest Delta in the last round; the result between the players if they met;
highest total Delta; then a joint place. With more than two players tied, "the result between them" is the
TP each scored in the games among them, asked only when every two of them met; a smaller group split off by
any criterion is ranked again from the top, so two players left tied are separated by their own game.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

from ...model import PlayerId
from ..ranking import Criterion, Placed, by_value, rank
from ..scoring import Records, scores

LAST = "delta-last"
MEETING = "head-to-head"
TOTAL = "delta-total"


def last_delta(records: Records, after_round: int) -> dict[PlayerId, int]:
    return {pid: next((r.delta for r in recs if r.round == after_round), 0) for pid, recs in records.items()}


def total_delta(records: Records, after_round: int) -> dict[PlayerId, int]:
    return {pid: sum(r.delta for r in recs if r.round <= after_round) for pid, recs in records.items()}


def meetings(records: Records, after_round: int) -> dict[frozenset[PlayerId], dict[PlayerId, Fraction]]:
    """The games played over the board between two players: the TP each scored in them."""
    out: dict[frozenset[PlayerId], dict[PlayerId, Fraction]] = {}
    for pid, recs in records.items():
        for r in recs:
            if r.round <= after_round and r.outcome.played and r.opponent is not None:
                out.setdefault(frozenset((pid, r.opponent)), {}).setdefault(pid, Fraction(0))
                out[frozenset((pid, r.opponent))][pid] += r.points
    return out


def criteria(records: Records, after_round: int) -> list[Criterion]:
    met = meetings(records, after_round)

    def between(group: list[PlayerId]) -> list[list[PlayerId]]:
        if any(frozenset(pair) not in met for pair in combinations(group, 2)):
            return [group]  # not all of them met: the criterion does not apply
        won = {p: sum((met[frozenset((p, q))].get(p, Fraction(0)) for q in group if q != p), Fraction(0))
               for p in group}
        return by_value(won)(group)

    return [
        Criterion("tp", "Tournament points", "most TP: 3 for a win, 1 for a draw, 0 for a loss",
                  by_value(scores(records, after_round))),
        Criterion(LAST, "Delta in the last round", "the highest Delta in the last round played",
                  by_value(last_delta(records, after_round))),
        Criterion(MEETING, "Result between them",
                  "the winner of their game, if they played each other (three or more players: the TP each "
                  "scored in the games among them, when every two of them met)", between),
        Criterion(TOTAL, "Total Delta", "the highest sum of the Deltas of all rounds",
                  by_value(total_delta(records, after_round))),
    ]


CRITERIA_TEXT = {c.key: c for c in criteria({}, 0)}


def table(records: Records, after_round: int, names: dict[PlayerId, str]) -> list[Placed]:
    return rank(list(records), criteria(records, after_round), names)

