"""Oware (docs/oware.md, the 2012 MSO rules; docs/rulings.md#oware): the rules engine on positions worked out
by hand, the checks of a game's record, the Berger tables, the MSO tie-breaks, and an all-play-all end to end.

Houses: the first player's a-f are indices 0-5, the second's A-F 6-11; seeds go a → f → A → F → a.

Fixture tests/fixtures/oware: five players all-play-all, numbered Ann 1, Bob 2, Cat 3, Dan 4, Eve 5 (the order
event.yaml lists them); the Berger table for six, number 6 meaning a rest:
  round 1: 1-6 2-5 3-4   Bob 1-0 Eve (2-0, resigned; its moves are worked out below), Cat 1-0 Dan; Ann rests
  round 2: 6-4 5-3 1-2   Eve 1-0 Cat (30-18, time), Ann 1-0 Bob (26-10); Dan rests
  round 3: 2-6 3-1 4-5   Cat 1-0 Ann (28-20, cycle), Dan 1-0 Eve (27-21, no move); Bob rests
  round 4: 6-5 1-4 2-3   Ann 1-0 Dan (25-22), Bob ½-½ Cat (24-24, time); Eve rests
  round 5: 3-6 4-2 5-1   Dan 0-1 Bob (12-26), Eve 0-1 Ann (9-20, resigned); Cat rests
VP (the rest round scores nothing): Ann 1 + 0 + 1 + 1 = 3; Bob 1 + 0 + ½ + 1 = 2½; Cat 1 + 0 + 1 + ½ = 2½;
  Dan 0 + 1 + 0 + 0 = 1; Eve 0 + 1 + 0 + 0 = 1. In all 10 = the 10 games.
SB: Ann beat Bob 2½, Dan 1, Eve 1: 4½. Bob beat Eve 1, Dan 1, drew Cat: 2 + ½ × 2½ = 3¼. Cat beat Dan 1, Ann 3,
  drew Bob: 4 + 1¼ = 5¼. Dan beat Eve: 1. Eve beat Cat: 2½.
Ranking: Ann 3; Bob and Cat on 2½ drew their game: SB, Cat 5¼ above Bob 3¼; Dan and Eve on 1: Dan beat Eve in
  round 3, so Dan is above although Eve's SB (2½) is higher.
Seeds: Ann 26 + 20 + 25 + 20 = 91; Bob 2 + 10 + 24 + 26 = 62; Cat 25 + 18 + 28 + 24 = 95; Dan 15 + 27 + 22 + 12
  = 76; Eve 0 + 30 + 21 + 9 = 60.
"""

from __future__ import annotations


import pytest

from fractions import Fraction as F

from generator.rules.oware import ranking as oware
from generator.rules.oware import game as oware_game
from generator.rules.oware.game import IllegalMove, Position, legal_moves, perft, play, positions, replay
from generator.model import Outcome, Result
from generator.numbers import points
from generator.rules.round_robin import berger, rounds_for
from generator.rules.scoring import RoundRecord

from .conftest import ROOT, build_site, fixture_data, problems, run_generator

FIXTURE = ROOT / "tests" / "fixtures" / "oware"
EVENT = "fest/apa"


def pos(first: list[int], second: list[int], to_move: int = 0, stores: tuple[int, int] = (0, 0)) -> Position:
    return Position(tuple(first + second), stores, to_move)


def test_node_counts_from_the_start():
    # Depth 1: six houses of 4: 6. Depth 2: after any first move every one of the second player's houses has
    # 4 or 5 seeds: 6 x 6 = 36. Depth 3: the first player's emptied house is empty again unless the second
    # player's sowing reaches it, so 36 x 5 plus the refills. A 4-seed move from a sows b-e, from b sows c-f,
    # from c sows d-f and A (A has 5), and so on. Refills by hand:
    #   emptied a: C, D, E, F (4 seeds each) reach a: 4
    #   emptied b: D, E, F: 3
    #   emptied c: E, F (A's 5 seeds stop at F): 2
    #   emptied d: F: 1 (A's and B's 5 seeds stop at F and a)
    #   emptied e, f: none (C's or D's 5 seeds stop at a or b)
    # 36 x 5 + 4 + 3 + 2 + 1 = 190. Depths 4 and 5 are the figures other implementations publish.
    start = Position.start()
    assert [perft(start, d) for d in range(1, 6)] == [6, 36, 190, 1014, 5219]


