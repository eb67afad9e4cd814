"""What the games ranked by their own criteria (Shuuro, Oware) share on their pages: why two players on equal
points are placed apart, and a round's rows with each game's ending and what each player took."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from markupsafe import Markup

from ...messages import N_
from ...rules.oware import game as oware_game
from ...rules.shuuro import game as shuuro_game
from ...model import Board
from ...rules.scoring import RoundRecord
from ...rules.standings import EventResults, Standing
from ..i18n import _
from ..paths import player_page
from ..text import link, points
from .context import Pages

Reason = Callable[[str, "Standing", "Standing", "EventResults", int], str]

# How a Shuuro game ended, as its round file writes it, where the word is not one of Oware's (rules/oware/game.py
# SHORT: "resigned", "time"); translated where shown.
SHUURO_ENDINGS = {
    # Translators: how a Shuuro game ended, under its result
    "checkmate": N_("checkmate"),
    # Translators: how a Shuuro game ended, under its result
    "stalemate": N_("stalemate"),
    # Translators: how a Shuuro game ended (a draw agreed or automatic), under its result
    "draw": N_("draw"),
}


def ties(r: Pages, res: EventResults, table: tuple[Standing, ...] | None, after: int, page: str, unit: str,
         reason: Reason) -> list[Markup]:
    """For each player placed below another on the same points: which criterion separated them, and how. `unit`:
    the points' abbreviation, translated ("VP")."""
    if table is None:
        return []
    out = []
    for above, below in zip(table, table[1:], strict=False):
        if not below.separated_by or below.separated_by in ("tp", "vp"):
            continue
        a, b = (link(r.player(s.player).name, player_page(s.player), page) for s in (above, below))
        why = reason(below.separated_by, above, below, res, after)
        # Translators: two players on equal points placed apart: rank and name of each, the points ("equal on 6 VP")
        # and why (the criterion that separated them)
        out.append(Markup(_("<strong>{rank_above}</strong> {above} above <strong>{rank_below}</strong> {below}: "
                            "equal on {points} {unit}; {why}.")).format(
            rank_above=above.rank, above=a, rank_below=below.rank, below=b, points=points(below.points), unit=unit,
            why=why))
    return out


def meeting(res: EventResults, above: Standing, below: Standing, after: int) -> RoundRecord | None:
    """`above`'s game against `below` played over the board up to round `after`, if they met."""
    return next((r for r in res.records[above.player]
                 if r.round <= after and r.opponent == below.player and r.outcome.played), None)


def game_row(game: Board, row: dict[str, Any], board_html: Markup | str = "") -> None:
    """A round page's row completed with how the game ended and what each player took."""
    ending = game.ending or ""
    short = oware_game.SHORT.get(ending) or SHUURO_ENDINGS.get(ending)
    row["ending"] = _(short) if short else ending
    row["ending_text"] = _(oware_game.ENDINGS[ending]) if ending in oware_game.ENDINGS else ending
    row["taken"] = (f"{game.captured[0].points}–{game.captured[1].points}" if game.captured else "")
    row["pieces"] = [", ".join(_(shuuro_game.NAMES[p]) for p in c.pieces) if c.pieces else ""
                     for c in game.captured] if game.captured else ["", ""]
    row["board_html"] = board_html
