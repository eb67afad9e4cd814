"""The knock-out inside a Swiss (the MSOWSC's European championship): its games on the event's top boards (its
pages: render/kinds/knockout.py)."""

from __future__ import annotations

from ..rules import knockout
from ..model import Event, Player, PlayerId


def round_pairs(event: Event, players: dict[PlayerId, Player], number: int, absent: set[PlayerId]) \
        -> tuple[knockout.Knockout | None, list[tuple[str, str]], list[str]]:
    """The knock-out and its games in round `number`, the better seed first; notes for absent players (they
    forfeit)."""
    ko = knockout.progress(event, players, absent if number == 1 else None)
    if ko is None:
        return None, [], []
    seed = {s.player: s.seed for s in ko.seeds}
    pairs, notes = [], []
    for tie in ko.ties_in(number):
        if not tie.playable or tie.a is None or tie.b is None:
            continue
        a, b = sorted((tie.a, tie.b), key=lambda p: seed[p])
        pairs.append((a, b))
        for pid in (a, b):
            if pid in absent:
                notes.append(f"{players[pid].name} is absent but paired in the {ko.rules.short} {tie.stage}: "
                             "record the game as a no-show (+- or -+)")
    return ko, pairs, notes
