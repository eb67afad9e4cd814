"""Shogi for Beginners: who may play, and the play-off for a shared first place.

docs/mso-2000.md#shogi-for-beginners: "only open to those who have never participated in an official Shogi
tournament and have never been awarded a rank above 10 kyu by any Shogi organization or club in the world";
"a maximum of four rounds with a possible play-off if more than 16 players participate".
Official tournaments are the repository's own history: every event in the data that is not a beginners'
session and began before this one; a FESA Elo or a FESA-rated game is a tournament too.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING

from . import shogi
from ..model import DataSet, Event, Player, PlayerId, PlayoffSetup

if TYPE_CHECKING:
    from .scoring import Standing

MAX_ROUNDS = 4
HIGHEST_GRADE = 10  # kyu: a grade above this (9 kyu … 1 kyu, any dan) is too strong


def starts(event: Event) -> tuple[dt.date, str]:
    """When an event begins: its first session in its schedule, else its first day and, when a round file says
    so, the time of its first round."""
    if event.schedule:
        session = min(event.schedule, key=lambda s: (s.date, s.time))
        return session.date, session.time.split("-")[0].zfill(5)
    first = event.rounds[0] if event.rounds else None
    time = first.time if first and first.time and first.date in (None, event.start) else ""
    return event.start or dt.date.min, (time or "").zfill(5) if time else ""


def above_beginner(grade: str) -> bool:
    """'9k' … '1k' and every dan are above 10 kyu."""
    return grade.endswith("d") or int(grade[:-1]) < HIGHEST_GRADE


def reasons(player: Player, event: Event, data: DataSet) -> list[str]:
    """Why the player may not play this beginners' session (empty: eligible)."""
    out = []
    for grade, what in ((player.grade, "has the grade"), (player.claimed_grade, "claims the grade")):
        if grade and above_beginner(grade):
            out.append(f"{what} {grade[:-1]} {'dan' if grade.endswith('d') else 'kyu'}, above 10 kyu")
    if player.elo is not None:
        out.append(f"has a FESA Elo ({player.elo}), so has played rated tournaments")
    elif player.last_rated_game is not None:
        out.append(f"played a FESA-rated game on {player.last_rated_game}")
    for other in data.entries.get(player.id, []):
        if other is event or other.eligibility == "beginners":
            continue
        if starts(other) < starts(event):
            out.append(f"played in {other.name} ({other.festival_id}), which began on {other.start}")
    return out


@dataclass(frozen=True)
class Playoff:
    needed: bool  # more than `playoff_over` took part and the first place is shared after the last round
    players: tuple[PlayerId, ...]  # those sharing first place
    points: dict[PlayerId, Fraction]  # their points in the play-off games
    decided: bool  # the play-off has one winner

    @property
    def winner(self) -> PlayerId | None:
        if not self.decided:
            return None
        return max(self.players, key=lambda p: self.points[p])


def playoff(event: Event, final: tuple[Standing, ...], completed: int) -> Playoff | None:
    """The play-off the rules ask for, with its games scored; None when the event has no play-off rule or is
    not finished."""
    setup = event.record(PlayoffSetup)
    if setup.over is None or completed < event.rounds_planned or not final:
        return None
    top = tuple(s.player for s in final if s.points == final[0].points)
    needed = len(event.entrants) > setup.over and len(top) > 1
    pts = {pid: Fraction(0) for pid in top}
    for game in setup.games.games if setup.games else ():
        if game.result is None:
            continue
        for ref, outcome in zip((game.sente, game.gote), shogi.OUTCOMES[game.result], strict=True):
            if ref.id in pts:
                pts[ref.id] += shogi.POINTS[outcome]
    best = max(pts.values(), default=Fraction(0))
    decided = needed and setup.games is not None and setup.games.complete and \
        sum(1 for v in pts.values() if v == best) == 1
    return Playoff(needed, top if needed else (), pts if needed else {}, decided)


def reorder(final: tuple[Standing, ...], po: Playoff) -> tuple[Standing, ...]:
    """The final table with the play-off's order at the top: its winner first, then the others sharing first
    place by play-off points and then as they stood."""
    if not po.needed or not po.players:
        return final
    group = [s for s in final if s.player in po.players]
    rest = [s for s in final if s.player not in po.players]
    group.sort(key=lambda s: -po.points[s.player])  # stable: ties keep the tiebreak order
    keys = [(po.points[s.player], s.tiebreaks) for s in group]
    out = [replace(s, rank=keys.index(key) + 1, shared=keys.count(key) > 1)
           for s, key in zip(group, keys, strict=True)]
    return tuple(out + rest)
