"""turnering.txt: the reader, and every validator message of the guide (docs/fesa-turnering.md#validator-messages),
good and bad files."""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from generator.diagnostics import Report
from generator.fesa import turnering
from generator.fesa.validate import validate

from .conftest import ROOT

REAL = ROOT / "tests" / "fixtures" / "fesa" / "real"

GOOD = """\
; written by hand for the tests: every part of the format
[13. Kurpfalz New Year's Open, Ludwigshafen, Germany, 2025-01-05 - 2025-01-06]
[2025-01-05 - 2025-01-06]
[Time control: 30min + 30sec]
Nr Name Nat 1 2 3 MM Pts

1 [Smith][John] GB [2+(-2P) 3= 4+][1] 3.5 SOS 4.5
2 N [Kowalski][Jan] PL [1-(+2p) 4+ 0+] 2 SOS 5
3 [Müller][Jürgen] DE [4- 1= 0=] 1
4 [Ishikawa][Musashi] [3+ 2- 1-] 1

"""


def check(text: str | bytes, rematches: bool = False) -> tuple[turnering.Tournament | None, list[str]]:
    report = Report()
    data = text.encode(turnering.ENCODING) if isinstance(text, str) else text
    t = turnering.read(data, "t.txt", report)
    if t is not None:
        validate(t, "t.txt", report, rematches_allowed=rematches)
    return t, [d.fesa_format() for d in report.sorted()]


def test_a_good_file_reads_completely_and_passes():
    t, found = check(GOOD)
    assert found == []
    assert t is not None
    assert t.name == "13. Kurpfalz New Year's Open, Ludwigshafen, Germany, 2025-01-05 - 2025-01-06"
    assert t.dates == ("2025-01-05", "2025-01-06")
    assert t.time_control == (30, 30)
    assert t.columns == "Nr Name Nat 1 2 3 MM Pts"
    smith, kowalski, mueller, ishikawa = t.players
    assert (smith.last, smith.first, smith.nationality, smith.new) == ("Smith", "John", "GB", False)
    assert kowalski.new and kowalski.nationality == "PL"
    assert mueller.first == "Jürgen"  # decoded as ISO 8859-1
    assert ishikawa.nationality is None and ishikawa.points == 1
    assert [str(r) for r in smith.results] == ["2+(-2P)", "3=", "4+"]
    assert smith.results[0].handicap_code == "2p" and smith.results[0].handicap_sign == "-"
    # Smith: 2+ 3= 4+ = 1 + ½ + 1 = 2½, plus MacMahon 1 = 3½ as declared; Kowalski 0 + 1 + 1 (bye) = 2;
    # Müller 0 + ½ + ½ (0= is half a point) = 1.
    assert (smith.macmahon, smith.points, smith.extra) == (1, Fraction(7, 2), "SOS 4.5")
    assert kowalski.points == 2 and mueller.points == 1


def test_writing_what_was_read_reads_back_the_same():
    t, _ = check(GOOD)
    assert t is not None
    again, found = check(turnering.write(t))
    assert found == []
    assert again == t


def test_empty_tournament_name():
    _, found = check("[]\n[2024-01-06]\n1 [A][B] [0+] 1\n")
    assert found == ["t.txt:1: ERROR: Tournament name cannot be empty."]


@pytest.mark.parametrize("line", ["[2024/01/15]", "[15-01-2024]", "[2024-02-30]", "[2024-01-16 - 2024-01-15]",
                                  "[2024-1-5]"])
def test_invalid_date_format(line):
    _, found = check(f"[Cup]\n{line}\n1 [A][B] [0+] 1\n")
    assert found == ["t.txt:2: ERROR: Invalid date format."]


def test_date_range_and_single_date_are_valid():
    assert check("[Cup]\n[2024-01-15 - 2024-01-16]\n1 [A][B] [0+] 1\n")[1] == []
    assert check("[Cup]\n[2024-02-29]\n1 [A][B] [0+] 1\n")[1] == []  # 2024 is a leap year


def test_inconsistent_results():
    text = "[Cup]\n[2024-01-06]\n1 [A][A] [2+ 3+]\n2 [B][B] [1- 3+]\n3 [C][C] [0+ 1+]\n"
    _, found = check(text)
    # round 2: #1 says 3+ but #3 says 1+ (both won); #2's 3+ points at #3, whose round 2 is against #1.
    assert found == [
        "t.txt:3: ERROR: Inconsistent results between player #1 and player #3 in round 2.",
        "t.txt:4: ERROR: Inconsistent results between player #2 and player #3 in round 2.",
    ]