def test_sowing_skips_the_house_it_started_from():
    # a holds 12: b-f and A-F take one each (11 seeds), a is skipped, and the 12th falls in b.
    after = play(pos([12, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0]), 0)
    assert after.houses == (0, 2, 1, 1, 1, 1, 2, 1, 1, 1, 1, 1)
    assert after.stores == (0, 0)  # the last seed fell in the mover's own row: no capture
    assert after.to_move == 1


def test_capture_of_twos_and_threes_backwards():
    # f holds 3: A 1 → 2, B 2 → 3, C 1 → 2; the last seed is in C: C, B and A are taken: 2 + 3 + 2 = 7.
    after = play(pos([0, 0, 0, 0, 1, 3], [1, 2, 1, 0, 0, 4]), 5)
    assert after.stores == (7, 0)
    assert after.houses == (0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 4)


def test_capture_stops_at_a_house_not_two_or_three():
    # As above with A empty: A 0 → 1 breaks the chain: C 2 and B 3 are taken, 5.
    after = play(pos([0, 0, 0, 0, 1, 3], [0, 2, 1, 0, 0, 4]), 5)
    assert after.stores == (5, 0)
    assert after.houses[6:] == (1, 0, 0, 0, 0, 4)


def test_capture_never_takes_from_the_movers_own_row():
    # e holds 2: f 1 → 2, A 2 → 3: A is taken (3); f, though now 2, is the mover's own: kept.
    after = play(pos([0, 0, 0, 0, 2, 1], [2, 0, 0, 0, 0, 5]), 4)
    assert after.stores == (3, 0)
    assert after.houses[5] == 2


def test_grand_slam_takes_every_seed_left_and_ends_the_game():
    # f holds 2: A 1 → 2, B 2 → 3; C-F are empty, so the capture empties the row: a Grand Slam. The mover
    # takes A and B (5) and the seeds left on the board (a 4 + c 1 = 5): 10, and the game is over.
    after = play(pos([4, 0, 1, 0, 0, 2], [1, 2, 0, 0, 0, 0], stores=(10, 28)), 5)
    assert after.stores == (20, 28)
    assert after.over
    assert sum(after.houses) == 0


def test_an_empty_opponent_must_be_fed():
    # The second player's row is empty. a's single seed only reaches b; f's reaches A: only f is legal.
    p = pos([1, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 0], stores=(20, 26))
    assert legal_moves(p) == [5]
    with pytest.raises(IllegalMove, match="does not give the opponent"):
        play(p, 0)


def test_no_feeding_move_ends_the_game_and_each_keeps_his_row():
    # The second player plays his last seed, F → a: a 1 → 2, taken (22 + 2 = 24). The first player's row
    # keeps b 1, so it is no Grand Slam. Now the first player must feed the empty second row, but b's seed
    # only reaches c: the game ends and he takes his own seed, 23 + 1 = 24. A 24-24 draw (48 seeds in all).
    after = play(pos([1, 1, 0, 0, 0, 0], [0, 0, 0, 0, 0, 1], to_move=1, stores=(23, 22)), 5)
    assert after.over
    assert after.stores == (24, 24)


def test_twenty_five_seeds_end_the_game():
    # The first player has 23 and takes 2 (f 1: A 1 → 2): 25, more than half of 48: over.
    after = play(pos([3, 0, 0, 0, 0, 1], [1, 5, 0, 0, 0, 0], stores=(23, 15)), 5)
    assert after.stores == (25, 15)
    assert after.over


def test_replay_reports_the_first_wrong_move():
    # Move 1 f (first player) is fine; move 2 must be one of A-F, so "b" is wrong.
    _, problem, played = replay(["f", "b"])
    assert played == 1
    assert problem == "move 2 (b) is not one of the second player's houses A-F"
    # Move 3: f was emptied by move 1 and A-D's seeds never reach it: illegal.
    _, problem, played = replay(["f", "A", "f"])
    assert (played, problem) == (2, "move 3 (f) is illegal: house f is empty")


