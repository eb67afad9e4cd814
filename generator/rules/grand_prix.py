"""The festival's Grand Prix: points from each of its events, and a ranking of the players in enough of them.

docs/mso-2000.md#grand-prix: "Any player who participates in two or more of these events automatically
accumulates GP points: MSOWSC 12 - 1 (for the best 12 players); Handicap Team Match 8 - 1 (for the best 8
teams); Simultaneous Event 4 (win), 2 (draw), 1 (loss); Blitz 8 - 1 (for the best 8 players)"; givers
"4 (>70% score), 3 (>45% score), 2 (>20% score), 1 (otherwise)"; prizes 200, 150, 100, 50.
docs/rulings.md#grand-prix: points go by final event rank; players tied after every tiebreak share the points of
their places equally; team points go to every team member; only players in two or more events are ranked.
Prizes for equal Grand Prix totals are pooled and split, like every cash prize.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

from . import simul
from ..model import Event, Festival, GrandPrixEvent, PlayerId, SimulSetup
from .prizes import PENNY, PrizeList, place_prizes
from .standings import EventResults, Standing


@dataclass(frozen=True)
class GrandPrixRow:
    rank: int
    shared: bool
    player: PlayerId
    total: Fraction
    by_event: dict[str, Fraction]  # event folder -> points (events the player took part in)


@dataclass
class GrandPrix:
    name: str
    events: list[Event]  # the festival's events that score, in the festival's order
    rows: list[GrandPrixRow]  # the ranked players
    unranked: dict[PlayerId, dict[str, Fraction]]  # in fewer events than min_events, with their points
    min_events: int
    final: bool  # every scoring event is finished
    prizes: PrizeList | None = None
    currency: str = ""
    points: dict[str, dict[PlayerId, Fraction]] = field(default_factory=dict)  # by event folder


def shared_places(groups: list[list[str]], places: tuple[int, ...]) -> dict[str, Fraction]:
    """Groups in final order, each the players (or teams) tied after every tiebreak: each member gets the
    average of the points of the places the group occupies (places beyond the list score 0)."""
    out: dict[str, Fraction] = {}
    start = 0
    for group in groups:
        occupied = range(start, start + len(group))
        total = sum((Fraction(places[k]) for k in occupied if k < len(places)), Fraction(0))
        for member in group:
            out[member] = total / len(group)
        start += len(group)
    return out


def groups(ranked: list[tuple[str, int]]) -> list[list[str]]:
    """[(id, rank)] in order -> consecutive groups of the same rank."""
    groups: list[list[str]] = []
    last = None
    for ident, rank in ranked:
        if groups and rank == last:
            groups[-1].append(ident)
        else:
            groups.append([ident])
        last = rank
    return groups


EventPoints = Callable[[Event, GrandPrixEvent, EventResults, list[simul.GiverResult]], dict[PlayerId, Fraction]]


def points_by_place(rule: GrandPrixEvent, final: tuple[Standing, ...]) -> dict[PlayerId, Fraction]:
    """Points by final place; players sharing a place share the points of the places they occupy."""
    return shared_places(groups([(s.player, s.rank) for s in final]), rule.places)


def compute(festival: Festival, results: dict[str, EventResults], simuls: dict[str, list[simul.GiverResult]],
            names: dict[PlayerId, str], event_points: EventPoints) -> GrandPrix | None:
    """The festival's Grand Prix; `event_points` gives every participant's points from one event (0 for those
    outside the scoring places), as the event's kind scores it."""
    rules = festival.grand_prix
    if rules is None:
        return None
    by_id = {e.id: e for e in festival.events}
    scoring = [(by_id[r.event], r) for r in rules.events if r.event in by_id]
    points: dict[str, dict[PlayerId, Fraction]] = {}
    taking_part: dict[PlayerId, dict[str, Fraction]] = {}
    for event, rule in scoring:
        res = results[event.path]
        points[event.id] = event_points(event, rule, res, simuls.get(event.path, []))
        for pid in [r.id for r in event.entrants] + [g.ref.id for g in event.record(SimulSetup).givers]:
            taking_part.setdefault(pid, {})[event.id] = points[event.id].get(pid, Fraction(0))
    ranked = {pid: per for pid, per in taking_part.items() if len(per) >= rules.min_events}
    totals = {pid: sum(per.values(), Fraction(0)) for pid, per in ranked.items()}
    order = sorted(ranked, key=lambda pid: (-totals[pid], names.get(pid, pid), pid))
    rows: list[GrandPrixRow] = []
    counts = Counter(totals.values())
    for i, pid in enumerate(order):
        rank = rows[-1].rank if rows and rows[-1].total == totals[pid] else i + 1
        rows.append(GrandPrixRow(rank, counts[totals[pid]] > 1, pid, totals[pid], ranked[pid]))
    final = all(results[e.path].completed >= e.rounds_planned for e, _ in scoring)
    gp = GrandPrix(rules.name, [e for e, _ in scoring], rows,
                   {pid: per for pid, per in taking_part.items() if pid not in ranked}, rules.min_events, final,
                   points=points)
    if rules.prizes is not None and rules.prizes.places:
        awards, remainder = place_prizes([(r.player, r.total) for r in rows], rules.prizes.places, set())
        offered = sum(rules.prizes.places, Decimal(0)).quantize(PENNY)
        gp.prizes = PrizeList([awards[r.player] for r in rows if r.player in awards], remainder, offered)
        gp.currency = rules.prizes.currency
    return gp
