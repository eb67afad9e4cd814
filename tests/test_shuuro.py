"""Shuuro-250 (docs/shuuro-250.md and docs/rulings.md#shuuro): armies, eliminated points, TP and Delta, the winner
criteria group by group, the random first round and the Delta-ordered Swiss.

Fixture tests/fixtures/shuuro: five players, three rounds, worked out by hand below.

Armies (each exactly 250): Ann Q R N P3; Bob Q2 P3; Cat R3 P4; Dan B4 N2 P1; Eve Q R2.
Round 1 (seed 7; see round-1.yaml for the hashes): Bob 1-0 Cat, 140 (two Rooks) - 110 (a Queen): Bob +30,
  Cat -30. Ann 0-1 Dan, 80 - 150: Ann -70, Dan +70. Eve bye: 3 TP, Delta 0.
  After round 1: Dan 3 (+70), Bob 3 (+30), Eve 3 (0), Cat 0 (-30), Ann 0 (-70).
Round 2: Dan ½ Bob, 120 - 120: Delta 0 each. Eve 0-1 Cat on time, 140 - 70: Eve +70, Cat -70. Ann bye.
  After round 2: Bob 4, Dan 4 (both Delta 0 in round 2: alphabetical, Birch before Dale), Eve 3 (+70),
  Ann 3 (0, the bye), Cat 3 (-70).
Round 3: Bob 1-0 Ann, 180 - 120: Bob +60, Ann -60. Dan 0-1 Eve, checkmate 0 - 0: Delta 0 each. Cat bye.
Final:
  Ann: 0 + 3 + 0 = 3 TP; last Delta -60; total -70 + 0 - 60 = -130
  Bob: 3 + 1 + 3 = 7 TP; last +60; total +30 + 0 + 60 = +90
  Cat: 0 + 3 + 3 = 6 TP; last 0; total -30 - 70 + 0 = -100
  Dan: 3 + 1 + 0 = 4 TP; last 0; total +70 + 0 + 0 = +70
  Eve: 3 + 0 + 3 = 6 TP; last 0; total 0 + 70 + 0 = +70
  Cat and Eve: equal on 6 TP and last Delta 0; Cat won their game (round 2), so Cat is 2nd although Eve's
  total Delta is higher: the result between them comes before total Delta.
"""

from __future__ import annotations

import re

from fractions import Fraction as F

import pytest

from generator.rules.shuuro import ranking as shuuro
from generator.rules.shuuro import game as game
from generator.model import Outcome
from generator.rules.pairing import shuffle
from generator.rules.scoring import RoundRecord

from .conftest import ROOT, build_site, fixture_data, problems, run_generator

FIXTURE = ROOT / "tests" / "fixtures" / "shuuro"
EVENT = "fest/tourney"


loaded, copy = fixture_data(FIXTURE)  # the fixture read once, and a copy to rewrite


# --- the standings ------------------------------------------------------------------------------------------

def test_final_table_follows_the_criteria(loaded):
    res = loaded.results[EVENT]
    rows = [(s.rank, s.player, s.points, s.tiebreaks, s.separated_by) for s in res.final]
    assert rows == [
        (1, "birch-bob", F(7), (F(60), F(90)), ""),
        (2, "cedar-cat", F(6), (F(0), F(-100)), "tp"),
        (3, "elm-eve", F(6), (F(0), F(70)), "head-to-head"),   # Cat beat Eve in round 2
        (4, "dale-dan", F(4), (F(0), F(70)), "tp"),
        (5, "ash-ann", F(3), (F(-60), F(-130)), "tp"),
    ]


def test_delta_is_own_less_opponents_and_zero_for_a_bye(loaded):
    recs = loaded.results[EVENT].records
    # Bob: +30 (140 - 110), 0 (120 - 120), +60 (180 - 120); Eve: bye 0, +70 (140 - 70), 0 (0 - 0)
    assert [r.delta for r in recs["birch-bob"]] == [30, 0, 60]
    assert [r.delta for r in recs["elm-eve"]] == [0, 70, 0]
    assert [r.points for r in recs["elm-eve"]] == [3, 0, 3]       # bye 3 TP, loss 0, win 3
    assert [r.points for r in recs["dale-dan"]] == [3, 1, 0]      # win 3, draw 1, loss 0


