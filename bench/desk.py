"""Benchmark: the arbiter's desk saving a round's results one board at a time (a 2,000-player 9-round Swiss).

    .venv/bin/python bench/desk.py [--players 2000] [--saves 1000]

Writes the Swiss of bench/rating.py (not rated by FESA) as a data folder whose last round, round 9, is paired but has
no results; then, in the same run:

- `generator check` on it, as a child process: CPU seconds (user + system of the child) and wall seconds, the
  baseline a save is measured against (and again after the saves);
- the desk (generator/desk/core.py) made on it in this process, then SAVES results saved one after another (boards
  1, 2, … of round 9, "1-0" and "0-1" in turn, `was` empty) as an arbiter's tap saves them: each save takes the
  lock, reads the round file, writes the board's result, reads and checks the event again. CPU seconds (this
  process's) and wall seconds of each save: min, median, 95th percentile, max, and the median save against
  `check`. The desk computes an event's results (its standings) when they are first asked for, not in the save
  (whose answer shows none): after each save the bench asks for them, as the projector's screen does, and times
  that apart;
- memory: this process's resident size (VmRSS) after saves 10, 100, 500 and 1,000 (those the run reaches, and the
  last), in that timed run; then the same saves again on a fresh copy of the data with tracemalloc on (which slows
  them, so they are not the ones timed), and Python's traced memory after the same saves;
- one line per target: a save within 0.5 CPU s (the median), memory flat over the saves (growing by no more than
  a few MB from save 100, the caches warm, to the last, however many saves; in a shorter run from save 20).
"""

from __future__ import annotations

import argparse
import gc
import re
import shutil
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]
from rating import check, write_data  # noqa: E402  (bench/rating.py's Swiss and its timed `check`)

from generator.desk.core import Desk, EventState  # noqa: E402
from generator.diagnostics import Severity  # noqa: E402

ROUNDS = 9
EVENT = "bench/open"  # festival/event of bench/rating.py's data
TARGET_CPU = 0.5  # CPU s a save may take
FLAT_MB = 5.0  # growth from save 100 (or WARM) to the last that still counts as flat (noise)
CHECKPOINTS = (10, 100, 500, 1000)
WARM = 20  # saves after which the rules' own caches are full (the last 16 tables' records): flat is judged after
RESULT = re.compile(r", (1-0|0-1|½-½)\]$", re.MULTILINE)


def write_festival(root: Path, players: int) -> None:
    """bench/rating.py's Swiss, its last round paired but without results."""
    write_data(root, players, ROUNDS, rated=False)
    last = root / "bench" / "open" / f"round-{ROUNDS}.yaml"
    last.write_text(RESULT.sub("]", last.read_text(encoding="utf-8")), encoding="utf-8")


