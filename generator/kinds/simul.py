"""The simultaneous exhibition: givers play many boards at once, named first on each; the opponents play one game.
Handicaps follow the simul rule; the prize fund goes to those who beat their giver; the Grand Prix scores by
result. There are no standings."""

from __future__ import annotations

import html
from collections import defaultdict
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from markupsafe import Markup

from .. import handicaps, simul
from ..diagnostics import Location, Report
from ..games import shogi
from ..model import Event, Game as Board, Giver, GrandPrixEvent, Outcome, Player, PlayerId, Ref, SimulSetup
from ..render.api import awards, game_json
from ..render.paths import event_page, event_search, giver_page, player_page
from ..render.text import link, number, percent
from ..sources import round_writer
from ..sources.common import refs
from ..sources.fields import Fields
from ..sources.yamltree import Mapping
from ..validate import known, name_of
from .base import EventKind, PairRequest, Proposal

if TYPE_CHECKING:
    from ..pipeline import Loaded
    from ..prizes import PrizeList
    from ..render.base import RendererBase
    from ..render.site import Renderer
    from ..scoring import RoundRecord
    from ..simul import GiverResult
    from ..standings import EventResults


class Simul(EventKind):
    key = "simul"
    fesa_mode = "simul"
    everyone_every_round = False
    has_standings = False
    rules_format = "_rules_simul.html.j2"
    rules_ranking = "_rules_simul_prizes.html.j2"

    @property
    def prize_rule(self) -> str:
        return "_prize_rule_simul.html.j2"

    def read_keys(self, fields: Fields, report: Report) -> SimulSetup:
        return SimulSetup(_read_givers(fields, report))

    @staticmethod
    def setup(event: Event) -> SimulSetup:
        return _setup(event)

    def seated(self, game: Board) -> tuple[Ref, ...]:
        return (game.gote,)  # the giver plays many boards (checked below)

    def check(self, event: Event, players: dict[PlayerId, Player], entrants: dict[PlayerId, Location],
              report: Report) -> None:
        _check(event, players, entrants, report)
        self.game.check(event, players, entrants, report)

    def grand_prix_problem(self, event: Event, rule: GrandPrixEvent) -> tuple[str, str] | None:
        if rule.win is None:
            return f"{event.short} is a simul: its Grand Prix points go by result", "write win: 4, draw: 2, loss: 1"
        return None

    def prizes(self, event: Event, res: EventResults, players: dict[PlayerId, Player]) -> PrizeList | None:
        return simul.simul_prizes(event)

    def givers(self, event: Event) -> list[GiverResult] | None:
        return simul.giver_results(event)

    def grand_prix_points(self, event: Event, rule: GrandPrixEvent, res: EventResults,
                          givers: list[GiverResult]) -> dict[PlayerId, Fraction]:
        """Opponents by their result; givers by the share of the points they scored."""
        pts: dict[PlayerId, Fraction] = {}
        by_outcome = {Outcome.WIN: rule.win, Outcome.FORFEIT_WIN: rule.win, Outcome.DRAW: rule.draw,
                      Outcome.LOSS: rule.loss}
        for rnd in event.rounds:
            for pid, outcome in simul.opponent_outcomes(rnd).items():
                pts[pid] = pts.get(pid, Fraction(0)) + (by_outcome.get(outcome) or 0)
        for g in givers:
            if g.share is not None and g.complete:
                pts[g.giver] = pts.get(g.giver, Fraction(0)) + simul.giver_points(g.share)
        return pts

    def grand_prix_rule(self, rule: GrandPrixEvent) -> str:
        return (f"{rule.win} for a win, {rule.draw} for a draw, {rule.loss} for a loss against a giver; a giver "
                "scores 4 for more than 70 % of the points, 3 for more than 45 %, 2 for more than 20 %, else 1.")

    def fesa_reason(self) -> str:
        return "in a simul a giver plays many games in one round, which a turnering.txt cannot hold"

    def pair(self, req: PairRequest) -> Proposal:
        return _pair(req)

    def main_pages(self, r: Renderer, event: Event, res: EventResults, common: dict[str, Any]) -> None:
        _pages(r, event, common)  # the givers and the winners; no standings

    def nav(self, r: RendererBase, event: Event) -> list[Any]:
        gave = {x.giver for x in r.simuls.get(event.path, [])}
        return [{"Overview": event_page(event)},
                {"Givers": [{html.escape(r.player(g.ref.id).name): giver_page(event, g.ref.id)}
                            for g in _setup(event).givers if g.ref.id in gave]},
                {"Entries": event_page(event, "entries")}]

    def round_link(self, event: Event, record: RoundRecord) -> str:
        return giver_page(event, record.opponent) if record.opponent else super().round_link(event, record)

    def api_files(self, event: Event, res: EventResults, loaded: Loaded) -> dict[str, Any]:
        givers = loaded.simuls.get(event.path, [])
        prizes = loaded.prizes.get(event.path)
        return {"simul.json": {
            "event": event.path,
            "givers": [{"player": g.giver, "professional": g.professional, "round": g.round,
                        "boards": [game_json(b) for b in g.boards], "score": number(g.score), "decided": g.decided,
                        "grand_prix_points": simul.giver_points(g.share) if g.share is not None and g.complete
                        else None} for g in givers],
            "winners": simul.winners(event),
            "prizes": awards(prizes) if prizes else [],
        }}


