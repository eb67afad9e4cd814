"""FESA's rating program as the rating officer runs it (turnering.lisp in kota/elo_rating): a rating list in its
own format, a tournament (turnering.txt), the new players' entries in; the list after the tournament out, the
same bytes the program writes. Our own code after the program's rules:

- A newcomer with a declared grade plays two extra games against the grade's midpoint rating, one lost and one
  won, which count towards the 9 games; a player still unrated (his list entry holds his games, not a count) is
  rated on all his games so far plus this tournament's, until he has 9 and a record that is not only wins or
  only losses. His rating is the performance that makes his expected score his score (only losses: 1; only
  wins: a draw against his best opponent is added). Every rating stands at least 400 as an opponent.
- A rated player's change is summed game by game from his rating before each game: k × (result − expected), or
  k × (or − pr)/160 when that is larger for a win against a stronger player, plus (1800 − pr)/200 while his
  `bonus-count` (games since he was first rated, at most 100) is below 100 and pr below 1800; the sum is
  rounded at the end. Opponents count with their rating after the tournament: the whole is repeated until no
  change moves (each player in the file's order, with the others' latest figures).
- Grades (FESA's, not the national grade the newcomer declared) rise game by game from the ratings between the
  old and the new one: past a grade's upper bound at once; a run of games above the next grade's lower bound or
  midpoint counts towards the limits of LB-COUNT and MP-COUNT; from 9 games (not 18) only the bound after next.
- A simul's giver (`[&]`, tournament.py) is not looked up in the list: a newcomer without games or grade, rated by
  his performance and promoted never; his list entry stays as it is.

The program's arithmetic is kept where it shows in the result: rationals stay exact, the performance is found
in single-precision floats and the change in double, rounding halves to even, as Common Lisp does."""

from __future__ import annotations

import math
import struct
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .grades import DAN_LB, KYU_LB, U_LIMIT, ProgramError, elo_k, grade_elo, promotions_of
from .lisp import Struct, SLOTS

def f32(x: float) -> float:
    """A value as a single-precision float holds it (the program stops on one beyond them)."""
    try:
        return float(struct.unpack("f", struct.pack("f", x))[0])
    except (OverflowError, struct.error):
        raise ProgramError("a figure beyond the program's single floats (a rating far from every other)",
                           hint="correct the rating") from None


SCORES = {"+": Fraction(1), "-": Fraction(0), "=": Fraction(1, 2)}  # a game's result, as turnering.txt writes it

# Handicaps in grades, as single floats (the program reads 0.60 as one).
HANDICAP_GRADES = {code: f32(v) for code, v in (("s", .20), ("m", .20), ("l", .60), ("b", 1.50), ("r", 2.10),
                                                  ("rl", 2.70), ("2p", 3.60), ("4p", 5.00), ("5p", 6.50),
                                                  ("6p", 8.00))}


# --- grades as decimal numbers, for handicap games ----------------------------------------------------------

def rank_number(elo: int) -> float:
    """A rating as a decimal grade number (14.0 = 1 dan's lower bound), in single floats."""
    if elo >= DAN_LB[-1]:
        raise ProgramError(f"a rating of {elo} in a handicap game: FESA's rating program counts handicaps in grades, "
                           f"and its grades end below {DAN_LB[-1]}", hint="correct the rating")
    if elo > DAN_LB[1]:
        main = next(i for i, x in enumerate(DAN_LB[1:]) if elo < x)
        return f32(f32(14.0 + main) + float(Fraction(elo - DAN_LB[main], DAN_LB[main + 1] - DAN_LB[main])))
    if elo > KYU_LB[1]:
        return f32(14.0 + float(Fraction(elo - KYU_LB[1], DAN_LB[1] - KYU_LB[1])))
    main_or_none = next((i for i, x in enumerate(KYU_LB[1:]) if elo > x), None)
    if main_or_none is None:
        return 0.0
    main = main_or_none
    return f32(f32(14.0 - main) + float(Fraction(elo - KYU_LB[main + 1], KYU_LB[main] - KYU_LB[main + 1])))


def rank_elo(number: float) -> int:
    main = math.floor(number)
    part = f32(number - main)
    if main >= 15:
        lb, ub = DAN_LB[main - 14], DAN_LB[main - 13]
    elif main == 14:
        lb, ub = KYU_LB[1], DAN_LB[1]
    elif main >= -5:
        lb, ub = KYU_LB[15 - main], KYU_LB[14 - main]
    else:
        return 1
    return round(f32(lb + f32(part * (ub - lb))))


