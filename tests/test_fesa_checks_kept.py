"""The FESA files' checks kept between builds (pipeline `fesa_file` with a store, the build cache's `checks-all`): a
turnering.txt written as an earlier build wrote it, which passed FESA's checks then, is not checked again; a file
written otherwise, or one that failed, is checked at every build. The files are those of a load without a store."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator import pipeline
from generator.diagnostics import Location, Report
from generator.fesa import turnering
from generator.pipeline import load

from .conftest import CountingStore as Store

DEMO = Path(__file__).parent / "fixtures" / "demo"
# The demo's events whose turnering.txt the generator writes and FESA's checks read: its two rated events (the
# others are not sent for rating, or are sent as their organizer wrote them, checked when they are read)
WRITTEN = ("2000-mso-shogi/championship", "2000-mso-shogi/team-match")


def _reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The written files FESA's checks read from here on, by name (the reader of the data reads the organizers'
    own turnering.txt files too: not counted)."""
    read: list[str] = []
    real = turnering.read
    written = {f"{p}/turnering.txt" for p in WRITTEN}

    def counted(content: bytes, shown: str, *rest: object) -> object:
        if shown in written:
            read.append(shown)
        return real(content, shown, *rest)  # type: ignore[arg-type]

    monkeypatch.setattr(turnering, "read", counted)
    return read


def test_a_file_that_passed_is_not_checked_again(monkeypatch: pytest.MonkeyPatch) -> None:
    alone = load(DEMO)
    assert set(WRITTEN) <= {p for p, f in alone.fesa.items() if f.exported and f.content}
    read = _reads(monkeypatch)
    first = Store()
    assert load(DEMO, fesa_checks=first).fesa == alone.fesa
    assert sorted(read) == [f"{p}/turnering.txt" for p in WRITTEN]  # both checked, both passed: both kept
    assert (first.asked, first.given, len(first.kept)) == (2, 0, 2)
    read.clear()
    second = Store(first.kept)
    again = load(DEMO, fesa_checks=second)
    assert read == [] and (second.asked, second.given) == (2, 2)
    assert again.fesa == alone.fesa and again.ok


def test_a_file_written_otherwise_or_kept_otherwise_is_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    first = Store()
    load(DEMO, fesa_checks=first)
    read = _reads(monkeypatch)
    # An entry that says anything but that the file passed: checked again, and kept as passed
    damaged = Store(dict.fromkeys(first.kept, "failed"))
    load(DEMO, fesa_checks=damaged)
    assert sorted(read) == [f"{p}/turnering.txt" for p in WRITTEN]
    assert damaged.kept == first.kept
    # Another file under the same name (the championship's written with one more line): another key, checked
    read.clear()
    real = turnering.write
    monkeypatch.setattr(turnering, "write", lambda t: real(t) + "; one more line\r\n")
    load(DEMO, fesa_checks=Store(first.kept))
    assert sorted(read) == [f"{p}/turnering.txt" for p in WRITTEN]


def test_a_file_that_fails_its_check_is_not_kept_and_fails_at_every_build(monkeypatch: pytest.MonkeyPatch) -> None:
    def failing(t: object, shown: str, report: Report, *rest: object, **named: object) -> None:
        if shown.startswith(WRITTEN[0]):
            report.error(Location(shown, 1, 1), "a check that fails")

    monkeypatch.setattr(pipeline.fesa_validate, "validate", failing)
    store = Store()
    for _ in range(2):  # (the second build with what the first kept)
        loaded = load(DEMO, fesa_checks=store)
        assert [d.message for d in loaded.report.errors] == [
            "the exported turnering.txt fails FESA's check: a check that fails"]
        assert len(store.kept) == 1  # (the team match's alone)
