"""The Oware rules engine (seeds/002, the 2012 MSO rules), on positions worked out by hand.

Houses: the first player's a-f are indices 0-5, the second's A-F 6-11; seeds go a → f → A → F → a.
"""

from __future__ import annotations

import pytest

from generator.games.oware import IllegalMove, Position, legal_moves, perft, play, replay


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