def test_invalid_handicap_notation():
    text = "[Cup]\n[2024-01-06]\n1 [A][A] [2-(-3p)]\n2 [B][B] [1+(+3p)]\n"
    _, found = check(text)
    assert found == [
        't.txt:3: ERROR: Invalid handicap notation "(-3p)" for player #1 in round 1.',
        't.txt:4: ERROR: Invalid handicap notation "(+3p)" for player #2 in round 1.',
    ]


def test_handicap_without_sign_is_invalid_and_codes_are_case_insensitive():
    assert check("[Cup]\n[2024-01-06]\n1 [A][A] [2+(-RL)]\n2 [B][B] [1-(+rl)]\n")[1] == []
    assert check("[Cup]\n[2024-01-06]\n1 [A][A] [2+(b)]\n2 [B][B] [1-(+b)]\n")[1] == [
        't.txt:3: ERROR: Invalid handicap notation "(b)" for player #1 in round 1.']


@pytest.mark.parametrize("one, two", [("2+(-2p)", "1-(-2p)"), ("2+(-2p)", "1-(+4p)"), ("2+(-2p)", "1-")])
def test_handicap_sides_must_agree(one, two):
    _, found = check(f"[Cup]\n[2024-01-06]\n1 [A][A] [{one}]\n2 [B][B] [{two}]\n")
    assert found == ["t.txt:3: ERROR: Inconsistent handicap between player #1 and player #2 in round 1."]


def test_empty_name():
    _, found = check("[Cup]\n[2024-01-06]\n1 [A][A] [2+]\n2 [B][B] [1-]\n3 [][C] [0+]\n")
    assert found == ["t.txt:5: ERROR: Player #3 has an empty name."]


def test_placements_must_run_1_to_n_ties_allowed():
    assert check("[Cup]\n[2024-01-06]\n1 [A][A] [2=]\n1 [B][B] [1=]\n3 [C][C] [0+]\n")[1] == []
    _, found = check("[Cup]\n[2024-01-06]\n1 [A][A] [2+]\n3 [B][B] [1-]\n2 [C][C] [0+]\n")
    assert found == ["t.txt:4: ERROR: Placement of player #2 is 3, expected 2.",
                     "t.txt:5: ERROR: Placement of player #3 is 2, expected 3."]


def test_a_player_with_another_number_of_rounds():
    _, found = check("[Cup]\n[2024-01-06]\n1 [A][A] [2+ 3+]\n2 [B][B] [1- 3=]\n3 [C][C] [0+]\n")
    assert "t.txt:5: ERROR: Player #3 has 1 round, the others have 2." in found


def test_opponent_out_of_range_or_himself():
    _, found = check("[Cup]\n[2024-01-06]\n1 [A][A] [5+]\n2 [B][B] [2+]\n")
    assert found == ["t.txt:3: ERROR: Player #1 has opponent #5 in round 1, but there are only 2 players.",
                     "t.txt:4: ERROR: Player #2 is paired against himself in round 1."]


def test_same_opponent_twice():
    text = "[Cup]\n[2024-01-06]\n1 [A][A] [2+ 2-]\n2 [B][B] [1- 1+]\n"
    _, found = check(text)
    assert found == ["t.txt:3: ERROR: Player #1 meets player #2 twice (rounds 1 and 2).",
                     "t.txt:4: ERROR: Player #2 meets player #1 twice (rounds 1 and 2)."]
    assert check(text, rematches=True)[1] == []


def test_declared_points_must_match_the_results():
    # 2+ 0+ 0= 0- 0# = 1 + 1 (bye) + ½ (half-point bye) + 0 (skipped) + 0 (no-show) = 2½, not 3.
    _, found = check("[Cup]\n[2024-01-06]\n1 [A][A] [2+ 0+ 0= 0- 0#] 3\n2 [B][B] [1- 0+ 0+ 0+ 0+] 4\n")
    assert found == ["t.txt:3: ERROR: Player #1 has 3 points, but the results give 2.5."]


def test_nationality_must_be_two_letters():
    _, found = check("[Cup]\n[2024-01-06]\n1 [A][A] GBR [2+]\n2 [B][B] G1 [1-]\n")
    assert found == ['t.txt:3: ERROR: Invalid nationality "GBR" for player #1.',
                     't.txt:4: ERROR: Invalid nationality "G1" for player #2.']


