"""Benchmark: FESA's rating of a large Swiss (default 2,000 players, 9 rounds), by the site's preview
(generator/fesa/rating.py, exact fractions) and by the rating program's engine (generator/fesa/program.py, the
program's own floats), on the same games, in the same process.

    .venv/bin/python bench/rating.py [PLAYERS] [ROUNDS] [--program-only]

Prints CPU seconds (user + system of this process) and wall seconds of each, and how many passes each fixed
point took. Every player is rated (30 games before); one in ten is new, with a declared grade.
"""

from __future__ import annotations

import random
import resource
import sys
import time
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.fesa.lisp import SLOTS, Char, Struct  # noqa: E402
from generator.fesa.program import rate_tournament  # noqa: E402
from generator.fesa.rating import Entrant, Game, preview  # noqa: E402


def cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def swiss(players: int, rounds: int) -> list[list[tuple[int, str]]]:
    """Each player's rounds: (opponent number from 1, + - or =); random pairings, results by rating."""
    rng = random.Random(1)
    lines: list[list[tuple[int, str]]] = [[] for _ in range(players)]
    for _ in range(rounds):
        order = list(range(players))
        rng.shuffle(order)
        for a, b in zip(order[0::2], order[1::2], strict=False):
            r = rng.choice("+-=") if abs(a - b) < 200 else ("+" if a < b else "-")
            lines[a].append((b + 1, r))
            lines[b].append((a + 1, {"+": "-", "-": "+", "=": "="}[r]))
        if players % 2:
            lines[order[-1]].append((0, "+"))
    return lines


def main() -> None:
    numbers = [int(a) for a in sys.argv[1:] if a.isdigit()]
    players, rounds = (numbers + [2000, 9][len(numbers):])[:2]
    lines = swiss(players, rounds)
    elo = [2400 - i // 2 for i in range(players)]
    new = {i for i in range(players) if i % 10 == 9}

    entrants = {str(i): Entrant(None if i in new else elo[i], None if i in new else 30) for i in range(players)}
    games = {str(i): [Game(r + 1, str(o - 1), {"+": Fraction(1), "-": Fraction(0), "=": Fraction(1, 2)}[res])
                      for r, (o, res) in enumerate(lines[i]) if o] for i in range(players)}
    c0, w0 = cpu(), time.perf_counter()
    site = None if "--program-only" in sys.argv else preview(entrants, games)
    c1, w1 = cpu(), time.perf_counter()

    home = Struct("HOME", {"LIST": Char("E"), "NATIONALITY": "NL", "RESIDENS": "NL", "LAST": None})
    records = [Struct("PLAYER", {**dict(SLOTS["PLAYER"]), "LAST-NAME": f"P{i}", "NATIONALITY-LIST": [home],
                                 "ELO-NUMBER": 0 if i in new else elo[i], "GAMES": 0 if i in new else 30,
                                 "NSR-GRADE-LEVEL": 2 if i in new else 0, "NSR-GRADE-NAME": "Kyu" if i in new else "",
                                 "BONUS-COUNT": 30, "LAST-PLAYED": "2024-01-01"}) for i in range(players)]
    table = [(f"P{i}", "", [(o, r, None) for o, r in lines[i]]) for i in range(players)]
    c2, w2 = cpu(), time.perf_counter()
    program = rate_tournament(records, table, "2024-06-01")
    c3, w3 = cpu(), time.perf_counter()
    print(f"{players} players, {rounds} rounds, {len(new)} new")
    if site is not None:
        print(f"the site's preview (exact fractions): {c1 - c0:7.2f} CPU s {w1 - w0:7.2f} s wall, {site.passes} passes"
              + ("" if site.settled else " (did not settle)"))
    print(f"the rating program's engine:          {c3 - c2:7.2f} CPU s {w3 - w2:7.2f} s wall, "
          f"{program.passes} passes")


if __name__ == "__main__":
    main()
