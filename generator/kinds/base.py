"""What an event kind is: the hooks in which kinds differ, each with the behaviour most events share.

An event has a kind (its format: a Swiss, an all-play-all, a team Swiss, a simul …) and a game (shogi, Shuuro,
Oware). `Game` holds what the game changes in any format; `EventKind` what the format changes, with the game at
hand as `self.game`. A new kind subclasses one of them, overrides only what differs, and is registered once in
`generator/kinds/__init__.py` (as python-chess's variants override the board's rules). The rest of the program
asks `kind_of(event)`; it never tests an event's format or game by name. What a kind shows is in its pages
module beside the renderer (generator/render/kinds), registered by the same key.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import ClassVar

from ..diagnostics import Location, Report
from ..rules.grand_prix import points_by_place
from ..model import DataSet, KindRecord, Event, Board, GrandPrixEvent, Outcome, Player, PlayerId, Ref
from ..rules import shogi
from ..rules.prizes import PrizeList, event_prizes
from ..rules.festival_elo import Rating
from ..rules.scoring import Records, RoundRecord
from ..rules.simul import GiverResult
from ..sources.fields import Fields
from ..rules.standings import EventResults, Standing, compute_event, standings
from ..rules.team_swiss.scores import TeamResults
from ..rules.tiebreaks import TIEBREAKS, Tiebreak


@dataclass
class PairRequest:
    """What `.venv/bin/python -m generator pair` asks a kind for: the round `number` of `event`, proposed from the
    rounds before it, with the players who miss it."""

    event: Event
    res: EventResults
    players: dict[PlayerId, Player]
    number: int
    absent: list[PlayerId]
    target: Path  # the round file to write
    force: bool  # --force: the file exists, its pairings are replaced


@dataclass
class Proposal:
    """A kind's answer to a PairRequest: the round file's new text and the lines to print; or an error."""

    text: str = ""
    lines: list[str] = field(default_factory=list)
    error: str = ""


class Game:
    """What a game changes whatever the format. The defaults are shogi's."""

    key: ClassVar[str] = "shogi"  # `game:` in event.yaml
    formats: ClassVar[tuple[str, ...]] = ("swiss", "round-robin", "team-swiss", "simul")  # the kinds it is played as
    sente_recorded: ClassVar[bool] = True  # the round files say who had sente
    by_criteria: ClassVar[bool] = False  # ranked group by group by its own criteria, not by tiebreak columns
    promotion: ClassVar[bool] = True  # the Dutch promotion system counts its games
    points: ClassVar[dict[Outcome, Fraction]] = shogi.POINTS  # what each outcome scores
    # Cash prizes are pooled by equal points (docs/rulings.md#prize-ties); True only where a game's rules tie the prize
    # to the game's criteria (Shuuro-250: players who share a place after every criterion share its prize).
    prizes_by_rank: ClassVar[bool] = False
    shuffle_seed_required: ClassVar[bool] = False  # round 1 is always drawn, from event.yaml's shuffle_seed
    data_files: ClassVar[dict[str, Callable[[Path, Report], KindRecord]]] = {}  # its own files: name -> reader
    round_file_help: ClassVar[tuple[str, ...]] = ()  # how a finished game is written, for a new round file
    # How a played game may end, when its round files say so (Shuuro, Oware: then what each player took is written
    # too); () when a result is all a board holds.
    endings: ClassVar[tuple[str, ...]] = ()

    def columns(self, event: Event) -> tuple[Tiebreak, ...]:
        """The values shown next to the points: the event's tiebreaks, or the game's own columns."""
        return tuple(TIEBREAKS[k] for k in event.tiebreaks)

    def table(self, event: Event, records: Records, after: int, names: dict[PlayerId, str]) -> list[Standing]:
        return standings(records, after, event.tiebreaks, names)

    def check(self, event: Event, players: dict[PlayerId, Player], entrants: dict[PlayerId, Location],
              report: Report, kind: EventKind) -> None:
        """The game's own checks of an event of this kind."""

    def fesa_reason(self) -> str:
        """Why FESA cannot rate the game ('' when it can)."""
        return ""

    def pairing_key(self, previous: RoundRecord | None, elo: int) -> int:
        """Within a score group the Swiss orders players by this (their Elo)."""
        return elo

    def shuffled_first_round(self, event: Event) -> bool:
        """Round 1 is drawn from the event's shuffle_seed."""
        return self.shuffle_seed_required or event.shuffle_seed is not None

    def adjacent_pairing(self) -> bool:
        """A score group is paired 1-2, 3-4 … rather than its top half against its bottom half."""
        return False

