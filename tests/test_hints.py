"""One way to run the generator, everywhere: every hint, help text, generated comment, site page and README line
says `.venv/bin/python -m generator …` (a bare `python -m generator` runs a Python without the generator's
packages: a traceback), and that Python itself gets one line saying so, not a traceback."""

from __future__ import annotations

import re
import subprocess
import sys

from .conftest import ROOT

BARE = re.compile(r"(?<![/\w.])python3? -m generator")  # not preceded by .venv/bin/
WHERE = ["generator", "site_src", "scripts", "docs", ".github", "README.md", "CONTRIBUTING.md"]


SKIPPED = {"__pycache__", "node_modules", ".mypy_cache", ".ruff_cache"}  # what no one wrote


def files(where: list[str]) -> list[str]:
    """The repository's files under `where`, as relative names (walked, not asked of git: the suite also runs on
    a copy of the repository that is no git checkout)."""
    out = []
    for top in where:
        path = ROOT / top
        candidates = [path] if path.is_file() else sorted(path.rglob("*")) if path.is_dir() else []
        out += [str(p.relative_to(ROOT)) for p in candidates
                if p.is_file() and not SKIPPED & set(p.relative_to(ROOT).parts)]
    return out


def test_no_hint_says_a_bare_python_runs_the_generator():
    listed = files(WHERE)
    bare = []
    for name in listed:
        path = ROOT / name
        if path.suffix in (".png", ".ico", ".woff2", ".pyc"):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if BARE.search(line):
                bare.append(f"{name}:{number}: {line.strip()}")
    assert len(listed) > 50  # the files were found
    assert bare == []


def test_the_help_names_the_way_to_run_it():
    shown = subprocess.run([sys.executable, "-m", "generator", "pair", "--help"], cwd=ROOT, capture_output=True,
                           text=True, check=False)
    assert shown.stdout.startswith("usage: .venv/bin/python -m generator pair "), shown.stdout


def test_a_python_without_the_packages_gets_one_line_and_the_way_to_run_it():
    # -S: this interpreter without its site-packages, as a system Python without the generator's packages.
    result = subprocess.run([sys.executable, "-S", "-m", "generator", "check"], cwd=ROOT, capture_output=True,
                            text=True, check=False)
    assert "Traceback" not in result.stderr
    assert result.returncode == 3
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: this Python ("), result.stderr
    assert "run it as .venv/bin/python -m generator … (scripts/setup makes .venv with its packages)" in lines[0]
