"""The narrow context a kind's page hooks get: what they may ask of the site being rendered."""

from __future__ import annotations

from typing import Any, Protocol

from ...rules.grand_prix import GrandPrix
from ...model import Event, Player, PlayerId
from ...rules.prizes import PrizeList
from ...rules.simul import GiverResult
from ...rules.standings import EventResults


class Context(Protocol):
    """What a kind's lines and sidebar may ask of the site being rendered: the results computed for it and the
    players."""

    @property
    def prizes(self) -> dict[str, PrizeList]: ...

    @property
    def knockout_prizes(self) -> dict[str, PrizeList]: ...

    @property
    def simuls(self) -> dict[str, list[GiverResult]]: ...

    @property
    def simul_winners(self) -> dict[str, list[PlayerId]]: ...

    @property
    def grand_prix(self) -> dict[str, GrandPrix]: ...

    def player(self, pid: PlayerId) -> Player: ...


class Pages(Context, Protocol):
    """What a kind's pages may ask besides: to write a page, and the standings pages every ranked event has."""

    def page(self, path: str, template: str, title: str, **context: Any) -> None: ...

    def standings_pages(self, event: Event, res: EventResults, common: dict[str, Any]) -> None: ...