class EventKind:
    """What a format changes. The defaults are an individual Swiss's."""

    key: ClassVar[str] = "swiss"  # `format:` in event.yaml
    fesa_mode: ClassVar[str] = "Swiss system"  # the mode named in FESA's registration e-mail
    all_play_all: ClassVar[bool] = False  # the table is fixed in advance; a bye is a rest round, scoring nothing
    players_required: ClassVar[bool] = True  # event.yaml must list `players` (a team event may list teams only)
    everyone_every_round: ClassVar[bool] = True  # every entrant is named in every round (or absent)
    byes_are_teams: ClassVar[bool] = False  # a round file's `bye:` names a team, not a player
    fesa_file_as_written: ClassVar[bool] = False  # FESA gets the organizers' own turnering.txt, unchanged
    has_standings: ClassVar[bool] = True  # a standings table, a crosstable and round pages

    def __init__(self, game: Game):
        self.game = game

    @property
    def sente_recorded(self) -> bool:
        """Who had sente is recorded."""
        return self.game.sente_recorded

    # Reading event.yaml
    def read_keys(self, fields: Fields, report: Report) -> KindRecord | None:
        """The kind's own keys of event.yaml, as its record (None: it has none)."""
        return None

    def entrants(self, own: KindRecord | None, entrants: list[Ref]) -> list[Ref]:
        """Everyone entered, from `players` and the kind's own keys."""
        return entrants

    # Checks
    def seated(self, game: Board) -> tuple[Ref, ...]:
        """The players a board seats, each in one game of the round (a simul's giver sits at many)."""
        return (game.sente, game.gote)

    def check(self, event: Event, players: dict[PlayerId, Player], entrants: dict[PlayerId, Location],
              report: Report) -> None:
        """The kind's checks, then the game's."""
        self.game.check(event, players, entrants, report, self)

    def check_entries(self, event: Event, data: DataSet, report: Report) -> None:
        """Checks of who may enter, against the whole archive."""

    def grand_prix_problem(self, event: Event, rule: GrandPrixEvent) -> tuple[str, str] | None:
        """What is wrong with how the Grand Prix scores this event: (problem, hint), or None."""
        if not rule.places:
            return f"{event.short} scores Grand Prix points by final place", "write places: [8, 7, 6, 5, 4, 3, 2, 1]"
        return None

    # Computation
    def results(self, event: Event, players: dict[PlayerId, Player]) -> EventResults:
        """Everything computed of the event, ranked and scored as its kind and game say."""
        return compute_event(event, players, self.table, self.team_results, self.all_play_all, self.sente_recorded,
                             self.game.points)

    def columns(self, event: Event) -> tuple[Tiebreak, ...]:
        return self.game.columns(event)

    def table(self, event: Event, records: Records, after: int, names: dict[PlayerId, str]) -> list[Standing]:
        return self.game.table(event, records, after, names)

    def team_results(self, event: Event, ratings: dict[PlayerId, list[Rating | None]], done: int) -> TeamResults | None:
        """A team event's team standings (None: players are ranked alone)."""
        return None

    def prizes(self, event: Event, res: EventResults, players: dict[PlayerId, Player]) -> PrizeList | None:
        return event_prizes(event, res.final, players, by_rank=self.game.prizes_by_rank)

    def givers(self, event: Event) -> list[GiverResult] | None:
        """A simul's givers and their boards (None: no givers)."""
        return None

    def grand_prix_points(self, event: Event, rule: GrandPrixEvent, res: EventResults,
                          givers: list[GiverResult]) -> dict[PlayerId, Fraction]:
        return points_by_place(rule, res.final)

    def fesa_reason(self, event: Event) -> str:
        """Why FESA cannot rate this event of this kind, whatever its game ('' when it can)."""
        return ""

    def fesa_reasons(self, event: Event) -> tuple[str, str]:
        """Why FESA cannot rate the event's game, and the event as its kind has it ('' when it can)."""
        return self.game.fesa_reason(), self.fesa_reason(event)

    def fesa_givers(self, event: Event) -> tuple[PlayerId, ...]:
        """The players FESA's file names as a simul's givers (`[&]` lines): none but in a simul."""
        return ()

    # Pairing
    def pair(self, req: PairRequest) -> Proposal:
        """The round's pairings, as a new round file (or the existing one with its pairings replaced)."""
        return Proposal(error=f"{req.event.short}: this kind of event has no pairing program")

    def needs_previous_round(self) -> bool:
        """Round n is paired from the results of round n-1."""
        return True

    def form_teams(self, event: Event, res: EventResults, players: dict[PlayerId, Player]) -> Proposal:
        return Proposal(error=f"{event.short} is not a team event (format: team-swiss)")

