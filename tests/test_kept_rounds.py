"""Round files as an earlier build read them (sources/kept_rounds.py): the data read with the build cache's rounds is
the data read without, whatever the fixtures hold (knock-outs, team matches, Shuuro's captures, Oware's records,
simuls); a file that changed is read again; a file with a problem is never kept, and says its problems each time;
a kept round that is not what `encode` wrote is read from its file instead."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from generator.diagnostics import Report, display_path
from generator.kinds import REGISTRY
from generator.model import DataSet
from generator.sources import kept_rounds
from generator.sources.reader import read_data
from generator.sources.rounds import read_round

FIXTURES = Path(__file__).parent / "fixtures"


class Store:
    """A store as the build cache is one: text by key; it counts what it was asked."""

    def __init__(self) -> None:
        self.kept: dict[str, str] = {}
        self.asked = 0

    def get(self, key: str) -> str | None:
        self.asked += 1
        return self.kept.get(key)

    def put(self, key: str, value: str) -> None:
        self.kept[key] = value


def _read(root: Path, store: Store | None) -> tuple[DataSet, list[str]]:
    report = Report()
    data = read_data(root, report, REGISTRY, round_reader=kept_rounds.reader(store) if store is not None else None)
    return data, report.lines()


@pytest.mark.parametrize("fixture", sorted(p.name for p in FIXTURES.iterdir() if any(p.rglob("round-*.yaml"))))
def test_the_data_read_with_kept_rounds_is_the_data_read_without(fixture: str, monkeypatch: pytest.MonkeyPatch) \
        -> None:
    root = FIXTURES / fixture
    store = Store()
    cold = _read(root, None)
    assert _read(root, store) == cold  # (the store empty: each round read, and kept)
    assert len(store.kept) == store.asked  # (every round file of the fixtures is read without a problem)

    def not_again(*args: object) -> None:
        raise AssertionError("a round file parsed again")

    monkeypatch.setattr(kept_rounds, "read_round", not_again)
    assert _read(root, store) == cold  # (each round from the store: none parsed again)


def test_a_round_file_that_changed_is_read_again_and_one_with_a_problem_is_never_kept(tmp_path: Path) -> None:
    root = tmp_path / "data"
    shutil.copytree(FIXTURES / "mini", root)
    store = Store()
    _read(root, store)
    kept = dict(store.kept)
    round_file = next(iter(sorted(root.rglob("round-*.yaml"))))
    text = round_file.read_text(encoding="utf-8")
    changed = text.replace("1-0", "0-1", 1)
    assert changed != text
    round_file.write_text(changed, encoding="utf-8")
    assert _read(root, store) == _read(root, None)  # (the changed file read again: its new result)
    assert len(store.kept) == len(kept) + 1  # (and kept under a key of its own)
    round_file.write_text(text + "absent: [nobody-at-all]\nbye: [\n", encoding="utf-8")  # (a syntax error)
    broken = _read(root, None)
    assert broken[1] and any(display_path(round_file) in line for line in broken[1])
    for _ in range(2):  # (said at every build: never kept)
        assert _read(root, store) == broken
    assert len(store.kept) == len(kept) + 1


def test_a_kept_round_that_is_not_what_encode_wrote_is_read_from_its_file(tmp_path: Path) -> None:
    root = tmp_path / "data"
    shutil.copytree(FIXTURES / "teams", root)
    store = Store()
    cold = _read(root, store)
    keys = sorted(store.kept)
    good = store.kept[keys[0]]
    found = json.loads(good)
    spoilt = [
        "", "not json", "[]", json.dumps({"format": kept_rounds.FORMAT}), good[:-1],
        json.dumps(["banzuke-round/0", *found[1:]]),
        json.dumps([*found[:1], "3", *found[2:]]),  # (a round's number as text)
        json.dumps([*found[:2], [1], *found[3:]]),  # (a place without its column)
        json.dumps([*found[:5], [[1]], *found[6:]]),  # (a board that is not one)
        json.dumps([*found[:5], [[*found[5][0][:7], "2-2", *found[5][0][8:]]], *found[6:]]),  # (no such result)
        json.dumps([*found[:5], [[*found[5][0][:11], 1, *found[5][0][12:]]], *found[6:]]),  # (knock-out: not a flag)
        json.dumps([*found[:13], [[[["a", 1, 1], ["b", 1, 1]], [99], [1, 1]]], *found[14:]]),  # (a board it has not)
        json.dumps([*found[:13], [[[["a", 1, 1], ["b", 1, 1]], [-1], [1, 1]]], *found[14:]]),
        json.dumps(found)[:-1] + "," * 10_000 + "]",
        "[" * 100_000 + "]" * 100_000,
    ]
    for text in spoilt:
        assert kept_rounds.decode(text, "x.yaml") is None, text[:80]
        for key in keys:
            store.kept[key] = text
        assert _read(root, store) == cold  # (each read from its file: the same data)
        assert all(store.kept[key] == good or key != keys[0] for key in keys)  # (and kept anew, as it is)


def test_a_round_holding_what_encode_does_not_write_is_not_kept(tmp_path: Path) -> None:
    path = next(iter(sorted((FIXTURES / "mini").rglob("round-*.yaml"))))
    found = read_round(path, 1, Report())
    shown = display_path(path)
    assert kept_rounds.encode(found, shown) is not None
    assert kept_rounds.encode(found, "another-file.yaml") is None  # (a place in another file)
    assert kept_rounds.encode(found.__class__(**{**vars(found), "games": (object(),)}), shown) is None
