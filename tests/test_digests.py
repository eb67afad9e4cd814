"""The data folder's digests, which the build cache keys every part by (sources/digests.py): a festival's changes
with anything in its folder and nothing else; the rest of the folder has one digest of its own."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from generator.sources.digests import data_digests


@pytest.fixture
def data(tmp_path: Path) -> Path:
    root = tmp_path / "data"
    for festival in ("2001-cup", "2002-cup"):
        (root / festival / "open").mkdir(parents=True)
        (root / festival / "festival.yaml").write_text(f"name: {festival}\n", encoding="utf-8")
        (root / festival / "open" / "round-1.yaml").write_text("games: []\n", encoding="utf-8")
    (root / "players.yaml").write_text("ann: {name: Ann}\n", encoding="utf-8")
    (root / "notes").mkdir()  # (a folder without a festival.yaml: the rest of the folder's)
    (root / "notes" / "a.txt").write_text("a", encoding="utf-8")
    return root


def test_a_festivals_digest_changes_with_what_its_folder_holds_and_nothing_else(data: Path) -> None:
    common, festivals = data_digests(data)
    assert set(festivals) == {"2001-cup", "2002-cup"} and festivals["2001-cup"] != festivals["2002-cup"]
    assert data_digests(data) == (common, festivals)  # (the same folder, the same digests)
    seen = {festivals["2001-cup"]}

    def changed() -> None:
        """The first festival's digest is one not seen before; the rest as they were."""
        now_common, now = data_digests(data)
        assert now_common == common and now["2002-cup"] == festivals["2002-cup"]
        assert now["2001-cup"] not in seen
        seen.add(now["2001-cup"])

    (data / "2001-cup" / "open" / "round-1.yaml").write_text("games: [x]\n", encoding="utf-8")
    changed()
    (data / "2001-cup" / "open" / "round-2.yaml").write_text("games: []\n", encoding="utf-8")
    changed()
    (data / "2001-cup" / "open" / "round-2.yaml").rename(data / "2001-cup" / "open" / "round-3.yaml")
    changed()
    (data / "2001-cup" / "empty").mkdir()  # (a folder, even empty, is named)
    changed()
    (data / "2001-cup" / "link").symlink_to("open")  # (a link: by what it names, not followed)
    changed()
    (data / "2001-cup" / "link").unlink()
    (data / "2001-cup" / "link").symlink_to("empty")
    changed()
    (data / "players.yaml").write_text("ann: {name: Anna}\n", encoding="utf-8")
    after_common, after = data_digests(data)
    assert after_common != common and after["2002-cup"] == festivals["2002-cup"]
    (data / "notes" / "a.txt").write_text("b", encoding="utf-8")
    assert data_digests(data)[0] != after_common


def test_a_folder_that_cannot_be_read_has_a_digest_never_taken_for_another(
        data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """(As a folder whose mode forbids reading it: its listing refused.)"""
    listing = os.scandir
    refused = {str(data / "2001-cup" / "open"), str(data / "2002-cup")}

    def scandir(path: str) -> object:
        if str(path) in refused:
            raise PermissionError(13, "Permission denied", str(path))
        return listing(path)

    before = data_digests(data)[1]
    monkeypatch.setattr(os, "scandir", scandir)
    first, second = data_digests(data)[1], data_digests(data)[1]
    assert first["2001-cup"] != second["2001-cup"] and before["2001-cup"] not in (first["2001-cup"],
                                                                                  second["2001-cup"])
    assert first["2002-cup"] != second["2002-cup"]  # (the festival's own folder, refused)
