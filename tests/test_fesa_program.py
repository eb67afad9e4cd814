"""`fesa rate`: FESA's rating program reproduced, on real lists it wrote (tests/fixtures/fesa/lists, from the
public repository kota/elo_rating: 7 club tournaments, Tokyo 2016-2017, and a sample). The expected files are the
program's own output (ratingliste.post), not ours: every field of every player must be the same, so the files are
compared byte for byte.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from generator.diagnostics import Report
from generator.fesa.lisp import read_all, write

from .conftest import ROOT

LISTS = ROOT / "tests" / "fixtures" / "fesa" / "lists"
FOLDERS = sorted(p.name for p in LISTS.iterdir() if (p / "ratingliste.post").is_file())


def rate(*args: str | Path, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "generator", "fesa", "rate", *map(str, args)], cwd=cwd,
                          capture_output=True, text=True, check=False)


def _before(folder: Path, tmp_path: Path) -> Path:
    """The list before the tournament; the first tournament had none (everybody new): an empty list."""
    if (folder / "ratingliste.pre").is_file():
        return folder / "ratingliste.pre"
    empty = tmp_path / "empty"
    empty.write_text("(\n)\n", encoding="iso-8859-1")
    return empty


def test_the_shared_tournaments_are_all_here():
    # 1st-5th and 20th Nekomado-ken, the 2nd Company League, and the sample: a list before and after each.
    assert FOLDERS == ["1st_nekomadoken", "20th_nekomadoken", "2nd_company_league", "2nd_nekomadoken",
                       "3rd_nekomadoken", "4th_nekomadoken", "5th_nekomadoken", "sample"]


@pytest.mark.parametrize("name", FOLDERS)
def test_a_tournament_rated_gives_the_programs_list_exactly(name, tmp_path):
    folder = LISTS / name
    out = tmp_path / "ratingliste.post"
    extra = ["--new-players", folder / "nye-spillere"] if (folder / "nye-spillere").is_file() else []
    result = rate(_before(folder, tmp_path), folder / "turnering.txt", *extra, "--out", out)
    assert result.returncode == 0, result.stderr
    assert out.read_bytes() == (folder / "ratingliste.post").read_bytes()


def test_five_tournaments_in_one_run_give_the_fifths_list(tmp_path):
    """1st to 5th Nekomado-ken in order, each with its new players: each .pre is the .post before it, so the
    run's list is the 5th's .post."""
    names = [f"{n}_nekomadoken" for n in ("1st", "2nd", "3rd", "4th", "5th")]
    args: list[str | Path] = [_before(LISTS / names[0], tmp_path)]
    args += [LISTS / n / "turnering.txt" for n in names]
    for n in names:
        args += ["--new-players", LISTS / n / "nye-spillere"]
    result = rate(*args, "--out", tmp_path / "post")
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "post").read_bytes() == (LISTS / names[-1] / "ratingliste.post").read_bytes()
    assert result.stdout.count("Nr Name") == 5  # a table for each tournament


def test_the_table_shows_what_the_list_holds(tmp_path):
    """The sample: four players still unrated, so each ELO is his new rating, marked *, with no +/-; the
    ratings are those the program wrote (1787, 1321, 852, 1: Mazouzi lost every game)."""
    folder = LISTS / "sample"
    result = rate(folder / "ratingliste.pre", folder / "turnering.txt", "--out", tmp_path / "post")
    lines = result.stdout.splitlines()
    assert lines[0] == "Nekomado-ken : 2016-01-07"
    assert lines[1].startswith("Nr Name") and lines[1].endswith("Pts   +/-")
    # Nr, name, ELO*, the rounds (from turnering.txt), points; no +/- for an unrated player.
    assert [re.sub(r"\s+", " ", line).strip() for line in lines[2:6]] == [
        "1 Ishikawa Musashi FR 1787* 2+ 4+ 3+ 3", "2 Ould Ahmed Samy FR 1321* 1- 3+ 4+ 2",
        "3 Hebert Pascal FR 852* 4+ 2- 1- 1", "4 Mazouzi Sana FR 1* 3- 1- 2- 0"]
    post = (folder / "ratingliste.post").read_text(encoding="iso-8859-1")
    assert ':LAST-NAME "Mazouzi" :FIRST-NAME "Sana"' in post and ":ELO-NUMBER 1 " in post


def test_the_list_format_reads_and_writes_back_unchanged():
    for path in sorted(LISTS.glob("*/ratingliste.*")):
        text = path.read_text(encoding="iso-8859-1")
        forms = read_all(text, path.name, Report())
        assert forms is not None and len(forms) == 1
        assert "(" + "".join(write(p) + "\n" for p in forms[0]) + "\n)\n" == text, path


def test_mistakes_are_located_and_nothing_is_written(tmp_path):
    folder = LISTS / "3rd_nekomadoken"
    out = tmp_path / "post"
    # A player of the tournament who is in neither the list nor the new players: the line that names him.
    result = rate(folder / "ratingliste.pre", folder / "turnering.txt", "--out", out)
    assert result.returncode == 1 and not out.exists()
    assert "turnering.txt:" in result.stderr and "is not in the rating list, nor among the new players" \
        in result.stderr and "Traceback" not in result.stderr
    # A list that is not the program's data: file, line and column.
    bad = tmp_path / "bad.pre"
    bad.write_text('(#S(PLAYER :LAST-NAME "A")\n#S(PLAYER :LAST-NAME "B" :GAMES #.(run-program "x")))\n',
                   encoding="iso-8859-1")  # data with code in it: refused where it stands, never run
    result = rate(bad, folder / "turnering.txt", "--out", out)
    assert result.returncode == 1 and not out.exists()
    assert "bad.pre:2:33: error: '#.' is not a value a rating list holds" in result.stderr
    assert "Traceback" not in result.stderr
    # A game its opponent's line does not have: the program's own check.
    broken = tmp_path / "turnering.txt"
    broken.write_bytes((folder / "turnering.txt").read_bytes().replace(b"[7+ 9+ 12+]", b"[7+ 9+ 12=]", 1))
    if broken.read_bytes() != (folder / "turnering.txt").read_bytes():
        result = rate(folder / "ratingliste.pre", broken, "--new-players", folder / "nye-spillere", "--out", out)
        assert result.returncode == 1 and "do not share one point" in result.stderr and not out.exists()