def rss_mb() -> float:
    """This process's resident size now (VmRSS), in MB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def seats(desk: Desk) -> list[tuple[int, tuple[str, str]]]:
    rnd = desk.round_of(desk.state(EVENT), ROUNDS)
    return [(g.board, (g.sente.id, g.gote.id)) for g in rnd.games]


def save(desk: Desk, board: int, players: tuple[str, str]) -> EventState:
    """Board `board`'s result saved as the arbiter's tap saves it; the state the desk answers with."""
    state = desk.save_result(EVENT, ROUNDS, board, players, ["1-0" if board % 2 else "0-1"], [])
    game = next(g for r in state.event.rounds if r.number == ROUNDS for g in r.games if g.board == board)
    errors = [d for d in state.problems if d.severity is Severity.ERROR]
    assert game.result is not None and not errors, errors[:3]
    return state


def standings(state: EventState) -> None:
    """The event's results, as the screen's table asks for them after the save (computed then, once)."""
    res = state.res
    done = all(g.result is not None for r in state.event.rounds if r.number == ROUNDS for g in r.games)
    assert res is not None and res.completed == (ROUNDS if done else ROUNDS - 1) and len(res.final) > 0


def marks(saves: int) -> list[int]:
    """The saves after which memory is measured: 10, 100, 500, 1,000 (those reached), the last, and in a run
    shorter than 100 saves the WARM-th (the first that counts for flatness)."""
    extra = {WARM} if WARM < saves < 100 else set()
    return sorted({n for n in CHECKPOINTS if n <= saves} | {saves} | extra)


class Run:
    """The saves timed one by one: CPU s and wall s of each save, of the standings asked for after it; memory."""

    def __init__(self) -> None:
        self.cpu: list[float] = []
        self.wall: list[float] = []
        self.table_cpu: list[float] = []
        self.rss: dict[int, float] = {}
        self.start_cpu = self.start_wall = 0.0


def timed_saves(data: Path, saves: int) -> Run:
    """The saves, each timed, then the standings after it (as a screen asks), timed apart; RSS at the checkpoints."""
    run = Run()
    c0, w0 = time.process_time(), time.perf_counter()
    desk = Desk(data)
    run.start_cpu, run.start_wall = time.process_time() - c0, time.perf_counter() - w0
    boards = seats(desk)[:saves]
    at = set(marks(len(boards)))
    for n, (board, players) in enumerate(boards, start=1):
        c0, w0 = time.process_time(), time.perf_counter()
        state = save(desk, board, players)
        c1, w1 = time.process_time(), time.perf_counter()
        standings(state)
        run.cpu.append(c1 - c0)
        run.wall.append(w1 - w0)
        run.table_cpu.append(time.process_time() - c1)
        if n in at:
            run.rss[n] = rss_mb()
    return run


def traced_saves(data: Path, saves: int) -> tuple[dict[int, float], dict[int, float]]:
    """The same saves with tracemalloc on: Python's traced memory (MB) and the RSS at the checkpoints. The standings
    are asked for after each of the first WARM saves (the rules keep the records of the last 16 tables they made:
    generator/rules/scoring.per_table), then after every tenth save and at each checkpoint (tracemalloc makes them
    three times as slow: every one would take half an hour more)."""
    tracemalloc.start()
    try:
        desk = Desk(data)
        boards = seats(desk)[:saves]
        at = set(marks(len(boards)))
        traced, rss = {}, {}
        for n, (board, players) in enumerate(boards, start=1):
            state = save(desk, board, players)
            if n <= WARM or n % 10 == 0 or n in at:
                standings(state)
            if n in at:
                gc.collect()
                traced[n] = tracemalloc.get_traced_memory()[0] / 2**20
                rss[n] = rss_mb()
    finally:
        tracemalloc.stop()
    return traced, rss


def figures(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return (f"min {ordered[0]:.3f}  median {statistics.median(ordered):.3f}  p95 {p95:.3f}  "
            f"max {ordered[-1]:.3f}")


def growth(series: dict[int, float]) -> tuple[int, float] | None:
    """From which save, and by how many MB, the memory grew to the last checkpoint: from save 100 (the desk and the
    rules' caches warm), in a shorter run from the WARM-th; None when the run is too short to say."""
    keys = sorted(series)
    first = next((n for n in keys if n >= 100 and n < keys[-1]), None) \
        or next((n for n in keys if n >= WARM and n < keys[-1]), None)
    return None if first is None else (first, series[keys[-1]] - series[first])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--saves", type=int, default=1000)
    args = parser.parse_args()
    if args.players < 2 or args.saves < 1:
        parser.error("--players must be at least 2 and --saves at least 1")
    with tempfile.TemporaryDirectory(prefix="banzuke-bench-desk-") as tmp:
        data, spare = Path(tmp) / "data", Path(tmp) / "spare"
        data.mkdir()
        write_festival(data, args.players)
        shutil.copytree(data, spare)
        check_cpu, check_wall = check(data)
        run = timed_saves(data, args.saves)
        after_cpu, after_wall = check(data)
        gc.collect()
        traced, traced_rss = traced_saves(spare, args.saves)
    saves, rss = len(run.cpu), run.rss
    median = statistics.median(run.cpu)
    both = [a + b for a, b in zip(run.cpu, run.table_cpu, strict=True)]
    print(f"{args.players} players, {ROUNDS} rounds; round {ROUNDS} paired ({args.players // 2} boards), "
          f"{saves} results saved by the desk")
    print(f"check, round {ROUNDS} without results:  {check_cpu:6.2f} CPU s {check_wall:6.2f} s wall")
    print(f"check, after the saves:            {after_cpu:6.2f} CPU s {after_wall:6.2f} s wall")
    print(f"the desk's start (Desk(data)):     {run.start_cpu:6.2f} CPU s {run.start_wall:6.2f} s wall")
    print(f"a save, CPU s:                     {figures(run.cpu)}")
    print(f"a save, wall s:                    {figures(run.wall)}")
    print(f"its standings when asked, CPU s:   {figures(run.table_cpu)}")
    print(f"a save and its standings, CPU s:   {figures(both)}")
    print(f"the median save against check (CPU): {median / check_cpu:.2f} (with its standings "
          f"{statistics.median(both) / check_cpu:.2f}); all {saves} saves: {sum(run.cpu):.1f} CPU s "
          f"{sum(run.wall):.1f} s wall")
    print("memory after save  " + "".join(f"{n:>10}" for n in sorted(rss)))
    print("RSS MB, timed run  " + "".join(f"{rss[n]:10.1f}" for n in sorted(rss)))
    print("RSS MB, traced run " + "".join(f"{traced_rss[n]:10.1f}" for n in sorted(traced_rss)))
    print("tracemalloc MB     " + "".join(f"{traced[n]:10.1f}" for n in sorted(traced)))
    timed_growth, traced_growth = growth(rss), growth(traced)
    print(f"a save within {TARGET_CPU} CPU s: {'yes' if median <= TARGET_CPU else 'no'} (median {median:.3f}; "
          f"with its standings computed at once {statistics.median(both):.3f})")
    if timed_growth is None or traced_growth is None:
        print(f"memory flat over {saves:,} saves: not judged (it is judged after save {WARM}, the caches warm)")
        return
    (since, grew), (_, traced_grew) = timed_growth, traced_growth
    flat = max(grew, traced_grew) <= FLAT_MB
    print(f"memory flat over {saves:,} saves: {'yes' if flat else 'no'} (from save {since} to {saves}: RSS "
          f"{grew:+.1f} MB, tracemalloc {traced_grew:+.1f} MB; flat: at most {FLAT_MB:g} MB)")

if __name__ == "__main__":
    main()