def test_a_short_game_replayed_move_by_move():
    # The fixture's round-1 game, worked by hand (rows a-f | A-F, seeds taken first | second):
    #   start             4 4 4 4 4 4 | 4 4 4 4 4 4
    #   1. f: A-D +1      4 4 4 4 4 0 | 5 5 5 5 4 4
    #   2. A: B-F +1      4 4 4 4 4 0 | 0 6 6 6 5 5   (last seed in F, his own row)
    #   3. e: f, A, B, C  4 4 4 4 0 1 | 1 7 7 6 5 5   (C 7: no capture)
    #   4. B: C-F, a-c    5 5 5 4 0 1 | 1 0 8 7 6 6   (last seed in c: 5, no capture)
    #   5. f: A 1 → 2     5 5 5 4 0 0 | 0 0 8 7 6 6   and A's 2 are taken; f before it is his own: stop
    final, problem, played = replay(["f", "A", "e", "B", "f"])
    assert (problem, played) == (None, 5)
    assert final.houses == (5, 5, 5, 4, 0, 0, 0, 0, 8, 7, 6, 6)
    assert final.stores == (2, 0)
    assert not final.over
    assert [p.houses for p in positions(["f", "A", "e", "B", "f"])][2] == (4, 4, 4, 4, 4, 0, 0, 6, 6, 6, 5, 5)


# --- the record of a game: seeds, result and ending (docs/oware.md) -----------------------------------------

@pytest.mark.parametrize(("result", "ending", "seeds", "expected"), [
    (Result.SENTE_WINS, "25-seeds", (25, 23), []),  # 25 ends it; 48 - 25 = 23 is the most the loser can have
    (Result.GOTE_WINS, "resignation", (3, 10), []),
    (Result.DRAW, "time", (24, 24), []),  # the seeds left credited to the opponent can make it a draw
    (Result.DRAW, "cycle", (24, 24), []),
    (Result.SENTE_WINS, "no-move", (30, 18), []),  # 30 + 18 = 48
    (Result.SENTE_WINS, "25-seeds", (20, 22), ["the winner has 20 seeds and the loser 22: the winner must have more",
                                                "the game ended at 25 seeds but the counts are 20–22"]),
    (Result.GOTE_WINS, "resignation", (12, 12),
     ["the winner has 12 seeds and the loser 12: the winner must have more"]),
    (Result.DRAW, "cycle", (23, 25), ["the result is a draw but the seeds are 23–25: only 24–24 is a draw"]),
    (Result.SENTE_WINS, "time", (24, 24), ["24–24 is a draw, but the result gives a winner"]),
    (Result.SENTE_WINS, "25-seeds", (30, 20), ["the seeds taken add up to 50, more than the 48 in the game"]),
    (Result.SENTE_WINS, "25-seeds", (49, 0), ["the seeds taken add up to 49, more than the 48 in the game"]),
    # time: 30 + 10 = 40, the 8 left were not credited to the opponent
    (Result.SENTE_WINS, "time", (30, 10), ["the seeds are 30–10, 40 in all, but when a player's time expires the "
                                           "seeds left on the board are credited to the opponent, so the two counts "
                                           "make 48"]),
    (Result.SENTE_WINS, "cycle", (26, 20), ["the seeds are 26–20, 46 in all, but at the agreed end of a cycling "
                                            "position each player takes the seeds on his side, so the two counts "
                                            "make 48"]),
])
def test_record_checks(result, ending, seeds, expected):
    assert [m for m, _ in oware_game.record_problems(result, ending, *seeds)] == expected


