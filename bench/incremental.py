"""Benchmark: what a push costs with the build cache, and the languages side by side, on an archive.

    .venv/bin/python bench/incremental.py [PAGES] [--languages en,de,fr,…]

Writes the synthetic archive of bench/archive.py (about PAGES pages a language), then builds it as CI does
(`generator build`, each build a child process), in this order:

1. one language (the default), without a cache: the cold build;
2. one language, after one round's results changed (a game of the last festival's championship turned round),
   with the cache the cold build left and the site's folder as it left it: the warm build, and its share of the
   cold one;
3. every language of --languages (default: the twelve of mkdocs.yml), without a cache: their cost against the
   cold one-language build;
4. every language, after another round's change, with the cache of step 3 alone (as on the results job's runner,
   which restores the cache, not the site); then, after another, with the site's folder as that build left it too
   (a machine that keeps its site: an organizer's), its site compared with a cold build's (with a cache of its
   own);
5. the cache saved and restored as the results job's actions/cache does (`tar --posix` with zstd into one file,
   then out of it into another folder), each timed; and the site's folder the same way, for what keeping it on
   the runner too would cost (its 40,000 files made by `tar` rather than by the build);
6. the results job's command (.github/workflows/results.yml) with the restored cache and no site: the summary
   against the data before the changes, the check's annotations, the warm build of every language and the FESA
   files (`build --summary … --base … --annotations github --fesa-out …`).

A cold build starts without a site folder, as the job's does without a cache (a fresh check-out); the last build's
is set aside, not deleted just before (bench/folders.py says why). A warm build finds the site's folder as the last
build left it, as the job finds it restored with the cache. Each line: CPU seconds (user + system of the command and
its children, the forked languages included), wall-clock seconds, peak resident memory of the largest process,
the site's bytes and bytes per page; for a warm build, the generated pages it did not write (the site's folder held
them as written) and the languages patched (the engine not run for them: hooks.py _patch). The warm site is
compared byte for byte with a cold build of the same data (a build without a cache, in the same run).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from archive import write_archive  # noqa: E402
from folders import set_aside  # noqa: E402

LANGUAGES = "en,de,fr,nl,ja,ru,uk,pl,cs,it,es,sv"


@dataclass
class Run:
    cpu: float
    seconds: float
    rss_mb: float
    output: str


def run(argv: list[str], languages: str, cache: Path | None, left: bool = False) -> Run:
    # A cold build as on a runner whose check-out has no site: the last build's site is not there to be emptied
    # first (the engine's clean-up of 40,000 files, a second or two that the job never spends), and was not deleted
    # just before (folders.py). A warm one (`left`) finds the site as the last build left it, as restored with the
    # cache.
    if not left:
        set_aside(Path(argv[argv.index("--site-dir") + 1]))
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", BANZUKE_LANGUAGES=languages,
               BANZUKE_CACHE=str(cache) if cache else "off")
    out = tempfile.TemporaryFile()
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "generator", *argv], cwd=ROOT, stdout=out,
                            stderr=subprocess.STDOUT, env=env)
    _, status, usage = os.wait4(proc.pid, 0)
    seconds = time.perf_counter() - start
    out.seek(0)
    text = out.read().decode("utf-8", "replace")
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{' '.join(argv)} failed:\n{text[-3000:]}")
    # (ru_maxrss of wait4 is the command's own; its forked languages are each smaller than the one-language build)
    return Run(usage.ru_utime + usage.ru_stime, seconds, usage.ru_maxrss / 1024, text)


HELD = re.compile(r"\(([\d,]+) of them not written again: the site's folder held them")


def held(r: Run) -> int:
    """The generated pages a build did not write, all languages together: the site's folder held them."""
    return sum(int(m[1].replace(",", "")) for m in HELD.finditer(r.output))


PATCHED = re.compile(r"the rest of its site as the last build left it \(the engine not run")