@pytest.mark.parametrize("tc, warned", [("30min + 30sec", False), ("20min + 40sec", False), ("25min + 30sec", True),
                                        ("30min + 20sec", True), ("20min + 30sec", True), ("90min", True)])
def test_time_control_below_the_minimum_is_a_warning(tc, warned):
    _, found = check(f"[Cup]\n[2024-01-06]\n[Time control: {tc}]\n1 [A][A] [2+]\n2 [B][B] [1-]\n")
    assert [f.split(": ", 2)[1] for f in found] == (["WARNING"] if warned else [])


def test_a_utf8_file_gets_a_warning_naming_the_line():
    _, found = check("[Cup]\n[2024-01-06]\n1 [Müller][Jan] [2+]\n2 [B][B] [1-]\n".encode())
    assert found == ['t.txt:3: WARNING: The file looks like UTF-8, not ISO 8859-1: FESA will read '
                     '"[MÃ¼ller][Jan]" here instead of "[Müller][Jan]".']


def test_comments_blank_lines_crlf_and_a_trailing_blank_line_are_tolerated():
    text = "; a comment\r\n[Cup]\r\n\r\n[2024-01-06]\r\n1 [A][A] [2+]\r\n; another\r\n2 [B][B] [1-]\r\n\r\n"
    assert check(text)[1] == []


def test_a_line_that_is_not_a_player():
    _, found = check("[Cup]\n[2024-01-06]\n1 [A][A] [2+]\n2 B B 1-\n")
    assert "t.txt:4: ERROR: Invalid player line." in found


def test_an_invalid_result_token():
    _, found = check("[Cup]\n[2024-01-06]\n1 [A][A] [2x]\n2 [B][B] [0+]\n")
    assert found == ['t.txt:3: ERROR: Invalid result "2x" for player #1 in round 1.']


@pytest.mark.parametrize("path", sorted(REAL.glob("*.txt")), ids=lambda p: p.name)
def test_real_files_give_one_error_per_player_for_the_empty_first_name(path: Path):
    t, found = check(path.read_bytes())
    assert t is not None
    players = len(t.players)
    expected = [f"t.txt:{p.line}: ERROR: Player #{n} has an empty name." for n, p in enumerate(t.players, 1)
                if not p.first]
    assert found == expected
    if path.name == "sample__turnering.txt":
        assert expected == [] and players == 4  # the sample has real names
    else:
        assert len(expected) == players


@pytest.mark.parametrize("path", sorted(REAL.glob("*.txt")), ids=lambda p: p.name)
def test_real_files_with_names_filled_in_pass(path: Path):
    assert check(path.read_bytes().replace(b"] [] [", b"] [Taro] ["))[1] == []


def test_real_file_sizes():
    # Counted in the files: 14, 27, 8 and 71 player lines, and the sample's 4.
    sizes = {p.name: len(check(p.read_bytes())[0].players) for p in REAL.glob("*.txt")}  # type: ignore[union-attr]
    assert sizes == {"10th_nekomadoken__turnering.txt": 14, "1st_company_league__turnering.txt": 27,
                     "2nd_company_league_2__turnering.txt": 8, "3rd_company_league_day1__turnering.txt": 71,
                     "sample__turnering.txt": 4}


def test_fesa_check_command_exit_codes(tmp_path):
    good = tmp_path / "good.txt"
    good.write_bytes(GOOD.encode("iso-8859-1"))
    ok = subprocess.run([sys.executable, "-m", "generator", "fesa", "check", str(good)],
                        check=False, capture_output=True, text=True, cwd=tmp_path)
    assert (ok.returncode, ok.stdout, ok.stderr) == (0, "1 file: 0 errors, 0 warnings\n", "")
    bad = subprocess.run([sys.executable, "-m", "generator", "fesa", "check", str(REAL / "sample__turnering.txt"),
                          str(REAL / "2nd_company_league_2__turnering.txt")],
                         check=False, capture_output=True, text=True, cwd=ROOT)
    assert bad.returncode == 1
    assert bad.stderr.splitlines()[0] == \
        "tests/fixtures/fesa/real/2nd_company_league_2__turnering.txt:3: ERROR: Player #1 has an empty name."
    # Eight errors (players 1-8 of the second file have an empty first name), then the summary line.
    assert len(bad.stderr.splitlines()) == 9
    assert bad.stderr.splitlines()[-1] == "2 files: 8 errors, 0 warnings"


