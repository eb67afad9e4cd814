"""The simultaneous event: each giver's boards and score, the winners' prize, and Grand Prix points by result.

docs/mso-2000.md#simultaneous-event: "Prize money: 450 GBP divided equally over all winners with a maximum of 100
GBP per person. Grand Prix points: 4 (win), 2 (draw), 1 (loss). In case a simultaneous giver participates in
the Grand Prix, he will accumulate points in the same vein: 4 (>70% score), 3 (>45% score), 2 (>20% score),
1 (otherwise)." docs/rulings.md#simul: prize per winner = min(cap, fund ÷ winners), rounded down to the penny.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal
from fractions import Fraction

from . import shogi
from .handicaps import simul_effect
from ..messages import N_, Text
from ..model import Event, Board, Outcome, PlayerId, Round, SimulSetup
from .prizes import PENNY, Award, PrizeList

# A giver's Grand Prix points: more than 70 % of the points 4, more than 45 % 3, more than 20 % 2, else 1.
GIVER_THRESHOLDS: tuple[tuple[Fraction, int], ...] = ((Fraction(70, 100), 4), (Fraction(45, 100), 3),
                                                      (Fraction(20, 100), 2))
GIVER_OTHERWISE = 1
# An opponent's Grand Prix points by the result of his one game.
OPPONENT_POINTS = {Outcome.WIN: 4, Outcome.FORFEIT_WIN: 4, Outcome.DRAW: 2, Outcome.LOSS: 1}


@dataclass(frozen=True)
class GiverResult:
    giver: PlayerId
    professional: bool
    boards: tuple[Board, ...]  # the giver is named first on each
    round: int

    def outcomes(self) -> list[Outcome]:
        """The giver's outcome on every board with a result."""
        return [shogi.OUTCOMES[g.result][0] for g in self.boards if g.result is not None]

    def count(self, *kinds: Outcome) -> int:
        return sum(1 for o in self.outcomes() if o in kinds)

    @property
    def decided(self) -> int:
        return len(self.outcomes())

    @property
    def score(self) -> Fraction:
        return sum((shogi.POINTS[o] for o in self.outcomes()), Fraction(0))

    @property
    def share(self) -> Fraction | None:
        """The giver's score as a fraction of the boards with a result (None before any)."""
        return self.score / self.decided if self.decided else None

    @property
    def complete(self) -> bool:
        return self.decided == len(self.boards)

    @property
    def grand_prix_points(self) -> int | None:
        """The giver's Grand Prix points once every board has a result (None before)."""
        return giver_points(self.share) if self.share is not None and self.complete else None

    @property
    def effect(self) -> int:
        """The simul effect of the giver's number of boards (handicaps.simul_effect)."""
        return simul_effect(len(self.boards))


def giver_points(share: Fraction) -> int:
    """Grand Prix points of a giver who scored `share` (0 … 1) of the points: strictly above each threshold."""
    for threshold, pts in GIVER_THRESHOLDS:
        if share > threshold:
            return pts
    return GIVER_OTHERWISE


def giver_results(event: Event) -> list[GiverResult]:
    """Every giver's boards, round by round (a simul is usually one round)."""
    out = []
    for rnd in event.rounds:
        for giver in event.record(SimulSetup).givers:
            boards = tuple(g for g in rnd.games if g.sente.id == giver.ref.id)
            if boards:
                out.append(GiverResult(giver.ref.id, giver.professional, boards, rnd.number))
    return out


def opponent_outcomes(rnd: Round) -> dict[PlayerId, Outcome]:
    """Each opponent's outcome in a simul round (None results left out)."""
    return {g.gote.id: shogi.OUTCOMES[g.result][1] for g in rnd.games if g.result is not None}


def winners(event: Event) -> list[PlayerId]:
    """Opponents who beat their giver (over the board or because the giver did not come), in board order."""
    out = []
    for rnd in event.rounds:
        for pid, outcome in opponent_outcomes(rnd).items():
            if outcome in (Outcome.WIN, Outcome.FORFEIT_WIN) and pid not in out:
                out.append(pid)
    return out


def assign(givers: list[tuple[PlayerId, bool, int | None]], opponents: list[PlayerId]) \
        -> dict[PlayerId, list[PlayerId]] | None:
    """Boards for a simul: `opponents` strongest first; givers as (id, professional, boards or None). The professionals
    choose first and take the strongest (docs/mso-2000.md#simultaneous-event: "The professional will preferentially play
    against the strongest players present"); then the other givers in their listed order take the next ones. Givers
    without a fixed number share what is left as evenly as can be, the first ones one more. None when the fixed numbers
    need more opponents than there are."""
    order = [g for g in givers if g[1]] + [g for g in givers if not g[1]]
    fixed = sum(g[2] for g in order if g[2] is not None)
    free = [g for g in order if g[2] is None]
    if fixed > len(opponents):
        return None
    left = len(opponents) - fixed
    counts = {g[0]: g[2] for g in order if g[2] is not None}
    for n, g in enumerate(free):
        counts[g[0]] = left // len(free) + (1 if n < left % len(free) else 0)
    out, start = {}, 0
    for g in order:
        out[g[0]] = opponents[start:start + counts[g[0]]]
        start += counts[g[0]]
    return out


def prize_each(fund: Decimal, cap: Decimal | None, count: int) -> Decimal:
    """min(cap, fund ÷ winners), rounded down to the penny."""
    share = (fund / count).quantize(PENNY, rounding=ROUND_DOWN)
    return min(share, cap.quantize(PENNY)) if cap is not None else share


def simul_prizes(event: Event) -> PrizeList | None:
    rules = event.prizes
    if rules is None or rules.fund is None:
        return None
    won = winners(event)
    offered = rules.fund.quantize(PENNY)
    if not won:
        return PrizeList([], Decimal(0), offered)
    each = prize_each(rules.fund, rules.cap, len(won))
    # Translators: a simul prize: to each of the {count} players who beat their giver
    label = Text(N_("winner, 1 of {count}"), count=len(won))
    awards = [Award(pid, "winner", label, each) for pid in won]
    capped = rules.cap is not None and each == rules.cap.quantize(PENNY)
    rounding = Decimal(0) if capped else offered - each * len(won)  # the cap's savings are not rounding
    return PrizeList(awards, rounding, offered)
