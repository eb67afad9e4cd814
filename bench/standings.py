"""Benchmark: read, check, compute and render a large Swiss (default 1,000 players, 9 rounds).

    .venv/bin/python bench/standings.py [PLAYERS] [ROUNDS]

Writes a synthetic data set into a temporary folder and prints the time of each stage.
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
from pathlib import Path

from generator.pipeline import load
from generator.render.site import render_site


def write_data(root: Path, players: int, rounds: int) -> None:
    rng = random.Random(1)
    ids = [f"p{i:04d}" for i in range(players)]
    (root / "players.yaml").write_text("".join(
        f"{pid}: {{family: Player{i}, given: Test, country: GB, elo: {2400 - i}}}\n" for i, pid in enumerate(ids)))
    event = root / "bench" / "open"
    event.mkdir(parents=True)
    (root / "bench" / "festival.yaml").write_text("name: Bench\nstart: 2024-01-01\nevents: [open]\n")
    (event / "event.yaml").write_text(
        f"name: Bench Open\nformat: swiss\ngame: shogi\nrounds: {rounds}\n"
        f"tiebreaks: [sos, sosos, sodos]\nplayers: [{', '.join(ids)}]\n")
    for n in range(1, rounds + 1):
        order = ids[:]
        rng.shuffle(order)  # not a real Swiss: the pairing does not matter for the cost of scoring
        lines = ["games:"]
        for a, b in zip(order[0::2], order[1::2], strict=False):
            lines.append(f"  - [{a}, {b}, {rng.choice(['1-0', '0-1', '½-½'])}]")
        if len(order) % 2:
            lines.append(f"bye: [{order[-1]}]")
        (event / f"round-{n}.yaml").write_text("\n".join(lines) + "\n")


def main() -> None:
    players = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 9
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        write_data(root, players, rounds)
        t0 = time.perf_counter()
        loaded = load(root)
        t1 = time.perf_counter()
        assert loaded.ok, loaded.report.lines()[:5]
        site = render_site(loaded)
        t2 = time.perf_counter()
    print(f"{players} players, {rounds} rounds")
    print(f"read + check + compute standings after every round: {t1 - t0:.3f} s")
    print(f"render {len(site.files)} pages and JSON files:           {t2 - t1:.3f} s")


if __name__ == "__main__":
    main()
