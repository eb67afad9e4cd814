"""FESA's Elo system for one tournament: each player's rating change, before the rating officer publishes it.

Pure: games and ratings in, changes out. Exact where it can be: every sum is a Fraction, and the one value that
is not rational, 10^(x/400), is computed to 40 significant digits (Decimal) and carried as a Fraction; only the
tournament's total is rounded.

The rules, from FESA's "Elo system" page (fesashogi.eu, "elo-system"), section by section:

- §1 Basic formula. f(pr, or) = 1/(1+10^((or-pr)/400)); the change after a game is k(pr) × (result − f(pr, or)),
  result 1, ½ or 0. pr is the player's rating before *that game*: the changes accumulate game by game, in round
  order. or is the opponent's rating *after* the tournament (its final rating), and 400 when it is below 400.
  k(pr): 16 from 2240, 20 from 1920, 24 from 1560, 28 from 1280, 32 from 1040, 36 from 720, 40 below.
  The decimals are kept; the tournament's total is rounded to the nearest integer.
- The upset rule: when the player wins and k × (or − pr)/160 is larger than the change above, that is used.
- Final ratings depend on the opponents' final ratings, so the tournament is computed again with the new final
  ratings until none changes (a fixed point). Final ratings are whole numbers, as published, so "changes" is
  exact; the computation stops after MAX_ROUNDS passes if it ever cycles (`Preview.settled` says so).
- Categories: unrated — fewer than 9 rated games, this tournament's included, or only wins or only losses so
  far; provisional — fewer than 18; established — the rest.
- Unrated players get a performance rating: the whole-number rating r at which the expected score
  Σ f(r, or) over the tournament's games comes closest to the score made (a draw of two: the lower). With only
  wins or only losses there is no such rating: the highest opponent + 400, or the lowest − 400 (at least 1).
- A bonus per game for players below 1800 during their first 100 rated games: (1800 − pr)/200 is added to the
  game's change.
- Games not played (byes, absences, no-shows, forfeits) are not rated.
- Handicap games (§7 grades, §8 handicaps): the giver's rating is turned into a decimal grade (linear between the
  grades' lower bounds: 15 kyu = 400 … 6 dan = 2440, up to 2640), the handicap's value in grades is subtracted,
  and the result turned back into a rating, which stands for the giver in that game on both sides of the formula
  (k stays each player's own).

Where the page as we could read it is silent, we decided, and the docs say so:
- a provisional player is rated by the formula like an established one;
- an unrated player's performance is over this tournament's games only (earlier games are not in our data);
- "nearest integer" rounds a half away from zero;
- the handicap values in grades are those quoted from §8 (HANDICAP_GRADES); "m" (sente only) included;
- whether a player's first 100 rated games are behind him: from `games_before` when known; when it is not
  known, the bonus is given (BONUS_WHEN_UNKNOWN), and the published-table report tries both readings.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Context, Decimal
from fractions import Fraction

K_BANDS = ((2240, 16), (1920, 20), (1560, 24), (1280, 28), (1040, 32), (720, 36))
K_BELOW = 40
FLOOR = 400  # an opponent's rating below this counts as this
UPSET_DIVISOR = 160
BONUS_BELOW = 1800  # the bonus: (BONUS_BELOW − pr) / BONUS_DIVISOR per game …
BONUS_DIVISOR = 200
BONUS_GAMES = 100  # … during the player's first BONUS_GAMES rated games
BONUS_WHEN_UNKNOWN = True
UNRATED_GAMES = 9
PROVISIONAL_GAMES = 18
PERFORMANCE_MARGIN = 400  # only wins: the best opponent + this; only losses: the weakest − this
MAX_ROUNDS = 100
# §7: the grades' lower bounds, 15 kyu to 6 dan, and 6 dan's upper bound.
GRADE_BOUNDS = (400, 480, 560, 640, 720, 800, 880, 960, 1040, 1120, 1200, 1280, 1360, 1460, 1560, 1680, 1800,
                1920, 2080, 2240, 2440, 2640)
# §8: what a handicap is worth, in grades (FESA's codes, as in turnering.txt).
HANDICAP_GRADES = {"m": Fraction(2, 10), "l": Fraction(6, 10), "b": Fraction(15, 10), "r": Fraction(21, 10),
                   "rl": Fraction(27, 10), "2p": Fraction(36, 10), "4p": Fraction(5), "5p": Fraction(65, 10),
                   "6p": Fraction(8)}

_CONTEXT = Context(prec=40)
_TEN = Decimal(10)


@dataclass(frozen=True)
class Game:
    """One rated game as one player saw it."""

    round: int
    opponent: str
    score: Fraction  # 1, 1/2 or 0
    handicap: str | None = None  # FESA's code, e.g. "2p"
    gave: bool = False  # this player gave the handicap (else, with a handicap, received it)


@dataclass(frozen=True)
class Entrant:
    rating: int | None  # before the tournament; None: no rating yet
    games_before: int | None = None  # rated games before the tournament, when known
    one_sided: bool = False  # every earlier result a win, or every one a loss (or no earlier result)
    bonus: bool | None = None  # None: from games_before; True/False: the first-100-games reading to take


@dataclass(frozen=True)
class Step:
    """One game's change: the player's rating before it and the exact change."""

    game: Game
    before: Fraction
    opponent: int  # the opponent's final rating as used (floored, handicap applied)
    change: Fraction
    upset: bool = False  # the upset rule gave the larger change
    bonus: Fraction = Fraction(0)


@dataclass(frozen=True)
class Change:
    before: int | None
    after: int
    category: str  # "unrated", "provisional", "established"
    exact: Fraction = Fraction(0)  # the sum before rounding (rated players)
    steps: tuple[Step, ...] = ()
    performance: int | None = None  # unrated players: their rating after is their performance

    @property
    def delta(self) -> int | None:
        return None if self.before is None else self.after - self.before


@dataclass(frozen=True)
class Preview:
    changes: dict[str, Change] = field(default_factory=dict)
    passes: int = 0
    settled: bool = True


def k(pr: Fraction) -> int:
    return next((value for bound, value in K_BANDS if pr >= bound), K_BELOW)


def expected(pr: Fraction, opponent: Fraction) -> Fraction:
    """f(pr, or) = 1/(1+10^((or−pr)/400)), with 10^x to 40 significant digits."""
    gap = opponent - pr
    power = _CONTEXT.power(_TEN, _CONTEXT.divide(Decimal(gap.numerator), Decimal(400 * gap.denominator)))
    return 1 / (1 + Fraction(power))


def nearest(x: Fraction) -> int:
    """The nearest integer, a half away from zero."""
    whole = (abs(x) * 2 + 1) // 2
    return int(whole if x >= 0 else -whole)


def as_grade(rating: Fraction) -> Fraction:
    """A rating as a decimal grade: 0 at 15 kyu's lower bound, +1 at each next bound (below and above the
    table, the nearest grade's width)."""
    b = GRADE_BOUNDS
    i = next((j for j in range(len(b) - 1) if rating < b[j + 1]), len(b) - 2)
    i = 0 if rating < b[0] else i
    return i + (rating - b[i]) / (b[i + 1] - b[i])


