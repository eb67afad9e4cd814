"""FESA's rating program in the cases a first reading missed (issue: FESA's program in every case it handles):
anonymised lists (empty first names), American-majority events (the program ranks the players before rating
them), the grade shown and the new-player marks, names twice in a list, and where problems are located."""

from __future__ import annotations

from pathlib import Path

from generator.diagnostics import Report
from generator.fesa.lisp import read_all

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


def export_and_rate(root: Path, tmp_path: Path) -> None:
    """The festival's turnering.txt exported, then rated by `fesa rate` from its list into tmp_path/after."""
    out = run_generator("fesa", "export", "--data", str(root), "--out", str(tmp_path / "fesa"))
    assert out.returncode == 0, out.stderr
    (turnering,) = (tmp_path / "fesa").iterdir()
    res = run_generator("fesa", "rate", str(root / "cup" / "before.lisp"), str(turnering), "--out",
                        str(tmp_path / "after"))
    assert res.returncode == 0, res.stderr


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
    export_and_rate(root, tmp_path)
    # Without the list, a player with no given name still needs one for FESA.
    (root / "cup" / "festival.yaml").write_text((root / "cup" / "festival.yaml").read_text().replace(
        "fesa_list: before.lisp\n", ""))
    errors, _ = problems(root)
    assert any("needs a family and a given name for FESA" in e for e in errors), errors


AMERICAN = Path(__file__).resolve().parent / "fixtures" / "fesa" / "american"


def elos(path: Path) -> dict[str, int]:
    entries = read_all(path.read_text(encoding="iso-8859-1"), path.name, Report())
    assert entries is not None
    return {str(e.slots["LAST-NAME"]): int(e.slots["ELO-NUMBER"]) for e in entries[0]}


