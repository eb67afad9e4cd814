"""The Dutch points promotion system (docs/promotion.md, the NShB classification system of 5 Sep 1987), computed from
every shogi game in the repository.

Tracked: players graded 2 kyu and stronger, from the day their grade was given (`grade_since`, else from
their first game). A game counts when it was played over the board in an official tournament (the event's
`category`), without handicap, with at least 45 minutes per player and 30 seconds byoyomi, against an opponent
whose grade is known and reliable (a non-member's estimated grade stands in for his own); a draw is regarded
as not played. Its points come from the table of grade differences and its notes.

Promotion: at least 125 points over a continuous series of at least 12 and at most 20 counted games played
within 14 months; or, before 12 games, when 125 in 12 can no longer be prevented (170 after 11, 215 after
10, 260 after 9: each game left can cost at most 45). The new grade holds from the day after the promoting
game; games later that day are not counted, and the series starts again with the next day's games.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from ..messages import N_, N_plural, Text
from ..model import DataSet, Event, Board, Player, PlayerId, Result

CATEGORIES = ("international", "national", "european", "district")  # "official": docs/promotion.md#valid-games
MIN_MINUTES = 45
MIN_BYOYOMI = 30
TARGET = 125
SHORTEST, LONGEST = 12, 20
MONTHS = 14
EARLY = {11: 170, 10: 215, 9: 260}  # 125 + 45 for each of the 12 games not yet played
WEAKEST_TRACKED = "2k"


def level(grade: str) -> int:
    """1 kyu is 0, 2 kyu −1, …; 1 dan 1, 2 dan 2, …: one step per grade."""
    n = int(grade[:-1])
    return n if grade.endswith("d") else 1 - n


def grade_of(n: int) -> str:
    return f"{n}d" if n >= 1 else f"{1 - n}k"


def table(own: str, opponent: str, won: bool) -> tuple[int | None, str]:
    """The points of a win or a loss against `opponent` for a player graded `own` (docs/promotion.md#points-table and
    its notes), or None with why the game is not taken into account."""
    diff = level(opponent) - level(own)
    # (A player's page shows each reason beside the game, translated.)
    if diff >= 3:
        return (45, N_("win against 3 or more grades stronger")) if won else \
            (None, N_("a loss to an opponent 3 or more grades stronger is not taken into account"))
    if diff == 2:
        return (45, N_("win against 2 grades stronger")) if won else (-10, N_("loss to 2 grades stronger"))
    if diff == 1:
        return (45, N_("win against 1 grade stronger")) if won else (-25, N_("loss to 1 grade stronger"))
    if diff == 0:
        return (25, N_("win against equal strength")) if won else (-45, N_("loss to equal strength"))
    if diff == -1:
        if not won:
            return -45, N_("loss to 1 grade weaker")
        if level(opponent) >= 0:
            return 10, N_("win against 1 grade weaker, who is 1 kyu or stronger")
        return None, N_("a win against 1 grade weaker counts only if he is 1 kyu or stronger")
    return (-45, N_("loss to 2 or more grades weaker")) if not won else \
        (None, N_("a win against an opponent 2 or more grades weaker is not taken into account"))


def add_months(day: dt.date, months: int) -> dt.date:
    """The same day `months` later (the month's last day when it is shorter)."""
    y, m = divmod(day.month - 1 + months, 12)
    year, month = day.year + y, m + 1
    for d in (day.day, 30, 29, 28):
        try:
            return dt.date(year, month, min(d, day.day))
        except ValueError:
            continue
    raise AssertionError("unreachable")


@dataclass(frozen=True)
class Considered:
    """One game of a tracked player, with its points when it counts and why (or why not)."""

    date: dt.date
    event: Event
    round: int
    opponent: PlayerId
    result: str  # "win", "loss", "draw"
    grade: str  # the player's grade that day
    opponent_grade: str | None  # as used (estimated for a non-member), None when unknown
    points: int | None  # None: not taken into account
    reason: str


@dataclass(frozen=True)
class Promotion:
    date: dt.date  # the day of the promoting game; the new grade holds from the next day
    old: str
    new: str
    games: tuple[Considered, ...]  # the series that did it
    rule: str  # "125 or more over 12-20 games in 14 months" or "170 after 11 games" …


@dataclass
class Track:
    player: PlayerId
    start: str  # the grade tracking started from
    since: dt.date | None
    grade: str  # now
    considered: list[Considered] = field(default_factory=list)
    promotions: list[Promotion] = field(default_factory=list)
    series: list[Considered] = field(default_factory=list)  # counted games since the series started

    @property
    def window(self) -> list[Considered]:
        """The current series as it stands: its last 20 counted games, within 14 months of the last one."""
        if not self.series:
            return []
        last = self.series[-1].date
        return [g for g in self.series[-LONGEST:] if add_months(g.date, MONTHS) >= last]

    @property
    def to_go(self) -> str:
        """What the current series still needs, briefly: '3 games, 50 points' (a Text, or '' for nothing)."""
        games = self.window
        more = max(SHORTEST - len(games), 0)
        points = max(TARGET - sum(g.points or 0 for g in games), 0)
        # Translators: what a player's series still needs for a promotion (the promotion page's "To go" column)
        counted = Text.counted(N_plural("{count} game", "{count} games"), more)
        # Translators: what a player's series still needs for a promotion (English says "points" even for 1)
        needed = Text.counted(N_plural("{count} points", "{count} points"), points)
        if more and points:
            # Translators: what a player's series still needs: {games} ("3 games"), then {points} ("50 points")
            return Text(N_("{games}, {points}"), games=counted, points=needed)
        return counted if more else needed if points else ""

    @property
    def needed(self) -> str:
        """The current series and what it still needs, in words (a Text)."""
        games = self.window
        total = sum(g.points or 0 for g in games)
        if len(games) < SHORTEST:
            more = SHORTEST - len(games)
            # Translators: a player's current series under the promotion system (his page): {games} games counted so
            # far, {total} points in them; {count} more games are needed to make 12, {points} more points to reach
            # {target}
            return Text.counted(N_plural("{games} counted games, {total} points: {count} more game to make 12, and "
                                         "{points} more points to reach {target}",
                                         "{games} counted games, {total} points: {count} more games to make 12, and "
                                         "{points} more points to reach {target}"),
                                more, games=len(games), total=total, points=max(TARGET - total, 0), target=TARGET)
        # Translators: a player's current series under the promotion system (his page): {games} games counted, {total}
        # points in them, {points} more points needed to reach {target}
        return Text(N_("{games} counted games, {total} points: {points} more points to reach {target}"),
                    games=len(games), total=total, points=TARGET - total, target=TARGET)


def _tracked(player: Player) -> str | None:
    return player.grade if player.grade and level(player.grade) >= level(WEAKEST_TRACKED) else None


def _valid(event: Event, game: Board) -> str:
    """Why a game of this event is not valid, or ''."""
    if event.category not in CATEGORIES:
        # Translators: why a game is left out of the promotion system
        return N_("not an official tournament (the event gives no category)")
    if game.handicap:
        # Translators: why a game is left out of the promotion system; {code} is the handicap's code (L, B, 2P …)
        return Text(N_("a handicap game ({code})"), code=game.handicap.upper())
    tc = event.time_control
    if tc is None:
        # Translators: why a game is left out of the promotion system
        return N_("the time control is not known")
    if tc.minutes < MIN_MINUTES or tc.byoyomi < MIN_BYOYOMI:
        # Translators: why a game is left out of the promotion system: its time control ({time_control}, e.g.
        # "30 min + 30 s byoyomi") is too short
        return Text(N_("{time_control}: below {minutes} min per player and {byoyomi} s byoyomi"),
                    time_control=tc.text, minutes=MIN_MINUTES, byoyomi=MIN_BYOYOMI)
    return ""


def _games(data: DataSet, counted: Callable[[Event], bool]) -> Iterable[tuple[dt.date, Event, int, Board]]:
    """Every shogi game played over the board, in order of play: by date, then event, round and board."""
    out = []
    for event in data.events():
        if not counted(event):
            continue
        for rnd in event.rounds:
            day = rnd.date or event.start
            if day is None:
                continue
            for game in rnd.games:
                if game.result in (Result.SENTE_WINS, Result.GOTE_WINS, Result.DRAW):
                    out.append((day, event, rnd.number, game))
    out.sort(key=lambda t: (t[0], t[1].start or t[0], t[1].path, t[2], t[3].board))
    return out


def compute(data: DataSet, counted: Callable[[Event], bool] = lambda event: True) -> dict[PlayerId, Track]:
    """Every tracked player's games, promotions and current series, over the events whose game the promotion
    system counts (`counted`: the pipeline asks each event's kind; shogi's count)."""
    players = data.players
    tracks = {pid: Track(pid, grade, p.grade_since, grade)
              for pid, p in players.items() if (grade := _tracked(p)) is not None}
    grades = {pid: p.grade for pid, p in players.items()}
    promoted_on: dict[PlayerId, dt.date] = {}
    day_of_change: dict[PlayerId, str] = {}
    current: dt.date | None = None
    for day, event, rnd, game in _games(data, counted):
        if day != current:
            for pid, grade in day_of_change.items():  # promotions take effect the day after
                grades[pid] = grade
                tracks[pid].grade = grade
            day_of_change = {}
            current = day
        for me, other, won in ((game.sente.id, game.gote.id, game.result is Result.SENTE_WINS),
                               (game.gote.id, game.sente.id, game.result is Result.GOTE_WINS)):
            track = tracks.get(me)
            if track is None or (track.since is not None and day < track.since):
                continue
            # Translators: a game's result for a player (the promotion system's list of his games)
            result = N_("draw") if game.result is Result.DRAW else N_("win") if won else N_("loss")
            opp = players.get(other)
            opp_grade = (opp.estimated_grade or grades.get(other)) if opp else None
            points, reason = None, _valid(event, game)
            if not reason and result == "draw":
                # Translators: why a game is left out of the promotion system
                reason = N_("a draw is regarded as not played")
            if not reason and opp is not None and not opp.grade_reliable:
                # Translators: why a game is left out of the promotion system
                reason = N_("the opponent's grade is not considered reliable")
            if not reason and opp_grade is None:
                # Translators: why a game is left out of the promotion system
                reason = N_("the opponent has no grade")
            if not reason and promoted_on.get(me) == day:
                # Translators: why a game is left out of the promotion system
                reason = N_("played on the day of a promotion: the new grade holds from the next day")
            if not reason and opp_grade is not None:
                points, reason = table(track.grade, opp_grade, won)
            seen = Considered(day, event, rnd, other, result, track.grade, opp_grade, points, reason)
            track.considered.append(seen)
            if points is None:
                continue
            track.series.append(seen)
            promotion = _promotion(track)
            if promotion is not None:
                track.promotions.append(promotion)
                track.series = []
                promoted_on[me] = day
                day_of_change[me] = promotion.new
    for pid, grade in day_of_change.items():
        tracks[pid].grade = grade
    return tracks


def _promotion(track: Track) -> Promotion | None:
    """A promotion earned by the game just added to the series, or None."""
    series = track.series
    last = series[-1].date
    for length in range(SHORTEST, min(LONGEST, len(series)) + 1):
        games = series[-length:]
        if add_months(games[0].date, MONTHS) >= last and sum(g.points or 0 for g in games) >= TARGET:
            # Translators: why a player was promoted: {points} points over {games} games within {months} months (at
            # least {target} were needed over {shortest} to {longest} games)
            rule = Text(N_("{points} points over {games} games within {months} months (at least {target} over "
                           "{shortest}-{longest})"), points=sum(g.points or 0 for g in games), games=length,
                        months=MONTHS, target=TARGET, shortest=SHORTEST, longest=LONGEST)
            return Promotion(last, track.grade, grade_of(level(track.grade) + 1), tuple(games), rule)
    n = len(series)
    if n in EARLY and add_months(series[0].date, MONTHS) >= last and sum(g.points or 0 for g in series) >= EARLY[n]:
        # Translators: why a player was promoted early: {points} points after {games} games, at least {early}, so
        # that {target} points in {shortest} games can no longer be prevented
        rule = Text(N_("{points} points after {games} games: at least {early}, so {target} in {shortest} can no "
                       "longer be prevented"), points=sum(g.points or 0 for g in series), games=n, early=EARLY[n],
                    target=TARGET, shortest=SHORTEST)
        return Promotion(last, track.grade, grade_of(level(track.grade) + 1), tuple(series), rule)
    return None
