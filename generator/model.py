"""The festival as data: frozen records, every reference to a player carrying where it was written."""

from __future__ import annotations

import datetime as dt
import functools
from dataclasses import dataclass, field
from decimal import Decimal
from enum import Enum
from typing import Any, TypeVar

from .diagnostics import Location
from .messages import N_, Text

PlayerId = str


@dataclass(frozen=True)
class Ref:
    """A player named in a data file, and where."""

    id: PlayerId
    loc: Location


@dataclass(frozen=True)
class Player:
    id: PlayerId
    family: str
    given: str
    country: str
    loc: Location
    elo: int | None = None
    grade: str | None = None
    born: dt.date | None = None
    fesa_name: tuple[str, str] | None = None  # (last, first) for turnering.txt when the name is not ISO 8859-1
    fesa_new: bool | None = None  # new to FESA; unset: new when no Pan-Atlantic Elo is known
    shogidojo: int | None = None
    claimed_grade: str | None = None
    assessed: int | None = None  # the arbiters' assessment, when nothing else is known
    assessed_note: str = ""
    residence: str = ""  # ISO code of the country of residence, when not the country of nationality
    last_rated_game: dt.date | None = None  # the player's last FESA-rated game before the festival
    grade_since: dt.date | None = None  # the day `grade` was awarded: the promotion system counts from it
    grade_reliable: bool = True  # False: the promotion system leaves out games against him (docs/promotion.md#grades)
    estimated_grade: str | None = None  # a non-member's grade as the classification committee estimates it (B)
    fesa_games: int | None = None  # FESA-rated games before the festival, when known (the rating preview)

    @property
    def name(self) -> str:
        """Family name first, as results lists and FESA's files do."""
        return f"{self.family}, {self.given}" if self.given else self.family

    @property
    def full_name(self) -> str:
        return f"{self.given} {self.family}" if self.given else self.family

    def age_on(self, day: dt.date) -> int | None:
        born = self.born
        return None if born is None else day.year - born.year - ((day.month, day.day) < (born.month, born.day))


class Result(Enum):
    """How a paired game ended, seen from the board: first-named player (sente) against second (gote)."""

    SENTE_WINS = "1-0"
    GOTE_WINS = "0-1"
    DRAW = "½-½"
    SENTE_WINS_UNPLAYED = "+-"  # gote did not show up
    GOTE_WINS_UNPLAYED = "-+"  # sente did not show up
    NEITHER_PLAYED = "--"  # neither showed up

    # (a member is itself alone: hashed as an object, in C, not by its name, as Enum does in Python; the standings
    # look results and outcomes up some 200,000 times a build)
    __hash__ = object.__hash__


class Outcome(Enum):
    """One player's round, explicit: a bye is not a win and an absence is not a loss (they may score alike)."""

    # The values are what a player's page says of his round (translated there).
    # Translators: a player's result in one round (his page's games, his calendar)
    WIN = N_("win")
    # Translators: a player's result in one round
    DRAW = N_("draw")
    # Translators: a player's result in one round
    LOSS = N_("loss")
    # Translators: a player's result in one round: the opponent did not show up
    FORFEIT_WIN = N_("win without play")
    # Translators: a player's result in one round: he did not show up
    FORFEIT_LOSS = N_("no-show")
    # Translators: a player's result in one round: no opponent, the pairing gave him a bye
    BYE = N_("bye")
    # Translators: a player's result in one round: a bye worth half a point
    HALF_BYE = N_("half-point bye")
    # Translators: a player's result in one round: he was away
    ABSENT = N_("absent")
    # Translators: a player's result in a round before he entered the tournament late
    LATE = N_("not yet entered")  # a late entry's rounds before it plays; carries the McMahon-like points
    # Translators: a player's result in one round: the game is not played yet
    PENDING = N_("not played yet")

    played: bool  # a game really played over the board (what tiebreaks count)

    def __init__(self, _text: str) -> None:
        # (an attribute of each member, not a property: the tiebreaks read it some 100,000 times a build)
        self.played = self._name_ in ("WIN", "DRAW", "LOSS")

    __hash__ = object.__hash__  # (as Result's)


@dataclass(frozen=True)
class Capture:
    """What one player took in a game: points of enemy pieces (Shuuro), given as a number or as the pieces;
    seeds (Oware)."""

    points: int
    loc: Location
    pieces: tuple[str, ...] | None = None  # the pieces, when the round file lists them