def test_standings_after_round_two(loaded):
    # After round 2: Bob 4 and Dan 4 (both Delta 0 in round 2, drew their game; totals Bob +30, Dan +70: Dan
    # first by total Delta); then Eve 3 (+70), Ann 3 (0), Cat 3 (-70) by round 2's Delta.
    table = loaded.results[EVENT].by_round[1]
    assert [(s.player, s.separated_by) for s in table] == [
        ("dale-dan", ""), ("birch-bob", "delta-total"), ("elm-eve", "tp"), ("ash-ann", "delta-last"),
        ("cedar-cat", "delta-last")]


def test_prizes_follow_the_ranking(loaded):
    # places [30, 20]: Bob 1st 30; Cat 2nd 20 (ahead of Eve on the result between them, no sharing)
    awards = {a.player: a.amount for a in loaded.prizes[EVENT].awards}
    assert awards == {"birch-bob": 30, "cedar-cat": 20}


def test_not_sent_to_fesa(loaded):
    assert not loaded.fesa[EVENT].exported
    assert "shogi games only" in loaded.fesa[EVENT].reason


# --- each criterion, on hand-made records -----------------------------------------------------------------

def games(*rounds: list[tuple[str, str, str, int, int]]) -> dict[str, list[RoundRecord]]:
    """Records from rounds of games (a, b, the winner or '=', points a took, points b took); a player not in a
    round had a bye."""
    players = sorted({p for rnd in rounds for g in rnd for p in g[:2]})
    records: dict[str, list[RoundRecord]] = {p: [] for p in players}
    for number, rnd in enumerate(rounds, start=1):
        for a, b, won, took_a, took_b in rnd:
            oa, ob = {a: (Outcome.WIN, Outcome.LOSS), b: (Outcome.LOSS, Outcome.WIN),
                      "=": (Outcome.DRAW, Outcome.DRAW)}[won]
            records[a].append(RoundRecord(number, oa, game.POINTS[oa], b, material=(took_a, took_b)))
            records[b].append(RoundRecord(number, ob, game.POINTS[ob], a, material=(took_b, took_a)))
        for p in players:
            if len(records[p]) < number:
                records[p].append(RoundRecord(number, Outcome.BYE, game.POINTS[Outcome.BYE]))
    return records


def order(records, after: int) -> list[tuple[str, int, str]]:
    return [(p.player, p.rank, p.separated_by) for p in shuuro.table(records, after, {})]


def test_most_tp_first():
    # a beats b: a 3 TP, b 0, although b eliminated more (Delta -50 for a)
    assert order(games([("a", "b", "a", 100, 150)]), 1) == [("a", 1, ""), ("b", 2, "tp")]


def test_last_round_delta_before_everything_else():
    # Round 1: a beats x by 250 - 0 (+250); b beats y by 10 - 0 (+10).
    # Round 2: a beats y by 60 - 40 (+20); b beats x by 90 - 40 (+50).
    # a and b: 6 TP each; last Delta b +50 > a +20, so b first, though a's total (+270) beats b's (+60).
    r = games([("a", "x", "a", 250, 0), ("b", "y", "b", 10, 0)],
              [("a", "y", "a", 60, 40), ("b", "x", "b", 90, 40)])
    assert order(r, 2)[:2] == [("b", 1, ""), ("a", 2, "delta-last")]