def test_the_score_a_replayed_game_must_have():
    # Not over (the position after the five moves above: stores 2-0, houses 5 5 5 4 0 0 | 0 0 8 7 6 6, the
    # second player to move).
    final, _, _ = replay(["f", "A", "e", "B", "f"])
    assert oware_game.final_score(final, "resignation") == ((2, 0), "")  # the seeds taken until then
    # cycle: each takes his side: 2 + 19 = 21, 0 + 27 = 27
    assert oware_game.final_score(final, "cycle") == ((21, 27), "")
    # time: the second player is to move, so his time expired: the 46 on the board go to the first, 48-0
    assert oware_game.final_score(final, "time") == ((48, 0), "")
    assert oware_game.final_score(final, "25-seeds")[0] is None
    # Over: 25 seeds (the position of test_twenty_five_seeds_end_the_game)
    over = play(pos([3, 0, 0, 0, 0, 1], [1, 5, 0, 0, 0, 0], stores=(23, 15)), 5)
    assert oware_game.final_score(over, "25-seeds") == ((25, 15), "")
    assert oware_game.final_score(over, "time") == (None, "the moves end the game (a player reached 25 seeds), "
                                                          "not by time expired")


# --- all-play-all: the Berger tables ------------------------------------------------------------------------

# FIDE Handbook C.05 Annex 1, the Berger tables, typed from the handbook (first-named player has white).
FIDE_BERGER = {
    4: ["1-4 2-3", "4-3 1-2", "2-4 3-1"],
    6: ["1-6 2-5 3-4", "6-4 5-3 1-2", "2-6 3-1 4-5", "6-5 1-4 2-3", "3-6 4-2 5-1"],
    8: ["1-8 2-7 3-6 4-5", "8-5 6-4 7-3 1-2", "2-8 3-1 4-7 5-6", "8-6 7-5 1-4 2-3", "3-8 4-2 5-1 6-7",
        "8-7 1-6 2-5 3-4", "4-8 5-3 6-2 7-1"],
}


@pytest.mark.parametrize("n", [4, 6, 8])
def test_berger_tables_are_fides(n):
    assert [" ".join(f"{a}-{b}" for a, b in r) for r in berger(n)] == FIDE_BERGER[n]


@pytest.mark.parametrize("n", [3, 4, 5, 6, 7, 8])
def test_everyone_meets_everyone_once(n):
    size = n + n % 2  # an odd number plays as one more: meeting the extra number is a rest
    rounds = berger(n)
    assert len(rounds) == rounds_for(n) == (n if n % 2 else n - 1)
    pairs = [frozenset(b) for r in rounds for b in r]
    assert len(pairs) == len(set(pairs)) == size * (size - 1) // 2
    for r in rounds:  # each number once per round
        assert sorted(x for b in r for x in b) == list(range(1, size + 1))


# --- the MSO tie-breaks, on hand-made records ---------------------------------------------------------------

def records(games: list[tuple[str, str, str]], players: str) -> dict[str, list[RoundRecord]]:
    """games: (winner, loser, "w") or (a, b, "d"), one per round, in order; other players absent."""
    out: dict[str, list[RoundRecord]] = {p: [] for p in players}
    for n, (a, b, kind) in enumerate(games, start=1):
        if kind == "w":
            out[a].append(RoundRecord(n, Outcome.WIN, F(1), b))
            out[b].append(RoundRecord(n, Outcome.LOSS, F(0), a))
        else:
            out[a].append(RoundRecord(n, Outcome.DRAW, F(1, 2), b))
            out[b].append(RoundRecord(n, Outcome.DRAW, F(1, 2), a))
        for p in players:
            if p not in (a, b):
                out[p].append(RoundRecord(n, Outcome.ABSENT, F(0)))
    return out


def ranked(recs: dict[str, list[RoundRecord]]) -> list[tuple[str, int, str]]:
    after = max(len(v) for v in recs.values())
    return [(p.player, p.rank, p.separated_by) for p in oware.table(recs, after, {p: p for p in recs})]


