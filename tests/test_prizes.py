"""Prize money (docs/rulings.md#prize-ties): pooled shares, category prizes, Decimal to the penny."""

from __future__ import annotations

from decimal import Decimal as D
from fractions import Fraction as F

from generator.rules.prizes import award

MSO = tuple(D(x) for x in (450, 350, 250, 200, 150, 100, 50))  # docs/mso-2000.md#msowsc: places 1-7


def amounts(result) -> dict[str, tuple[str, D]]:
    return {a.player: (a.label, a.amount) for a in result.awards}


def test_two_players_tied_across_a_prize_boundary():
    # 7th and 8th on the same points: only place 7 has a prize, 50 pooled and split: 25.00 each.
    order = [(str(i), F(10 - i)) for i in range(1, 7)] + [("g", F(3)), ("h", F(3)), ("i", F(2))]
    got = amounts(award(order, MSO, []))
    assert got["g"] == got["h"] == ("places 7–8, shared by 2", D("25.00"))
    assert "i" not in got


def test_three_players_tied_across_a_prize_boundary_with_pennies_left():
    # Places 6, 7, 8 on the same points: 100 + 50 (8th has none) = 150, 50.00 each.
    order = [(str(i), F(10 - i)) for i in range(1, 6)] + [("f", F(4)), ("g", F(4)), ("h", F(4))]
    result = award(order, MSO, [])
    assert {p: a for p, (_, a) in amounts(result).items() if p in "fgh"} == {"f": D(50), "g": D(50), "h": D(50)}
    # Places 2-4 shared by 3: 350 + 250 + 200 = 800; 800 / 3 = 266.666… -> 266.66 each, 0.02 left over.
    order = [("a", F(9)), ("b", F(8)), ("c", F(8)), ("d", F(8)), ("e", F(7))]
    result = award(order, MSO, [])
    assert amounts(result)["b"] == ("places 2–4, shared by 3", D("266.66"))
    assert result.remainder == D("0.02")
    # 450 + 3 x 266.66 + 150 = 1399.98 awarded; with the 0.02 left over: 1400 = 450 + 350 + 250 + 200 + 150.
    assert result.total == D("1399.98") and result.total + result.remainder == D(1400)


def test_a_category_prize_passes_to_the_next_eligible_player():
    order = [("a", F(5)), ("b", F(4)), ("c", F(3)), ("d", F(2))]
    # a has 450 >= 50: keeps it, and the best-kyu prize passes to c (no place prize: places 1-2 only here).
    result = award(order, (D(450), D(350)), [("best_kyu", D(50), ["a", "c", "d"])])
    assert amounts(result)["c"] == ("best kyu player", D("50.00"))
    assert "d" not in amounts(result)


def test_the_mini_open_prizes(mini):
    # Final (test_scoring): Adams 2½, Clark 2½, Baker 1, Dean 1, Evil 1.  Places 30 / 20 / 10; best kyu 5;
    # best junior 5.  Adams and Clark pool places 1-2: 50, 25.00 each.  Baker, Dean, Evil pool place 3: 10,
    # 3.33 each (0.01 left over).  Best kyu, pooled like a place: Adams is 1 dan; Clark has no grade but
    # 1600 < 1680, so kyu, alone on 2½: his 25.00 is larger than 5, he keeps it and the prize passes on.  The
    # next kyu players are Baker (2 kyu), Dean (claimed 3 kyu) and Evil (assessed 1300 < 1680), all on 1: they
    # would share 5 / 3 = 1.66, less than their 3.33, so each keeps his place share and nobody is left to take
    # it.  Nobody has a birth date, so no junior prize.  Awarded 25 + 25 + 3 x 3.33 = 59.99 of 70.
    result = mini.prizes["cup/open"]
    assert amounts(result) == {
        "adams-amy": ("places 1–2, shared by 2", D("25.00")),
        "clark-cy": ("places 1–2, shared by 2", D("25.00")),
        "baker-ben": ("places 3–5, shared by 3", D("3.33")),
        "dean-dora": ("places 3–5, shared by 3", D("3.33")),
        "evil": ("places 3–5, shared by 3", D("3.33")),
    }
    assert (result.total, result.offered, result.remainder) == (D("59.99"), D(70), D("0.01"))
    # Neither category is taken, and the list says so: 59.99 + 0.01 + 5 + 5 = 70, every penny accounted for.
    assert result.unawarded == [("best kyu player", D("5.00")), ("best junior", D("5.00"))]


def test_two_kyu_players_tied_share_the_best_kyu_prize():
    # Places 450 / 350 only.  c and d are the best kyu players, tied on 3½, no place prize: 50 / 2 = 25 each.
    order = [("a", F(5)), ("b", F(4)), ("c", F(7, 2)), ("d", F(7, 2)), ("e", F(3))]
    result = award(order, (D(450), D(350)), [("best_kyu", D(50), ["c", "d", "e"])])
    assert amounts(result)["c"] == amounts(result)["d"] == ("best kyu player, shared by 2", D("25.00"))
    assert "e" not in amounts(result)


def test_a_tied_kyu_player_with_a_larger_place_prize_leaves_the_category_to_the_other():
    # b and c are kyu, tied on 4 in places 2-3: 350 + 250 = 600 pooled, 300 each; a kyu share would be 25.
    # Both keep 300 > 25: the category passes to the next group, d alone on 3 (no place prize): 50.
    order = [("a", F(5)), ("b", F(4)), ("c", F(4)), ("d", F(3))]
    result = award(order, (D(450), D(350), D(250)), [("best_kyu", D(50), ["b", "c", "d"])])
    assert amounts(result)["b"] == amounts(result)["c"] == ("places 2–3, shared by 2", D("300.00"))
    assert amounts(result)["d"] == ("best kyu player", D("50.00"))
    # With a 400 kyu prize: 400 / 2 = 200 < 300, both still keep the place; d takes the 400.
    # With a 700 kyu prize: 700 / 2 = 350 > 300: both take it (350 each) and give back their place shares:
    # places 2-3 then have no one left in the group, so 600 is not awarded; d gets nothing.
    result = award(order, (D(450), D(350), D(250)), [("best_kyu", D(700), ["b", "c", "d"])])
    assert amounts(result)["b"] == amounts(result)["c"] == ("best kyu player, shared by 2", D("350.00"))
    assert "d" not in amounts(result)
    assert result.total == D(450) + D(700)


def test_money_is_decimal_and_never_float(mini):
    assert all(type(a.amount) is D for a in mini.prizes["cup/open"].awards)
