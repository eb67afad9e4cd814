"""The Oware tournament (docs/oware.md#tournament, docs/oware.md#ties; docs/rulings.md#oware): up to 8 players
play all-play-all on Berger tables, more a Swiss; ties are broken by the MSO standard criteria, group by group.

Criteria, in order: most VP; head-to-head, asked only when one of the tied players beat every other one of
them (placed first) or lost to every other one (placed last); Sonneborn-Berger; then a shared place. A group
split by a criterion is ranked again from the top, so after one player is placed first the others are asked
again whether one of them beat all the rest.
"""

from __future__ import annotations

from fractions import Fraction

from ...model import Outcome, PlayerId
from ..ranking import Criterion, Placed, by_value, rank
from ..scoring import Records, scores

MOST_PLAYERS = 8  # docs/oware.md#tournament: "Till 8 players will be all play all" (round_robin.berger)
SWISS_ROUNDS = (6, 7)  # "Swiss tournament, with 6 or 7 matches"

HEAD_TO_HEAD = "head-to-head"
SB = "sonneborn-berger"


def wins(records: Records, after_round: int) -> dict[PlayerId, set[PlayerId]]:
    """Whom each player beat over the board."""
    return {pid: {r.opponent for r in recs if r.round <= after_round and r.outcome is Outcome.WIN
                  and r.opponent is not None} for pid, recs in records.items()}


def seeds(records: Records, after_round: int) -> dict[PlayerId, Fraction]:
    """The seeds each player took in the games played (shown, not a tiebreak: points spread does not apply)."""
    return {pid: Fraction(sum(r.material[0] for r in recs if r.round <= after_round and r.material))
            for pid, recs in records.items()}


def sonneborn_berger(records: Records, after_round: int) -> dict[PlayerId, Fraction]:
    """The final scores of the opponents a player beat, plus half those of the opponents he drew with (games
    played over the board only)."""
    score = scores(records, after_round)
    share = {Outcome.WIN: Fraction(1), Outcome.DRAW: Fraction(1, 2)}
    return {pid: sum((share[r.outcome] * score[r.opponent] for r in recs
                      if r.round <= after_round and r.outcome in share and r.opponent is not None
                      and r.opponent in score), Fraction(0))
            for pid, recs in records.items()}


def criteria(records: Records, after_round: int) -> list[Criterion]:
    beat = wins(records, after_round)

    def head_to_head(group: list[PlayerId]) -> list[list[PlayerId]]:
        for p in group:
            if all(q in beat[p] for q in group if q != p):
                return [[p], [q for q in group if q != p]]
        for p in group:
            if all(p in beat[q] for q in group if q != p):
                return [[q for q in group if q != p], [p]]
        return [group]

    return [
        Criterion("vp", "Victory points", "most VP: 1 for a win, ½ for a 24–24 draw, 0 for a loss",
                  by_value(scores(records, after_round))),
        Criterion(HEAD_TO_HEAD, "Head-to-head",
                  "a player who beat every other player tied with him is placed above them, one who lost to "
                  "every one of them below them; otherwise head-to-head does not apply", head_to_head),
        Criterion(SB, "Sonneborn-Berger",
                  "the sum of the VP of the opponents a player beat and half the VP of those he drew with",
                  by_value(sonneborn_berger(records, after_round))),
    ]


def table(records: Records, after_round: int, names: dict[PlayerId, str]) -> list[Placed]:
    return rank(list(records), criteria(records, after_round), names)
