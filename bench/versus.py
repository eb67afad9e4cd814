"""Benchmark: the work tree's code against an earlier commit's, built in turn on the same archive.

    .venv/bin/python bench/versus.py REV [PAGES] [--languages en,de,…] [--pairs N] [--warm]

Writes the synthetic archive of bench/archive.py (about PAGES pages a language) and checks REV out beside the work
tree (a git worktree, removed at the end; both run with this .venv's packages). Then builds the archive with each
code in turn, N pairs, the order alternating from pair to pair (old, new; new, old; …), so that the machine's
changing speed falls on both alike:

- by default, cold builds without a cache;
- with --warm, each code first builds once with a cache of its own; then a game of the last festival's
  championship is turned round, and each pair builds warm, each from a fresh copy of its code's cache.

Prints each build's CPU seconds (user + system of the command and its forked languages) and, for each pair, the new
code's against the old's: their median is the figure (a single pair on a shared machine says little).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from archive import write_archive  # noqa: E402
from folders import set_aside  # noqa: E402
from incremental import turn_a_game  # noqa: E402


def build(tree: Path, data: Path, site: Path, languages: str, cache: Path | None) -> float:
    """CPU seconds of one `generator build` of `data` with the code of `tree`, into a site folder made anew (the
    last one set aside, not deleted: folders.py)."""
    set_aside(site)
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", BANZUKE_LANGUAGES=languages,
               BANZUKE_CACHE=str(cache) if cache else "off")
    proc = subprocess.Popen([sys.executable, "-m", "generator", "build", "--data", str(data), "--site-dir", str(site)],
                            cwd=tree, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    assert proc.stderr is not None
    errors = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"the build with {tree} failed:\n{errors.decode('utf-8', 'replace')[-3000:]}")
    return usage.ru_utime + usage.ru_stime


def median(values: list[float]) -> float:
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rev", help="the earlier commit (e.g. main, a hash)")
    parser.add_argument("pages", nargs="?", type=int, default=1000)
    parser.add_argument("--languages", default="en")
    parser.add_argument("--pairs", type=int, default=4)
    parser.add_argument("--warm", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        old = base / "old"
        subprocess.run(["git", "worktree", "add", "--detach", "--quiet", str(old), args.rev], cwd=ROOT, check=True)
        try:
            trees = {"old": old, "new": ROOT}
            data, site = base / "data", base / "site"
            data.mkdir()
            write_archive(data, args.pages)
            kind = "warm" if args.warm else "cold"
            print(f"{kind} builds of an archive of about {args.pages} pages a language, {args.languages}: "
                  f"{args.rev} (old) against the work tree (new)")
            if args.warm:
                for name, tree in trees.items():
                    print(f"  {name}, its cache made: {build(tree, data, site, args.languages, base / name):.1f} "
                          "CPU s", flush=True)
                turn_a_game(data, 0)
            cpu: dict[str, list[float]] = {"old": [], "new": []}
            for pair in range(args.pairs):
                for name in (["old", "new"] if pair % 2 == 0 else ["new", "old"]):
                    cache = None
                    if args.warm:
                        cache = base / f"{name}-warm"
                        shutil.rmtree(cache, ignore_errors=True)
                        shutil.copytree(base / name, cache)
                    cpu[name].append(build(trees[name], data, site, args.languages, cache))
                print(f"  pair {pair + 1}: old {cpu['old'][-1]:.1f}, new {cpu['new'][-1]:.1f} CPU s, "
                      f"new/old {cpu['new'][-1] / cpu['old'][-1]:.2f}", flush=True)
            ratios = [n / o for n, o in zip(cpu["new"], cpu["old"], strict=True)]
            print(f"new/old: median {median(ratios):.2f} (from {min(ratios):.2f} to {max(ratios):.2f}, "
                  f"{len(ratios)} pairs); old {median(cpu['old']):.1f}, new {median(cpu['new']):.1f} CPU s (medians)")
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(old)], cwd=ROOT, check=False)


if __name__ == "__main__":
    main()