def _pair(req: PairRequest) -> Proposal:
    """A simul's boards: the professional takes the strongest opponents present, the other givers the next;
    each board's handicap follows the simul rule (written as a comment: the rule applies it)."""
    event, res, players, number, absent = req.event, req.res, req.players, req.number, req.absent

    def elo(pid: str) -> int:
        rating = res.ratings[pid][number - 1]
        return rating.elo if rating else 0

    present = sorted((r.id for r in event.entrants if r.id not in absent), key=lambda p: (-elo(p), players[p].name))
    boards = simul.assign([(g.ref.id, g.professional, g.boards) for g in _setup(event).givers], present)
    if boards is None:
        return Proposal(error=f"the givers' 'boards' in event.yaml add up to more than the {len(present)} "
                        "opponents present")
    pairs, notes = [], []
    for giver, opponents in boards.items():
        for opp in opponents:
            h = handicaps.compute(elo(giver), elo(opp), len(opponents))
            pairs.append((giver, opp))
            adjusted = h.steps[-2].split(": ")[-1]
            notes.append(f"{players[opp].name}: {handicaps.label(h.code)} (adjusted ERD {adjusted})")
    if req.target.exists():
        text = round_writer.update_text(req.target, pairs, None, absent)
    else:
        header = [f"{event.short}: boards proposed by `python -m generator pair` (professionals first, against "
                  "the strongest opponents present).",
                  "Each board's handicap follows the simul rule; write one after the two ids only to override it "
                  "(the giver's recommendation), e.g. [giver, opponent, 2p].",
                  "Add each result from the giver's side (1-0: the giver won), and commit."]
        text = round_writer.new_text(header, pairs, None, absent, notes)
    lines = []
    for giver, opponents in boards.items():
        lines.append(f"{players[giver].name}: {len(opponents)} boards")
        lines += [f"    {players[opp].name} ({elo(opp)})" for opp in opponents]
    return Proposal(text, lines)


def _pages(r: Renderer, event: Event, common: dict[str, Any]) -> None:
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
             "gp": simul.giver_points(g.share) if g.share is not None and g.complete else None}
            for g in givers]
    giver_of = {b.gote.id: g.giver for g in givers for b in g.boards}
    winners = [{"name": name(pid, page), "giver": name(giver_of[pid], page), "amount": prize_of.get(pid)}
               for pid in simul.winners(event)]
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
                           "handicap": (h.code.upper() + (" *" if h.overrides_rule else "")) if h else "even",
                           "rule": (h.rule_code.upper() if h.rule_code else "an even game")
                           if h and h.overrides_rule else "",
                           "result": game.result.value if game.result else "…",
                           "gp": simul.OPPONENT_POINTS.get(outcome) if outcome else None})
        giver_rating = res.ratings[g.giver][g.round - 1]
        r.page(page, "simul_giver.html.j2", f"{event.short}: {r.player(g.giver).name}",
               giver=r.player(g.giver), result=g, boards=boards,
               elo=giver_rating.elo if giver_rating else "–",
               effect=handicaps.simul_effect(len(g.boards)),
               any_override=any(b["rule"] for b in boards), **common)


