"""A small model of FESA's rating program (turnering.lisp, read afresh: `all-players`, `diff`, `innsats2`,
`inc-games`), written apart from generator/fesa/program.py, for tournaments without handicaps: rated players,
newcomers with or without a declared grade, unrated players with earlier games. test_fesa_differential.py
compares the two on random tournaments.

The program's number types are followed: a rated player's change is a double once a game's normal change
enters it (an exact ratio while only the upset rule and the bonus do); the performance is found in single floats
(CLISP reads 400.0 as one), here through array('f')."""

from __future__ import annotations

import math
from array import array
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

DAN_MIDPOINTS = [0, 1740, 1860, 2000, 2160, 2340, 2540, 2760, 3000]
KYU_MIDPOINTS = [0, 1620, 1510, 1410, 1320, 1240, 1160, 1080, 1000, 920, 840, 760, 680, 600, 520, 440, 360, 280,
                 200, 120, 40]
K_BANDS = [(2240, 16), (1920, 20), (1560, 24), (1280, 28), (1040, 32), (720, 36)]  # else 40


def single(x: Any) -> float:
    """x as a single float holds it."""
    return array("f", [float(x)])[0]


@dataclass(eq=False)
class Player:
    name: str
    elo: int  # 0: none yet
    games: int | list[tuple[int, Fraction]]  # a count, or an unrated player's earlier games
    bonus: int = 0
    grade: tuple[int, str] = (0, "")  # a newcomer's declared grade
    results: list[tuple[Player | None, Fraction]] = field(default_factory=list)  # None: no opponent (a bye)
    # the computation
    opponents: list[tuple[Any, Fraction]] = field(default_factory=list)  # a Player, or an int: a fixed rating
    unrated: bool = False
    change: Any = 0
    after: int = 0


def k_of(rating: Any) -> int:
    return next((k for bound, k in K_BANDS if rating >= bound), 40)


def game_change(my: Any, opponent: int, result: Fraction, bonus: int) -> Any:
    k = k_of(my)
    normal = k * (result - 1 / (1 + 10 ** ((opponent - my) / 400.0)))
    upset = k * (opponent - my) / 160 if isinstance(my, float) else Fraction(k * (opponent - my), 160)
    weak = 0 if bonus >= 100 or my >= 1800 else (1800 - my) / 200 if isinstance(my, float) else Fraction(1800 - my,
                                                                                                         200)
    return (upset if result == 1 and opponent > my and upset > normal else normal) + weak


class Endless(Exception):
    """A performance still not settled after MAX_STEPS (the program would go on until its limit passes the
    steps: a million steps or more); the engine stops on it with an error."""


MAX_STEPS = 50_000


def performance(games: list[tuple[int, Fraction]]) -> int:
    guess: Any = games[0][0]
    limit = single(0.001)
    step_limit = single(0.0001)
    log10_400 = single(single(math.log(10)) / 400)
    for _ in range(MAX_STEPS):
        a: Any = 0
        b: Any = 0
        for rating, score in games:
            x = rating - guess
            u1 = single(10 ** single((single(x) if isinstance(x, float) else x) / 400))
            u2 = single(1 / single(1 + u1))
            a = single(a + single(float(score) - u2))
            b = single(b + single(single(u1 * u2) * u2))
        step = single(single(a / b) / log10_400)
        step = max(-800.0, min(800.0, step))
        limit = single(limit + step_limit)
        if abs(step) < limit:
            return max(1, round(single(guess + step)))
        guess = single(guess + step)
    raise Endless


def counted(opponent: Any) -> int:
    """An opponent's rating as a game counts it: his rating after the tournament, at least 400."""
    if isinstance(opponent, int):
        return max(400, opponent)
    rating = opponent.change if opponent.elo == 0 else opponent.elo + opponent.change
    return max(400, rating)


def rate(players: list[Player]) -> None:
    """The tournament rated, the players in the order given; their `elo`, `games`, `bonus` after it."""
    for p in players:
        played = [(o, r) for o, r in p.results if o is not None]
        before = p.games if isinstance(p.games, int) else len(p.games)
        if before == 0:
            extra: list[tuple[Any, Fraction]] = []
            if p.grade[0] > 0:
                mid = (DAN_MIDPOINTS if p.grade[1] == "Dan" else KYU_MIDPOINTS)[p.grade[0]]
                extra = [(mid, Fraction(0)), (mid, Fraction(1))]
            p.opponents, p.unrated = extra + played, True
        elif isinstance(p.games, list) and (all(r == 0 for _, r in p.games) or all(r == 1 for _, r in p.games)
                                            or p.elo == 0 or before + len(played) < 9):
            p.opponents, p.unrated = [(o, r) for o, r in reversed(p.games)] + played, True
        else:
            p.opponents = played
            p.after = before + len(played)
        if p.unrated:
            p.elo = 0
    moved = True
    while moved:
        moved = False
        for p in players:
            if p.unrated:
                games = [(counted(o), r) for o, r in p.opponents]
                if all(r == 0 for _, r in games):
                    new: Any = 1
                elif all(r == 1 for _, r in games):
                    best = next(g for g in games if g[0] == max(x for x, _ in games))
                    new = performance([(best[0], Fraction(1, 2)), *games])
                else:
                    new = performance(games)
            else:
                total: Any = 0
                for n, (o, r) in enumerate(p.opponents):
                    total += game_change(p.elo + total, counted(o), r, p.bonus + n)
                new = round(total)
            if new != p.change:
                moved = True
            p.change = new
    for p in players:
        if p.unrated:
            p.games = [(counted(o), r) for o, r in p.opponents]
            p.bonus = 0
        else:
            p.games = p.after
            p.bonus = min(100, p.bonus + len(p.opponents))
    for p in players:  # (after every list of games: they count the opponents' figures as the passes left them)
        p.elo = p.elo + p.change
