"""`.venv/bin/python -m generator summary`: a pull request's job summary."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..fesa.preview import Store
from ..pipeline import changes
from ..pipeline import Loaded, load
from ..render import summary
from .common import Commands, EXIT_OK, command


def run(args: argparse.Namespace) -> int:
    """The job summary: the problems in plain words, or what the data changes against --base. It is a report,
    not a check: it exits 0 either way (check fails the job)."""
    print("\n".join(summary_of(load(args.data), args.base)))
    return EXIT_OK


def summary_of(head: Loaded, base_dir: Path | None, ratings: Store | None = None,
               checks: Store | None = None) -> list[str]:
    """The summary's lines for the data as loaded (`summary`, and `build --summary` from the data it builds, with
    the ratings and the FESA files' checks its build cache kept)."""
    if not head.ok:
        return summary.problems(head.report)
    base = load(base_dir, ratings=ratings, fesa_checks=checks) if base_dir is not None and base_dir.is_dir() else None
    compared = base is not None and base.ok
    return summary.changes(head.report, changes.compare(base, head), compared)


def register(sub: Commands) -> None:
    sm = command(sub, "summary", "Markdown for a pull request's job summary: what the data changes against --base "
                 "(rounds, standings movement, prizes now decided), or its problems in plain words.")
    sm.add_argument("--base", type=Path, metavar="DIR",
                    help="the data directory before the change (e.g. the base branch's data/ checked out apart)")
    sm.set_defaults(func=run)
