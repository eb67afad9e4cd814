"""Entry fees, for the organizers (never on the public site): each entrant's fee at the standard or junior
rate, totalled per event and per player over the festival. Money is Decimal, never float."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from ..model import Event, Festival, Player
from .prizes import PENNY, is_junior


@dataclass(frozen=True)
class Fee:
    player: str
    amount: Decimal
    junior: bool  # the junior rate applied (under 18 on the event's first day)


def entry_fees(event: Event, players: dict[str, Player]) -> list[Fee]:
    """Each entrant's fee; an event without an entry fee (or a free one) gives none."""
    fee = event.entry_fee
    if fee is None:
        return []
    out = []
    for ref in event.entrants:
        junior = fee.junior is not None and is_junior(players[ref.id], event.start)
        amount = fee.junior if junior and fee.junior is not None else fee.standard
        out.append(Fee(ref.id, amount.quantize(PENNY), junior))
    return out


@dataclass(frozen=True)
class EventFees:
    event: Event
    fees: list[Fee]

    @property
    def total(self) -> Decimal:
        return sum((f.amount for f in self.fees), Decimal(0))

    @property
    def juniors(self) -> int:
        return sum(1 for f in self.fees if f.junior)


def festival_fees(festival: Festival, players: dict[str, Player]) -> list[EventFees]:
    return [EventFees(e, entry_fees(e, players)) for e in festival.events if e.entry_fee is not None]


def by_player(events: list[EventFees]) -> dict[str, list[tuple[Event, Fee]]]:
    """What each player pays, event by event: the organizers' cash list."""
    out: dict[str, list[tuple[Event, Fee]]] = {}
    for ef in events:
        for fee in ef.fees:
            out.setdefault(fee.player, []).append((ef.event, fee))
    return out