@dataclass(frozen=True)
class Army:
    """A Shuuro player's army list, handed to the referee before round 1 and kept for the whole tournament."""

    player: Ref
    counts: dict[str, int]  # piece → how many, as written (a piece not written: 0)
    where: dict[str, Location]  # piece → where its number is written
    readable: bool = True  # False when a number could not be read (reported): nothing is checked against it

    def count(self, piece: str) -> int:
        return self.counts.get(piece, 0)


@dataclass(frozen=True)
class Board:
    """One board of a round: two players, the result (None: paired, not played yet), what the data records."""

    board: int
    sente: Ref
    gote: Ref
    result: Result | None  # None: paired, not played yet
    loc: Location
    handicap: str | None = None  # written in the data: the first-named player gives it (FESA code: l, 2p …)
    knockout: bool = False  # a game of the knock-out inside the event (it counts in the event too)
    ending: str | None = None  # how the game ended (games.shuuro.ENDINGS, games.oware.ENDINGS)
    captured: tuple[Capture, Capture] | None = None  # what (sente, gote) took: Shuuro's points, Oware's seeds
    moves: tuple[str, ...] = ()  # Oware: the game's record, when written (houses a-f, A-F; first player first)
    moves_loc: Location | None = None  # where the record is written


@dataclass(frozen=True)
class Match:
    """A team match: two teams and their boards (the boards are also the round's games)."""

    teams: tuple[Ref, Ref]
    games: tuple[Board, ...]
    loc: Location


@dataclass(frozen=True)
class Round:
    number: int
    loc: Location
    date: dt.date | None = None
    time: str | None = None
    games: tuple[Board, ...] = ()
    byes: tuple[Ref, ...] = ()
    absent: tuple[Ref, ...] = ()
    half_byes: tuple[Ref, ...] = ()  # FESA 0=
    no_shows: tuple[Ref, ...] = ()  # FESA 0#: a no-show with no opponent named
    readable: bool = True  # False when the file could not be parsed (already reported)
    replays: tuple[Board, ...] = ()  # drawn knock-out games played again for a winner (not event games)
    matches: tuple[Match, ...] = ()  # team events: the matches, whose boards are `games`
    team_byes: tuple[Ref, ...] = ()  # team events: the team that sits out (`bye: TEAM`)
    pairings_end: Location | None = None  # where a missing pairing would be written (after the last game)

    @property
    def complete(self) -> bool:
        return all(g.result is not None for g in (*self.games, *self.replays))


@dataclass(frozen=True)
class TimeControl:
    minutes: int
    byoyomi: int = 0  # seconds per move after the main time
    increment: int = 0  # seconds added per move (Fischer)

    def __str__(self) -> str:
        return str(self.text)

    @property
    def text(self) -> Text:
        """'90 min + 30 s byoyomi', as a Text (a page gives it in the reader's language)."""
        values = {"minutes": self.minutes, "byoyomi": self.byoyomi, "increment": self.increment}
        if self.byoyomi and self.increment:
            # Translators: a time control: main time in minutes, then seconds a move (byoyomi), plus seconds
            # added each move (Fischer increment)
            return Text(N_("{minutes} min + {byoyomi} s byoyomi + {increment} s per move"), **values)
        if self.byoyomi:
            # Translators: a time control: main time in minutes, then seconds a move (byoyomi)
            return Text(N_("{minutes} min + {byoyomi} s byoyomi"), **values)
        if self.increment:
            # Translators: a time control: main time in minutes, plus seconds added each move (Fischer increment)
            return Text(N_("{minutes} min + {increment} s per move"), **values)
        # Translators: a time control: main time in minutes, nothing more
        return Text(N_("{minutes} min"), **values)


@dataclass(frozen=True)
class PrizeRules:
    currency: str
    places: tuple[Decimal, ...] = ()
    best_kyu: Decimal | None = None
    best_junior: Decimal | None = None  # under 18 on the first day of the event
    per_player: tuple[Decimal, ...] = ()  # team events: to each player of the team placed 1st, 2nd, …
    fund: Decimal | None = None  # the simul: a fund divided equally over the winners …
    cap: Decimal | None = None  # … with at most this much each


@dataclass(frozen=True)
class EntryFee:
    currency: str
    standard: Decimal
    junior: Decimal | None = None  # under 18 on the event's first day


