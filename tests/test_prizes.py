"""Prize money (PRODUCT.md rulings, Prize ties): pooled shares, category prizes, Decimal to the penny."""

from __future__ import annotations

from decimal import Decimal as D
from fractions import Fraction as F

from generator.prizes import award

MSO = tuple(D(x) for x in (450, 350, 250, 200, 150, 100, 50))  # seeds/000…: MSOWSC places 1-7


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
    # best junior 5.  Adams and Clark pool places 1-2: 50, 25.00 each.  Baker, Dean, Evil pool place 3: 10.
    # Best kyu, in tiebreak order: Adams is 1 dan; Clark has no grade but 1600 < 1680, so kyu: his 25.00 is
    # larger, it passes on; Baker (2 kyu) would get 3.33 < 5: he takes the 5.00 and Dean and Evil split the
    # 10: 5.00 each.  Nobody has a birth date, so no junior prize.  Awarded 25 + 25 + 5 + 5 + 5 = 65 of 70.
    result = mini.prizes["cup/open"]
    assert amounts(result) == {
        "adams-amy": ("places 1–2, shared by 2", D("25.00")),
        "clark-cy": ("places 1–2, shared by 2", D("25.00")),
        "dean-dora": ("places 3–5, shared by 2", D("5.00")),
        "evil": ("places 3–5, shared by 2", D("5.00")),
        "baker-ben": ("best kyu player", D("5.00")),
    }
    assert (result.total, result.offered, result.remainder) == (D(65), D(70), D(0))


def test_money_is_decimal_and_never_float(mini):
    assert all(type(a.amount) is D for a in mini.prizes["cup/open"].awards)