def test_result_between_them_before_total_delta():
    # r1: a beats b 50 - 40 (a +10, b -10); x and y draw 0 - 0.
    # r2: a loses to x 0 - 100 (a -100); b beats y 100 - 60 (b +40).
    # r3: a beats y 100 - 0 (a +100); b beats x 250 - 150 (b +100).
    # a: 3 + 0 + 3 = 6 TP, last +100, total +10 - 100 + 100 = +10
    # b: 0 + 3 + 3 = 6 TP, last +100, total -10 + 40 + 100 = +130
    # a beat b, so a is above b although b's total Delta is higher.
    # x: 1 + 3 + 0 = 4 TP; y: 1 + 0 + 0 = 1 TP.
    r = games([("a", "b", "a", 50, 40), ("x", "y", "=", 0, 0)],
              [("a", "x", "x", 0, 100), ("b", "y", "b", 100, 60)],
              [("a", "y", "a", 100, 0), ("b", "x", "b", 250, 150)])
    assert order(r, 3) == [("a", 1, ""), ("b", 2, "head-to-head"), ("x", 3, "tp"), ("y", 4, "tp")]


def test_total_delta_when_they_never_met():
    # r1: a beats x 200 - 0 (+200); b beats y 100 - 0 (+100). r2: a beats y 100 - 50 (+50); b beats x 100 - 50
    # (+50). a and b never met: 6 TP each, last +50 each, totals +250 and +150: a first.
    r = games([("a", "x", "a", 200, 0), ("b", "y", "b", 100, 0)],
              [("a", "y", "a", 100, 50), ("b", "x", "b", 100, 50)])
    assert order(r, 2)[:2] == [("a", 1, ""), ("b", 2, "delta-total")]


def test_total_delta_after_a_drawn_game_then_a_joint_place():
    # r1: a and b draw 40 - 30 (a +10, b -10); x and y draw 0 - 0.
    # r2: a beats x 100 - 50 (a +50, x -50); b beats y 150 - 100 (b +50, y -50).
    # a: 1 + 3 = 4 TP, last +50, total +60; b: 4 TP, last +50, total +40. They met, but drew: total Delta.
    # x and y: 1 TP each, last -50 each, drew each other, totals -50 each: equal on everything, joint 3rd.
    r = games([("a", "b", "=", 40, 30), ("x", "y", "=", 0, 0)],
              [("a", "x", "a", 100, 50), ("b", "y", "b", 150, 100)])
    assert order(r, 2) == [("a", 1, ""), ("b", 2, "delta-total"), ("x", 3, "tp"), ("y", 3, "")]


def test_last_round_delta_splits_a_group_of_three():
    # A cycle with byes: r1 a beats b 100 - 0 (c bye); r2 b beats c 100 - 0 (a bye); r3 c beats a 100 - 0
    # (b bye). Every one: a win, a loss, a bye = 6 TP, total Delta 0.
    # Last round: c +100 (won), b 0 (bye), a -100 (lost): c, b, a.
    r = games([("a", "b", "a", 100, 0)], [("b", "c", "b", 100, 0)], [("c", "a", "c", 100, 0)])
    assert order(r, 3) == [("c", 1, ""), ("b", 2, "delta-last"), ("a", 3, "delta-last")]


def test_equal_after_every_criterion_share_the_place():
    # Four players all-play-all, every game 50 - 50 (Delta 0):
    #   r1 a beats b, c beats d; r2 a beats c, b beats d; r3 b and c draw, d beats a.
    #   a 3 + 3 + 0 = 6; b 0 + 3 + 1 = 4; c 3 + 0 + 1 = 4; d 0 + 0 + 3 = 3.
    # b and c: 4 TP, last 0, drew their game, total 0: they share 2nd place; d is 4th.
    r = games([("a", "b", "a", 50, 50), ("c", "d", "c", 50, 50)],
              [("a", "c", "a", 50, 50), ("b", "d", "b", 50, 50)],
              [("b", "c", "=", 50, 50), ("a", "d", "d", 50, 50)])
    assert order(r, 3) == [("a", 1, ""), ("b", 2, "tp"), ("c", 2, ""), ("d", 4, "tp")]


def rec(number: int, outcome: Outcome, opponent: str) -> RoundRecord:
    """A game with 50 - 50 eliminated (Delta 0) against `opponent` (who need not be in the table)."""
    return RoundRecord(number, outcome, game.POINTS[outcome], opponent, material=(50, 50))


