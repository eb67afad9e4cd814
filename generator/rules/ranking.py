"""Ranking by criteria applied group by group: a criterion splits a group of tied players into smaller
groups (best first); each smaller group is ranked again from the first criterion, so that a criterion that
depends on who is in the group (the result between the players) is asked again of the smaller group. The
criteria that depend only on the player give the same answer as before, so they cannot reorder it.

Each player but the first is told which criterion put him below the player above him: the standings say why
a tie was broken. Players no criterion separates share the place.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from dataclasses import dataclass

from ..model import PlayerId

Split = Callable[[list[PlayerId]], list[list[PlayerId]]]


@dataclass(frozen=True)
class Criterion:
    key: str
    name: str
    definition: str
    split: Split  # the group's players in ordered parts, best first; one part when it does not separate them


@dataclass(frozen=True)
class Placed:
    player: PlayerId
    rank: int
    shared: bool  # no criterion separates the player from another: they share the place
    separated_by: str  # key of the criterion that put the player below the one above; "" for the first or shared


def by_value(values: Mapping[PlayerId, Fraction | int]) -> Split:
    """Higher values first."""
    def split(group: list[PlayerId]) -> list[list[PlayerId]]:
        levels = sorted({values[p] for p in group}, reverse=True)
        return [[p for p in group if values[p] == level] for level in levels]
    return split


def rank(players: list[PlayerId], criteria: list[Criterion], names: dict[PlayerId, str]) -> list[Placed]:
    """The whole table, best first; players sharing a place are listed by name."""
    blocks = _order(list(players), criteria, names)
    out: list[Placed] = []
    for block, key in blocks:
        place = len(out) + 1
        for i, pid in enumerate(block):
            out.append(Placed(pid, place, len(block) > 1, key if i == 0 else ""))
    return out


def _order(group: list[PlayerId], criteria: list[Criterion],
           names: dict[PlayerId, str]) -> list[tuple[list[PlayerId], str]]:
    """Tied blocks in order, each with the key of the criterion that separated it from the block above."""
    if len(group) > 1:
        for criterion in criteria:
            parts = criterion.split(group)
            if len(parts) > 1:
                out: list[tuple[list[PlayerId], str]] = []
                for i, part in enumerate(parts):
                    inner = _order(part, criteria, names)
                    if i > 0:
                        inner[0] = (inner[0][0], criterion.key)
                    out.extend(inner)
                return out
    return [(sorted(group, key=lambda p: (names.get(p, p), p)), "")]
