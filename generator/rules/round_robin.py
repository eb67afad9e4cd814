"""All-play-all events: the Berger tables, and who is which number in them.

The players are numbered in the order event.yaml lists them (draw lots, then list them in that order), or, when
the event gives a shuffle_seed, in the order of the SHA-256 of "<seed>:<player id>", as the Shuuro draw does.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..model import Event, PlayerId
from .pairing import shuffle


def berger(n: int) -> list[list[tuple[int, int]]]:
    """The Berger tables (FIDE Handbook C.05, Annex 1) for n players numbered 1..n: each round's boards as
    (first, second), the first player moving first. An odd n plays as n + 1: whoever meets n + 1 rests.

    With m = n − 1 (n even), player n meets in round r player p = (r + 1) / 2 for odd r, n / 2 + r / 2 for
    even r, moving first in even rounds; the other boards pair p + k with p − k (counted round 1..m), p + k
    moving first, k = 1 … n/2 − 1."""
    size = n + n % 2
    m = size - 1

    def wrap(x: int) -> int:
        return (x - 1) % m + 1

    rounds = []
    for r in range(1, size):
        p = (r + 1) // 2 if r % 2 else size // 2 + r // 2
        boards = [(size, p) if r % 2 == 0 else (p, size)]
        boards += [(wrap(p + k), wrap(p - k)) for k in range(1, size // 2)]
        rounds.append(boards)
    return rounds


def rounds_for(n: int) -> int:
    """How many rounds an all-play-all of n players has: n − 1, or n when one player rests each round."""
    return n - 1 + n % 2


@dataclass(frozen=True)
class BergerTable:
    """An all-play-all's players in the order of their numbers (1, 2, …) and each round's boards and rest, as
    those numbers."""

    players: tuple[PlayerId, ...]
    rounds: tuple[tuple[tuple[tuple[int, int], ...], int | None], ...]


def berger_table(event: Event) -> BergerTable:
    """The numbering and every round of the event by the Berger tables."""
    ids = numbering(event)
    number = {pid: i for i, pid in enumerate(ids, start=1)}
    rounds = []
    for n in range(1, event.rounds_planned + 1):
        boards, rest = schedule(event, n)
        rounds.append((tuple((number[a], number[b]) for a, b in boards), number[rest] if rest else None))
    return BergerTable(tuple(ids), tuple(rounds))


def numbering(event: Event) -> list[PlayerId]:
    """The players as numbered 1, 2, … in the Berger tables."""
    ids = [ref.id for ref in event.entrants]
    return shuffle(event.shuffle_seed, ids) if event.shuffle_seed is not None else ids


def schedule(event: Event, round_number: int) -> tuple[list[tuple[PlayerId, PlayerId]], PlayerId | None]:
    """Round `round_number`'s boards (first player first) and the player who rests, if any."""
    ids = numbering(event)
    boards, rest = [], None
    for a, b in berger(len(ids))[round_number - 1]:
        if max(a, b) > len(ids):
            rest = ids[min(a, b) - 1]
        else:
            boards.append((ids[a - 1], ids[b - 1]))
    return boards, rest
