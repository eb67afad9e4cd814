"""When a round is played, read from its event's schedule (generator/rules/round_times.py): what `pair` writes
as the round file's date: and time:. The demo's schedules, as event.yaml writes them."""

from __future__ import annotations

from datetime import date

import pytest

from generator.pipeline import Loaded
from generator.rules.round_times import round_time

from .conftest import DEMO, fixture_data

loaded, _ = fixture_data(DEMO)


def event(data: Loaded, path: str):
    return next(e for e in data.data.events() if e.path == path)


@pytest.mark.parametrize("path, number, expected", [
    # championship: {date: 2000-08-25, time: "10:00", title: Round 1}
    ("2000-mso-shogi/championship", 1, (date(2000, 8, 25), "10:00")),
    # "Round 4 (last round for late entries)" on 2000-08-26 at 10:00: the words after the round's name
    ("2000-mso-shogi/championship", 4, (date(2000, 8, 26), "10:00")),
    # "Round 9" on 2000-08-27 at 13:30
    ("2000-mso-shogi/championship", 9, (date(2000, 8, 27), "13:30")),
    # team match: "Rounds 1-5", 2000-08-23, "10:00-18:30": round 1 starts at 10:00, round 3 that day, later
    ("2000-mso-shogi/team-match", 1, (date(2000, 8, 23), "10:00")),
    ("2000-mso-shogi/team-match", 3, (date(2000, 8, 23), "")),
    ("2000-mso-shogi/team-match", 5, (date(2000, 8, 23), "")),
    # beginners: "Introductory lecture and rounds 1-4" at 14:00-18:00: the lecture starts at 14:00, not round 1
    ("2000-mso-shogi/beginners", 1, (date(2000, 8, 23), "")),
    # simul: one round, one session that names no round ("Simultaneous games", 09:30-13:30)
    ("2000-mso-shogi/simul", 1, (date(2000, 8, 24), "09:30")),
    # Shuuro-250: "Round 2" at "12:00-12:30"; the lunch break and the ceremony name no round
    ("2009-mso-shuuro/shuuro-250", 2, (date(2009, 8, 22), "12:00")),
])
def test_a_round_is_played_when_its_schedule_says(loaded: Loaded, path: str, number: int, expected: tuple):
    assert round_time(event(loaded, path), number) == expected


def test_a_round_the_schedule_does_not_name_has_no_time(loaded: Loaded):
    oware = [e for e in loaded.data.events() if e.game == "oware" and not e.schedule]
    assert oware, "the demo's Oware events have no schedule"
    assert round_time(oware[0], 1) == (None, "")
    # The championship's schedule stops at round 9: a 10th round would have no time.
    assert round_time(event(loaded, "2000-mso-shogi/championship"), 10) == (None, "")
