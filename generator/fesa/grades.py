"""FESA's grades as its rating program keeps them (turnering.lisp): each grade's lower bound (LB) and midpoint
(MP), how many games above them promote, and the promotion of a player game by game (see program.py)."""

from __future__ import annotations

from functools import cache
from typing import Any

from .lisp import Keyword


E_LIMIT, U_LIMIT = 18, 9
DAN_MP = (0, 1740, 1860, 2000, 2160, 2340, 2540, 2760, 3000, 9999, 9999)
DAN_LB = (0, 1680, 1800, 1920, 2080, 2240, 2440, 2640, 2880, 3120, 9999)
KYU_MP = (0, 1620, 1510, 1410, 1320, 1240, 1160, 1080, 1000, 920, 840, 760, 680, 600, 520, 440, 360, 280, 200, 120, 40)
KYU_LB = (0, 1560, 1460, 1360, 1280, 1200, 1120, 1040, 960, 880, 800, 720, 640, 560, 480, 400, 320, 240, 160, 80, 0)
DAN_LB_GAMES = (0, 14, 14, 16, 16, 9999, 9999, 9999)
DAN_MP_GAMES = (0, 7, 7, 8, 8, 10, 9999, 9999)
KYU_LB_GAMES = (0, 14, 12, 12, 12, 10, 10, 10, 8, 8, 8, 8, 6, 6, 6, 6, 6, 6, 6, 6, 6)
KYU_MP_GAMES = (0, 7, 6, 6, 6, 5, 5, 5, 4, 4, 4, 4, 3, 3, 3, 3, 3, 3, 3, 3, 3)


class ProgramError(Exception):
    """What the program stops on (an unknown player, a date before his last game, a rating beyond its tables …);
    `player`: the index of the tournament's player it is about, when it is about one; `hint`: how to fix it."""

    def __init__(self, message: str, player: int | None = None, hint: str = ""):
        super().__init__(message)
        self.player = player
        self.hint = hint
        self.entrant: object = None  # the tournament's player it is about, when the engine knows him, not his index


class BeyondTables(ProgramError):
    """A grade past the end of the program's tables (it stops there: its `nth` gives NIL, which no comparison
    takes); promotions_of says whose rating led there."""


def _table(values: tuple[int, ...], level: int) -> int:
    if not 0 <= level < len(values):
        raise BeyondTables(f"grade {level} is outside the program's tables")
    return values[level]


def grade_elo(level: int, kind: str) -> int:
    """The midpoint rating of a declared grade: the newcomer's two games are against it."""
    kind = kind.lower()
    if kind == "dan":
        return _table(DAN_MP, level)
    if kind == "kyu":
        return _table(KYU_MP, level)
    if kind == "pro":
        return 2540 - 30 + 30 * level
    raise ProgramError(f"unknown grade type '{kind}'")


def _bound(level: int, kind: str, dan: tuple[int, ...], kyu: tuple[int, ...]) -> int:
    """A grade's entry in the dan and kyu tables; a professional's is out of reach (9999)."""
    kind = kind.lower()
    if kind == "pro":
        return 9999
    if kind in ("dan", "kyu"):
        return _table(dan if kind == "dan" else kyu, level)
    raise ProgramError(f"unknown grade {level} {kind}")


@cache
def lower_bound(level: int, kind: str) -> int:
    return _bound(level, kind, DAN_LB, KYU_LB)


@cache
def midpoint(level: int, kind: str) -> int:
    return _bound(level, kind, DAN_MP, KYU_MP)


@cache
def next_grade(level: int, kind: str) -> tuple[int, str]:
    low = kind.lower()
    if low == "pro":
        return 0, "Pro"
    if low == "dan":
        return level + 1, kind
    if kind == "":
        return 20, "Kyu"
    if low != "kyu":
        raise ProgramError(f"no grade after {level} {kind}")
    return (1, "Dan") if level == 1 else (level - 1, kind)


@cache
def upper_bound(level: int, kind: str) -> int:
    return lower_bound(*next_grade(level, kind))


@cache
def games_limit(level: int, kind: str, counter: str) -> int:
    """How many games above the grade's lower bound ("lb") or midpoint ("mp") promote to it."""
    return _bound(level, kind, *((DAN_LB_GAMES, KYU_LB_GAMES) if counter == "lb" else (DAN_MP_GAMES, KYU_MP_GAMES)))


def elo_k(elo: Any) -> int:
    for bound, k in ((DAN_LB[5], 16), (DAN_LB[3], 20), (KYU_LB[1], 24), (KYU_LB[4], 28), (KYU_LB[7], 32),
                     (KYU_LB[11], 36)):
        if elo >= bound:
            return k
    return 40


# --- promotions ---------------------------------------------------------------------------------------------------

