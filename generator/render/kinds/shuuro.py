"""Shuuro-250's pages: every army as the pack's roster sheet, the standings by the winner criteria with why
players on equal TP are placed apart, the rounds with each game's ending and the points eliminated."""

from __future__ import annotations

from typing import Any

from markupsafe import Markup

from ...messages import N_
from ...rules.shuuro import ranking as shuuro
from ...rules.shuuro import game as shuuro_game
from ...kinds.shuuro import armies_of
from ...model import Capture, Event, Board, Outcome, PlayerId
from ...rules.scoring import RoundRecord
from ...rules.standings import EventResults, Standing
from ..i18n import _, ngettext
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
    extra_pages = ((N_("Armies"), "armies"),)
    separated = {
        # Translators: the standings' column "placed lower by": the Delta (Δ) of the last round
        shuuro.LAST: N_("Δ last"),
        # Translators: the standings' column "placed lower by": by the game between the players (head-to-head)
        shuuro.MEETING: N_("game"),
        # Translators: the standings' column "placed lower by": the total Delta (Δ) of all rounds
        shuuro.TOTAL: N_("Δ total"),
    }

    def standing_text(self, standing: Standing) -> str:
        # Translators: a Shuuro player's result: tournament points (TP) and his total Delta
        return _("{tp} TP, total Delta {delta}").format(tp=points(standing.points), delta=signed(standing.tiebreaks[1]))

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
        # Translators: short for tournament points (Shuuro)
        return ties(r, res, table, after, page, _("TP"), tie_reason)

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
            rows: list[dict[str, Any]] = [{"piece": _(shuuro_game.NAMES[p]),
                     "allowed": "1" if p in shuuro_game.LEAST else f"0-{shuuro_game.MOST[p]}",
                     "cost": shuuro_game.COST[p], "number": army.count(p),
                     "points": shuuro_game.COST[p] * army.count(p)} for p in shuuro_game.PIECES]
            armies.append({"id": ref.id, "name": link(r.player(ref.id).name, player_page(ref.id), page),
                           "title": r.player(ref.id).name, "rows": rows,
                           "total": sum(row["points"] for row in rows)})
        r.page(page, "armies.html.j2", _("{event} armies").format(event=event.short), armies=armies,
               cap=shuuro_game.CAP, **common)

    def player_line(self, r: Context, event: Event, pid: PlayerId, page: str) -> Markup | str:
        army = armies_of(event).get(pid)
        if army is None:
            return ""
        # Translators: {army} is the link "Army", then the pieces of the player's army
        return Markup(_("{army}: {pieces}.")).format(army=link(_("Army"), event_page(event, "armies"), page, pid),
                                                     pieces=army_text(army.counts))


def army_text(counts: dict[str, int]) -> str:
    """'Queen, Rook, Knight, 3 Pawns: 250 points'."""
    parts = [_(shuuro_game.NAMES[p]) if n == 1 else pieces(p, n)
             for p in shuuro_game.PIECES[1:] if (n := counts.get(p, 0))]
    cost = shuuro_game.cost(counts)
    # Translators: a Shuuro army: its pieces ("Queen, Rook, 3 Pawns"), and what they cost
    return ngettext("{pieces}: {n} point", "{pieces}: {n} points", cost).format(
        pieces=", ".join(parts) or _("the King alone"), n=cost)


def pieces(piece: str, n: int) -> str:
    """'3 Pawns'."""
    if piece == "queen":
        return ngettext("{n} Queen", "{n} Queens", n).format(n=n)
    if piece == "rook":
        return ngettext("{n} Rook", "{n} Rooks", n).format(n=n)
    if piece == "bishop":
        return ngettext("{n} Bishop", "{n} Bishops", n).format(n=n)
    if piece == "knight":
        return ngettext("{n} Knight", "{n} Knights", n).format(n=n)
    if piece == "pawn":
        return ngettext("{n} Pawn", "{n} Pawns", n).format(n=n)
    return f"{n} {shuuro_game.PLURAL[piece]}"


def tie_reason(key: str, above: Standing, below: Standing, res: EventResults, after: int) -> str:
    """Why `above` is placed above `below` (equal on TP) by criterion `key`, in words."""
    last = (signed(above.tiebreaks[0]), signed(below.tiebreaks[0]))
    if key == shuuro.LAST:
        # Translators: why a Shuuro player is placed above another on equal TP: the Delta of each in the last round
        return _("Delta in round {round} {above} against {below}").format(round=after, above=last[0], below=last[1])
    game = meeting(res, above, below, after)
    if key == shuuro.MEETING:
        if game is not None:
            return _("the same Delta in round {round} ({delta}); won their game in round {game}").format(
                round=after, delta=last[0], game=game.round)
        return _("the same Delta in round {round} ({delta}), and the most TP in the games among the players "
                 "tied").format(round=after, delta=last[0])
    values = {"round": after, "delta": last[0], "above": signed(above.tiebreaks[1]),
              "below": signed(below.tiebreaks[1])}
    if game is not None and game.outcome is Outcome.DRAW:
        return _("the same Delta in round {round} ({delta}); their game in round {game} was drawn; total Delta "
                 "{above} against {below}").format(game=game.round, **values)
    if game is None:
        return _("the same Delta in round {round} ({delta}); they did not meet; total Delta {above} against "
                 "{below}").format(**values)
    return _("the same Delta in round {round} ({delta}); the result between them did not decide; total Delta "
             "{above} against {below}").format(**values)
