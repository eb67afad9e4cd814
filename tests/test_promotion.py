"""The Dutch points promotion system (docs/promotion.md), on seasons of games built here, each worked out by hand.

The player "me" plays one game per event, each against an opponent of his own who plays no other game (so no
opponent is ever promoted). Unless a test says otherwise an event is official ("national"), 60 minutes +
30 s byoyomi, without handicap, and the games are a week apart from 3 January 2000.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from generator.diagnostics import Location
from generator.model import DataSet, Event, Festival, Board, Player, Ref, Result, Round, TimeControl
from generator.rules.promotion import add_months, compute, table

from .conftest import build_site, run_generator

HERE = Location("test")
START = dt.date(2000, 1, 3)


def season(grade: str, games: list[tuple[str, str]], *, since: dt.date | None = None,
           dates: list[dt.date] | None = None, **event: object) -> DataSet:
    """games: (opponent's grade, "w" / "l" / "d"), in order; `event` overrides the events' fields."""
    players = {"me": Player("me", "Me", "", "NL", HERE, grade=grade, grade_since=since)}
    festivals = []
    for n, (opp_grade, result) in enumerate(games, start=1):
        day = dates[n - 1] if dates else START + dt.timedelta(weeks=n - 1)
        opp = f"opp-{n}"
        players[opp] = Player(opp, f"Opponent {n}", "", "NL", HERE, grade=opp_grade)
        outcome = {"w": Result.SENTE_WINS, "l": Result.GOTE_WINS, "d": Result.DRAW}[result]
        fields: dict[str, object] = {"category": "national", "time_control": TimeControl(60, 30)} | event
        handicap = fields.pop("handicap", None)
        ev = Event(f"e{n}", f"f{n}", f"Event {n}", f"E{n}", "swiss", "shogi", 1, HERE, start=day,
                   entrants=(Ref("me", HERE), Ref(opp, HERE)),
                   rounds=(Round(1, HERE, date=day, games=(Board(1, Ref("me", HERE), Ref(opp, HERE), outcome, HERE,
                                                                 handicap=handicap),)),), **fields)  # type: ignore[arg-type]
        festivals.append(Festival(f"f{n}", f"Festival {n}", HERE, events=(ev,)))
    return DataSet(players, tuple(festivals))


def points(data: DataSet) -> list[int | None]:
    return [g.points for g in compute(data)["me"].considered]


# --- the table and its notes ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("own", "opponent", "won", "expected"), [
    ("1d", "4d", True, 45), ("1d", "4d", False, None),    # 3 or more stronger: +45 / not counted (note 3)
    ("1d", "5d", False, None),
    ("1d", "3d", True, 45), ("1d", "3d", False, -10),     # 2 stronger
    ("1d", "2d", True, 45), ("1d", "2d", False, -25),     # 1 stronger
    ("1d", "1d", True, 25), ("1d", "1d", False, -45),     # equal
    ("1d", "1k", True, 10), ("1d", "1k", False, -45),     # 1 weaker, the opponent 1 kyu: +10
    ("1k", "2k", True, None), ("1k", "2k", False, -45),   # 1 weaker, below 1 kyu: a win is not counted (note 2)
    ("2d", "1k", True, None),                             # 2d, 1d, 1k: across the kyu/dan line, 2 weaker
    ("1d", "2k", True, None), ("1d", "2k", False, -45),   # 2 or more weaker: only a loss counts (note 3)
    ("3d", "1k", True, None), ("3d", "1k", False, -45),
])
def test_each_cell_of_the_table(own, opponent, won, expected):
    assert table(own, opponent, won)[0] == expected


def test_the_season_applies_the_table_and_leaves_out_draws():
    # 1 kyu: win v 1 dan +45, loss v 1 kyu -45, draw v 1 kyu (not played), win v 3 kyu (2 weaker: not counted)
    assert points(season("1k", [("1d", "w"), ("1k", "l"), ("1k", "d"), ("3k", "w")])) == [45, -45, None, None]
    track = compute(season("1k", [("1k", "d")]))["me"]
    assert track.considered[0].reason == "a draw is regarded as not played"


# --- valid games -----------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("fields", "reason"), [
    ({"handicap": "l"}, "a handicap game (L)"),
    ({"time_control": TimeControl(40, 30)}, "40 min + 30 s byoyomi: below 45 min per player and 30 s byoyomi"),
    ({"time_control": TimeControl(60, 20)}, "60 min + 20 s byoyomi: below 45 min per player and 30 s byoyomi"),
    ({"category": ""}, "not an official tournament (the event gives no category)"),
])
def test_invalid_games_are_shown_and_not_counted(fields, reason):
    track = compute(season("1k", [("1d", "w")], **fields))["me"]
    assert [(g.points, g.reason) for g in track.considered] == [(None, reason)]
    assert track.series == []


def test_the_limits_themselves_are_valid():
    # 45 minutes and 30 seconds exactly: a win v 1 dan for a 1 kyu, +45.
    assert points(season("1k", [("1d", "w")], time_control=TimeControl(45, 30))) == [45]


def test_unreliable_and_estimated_grades():
    data = season("1k", [("1d", "w"), ("1k", "w")])
    players = dict(data.players)
    players["opp-1"] = Player("opp-1", "Opponent 1", "", "NL", HERE, grade="1d", grade_reliable=False)
    # A non-member graded 3 kyu elsewhere, estimated 1 dan: the win counts as against 1 dan, +45 (not +10 or 0).
    players["opp-2"] = Player("opp-2", "Opponent 2", "", "GB", HERE, grade="3k", estimated_grade="1d")
    track = compute(DataSet(players, data.festivals))["me"]
    assert [(g.points, g.opponent_grade) for g in track.considered] == [(None, "1d"), (45, "1d")]
    assert track.considered[0].reason == "the opponent's grade is not considered reliable"


def test_players_below_2_kyu_and_games_before_the_grade_are_not_tracked():
    assert "me" not in compute(season("3k", [("1d", "w")]))
    # Graded on 10 January: the game of 3 January is before it.
    assert points(season("1k", [("1d", "w"), ("1d", "w")], since=dt.date(2000, 1, 10))) == [45]


# --- promotion -------------------------------------------------------------------------------------------------

def test_a_twelve_game_promotion():
    # 1 kyu: five losses to 2 dan (2 grades stronger, -10 each), then seven wins v 1 kyu (+25 each).
    # Running total: -10 -20 -30 -40 -50, then -25 0 25 50 75 100 125.
    # After 9 games 50 (< 260), 10: 75 (< 215), 11: 100 (< 170): no early promotion; after 12: 125, the least
    # that promotes, over 12 games within 14 months (3 January to 20 March).
    games = [("2d", "l")] * 5 + [("1k", "w")] * 7
    track = compute(season("1k", games))["me"]
    assert [p.date for p in track.promotions] == [START + dt.timedelta(weeks=11)]
    promotion = track.promotions[0]
    assert (promotion.old, promotion.new, len(promotion.games)) == ("1k", "1d", 12)
    assert sum(g.points or 0 for g in promotion.games) == 125
    assert track.grade == "1d" and track.series == []


def test_a_game_short_is_not_enough():
    # The same, but the last win is against 2 kyu (1 weaker, below 1 kyu: not counted). The series has 11
    # games and -50 + 6 x 25 = 100 points: too few games for a window, and below 170: no promotion.
    games = [("2d", "l")] * 5 + [("1k", "w")] * 6 + [("2k", "w")]
    track = compute(season("1k", games))["me"]
    assert track.promotions == []
    assert (len(track.series), sum(g.points or 0 for g in track.series)) == (11, 100)
    assert track.to_go == "1 game, 25 points"  # 12 - 11 games; 125 - 100 points


@pytest.mark.parametrize(("games", "after"), [
    # 11 games: three losses to 2 dan (-30), eight wins v 1 kyu (+200): 170 = 125 + 45 (one game left).
    # After 9: -30 + 6 x 25 = 120 (< 260); after 10: 145 (< 215); after 11: 170: promoted.
    ([("2d", "l")] * 3 + [("1k", "w")] * 8, 11),
    # 10 games: one loss to 2 dan (-10), nine wins v 1 kyu (+225): 215 = 125 + 2 x 45. After 9: -10 + 200 = 190.
    ([("2d", "l")] + [("1k", "w")] * 9, 10),
])
def test_early_promotion_when_it_can_no_longer_be_prevented(games, after):
    track = compute(season("1k", games))["me"]
    assert [len(p.games) for p in track.promotions] == [after]
    assert track.promotions[0].date == START + dt.timedelta(weeks=after - 1)


def test_early_promotion_after_nine_games():
    # 1 dan: four wins v 2 dan (+180), two v 1 dan (+50), three v 1 kyu (+30): 260 = 125 + 3 x 45, after 9.
    # After 8 (the last 1 kyu win not yet played) 250: nothing is decided before 9 games.
    games = [("2d", "w")] * 4 + [("1d", "w")] * 2 + [("1k", "w")] * 3
    track = compute(season("1d", games))["me"]
    assert [(len(p.games), p.new) for p in track.promotions] == [(9, "2d")]
    assert compute(season("1d", games[:8]))["me"].promotions == []


def test_a_twenty_game_window_slides():
    # 1 kyu, 21 games: L v 1 kyu (-45), A v 1 dan (+45), W v 1 kyu (+25), in the order
    #   L A W L W A W A A W L L L L L L A W A W W
    # Running totals C(1..21): -45 0 25 -20 5 50 75 120 165 190 145 100 55 10 -35 -80 -35 -10 35 60 85.
    # A window of games i+1..k sums C(k) - C(i), with 12 <= k - i <= 20 (C(0) = 0). The best window ending at
    # k takes the smallest C(i) allowed, which is C(1) = -45 whenever i = 1 is allowed:
    #   k = 12 (i = 0 only): 100;  k = 13..20: C(k) + 45 = 100, 55, 10, -35, 10, 35, 80, 105: all below 125.
    # Early: C(9) 165 < 260, C(10) 190 < 215, C(11) 145 < 170.
    # k = 21 (i = 1..9): C(21) - C(1) = 85 + 45 = 130 >= 125: the 20 games 2..21. The whole 21 make only 85,
    # and the shorter windows ending at 21 (i = 2..9) 85, 60, 105, 80, 35, 10, -35, -80.
    value = {"L": ("1k", "l"), "A": ("1d", "w"), "W": ("1k", "w")}
    games = [value[c] for c in "LAWLWAWAAWLLLLLLAWAWW"]
    track = compute(season("1k", games))["me"]
    assert [p.date for p in track.promotions] == [START + dt.timedelta(weeks=20)]
    window = track.promotions[0].games
    assert (len(window), window[0].date, sum(g.points or 0 for g in window)) == (20, START + dt.timedelta(weeks=1),
                                                                               130)


def test_fourteen_months():
    # The twelve games of test_a_twelve_game_promotion (125 points), the first on 3 January 2000 and the
    # others 14 months later: 3 March 2001 is the last day within 14 months.
    games = [("2d", "l")] * 5 + [("1k", "w")] * 7
    assert add_months(dt.date(2000, 1, 3), 14) == dt.date(2001, 3, 3)
    within = [dt.date(2000, 1, 3)] + [dt.date(2001, 3, 3)] * 11
    assert len(compute(season("1k", games, dates=within))["me"].promotions) == 1
    beyond = [dt.date(2000, 1, 3)] + [dt.date(2001, 3, 4)] * 11
    track = compute(season("1k", games, dates=beyond))["me"]
    assert track.promotions == []  # and 11 games are too few for a window
    assert add_months(dt.date(2000, 12, 31), 14) == dt.date(2002, 2, 28)  # no 31 February


def test_the_new_grade_holds_from_the_next_day():
    # test_a_twelve_game_promotion, then on the same day a win v 1 kyu and the next day a win v 1 dan.
    # The same-day game is not counted; the next day's is at 1 dan: equal strength, +25 (not +45).
    games = [("2d", "l")] * 5 + [("1k", "w")] * 7 + [("1k", "w"), ("1d", "w")]
    dates = [START + dt.timedelta(weeks=n) for n in range(12)] + [START + dt.timedelta(weeks=11),
                                                                  START + dt.timedelta(weeks=11, days=1)]
    track = compute(season("1k", games, dates=dates))["me"]
    later = track.considered[12:]
    assert [(g.grade, g.points) for g in later] == [("1k", None), ("1d", 25)]
    assert later[0].reason == "played on the day of a promotion: the new grade holds from the next day"
    assert [g.points for g in track.series] == [25]  # the new series


# --- end to end: from YAML files to the command and the pages --------------------------------------------------

def write_season(root: Path) -> None:
    """test_a_twelve_game_promotion as data files: twelve one-round national tournaments, a week apart; the
    first five lost to 2 dan players (-10 each), the last seven won against 1 kyu players (+25 each): 125."""
    lines = ["me: {family: Maas, given: Eva, country: NL, grade: 1k, grade_since: 1999-12-01}"]
    for n in range(1, 13):
        grade = "2d" if n <= 5 else "1k"
        lines.append(f"opp-{n}: {{family: Opponent, given: No{n}, country: NL, grade: {grade}}}")
        day = START + dt.timedelta(weeks=n - 1)
        folder = root / f"t{n}"
        (folder / "open").mkdir(parents=True)
        (folder / "festival.yaml").write_text(f"name: Tournament {n}\nstart: {day}\nevents: [open]\n")
        (folder / "open" / "event.yaml").write_text(
            f"name: Tournament {n}\nformat: swiss\ngame: shogi\nrounds: 1\nstart: {day}\ncategory: national\n"
            "time_control: {minutes: 60, byoyomi: 30}\nplayers: [me, opp-" + str(n) + "]\n")
        result = "0-1" if n <= 5 else "1-0"
        (folder / "open" / "round-1.yaml").write_text(f"date: {day}\ngames:\n  - [me, opp-{n}, {result}]\n")
    (root / "players.yaml").write_text("\n".join(lines) + "\n")


@pytest.mark.build
def test_the_command_and_the_pages(tmp_path):
    data = tmp_path / "data"
    write_season(data)
    result = run_generator("promotion", "me", "--data", str(data))
    assert result.returncode == 0, result.stdout + result.stderr
    # The twelfth game is on 20 March 2000 (3 January + 11 weeks): the new grade holds from 21 March.
    assert "Maas, Eva (me): 1 dan now; tracked from 1 kyu since 1999-12-01" in result.stdout
    assert "promoted on 2000-03-20: 1 kyu -> 1 dan (from 2000-03-21), 125 points over 12 games" in result.stdout
    assert result.stdout.count(" -10  loss to 2 grades stronger") == 5
    assert result.stdout.count(" +25  win against equal strength") == 7
    # opp-1, a 2 dan, is tracked too: his one game, a win against a 1 kyu (2d, 1d, 1k: 2 grades weaker) is
    # not taken into account.
    other = run_generator("promotion", "opp-1", "--data", str(data))
    assert "a win against an opponent 2 or more grades weaker is not taken into account" in other.stdout
    assert "current series: 0 counted games, 0 points" in other.stdout
    site = tmp_path / "site"
    built = build_site(data, site)
    assert built.returncode == 0, built.stdout + built.stderr
    page = (site / "promotion" / "index.html").read_text(encoding="utf-8")
    assert "Maas, Eva</a>: 1 kyu → 1 dan" in page
    assert "20 March 2000" in page
    player = (site / "players" / "me" / "index.html").read_text(encoding="utf-8")
    assert "win against equal strength" in player