# --- a tournament's players ---------------------------------------------------------------------------------

@dataclass(eq=False)
class Entrant:
    """A player of the tournament: his list entry, his games and the figures being computed."""

    record: Struct
    rounds: list[tuple[int, str, str | None]] = field(default_factory=list)  # as turnering.txt has them
    grade: str = ""  # his FESA grade before the tournament, as the table shows it
    games: list[tuple[Entrant, Fraction, str | None, str | None]] = field(default_factory=list)
    unrated: bool = False
    change: Any = 0  # a rated player's change; an unrated one's rating
    exact: Any = 0  # a rated player's change before rounding
    after: int = 0  # games counted after the tournament
    simul: bool = False  # a simul's giver (`[&]`): rated by performance here, his list entry left as it is
    pushed: list[tuple[Entrant, Fraction, str | None, str | None]] = field(default_factory=list)  # a giver's games
    # as add_game (tournament.py) finds them in his opponents' lines, until givers_games puts them in his games

    @property
    def elo(self) -> int:
        return int(self.record.slots["ELO-NUMBER"] or 0)

    def start(self) -> Any:
        return self.change if self.elo == 0 else self.elo

    def clean_change(self) -> Any:
        return 0 if self.elo == 0 else self.change


def who(e: Entrant) -> str:
    return " ".join(str(x) for x in (e.record.slots["LAST-NAME"], e.record.slots["FIRST-NAME"]) if x)


def _dummy(elo: int) -> Entrant:
    return Entrant(Struct("PLAYER", {**dict(SLOTS["PLAYER"]), "ELO-NUMBER": elo}))


def effective(me: Entrant, opponent: Entrant, side: str | None, code: str | None) -> int:
    """The opponent's rating as it counts in one game: after the tournament, at least 400, moved by a handicap
    through the decimal grades (`side` as turnering.txt writes it: + I received it, so the giver counts lower;
    − I gave it, so the opponent counts higher by what it costs me)."""
    rating = max(400, opponent.start() + opponent.clean_change())
    if side is None or code is None:
        return int(rating)
    grades = HANDICAP_GRADES.get(code.lower())
    if grades is None:
        raise ProgramError(f"unknown handicap '{code}'")
    mine = int(me.start())
    owner, level = (opponent, int(rating)) if side == "+" else (me, mine)
    if level >= DAN_LB[-1]:
        error = ProgramError(f"{who(owner)}'s rating of {level} in a handicap game: FESA's rating program counts "
                             f"handicaps in grades, and its grades end below {DAN_LB[-1]}", hint="correct the rating")
        error.entrant = owner
        raise error
    if side == "+":
        return rank_elo(f32(rank_number(int(rating)) - grades))
    return int(rating + (mine - rank_elo(f32(rank_number(mine) - grades))))


def rated_results(me: Entrant) -> list[tuple[int, Fraction, int]]:
    return [(effective(me, opp, side, code), score, 1) for opp, score, side, code in me.games]


# --- the two formulas ----------------------------------------------------------------------------------------

LOG10_400 = f32(f32(math.log(10)) / 400)
WORK = 1_000_000  # steps of a Budget: a real tournament takes a few thousand
SWING = 100  # a performance's step that, taken again from the same guess, shows it will not settle
STEP = f32(0.0001)


def _single(x: Any) -> Any:
    return f32(x) if isinstance(x, float) else x


class Budget:
    """The steps of the program's arithmetic a tournament may take (a game's change, a game in one step of a
    performance): FESA's program takes as many as it needs, which in a hostile list can be hours."""

    def __init__(self, steps: int = WORK):
        self.steps = self.left = steps

    def spend(self, steps: int) -> None:
        self.left -= steps
        if self.left < 0:
            raise ProgramError(f"rating this tournament takes more than {self.steps:,} steps of the program's "
                               "arithmetic "
                               "(a performance over many games that settles slowly)",
                               hint="check the player's games in the list")


