"""The all-play-all's pages: the common ones, and the numbering and Berger table on its rules page."""

from __future__ import annotations

from typing import Any

from ... import round_robin
from ...model import Event
from ...standings import EventResults
from ..paths import player_page
from ..text import link
from .base import KindPages
from .context import Pages


class RoundRobinPages(KindPages):
    key = "round-robin"

    def rules_table(self, r: Pages, event: Event, res: EventResults, page: str) -> dict[str, Any] | None:
        """The numbering and the Berger table, for the rules page."""
        ids = round_robin.numbering(event)
        number = {pid: i for i, pid in enumerate(ids, start=1)}
        return {"players": [link(r.player(pid).name, player_page(pid), page) for pid in ids],
                "rounds": [{"boards": [f"{number[a]}–{number[b]}" for a, b in boards],
                            "rest": number[rest] if rest else None}
                           for n in range(1, event.rounds_planned + 1)
                           for boards, rest in [round_robin.schedule(event, n)]]}
