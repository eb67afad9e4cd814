"""The desk's round files kept from one read of an event to the next (generator/desk/core.py, Desk._refresh): a
save parses again only the file it wrote, and an event refreshed after a round file was changed behind the desk's
back, even to the same size and time, is the event, the problems and the results of a fresh read.

The festival: a copy of the demo, its championship (rounds 1-9, every result in). Round 3 has
[kaufman-larry, ono-hiroshi, 1-0]; "0-1" is the same size, and "9-9" the same size but no result."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from generator.desk import core
from generator.desk.core import Desk, EventState, fields_of
from generator.diagnostics import Report
from generator.kinds import REGISTRY, kind_of
from generator.pipeline.checks import validate_event
from generator.sources.events import read_event

from .conftest import DEMO

EVENT = "2000-mso-shogi/championship"
KAUFMAN = "[kaufman-larry,   ono-hiroshi, 1-0]"


@pytest.fixture
def desk(tmp_path: Path) -> Desk:
    data = tmp_path / "data"
    shutil.copytree(DEMO, data)
    found = Desk(data)
    assert not found.report.errors, found.report.lines()
    return found


def _round_3(desk: Desk) -> Path:
    return desk.data / EVENT / "round-3.yaml"


def _save_round_9(desk: Desk) -> EventState:
    """Board 1 of round 9 given the other decisive result: one save, the event refreshed."""
    state = desk.state(EVENT)
    game = next(g for r in state.event.rounds if r.number == 9 for g in r.games if g.board == 1)
    now = fields_of(game)
    other: list[object] = ["0-1"] if now == ("1-0",) else ["1-0"]
    return desk.save_result(EVENT, 9, 1, (game.sente.id, game.gote.id), other, list(now))


def _assert_fresh(desk: Desk, state: EventState) -> None:
    """The state is what reading and checking the event afresh gives: the event, the problems, the results."""
    report = Report()
    event = read_event(desk.data / EVENT, "2000-mso-shogi", report, REGISTRY)
    assert event is not None
    validate_event(event, desk.players, report)
    assert state.event == event
    assert state.problems == report.sorted()
    if report.errors:
        assert state.res is None
    else:
        fresh = kind_of(event).results(event, desk.players)
        assert state.res is not None
        assert (state.res.records, state.res.final, state.res.completed) == (fresh.records, fresh.final,
                                                                            fresh.completed)
        assert state.res == fresh


def _edit(path: Path, old: str, new: str, keep_time: bool) -> None:
    """`old` replaced by `new` (the same length) in place: the same file, the same size; its modification time
    moved on by a second, or put back to what it was."""
    assert len(old.encode()) == len(new.encode())
    before = path.stat()
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1
    with open(path, "r+b") as handle:  # in place: the same inode
        handle.write(text.replace(old, new).encode("utf-8"))
    after = path.stat()
    assert (after.st_ino, after.st_size) == (before.st_ino, before.st_size)
    mtime = before.st_mtime_ns if keep_time else before.st_mtime_ns + 1_000_000_000
    os.utime(path, ns=(before.st_atime_ns, mtime))


def test_a_save_parses_only_the_file_it_wrote(desk: Desk, monkeypatch: pytest.MonkeyPatch) -> None:
    _save_round_9(desk)  # the first refresh after the desk's start reads every round file
    parsed: list[str] = []
    read_round = core.read_round  # type: ignore[attr-defined]

    def counted(path: Path, *args: object, **kwargs: object) -> object:
        parsed.append(path.name)
        return read_round(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(core, "read_round", counted)
    state = _save_round_9(desk)
    assert set(parsed) == {"round-9.yaml"}  # the save's own read of it, and the refresh's
    _assert_fresh(desk, state)


@pytest.mark.parametrize("keep_time", [False, True], ids=["mtime-changed", "mtime-put-back"])
def test_a_file_changed_behind_the_desks_back_is_read_again(desk: Desk, keep_time: bool) -> None:
    _save_round_9(desk)
    _save_round_9(desk)  # round 3 now comes from what the desk kept
    _edit(_round_3(desk), KAUFMAN, KAUFMAN.replace("1-0", "0-1"), keep_time)
    # With the time moved on, the desk sees the change itself; put back, a save elsewhere refreshes the event.
    state = _save_round_9(desk) if keep_time else desk.state(EVENT)
    game = next(g for r in state.event.rounds if r.number == 3 for g in r.games if g.sente.id == "kaufman-larry")
    assert fields_of(game) == ("0-1",)
    _assert_fresh(desk, state)


def test_a_kept_files_problems_are_reported_at_each_refresh(desk: Desk) -> None:
    _save_round_9(desk)
    _edit(_round_3(desk), KAUFMAN, KAUFMAN.replace("1-0", "9-9"), keep_time=False)
    broken = desk.state(EVENT)
    assert broken.res is None and any("round-3.yaml" in d.location.file for d in broken.problems)
    _assert_fresh(desk, broken)
    again = _save_round_9(desk)  # round 3 not parsed again: its problems as the desk kept them
    assert again.problems == broken.problems
    _assert_fresh(desk, again)
    _edit(_round_3(desk), KAUFMAN.replace("1-0", "9-9"), KAUFMAN, keep_time=False)
    mended = desk.state(EVENT)
    assert not any("round-3.yaml" in d.location.file for d in mended.problems)
    _assert_fresh(desk, mended)
