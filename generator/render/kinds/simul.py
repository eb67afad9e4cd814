"""The simul's pages: an overview of the givers and the winners, a page per giver with the boards, simul.json."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from markupsafe import Markup

from ...rules import shogi
from ...kinds.simul import setup_of
from ...model import Event, GrandPrixEvent, Outcome, PlayerId, SimulSetup
from ...rules.prizes import PrizeList
from ...rules.scoring import RoundRecord
from ...rules.simul import OPPONENT_POINTS, GiverResult
from ...rules.standings import EventResults
from ..i18n import _
from ..objects import awards, game_json
from ..paths import event_page, event_search, giver_page, player_page
from ..text import link, number, percent
from .base import KindPages
from .context import Context, Pages


class SimulPages(KindPages):
    key = "simul"
    rules_format = "_rules_simul.html.j2"
    rules_ranking = "_rules_simul_prizes.html.j2"

    @property
    def prize_rule(self) -> str:
        return "_prize_rule_simul.html.j2"

    def setup(self, event: Event) -> SimulSetup:
        return setup_of(event)

    def grand_prix_rule(self, rule: GrandPrixEvent) -> str:
        # Translators: how a simul scores in a Grand Prix: the points of a win, a draw, a loss against a giver
        return _("{win} for a win, {draw} for a draw, {loss} for a loss against a giver; a giver scores 4 for more "
                 "than 70 % of the points, 3 for more than 45 %, 2 for more than 20 %, else 1.").format(
            win=rule.win, draw=rule.draw, loss=rule.loss)

    def main_pages(self, r: Pages, event: Event, res: EventResults, common: dict[str, Any]) -> None:
        _pages(r, event, common)  # the givers and the winners; no standings

    def nav(self, r: Context, event: Event) -> list[Any]:
        gave = {x.giver for x in r.simuls.get(event.path, [])}
        return [{_("Overview"): event_page(event)},
                # Translators: the players who give a simul (each plays many boards at once)
                {_("Givers"): [{html.escape(r.player(g.ref.id).name): giver_page(event, g.ref.id)}
                               for g in setup_of(event).givers if g.ref.id in gave]},
                {_("Entries"): event_page(event, "entries")}]

    def round_link(self, event: Event, record: RoundRecord) -> str:
        return giver_page(event, record.opponent) if record.opponent else super().round_link(event, record)

    def api_files(self, event: Event, res: EventResults, givers: Sequence[GiverResult], prizes: PrizeList | None,
                  winners: Sequence[PlayerId]) -> dict[str, Any]:
        return {"simul.json": {
            "event": event.path,
            "givers": [{"player": g.giver, "professional": g.professional, "round": g.round,
                        "boards": [game_json(b) for b in g.boards], "score": number(g.score), "decided": g.decided,
                        "grand_prix_points": g.grand_prix_points} for g in givers],
            "winners": list(winners),
            "prizes": awards(prizes) if prizes else [],
        }}


def _pages(r: Pages, event: Event, common: dict[str, Any]) -> None:
    """The simul: an overview of the givers and the winners, and a page per giver with the boards."""
    res = common["res"]
    page = event_page(event)
    givers = r.simuls.get(event.path, [])
    prizes = r.prizes.get(event.path)
    prize_of = {a.player: a.amount for a in prizes.awards} if prizes else {}

    def name(pid: str, where: str) -> Markup:
        return link(r.player(pid).name, player_page(pid), where)

    rows = [{"name": link(r.player(g.giver).name, giver_page(event, g.giver), page),
             "professional": g.professional, "boards": len(g.boards),
             "won": g.count(Outcome.WIN, Outcome.FORFEIT_WIN), "drawn": g.count(Outcome.DRAW),
             "lost": g.count(Outcome.LOSS, Outcome.FORFEIT_LOSS), "score": g.score,
             "share": percent(g.share) if g.share is not None else "–",
             "gp": g.grand_prix_points}
            for g in givers]
    giver_of = {b.gote.id: g.giver for g in givers for b in g.boards}
    winners = [{"name": name(pid, page), "giver": name(giver_of[pid], page), "amount": prize_of.get(pid)}
               for pid in r.simul_winners.get(event.path, [])]
    r.page(page, "simul.html.j2", f"{event.short}", rows=rows, winners=winners,
           search=event_search(common["festival"], event),
           currency=event.prizes.currency if event.prizes else "", prizes=prizes, **common)
    for g in givers:
        page = giver_page(event, g.giver)
        boards = []
        for game in g.boards:
            h = res.handicaps.get((g.round, game.board))
            rating = res.ratings[game.gote.id][g.round - 1]
            outcome = shogi.OUTCOMES[game.result][1] if game.result else None
            boards.append({"board": game.board, "opponent": name(game.gote.id, page),
                           "elo": rating.elo if rating else "–",
                           # Translators: a simul board's handicap: none, an even game
                           "handicap": (h.code.upper() + (" *" if h.overrides_rule else "")) if h else _("even"),
                           "rule": (h.rule_code.upper() if h.rule_code else _("an even game"))
                           if h and h.overrides_rule else "",
                           "result": game.result.value if game.result else "…",
                           "gp": OPPONENT_POINTS.get(outcome) if outcome else None})
        giver_rating = res.ratings[g.giver][g.round - 1]
        r.page(page, "simul_giver.html.j2", f"{event.short}: {r.player(g.giver).name}",
               giver=r.player(g.giver), result=g, boards=boards,
               elo=giver_rating.elo if giver_rating else "–",
               effect=g.effect,
               any_override=any(b["rule"] for b in boards), **common)