def test_a_utf8_bom_before_an_ascii_file_reads_with_its_encoding_warning():
    # The BOM is the bytes EF BB BF, which ISO 8859-1 reads as "ï»¿" before "[Cup]": the name is still "Cup".
    t, found = check(b"\xef\xbb\xbf[Cup]\n[2024-01-06]\n1 [A][A] [2+]\n2 [B][B] [1-]\n")
    assert t is not None and t.name == "Cup" and len(t.players) == 2
    assert found == ['t.txt:1: WARNING: The file looks like UTF-8, not ISO 8859-1: FESA will read "ï»¿[Cup]" '
                     'here instead of "\\ufeff[Cup]".']


def test_a_trailing_ctrl_z_is_the_end_of_the_file():
    t, found = check("[Cup]\r\n[2024-01-06]\r\n1 [A][A] [2+]\r\n2 [B][B] [1-]\r\n\x1a")
    assert t is not None and len(t.players) == 2 and found == []


def test_an_invalid_handicap_on_one_side_gives_only_that_message():
    # Player #1 writes "(-3p)", not a handicap of the guide; #2's "(+2p)" is valid: only #1's line is wrong.
    _, found = check("[Cup]\n[2024-01-06]\n1 [A][A] [2+(-3p)]\n2 [B][B] [1-(+2p)]\n")
    assert found == ['t.txt:3: ERROR: Invalid handicap notation "(-3p)" for player #1 in round 1.']


def test_the_guides_faq_example_of_a_no_show_against_a_paired_opponent():
    # The guide's FAQ (docs/fesa-turnering.md#results), verbatim: "1 [Smith][John][2- 3# 1=] 1.5": in round 2
    # Smith did not show up against #3.
    t, found = check("[Cup]\n[2024-01-06]\n1 [Smith][John][2- 3# 1=] 1.5\n2 [B][B] [1+ 0+ 0+] 3\n"
                     "3 [C][C] [0+ 1+ 0+] 3\n")
    assert t is not None
    assert [(r.opponent, r.result) for r in t.players[0].results] == [(2, "-"), (3, "#"), (1, "=")]
    # No message about the no-show: only the example's own slips, "1=" against himself (he is #1) and 1.5
    # points where 0 + 0 + ½ = 0.5 (and so #3's round-3 cell cannot agree with a game against #1).
    assert not [f for f in found if "no-show" in f or "round 2" in f]
    assert "t.txt:3: ERROR: Player #1 is paired against himself in round 3." in found
    assert "t.txt:3: ERROR: Player #1 has 1.5 points, but the results give 0.5." in found
    # The same no-show in a consistent file: #3's round-2 cell reads 1+ (a win without play); no error.
    text = ("[Cup]\n[2024-01-06]\n"
            "1 [Smith][John] [2- 3# 4=] 0.5\n"
            "2 [B][B] [1+ 4+ 3-] 2\n"
            "3 [C][C] [4- 1+ 2+] 2\n"
            "4 [D][D] [3+ 2- 1=] 1.5\n")
    assert check(text)[1] == []
    # 0# (a no-show with no opponent) still reads.
    assert check("[Cup]\n[2024-01-06]\n1 [A][A] [2+ 0#] 1\n2 [B][B] [1- 0+] 1\n")[1] == []



def test_a_control_character_in_a_file_is_a_located_error() -> None:
    """A control character in a name (U+0001 here) is no text: FESA's program would print it as nothing, and the site
    keeps such characters for its own use (render/marks.py). A tab, a line's end and Ctrl-Z are read as they are."""
    text = GOOD.replace("[Smith][John]", "[Sm\x01ith][John]")
    _, found = check(text)
    # Line 7 is Smith's (a comment, the name, the dates, the time control, the columns, a blank line before it);
    # "1 [Sm" is 5 characters: the control character is the 6th
    assert [f for f in found if "control character" in f] == [
        "t.txt:7:6: ERROR: A control character (U+0001) is not text: FESA's program and the site would show it as "
        "nothing, or as something else."]
    _, found = check(GOOD.replace("[Smith][John] GB", "[Smith][John]\tGB"))
    assert not [f for f in found if "control character" in f]