@dataclass(frozen=True)
class KnockoutRules:
    """A knock-out played inside a Swiss event (the MSOWSC's European Shogi Championship)."""

    name: str
    short: str
    loc: Location
    size: int = 32  # the full bracket
    final_round: int = 5  # the event round of the final and the game for third place
    regions: frozenset[str] = frozenset()  # ISO codes whose nationals or residents may play
    active_since: dt.date | None = None  # a FESA-rated game on or after this day is needed
    prizes: PrizeRules | None = None


@dataclass(frozen=True)
class Giver:
    """A simultaneous giver: plays many boards at once, named first on each of them."""

    ref: Ref
    professional: bool = False  # plays the strongest opponents present (seed)
    boards: int | None = None  # how many boards the giver takes, when the organizers fixed it


@dataclass(frozen=True)
class Team:
    id: str
    name: str
    members: tuple[Ref, ...]
    loc: Location


@dataclass(frozen=True)
class Adjustment:
    """The arbiters' new Elo for a player from a round on (docs/mso-2000.md#elo-for-festival-purposes: "possibly
    adjusted during the festival")."""

    player: str
    from_round: int
    elo: int
    note: str = ""
    loc: Location | None = field(default=None, compare=False)


@dataclass
class Struct:
    """An entry of FESA's files as its rating program writes them, #S(NAME :SLOT value …): its slots in the order
    the program's defstruct declares them (generator/fesa/lisp.py reads and writes them)."""

    name: str
    slots: dict[str, Any] = field(default_factory=dict)
    loc: Location | None = field(default=None, compare=False)


@dataclass(frozen=True)
class KindRecord:
    """What one kind of event, or one game, adds to an event (generator/kinds reads and uses it)."""


R = TypeVar("R", bound=KindRecord)


@dataclass(frozen=True)
class TeamSetup(KindRecord):
    """A team event's teams (their members are the entrants)."""

    teams: tuple[Team, ...] = ()
    size: int = 4
    unattached: tuple[Ref, ...] = ()  # players entered without a team yet
    together: frozenset[PlayerId] = frozenset()  # unattached players who asked for a team of their nationals


@dataclass(frozen=True)
class SimulSetup(KindRecord):
    """A simul's givers (the entrants are their opponents)."""

    givers: tuple[Giver, ...] = ()
    fesa_rated: bool = False  # the organizers send it to FESA (`fesa_rated: true`): the givers as `[&]` lines


@dataclass(frozen=True)
class ShuuroSetup(KindRecord):
    """A Shuuro tournament's army lists, one a player."""

    armies: dict[PlayerId, Army] = field(default_factory=dict)


@dataclass(frozen=True)
class KnockoutSetup(KindRecord):
    """The knock-out played inside a Swiss (`knockout:` in event.yaml), when the event has one."""

    rules: KnockoutRules | None = None


@dataclass(frozen=True)
class PlayoffSetup(KindRecord):
    """A beginners' session's play-off for a shared first place: when it is played, and its games."""

    over: int | None = None  # a play-off decides a shared first place when more players took part
    games: Round | None = None  # the play-off's games (playoff.yaml), apart from the event's rounds


@dataclass(frozen=True)
class RoundCheckIn:
    """Who reported at the desk for one round (checkin.yaml): those present, and those who miss it."""

    number: int
    present: tuple[Ref, ...]
    absent: tuple[Ref, ...]
    loc: Location  # the round's key