def promote(slots: dict[str, Any], promotions: list[str]) -> None:
    level, kind = next_grade(int(slots["GRADE-LEVEL"] or 0), str(slots["GRADE-NAME"] or ""))
    slots["GRADE-LEVEL"], slots["GRADE-NAME"], slots["LB-COUNT"], slots["MP-COUNT"] = level, kind, None, None
    who = " ".join(str(n) for n in (slots["LAST-NAME"], slots["FIRST-NAME"]) if n)
    if promotions and promotions[-1].startswith(who + " to "):
        promotions.pop()  # a player promoted twice in a tournament: the last grade is the one announced
    promotions.append(f"{who} to {level} {kind}")


def test_promotion(rating: Any, slots: dict[str, Any], promotions: list[str]) -> None:
    """One game at `rating` for a player with 18 games or more: past the next grade's upper bound he is promoted;
    above its midpoint or lower bound the game counts towards LB-COUNT and MP-COUNT; below, they restart."""
    level, kind = int(slots["GRADE-LEVEL"] or 0), str(slots["GRADE-NAME"] or "")
    following = next_grade(level, kind)
    lb, mp, ub = lower_bound(*following), midpoint(*following), upper_bound(*following)
    if rating >= ub:
        promote(slots, promotions)
        test_promotion(rating, slots, promotions)
    elif rating >= mp:
        if (slots["MP-COUNT"] or [None])[0] == Keyword("MP"):
            slots["LB-COUNT"][1] += 1
            slots["MP-COUNT"][1] += 1
        elif (slots["LB-COUNT"] or [None])[0] == Keyword("LB"):
            slots["LB-COUNT"][1] += 1
            slots["LB-COUNT"][2] = True
            slots["MP-COUNT"] = [Keyword("MP"), 1]
        else:
            slots["LB-COUNT"], slots["MP-COUNT"] = [Keyword("LB"), 1, True], [Keyword("MP"), 1]
        _above_limit(rating, slots, following, promotions)
    elif rating >= lb:
        if (slots["LB-COUNT"] or [None])[0] == Keyword("LB"):
            slots["MP-COUNT"] = None
            slots["LB-COUNT"][1] += 1
        else:
            slots["LB-COUNT"], slots["MP-COUNT"] = [Keyword("LB"), 1, None], None
        _above_limit(rating, slots, following, promotions)
    else:
        slots["LB-COUNT"] = slots["MP-COUNT"] = None


def _above_limit(rating: Any, slots: dict[str, Any], following: tuple[int, str], promotions: list[str]) -> None:
    lbc, mpc = slots["LB-COUNT"], slots["MP-COUNT"]
    if lbc and ((lbc[1] >= games_limit(*following, "lb") and lbc[2]) or
                (mpc and mpc[1] >= games_limit(*following, "mp"))):
        promote(slots, promotions)
        test_promotion(rating, slots, promotions)


def test_provisional(rating: Any, slots: dict[str, Any], promotions: list[str]) -> None:
    """One game for a player with 9 to 17 games: promoted only past the upper bound of the grade after the next
    (the lower bound three grades up)."""
    following = next_grade(int(slots["GRADE-LEVEL"] or 0), str(slots["GRADE-NAME"] or ""))
    if rating >= upper_bound(*next_grade(*following)):
        promote(slots, promotions)
        test_provisional(rating, slots, promotions)


def promotions_of(slots: dict[str, Any], start: int, change: Any, games: int, promotions: list[str]) -> None:
    """The grade after each game (a player's list slots, rating before, change and games in the tournament), the
    ratings between the old and the new one in equal steps; then, from 18 games, a look at 20 games more, each
    losing its k: a promotion they would bring is given now."""
    try:
        _promotions(slots, start, change, games, promotions)
    except BeyondTables:
        who = " ".join(str(n) for n in (slots["LAST-NAME"], slots["FIRST-NAME"]) if n)
        raise ProgramError(f"{who}'s rating ({start + change}) takes him past the grades of FESA's rating "
                           "program's tables (they end at 7 and 8 dan): the program stops there",
                           hint="FESA's rating officer has to rate this tournament by hand") from None


def _promotions(slots: dict[str, Any], start: int, change: Any, games: int, promotions: list[str]) -> None:
    end = start + change
    start = end if start == 0 else start
    total = len(slots["GAMES"]) if isinstance(slots["GAMES"], list) else int(slots["GAMES"] or 0)
    if games:
        for n in range(1, games + 1):
            played = total - games + n
            # start + (end − start) × n / games: a float is exact where it matters, against the grades' whole
            # bounds (it is a whole number exactly when the division comes out, else at least 1/games from one)
            rating = start + (end - start) * n / games
            if played >= E_LIMIT:
                test_promotion(rating, slots, promotions)
            elif played >= U_LIMIT:
                test_provisional(rating, slots, promotions)
    if total >= E_LIMIT:
        grade = (slots["GRADE-LEVEL"], slots["GRADE-NAME"])
        copy = {**slots, "LB-COUNT": list(slots["LB-COUNT"] or []) or None,
                "MP-COUNT": list(slots["MP-COUNT"] or []) or None}
        rating = end - elo_k(end)
        for _ in range(20):
            test_promotion(rating, copy, [])
            rating -= elo_k(rating)
        if (copy["GRADE-LEVEL"], copy["GRADE-NAME"]) != grade:
            promote(slots, promotions)
