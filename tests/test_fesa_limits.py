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

pytestmark = pytest.mark.slow  # lists as large as a data file may be: not in the fast rules' tests

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
    assert lines[-1].endswith("before.lisp:21: error: and 1,949,980 more problems in the list, from this line on "
                              "(correct the ones above and check again)")


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


# A tournament whose ratings never settle (found by a search of small handicap tournaments). Cole 983 and Birch
# 1695 are rated (18 games, bonus count 0: the under-1800 bonus (1800 − pr)/200 is theirs); Ash is new, with no
# grade. Cole gives Ash five pieces (6.5 grades) and wins; Cole gives Birch rook and lance and wins; Ash gives
# Birch two pieces and draws. Cole's 983 is grade 7 + 23/80 = 7.2875 in the program's numbering; less 6.5 is
# 0.7875, that is 400 + 0.7875 × 80 = 463: Ash counts 983 − 463 = 520 above his own figure. Birch ends at 1661
# either way, and counts 1877 against Cole.
# - Ash at 710: Ash counts 1230; Cole's upset 36 × (1230 − 983)/160 = 55.575, bonus 4.085: 59.66, so 1042.66 after
#   it, where k is 32: 32 × (1877 − 1042.66)/160 = 166.868 and bonus 3.787: Cole +230.31, 1213. Ash lost to Cole
#   giving him five pieces: Cole counts the rating of grade 10.1625 − 6.5 = 3.6625, 693; with his draw against
#   1949 (Birch 1661, plus the 288 two pieces are worth at Ash's level) his performance is 692.
# - Ash at 692: Ash counts 1212; Cole 36 × 229/160 = 51.525 + 4.085 = 55.61, so 1038.61, where k is still 36:
#   36 × (1877 − 1038.61)/160 = 188.638 and bonus 3.807: Cole +248.05, 1231; Cole counts 711 against Ash: 710.
# Back to the start: the program passes forever. Cole and Ash swing; Birch does not.
SWING = ("[Swing Cup]\n[2024-05-01]\n1 [Cole][Cy] GB [0+ 2+(-5p) 3+(-rl)] 3\n2 [Ash][Al] GB [3=(-2p) 1-(+5p) 0+] 1.5\n"
         "3 [Birch][Bo] GB [2=(+2p) 0+ 1-(+rl)] 1.5\n")
HOME = '(#S(HOME :LIST #\\E :NATIONALITY "GB" :RESIDENS "GB" :LAST "2023-01-01"))'
SWING_LIST = "(" + "\n".join(f'#S(PLAYER :LAST-NAME "{last}" :FIRST-NAME "{first}" :NATIONALITY-LIST {HOME} {rest})'
                             for last, first, rest in [("Cole", "Cy", ":ELO-NUMBER 983 :GAMES 18"),
                                                       ("Ash", "Al", ":ELO-NUMBER 0 :GAMES 0"),
                                                       ("Birch", "Bo", ":ELO-NUMBER 1695 :GAMES 18")]) + ")\n"


def test_ratings_that_never_settle_are_a_located_error_naming_who_swings(tmp_path):
    start = time.perf_counter()
    code, err, out = fesa_rate(tmp_path, SWING_LIST, SWING)
    assert code == 1 and not out.exists() and time.perf_counter() - start < 20
    assert f"{tmp_path / 'turnering.txt'}:3: error: the ratings never settle: Cole Cy, Ash Al swing between 2 " \
           "states pass after pass (FESA's rating program repeats its passes forever here)" in err, err


def test_the_preview_of_ratings_that_never_settle_is_a_located_warning(datadir):
    # The same games in the site: Adams as Cole (983), Baker as Birch (1695), Clark as Ash (new, no grade).
    root = players_yaml(datadir, "elo: 1800, grade: 1d", "elo: 983, grade: 1d")
    players_yaml(datadir, "grade: 2 kyu}", "grade: 2 kyu, elo: 1695}")
    datadir("cup/open/event.yaml", """
        name: Test Open
        short: Open
        format: swiss
        game: shogi
        rounds: 3
        start: 2024-03-02
        end: 2024-03-03
        time_control: {minutes: 30, byoyomi: 30}
        players: [adams-amy, baker-ben, clark-cy]
        """)
    datadir("cup/open/round-1.yaml", "games:\n  - [clark-cy, baker-ben, ½-½, 2p]\nbye: [adams-amy]\n")
    datadir("cup/open/round-2.yaml", "games:\n  - [adams-amy, clark-cy, 1-0, 5p]\nbye: [baker-ben]\n")
    datadir("cup/open/round-3.yaml", "games:\n  - [adams-amy, baker-ben, 1-0, rl]\nbye: [clark-cy]\n")
    errors, warnings = problems(root)
    assert not errors, errors
    assert [w for w in warnings if "stops" in w] == [
        f"{root / 'cup' / 'open' / 'event.yaml'}:1: warning: FESA's rating program stops on cup/open: the ratings "
        "never settle: Adams Amy, Clark Cy swing between 2 states pass after pass (FESA's rating program repeats its "
        "passes forever here); the event has no rating preview (FESA's rating officer has to settle this "
        "tournament's ratings by hand)"]


def test_a_performance_whose_newton_steps_swing_is_stopped_at_once():
    # 7½ of 8 against 1120, 2024, 1160, 1197, 883, 1362 (wins), 3768 (a draw) and 400 (a win): Newton's method
    # from 1120 climbs by steps of at most 800 to 3387.8, then swings: from 3375.07 the step is +800 (capped),
    # from 4175.07 it is −800, for ever. FESA's program goes on until its limit, 0.001 growing by 0.0001 a step,
    # passes 800: some eight million steps. Stopped as soon as a guess comes back with such a step: 4175.07 (the
    # first 3375.07 differs from the next ones in its last bits).
    games = [(r, Fraction(s), 1) for r, s in [(1120, 1), (2024, 1), (1160, 1), (1197, 1), (883, 1), (1362, 1),
                                              (3768, Fraction(1, 2)), (400, 1)]]
    budget = program.Budget()
    with pytest.raises(ProgramError, match="swings around 4175"):
        program.performance(games, budget)
    assert budget.steps - budget.left < 100 * len(games)
