"""Benchmark: FESA's rating preview of a large Swiss (default 2,000 players, 9 rounds), as `check` runs it.

    .venv/bin/python bench/rating.py [PLAYERS] [ROUNDS]

Writes the Swiss as a data folder (players with a FESA rating and games before, one in ten a newcomer with a
declared grade), then, in the same run:

- `generator check` on it, as a child process, with the event rated by FESA (the preview runs) and with the same
  event marked `rated: false` (no preview): CPU seconds (user + system of the child) and wall seconds of each, and
  the difference, which is the preview's cost inside `check`;
- the preview alone in this process (the rating program's engine, generator/fesa/preview.py), CPU and wall seconds
  and the passes its fixed point took.
"""

from __future__ import annotations

import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.fesa.preview import Ratings  # noqa: E402
from generator.kinds import kind_of  # noqa: E402
from generator.pipeline import load  # noqa: E402


def cpu_self() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def cpu_children() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def write_data(root: Path, players: int, rounds: int, rated: bool) -> None:
    """A Swiss of random pairings (the pairing does not matter to the rating's cost), results by rating."""
    rng = random.Random(1)
    ids = [f"p{i:04d}" for i in range(players)]
    lines = []
    for i, pid in enumerate(ids):
        if i % 10 == 9:
            lines.append(f"{pid}: {{family: Player{i}, given: Test, country: GB, grade: {1 + i % 15}k}}\n")
        else:
            lines.append(f"{pid}: {{family: Player{i}, given: Test, country: GB, elo: {2400 - i // 2}, "
                         f"fesa_games: {5 + i % 60}}}\n")
    (root / "players.yaml").write_text("".join(lines), encoding="utf-8")
    event = root / "bench" / "open"
    event.mkdir(parents=True)
    (root / "bench" / "festival.yaml").write_text("name: Bench\nstart: 2024-01-01\nend: 2024-01-03\nevents: [open]\n")
    (event / "event.yaml").write_text(
        f"name: Bench Open\nformat: swiss\ngame: shogi\nrounds: {rounds}\nstart: 2024-01-01\nend: 2024-01-03\n"
        f"time_control: {{minutes: 60, byoyomi: 30}}\nrated: {'true' if rated else 'false'}\n"
        f"tiebreaks: [sos, sosos, sodos]\nplayers: [{', '.join(ids)}]\n", encoding="utf-8")
    for n in range(1, rounds + 1):
        order = list(range(players))
        rng.shuffle(order)
        out = [f"date: 2024-01-0{1 + (n - 1) * 3 // rounds}", "games:"]
        for a, b in zip(order[0::2], order[1::2], strict=False):
            res = rng.choice(["1-0", "0-1", "½-½"]) if abs(a - b) < 200 else ("1-0" if a < b else "0-1")
            out.append(f"  - [{ids[a]}, {ids[b]}, {res}]")
        if players % 2:
            out.append(f"bye: [{ids[order[-1]]}]")
        (event / f"round-{n}.yaml").write_text("\n".join(out) + "\n", encoding="utf-8")


def check(root: Path) -> tuple[float, float]:
    c0, w0 = cpu_children(), time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "generator", "check", "--data", str(root)], cwd=ROOT,
                          capture_output=True, text=True, check=False)
    c1, w1 = cpu_children(), time.perf_counter()
    if done.returncode != 0:
        sys.exit(f"check failed:\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
    return c1 - c0, w1 - w0


def main() -> None:
    numbers = [int(a) for a in sys.argv[1:] if a.isdigit()]
    players, rounds = (numbers + [2000, 9][len(numbers):])[:2]
    with tempfile.TemporaryDirectory() as tmp:
        rated, plain = Path(tmp) / "rated", Path(tmp) / "plain"
        for root, flag in ((rated, True), (plain, False)):
            root.mkdir()
            write_data(root, players, rounds, flag)
        with_preview = check(rated)
        without = check(plain)
        loaded = load(rated)
        event = loaded.data.events()[0]
        c0, w0 = cpu_self(), time.perf_counter()
        preview = Ratings(loaded.data.players, {}).rate(event, loaded.results[event.path],
                                                        kind_of(event).fesa_reasons(event))
        c1, w1 = cpu_self(), time.perf_counter()
    assert preview is not None
    print(f"{players} players, {rounds} rounds, {players // 10} newcomers")
    print(f"check, rated by FESA (with the preview): {with_preview[0]:7.2f} CPU s {with_preview[1]:7.2f} s wall")
    print(f"check, the same event not rated:         {without[0]:7.2f} CPU s {without[1]:7.2f} s wall")
    print(f"the preview's share of check:            {with_preview[0] - without[0]:7.2f} CPU s")
    print(f"the preview alone, in this process:      {c1 - c0:7.2f} CPU s {w1 - w0:7.2f} s wall, {preview.passes} "
          f"passes" + ("" if preview.settled else " (did not settle)"))


if __name__ == "__main__":
    main()