def test_one_who_beat_all_the_others_is_placed_first_before_sonneborn_berger():
    # Games: a beat b and c; b beat x and y; x beat p, q, r; y drew z and beat q; c beat p and r.
    # VP: x 3; a 2, b 2, c 2; y ½ + 1 = 1½; z ½; p, q, r 0.
    # SB: a = b 2 + c 2 = 4; b = x 3 + y 1½ = 4½; c = p 0 + r 0 = 0.
    # a, b, c on 2: a beat both others, so a is placed first although b's SB is higher. b and c are ranked
    # again: they did not meet, so SB: b 4½ above c 0. p, q, r on 0: no games among them, SB 0 each: shared.
    recs = records([("a", "b", "w"), ("a", "c", "w"), ("b", "x", "w"), ("b", "y", "w"), ("x", "p", "w"),
                    ("x", "q", "w"), ("x", "r", "w"), ("y", "z", "d"), ("y", "q", "w"), ("c", "p", "w"),
                    ("c", "r", "w")], "abcxyzpqr")
    assert ranked(recs) == [("x", 1, ""), ("a", 2, "vp"), ("b", 3, "head-to-head"), ("c", 4, "sonneborn-berger"),
                            ("y", 5, "vp"), ("z", 6, "vp"), ("p", 7, "vp"), ("q", 7, ""), ("r", 7, "")]


def test_a_cycle_goes_to_sonneborn_berger_and_the_pair_left_to_their_game():
    # x beat y, y beat z, z beat w, w beat x: 1 VP each; nobody beat, or lost to, all three others; SB is 1 for
    # each (the one opponent beaten has 1 VP): all four share 1st.
    recs = records([("x", "y", "w"), ("y", "z", "w"), ("z", "w", "w"), ("w", "x", "w")], "wxyz")
    assert ranked(recs) == [("w", 1, ""), ("x", 1, ""), ("y", 1, ""), ("z", 1, "")]
    # The same, and y also beats v: y 2 VP, v 0. x, z, w on 1: x beat none of them; z beat w only; w beat x
    # only; x lost to w only, z to none, w to z only (x and z did not meet): head-to-head does not apply.
    # SB: x = y's 2 = 2; z = w's 1 = 1; w = x's 1 = 1. x is 2nd by SB; z and w, ranked again, are
    # separated by their game: z beat w.
    recs = records([("x", "y", "w"), ("y", "z", "w"), ("z", "w", "w"), ("w", "x", "w"), ("y", "v", "w")], "vwxyz")
    assert ranked(recs) == [("y", 1, ""), ("x", 2, "vp"), ("z", 3, "sonneborn-berger"), ("w", 4, "head-to-head"),
                            ("v", 5, "vp")]


def test_one_who_lost_to_all_the_others_is_placed_last():
    # j drew k; j and k beat l; l beat m and drew n. VP: j ½ + 1 = 1½, k 1½, l 1 + ½ = 1½, n ½, m 0.
    # SB: j = ½ × k's 1½ + l's 1½ = 2¼; k the same; l = m's 0 + ½ × n's ½ = ¼.
    # l lost to both others: placed last of the three. j and k, ranked again: drawn, SB equal: shared.
    recs = records([("j", "k", "d"), ("j", "l", "w"), ("k", "l", "w"), ("l", "m", "w"), ("l", "n", "d")], "jklmn")
    assert ranked(recs) == [("j", 1, ""), ("k", 1, ""), ("l", 3, "head-to-head"), ("n", 4, "vp"), ("m", 5, "vp")]


def test_quarters_are_written_as_people_write_them():
    # SB has quarters (½ × 1½ = ¾): 2¼, not 9/4; halves as before.
    assert [points(F(9, 4)), points(F(3, 4)), points(F(11, 2)), points(F(1, 3)), points(F(-1, 2))] == \
        ["2¼", "¾", "5½", "1/3", "−½"]


# --- an all-play-all end to end (the fixture) ---------------------------------------------------------------

loaded, copy = fixture_data(FIXTURE)  # the fixture read once, and a copy to rewrite


def test_fixture_table(loaded):
    res = loaded.results[EVENT]
    rows = [(s.rank, s.player, s.points, s.tiebreaks, s.separated_by) for s in res.final]
    assert rows == [
        (1, "ash-ann", F(3), (F(9, 2), F(91)), ""),
        (2, "cedar-cat", F(5, 2), (F(21, 4), F(95)), "vp"),
        (3, "birch-bob", F(5, 2), (F(13, 4), F(62)), "sonneborn-berger"),
        (4, "dale-dan", F(1), (F(1), F(76)), "vp"),
        (5, "elm-eve", F(1), (F(5, 2), F(60)), "head-to-head"),
    ]
    # The rest rounds: a bye record worth nothing (one each).
    rests = [(pid, r.round, r.points) for pid, recs in res.records.items() for r in recs if r.outcome is Outcome.BYE]
    assert sorted(rests) == [("ash-ann", 1, 0), ("birch-bob", 3, 0), ("cedar-cat", 5, 0), ("dale-dan", 2, 0),
                             ("elm-eve", 4, 0)]


