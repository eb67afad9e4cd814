"""Words several pages (and the calendar feeds) share, in the reader's language: a player's result in a game,
a number of points, a knock-out's stages and places. The data and the API keep their English keys; these are the
words shown for them."""

from __future__ import annotations

from fractions import Fraction

from ..model import Outcome
from ..rules.prizes import ordinal
from .i18n import _, ngettext, pgettext
from .text import points


def outcome_word(outcome: Outcome) -> str:
    """A player's result in one round, in words: 'win', 'no-show', 'bye'."""
    # Translators: a player's result in one round (a table's cell, a calendar entry's "Result: …"), as a noun.
    match outcome:
        case Outcome.WIN:
            return pgettext("result of a game", "win")
        case Outcome.DRAW:
            return pgettext("result of a game", "draw")
        case Outcome.LOSS:
            return pgettext("result of a game", "loss")
        case Outcome.FORFEIT_WIN:
            return pgettext("result of a game", "win without play")
        case Outcome.FORFEIT_LOSS:
            # Translators: the player did not come to his game, and lost it
            return pgettext("result of a game", "no-show")
        case Outcome.BYE:
            # Translators: a round without an opponent (the player scores a win's points)
            return pgettext("result of a game", "bye")
        case Outcome.HALF_BYE:
            return pgettext("result of a game", "half-point bye")
        case Outcome.ABSENT:
            return pgettext("result of a game", "absent")
        case Outcome.LATE:
            # Translators: a late entry's round played before he joined the event
            return pgettext("result of a game", "not yet entered")
        case Outcome.PENDING:
            return pgettext("result of a game", "not played yet")


def result_word(result: str) -> str:
    """'win', 'draw' or 'loss' as the rules write a result (a team's match, a game under the promotion system), in
    words."""
    return outcome_word(Outcome(result))


def rest_word() -> str:
    # Translators: an all-play-all's round without a game for a player (an odd number of players), as a noun
    return pgettext("result of a game", "rest")


def points_text(value: Fraction) -> str:
    """'1 point', '5½ points'."""
    if value.denominator == 1:
        return ngettext("{points} point", "{points} points", int(value)).format(points=points(value))
    # Translators: a number of points with a fraction ("5½ points")
    return pgettext("a fractional number", "{points} points").format(points=points(value))


def stage_word(stage: str) -> str:
    """A knock-out stage as rules/knockout.py names it ('Final', 'Semi-finals', 'Last 16'), in words."""
    if stage == "Final":
        return _("Final")
    if stage == "Third place":
        # Translators: the knock-out's game for third place
        return _("Third place")
    if stage == "Semi-finals":
        return _("Semi-finals")
    if stage == "Quarter-finals":
        return _("Quarter-finals")
    if stage.startswith("Last ") and stage[5:].isdigit():
        # Translators: a knock-out stage: the round with {n} players left
        return _("Last {n}").format(n=stage[5:])
    return stage


def lost_in(stage: str, number: int) -> str:
    """Where a player went out of a knock-out: 'lost in the last 16 (round 3)'."""
    if stage == "Semi-finals":
        return _("lost in the semi-finals (round {round})").format(round=number)
    if stage == "Quarter-finals":
        return _("lost in the quarter-finals (round {round})").format(round=number)
    if stage == "Final":
        return _("lost in the final (round {round})").format(round=number)
    if stage.startswith("Last ") and stage[5:].isdigit():
        return _("lost in the last {n} (round {round})").format(n=stage[5:], round=number)
    return _("lost in the {stage} (round {round})").format(stage=stage[:1].lower() + stage[1:], round=number)


def place_text(place: int) -> str:
    """'1st place' … '4th place' (a knock-out's places)."""
    if place == 1:
        return _("1st place")
    if place == 2:
        return _("2nd place")
    if place == 3:
        return _("3rd place")
    if place == 4:
        return _("4th place")
    return _("{ordinal} place").format(ordinal=ordinal(place))