def from_grade(grade: Fraction) -> Fraction:
    b = GRADE_BOUNDS
    i = min(max(int(grade // 1), 0), len(b) - 2)
    return b[i] + (grade - i) * (b[i + 1] - b[i])


def handicapped(rating: Fraction, code: str) -> Fraction:
    """The giver's rating for a handicap game: its grade less the handicap's value in grades."""
    return from_grade(as_grade(rating) - HANDICAP_GRADES[code])


def category(entrant: Entrant, games: Sequence[Game]) -> str:
    """A player with a rating whose number of games is not known is taken as established."""
    if entrant.rating is None:
        return "unrated"
    if entrant.games_before is None:
        return "established"
    played = entrant.games_before + len(games)
    if entrant.one_sided or played < UNRATED_GAMES:
        return "unrated"
    return "provisional" if played < PROVISIONAL_GAMES else "established"


def performance(games: Sequence[Game], final: Mapping[str, int]) -> int:
    if not games:
        return 0
    opponents = [Fraction(max(FLOOR, final[g.opponent])) for g in games]
    score = sum((g.score for g in games), Fraction(0))
    if score == len(games):
        return int(max(opponents)) + PERFORMANCE_MARGIN
    if score == 0:
        return max(1, int(min(opponents)) - PERFORMANCE_MARGIN)
    lo, hi = 0, 4000  # the expected score grows with r: find the last r below the score, then the nearer one
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if sum(expected(Fraction(mid), o) for o in opponents) < score:
            lo = mid
        else:
            hi = mid
    below = score - sum(expected(Fraction(lo), o) for o in opponents)
    above = sum(expected(Fraction(hi), o) for o in opponents) - score
    return lo if below <= above else hi


def _bonus_games(entrant: Entrant) -> int:
    """How many of this tournament's games still earn the bonus."""
    if entrant.bonus is not None:
        return BONUS_GAMES if entrant.bonus else 0
    if entrant.games_before is None:
        return BONUS_GAMES if BONUS_WHEN_UNKNOWN else 0
    return max(0, BONUS_GAMES - entrant.games_before)


def rate(entrant: Entrant, games: Sequence[Game], final: Mapping[str, int]) -> Change:
    """One player's tournament, the opponents' final ratings given."""
    kind = category(entrant, games)
    if kind == "unrated" or entrant.rating is None:
        if not games:
            return Change(entrant.rating, entrant.rating or 0, "unrated")
        perf = performance(games, final)
        return Change(entrant.rating, perf, "unrated", performance=perf)
    pr = Fraction(entrant.rating)
    bonus_left = _bonus_games(entrant)
    steps = []
    for game in sorted(games, key=lambda g: g.round):
        own, other = pr, Fraction(max(FLOOR, final[game.opponent]))
        if game.handicap:
            if game.gave:
                own = handicapped(pr, game.handicap)
            else:
                other = handicapped(other, game.handicap)
        change = k(pr) * (game.score - expected(own, other))
        upset = game.score == 1 and k(pr) * (other - own) / UPSET_DIVISOR > change
        if upset:
            change = k(pr) * (other - own) / UPSET_DIVISOR
        bonus = Fraction(BONUS_BELOW - pr, BONUS_DIVISOR) if pr < BONUS_BELOW and bonus_left > 0 else Fraction(0)
        bonus_left -= 1
        steps.append(Step(game, pr, nearest(other), change + bonus, upset, bonus))
        pr += change + bonus
    exact = pr - entrant.rating
    return Change(entrant.rating, entrant.rating + nearest(exact), kind, exact, tuple(steps))


def preview(entrants: Mapping[str, Entrant], games: Mapping[str, Sequence[Game]]) -> Preview:
    """Every player's change: the tournament computed again with the opponents' final ratings until no final
    rating changes. A player without a rating starts at his performance against the others' ratings before."""
    start = {p: e.rating for p, e in entrants.items() if e.rating is not None}
    final = {p: start.get(p) or 0 for p in entrants}
    for p, e in entrants.items():
        if e.rating is None:
            known = [g for g in games.get(p, ()) if g.opponent in start]
            final[p] = performance(known, start) if known else 0
    changes: dict[str, Change] = {}
    for n in range(1, MAX_ROUNDS + 1):
        changes = {p: rate(e, games.get(p, ()), final) for p, e in entrants.items()}
        new = {p: c.after for p, c in changes.items()}
        if new == final:
            return Preview(changes, n, True)
        final = new
    return Preview(changes, MAX_ROUNDS, False)
