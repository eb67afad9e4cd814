"""FESA's rating program in the cases a first reading missed (issue: FESA's program in every case it handles):
anonymised lists (empty first names), American-majority events (the program ranks the players before rating
them), the grade shown and the new-player marks, names twice in a list, and where problems are located."""

from __future__ import annotations

from pathlib import Path

from .conftest import load_clean, problems, run_generator
from .test_rating_engine import LIST


def with_list(datadir, text: str) -> Path:
    datadir("cup/before.lisp", text)
    festival = datadir.root / "cup" / "festival.yaml"
    festival.write_text(festival.read_text(encoding="utf-8") + "fesa_list: before.lisp\n", encoding="utf-8")
    return datadir.root


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_an_anonymised_list_with_empty_first_names_works(datadir, tmp_path):
    # FESA's anonymised lists name players N<number> with an empty first name: Adams is "N12" there, and in
    # players.yaml (no given name). He starts from his list entry (1850, not players.yaml's 1800), and the event
    # is exported with [N12][], as the program reads it.
    root = with_list(datadir, LIST.replace('"Adams" :FIRST-NAME "Amy"', '"N12" :FIRST-NAME ""'))
    edit(root / "players.yaml", "family: Adams, given: Amy,", "family: N12,")
    errors, _ = problems(root)
    assert not errors, errors
    loaded = load_clean(root)
    assert loaded.ratings["cup/open"].changes["adams-amy"].before == 1850
    assert loaded.fesa["cup/open"].exported and b"[N12][]" in loaded.fesa["cup/open"].content
    # fesa rate takes the exported file with the same list.
    out = run_generator("fesa", "export", "--data", str(root), "--out", str(tmp_path / "fesa"))
    assert out.returncode == 0, out.stderr
    (turnering,) = (tmp_path / "fesa").iterdir()
    res = run_generator("fesa", "rate", str(root / "cup" / "before.lisp"), str(turnering), "--out",
                        str(tmp_path / "after"))
    assert res.returncode == 0, res.stderr
    # Without the list, a player with no given name still needs one for FESA.
    (root / "cup" / "festival.yaml").write_text((root / "cup" / "festival.yaml").read_text().replace(
        "fesa_list: before.lisp\n", ""))
    errors, _ = problems(root)
    assert any("needs a family and a given name for FESA" in e for e in errors), errors