W, D, L = Outcome.WIN, Outcome.DRAW, Outcome.LOSS


def test_three_tied_who_all_met_go_by_the_games_among_them():
    # a, b, c met each other (r1 a beats b, r2 b beats c, r3 a draws c) and played others; every Delta 0.
    #   a: W b, L x1, D c = 3 + 0 + 1 = 4 TP; b: L a, W c, D x2 = 0 + 3 + 1 = 4; c: W x3, L b, D a = 3 + 0 + 1 = 4.
    # Equal TP, last Delta 0, total 0. Among them: a 3 (b) + 1 (c) = 4, b 3 (c), c 1 (a): a, b, c.
    records = {"a": [rec(1, W, "b"), rec(2, L, "x1"), rec(3, D, "c")],
               "b": [rec(1, L, "a"), rec(2, W, "c"), rec(3, D, "x2")],
               "c": [rec(1, W, "x3"), rec(2, L, "b"), rec(3, D, "a")]}
    assert order(records, 3) == [("a", 1, ""), ("b", 2, "head-to-head"), ("c", 3, "head-to-head")]


def test_a_pair_split_from_a_larger_group_is_ranked_again_from_the_top():
    # a beat b (Delta 0); c met neither. a: W b, L x1; b: L a, W x2; c: W x3 (+100), L x4 (0).
    # All 3 TP, last Delta 0. Not every two met, so the result between them does not apply to the three;
    # total Delta: c +100, a 0, b 0. a and b, left tied, are ranked again: a beat b.
    records = {"a": [rec(1, W, "b"), rec(2, L, "x1")],
               "b": [rec(1, L, "a"), rec(2, W, "x2")],
               "c": [RoundRecord(1, W, F(3), "x3", material=(150, 50)), rec(2, L, "x4")]}
    assert order(records, 2) == [("c", 1, ""), ("a", 2, "delta-total"), ("b", 3, "head-to-head")]


# --- armies: every rule ---------------------------------------------------------------------------------------

@pytest.mark.parametrize(("army", "message"), [
    ({"queen": 1, "rook": 1, "pawn": 3}, "no King"),                          # the King is missing
    ({"king": 2, "queen": 1}, "2 Kings; every army has exactly one"),
    ({"king": 0, "queen": 1}, "0 Kings; every army has exactly one"),
    ({"king": 1, "queen": 3}, "3 Queens: an army may have at most 2"),          # 330 > 250 as well
    ({"king": 1, "rook": 4}, "4 Rooks: an army may have at most 3"),            # 280 > 250 as well
    ({"king": 1, "bishop": 5}, "5 Bishops: an army may have at most 4"),        # 200
    ({"king": 1, "knight": 5}, "5 Knights: an army may have at most 4"),        # 200
    ({"king": 1, "pawn": 7}, "7 Pawns: an army may have at most 6"),            # 70
    ({"king": 1, "queen": 2, "pawn": 4}, "the army costs 260 points"),          # 220 + 40 = 260
])
def test_each_army_rule(army, message):
    found = [m for _, m, _ in game.army_problems(army)]
    assert any(message in m for m in found), found


def test_armies_at_the_limits_are_fine():
    # 250 exactly, and the largest armies by count within 250: 6 Pawns + 4 Knights = 60 + 160 = 220
    assert game.army_problems({"king": 1, "queen": 2, "pawn": 3}) == []
    assert game.army_problems({"king": 1, "knight": 4, "pawn": 6}) == []
    assert game.army_problems({"king": 1}) == []  # a King alone costs 0


def at(lines: list[str], row: int, token: str) -> str:
    """'file:line:column' of `token` in line `row` (1-based) of `lines`, counted here from the text."""
    return f"{row}:{lines[row - 1].index(token) + 1}"


