"""The YAML reader: YAML 1.2 values, and the limits that turn a hostile file into a located error."""

from __future__ import annotations

import datetime as dt

from generator.diagnostics import Report
from generator.sources import yamltree
from generator.sources.yamltree import Mapping, Scalar, Sequence, load


def read(tmp_path, text: str):
    path = tmp_path / "f.yaml"
    path.write_text(text, encoding="utf-8")
    report = Report()
    return load(path, "f.yaml", report), [f"{d.location}: error: {d.message}" for d in report.errors]


def values(tree) -> dict:
    assert isinstance(tree, Mapping)
    return {k.value: v.value for k, v in tree.items if isinstance(v, Scalar)}


def test_plain_values_are_typed_by_yaml_1_2(tmp_path):
    tree, errors = read(tmp_path, "a: 1\nb: 1_000\nc: 0x1F\nd: 2.5\ne: yes\nf: true\ng: ~\nh:\ni: 2026-11-22\n"
                                  "j: 1:0\nk: '7'\nl: 017\nm: !!int 5\n")
    assert errors == []
    # YAML 1.2: yes is text; 1:0 is text (YAML 1.1 read it as 60); 017 is not an octal number in 1.2.
    assert values(tree) == {"a": 1, "b": 1000, "c": 31, "d": 2.5, "e": "yes", "f": True, "g": None, "h": None,
                            "i": dt.date(2026, 11, 22), "j": "1:0", "k": "7", "l": "017", "m": 5}


def test_infinite_and_unreadable_numbers_are_located_errors(tmp_path):
    _, errors = read(tmp_path, "a: .inf\nb: .nan\nc: !!float abc\nd: 2026-02-30\n")
    assert [e.split(": error: ")[0] for e in errors] == ["f.yaml:1:4", "f.yaml:2:4", "f.yaml:3:4", "f.yaml:4:4"]


def test_duplicate_and_complex_keys_are_reported_and_the_rest_is_kept(tmp_path):
    tree, errors = read(tmp_path, "a: 1\n[x]: 2\na: 3\nb: [1, 2]\n")
    assert errors == ["f.yaml:2:1: error: a key must be a single word or value",
                      "f.yaml:3:1: error: 'a' appears twice in the same mapping (first at line 1)"]
    assert tree.keys() == ["a", "b"] and isinstance(tree.get("b"), Sequence)
    assert values(tree)["a"] == 1


def test_an_alias_repeats_its_value_and_one_inside_itself_is_refused(tmp_path):
    tree, errors = read(tmp_path, "a: &x [1, 2]\nb: *x\n")
    assert errors == [] and [s.value for s in tree.get("b").items] == [1, 2]
    tree, errors = read(tmp_path, "a: &a [*a]\n")  # columns: a 1, : 2, & 4, [ 7, * 8
    assert tree is None and errors == ["f.yaml:1:8: error: the alias *a repeats a value that holds it"]


def test_an_alias_bomb_is_refused_quickly(tmp_path):
    # Nine levels of nine aliases each: 9^9 = 387,420,489 values once expanded, far above the limit of 1,000,000.
    lines = ["l0: &l0 [x, x, x, x, x, x, x, x, x]"]
    lines += [f"l{i}: &l{i} [{', '.join([f'*l{i - 1}'] * 9)}]" for i in range(1, 10)]
    tree, errors = read(tmp_path, "\n".join(lines) + "\n")
    assert tree is None and len(errors) == 1 and "more than 1,000,000 values" in errors[0]


def test_deep_nesting_is_refused_without_a_crash(tmp_path):
    tree, errors = read(tmp_path, "a: " + "[" * 100_000 + "\n")
    # The 64th bracket opens depth 65 (the mapping is depth 1): it is at column 3 + 64 = 67.
    assert tree is None and errors == ["f.yaml:1:67: error: values nested more than 64 deep"]


def test_a_second_document_a_directory_and_a_large_file_are_refused(tmp_path, monkeypatch):
    _, errors = read(tmp_path, "a: 1\n---\nb: 2\n")
    assert errors == ["f.yaml:2:1: error: the file holds a second YAML document (a '---' line)"]
    report = Report()
    assert load(tmp_path, "dir.yaml", report) is None
    assert [d.message for d in report.errors] == ["this is not a file"]
    monkeypatch.setattr(yamltree, "MAX_BYTES", 10)
    _, errors = read(tmp_path, "a: 12345678\n")
    assert errors == ["f.yaml: error: the file is larger than 0 MB"]


def test_a_control_character_is_located(tmp_path):
    _, errors = read(tmp_path, "a: 1\nb: x\x07y\n")
    assert errors == ["f.yaml:2:5: error: the character U+0007 cannot appear in YAML"]
