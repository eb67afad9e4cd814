"""Elo sources, the grade table, handicaps and their boundaries, adjustments, the arbiter's commands.

Rules: docs/mso-2000.md#elo-for-festival-purposes, docs/mso-2000.md#handicaps; grade table: docs/fesa-ratings.md#grades.
"""

from __future__ import annotations


import pytest

from generator.rules import handicaps
from generator.pipeline import load
from generator.rules.festival_elo import (
    Adjustment, Rating, RatingData, Source, festival_elo, parse_grade, rating_in_round
)

from .conftest import DEMO, run_generator


def test_each_source_in_the_seeds_order():
    everything = RatingData(elo=1900, grade="1k", shogidojo=1000, claimed_grade="3k", assessed=1200)
    assert festival_elo(everything) == Rating(1900, Source.PAN_ATLANTIC)
    # Without a Pan-Atlantic Elo: the club grade's midpoint, 1 kyu = 1620.
    assert festival_elo(RatingData(grade="1k", shogidojo=1000, claimed_grade="3k", assessed=1200)).elo == 1620
    # Without a grade: ShogiDojo 1000 + 450 = 1450.
    assert festival_elo(RatingData(shogidojo=1000, claimed_grade="3k", assessed=1200)).elo == 1450
    # Then the claimed grade's midpoint: 3 kyu = 1410.
    assert festival_elo(RatingData(claimed_grade="3k", assessed=1200)).elo == 1410
    # Last the arbiters' assessment as it is.
    assert festival_elo(RatingData(assessed=1200, assessed_note="looked strong")) == \
        Rating(1200, Source.ASSESSED, "looked strong")
    assert festival_elo(RatingData()) is None


def test_sources_are_explained_in_words():
    assert str(festival_elo(RatingData(grade="1k"))) == "1620 · from 1 kyu grade"
    assert str(festival_elo(RatingData(shogidojo=800))) == "1250 · ShogiDojo 800 + 450"
    assert str(festival_elo(RatingData(claimed_grade="2d"))) == "1860 · from claimed 2 dan"
    assert str(festival_elo(RatingData(elo=2010))) == "2010 · FESA/USSF Elo"


@pytest.mark.parametrize("text", ["3 dan", "3d", "3-dan", "3 Dan", "3dan", "3 D"])
def test_grade_spellings_are_the_same_grade(text):
    assert parse_grade(text) == "3d"


@pytest.mark.parametrize("text", ["13 dan", "7d", "16k", "0k", "3", "dan", "3 dn"])
def test_not_grades(text):
    assert parse_grade(text) is None


def test_an_unknown_grade_is_a_located_error(datadir):
    players = datadir.root / "players.yaml"
    players.write_text(players.read_text().replace("grade: 2 kyu", "grade: 13 dan"))
    # Line 3: "baker-ben:  {family: Baker, given: Ben, country: NL, grade: 13 dan}": "13 dan" starts after
    # 12 characters of id and spaces and "{family: Baker, given: Ben, country: NL, grade: " (48): column 61.
    assert [d.format() for d in load(datadir.root).report.errors] == [
        "data/players.yaml:3:61: error: '13 dan' is not a grade "
        "(grades run from 15 kyu to 6 dan: write e.g. 3d, 1k or '2 kyu')"]


# docs/mso-2000.md#handicaps: L 100, B 200, R 250, RL 350, 2P 450, 4P 550, 5P 750, 6P 1000, rounded down; below
# 100 even.
BOUNDARIES = [(99, None), (100, "l"), (199, "l"), (200, "b"), (249, "b"), (250, "r"), (349, "r"), (350, "rl"),
              (449, "rl"), (450, "2p"), (549, "2p"), (550, "4p"), (749, "4p"), (750, "5p"), (999, "5p"),
              (1000, "6p"), (1500, "6p"), (0, None), (-300, None)]


@pytest.mark.parametrize("erd, code", BOUNDARIES)
def test_handicap_table_boundaries(erd, code):
    assert handicaps.compute(1000 + erd, 1000).code == code


@pytest.mark.parametrize("erd, code", BOUNDARIES)
def test_handicap_table_boundaries_in_a_5_board_simul(erd, code):
    # 250 x log10(5) = 174.74, nearest point 175; plus 40: the giver's side is 215 lower.
    assert handicaps.compute(1000 + erd + 215, 1000, simul_boards=5).code == code


@pytest.mark.parametrize("boards, effect", [(1, 0), (2, 75), (4, 151), (5, 175), (10, 250), (20, 325)])
def test_simul_effect(boards, effect):
    # 250 x log10(N): 2 -> 75.26, 4 -> 150.51 (the festival's 151), 5 -> 174.74, 10 -> 250, 20 -> 325.26.
    assert handicaps.simul_effect(boards) == effect