def test_army_errors_are_located_and_name_the_player(copy):
    lines = ["ash-ann:   {king: 1, queen: 1, rook: 1, knight: 1, pawn: 3}",
             "birch-bob: {king: 1, queen: 3}",                        # 3 Queens (and 330 points)
             "cedar-cat: {rook: 3, pawn: 4}",                          # no King
             "dale-dan:  {king: 1, bishop: 4, knight: 2, pawn: 2}",    # 160 + 80 + 20 = 260
             "elm-eve:   {king: 1, queen: 1, rook: 2, dragon: 1}"]     # no such piece
    copy("fest/tourney/armies.yaml", "\n".join(lines) + "\n")
    errors, _ = problems(copy.root)
    errors = [e for e in errors if "armies.yaml" in e]  # the rounds' points no longer fit some armies: not here
    text = "\n".join(errors)
    assert f"armies.yaml:{at(lines, 2, '3}')}: error: Birch, Bob's army: 3 Queens: an army may have at most 2" \
        in text
    assert "armies.yaml:2:1: error: Birch, Bob's army: the army costs 330 points" in text
    assert "armies.yaml:3:1: error: Cedar, Cat's army: the army list has no King" in text
    assert "armies.yaml:4:1: error: Dale, Dan's army: the army costs 260 points: at most 250" in text
    assert f"armies.yaml:{at(lines, 5, 'dragon')}: error: 'dragon' is not a Shuuro piece" in text
    assert len(errors) == 5, errors


def test_a_player_without_an_army(copy):
    copy("fest/tourney/armies.yaml", "ash-ann: {king: 1, queen: 1, rook: 1, knight: 1, pawn: 3}\n"
         "birch-bob: {king: 1, queen: 2, pawn: 3}\ncedar-cat: {king: 1, rook: 3, pawn: 4}\n"
         "dale-dan: {king: 1, bishop: 4, knight: 2, pawn: 1}\n")
    errors, _ = problems(copy.root)
    assert any("event.yaml:10:" in e and "Elm, Eve has no army list" in e for e in errors), errors


# --- eliminated points and pieces ---------------------------------------------------------------------------

def test_reachable_totals_by_hand():
    # Eve's army Q R R: 0, 70, 110, 140 (R R), 180 (Q R), 250 (all)
    assert game.reachable({"king": 1, "queen": 1, "rook": 2}, promotions=False) == {0, 70, 110, 140, 180, 250}
    # one Pawn: 0 or 10; promoted it may be taken as a Knight/Bishop 40, Rook 70 or Queen 110
    assert game.reachable({"king": 1, "pawn": 1}, promotions=True) == {0, 10, 40, 70, 110}


def test_impossible_points_and_pieces(copy):
    lines = ["games:",
             "  - [birch-bob, ash-ann, 1-0, resignation, 185, 120]",   # 185 is not a multiple of 10
             "  - [dale-dan, elm-eve, 0-1, checkmate, 90, 0]",         # Eve's Q R R: 0, 70, 110, 140, 180, 250
             "bye: [cedar-cat]"]
    copy("fest/tourney/round-3.yaml", "\n".join(lines) + "\n")
    errors, _ = problems(copy.root)
    text = "\n".join(errors)
    assert f"round-3.yaml:{at(lines, 2, '185')}: error: 185 points of eliminated pieces" in text
    assert f"round-3.yaml:{at(lines, 3, '90')}: error: 90 points eliminated: no choice of pieces from Elm, Eve's " \
        "army (1 Queen, 2 Rooks) makes this total, even with promoted pawns" in text