def test_prizes_are_shared_on_equal_points(loaded):
    # 30 and 20 GBP. docs/rulings.md#prize-ties: cash prizes are never tiebroken, Oware's neither (the tie-breaks order
    # the table: Cat 2nd, Bob 3rd by SB). Ann alone on 3 VP: 30. Cat and Bob on 2½ occupy places 2 and 3, whose prizes
    # are 20 + 0 = 20, split in two: 10 each.
    awards = loaded.prizes[EVENT].awards
    assert {a.player: str(a.amount) for a in awards} == {"ash-ann": "30.00", "cedar-cat": "10.00", "birch-bob": "10.00"}
    assert loaded.prizes[EVENT].remainder == 0


@pytest.mark.parametrize(("number", "boards", "rest"), [
    (1, ["birch-bob, elm-eve", "cedar-cat, dale-dan"], "ash-ann"),  # 2-5, 3-4; 1 rests
    (5, ["dale-dan, birch-bob", "elm-eve, ash-ann"], "cedar-cat"),  # 4-2, 5-1; 3 rests
])
def test_pair_writes_the_berger_round(copy, number, boards, rest):
    for n in range(number, 6):
        (copy.root / f"fest/apa/round-{n}.yaml").unlink()
    if number == 5:  # the table does not wait for results: round 4 still being played
        copy("fest/apa/round-4.yaml", "games:\n  - [ash-ann, dale-dan]\n  - [birch-bob, cedar-cat]\n"
             "bye: [elm-eve]\n")
    result = run_generator("pair", EVENT, "--round", str(number), "--data", str(copy.root))
    assert result.returncode == 0, result.stderr
    text = (copy.root / f"fest/apa/round-{number}.yaml").read_text(encoding="utf-8")
    written = [line.split("[", 1)[1].split("]")[0] for line in text.splitlines() if line.startswith("  - [")]
    assert [" ".join(g.split()) for g in written] == boards
    assert f"bye: [{rest}]" in text


def test_record_errors_are_located_and_name_the_game(copy):
    lines = [
        "games:",
        "  - [birch-bob, elm-eve, ½-½, time, 23, 25]",
        "  - [cedar-cat, dale-dan, 1-0, 25-seeds, 20, 22]",
        "bye: [ash-ann]",
    ]
    copy("fest/apa/round-1.yaml", "\n".join(lines) + "\n")
    errors, _ = problems(copy.root)
    where = "fest/apa/round-1.yaml"
    # The first seeds follow "  - [birch-bob, elm-eve, ½-½, time, " (36 characters): column 37.
    assert any(f"{where}:2:37: error: round 1, board 1 (Birch–Elm): the result is a draw but the seeds are 23–25: "
               "only 24–24 is a draw" in e for e in errors), errors
    # They follow "  - [cedar-cat, dale-dan, 1-0, 25-seeds, " (41 characters): column 42. Two problems, both told.
    assert any(f"{where}:3:42: error: round 1, board 2 (Cedar–Dale): the winner has 20 seeds and the loser 22"
               in e for e in errors), errors
    assert any(f"{where}:3:42: error: round 1, board 2 (Cedar–Dale): the game ended at 25 seeds" in e
               for e in errors), errors
    assert len(errors) == 3, errors