def _check(event: Event, players: dict[PlayerId, Player], entrants: dict[PlayerId, Location], report: Report) -> None:
    """Givers are known and not opponents; each board has a giver first and an opponent second; the
    professional plays the strongest opponents present (seed: "preferentially", so a warning)."""
    givers: dict[str, Location] = {}
    for giver in _setup(event).givers:
        ref = giver.ref
        if not known(ref, players, report):
            continue
        if ref.id in givers:
            report.error(ref.loc, f"{name_of(players, ref.id)} is listed twice as a giver (first at line "
                         f"{givers[ref.id].line})", "list each giver once")
        elif ref.id in entrants:
            report.error(ref.loc, f"{name_of(players, ref.id)} is both a giver and an opponent (line "
                         f"{entrants[ref.id].line})", "remove the player from 'players' or from 'givers'")
        givers.setdefault(ref.id, ref.loc)

    def elo(pid: str) -> int:
        rating = players[pid].rating if pid in players else None
        return rating.elo if rating else 0

    for rnd in event.rounds:
        boards: dict[str, list[str]] = defaultdict(list)
        for game in rnd.games:
            if game.sente.id not in givers:
                if game.sente.id in players:
                    report.error(game.sente.loc, f"{name_of(players, game.sente.id)} is not a giver, but is named "
                                 f"first on board {game.board}", "name the giver first on every board: [giver-id, "
                                 "opponent-id, result], or list the player under 'givers:'")
                continue
            if game.gote.id in givers:
                report.error(game.gote.loc, f"{name_of(players, game.gote.id)} is a giver and cannot be an opponent",
                             "pair each giver with opponents from 'players'")
                continue
            boards[game.sente.id].append(game.gote.id)
        for giver in _setup(event).givers:
            played = len(boards.get(giver.ref.id, []))
            if giver.boards is not None and played != giver.boards and rnd.readable and giver.ref.id in players:
                report.warning(giver.ref.loc, f"{name_of(players, giver.ref.id)} plays {played} boards in round "
                               f"{rnd.number}, not the {giver.boards} given in event.yaml",
                               "correct 'boards' or the round file")
        for pro in (g for g in _setup(event).givers if g.professional and boards.get(g.ref.id)):
            weakest = min((p for p in boards[pro.ref.id] if p in players), key=elo, default=None)
            if weakest is None:  # (an unknown id has its own error)
                continue
            stronger = sorted((pid for g, opps in boards.items() if g != pro.ref.id for pid in opps
                               if elo(pid) > elo(weakest)), key=lambda p: (-elo(p), p))
            if stronger:
                report.warning(rnd.loc, f"{name_of(players, pro.ref.id)} (professional) plays "
                               f"{name_of(players, weakest)} ({elo(weakest)}) while {players[stronger[0]].name} "
                               f"({elo(stronger[0])}) plays another giver",
                               "the professional plays the strongest opponents present (seed)")


def _read_givers(f: Fields, report: Report) -> tuple[Giver, ...]:
    """givers: ids, or {player: id, professional: true, boards: n}."""
    out = []
    for node in f.items("givers", required=True):
        if isinstance(node, Mapping):
            g = Fields(node, report, "a simul giver", node.loc)
            pid = g.text("player", required=True)
            professional = g.flag("professional") is True
            boards = g.integer("boards", minimum=1)
            g.finish()
            if pid is not None:
                out.append(Giver(Ref(pid, node.loc), professional, boards))
        else:
            out.extend(Giver(ref) for ref in refs([node], report, "givers"))
    return tuple(out)


def _setup(event: Event) -> SimulSetup:
    return event.record(SimulSetup)
