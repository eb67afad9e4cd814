"""Read all → check all → compute: a data set is computed only when it has no errors."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

from . import grand_prix, promotion
from .diagnostics import Report
from .grand_prix import GrandPrix
from .fesa import export, turnering
from .fesa.preview import Preview, Ratings
from .fesa import validate as fesa_validate
from .model import DataSet, Event, Festival
from .prizes import PrizeList, knockout_prizes
from .simul import GiverResult
from .sources.reader import read_data
from .standings import EventResults, compute_event
from .validate import validate


@dataclass(frozen=True)
class FesaFile:
    """An event's standing with FESA: whether it is sent for rating (or why not), and its turnering.txt (an
    event given as a turnering.txt always has its original, rated or not)."""

    exported: bool
    reason: str = ""
    content: bytes = b""


@dataclass
class Loaded:
    data: DataSet
    report: Report
    results: dict[str, EventResults] = field(default_factory=dict)  # by event path
    fesa: dict[str, FesaFile] = field(default_factory=dict)  # by event path
    ratings: dict[str, Preview] = field(default_factory=dict)  # FESA's rating, previewed: by event path
    prizes: dict[str, PrizeList] = field(default_factory=dict)  # by event path, for events with prizes
    knockout_prizes: dict[str, PrizeList] = field(default_factory=dict)  # by event path: its knock-out's
    simuls: dict[str, list[GiverResult]] = field(default_factory=dict)  # by event path: each giver's boards
    grand_prix: dict[str, GrandPrix] = field(default_factory=dict)  # by festival id
    promotion: dict[str, promotion.Track] = field(default_factory=dict)  # the Dutch system, by tracked player

    @property
    def ok(self) -> bool:
        return not self.report.errors


def load(root: Path, stop_at: tuple[str, int] | None = None) -> Loaded:
    """stop_at=(festival/event, n): read that event's rounds only up to n - 1, to pair round n."""
    report = Report()
    data = read_data(root, report, stop_at)
    validate(data, report)
    loaded = Loaded(data, report)
    if loaded.ok:
        loaded.results = {e.path: compute_event(e, data.players) for e in data.events()}
        loaded.promotion = promotion.compute(data)
        for e in data.events():
            _playoff_problems(e, loaded.results[e.path], report)
        loaded.fesa = {e.path: fesa_file(e, loaded.results[e.path], data, report) for e in data.events()}
        ratings = Ratings(data.players, {f.id: f.fesa_list for f in data.festivals if f.fesa_list})
        for e in sorted(data.events(), key=lambda e: (e.end or e.start or dt.date.min, e.start or dt.date.min, e.path)):
            rated = ratings.rate(e, loaded.results[e.path])  # FESA rates one tournament after another
            if rated is not None:
                loaded.ratings[e.path] = rated
        for stop in ratings.stopped:  # (a warning: the results are right, FESA's program cannot rate them)
            entry = ratings.entries[stop.player] if stop.player else None
            where = (entry.loc if entry is not None and entry.loc else data.players[stop.player].loc) if stop.player \
                else stop.event.loc
            report.warning(where, f"FESA's rating program stops on {stop.event.path}: {stop.message}; the event has "
                           "no rating preview", stop.hint)
        for pid, listed_in in ratings.unlisted:
            player = data.players[pid]
            last, first = export.fesa_name(player)
            report.warning(player.loc, f"{player.name} has a FESA rating (elo: {player.elo}) but is not in the FESA "
                           f"list of {listed_in} as '{last}, {first}': his rating preview starts from players.yaml",
                           f'give him the list\'s spelling, e.g. fesa_name: "{last}, {first}", or leave it if he '
                           "is not on the list")
        for e in data.events():
            res = loaded.results[e.path]
            givers = e.kind.givers(e)
            if givers is not None:
                loaded.simuls[e.path] = givers
            prizes = e.kind.prizes(e, res, data.players)
            if prizes is not None:
                loaded.prizes[e.path] = prizes
            ko = knockout_prizes(loaded.results[e.path].knockout)
            if ko is not None:
                loaded.knockout_prizes[e.path] = ko
        names = {pid: p.name for pid, p in data.players.items()}
        for festival in data.festivals:
            gp = grand_prix.compute(festival, loaded.results, loaded.simuls, names)
            if gp is not None:
                loaded.grand_prix[festival.id] = gp
            _fund_problems(festival, loaded, report)
    return loaded


@dataclass(frozen=True)
class PrizeLine:
    """One block of the festival's prize list: an event's prizes (or its knock-out's, or the Grand Prix's)."""

    title: str
    kind: str  # "event", "knockout", "grand_prix"
    event: Event | None
    prizes: PrizeList
    currency: str


