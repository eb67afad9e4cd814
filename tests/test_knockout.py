"""The ESC bracket: standard order, byes for 17, 24, 31, 32 and 12 Europeans, the round it starts in."""

from generator.rules.knockout import bracket_for, standard_order


def test_standard_order_keeps_1_and_2_apart_until_the_final():
    assert standard_order(4) == [1, 4, 2, 3]
    assert standard_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    order = standard_order(32)
    assert order[:4] == [1, 32, 16, 17] and sorted(order) == list(range(1, 33))
    assert order.index(1) < 16 <= order.index(2)  # opposite halves


def test_32_europeans_play_1_v_32_2_v_31_without_byes():
    b = bracket_for(32)
    assert (b.size, b.first_round, b.byes) == (32, 1, [])
    # docs/mso-2000.md#european-shogi-championship: "round 1: 1 vs 32, 2 vs 31, etc." — every pair of seeds adds
    # up to 33.
    games = b.first_round_games()
    assert len(games) == 16 and all(a + c == 33 for a, c in games)


def test_more_than_32_europeans_take_the_best_32():
    assert bracket_for(40).entrants == 32


def test_31_europeans_seed_1_has_the_only_bye():
    # 32 - 31 = 1 bye: seed 1, whose opponent would be seed 32.
    b = bracket_for(31)
    assert b.byes == [1]
    assert len(b.first_round_games()) == 15  # 30 players play; 15 winners + seed 1 = 16


def test_24_europeans_give_seeds_1_to_8_a_bye():
    # 32 - 24 = 8 byes: seeds 1..8 (opponents 32..25 do not exist); 16 players play 8 games: 8 + 8 = 16 left.
    b = bracket_for(24)
    assert b.byes == list(range(1, 9))
    assert sorted(b.first_round_games()) == [(9, 24), (10, 23), (11, 22), (12, 21), (13, 20), (14, 19), (15, 18),
                                             (16, 17)]


def test_17_europeans_leave_one_game_in_round_1():
    # 32 - 17 = 15 byes: seeds 1..15; only 16 v 17 is played; 15 + 1 = 16 left for round 2.
    b = bracket_for(17)
    assert b.byes == list(range(1, 16))
    assert b.first_round_games() == [(16, 17)]


def test_12_europeans_use_a_bracket_of_16_from_round_2():
    # Smallest power of two >= 12 is 16: 4 knock-out rounds, so it starts in round 5 - 4 + 1 = 2 and the final is
    # still in round 5; 16 - 12 = 4 byes for seeds 1..4; games 5 v 12, 6 v 11, 7 v 10, 8 v 9.
    b = bracket_for(12)
    assert (b.size, b.first_round, b.byes) == (16, 2, [1, 2, 3, 4])
    assert sorted(b.first_round_games()) == [(5, 12), (6, 11), (7, 10), (8, 9)]


def test_5_europeans_start_in_round_3():
    # 8-bracket, 3 rounds: rounds 3, 4, 5; byes for seeds 1..3 (8 - 5); one game: 4 v 5.
    b = bracket_for(5)
    assert (b.size, b.first_round, b.byes, b.first_round_games()) == (8, 3, [1, 2, 3], [(4, 5)])
