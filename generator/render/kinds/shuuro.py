"""Shuuro-250's pages: every army as the pack's roster sheet, the standings by the winner criteria with why
players on equal TP are placed apart, the rounds with each game's ending and the points eliminated."""

from __future__ import annotations

from typing import Any

from markupsafe import Markup

from ...rules.shuuro import ranking as shuuro
from ...rules.shuuro import game as shuuro_game
from ...kinds.shuuro import armies_of
from ...model import Capture, Event, Board, Outcome, PlayerId
from ...rules.scoring import RoundRecord
from ...rules.standings import EventResults, Standing
from ..paths import event_page, player_page
from ..text import link, points, signed
from .base import GamePages
from .context import Context, Pages
from .criteria import game_row, meeting, ties


class ShuuroPages(GamePages):
    key = "shuuro"
    prize_rule = "_prize_rule_rank.html.j2"
    elo_shown = False
    rules_template = "shuuro_rules.html.j2"
    standings_template = "criteria_standings.html.j2"
    round_template = "shuuro_round.html.j2"
    extra_pages = (("Armies", "armies"),)
    separated = {shuuro.LAST: "Δ last", shuuro.MEETING: "game", shuuro.TOTAL: "Δ total"}

    def standing_text(self, standing: Standing) -> str:
        return f"{points(standing.points)} TP, total Delta {signed(standing.tiebreaks[1])}"

    def material_text(self, record: RoundRecord) -> str:
        return f" · Δ {signed(record.delta)}" if record.material else ""

    def record_json(self, record: RoundRecord) -> dict[str, Any]:
        return {"delta": record.delta}

    def captured_json(self, captured: tuple[Capture, Capture]) -> dict[str, Any]:
        """The points of enemy pieces each player eliminated (sente's, gote's), and the pieces when listed."""
        return {"eliminated": [c.points for c in captured],
                "pieces": [list(c.pieces) if c.pieces is not None else None for c in captured]}

    def tie_lines(self, r: Pages, res: EventResults, table: tuple[Standing, ...] | None, after: int,
                  page: str) -> list[Any]:
        return ties(r, res, table, after, page, "TP", tie_reason)

    def game_row(self, r: Pages, res: EventResults, round_number: int, game: Board, row: dict[str, Any]) -> None:
        game_row(game, row)

    def pages(self, r: Pages, event: Event, common: dict[str, Any]) -> None:
        """Every army as the pack's roster sheet: piece, allowed, cost, number, points, total."""
        page = event_page(event, "armies")
        armies = []
        for ref in sorted(event.entrants, key=lambda ref: r.player(ref.id).name):
            army = armies_of(event).get(ref.id)
            if army is None:
                continue
            rows: list[dict[str, Any]] = [{"piece": shuuro_game.NAMES[p],
                     "allowed": "1" if p in shuuro_game.LEAST else f"0-{shuuro_game.MOST[p]}",
                     "cost": shuuro_game.COST[p], "number": army.count(p),
                     "points": shuuro_game.COST[p] * army.count(p)} for p in shuuro_game.PIECES]
            armies.append({"id": ref.id, "name": link(r.player(ref.id).name, player_page(ref.id), page),
                           "title": r.player(ref.id).name, "rows": rows,
                           "total": sum(row["points"] for row in rows)})
        r.page(page, "armies.html.j2", f"{event.short} armies", armies=armies, cap=shuuro_game.CAP, **common)

    def player_line(self, r: Context, event: Event, pid: PlayerId, page: str) -> Markup | str:
        army = armies_of(event).get(pid)
        if army is None:
            return ""
        return link("Army", event_page(event, "armies"), page, pid) + Markup(": {}.").format(army_text(army.counts))


def army_text(counts: dict[str, int]) -> str:
    """'Queen, Rook, Knight, 3 Pawns: 250 points'."""
    parts = [f"{n} {shuuro_game.PLURAL[p]}" if n > 1 else shuuro_game.NAMES[p]
             for p in shuuro_game.PIECES[1:] if (n := counts.get(p, 0))]
    return f"{', '.join(parts) or 'the King alone'}: {shuuro_game.cost(counts)} points"


def tie_reason(key: str, above: Standing, below: Standing, res: EventResults, after: int) -> str:
    """Why `above` is placed above `below` (equal on TP) by criterion `key`, in words."""
    last = (signed(above.tiebreaks[0]), signed(below.tiebreaks[0]))
    if key == shuuro.LAST:
        return f"Delta in round {after} {last[0]} against {last[1]}"
    game = meeting(res, above, below, after)
    if key == shuuro.MEETING:
        if game is not None:
            return f"the same Delta in round {after} ({last[0]}); won their game in round {game.round}"
        return f"the same Delta in round {after} ({last[0]}), and the most TP in the games among the players tied"
    met = (f"their game in round {game.round} was drawn" if game is not None and game.outcome is Outcome.DRAW
           else "they did not meet" if game is None else "the result between them did not decide")
    return (f"the same Delta in round {after} ({last[0]}); {met}; total Delta "
            f"{signed(above.tiebreaks[1])} against {signed(below.tiebreaks[1])}")