def test_promoted_pawns_are_allowed_and_flagged(copy):
    # Bob took two Queens from Ann (Q R N P3): one more than she had, so a promoted pawn: allowed, flagged.
    # Ann took 230 from Bob (Q Q P3): two Queens and a Pawn, no promotion needed: nothing to say.
    # Eve took a Rook from Dan (B4 N2 P1), who had none: his one Pawn promoted: flagged.
    # Dan took 260 from Eve (Q R R = 250, no Pawns to promote): impossible, an error.
    lines = ["games:",
             "  - [birch-bob, ash-ann, 1-0, resignation, [queen, queen], 230]",
             "  - [dale-dan, elm-eve, 0-1, checkmate, 260, [rook]]",
             "bye: [cedar-cat]"]
    copy("fest/tourney/round-3.yaml", "\n".join(lines) + "\n")
    errors, warnings = problems(copy.root)
    assert [w.split("tourney/", 1)[1] for w in warnings] == [
        f"round-3.yaml:{at(lines, 2, '[queen')}: warning: pieces taken from Ash, Ann: 2 Queens taken but the "
        "army had 1: 1 promoted pawn (check the game with the players)",
        f"round-3.yaml:{at(lines, 3, '[rook')}: warning: pieces taken from Dale, Dan: 1 Rook taken but the army "
        "had 0: 1 promoted pawn (check the game with the players)"]
    assert [e.split("tourney/", 1)[1].split(":", 3)[:3] for e in errors] == [
        ["round-3.yaml", "3", at(lines, 3, "260").split(":")[1]]]


def test_more_promotions_than_pawns_and_a_king_are_errors(copy):
    # Dan has 1 Pawn: two Rooks taken from him cannot both be promoted pawns; a King is never taken.
    copy("fest/tourney/round-3.yaml",
         "games:\n"
         "  - [birch-bob, ash-ann, 1-0, resignation, [king], 120]\n"
         "  - [dale-dan, elm-eve, 0-1, checkmate, 0, [rook, rook]]\n"
         "bye: [cedar-cat]\n")
    errors, _ = problems(copy.root)
    text = "\n".join(errors)
    assert "pieces taken from Ash, Ann: a King is never taken" in text
    assert "pieces taken from Dale, Dan: 2 more pieces taken than the army had, but only 1 of its pawns" in text


def test_result_and_ending_must_agree_and_points_must_be_there(copy):
    copy("fest/tourney/round-3.yaml",
         "games:\n"
         "  - [birch-bob, ash-ann, draw, checkmate, 180, 120]\n"     # a checkmate has a winner
         "  - [dale-dan, elm-eve, 0-1, checkmate]\n"                 # no eliminated points
         "bye: [cedar-cat]\n")
    errors, _ = problems(copy.root)
    text = "\n".join(errors)
    assert "round-3.yaml:2:5: error: board 1: a game that ended by checkmate has a winner, but the result is a " \
           "draw" in text
    assert "round-3.yaml:3:5: error: board 2 has a result but not the points each player eliminated" in text


def test_tiebreaks_and_a_missing_seed_are_refused(copy):
    text = (copy.root / "fest/tourney/event.yaml").read_text(encoding="utf-8")
    copy("fest/tourney/event.yaml", text.replace("shuffle_seed: 7\n", "tiebreaks: [sos]\n"))
    errors, _ = problems(copy.root)
    assert any("ranked by the pack's criteria" in e for e in errors), errors
    # Located where the event's keys are, as a missing 'rounds' is (the mapping's first key, line 1 or after
    # the comments above it).
    assert any(re.search(r"fest/tourney/event\.yaml:1:1: error: the seed of round 1's random pairing is missing", e)
               for e in errors), errors


def test_a_seed_that_is_not_a_number_is_reported_once(copy):
    text = (copy.root / "fest/tourney/event.yaml").read_text(encoding="utf-8")
    copy("fest/tourney/event.yaml", text.replace("shuffle_seed: 7\n", "shuffle_seed: seven\n"))
    errors, _ = problems(copy.root)
    seed = [e for e in errors if "seed" in e]  # not also "missing"
    assert len(seed) == 1, seed
    assert seed[0].endswith("'shuffle_seed' should be a whole number, not 'seven' (write digits only, e.g. 9)")


# --- pairing ------------------------------------------------------------------------------------------------

