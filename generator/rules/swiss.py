"""The MSO Swiss: who is paired in a round, ranked how, from the committed rounds before it.

Ranking for pairing: points (late-entry points included), then the rating in force for that round, then name.
A Shuuro-250 tournament puts the previous round's Delta in the rating's place (docs/shuuro-250.md#pairing).
Players absent for the round, withdrawn players, and late entries before their first round are left out.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from ..model import Event, Outcome, Player, PlayerId
from .pairing import Candidate
from ..numbers import points
from .scoring import RoundRecord
from .standings import EventResults

PairingKey = Callable[[RoundRecord | None, int], int]


def candidates(event: Event, res: EventResults, players: dict[PlayerId, Player], round_number: int,
               absent: set[PlayerId], pairing_key: PairingKey) -> list[Candidate]:
    """The players of round `round_number` in pairing order; `pairing_key` orders a score group (the game's:
    the rating in force, or Shuuro's Delta)."""
    before = res.by_round[round_number - 2] if round_number > 1 else ()
    score = {s.player: s.points for s in before}
    out = []
    for ref in event.entrants:
        pid = ref.id
        if pid in absent or event.from_round.get(pid, 1) > round_number:
            continue
        if pid in event.withdrawn and round_number > event.withdrawn[pid]:
            continue
        recs = [r for r in res.records[pid] if r.round < round_number]
        rating = res.ratings[pid][round_number - 1]
        second = pairing_key(next((r for r in recs if r.round == round_number - 1), None),
                            rating.elo if rating else 0)
        out.append((score.get(pid, Fraction(0)), second, players[pid].name, Candidate(
            pid, score.get(pid, Fraction(0)), f"{players[pid].name} ({points(score.get(pid, Fraction(0)))})",
            frozenset(r.opponent for r in recs if r.opponent and r.outcome.played),
            any(r.outcome is Outcome.BYE for r in recs))))
    out.sort(key=lambda t: (-t[0], -t[1], t[2]))
    return [c for *_, c in out]

