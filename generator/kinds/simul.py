"""The simultaneous exhibition: givers play many boards at once, named first on each; the opponents play one game.
Handicaps follow the simul rule; the prize fund goes to those who beat their giver; the Grand Prix scores by
result. There are no standings."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

from ..rules import handicaps, simul
from ..diagnostics import Location, Report
from ..messages import N_
from ..rules.festival_elo import player_elo
from ..model import Event, Board, Giver, GrandPrixEvent, Outcome, Player, PlayerId, Ref, SimulSetup
from ..rules.prizes import PrizeList
from ..rules.simul import GiverResult
from ..sources import round_writer
from ..sources.common import known, name_of, refs
from ..sources.fields import Fields
from ..sources.yamltree import Mapping

from .base import EventKind, PairRequest, Proposal
from ..rules.standings import EventResults


class Simul(EventKind):
    key = "simul"
    fesa_mode = "simul"
    everyone_every_round = False
    has_standings = False

    def read_keys(self, fields: Fields, report: Report) -> SimulSetup:
        givers = _read_givers(fields, report)
        return SimulSetup(givers, fields.flag("fesa_rated") is True)

    def seated(self, game: Board) -> tuple[Ref, ...]:
        return (game.gote,)  # the giver plays many boards (checked below)

    def check(self, event: Event, players: dict[PlayerId, Player], entrants: dict[PlayerId, Location],
              report: Report) -> None:
        _check(event, players, entrants, report)
        self.game.check(event, players, entrants, report, self)

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

    def fesa_reason(self, event: Event) -> str:
        """docs/rulings.md#simul: not FESA-rated unless the organizers mark it so (`fesa_rated: true`)."""
        if setup_of(event).fesa_rated:
            return ""
        # Translators: why an event is not sent to FESA for rating (its rules page: "not rated, because …");
        # "fesa_rated: true" and event.yaml are what the organizers write, not to be translated
        return N_("a simul is not sent to FESA unless the organizers mark it so (fesa_rated: true in event.yaml)")

    def fesa_givers(self, event: Event) -> tuple[PlayerId, ...]:
        return tuple(g.ref.id for g in setup_of(event).givers)

    def pair(self, req: PairRequest) -> Proposal:
        return _pair(req)

def _pair(req: PairRequest) -> Proposal:
    """A simul's boards: the professional takes the strongest opponents present, the other givers the next;
    each board's handicap follows the simul rule (written as a comment: the rule applies it)."""
    event, res, players, number, absent = req.event, req.res, req.players, req.number, req.absent

    def elo(pid: str) -> int:
        rating = res.ratings[pid][number - 1]
        return rating.elo if rating else 0

    present = sorted((r.id for r in event.entrants if r.id not in absent), key=lambda p: (-elo(p), players[p].name))
    boards = simul.assign([(g.ref.id, g.professional, g.boards) for g in setup_of(event).givers], present)
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
        header = [f"{event.short}: boards proposed by `.venv/bin/python -m generator pair` (professionals first, "
                  "against the strongest opponents present).",
                  "Each board's handicap follows the simul rule; write one after the two ids only to override it "
                  "(the giver's recommendation), e.g. [giver, opponent, 2p].",
                  "Add each result from the giver's side (1-0: the giver won), and commit."]
        text = round_writer.new_text(header, pairs, None, absent, notes)
    lines = []
    for giver, opponents in boards.items():
        lines.append(f"{players[giver].name}: {len(opponents)} boards")
        lines += [f"    {players[opp].name} ({elo(opp)})" for opp in opponents]
    return Proposal(text, lines)


def _check(event: Event, players: dict[PlayerId, Player], entrants: dict[PlayerId, Location], report: Report) -> None:
    """Givers are known and not opponents; each board has a giver first and an opponent second; the professional plays
    the strongest opponents present (docs/mso-2000.md#simultaneous-event: "preferentially", so a warning)."""
    givers: dict[str, Location] = {}
    for giver in setup_of(event).givers:
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
        rating = player_elo(players[pid]) if pid in players else None
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
        for giver in setup_of(event).givers:
            played = len(boards.get(giver.ref.id, []))
            if giver.boards is not None and played != giver.boards and rnd.readable and giver.ref.id in players:
                report.warning(giver.ref.loc, f"{name_of(players, giver.ref.id)} plays {played} boards in round "
                               f"{rnd.number}, not the {giver.boards} given in event.yaml",
                               "correct 'boards' or the round file")
        for pro in (g for g in setup_of(event).givers if g.professional and boards.get(g.ref.id)):
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


def setup_of(event: Event) -> SimulSetup:
    """The simul's givers."""
    return event.record(SimulSetup)