def performance(games: list[tuple[int, Fraction, int]], budget: Budget | None = None) -> int:
    """The rating whose expected score over the games is the score made (Newton's method in single floats,
    each step at most 800, stopping when a step is below a limit that grows a little each time)."""
    guess: Any = games[0][0]
    limit = f32(0.001)
    seen: set[Any] = set()  # guesses a step of SWING or more was taken from
    while True:
        if budget is not None:
            budget.spend(len(games))
        a: Any = 0
        b: Any = 0
        for rating, score, weight in games:
            u1 = f32(10 ** f32(_single(rating - guess) / 400))
            u2 = f32(1 / f32(1 + u1))
            a = f32(a + f32(weight * f32(float(score) - u2)))
            b = f32(b + f32(f32(f32(weight * u1) * u2) * u2))
        step: Any = f32(f32(a / b) / LOG10_400)
        step = 800 if step > 800 else -800 if step < -800 else step
        limit = f32(limit + STEP)
        if abs(step) < limit:
            return max(1, int(round(_single(guess + step))))
        if abs(step) >= SWING and guess in seen:  # the same steps again and again, until the limit passes them
            raise ProgramError(f"the performance rating swings around {int(guess)} by steps of {SWING} or more "
                               "without settling (FESA's program repeats them until its limit, which grows by "
                               "0.0001 a step, passes them: a million steps or more)",
                               hint="FESA's rating officer has to rate this tournament by hand")
        if abs(step) >= SWING:
            seen.add(guess)
        guess = _single(guess + step)


def gain(my: Any, opponent: int, score: Fraction, bonus_count: int) -> Any:
    """One game's change for a rated player (`my`: his rating before the game, exact or a double)."""
    k = elo_k(my)
    try:
        normal = k * (score - 1 / (1 + 10 ** ((opponent - my) / 400.0)))
    except OverflowError:
        raise ProgramError(f"ratings {my} and {opponent} too far apart for the program's floats",
                           hint="correct the rating") from None
    upset = k * (opponent - my) / 160 if isinstance(my, float) else Fraction(k * (opponent - my), 160)
    weak: Any = 0
    if bonus_count < 100 and my < 1800:
        weak = (1800 - my) / 200 if isinstance(my, float) else Fraction(1800 - my, 200)
    won_upset = score == 1 and opponent > my and upset > normal
    return (upset if won_upset else normal) + weak


def _count(games: Any) -> int:
    return len(games) if isinstance(games, list) else int(games or 0)


def prepare(entrants: list[Entrant]) -> None:
    """Who is rated by the formula, who by performance (with his earlier games, or a newcomer's two)."""
    for e in entrants:
        old = e.record.slots
        before = _count(old["GAMES"])
        if before == 0:
            if int(old["NSR-GRADE-LEVEL"] or 0) > 0:
                dummy = _dummy(grade_elo(int(old["NSR-GRADE-LEVEL"]), str(old["NSR-GRADE-NAME"])))
                e.games[:0] = [(dummy, Fraction(0), None, None), (dummy, Fraction(1), None, None)]
            e.after, e.unrated = len(e.games), True
            old["ELO-NUMBER"] = 0
        elif not isinstance(old["GAMES"], list):
            e.after = before + len(e.games)
        elif (all(g[1] == 0 for g in old["GAMES"]) or all(g[1] == 1 for g in old["GAMES"]) or e.elo == 0
              or before + len(e.games) < U_LIMIT):
            e.games[:0] = [(_dummy(int(g[0])), Fraction(g[1]), None, None) for g in reversed(old["GAMES"])]
            e.after, e.unrated = len(e.games), True
            old["ELO-NUMBER"] = 0
        else:
            e.after = before + len(e.games)


def gains(e: Entrant, budget: Budget | None = None) -> list[tuple[Any, int, Any]]:
    """A rated player's games as the formula takes them: (his rating before the game, the opponent's as it
    counts, the change)."""
    if budget is not None:
        budget.spend(len(e.games))
    bonus = int(e.record.slots["BONUS-COUNT"] or 0)
    change: Any = 0
    out = []
    for opponent, score, _ in rated_results(e):
        step = gain(e.elo + change, opponent, score, bonus)
        out.append((e.elo + change, opponent, step))
        change = change + step
        bonus += 1
    return out