def test_an_illegal_move_and_a_wrong_score(copy):
    lines = [
        "games:",
        "  - [birch-bob, elm-eve, 1-0, resignation, 2, 0, \"f A f\"]",
        "  - [cedar-cat, dale-dan, 1-0, resignation, 3, 0, \"f A e B f\"]",
        "bye: [ash-ann]",
    ]
    copy("fest/apa/round-1.yaml", "\n".join(lines) + "\n")
    errors, _ = problems(copy.root)
    where = "fest/apa/round-1.yaml"
    # Move 3 f: f was emptied by move 1, and A's 5 seeds (B-F) do not reach it. The moves follow
    # "  - [birch-bob, elm-eve, 1-0, resignation, 2, 0, " (49 characters): column 50.
    assert any(f"{where}:2:50: error: round 1, board 1 (Birch–Elm): move 3 (f) is illegal: house f is empty" in e
               for e in errors), errors
    # The five moves worked out above give 2-0, not 3-0. The seeds follow "  - [cedar-cat, dale-dan, 1-0,
    # resignation, " (44 characters): column 45.
    assert any(f"{where}:3:45: error: round 1, board 2 (Cedar–Dale): the 5 moves give 2–0 seeds, the record says "
               "3–0" in e for e in errors), errors


def test_event_rules_of_the_pack(copy):
    event = (copy.root / "fest/apa/event.yaml").read_text(encoding="utf-8")
    # Five players as a Swiss: up to 8 play all-play-all; tiebreaks are not the MSO criteria.
    copy("fest/apa/event.yaml", event.replace("format: round-robin", "format: swiss")
         + "tiebreaks: [sos]\n")
    errors, _ = problems(copy.root)
    assert any("5 players: up to 8 players play an Oware tournament all-play-all" in e
               and "write format: round-robin and rounds: 5" in e for e in errors), errors
    assert any("breaks ties by the MSO criteria" in e for e in errors), errors
    # An all-play-all of 5 has 5 rounds (each player rests once), not 4.
    copy("fest/apa/event.yaml", event.replace("rounds: 5", "rounds: 4"))
    errors, _ = problems(copy.root)
    assert any("an all-play-all of 5 players has 5 rounds, not 4" in e for e in errors), errors


def test_a_round_that_is_not_the_berger_tables_is_flagged(copy):
    # Round 1 should be Bob-Eve and Cat-Dan with Ann resting; this file pairs Ann instead of Bob.
    copy("fest/apa/round-1.yaml", "games:\n  - [ash-ann, elm-eve, 1-0, 25-seeds, 25, 3]\n"
         "  - [cedar-cat, dale-dan, 1-0, 25-seeds, 25, 15]\nbye: [birch-bob]\n")
    errors, warnings = problems(copy.root)
    assert any("round 1 is not the Berger table's round 1 (Birch–Elm, Cedar–Dale; rest: Ash)" in w
               for w in warnings), warnings


def test_unreadable_records(copy):
    copy("fest/apa/round-1.yaml", "games:\n  - [birch-bob, elm-eve, 1-0, won, 2, 0]\n"
         "  - [cedar-cat, dale-dan, 1-0, 25-seeds, 25]\n  - [ash-ann]\n")
    errors, _ = problems(copy.root)
    # "  - [birch-bob, elm-eve, 1-0, " is 30 characters: the ending is at column 31.
    assert any(":2:31: error: 'won' is not how an Oware game ends" in e for e in errors), errors
    # "  - [cedar-cat, dale-dan, 1-0, 25-seeds, " is 41: the one count at 42, reported once.
    assert [e for e in errors if ":3:" in e] == [e for e in errors if ":3:42: error: only one player's seeds are "
                                                 "written" in e]
    assert len([e for e in errors if ":3:" in e]) == 1
    assert any(":4:5: error: board 3 is not a game" in e for e in errors), errors


@pytest.mark.build
def test_fixture_site(tmp_path):
    site = tmp_path / "site"
    result = build_site(FIXTURE, site)
    assert result.returncode == 0, result.stdout + result.stderr
    standings = (site / EVENT / "index.html").read_text(encoding="utf-8")
    assert "Sonneborn-Berger 5¼ against 3¼" in standings
    assert "head-to-head: won their game in round 3" in standings
    round1 = (site / EVENT / "round-1" / "index.html").read_text(encoding="utf-8")
    # The replay board of Bob-Eve: six positions (the start and five moves); it opens on the last.
    assert round1.count('class="oware"') == 1
    assert "After move 5 of 5" in round1
    rules = (site / EVENT / "rules" / "index.html").read_text(encoding="utf-8")
    assert "2–5, 3–4" in rules  # round 1 of the Berger table for six, 1 resting
