"""The beginners' session: a short Swiss for players who never played an official tournament and were never
ranked above 10 kyu (`eligibility: beginners` in event.yaml)."""

from __future__ import annotations

from ..rules import beginners
from ..diagnostics import Report
from ..model import DataSet, Event
from .base import EventKind


class Beginners(EventKind):
    """Mixed into the event's format kind by the registry: what the session's eligibility adds."""


    def check_entries(self, event: Event, data: DataSet, report: Report) -> None:
        """At most four rounds, and only players who may take part."""
        if event.rounds_planned > beginners.MAX_ROUNDS:
            report.error(event.loc, f"{event.short} has {event.rounds_planned} rounds, but a beginners' session "
                         f"has at most {beginners.MAX_ROUNDS}", f"set rounds: {beginners.MAX_ROUNDS} or fewer")
        for ref in event.entrants:
            player = data.players.get(ref.id)
            if player is None:
                continue
            for reason in beginners.reasons(player, event, data):
                report.error(ref.loc, f"{player.name} may not play {event.short}: {reason}",
                             "the session is for players who never played an official tournament and were never "
                             "ranked above 10 kyu: remove the player from 'players'")
