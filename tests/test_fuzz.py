"""A bounded fuzz of `check` (bench/fuzz.py runs the long one): 300 seeded mutations of the test festival, each
read, checked and computed in a forked child with 5 s and 1 GB. No traceback, no hang, no memory blow-up, and
every error located to a line."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

from fuzz import fuzz  # noqa: E402


@pytest.mark.slow
def test_three_hundred_mutations_give_only_located_errors():
    counts, examples = fuzz(300, seed=4711)
    assert sum(counts.values()) == 300
    assert counts["traceback"] == counts["hang"] == counts["memory"] == 0, examples
    assert counts["unlocated"] == 0, examples
    assert counts["located"] > 200  # the mutations do break the files (a few leave them valid)