def unrated_figure(e: Entrant, budget: Budget | None = None) -> int:
    """An unrated player's rating: his performance over his games; only losses: 1; only wins: a draw against his
    best opponent added."""
    if all(g[1] == 0 for g in e.games):
        return 1
    results = rated_results(e)
    if all(g[1] == 1 for g in e.games):
        best = max(results, key=lambda r: r[0])  # the first of the best
        results = [(best[0], Fraction(1, 2), best[2]), *results]
    try:
        return performance(results, budget)
    except ProgramError as exc:
        raise ProgramError(f"{who(e)}: {exc}", hint=exc.hint) from None


MAX_PASSES = 1000  # the program's passes before a rating that moves on without repeating is given up


class NoFixedPoint(ProgramError):
    """The ratings come back to a state they had: FESA's program repeats its passes forever."""

    def __init__(self, entrants: list[Entrant], swinging: list[int], period: int):
        names = ", ".join(who(entrants[i]) for i in swinging)
        if period:
            message = f"the ratings never settle: {names} swing between {period} states pass after pass"
        else:
            message = f"the ratings do not settle in {MAX_PASSES} passes: {names} still move"
        super().__init__(message + " (FESA's rating program repeats its passes forever here)",
                         swinging[0] if swinging else None,
                         "FESA's rating officer has to settle this tournament's ratings by hand")
        self.swinging = swinging


def iterate(entrants: list[Entrant], budget: Budget | None = None) -> int:
    """Every player's figure, again and again in the file's order, until a whole pass changes none; the
    number of passes. Figures that come back to a state they had never settle: NoFixedPoint, naming the
    players whose figures swing (the program would pass forever).

    A player's figure depends on his opponents' figures (and, an unrated player who gave a handicap, on his
    own): one whose opponents have not moved since he was last computed would come out the same, so he is not
    computed again. The passes, and every figure, are the program's."""
    budget = budget or Budget()
    watchers: dict[int, list[Entrant]] = {id(e): [] for e in entrants}  # who counts e's figure
    for e in entrants:
        for opponent, _, side, _ in e.games:
            watchers.setdefault(id(opponent), []).append(e)
            if side == "-":
                watchers[id(e)].append(e)
    stale = {id(e) for e in entrants}
    passes = 0
    moved = -1
    seen: dict[tuple[Any, ...], int] = {}  # each state at the start of a pass: the pass
    while moved != 0:
        state = tuple(e.change for e in entrants)
        if state in seen or passes == MAX_PASSES:
            states = list(seen)[seen[state]:] if state in seen else [list(seen)[-1], state]
            swinging = [i for i in range(len(entrants)) if len({s[i] for s in states}) > 1]
            raise NoFixedPoint(entrants, swinging, len(states) if state in seen else 0)
        seen[state] = passes
        moved, passes = 0, passes + 1
        for n, e in enumerate(entrants):
            if id(e) not in stale:
                continue
            stale.discard(id(e))
            try:
                if not e.unrated:
                    change: Any = 0
                    for _, _, step in gains(e, budget):
                        change = change + step
                    e.exact = change
                    new: Any = round(change)
                else:
                    new = unrated_figure(e, budget)
            except ProgramError as exc:
                if exc.player is None:
                    exc.player = next((i for i, x in enumerate(entrants) if x is exc.entrant), n)
                raise
            if new != e.change:
                moved += (e.change - new) ** 2
                stale.update(id(w) for w in watchers[id(e)])
            e.change = new
    return passes


def record_games(entrants: list[Entrant]) -> None:
    """The list entries' figures after the tournament: games (an unrated player's list of them), bonus count."""
    for e in entrants:
        old = e.record.slots
        old["GAMES"] = [list(r) for r in rated_results(e)] if e.unrated else e.after
        old["BONUS-COUNT"] = 0 if e.unrated else min(100, int(old["BONUS-COUNT"] or 0) + len(e.games))


def rate(entrants: list[Entrant], budget: Budget | None = None) -> tuple[int, list[str]]:
    """The tournament rated: each entrant's change, his list entry's new figures and grade; the passes and the
    promotions announced."""
    prepare(entrants)
    passes = iterate(entrants, budget)
    record_games(entrants)
    promotions: list[str] = []
    for n, e in enumerate(entrants):
        if e.simul:
            continue  # (the program's find-promotions passes over a giver)
        try:
            promotions_of(e.record.slots, e.elo, e.change, len(e.games), promotions)
        except ProgramError as exc:
            exc.player = n
            raise
    for e in entrants:
        e.record.slots["ELO-NUMBER"] = e.elo + e.change
    return passes, promotions
