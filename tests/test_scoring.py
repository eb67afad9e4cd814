"""Scores, tiebreaks and ranks on the mini festival, every expected value worked out by hand.

The mini festival (tests/fixtures/mini/cup/open), players A(dams) B(aker) C(lark) D(ean) E(vil):
  R1: A-B 1-0, C-D ½-½, E bye
  R2: E-A 0-1, B-C 0-1, D absent
  R3: A-D draw, C-E +- (E did not show up), B bye
"""

from fractions import Fraction as F

from generator.model import Outcome
from generator.rules.scoring import completed_rounds, scores
from generator.rules.tiebreaks import sodos, sos, sosos

A, B, C, D, E = "adams-amy", "baker-ben", "clark-cy", "dean-dora", "evil"


def test_outcomes_are_explicit(mini):
    rec = mini.results["cup/open"].records
    assert [r.outcome for r in rec[E]] == [Outcome.BYE, Outcome.LOSS, Outcome.FORFEIT_LOSS]
    assert [r.outcome for r in rec[D]] == [Outcome.DRAW, Outcome.ABSENT, Outcome.DRAW]
    assert [r.outcome for r in rec[C]] == [Outcome.DRAW, Outcome.WIN, Outcome.FORFEIT_WIN]


def test_scores_after_round_3(mini):
    rec = mini.results["cup/open"].records
    # A 1+1+½ = 2½; B 0+0+1(bye) = 1; C ½+1+1(no-show) = 2½; D ½+0(absent)+½ = 1; E 1(bye)+0+0 = 1
    assert scores(rec, 3) == {A: F(5, 2), B: F(1), C: F(5, 2), D: F(1), E: F(1)}


def test_scores_are_fractions_not_floats(mini):
    assert all(type(v) is F for v in scores(mini.results["cup/open"].records, 3).values())


def test_sos_counts_only_games_played(mini):
    rec = mini.results["cup/open"].records
    # A met B, E, D: 1 + 1 + 1 = 3.   B met A, C: 2½ + 2½ = 5.
    # C met D, B (R3 no-show not counted): 1 + 1 = 2.   D met C, A: 2½ + 2½ = 5.
    # E met only A (R1 bye, R3 no-show): 2½.
    assert sos(rec, 3) == {A: 3, B: 5, C: 2, D: 5, E: F(5, 2)}


def test_sosos(mini):
    rec = mini.results["cup/open"].records
    # A: SOS(B)+SOS(E)+SOS(D) = 5 + 2½ + 5 = 12½;  B: SOS(A)+SOS(C) = 3 + 2 = 5
    # C: SOS(D)+SOS(B) = 5 + 5 = 10;  D: SOS(C)+SOS(A) = 2 + 3 = 5;  E: SOS(A) = 3
    assert sosos(rec, 3) == {A: F(25, 2), B: 5, C: 10, D: 5, E: 3}


def test_sodos_counts_wins_over_the_board_only(mini):
    rec = mini.results["cup/open"].records
    # A beat B (1) and E (1): 2.  C beat B (1); the no-show win over E does not count: 1.  Others: 0.
    assert sodos(rec, 3) == {A: 2, B: 0, C: 1, D: 0, E: 0}


def test_final_ranks_with_a_shared_place(mini):
    table = mini.results["cup/open"].final
    # A and C both 2½: SOS 3 > 2, A first.  B and D: 1 point, SOS 5, SOSOS 5, SODOS 0 each: shared 3rd,
    # listed by name (Baker before Dean).  E: 1 point, SOS 2½ < 5: 5th.
    assert [(s.player, s.rank, s.shared) for s in table] == [
        (A, 1, False), (C, 2, False), (B, 3, True), (D, 3, True), (E, 5, False)]


def test_standings_after_round_1(mini):
    table = mini.results["cup/open"].by_round[0]
    # After R1: A 1 (beat B), E 1 (bye), C ½, D ½, B 0.
    # SOS: A = score(B) = 0, E = 0 (bye), C = score(D) = ½, D = ½, B = score(A) = 1.
    # A vs E: SOSOS A = SOS(B) = 1 > E = 0, so A first.  C vs D: SOSOS ½ each, SODOS 0 each: shared 3rd.
    assert [(s.player, s.rank, s.points) for s in table] == [
        (A, 1, 1), (E, 2, 1), (C, 3, F(1, 2)), (D, 3, F(1, 2)), (B, 5, 0)]


def test_rank_after_each_round(mini):
    res = mini.results["cup/open"]
    # After R2: A 2, C 1½, E 1, D ½, B 0 (all on points, no ties): A 1, C 2, E 3, D 4, B 5.
    assert res.rank_after(A) == [1, 1, 1]
    assert res.rank_after(E) == [2, 3, 5]
    assert res.rank_after(B) == [5, 5, 3]


def test_a_round_without_all_results_is_not_in_the_standings(datadir):
    from generator.pipeline import load
    datadir("cup/open/round-3.yaml", """
        games:
          - [adams-amy, dean-dora]
          - [clark-cy,  evil, 1-0]
        bye: [baker-ben]
        """)
    loaded = load(datadir.root)
    assert loaded.ok, loaded.report.lines()
    event = loaded.data.festivals[0].events[0]
    assert completed_rounds(event) == 2
    assert len(loaded.results["cup/open"].by_round) == 2
    assert loaded.results["cup/open"].records[A][2].outcome is Outcome.PENDING
