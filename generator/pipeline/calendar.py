"""What the calendar feeds hold (render/calendar.py writes them): the festival's timetable, each event's sessions
and the festival's own items, and each player's paired games and the events he entered. Times are the festival's
local times, as written; a player's feed holds only what the data says, never a guessed time."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from ..model import DataSet, Event, Festival, Outcome, PlayerId, ProgrammeItem, Round, TeamSetup
from ..rules.round_times import clock
from .loaded import Loaded

FEED_DAYS = 366  # a player's feed holds the festivals that end at most this many days before the data's latest day


@dataclass(frozen=True)
class When:
    """A day, with a start and an end time where the data gives them (the end the next day when earlier than the
    start), or days: `last` the last day of an entry over several days."""

    date: dt.date
    start: dt.time | None = None
    end: dt.time | None = None
    last: dt.date | None = None


@dataclass(frozen=True)
class Session:
    """One line of the festival's timetable: an event's session (a round, or an item of its schedule) or an item
    of the festival's programme."""

    uid: str
    when: When
    festival: Festival
    event: Event | None  # None: the festival's own item
    title: str  # as written in a schedule or the programme; "" for a round read from its round file
    round: int | None = None  # a round read from its round file
    people: tuple[PlayerId, ...] = ()
    note: str = ""


@dataclass(frozen=True)
class Seat:
    """A player's paired game: where he sits, against whom, with which colour and handicap where known."""

    uid: str
    when: When
    festival: Festival
    event: Event
    round: int
    board: int  # the board's number as the round page gives it (within its match in a team event)
    opponent: PlayerId
    colour: str | None  # "sente" or "gote"; None where the data does not say
    gives: bool | None  # the handicap: True he gives it, False he receives it, None an even game
    handicap: str  # its code (upper case), "" for an even game
    match: tuple[str, str] | None  # a team event: his team's name and the other's
    outcome: Outcome  # PENDING until the result is written


@dataclass(frozen=True)
class Entry:
    """An event the player entered, over its days (his feed says he plays there before his games are paired)."""

    uid: str
    when: When
    festival: Festival
    event: Event


def one_day(event: Event) -> dt.date | None:
    """The event's day when it is played on one day (its rounds are on that day when their files give none)."""
    return event.start if event.start is not None and event.end in (None, event.start) else None


def sessions(event: Event) -> list[tuple[dt.date, str, str, Round | None]]:
    """An event's sessions for the festival's timetable: its schedule when it has one, else its rounds whose day
    is known (from the round file, or the event's one day), each as (day, time as written, the schedule's title
    or "" for a round, the round)."""
    if event.schedule:
        return [(s.date, s.time, s.title, None) for s in event.schedule]
    return [(day, r.time or "", "", r) for r in event.rounds if (day := r.date or one_day(event))]


def programme(festival: Festival) -> list[Session]:
    """The festival's timetable, by day and time: each event's sessions and the festival's own items."""
    out: list[Session] = []
    for event in festival.events:
        for n, (day, time, title, rnd) in enumerate(sessions(event), start=1):
            start, end = clock(time)
            uid = f"{event.path}/round-{rnd.number}" if rnd is not None else f"{event.path}/schedule-{n}"
            out.append(Session(uid, When(day, start, end), festival, event, title, rnd.number if rnd else None))
    for n, item in enumerate(festival.programme, start=1):
        out.append(_item(festival, item, n))
    return sorted(out, key=lambda s: (s.when.date, s.when.start or dt.time.min))


def _item(festival: Festival, item: ProgrammeItem, n: int) -> Session:
    start, end = clock(item.time)
    return Session(f"{festival.id}/programme-{n}", When(item.date, start, end), festival, None, item.title,
                   people=tuple(r.id for r in item.people), note=item.note)


def latest_day(data: DataSet) -> dt.date | None:
    """The latest day the data gives (a festival's, an event's or a round's): the site's date, never the clock's."""
    days = [d for f in data.festivals for d in (f.start, f.end, *(x for e in f.events for x in (
        e.start, e.end, *(r.date for r in e.rounds)))) if d is not None]
    return max(days) if days else None


def current(data: DataSet) -> list[Festival]:
    """The festivals players' feeds hold: those that end within FEED_DAYS of the data's latest day (a feed is for
    the games to come and just played; the archive's would make every feed, and the build, grow without end)."""
    latest = latest_day(data)
    if latest is None:
        return []
    since = latest - dt.timedelta(days=FEED_DAYS)
    return [f for f in data.festivals if (f.end or f.start or latest) >= since]


def player_feeds(loaded: Loaded) -> dict[PlayerId, list[Seat | Entry]]:
    """Each player entered in an event of a current festival (or giving a simul there): the events he entered,
    over their days, and his paired games whose day is known, in order of time."""
    data = loaded.data
    festivals = current(data)
    entered: dict[str, list[PlayerId]] = {}
    for pid, events in data.entries.items():
        for event in events:
            entered.setdefault(event.path, []).append(pid)
    out: dict[PlayerId, list[Seat | Entry]] = {pid: [] for f in festivals for e in f.events
                                               for pid in entered.get(e.path, [])}
    for festival in festivals:
        for event in festival.events:
            first, last = event.start or festival.start, event.end or event.start or festival.end
            if first is not None:
                for pid in entered.get(event.path, []):
                    out[pid].append(Entry(f"{event.path}/{pid}", When(first, last=last if last != first else None),
                                          festival, event))
            for rnd in event.rounds:
                day = rnd.date or one_day(event)
                if day is None:  # a feed holds no guessed day: the game is left out
                    continue
                start, _ = clock(rnd.time or "")
                for seat in _seats(loaded, festival, event, rnd, When(day, start)):
                    out.setdefault(seat[0], []).append(seat[1])
    for items in out.values():
        items.sort(key=lambda x: (x.when.date, isinstance(x, Seat), x.when.start or dt.time.min, x.uid))
    return out


def _seats(loaded: Loaded, festival: Festival, event: Event, rnd: Round, when: When) -> list[tuple[PlayerId, Seat]]:
    """Both players' seats at every board of the round."""
    res = loaded.results[event.path]
    teams = {t.id: t for t in event.record(TeamSetup).teams}
    team_of = {ref.id: t.id for t in teams.values() for ref in t.members}
    out = []
    for game in rnd.games:
        match = next((m for m in rnd.matches if game in m.games), None)
        board = match.games.index(game) + 1 if match is not None else game.board
        h = res.handicaps.get((rnd.number, game.board))
        for pid, other in ((game.sente.id, game.gote.id), (game.gote.id, game.sente.id)):
            rec = next((r for r in res.records.get(pid, []) if r.round == rnd.number and r.board == game.board), None)
            sides = None
            mine = team_of.get(pid)
            if match is not None and mine in {t.id for t in match.teams}:
                theirs = next((t.id for t in match.teams if t.id != mine), mine)
                sides = (teams[mine].name, teams[theirs].name)
            out.append((pid, Seat(f"{event.path}/round-{rnd.number}/{pid}", when, festival, event, rnd.number, board,
                                  other, rec.colour if rec else None, None if h is None else h.giver == pid,
                                  h.code.upper() if h else "", sides,
                                  rec.outcome if rec else Outcome.PENDING)))
    return out
