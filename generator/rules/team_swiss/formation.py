"""Forming teams on the spot for the Handicap Team Match, from the players entered without a team.

docs/mso-2000.md#handicap-team-match: "Teams consist of 4 players each. They can be assembled beforehand and registered
as a team or formed on the spot. The formation of national and club teams is recommended. Some teams that are formed on
the spot may have to consist of 3 players (if the total number of participants is not a multiple of 4 or if the number
of teams would end up being odd)."

The proposal: as many full teams as the two rules allow; players who asked to play with their nationals form
national teams when at least three of them are there; everybody else is spread so that the teams' average
ratings are as close as possible (a snake draft by rating, then swaps while they bring the averages closer).
"""

from __future__ import annotations

import math
import string
from dataclasses import dataclass, field
from fractions import Fraction

from ...countries import country_name
from ...names import slug


def team_sizes(players: int, registered: int, size: int = 4) -> list[int] | None:
    """The sizes of the new teams: the fewest teams of size - 1, with the total number of teams even; None when
    the players cannot be split into teams of size and size - 1 at all."""
    k = max(1, math.ceil(players / size))
    while k * (size - 1) <= players:
        small = size * k - players
        if 0 <= small <= k and (registered + k) % 2 == 0:
            return [size] * (k - small) + [size - 1] * small
        k += 1
    return None


@dataclass(frozen=True)
class Entrant:
    id: str
    elo: int
    country: str
    nationals: bool = False  # asked for a team of his nationals


@dataclass
class Proposed:
    name: str
    size: int
    members: list[Entrant] = field(default_factory=list)
    national: bool = False

    @property
    def average(self) -> Fraction:
        return Fraction(sum(m.elo for m in self.members), len(self.members)) if self.members else Fraction(0)

    @property
    def id(self) -> str:
        return slug(self.name)


def form(entrants: list[Entrant], sizes: list[int], taken_names: set[str]) -> list[Proposed]:
    """Teams of the given sizes (4s first) from the entrants."""
    order = sorted(entrants, key=lambda e: (-e.elo, e.id))
    free_sizes = sorted(sizes, reverse=True)
    teams: list[Proposed] = []
    fixed: set[str] = set()  # nationals placed in their national team
    by_country: dict[str, list[Entrant]] = {}
    for e in order:
        if e.nationals:
            by_country.setdefault(e.country, []).append(e)
    for country, nationals in sorted(by_country.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        group = list(nationals)
        while len(group) >= 3 and free_sizes:
            size = max(s for s in free_sizes) if len(group) >= max(free_sizes) else min(free_sizes)
            free_sizes.remove(size)
            name = _free_name(country_name(country), taken_names)
            team = Proposed(name, size, group[:size], national=True)
            fixed.update(m.id for m in team.members)
            group = group[size:]
            teams.append(team)
    pool = [e for e in order if e.id not in fixed]
    letters = iter(string.ascii_uppercase)
    for size in free_sizes:
        teams.append(Proposed(_free_name(f"Team {next(letters)}", taken_names), size))
    _snake(teams, pool)
    _balance(teams, fixed)
    for team in teams:
        team.members.sort(key=lambda e: (-e.elo, e.id))
    return teams


def _free_name(name: str, taken: set[str]) -> str:
    candidate, n = name, 2
    while slug(candidate) in taken:
        candidate, n = f"{name} {n}", n + 1
    taken.add(slug(candidate))
    return candidate


def _snake(teams: list[Proposed], pool: list[Entrant]) -> None:
    forward = True
    remaining = list(pool)
    while remaining:
        open_teams = [t for t in teams if len(t.members) < t.size]
        for team in open_teams if forward else reversed(open_teams):
            if remaining:
                team.members.append(remaining.pop(0))
        forward = not forward


def _spread(teams: list[Proposed]) -> Fraction:
    mean = sum((t.average for t in teams), Fraction(0)) / len(teams)
    return sum(((t.average - mean) ** 2 for t in teams), Fraction(0))


def _balance(teams: list[Proposed], fixed: set[str]) -> None:
    """Swap two players of different teams while that brings the averages closer; the best swap first."""
    for _ in range(200):
        best, best_spread = None, _spread(teams)
        for i, a in enumerate(teams):
            for b in teams[i + 1:]:
                for x in [m for m in a.members if m.id not in fixed]:
                    for y in [m for m in b.members if m.id not in fixed]:
                        _swap(a, b, x, y)
                        spread = _spread(teams)
                        _swap(a, b, y, x)
                        if spread < best_spread:
                            best, best_spread = (a, b, x, y), spread
        if best is None:
            return
        _swap(*best)


def _swap(a: Proposed, b: Proposed, x: Entrant, y: Entrant) -> None:
    a.members[a.members.index(x)] = y
    b.members[b.members.index(y)] = x
