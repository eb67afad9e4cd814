"""What differs from game to game: result syntax and scoring."""

from __future__ import annotations

from fractions import Fraction

from ..model import Outcome
from .oware import game as oware
from . import shogi
from .shuuro import game as shuuro

POINTS: dict[str, dict[Outcome, Fraction]] = {"shogi": shogi.POINTS, "shuuro": shuuro.POINTS,
                                                 "oware": oware.POINTS}


def points(game: str) -> dict[Outcome, Fraction]:
    """What each outcome scores in `game` (shogi's table for a game that has none of its own)."""
    return POINTS.get(game, shogi.POINTS)
