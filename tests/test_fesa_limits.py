"""FESA's rating program on figures it cannot take (issue: hostile data, round 4): ratings beyond its tables,
lists that hold what it cannot read, lists made to take hours or all memory. Each gives a located problem (an
error in the list; a warning where the program, not the data, stops: the event then has no preview), never a
traceback, and the work and memory stay bounded by the input's size."""

from __future__ import annotations

import time
from fractions import Fraction
from pathlib import Path

import pytest

from generator.fesa import program
from generator.fesa.grades import ProgramError
from generator.fesa.lisp import SLOTS, Struct

from .conftest import load_clean, problems, run_generator
from .test_rating_engine import LIST

ADAMS = ':GRADE-LEVEL 1 :GRADE-NAME "Dan" :ELO-NUMBER 1850 :GAMES 50'


def with_list(datadir, text: str) -> Path:
    datadir("cup/before.lisp", text)
    festival = datadir.root / "cup" / "festival.yaml"
    festival.write_text(festival.read_text(encoding="utf-8") + "fesa_list: before.lisp\n", encoding="utf-8")
    return datadir.root


def players_yaml(datadir, old: str, new: str) -> Path:
    path = datadir.root / "players.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return datadir.root


def test_a_rating_past_the_programs_grade_tables_is_a_located_warning_and_no_preview(datadir):
    # Adams, 6 dan, elo 3000 (established: no fesa_games). His first game leaves him above 2880, the upper bound
    # of 7 dan (8 dan's lower bound): promoted to 7 dan; at 7 dan, a game above 8 dan's lower bound counts
    # towards 8 dan, whose game limits the program's tables do not have (they end at 7 dan): the program stops.
    root = players_yaml(datadir, "elo: 1800, grade: 1d", "elo: 3000, grade: 6d")
    errors, warnings = problems(root)
    assert not errors
    assert [w for w in warnings if "stops" in w] == [
        f"{root / 'players.yaml'}:2:1: warning: FESA's rating program stops on cup/open: Adams Amy's rating (2992) "
        "takes him past the grades of FESA's rating program's tables (they end at 7 and 8 dan): the program stops "
        "there; the event has no rating preview (FESA's rating officer has to rate this tournament by hand)"]
    assert "cup/open" not in load_clean(root).ratings


def test_a_list_rating_past_the_tables_is_located_at_its_entry(datadir):
    # The same from FESA's list: Adams 7 dan at 3000, line 1 of the list.
    root = with_list(datadir, LIST.replace(ADAMS, ':GRADE-LEVEL 7 :GRADE-NAME "Dan" :ELO-NUMBER 3000 :GAMES 50'))
    errors, warnings = problems(root)
    assert not errors
    assert any(w.startswith(f"{root / 'cup' / 'before.lisp'}:1: warning: FESA's rating program stops on "
                            "cup/open: Adams Amy's rating") for w in warnings), warnings


def test_a_rating_of_9999_in_a_handicap_game_is_located(datadir):
    # Adams gives Baker a bishop in round 1: the program counts it in grades, which end below 9999.
    root = players_yaml(datadir, "elo: 1800, grade: 1d", "elo: 9999, grade: 1d")
    errors, warnings = problems(root)
    assert not errors
    assert any(w.startswith(f"{root / 'players.yaml'}:2:1: warning: FESA's rating program stops on cup/open: "
                            "Adams Amy's rating of 9999 in a handicap game") for w in warnings), warnings
    # players.yaml allows far more: a figure beyond the program's floats is stopped on too.
    players_yaml(datadir, "elo: 9999,", "elo: 100000,")
    errors, warnings = problems(root)
    assert not errors and any("stops on cup/open" in w for w in warnings), warnings


TOURNAMENT = "[Club Cup]\n[2024-05-01]\n1 [Adams][Amy] GB [2+(-b)] 1\n2 [Baker][Ben] NL [1-(+b)] 0\n"


def fesa_rate(tmp_path: Path, text: str, tournament: str = TOURNAMENT) -> tuple[int, str, Path]:
    (tmp_path / "pre").write_text(text, encoding="iso-8859-1")
    (tmp_path / "turnering.txt").write_text(tournament, encoding="iso-8859-1")
    out = tmp_path / "post"
    result = run_generator("fesa", "rate", str(tmp_path / "pre"), str(tmp_path / "turnering.txt"), "--out", str(out))
    assert "Traceback" not in result.stderr
    return result.returncode, result.stderr, out


