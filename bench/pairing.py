"""Benchmark: pair a Swiss round of a large field (default 1,000 players, round 6 of 9).

    .venv/bin/python bench/pairing.py [PLAYERS] [ROUND]

Plays the earlier rounds through the engine itself with random results (seeded), then times each round's
pairing and prints the figures.
"""

from __future__ import annotations

import random
import sys
import time
from fractions import Fraction

from generator.rules.pairing import Candidate, pair


def main() -> None:
    players = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    last = int(sys.argv[2]) if len(sys.argv) > 2 else 6
    rng = random.Random(2000)
    ids = [f"p{i:04d}" for i in range(players)]
    elo = {pid: 2400 - i for i, pid in enumerate(ids)}
    score = dict.fromkeys(ids, Fraction(0))
    met: dict[str, set[str]] = {pid: set() for pid in ids}
    byes: set[str] = set()
    for rnd in range(1, last + 1):
        ranked = sorted(ids, key=lambda p: (-score[p], -elo[p], p))
        field = [Candidate(p, score[p], p, frozenset(met[p]), p in byes) for p in ranked]
        start = time.perf_counter()
        proposal = pair(field)
        took = time.perf_counter() - start
        print(f"round {rnd}: {len(proposal.pairs)} boards paired in {took * 1000:.1f} ms, "
              f"{len(proposal.notes)} notes")
        for a, b in proposal.pairs:
            met[a].add(b)
            met[b].add(a)
            result = rng.choice([Fraction(1), Fraction(1, 2), Fraction(0)])
            score[a] += result
            score[b] += 1 - result
        if proposal.bye:
            byes.add(proposal.bye)
            score[proposal.bye] += 1


if __name__ == "__main__":
    main()
