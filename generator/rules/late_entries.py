"""Late entries and their McMahon-like points (docs/mso-2000.md#late-entries).

"A player can enter the MSOWSC until the beginning of round 4 … Late entries receive 0 or 1 McMahon-like
points as follows:
      Strength     Entry after round
   (Elo-based)      1   2   3
   Top group        0   1   1
   Middle group     0   0   1
   Bottom group     0   0   0
… all players that participate in round 1 … are divided in three groups of equal size (ranked by Elo
rating) and the latecomer is assigned a group … on the basis of his own Elo rating."
docs/rulings.md#late-entries: entry "after round k" means playing from round k+1; the groups are cut at ⌈N/3⌉ and
⌈2N/3⌉; a latecomer joins the group whose lowest Elo he reaches (ties go up); later than round 4 is an error.
"""

from __future__ import annotations

import math
from fractions import Fraction

GROUPS = ("top", "middle", "bottom")
LAST_FROM_ROUND = 4  # "until the beginning of round 4"

# TABLE[group][entry after round k] for k = 1, 2, 3.
TABLE: dict[str, dict[int, Fraction]] = {
    "top": {1: Fraction(0), 2: Fraction(1), 3: Fraction(1)},
    "middle": {1: Fraction(0), 2: Fraction(0), 3: Fraction(1)},
    "bottom": {1: Fraction(0), 2: Fraction(0), 3: Fraction(0)},
}


def group_floors(round1_elos: list[int]) -> tuple[int, int]:
    """The lowest Elo of the top and of the middle group of the round-1 field."""
    ranked = sorted(round1_elos, reverse=True)
    n = len(ranked)
    top, middle = math.ceil(n / 3), math.ceil(2 * n / 3)
    return ranked[top - 1], ranked[middle - 1]


def group_of(elo: int, floors: tuple[int, int]) -> str:
    top_floor, middle_floor = floors
    if elo >= top_floor:
        return "top"
    if elo >= middle_floor:
        return "middle"
    return "bottom"


def late_points(elo: int, from_round: int, floors: tuple[int, int]) -> tuple[str, Fraction]:
    """(group, points) for a player who plays from `from_round` (2, 3 or 4)."""
    group = group_of(elo, floors)
    return group, TABLE[group][from_round - 1]
