"""A bounded fuzz of `check` (bench/fuzz.py runs the long one): 300 seeded mutations of the test festival, each
read, checked and computed in a forked child with 5 CPU s and 1 GB. No traceback, no hang, no memory blow-up, and
every error located to a line; the commands that write, run in one run in five with links, pipes, folders or
their inputs in place of their output, write nothing."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

from fuzz import OUTCOMES, fuzz  # noqa: E402


@pytest.mark.slow
def test_three_hundred_mutations_give_only_located_errors():
    counts, examples = fuzz(300, seed=4711)
    assert sum(counts[outcome] for outcome in OUTCOMES) == 300
    assert counts["traceback"] == counts["hang"] == counts["memory"] == counts["written"] == 0, examples
    assert counts["unlocated"] == 0, examples
    assert counts["located"] > 200  # the mutations do break the files (a few leave them valid)
    assert counts["writer exit code 3"] > 20  # the writers do get as far as refusing their output
