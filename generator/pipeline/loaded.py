"""What the pipeline hands on: the data as read and everything computed of it (results, prizes, FESA files,
rating previews, Grand Prix, promotions), with the prize lists it sums."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from ..rules import promotion
from ..diagnostics import Location, Report
from ..fesa.preview import Preview
from ..rules.grand_prix import GrandPrix
from ..model import DataSet, Event, Festival, PlayerId
from ..rules.prizes import PrizeList
from ..rules.festival_elo import Rating
from ..rules.simul import GiverResult
from ..rules.standings import EventResults


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
    simul_winners: dict[str, list[PlayerId]] = field(default_factory=dict)  # by event path: who beat a giver
    grand_prix: dict[str, GrandPrix] = field(default_factory=dict)  # by festival id
    promotion: dict[str, promotion.Track] = field(default_factory=dict)  # the Dutch system, by tracked player
    festival_elo: dict[PlayerId, Rating | None] = field(default_factory=dict)  # each player's, from his record
    rating_stops: list[tuple[Location, str, str]] = field(default_factory=list)  # where FESA's program stops: why
    unlisted: list[tuple[PlayerId, str]] = field(default_factory=list)  # rated players a festival's FESA list lacks

    @property
    def ok(self) -> bool:
        return not self.report.errors


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