def festival_prizes(festival: Festival, loaded: Loaded) -> list[PrizeLine]:
    """Every prize list of the festival, in the festival's order of events (a knock-out after its event), the
    Grand Prix last."""
    out = []
    for event in festival.events:
        prizes = loaded.prizes.get(event.path)
        if prizes is not None and event.prizes is not None:
            out.append(PrizeLine(event.short, "event", event, prizes, event.prizes.currency))
        ko = loaded.results[event.path].knockout
        ko_prizes = loaded.knockout_prizes.get(event.path)
        if ko is not None and ko_prizes is not None and ko.rules.prizes is not None:
            out.append(PrizeLine(ko.rules.short, "knockout", event, ko_prizes, ko.rules.prizes.currency))
    gp = loaded.grand_prix.get(festival.id)
    if gp is not None and gp.prizes is not None:
        out.append(PrizeLine(gp.name, "grand_prix", None, gp.prizes, gp.currency))
    return out


def awarded(lines: list[PrizeLine]) -> dict[str, Decimal]:
    """Money awarded, by currency."""
    totals: dict[str, Decimal] = {}
    for line in lines:
        totals[line.currency] = totals.get(line.currency, Decimal(0)) + line.prizes.total
    return totals


def _fund_problems(festival: Festival, loaded: Loaded, report: Report) -> None:
    fund = festival.prize_fund
    if fund is None:
        return
    lines = festival_prizes(festival, loaded)
    total = awarded(lines).get(fund.currency, Decimal(0))
    if total > fund.amount:
        report.warning(fund.loc, f"{festival.name}: {total} {fund.currency} of prizes are awarded, more than the "
                       f"{fund.amount} {fund.currency} prize fund", "check the prizes in the events' event.yaml, "
                       "or raise 'prize_fund'")
    for line in lines:
        if line.currency != fund.currency:
            report.warning(fund.loc, f"{line.title} prizes are in {line.currency}, the fund in {fund.currency}",
                           "give every prize in the fund's currency")


def _playoff_problems(event: Event, res: EventResults, report: Report) -> None:
    """A play-off only between those sharing first place, only when the rules ask for one; a warning while
    it is still to be played."""
    po, games = res.playoff, event.playoff
    if games is not None and (po is None or not po.needed):
        why = (f"{event.short} is not finished" if po is None else
               "first place is not shared" if len(res.final) < 2 or res.final[1].points < res.final[0].points
               else f"only {len(event.entrants)} took part (a play-off needs more than {event.playoff_over})")
        report.error(games.loc, f"no play-off is needed: {why}", "remove playoff.yaml")
        return
    if po is None or not po.needed:
        return
    for game in games.games if games else ():
        for ref in (game.sente, game.gote):
            if ref.id not in po.players:
                report.error(ref.loc, f"'{ref.id}' does not share first place, so does not play the play-off",
                             f"the play-off is between {', '.join(po.players)}")
    if not po.decided:
        where = games.loc if games else event.loc
        report.warning(where, f"{event.short}: {len(po.players)} players share first place and a play-off "
                       "decides the winner", "add its games to playoff.yaml in the event folder"
                       if games is None else "the play-off has no single winner yet: add its next game")


def fesa_file(event: Event, res: EventResults, data: DataSet, report: Report) -> FesaFile:
    """Build the event's turnering.txt and put it through FESA's checks, as the rating officer will."""
    exported, reason = export.rating_status(event, res.completed)
    if event.kind.fesa_file_as_written:  # checked as it was read; offered and sent as the organizer wrote it
        return FesaFile(exported, reason, event.original)
    if not exported:
        return FesaFile(False, reason)
    festival = next((f for f in data.festivals if f.id == event.festival_id), None)
    listed = {(str(e.slots["LAST-NAME"]), str(e.slots["FIRST-NAME"])) for e in (festival.fesa_list if festival else ())}
    t = export.tournament(event, res, data.players, report, listed)
    if t is None:
        return FesaFile(False, "a name cannot be written in ISO 8859-1, FESA's character set")
    content = turnering.write(t).encode(turnering.ENCODING)
    own = Report()
    shown = f"{event.path}/turnering.txt"
    back = turnering.read(content, shown, own)
    if back is not None:
        # A rematch in committed round files was played (check warned about it); in a hand-written
        # turnering.txt, which is not rewritten here, it is more likely a typo, unless the event allows it.
        fesa_validate.validate(back, shown, own, rematches_allowed=True, nameless=listed)
    for d in own.errors:
        report.error(event.loc, f"the exported turnering.txt fails FESA's check: {d.message}")
    return FesaFile(not own.errors, "" if not own.errors else "the exported file fails FESA's check", content)
