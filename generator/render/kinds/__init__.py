"""Each kind's and each game's pages, registered here by the key of their rules (generator/kinds): `pages_of`
gives the pages of an event, as `kinds.kind_of` gives its rules."""

from __future__ import annotations

import functools

from ...kinds import kind_for
from ...model import Event
from .base import GamePages, KindPages
from .context import Pages
from .oware import OwarePages
from .round_robin import RoundRobinPages
from .shuuro import ShuuroPages
from .simul import SimulPages
from .team_swiss import TeamSwissPages


class BeginnersPages(KindPages):
    """Mixed into the format's pages for a beginners' session: who may play, on its rules page."""

    rules_eligibility = "_rules_beginners.html.j2"


class FesaTablePages(KindPages):
    """A tournament known only from its turnering.txt."""

    rules_format = "_rules_fesa_table.html.j2"


FORMATS: dict[str, type[KindPages]] = {k.key: k for k in (KindPages, TeamSwissPages, SimulPages, RoundRobinPages)}
GAMES: dict[str, type[GamePages]] = {g.key: g for g in (GamePages, ShuuroPages, OwarePages)}
ELIGIBILITY: dict[str, type[KindPages]] = {"beginners": BeginnersPages}
SOURCES: dict[str, type[KindPages]] = {"turnering": FesaTablePages}

__all__ = ["GamePages", "KindPages", "Pages", "pages_for", "pages_of"]


def pages_of(event: Event) -> KindPages:
    return pages_for(event.format, event.game, event.eligibility, event.source)


@functools.cache
def pages_for(fmt: str, game: str, eligibility: str, source: str) -> KindPages:
    """The pages of an event of this format, game, eligibility and source, over the rules of its kind."""
    rules = kind_for(fmt, game, eligibility, source)
    cls = SOURCES.get(source) or FORMATS.get(fmt, KindPages)
    if eligibility in ELIGIBILITY:
        mixin = ELIGIBILITY[eligibility]
        cls = type(f"{mixin.__name__}{cls.__name__}", (mixin, cls), {})
    return cls(rules, GAMES.get(game, GamePages)(rules.game))
