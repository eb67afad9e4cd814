"""The all-play-all's pages: the common ones, and the numbering and Berger table on its rules page."""

from __future__ import annotations

from typing import Any

from ...model import Event
from ...rules.standings import EventResults
from ..paths import player_page
from ..text import link
from .base import KindPages
from .context import Pages


class RoundRobinPages(KindPages):
    key = "round-robin"

    def rules_table(self, r: Pages, event: Event, res: EventResults, page: str) -> dict[str, Any] | None:
        """The numbering and the Berger table, for the rules page."""
        table = res.berger
        assert table is not None
        return {"players": [link(r.player(pid).name, player_page(pid), page) for pid in table.players],
                "rounds": [{"boards": [f"{a}–{b}" for a, b in boards], "rest": rest} for boards, rest in table.rounds]}
