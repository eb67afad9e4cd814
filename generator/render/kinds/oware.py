"""Oware's pages: the standings by the MSO criteria with why players on equal VP are placed apart, the rounds
with each game's seeds and, where its moves are written, a board to replay it."""

from __future__ import annotations

import html
import json
from typing import Any

from markupsafe import Markup

from ...messages import N_
from ...rules.oware import ranking as oware
from ...rules.oware import game as oware_game
from ...model import Capture, Board, Outcome
from ...rules.scoring import RoundRecord
from ...rules.standings import EventResults, Standing
from ..i18n import _, ngettext, pgettext
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
    separated = {
        # Translators: the standings' column "placed lower by": by the game between the players (head-to-head)
        oware.HEAD_TO_HEAD: N_("game"),
        # Translators: short for Sonneborn-Berger, a tiebreak
        oware.SB: N_("SB"),
    }

    def standing_text(self, standing: Standing) -> str:
        seeds = standing.tiebreaks[1]
        # Translators: an Oware player's result: victory points (VP) and the seeds he took in all
        return ngettext("{vp} VP, {seeds} seed", "{vp} VP, {seeds} seeds", int(seeds)).format(
            vp=points(standing.points), seeds=points(seeds))

    def material_text(self, record: RoundRecord) -> str:
        if not record.material:
            return ""
        # Translators: the seeds each player took in an Oware game ("25–23 seeds")
        return " · " + _("{ours}–{theirs} seeds").format(ours=record.material[0], theirs=record.material[1])

    def record_json(self, record: RoundRecord) -> dict[str, Any]:
        return {"seeds": list(record.material)} if record.material else {}

    def captured_json(self, captured: tuple[Capture, Capture]) -> dict[str, Any]:
        """The seeds each player took (the first-named player's first)."""
        return {"seeds": [c.points for c in captured]}

    def tie_lines(self, r: Pages, res: EventResults, table: tuple[Standing, ...] | None, after: int,
                  page: str) -> list[Any]:
        # Translators: short for victory points (Oware)
        return ties(r, res, table, after, page, _("VP"), tie_reason)

    def game_row(self, r: Pages, res: EventResults, round_number: int, game: Board, row: dict[str, Any]) -> None:
        game_row(game, row, board(r, res, round_number, game) if game.moves else "")


def tie_reason(key: str, above: Standing, below: Standing, res: EventResults, after: int) -> str:
    """Why `above` is placed above `below` (equal on VP) by the MSO criterion `key`, in words."""
    game = meeting(res, above, below, after)
    if key == oware.HEAD_TO_HEAD:
        if game is not None and game.outcome is Outcome.WIN:
            return _("head-to-head: won their game in round {round}").format(round=game.round)
        return _("head-to-head: one of them beat, or lost to, every other player tied with them")
    sb = {"above": points(above.tiebreaks[0]), "below": points(below.tiebreaks[0])}
    if game is not None and game.outcome is Outcome.DRAW:
        return _("head-to-head does not apply (their game was drawn); Sonneborn-Berger {above} against "
                 "{below}").format(**sb)
    if game is None:
        return _("head-to-head does not apply (they did not meet); Sonneborn-Berger {above} against {below}").format(
            **sb)
    return _("head-to-head does not apply (none of the players tied beat, or lost to, all the others); "
             "Sonneborn-Berger {above} against {below}").format(**sb)


def board(r: Pages, res: EventResults, round_number: int, game: Board) -> Markup:
    """A game's replay board: the final position as HTML, every position in data attributes for the small
    script that steps through them (assets/oware.js); without the script the final position shows."""
    positions = res.positions.get((round_number, game.board), [])
    if not positions:
        return Markup("")
    last = positions[-1]
    data = [[*p.houses, *p.stores] for p in positions]
    first, second = (html.escape(r.player(ref.id).name) for ref in (game.sente, game.gote))


    def player(name: str, houses: str, store: int) -> str:  # a player's name, his houses and his store
        seeds = f'<span data-store="{store}">{last.stores[store]}</span>'
        # Translators: an Oware board's player: his name, the letters of his houses, and his seeds (the number
        # changes as the moves are stepped through)
        return _("{player} ({houses}) · {seeds} seeds").format(player=name, houses=houses, seeds=seeds)

    def house(i: int) -> str:
        name = oware_game.house_name(i // 6, i % 6)
        return f'<span class="house" data-house="{i}" title="{name}">{last.houses[i]}</span>'

    top = "".join(house(i) for i in range(11, 5, -1))  # F … A, so that sowing runs counter-clockwise
    bottom = "".join(house(i) for i in range(6))  # a … f

    def labels(indices: range) -> str:  # the houses' letters, as the moves are written
        return "".join(f'<span aria-hidden="true">{oware_game.house_name(i // 6, i % 6)}</span>' for i in indices)

    # Translators: the buttons that step through an Oware game: to its start, one move back, one forward, to its end
    start = html.escape(pgettext("a game's moves", "Start"))
    # Translators: a button that steps through an Oware game
    back, forward = html.escape(_("Back one move")), html.escape(_("Forward one move"))
    end = html.escape(pgettext("a game's moves", "End"))
    # Translators: under an Oware board: the position shown is after the last of the game's moves
    moved = _("After move {n} of {total}").format(n=len(positions) - 1, total=len(positions) - 1)
    return Markup(
        f'<div class="oware" data-positions="{html.escape(json.dumps(data))}" '
        f'data-moves="{html.escape(json.dumps(list(game.moves[:len(positions) - 1])))}">'
        f'<p class="oware-player">{player(second, "A–F", 1)}</p>'
        f'<div class="oware-row oware-labels">{labels(range(11, 5, -1))}</div>'
        f'<div class="oware-row oware-top">{top}</div><div class="oware-row">{bottom}</div>'
        f'<div class="oware-row oware-labels">{labels(range(6))}</div>'
        f'<p class="oware-player">{player(first, "a–f", 0)}</p>'
        f'<p class="oware-controls"><button type="button" data-step="first" aria-label="{start}">«</button>'
        f'<button type="button" data-step="back" aria-label="{back}">‹</button>'
        f'<button type="button" data-step="next" aria-label="{forward}">›</button>'
        f'<button type="button" data-step="last" aria-label="{end}">»</button> '
        f'<span class="oware-move">{html.escape(moved)}</span></p>'
        f'</div>')