def test_shuffle_matches_sha256_by_hand():
    # printf '7:<id>' | sha256sum, sorted: 365f9d… birch-bob, 6b7afc… cedar-cat, 96751b… ash-ann,
    # ba37d0… dale-dan, d77a5d… elm-eve
    ids = ["ash-ann", "birch-bob", "cedar-cat", "dale-dan", "elm-eve"]
    assert shuffle(7, ids) == ["birch-bob", "cedar-cat", "ash-ann", "dale-dan", "elm-eve"]


def test_a_round_one_that_is_not_the_draw_is_flagged(copy):
    copy("fest/tourney/round-1.yaml",
         "games:\n  - [birch-bob, ash-ann, 1-0, checkmate, [rook, rook], [queen]]\n"
         "  - [cedar-cat, dale-dan, 0-1, resignation, 70, 150]\nbye: [elm-eve]\n")
    _, warnings = problems(copy.root)
    assert any("round 1 is not the random pairing that shuffle_seed 7 gives" in w for w in warnings), warnings


@pytest.mark.parametrize(("number", "boards", "bye"), [
    # round 1: the seed's order Bob, Cat, Ann, Dan, Eve: 1-2, 3-4, Eve (last) the bye
    (1, ["birch-bob, cedar-cat", "ash-ann, dale-dan"], "elm-eve"),
    # round 2: Dan 3 (+70), Bob 3 (+30), Eve 3 (0), Cat 0 (-30), Ann 0 (-70): Ann, the lowest without a bye,
    # has it; Dan-Bob, Eve-Cat
    (2, ["dale-dan, birch-bob", "elm-eve, cedar-cat"], "ash-ann"),
    # round 3: Bob 4 (0), Dan 4 (0) alphabetical; Eve 3 (+70), Ann 3 (0), Cat 3 (-70). Cat has the bye.
    # Bob-Dan met, and Bob-Eve would leave Dan-Ann, who met in round 1: Bob-Ann, Dan-Eve.
    (3, ["birch-bob, ash-ann", "dale-dan, elm-eve"], "cedar-cat"),
])
def test_pair_proposes_the_fixture_rounds(copy, number, boards, bye):
    for n in range(number, 4):
        (copy.root / f"fest/tourney/round-{n}.yaml").unlink()
    result = run_generator("pair", EVENT, "--round", str(number), "--data", str(copy.root))
    assert result.returncode == 0, result.stderr
    text = (copy.root / f"fest/tourney/round-{number}.yaml").read_text(encoding="utf-8")
    games_written = [line.split("[", 1)[1].split("]")[0] for line in text.splitlines() if line.startswith("  - [")]
    assert [" ".join(g.split()) for g in games_written] == boards
    assert f"bye: [{bye}]" in text


# --- the site -----------------------------------------------------------------------------------------------

@pytest.mark.build
def test_site_pages(tmp_path):
    site = tmp_path / "site"
    result = build_site(FIXTURE, site)
    assert result.returncode == 0, result.stdout + result.stderr
    standings = (site / EVENT / "index.html").read_text(encoding="utf-8")
    assert "Cat</a> above <strong>3</strong>" in standings
    assert "won their game in round 2" in standings
    armies = (site / EVENT / "armies" / "index.html").read_text(encoding="utf-8")
    # Dan's roster: 4 Bishops 160, 2 Knights 80, 1 Pawn 10 = 250
    assert armies.count("<strong>250</strong>") == 5
    rules = (site / EVENT / "rules" / "index.html").read_text(encoding="utf-8")
    assert "printf &#39;7:player-id&#39; | sha256sum" in rules or "printf '7:player-id' | sha256sum" in rules


def test_an_unreadable_army_is_reported_once(copy):
    # Bob's Queens cannot be read: that is the one error; the points taken from his army in rounds 1-3 are
    # not checked against a half-read army (which would wrongly refuse them).
    text = (copy.root / "fest/tourney/armies.yaml").read_text(encoding="utf-8")
    copy("fest/tourney/armies.yaml", text.replace("queens: 2", "queens: two"))
    errors, warnings = problems(copy.root)
    assert len(errors) == 1 and "armies.yaml:2:" in errors[0] and "'two'" in errors[0], errors
    assert warnings == []