def timed(argv: list[str]) -> tuple[float, float]:
    """CPU seconds (user + system, children included) and wall-clock seconds of a command."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv)
    _, status, usage = os.wait4(proc.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{' '.join(argv)} failed")
    return usage.ru_utime + usage.ru_stime, time.perf_counter() - start


def site_bytes(site: Path) -> tuple[int, int]:
    pages = size = 0
    for path in site.rglob("*"):
        if path.is_file():
            size += path.stat().st_size
            pages += path.suffix == ".html"
    return pages, size


def turn_a_game(data: Path, which: int) -> str:
    """A game of the last festival's championship turned round (1-0 ⇄ 0-1): a round's results changed."""
    rounds = sorted(data.glob("*/championship/round-*.yaml"))
    path = rounds[-1 - which]
    text = path.read_text(encoding="utf-8")
    found = re.search(r"\b(1-0|0-1)\b", text)
    assert found is not None, path
    path.write_text(text[:found.start()] + ("0-1" if found[0] == "1-0" else "1-0") + text[found.end():],
                    encoding="utf-8")
    return path.relative_to(data).as_posix()


def same(a: Path, b: Path) -> bool:
    return subprocess.run(["diff", "-rq", str(a), str(b)], capture_output=True, check=False).returncode == 0


def line(label: str, r: Run, site: Path | None = None, base: Run | None = None) -> None:
    pages, size = site_bytes(site) if site else (0, 0)
    share = f"{r.cpu / base.cpu:>8.2f}" if base else f"{'':>8}"
    per = f"{size / pages / 1000:>9.1f}" if pages else f"{'':>9}"
    print(f"{label:44}{r.cpu:>8.1f}{r.seconds:>8.1f}{r.rss_mb:>9.0f}{share}{pages:>8}{size / 1e6:>9.1f}{per}"
          f"{held(r):>8}{len(PATCHED.findall(r.output)):>9}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pages", nargs="?", type=int, default=1000)
    parser.add_argument("--languages", default=LANGUAGES)
    args = parser.parse_args()
    first = args.languages.split(",")[0]
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        data = base / "data"
        data.mkdir()
        write_archive(data, args.pages)
        before = base / "before"
        shutil.copytree(data, before)
        one, every = base / "cache-one", base / "cache-every"
        site, cold_site = base / "site", base / "cold-site"
        build = ["build", "--data", str(data), "--site-dir", str(site)]
        cold_build = ["build", "--data", str(data), "--site-dir", str(cold_site)]
        cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
        print(f"archive of about {args.pages} pages a language; {cpus} cores; CPU s include the forked languages")
        print(f"{'':44}{'CPU s':>8}{'wall s':>8}{'peak MB':>9}{'share':>8}{'pages':>8}{'site MB':>9}{'KB/page':>9}"
              f"{'held':>8}{'patched':>9}")
        cold = run(build, first, one)
        line(f"cold, {first}", cold, site)
        changed = turn_a_game(data, 0)
        warm = run(build, first, one, left=True)
        line(f"warm, {first}, after {changed.split('/')[0][:20]}…", warm, site, cold)
        again = run(cold_build, first, None)
        print(f"  the warm site is the cold one, byte for byte: {same(site, cold_site)}")
        set_aside(site)
        count = len(args.languages.split(","))
        every_cold = run(build, args.languages, every)
        line(f"cold, {count} languages", every_cold, site, cold)
        turn_a_game(data, 1)
        every_runner = run(build, args.languages, every)
        line(f"warm, {count} languages, no site (the runner)", every_runner, site, every_cold)
        turn_a_game(data, 2)
        every_warm = run(build, args.languages, every, left=True)
        line(f"warm, {count} languages, the site left", every_warm, site, every_cold)
        run(cold_build, args.languages, base / "cache-again")  # (cold, its own cache: the site of the same data)
        print(f"  the warm site is the cold one, byte for byte: {same(site, cold_site)}")
        set_aside(cold_site)
        # The results job's cache, saved at the end of one job and restored at the start of the next
        runner = base / "runner"
        runner.mkdir()
        for folder in (every, site):
            kept = base / f"{folder.name}.tzst"
            saved = timed(["tar", "--posix", "-I", "zstd -T0", "-cf", str(kept), "-C", str(base), folder.name])
            restored = timed(["tar", "-I", "zstd -T0", "-xf", str(kept), "-C", str(runner)])
            print(f"  {'the cache' if folder == every else 'the site (not kept on the runner)'}, saved as "
                  f"actions/cache does (tar --posix, zstd): {saved[0]:.1f} CPU s, {saved[1]:.1f} s, "
                  f"{kept.stat().st_size / 1e6:.0f} MB; restored: {restored[0]:.1f} CPU s, {restored[1]:.1f} s")
        set_aside(runner / site.name)
        turn_a_game(data, 3)
        total = run(["build", "--data", str(data), "--site-dir", str(runner / "site"), "--summary",
                     str(base / "summary.md"), "--base", str(before), "--annotations", "github",
                     "--fesa-out", str(base / "fesa")], args.languages, runner / every.name)
        line(f"the results job's command, warm, {count} languages", total, runner / "site")
        print(f"  (a cold build without a cache, {first}, in the same run: {again.cpu:.1f} CPU s)")


if __name__ == "__main__":
    main()
