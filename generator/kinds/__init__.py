"""Event kinds, registered here and only here: an event's format, its game, and the variants that change a
format's rules (a beginners' session, a tournament known only from turnering.txt). `kind_of` builds the kind
of an event; everything else asks it (`event.kind`). Adding a kind: CONTRIBUTING.md."""

from __future__ import annotations

import functools

from ..model import Event
from .base import EventKind, Game, PairRequest, Proposal
from .beginners import Beginners
from .fesa_table import FesaTable
from .oware import Oware
from .round_robin import RoundRobin
from .shogi import Shogi
from .shuuro import Shuuro
from .simul import Simul
from .swiss import Swiss
from .team_swiss import TeamSwiss

FORMATS: dict[str, type[EventKind]] = {k.key: k for k in (Swiss, TeamSwiss, Simul, RoundRobin)}  # `format:`
GAMES: dict[str, type[Game]] = {g.key: g for g in (Shogi, Shuuro, Oware)}  # `game:`
ELIGIBILITY: dict[str, type[EventKind]] = {"beginners": Beginners}  # `eligibility:`, mixed into the format's kind
SOURCES: dict[str, type[EventKind]] = {"turnering": FesaTable}  # events read from another kind of file

__all__ = ["FORMATS", "GAMES", "REGISTRY", "EventKind", "Game", "PairRequest", "Proposal", "kind_for", "kind_of"]


class Registry:
    """The kinds, as the reader is handed them (sources.events.Registry): the keys event.yaml may give, and the
    kind an event of those keys has."""

    @property
    def formats(self) -> tuple[str, ...]:
        return tuple(FORMATS)

    @property
    def games(self) -> tuple[str, ...]:
        return tuple(GAMES)

    @property
    def eligibility(self) -> tuple[str, ...]:
        return tuple(ELIGIBILITY)

    def reading(self, fmt: str, game: str, eligibility: str, source: str) -> EventKind:
        return kind_for(fmt, game, eligibility, source)


REGISTRY = Registry()


def kind_of(event: Event) -> EventKind:
    return kind_for(event.format, event.game, event.eligibility, event.source)


@functools.cache
def kind_for(fmt: str, game: str, eligibility: str, source: str) -> EventKind:
    """The kind of an event of this format, game, eligibility and source (an unknown one: a shogi Swiss's)."""
    cls = SOURCES.get(source) or FORMATS.get(fmt, Swiss)
    if eligibility in ELIGIBILITY:
        mixin = ELIGIBILITY[eligibility]
        cls = type(f"{mixin.__name__}{cls.__name__}", (mixin, cls), {})
    return cls(GAMES.get(game, Shogi)())
