"""Benchmark: what a data pull request costs in CI, the `results` job's commands run as CI runs them.

    .venv/bin/python bench/ci.py [--pages 1000]

Reads the `results` job of .github/workflows/results.yml and runs each of its `run:` steps, in order, with bash, in
a copy of the repository (its files as git knows them) whose .venv is this one (warm, as CI's cache gives it),
whose data/ is the festival after the change and whose .base/data is the festival before it (the base branch CI
checks out): the change adds the last round of one event. Two festivals: the demo (tests/fixtures/demo) and a
synthetic archive of about PAGES pages (bench/archive.py). Each step: wall-clock seconds and CPU seconds (user +
system of the step's processes). The steps CI takes from GitHub's actions (check out, cache, keep artifacts) and
the container's start are not commands here and are not counted.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from ruamel.yaml import YAML

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]
from archive import write_archive  # noqa: E402
from folders import set_aside  # noqa: E402
from tests.support import repository_copy  # noqa: E402

WORKFLOW = ROOT / ".github" / "workflows" / "results.yml"


def results_steps() -> list[tuple[str, str]]:
    """The results job's command steps: (name, command)."""
    job = YAML(typ="safe").load(WORKFLOW.read_text(encoding="utf-8"))["jobs"]["results"]
    return [(step.get("name", step["run"]), step["run"]) for step in job["steps"] if "run" in step]


def last_round(data: Path) -> Path:
    """The round file the change adds: the last round of the event with the most rounds (the first by path)."""
    rounds = sorted(data.glob("*/*/round-*.yaml"), key=lambda p: (-int(p.stem.split("-")[1]), str(p)))
    if not rounds:
        raise SystemExit(f"{data}: no round files")
    return rounds[0]


def cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_job(repo: Path, data: Path) -> list[tuple[str, float, float, int]]:
    """The results job on `data` (the festival after the change): (step, wall s, CPU s, exit code) each."""
    for folder in ("data", ".base", "site", "fesa"):  # (the last run's, set aside: not deleted now, folders.py)
        set_aside(repo / folder)
    shutil.copytree(data, repo / "data")
    shutil.copytree(data, repo / ".base" / "data")
    (repo / ".base" / "data" / last_round(data).relative_to(data)).unlink()  # before the change: one round less
    env = {**os.environ, "GITHUB_STEP_SUMMARY": str(repo / "summary.md")}
    timings = []
    for name, command in results_steps():
        wall, used = time.perf_counter(), cpu()
        done = subprocess.run(["bash", "-e", "-c", command], cwd=repo, env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True, check=False)
        timings.append((name, time.perf_counter() - wall, cpu() - used, done.returncode))
        if done.returncode:
            print(f"  {name}: exit {done.returncode}\n{done.stderr[-2000:]}", file=sys.stderr)
    return timings


def report(title: str, timings: list[tuple[str, float, float, int]]) -> None:
    print(f"\n{title}")
    print(f"  {'step':<66} {'wall s':>7} {'CPU s':>7}  exit")
    for name, wall, used, code in timings:
        print(f"  {name[:66]:<66} {wall:7.2f} {used:7.2f}  {code}")
    print(f"  {'all the commands':<66} {sum(t[1] for t in timings):7.2f} {sum(t[2] for t in timings):7.2f}  "
          f"{max(t[3] for t in timings)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=1000, help="the archive's size (default 1000)")
    args = parser.parse_args()
    subprocess.run([str(ROOT / "scripts" / "setup")], check=True)  # the warm .venv CI's cache restores
    with tempfile.TemporaryDirectory(prefix="banzuke-ci-") as tmp:
        repo = Path(tmp) / "repo"
        repository_copy(repo, leave_out=("data/",), link=(".venv",))
        report("The demo (tests/fixtures/demo), a round added:", run_job(repo, ROOT / "tests" / "fixtures" / "demo"))
        archive = Path(tmp) / "archive"
        archive.mkdir()
        write_archive(archive, args.pages)
        pages = args.pages
        report(f"A synthetic archive of about {pages:,} pages, a round added:", run_job(repo, archive))


if __name__ == "__main__":
    main()
