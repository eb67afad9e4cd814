"""Tiebreaks: one function each, computed from the players' round records after a given round.

docs/rulings.md#msowsc-tiebreaks: "SOS (sum of opponents' scores — what the 2000 event actually
used), then SOSOS, then SODOS; configurable list. Unplayed rounds count 0 in SOS."
A round counts as played only when a game was played over the board: byes, absences and games won or lost
by a no-show add nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from dataclasses import dataclass
from fractions import Fraction

from ..messages import N_
from ..numbers import total
from ..model import Outcome, PlayerId
from .scoring import Records, per_table, scores

Values = dict[PlayerId, Fraction]


@dataclass(frozen=True)
class Tiebreak:
    key: str
    abbr: str
    name: str
    definition: str
    compute: Callable[[Records, int], Values]


@per_table
def _met(records: Records, after_round: int) -> Mapping[PlayerId, tuple[tuple[PlayerId, Outcome], ...]]:
    """Each player's opponents met over the board up to `after_round`, with his outcome."""
    return MappingProxyType({pid: tuple((r.opponent, r.outcome) for r in recs
                                        if r.round <= after_round and r.outcome.played and r.opponent is not None)
                             for pid, recs in records.items()})


def _played(records: Records, pid: PlayerId, after_round: int) -> tuple[tuple[PlayerId, Outcome], ...]:
    return _met(records, after_round)[pid]


@per_table
def sos(records: Records, after_round: int) -> Values:
    """Sum of the current scores of every opponent met over the board."""
    score = scores(records, after_round)
    return {pid: total(score[opp] for opp, _ in _played(records, pid, after_round))
            for pid in records}


def sosos(records: Records, after_round: int) -> Values:
    """Sum of the SOS of every opponent met over the board."""
    first = sos(records, after_round)
    return {pid: total(first[opp] for opp, _ in _played(records, pid, after_round))
            for pid in records}


def sodos(records: Records, after_round: int) -> Values:
    """Sum of the current scores of the opponents defeated over the board (draws add nothing)."""
    score = scores(records, after_round)
    return {pid: total(score[opp] for opp, outcome in _played(records, pid, after_round) if outcome is Outcome.WIN)
            for pid in records}


TIEBREAKS: dict[str, Tiebreak] = {
    t.key: t
    for t in (
        # The abbreviations (SOS, SOSOS, SODOS) are codes, the same in every language; the names and definitions are
        # translated where a page shows them.
        Tiebreak("sos", "SOS",
                 # Translators: the tiebreak SOS
                 N_("Sum of opponents' scores"),
                 # Translators: how the tiebreak SOS is computed (in a sentence "SOS (…): the sum …")
                 N_("the sum of the scores of all opponents the player met over the board "
                    "(byes, absences and games not played count 0)"), sos),
        Tiebreak("sosos", "SOSOS",
                 # Translators: the tiebreak SOSOS (SOS: sum of opponents' scores)
                 N_("Sum of opponents' SOS"),
                 # Translators: how the tiebreak SOSOS is computed
                 N_("the sum of the SOS of all opponents the player met over the board"), sosos),
        Tiebreak("sodos", "SODOS",
                 # Translators: the tiebreak SODOS
                 N_("Sum of defeated opponents' scores"),
                 # Translators: how the tiebreak SODOS is computed
                 N_("the sum of the scores of the opponents the player beat over the board "
                    "(draws and wins without play count 0)"), sodos),
    )
}
