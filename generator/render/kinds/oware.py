"""Oware's pages: the standings by the MSO criteria with why players on equal VP are placed apart, the rounds
with each game's seeds and, where its moves are written, a board to replay it."""

from __future__ import annotations

import html
import json
from typing import Any

from markupsafe import Markup

from ...rules.oware import ranking as oware
from ...rules.oware import game as oware_game
from ...model import Capture, Board, Outcome
from ...rules.scoring import RoundRecord
from ...rules.standings import EventResults, Standing
from ..text import points
from .base import GamePages
from .context import Pages
from .criteria import game_row, meeting, ties


class OwarePages(GamePages):
    key = "oware"
    elo_shown = False
    rules_template = "oware_rules.html.j2"
    standings_template = "criteria_standings.html.j2"
    round_template = "oware_round.html.j2"
    separated = {oware.HEAD_TO_HEAD: "game", oware.SB: "SB"}

    def standing_text(self, standing: Standing) -> str:
        return f"{points(standing.points)} VP, {points(standing.tiebreaks[1])} seeds"

    def material_text(self, record: RoundRecord) -> str:
        return f" · {record.material[0]}–{record.material[1]} seeds" if record.material else ""

    def record_json(self, record: RoundRecord) -> dict[str, Any]:
        return {"seeds": list(record.material)} if record.material else {}

    def captured_json(self, captured: tuple[Capture, Capture]) -> dict[str, Any]:
        """The seeds each player took (the first-named player's first)."""
        return {"seeds": [c.points for c in captured]}

    def tie_lines(self, r: Pages, res: EventResults, table: tuple[Standing, ...] | None, after: int,
                  page: str) -> list[Any]:
        return ties(r, res, table, after, page, "VP", tie_reason)

    def game_row(self, r: Pages, res: EventResults, round_number: int, game: Board, row: dict[str, Any]) -> None:
        game_row(game, row, board(r, res, round_number, game) if game.moves else "")


def tie_reason(key: str, above: Standing, below: Standing, res: EventResults, after: int) -> str:
    """Why `above` is placed above `below` (equal on VP) by the MSO criterion `key`, in words."""
    game = meeting(res, above, below, after)
    if key == oware.HEAD_TO_HEAD:
        won = f"won their game in round {game.round}" if game is not None and game.outcome is Outcome.WIN else ""
        return f"head-to-head: {won or 'one of them beat, or lost to, every other player tied with them'}"
    met = ("their game was drawn" if game is not None and game.outcome is Outcome.DRAW else
           "they did not meet" if game is None else "none of the players tied beat, or lost to, all the others")
    return (f"head-to-head does not apply ({met}); Sonneborn-Berger {points(above.tiebreaks[0])} against "
            f"{points(below.tiebreaks[0])}")


def board(r: Pages, res: EventResults, round_number: int, game: Board) -> Markup:
    """A game's replay board: the final position as HTML, every position in data attributes for the small
    script that steps through them (assets/oware.js); without the script the final position shows."""
    positions = res.positions.get((round_number, game.board), [])
    if not positions:
        return Markup("")
    last = positions[-1]
    data = [[*p.houses, *p.stores] for p in positions]
    first, second = (html.escape(r.player(ref.id).name) for ref in (game.sente, game.gote))


    def house(i: int) -> str:
        name = oware_game.house_name(i // 6, i % 6)
        return f'<span class="house" data-house="{i}" title="{name}">{last.houses[i]}</span>'

    top = "".join(house(i) for i in range(11, 5, -1))  # F … A, so that sowing runs counter-clockwise
    bottom = "".join(house(i) for i in range(6))  # a … f

    def labels(indices: range) -> str:  # the houses' letters, as the moves are written
        return "".join(f'<span aria-hidden="true">{oware_game.house_name(i // 6, i % 6)}</span>' for i in indices)

    return Markup(
        f'<div class="oware" data-positions="{html.escape(json.dumps(data))}" '
        f'data-moves="{html.escape(json.dumps(list(game.moves[:len(positions) - 1])))}">'
        f'<p class="oware-player">{second} (A–F) · <span data-store="1">{last.stores[1]}</span> seeds</p>'
        f'<div class="oware-row oware-labels">{labels(range(11, 5, -1))}</div>'
        f'<div class="oware-row oware-top">{top}</div><div class="oware-row">{bottom}</div>'
        f'<div class="oware-row oware-labels">{labels(range(6))}</div>'
        f'<p class="oware-player">{first} (a–f) · <span data-store="0">{last.stores[0]}</span> seeds</p>'
        f'<p class="oware-controls"><button type="button" data-step="first" aria-label="Start">«</button>'
        f'<button type="button" data-step="back" aria-label="Back one move">‹</button>'
        f'<button type="button" data-step="next" aria-label="Forward one move">›</button>'
        f'<button type="button" data-step="last" aria-label="End">»</button> '
        f'<span class="oware-move">After move {len(positions) - 1} of {len(positions) - 1}</span></p>'
        f'</div>')