def test_the_seeds_examples():
    # "The ERD between two players in the team match is 180 points. The stronger player gives a L handicap."
    assert handicaps.compute(1880, 1700).code == "l"
    # "Player A (rating 2120) gives a 5-board simultaneous and player B (rating 1000) … is 905. Therefore,
    # A gives B a 5P handicap."
    h = handicaps.compute(2120, 1000, simul_boards=5)
    assert h.code == "5p"
    assert "adjusted: 1120 - 175 - 40 = 905" in h.steps


def test_adjustments_apply_from_their_round_on():
    base = Rating(1300, Source.ASSESSED)
    adjustments = [Adjustment("x", 3, 1350, "after round 2"), Adjustment("x", 6, 1400)]
    assert [rating_in_round(base, adjustments, r).elo for r in range(1, 8)] == [1300, 1300, 1350, 1350, 1350,
                                                                                1400, 1400]
    assert rating_in_round(base, adjustments, 4).explanation == "arbiters' adjustment: from round 3, after round 2"


def test_an_event_with_the_elo_rule_computes_every_board(datadir):
    event = datadir.root / "cup/open/event.yaml"
    event.write_text(event.read_text() + "handicaps: elo\n")
    loaded = load(datadir.root)
    assert loaded.ok, loaded.report.lines()
    h = {k: (v.giver, v.code, v.written, v.overrides_rule) for k, v in loaded.results["cup/open"].handicaps.items()}
    # Ratings: Adams 1800 (Elo), Clark 1600 (ShogiDojo 1150 + 450), Baker 1510 (2 kyu), Dean 1410 (claimed
    # 3 kyu), Evil 1300 (assessed), 1350 from round 3 (adjusted).
    assert h == {
        # R1 board 1: 1800 - 1510 = 290 gives R, but the round file says b: written, overriding the rule.
        (1, 1): ("adams-amy", "b", True, True),
        # R1 board 2: Clark - Dean 1600 - 1410 = 190: L, given by Clark.
        (1, 2): ("clark-cy", "l", False, False),
        # R2 board 1: Adams (gote) - Evil 1800 - 1300 = 500: 2P, given by Adams.
        (2, 1): ("adams-amy", "2p", False, False),
        # R2 board 2: Clark - Baker 1600 - 1510 = 90: even, no entry.
        # R3 board 1: Adams - Dean 1800 - 1410 = 390: RL.
        (3, 1): ("adams-amy", "rl", False, False),
        # R3 board 2: Clark - Evil with Evil's adjusted 1350: 1600 - 1350 = 250: R (1300 would give 300: R too,
        # so the adjustment is checked above in the player's ratings).
        (3, 2): ("clark-cy", "r", False, False),
    }
    assert loaded.results["cup/open"].ratings["evil"][2].elo == 1350


run = run_generator


def test_handicap_command_prints_the_arithmetic():
    result = run("handicap", "2120", "1000", "--simul-boards", "5")
    assert result.returncode == 0
    assert result.stdout.splitlines() == [
        "Elo difference: 2120 - 1000 = 1120",
        "simultaneous effect: 250 x log10(5) = 174.74, rounded 175",
        "adjusted: 1120 - 175 - 40 = 905",
        "905 rounded down to the nearest handicap: 750 = five pieces (5P)",
        "Handicap: five pieces (5P); in turnering.txt the giver writes (-5p), the receiver (+5p)",
    ]


@pytest.mark.parametrize("args, message", [
    (["2000", "abc"], "error: RECEIVER_ELO must be a whole number, not 'abc'"),
    (["2000", "1500", "--simul-boards", "0"], "error: --simul-boards must be at least 1, not 0"),
    (["2000"], "error: the following arguments are required: RECEIVER_ELO "
     "(see .venv/bin/python -m generator handicap --help)"),
])
def test_handicap_command_bad_input_is_one_line(args, message):
    result = run("handicap", *args)
    assert (result.returncode, result.stdout, result.stderr) == (1, "", message + "\n")


def test_elo_command():
    demo = ("--data", str(DEMO))
    assert run("elo", "kaufman-larry", *demo).stdout == "Kaufman, Larry (kaufman-larry): 2200 · FESA/USSF Elo\n"
    assert run("elo", "kaufmann-larry", *demo).stderr == \
        "error: no player 'kaufmann-larry' (did you mean 'kaufman-larry'?)\n"
    mini = run("elo", "evil", "--data", "tests/fixtures/mini", "--event", "cup/open").stdout.splitlines()
    assert [line.split(", Open ")[1] for line in mini] == [
        "rounds 1-2: 1300 · arbiters' assessment: beat two 3-kyu players",
        "round 3: 1350 · arbiters' adjustment: from round 3, stronger than assessed"]
