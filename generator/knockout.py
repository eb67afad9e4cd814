"""The European Shogi Championship's knock-out bracket (seeds/000…, ESC).

"A fully predetermined knock-out pairings system (round 1: 1 vs 32, 2 vs 31, etc.) based on Elo ratings";
"If there are less than 32 Europeans … present at the beginning of round 1, that round is employed to
reduce the number of ESC players to 16. In that case, during round 1 the highest rated players get an ESC
bye"; "During round 5, the winners of ESC round 4 play the ESC final, the losers play for third place."
PRODUCT.md rulings: bracket of 32 in the standard order (1 and 2 meet only in the final); with E Europeans,
16 <= E < 32, seeds 1..32-E have a round-1 bye; with fewer than 16, the smallest power of two >= E with
byes, starting late enough that the final is still in round 5.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

FULL = 32
FINAL_ROUND = 5


def standard_order(size: int) -> list[int]:
    """Seed numbers in bracket order: [1, 4, 2, 3] for 4; 1 and 2 can meet only in the final."""
    order = [1]
    while len(order) < size:
        n = 2 * len(order)
        order = [s for seed in order for s in (seed, n + 1 - seed)]
    return order


@dataclass(frozen=True)
class Bracket:
    size: int  # a power of two
    entrants: int  # E, the players seeded 1..E
    first_round: int  # the MSOWSC round of the bracket's first round

    @property
    def byes(self) -> list[int]:
        """Seeds with a bye in the bracket's first round (their slot's opponent does not exist)."""
        return [s for s in range(1, self.size + 1) if s <= self.entrants and self.size + 1 - s > self.entrants]

    def first_round_games(self) -> list[tuple[int, int]]:
        """(higher seed, lower seed) in bracket order, byes left out."""
        order = standard_order(self.size)
        pairs = [(order[i], order[i + 1]) for i in range(0, self.size, 2)]
        return [(min(a, b), max(a, b)) for a, b in pairs if max(a, b) <= self.entrants]


def bracket_for(europeans: int) -> Bracket | None:
    """The bracket for E Europeans present at round 1 (None below 2: no championship to play)."""
    if europeans < 2:
        return None
    if europeans >= 16:
        return Bracket(FULL, min(europeans, FULL), 1)
    size = 1 << math.ceil(math.log2(europeans))
    rounds = int(math.log2(size))
    return Bracket(size, europeans, FINAL_ROUND - rounds + 1)