def test_fesa_rate_locates_ratings_the_program_cannot_take(tmp_path):
    code, err, out = fesa_rate(tmp_path, LIST.replace(":ELO-NUMBER 1850", ":ELO-NUMBER 9999"))
    assert code == 1 and not out.exists()
    assert f"{tmp_path / 'turnering.txt'}:3: error: Adams Amy's rating of 9999 in a handicap game" in err, err
    assert "add the player" not in err  # (that hint is for a player missing from the list)
    code, err, out = fesa_rate(tmp_path, LIST.replace(ADAMS, ':GRADE-LEVEL 7 :GRADE-NAME "Dan" :ELO-NUMBER 3000 '
                                                      ':GAMES 50'), TOURNAMENT.replace("(-b)", "").replace("(+b)", ""))
    assert code == 1 and not out.exists()
    assert f"{tmp_path / 'turnering.txt'}:3: error: Adams Amy's rating (30" in err, err


def test_a_nationality_list_that_is_not_one_is_a_list_error(datadir, tmp_path):
    bad = LIST.replace('(#S(HOME :LIST #\\E :NATIONALITY "GB" :RESIDENS "GB" :LAST "2023-01-01"))', "5", 1)
    code, err, out = fesa_rate(tmp_path, bad)
    assert code == 1 and not out.exists()
    assert f"{tmp_path / 'pre'}:1: error: \"Adams\": NATIONALITY-LIST is not NIL or a list of #S(HOME …)" in err, err
    errors, _ = problems(with_list(datadir, bad))
    assert any("before.lisp:1: error: \"Adams\": NATIONALITY-LIST" in e for e in errors), errors


def test_an_unrated_players_games_are_bounded(datadir):
    # 100,000 earlier wins (1.1 MB): refused at the entry, at once. 1,000 are rated, in well under a second.
    wins = ":GAMES ((1500 1 1) (1500 0 1))"
    root = with_list(datadir, LIST.replace(wins, ":GAMES (" + "(1500 1 1) " * 100_000 + ")"))
    start = time.perf_counter()
    errors, _ = problems(root)
    assert time.perf_counter() - start < 20
    assert any("before.lisp:2: error: \"Baker\": GAMES lists 100,000 games of an unrated player" in e
               for e in errors), errors
    (root / "cup" / "before.lisp").write_text(LIST.replace(wins, ":GAMES (" + "(1500 1 1) " * 1000 + ")"))
    assert load_clean(root).ratings["cup/open"].changes["baker-ben"].category == "unrated"


def test_a_list_of_millions_of_bad_entries_gives_twenty_errors_and_a_count(datadir):
    root = with_list(datadir, "(" + "NIL\n" * 1_950_000 + ")\n")  # 7.8 MB, under the 8 MB of a data file
    result = run_generator("check", "--data", str(root))
    lines = [x for x in result.stderr.splitlines() if "before.lisp" in x]
    assert "Traceback" not in result.stderr and result.returncode == 1
    assert len(lines) == 21 and lines[0].endswith("before.lisp:1: error: entry 1 of the list is not a #S(PLAYER …) "
                                                  "(each line of the list is one player)")
    assert lines[-1].endswith("before.lisp: error: and 1,949,980 more problems in the list (correct the ones above "
                              "and check again)")


def test_a_list_of_too_many_structures_is_refused_where_they_pass_the_limit(tmp_path):
    code, err, _ = fesa_rate(tmp_path, "(" + "#S(HOME)\n" * 50_001 + ")")
    assert code == 1 and f"{tmp_path / 'pre'}:50001:1: error: more than 50,000 #S( structures" in err, err


def unrated(games: list[tuple[int, Fraction]]) -> program.Entrant:
    slots = {**dict(SLOTS["PLAYER"]), "LAST-NAME": "Wins", "FIRST-NAME": "Will", "ELO-NUMBER": 1500,
             "GAMES": [[r, s, 1] for r, s in games]}
    return program.Entrant(Struct("PLAYER", slots))


def test_the_programs_arithmetic_is_bounded_and_the_player_named():
    # 1,000 earlier wins and one now: unrated (only wins), rated as a performance with a draw added against
    # his best opponent. Each of Newton's steps goes over his 1,002 games: a budget of 5,000 steps is spent
    # in the fifth, and the program is stopped there, on him (the second player).
    other = program.Entrant(Struct("PLAYER", {**dict(SLOTS["PLAYER"]), "ELO-NUMBER": 1500, "GAMES": 50,
                                              "BONUS-COUNT": 100}))
    me = unrated([(1500, Fraction(1))] * 1000)
    me.games, other.games = [(other, Fraction(1), None, None)], [(me, Fraction(0), None, None)]
    with pytest.raises(ProgramError, match="more than 5,000 steps") as stopped:
        program.rate([other, me], program.Budget(5000))
    assert stopped.value.player == 1
