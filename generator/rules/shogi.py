"""Shogi: how results are written in round files and what each outcome scores."""

from __future__ import annotations

from fractions import Fraction

from ..model import Outcome, Result

# docs/rulings.md#scores: win 1, draw ½, loss 0; a pairing-allocated bye scores a win's points
# (FESA 0+); an absent round 0 (0-); a no-show 0 (0#) and the opponent a win without playing (0+).
POINTS: dict[Outcome, Fraction] = {
    Outcome.WIN: Fraction(1),
    Outcome.DRAW: Fraction(1, 2),
    Outcome.LOSS: Fraction(0),
    Outcome.FORFEIT_WIN: Fraction(1),
    Outcome.FORFEIT_LOSS: Fraction(0),
    Outcome.BYE: Fraction(1),
    Outcome.HALF_BYE: Fraction(1, 2),
    Outcome.ABSENT: Fraction(0),
    Outcome.PENDING: Fraction(0),
    Outcome.LATE: Fraction(0),  # the late-entry points are added by the event, not by the game
}

RESULT_WORDS: dict[str, Result] = {
    "1-0": Result.SENTE_WINS,
    "0-1": Result.GOTE_WINS,
    "½-½": Result.DRAW,
    "1/2-1/2": Result.DRAW,
    "draw": Result.DRAW,
    "+-": Result.SENTE_WINS_UNPLAYED,
    "-+": Result.GOTE_WINS_UNPLAYED,
    "--": Result.NEITHER_PLAYED,
}

PENDING_WORDS = ("?", "")

# What each side gets from a board result: (sente, gote).
OUTCOMES: dict[Result, tuple[Outcome, Outcome]] = {
    Result.SENTE_WINS: (Outcome.WIN, Outcome.LOSS),
    Result.GOTE_WINS: (Outcome.LOSS, Outcome.WIN),
    Result.DRAW: (Outcome.DRAW, Outcome.DRAW),
    Result.SENTE_WINS_UNPLAYED: (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS),
    Result.GOTE_WINS_UNPLAYED: (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN),
    Result.NEITHER_PLAYED: (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_LOSS),
}


def parse_result(text: str) -> Result | None:
    """The result a round file means by `text`, or None when it is no result we know."""
    return RESULT_WORDS.get(text.strip().lower().replace(" ", ""))
