"""Handicaps from Elo differences (docs/mso-2000.md#handicaps, "SHOGI ELO RATINGS AND HANDICAPS").

"The handicap in the Team Match and Simultaneous Event are being determined by rounding the Elo rating
difference (ERD) between the players down to the nearest handicap." Table: L 100, B 200, R 250, RL 350,
2P 450, 4P 550, 5P 750, 6P 1000. "The effect of simultaneous play is 250*10log(N) points, where N is the
number of boards"; the simul ERD is also "reduced by an additional 40 points to be consistent with
professional handicap practice". docs/rulings.md#handicaps: effect rounded to the nearest point; below 100 an
even game.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

# (code, ERD from which it applies), largest first. Codes are FESA's notation (docs/fesa-turnering.md#handicaps).
TABLE: tuple[tuple[str, int], ...] = (
    ("6p", 1000), ("5p", 750), ("4p", 550), ("2p", 450), ("rl", 350), ("r", 250), ("b", 200), ("l", 100))
NAMES = {"l": "lance (L)", "b": "bishop (B)", "r": "rook (R)", "rl": "rook and lance (RL)",
         "2p": "two pieces (2P)", "4p": "four pieces (4P)", "5p": "five pieces (5P)", "6p": "six pieces (6P)",
         "m": "sente instead of furigoma"}
CODES = tuple(code for code, _ in TABLE) + ("m",)
PROFESSIONAL_PRACTICE = 40


def simul_effect(boards: int) -> int:
    """250 · log10(N), rounded to the nearest point: 4 boards 151, 5 boards 175."""
    return math.floor(250 * math.log10(boards) + 0.5)


def from_difference(erd: int) -> str | None:
    """The largest handicap whose ERD is not above `erd`; None (an even game) below 100."""
    for code, threshold in TABLE:
        if erd >= threshold:
            return code
    return None


def label(code: str | None) -> str:
    return "even game" if code is None else NAMES.get(code, code)


@dataclass(frozen=True)
class Handicap:
    """A computed handicap and the arithmetic behind it, for the arbiter and the site."""

    code: str | None
    steps: tuple[str, ...]


def compute(giver_elo: int, receiver_elo: int, simul_boards: int | None = None) -> Handicap:
    erd = giver_elo - receiver_elo
    steps = [f"Elo difference: {giver_elo} - {receiver_elo} = {erd}"]
    if simul_boards is not None:
        effect = simul_effect(simul_boards)
        adjusted = erd - effect - PROFESSIONAL_PRACTICE
        steps.append(f"simultaneous effect: 250 x log10({simul_boards}) = {250 * math.log10(simul_boards):.2f}, "
                     f"rounded {effect}")
        steps.append(f"adjusted: {erd} - {effect} - {PROFESSIONAL_PRACTICE} = {adjusted}")
        erd = adjusted
    code = from_difference(erd)
    if code is None:
        steps.append(f"{erd} is below 100: an even game")
    else:
        threshold = dict(TABLE)[code]
        steps.append(f"{erd} rounded down to the nearest handicap: {threshold} = {label(code)}")
    return Handicap(code, tuple(steps))