@dataclass(frozen=True)
class Event:
    id: str
    festival_id: str
    name: str
    short: str
    format: str
    game: str
    rounds_planned: int
    loc: Location
    start: dt.date | None = None
    end: dt.date | None = None
    time_control: TimeControl | None = None
    tiebreaks: tuple[str, ...] = ()
    entrants: tuple[Ref, ...] = ()
    rounds: tuple[Round, ...] = ()
    description: str = ""
    rated: bool = True  # False: the organizers do not send it to FESA
    source: str = "yaml"  # "yaml", or "turnering" for a tournament given only as turnering.txt
    city: str = ""
    country: str = ""
    fesa_name: str = ""  # the name in turnering.txt when the name has letters ISO 8859-1 cannot hold
    fesa_city: str = ""  # the same for the festival's city
    name_loc: Location | None = None  # where the name and the city are written, for problems with them
    city_loc: Location | None = None
    rematches_allowed: bool = False
    fesa_submitted: dt.date | None = None  # when the results were first sent to FESA: a new sending corrects
    original: bytes = field(default=b"", repr=False)  # the turnering.txt a "turnering" event was read from
    handicap_rule: str = "none"  # "elo": each board's handicap follows the Elo difference
    from_round: dict[PlayerId, int] = field(default_factory=dict)  # late entries: the first round they play
    withdrawn: dict[PlayerId, int] = field(default_factory=dict)  # the last round a withdrawn player played
    prizes: PrizeRules | None = None
    adjustments: tuple[Adjustment, ...] = ()
    entry_fee: EntryFee | None = None
    replay_draws: bool = False  # a drawn game is replayed and the replay's result counts (the blitz)
    eligibility: str = ""  # "beginners": never in an official tournament, never ranked above 10 kyu
    schedule: tuple[ProgrammeItem, ...] = ()  # the event's sessions, for the festival programme
    shuffle_seed: int | None = None  # the seed of round 1's random pairing (Shuuro)
    category: str = ""  # official (docs/promotion.md#valid-games): international, national, european, district
    sente: str = "balanced"  # who has sente in a proposed round (sente.py): "balanced" or "furigoma"
    own: tuple[KindRecord, ...] = ()  # what only its kind and its game have (teams, givers, armies): `record`
    checkin: tuple[RoundCheckIn, ...] = ()  # the desk's check-in (checkin.yaml), round by round

    def record(self, cls: type[R]) -> R:
        """The event's own record of type `cls` (its kind's or its game's), or an empty one when it has none."""
        return next((r for r in self.own if isinstance(r, cls)), None) or cls()

    def checked_in(self, number: int) -> RoundCheckIn | None:
        """The desk's check-in for round `number`, when checkin.yaml has one."""
        return next((c for c in self.checkin if c.number == number), None)

    @property
    def path(self) -> str:
        return f"{self.festival_id}/{self.id}"


@dataclass(frozen=True)
class GrandPrixEvent:
    """How one event scores in the Grand Prix: points by final place, or (the simul) by result."""

    event: str  # the event folder
    loc: Location
    places: tuple[int, ...] = ()  # points for 1st, 2nd, …; shared ranks share their places' points
    win: int | None = None  # the simul: points by the opponent's result (givers by their score)
    draw: int | None = None
    loss: int | None = None


@dataclass(frozen=True)
class GrandPrixRules:
    name: str
    loc: Location
    events: tuple[GrandPrixEvent, ...]
    min_events: int = 2  # only players in this many of the events are ranked
    prizes: PrizeRules | None = None


@dataclass(frozen=True)
class PrizeFund:
    currency: str
    amount: Decimal
    loc: Location


@dataclass(frozen=True)
class ProgrammeItem:
    """Something on the festival's timetable besides the events' rounds: a lesson, a demonstration game."""

    date: dt.date
    title: str
    loc: Location
    time: str = ""  # "20:00" or "20:00-22:30"
    people: tuple[Ref, ...] = ()
    note: str = ""


@dataclass(frozen=True)
class Festival:
    id: str
    name: str
    loc: Location
    city: str = ""
    country: str = ""
    venue: str = ""
    start: dt.date | None = None
    end: dt.date | None = None
    events: tuple[Event, ...] = ()
    contact: str = ""  # the organizers' e-mail, for FESA's registration
    announcement: str = ""  # link to the announcement
    grand_prix: GrandPrixRules | None = None
    prize_fund: PrizeFund | None = None  # the fund announced for all the festival's prizes
    programme: tuple[ProgrammeItem, ...] = ()
    fesa_list: tuple[Struct, ...] = ()  # FESA's rating list before the festival (`fesa_list:`), for the preview
    timezone: str = ""  # the IANA name of the festival's local time (`timezone: Europe/London`); "": floating times


@dataclass(frozen=True)
class DataSet:
    players: dict[PlayerId, Player] = field(default_factory=dict)
    festivals: tuple[Festival, ...] = ()

    def events(self) -> list[Event]:
        return [e for f in self.festivals for e in f.events]

    @functools.cached_property
    def entries(self) -> dict[PlayerId, list[Event]]:
        """The events each player entered (in a team or as a simul giver too), in order; made once, not per player."""
        entries: dict[PlayerId, list[Event]] = {}
        for event in self.events():
            for pid in dict.fromkeys([*(r.id for r in event.entrants),
                                      *(g.ref.id for g in event.record(SimulSetup).givers)]):
                entries.setdefault(pid, []).append(event)
        return entries