def test_an_american_tournament_is_rated_in_the_programs_ranking(tmp_path):
    """The 12th Nekomado-ken with American homes (fixtures/fesa/american). The program ranks an American
    tournament by points, SOS, SODOS and cumulative score before rating it, and rates in that order:
    - 3 points: N21. 2 points: N31 (SOS: N17 2 + N15 1 + N21 3 = 6), N17 (N31 2 + N49 2 + N35 1 = 5), N49
      (N50 1 + N17 2 + N16 0 = 3).
    - 1 point: N30 (SOS N21 3 + N35 1 + N26 1 = 5); N35, N26, N15 (SOS 4 each, SODOS 1 each: each beat a
      1-point player): cumulative N35 1+1+1 = 3 (won round 1), N26 and N15 0+0+1 = 1 (won round 3); these two
      are equal in all four and come in reverse file order: N26 (line 5) before N15 (line 1); then N50 (SOS 3).
    - 0 points: N16.
    FESA's program gives N35 1660 and N17 1573 (issue: FESA's program in every case it handles); rated in the
    file's order, as a European tournament is, they come out 1659 and 1572."""
    out = tmp_path / "post"
    result = run_generator("fesa", "rate", str(AMERICAN / "ratingliste.pre"), str(AMERICAN / "turnering.txt"),
                           "--out", str(out))
    assert result.returncode == 0, result.stderr
    after = elos(out)
    assert (after["N35"], after["N17"]) == (1660, 1573)
    rows = [line.split()[1] for line in result.stdout.splitlines()[2:12]]
    assert rows == ["N21", "N31", "N17", "N49", "N30", "N35", "N26", "N15", "N50", "N16"]
    # Opponents by their new numbers: N21 (line 4) beat N30, N26 and N31, now numbers 5, 7 and 2.
    assert result.stdout.splitlines()[2].split()[-5:-2] == ["5+", "7+", "2+"]
    # Promotions are announced in the ranking's order too (N31 before N30, who comes first in the file).
    assert [line for line in result.stdout.splitlines() if line.startswith("Promoting")] == [
        "Promoting N31 to 3 Kyu", "Promoting N30 to 1 Kyu", "Promoting N50 to 5 Kyu"]
    european = tmp_path / "european.pre"
    european.write_text((AMERICAN / "ratingliste.pre").read_text(encoding="iso-8859-1").replace("#\\A", "#\\E"),
                        encoding="iso-8859-1")
    result = run_generator("fesa", "rate", str(european), str(AMERICAN / "turnering.txt"), "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert (elos(out)["N35"], elos(out)["N17"]) == (1659, 1572)
    assert result.stdout.splitlines()[2].split()[1] == "N15"  # the file's order


def test_an_american_table_shortens_first_names(tmp_path):
    # The program prints an American first name of more than 3 letters as its initial ("Mrs." stays).
    names = {"N21": "Robert", "N31": "Mrs.", "N17": "Amy"}
    pre, turnering = tmp_path / "pre", tmp_path / "turnering.txt"
    text, games = (AMERICAN / "ratingliste.pre").read_text(encoding="iso-8859-1"), \
        (AMERICAN / "turnering.txt").read_text(encoding="iso-8859-1")
    for last, first in names.items():
        text = text.replace(f'"{last}" :FIRST-NAME ""', f'"{last}" :FIRST-NAME "{first}"')
        games = games.replace(f"[{last}] []", f"[{last}] [{first}]")
    pre.write_text(text, encoding="iso-8859-1")
    turnering.write_text(games, encoding="iso-8859-1")
    result = run_generator("fesa", "rate", str(pre), str(turnering), "--out", str(tmp_path / "post"))
    assert result.returncode == 0, result.stderr
    assert [line.split()[1:3] for line in result.stdout.splitlines()[2:5]] == [
        ["N21", "R."], ["N31", "Mrs."], ["N17", "Amy"]]
    assert ':FIRST-NAME "Robert"' in (tmp_path / "post").read_text(encoding="iso-8859-1")  # the list keeps it


def test_the_preview_of_an_american_event_agrees_with_fesa_rate(datadir, tmp_path):
    root = with_list(datadir, LIST.replace("#\\E", "#\\A"))
    rated = load_clean(root).ratings["cup/open"].changes
    export_and_rate(root, tmp_path)
    after = elos(tmp_path / "after")
    names = {"adams-amy": "Adams", "baker-ben": "Baker", "clark-cy": "Clark", "dean-dora": "Dean", "evil": "Evil"}
    assert {pid: after[last] for pid, last in names.items()} == {pid: c.after for pid, c in rated.items()}


def test_the_rating_table_shows_fesa_grades_and_the_export_marks_only_new_players(datadir, tmp_path):
    # The list's grades: Adams 1 dan, Dean 3 kyu, Evil 4 kyu; Baker and Clark none (unrated). players.yaml says
    # Baker is 2 kyu and nothing of Dean's or Evil's grade: the table shows FESA's.
    root = with_list(datadir, LIST)
    result = run_generator("rating", "cup/open", "--data", str(root))
    assert result.returncode == 0, result.stderr
    grades = {line.split()[1]: line[40:46].strip() for line in result.stdout.splitlines()[3:8]}
    assert grades == {"Adams": "1 Dan", "Clark": "", "Baker": "", "Dean": "3 Kyu", "Evil": "4 Kyu"}
    # Every player is on the festival's list: none is new to FESA (no N), but Dean, whom players.yaml marks
    # fesa_new: true. Without the list, the players without an elo are new (Baker, Clark, Evil) and Dean.
    out = run_generator("fesa", "export", "--data", str(root), "--out", str(tmp_path / "with"))
    assert out.returncode == 0, out.stderr
    text = next((tmp_path / "with").iterdir()).read_text(encoding="iso-8859-1")
    assert [line.split()[1] for line in text.splitlines()[4:]] == ["[Adams][Amy]", "[Clark][Cy]", "[Baker][Ben]",
                                                                   "N", "[Evil][Eve]"]
    festival = root / "cup" / "festival.yaml"
    festival.write_text(festival.read_text(encoding="utf-8").replace("fesa_list: before.lisp\n", ""))
    out = run_generator("fesa", "export", "--data", str(root), "--out", str(tmp_path / "without"))
    text = next((tmp_path / "without").iterdir()).read_text(encoding="iso-8859-1")
    assert [line.split()[1] for line in text.splitlines()[4:]].count("N") == 4


def test_a_name_twice_in_a_list_is_warned_about_and_the_first_is_taken_everywhere(datadir, tmp_path):
    # Adams again on line 6, at 2000: FESA's program finds the first entry (1850); the site takes it too.
    twice = LIST.rstrip().removesuffix(")") + "\n" + LIST.splitlines()[0][1:].replace("1850", "2000") + ")\n"
    root = with_list(datadir, twice)
    errors, warnings = problems(root)
    assert not errors, errors
    assert [w for w in warnings if "twice" in w] == [
        f"{root / 'cup' / 'before.lisp'}:6: warning: \"Adams\" \"Amy\" is in the list twice (first at line 1): FESA's "
        "rating program takes the first entry, and so does the preview (remove or rename the other entry)"]
    assert load_clean(root).ratings["cup/open"].changes["adams-amy"].before == 1850
    out = run_generator("fesa", "export", "--data", str(root), "--out", str(tmp_path / "fesa"))
    (turnering,) = (tmp_path / "fesa").iterdir()
    res = run_generator("fesa", "rate", str(root / "cup" / "before.lisp"), str(turnering), "--out",
                        str(tmp_path / "after"))
    assert out.returncode == res.returncode == 0, res.stderr
    assert "twice" in res.stderr  # (the warning: the list is read the same way)
    table = next(line for line in res.stdout.splitlines() if " Adams " in line)
    assert " 1850 " in table


def test_a_fesa_list_that_is_not_a_file_is_located_on_festival_yaml(datadir):
    festival = datadir.root / "cup" / "festival.yaml"
    text = festival.read_text(encoding="utf-8")
    (datadir.root / "cup" / "folder").mkdir()
    for value, what in [("missing.lisp", "is not there"), ("folder", "is a folder"),
                        ("5", "is not the name of a file")]:
        festival.write_text(text + f"fesa_list: {value}\n", encoding="utf-8")
        errors, _ = problems(datadir.root)
        assert [e.split(": error: ")[0] for e in errors] == [f"{festival}:7:12"], errors
        assert what in errors[0]


def test_fesa_rate_locates_bad_results_handicaps_and_missing_players_at_once(tmp_path):
    # Line 3: round 2 is "2x" (written as it is, at its column, 20); line 4: an unknown handicap "(+q)" at
    # column 17; lines 5 and 6: two players the list does not have, the hint given once.
    (tmp_path / "pre").write_text(LIST, encoding="iso-8859-1")
    (tmp_path / "turnering.txt").write_text(
        "[Club Cup]\n[2024-05-01]\n1 [Adams][Amy] [2+ 2x] 1\n2 [Baker][Ben] [1-(+q) 0-] 0\n"
        "3 [Nobody][Ned] [0+ 0+] 2\n4 [Noone][Nell] [0+ 0+] 2\n", encoding="iso-8859-1")
    res = run_generator("fesa", "rate", str(tmp_path / "pre"), str(tmp_path / "turnering.txt"), "--out",
                        str(tmp_path / "post"))
    shown = tmp_path / "turnering.txt"
    assert res.returncode == 1 and "Traceback" not in res.stderr and not (tmp_path / "post").exists()
    assert res.stderr.splitlines()[:-1] == [
        f"{shown}:3:20: error: round 2 of Adams Amy: '2x' is not a game the program rates (write the opponent's "
        "number, then + - or =, e.g. 3+ or 3-(+b))",
        f"{shown}:4:17: error: round 1 of Baker Ben: unknown handicap '(+q)' (the program's handicaps: s, m, l, b, r, "
        "rl, 2p, 4p, 5p, 6p)",
        f"{shown}:5: error: Nobody Ned is not in the rating list, nor among the new players (add the player to the "
        "list's new players (--new-players), or correct the name as the list has it)",
        f"{shown}:6: error: Noone Nell is not in the rating list, nor among the new players"]
