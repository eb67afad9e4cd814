"""The API's objects shared by the tables and the kinds' own JSON files: a game, a prize list's awards."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..model import Capture, Board
from ..rules.prizes import PrizeList


def awards(p: PrizeList) -> list[dict[str, str]]:
    return [{"player": a.player, "prize": a.kind, "label": a.label, "amount": str(a.amount)} for a in p.awards]


def game_json(g: Board, captured: Callable[[tuple[Capture, Capture]], dict[str, Any]] | None = None) -> dict[str, Any]:
    """A game; with `captured` (its game's pages' captured_json), what the game records of it (an ending, what
    each player took)."""
    out: dict[str, Any] = {"board": g.board, "sente": g.sente.id, "gote": g.gote.id,
                           "result": g.result.value if g.result else None}
    if g.ending is not None:
        out["ending"] = g.ending
    if g.captured is not None and captured is not None:
        out.update(captured(g.captured))
    if g.moves:
        out["moves"] = list(g.moves)
    return out
