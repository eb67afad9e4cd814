"""What an event kind is: the hooks in which kinds differ, each with the behaviour most events share.

An event has a kind (its format: a Swiss, an all-play-all, a team Swiss, a simul …) and a game (shogi, Shuuro,
Oware). `Game` holds what the game changes in any format; `EventKind` what the format changes, with the game at
hand as `self.game`. A new kind subclasses one of them, overrides only what differs, and is registered once in
`generator/kinds/__init__.py` (as python-chess's variants override the board's rules). The rest of the program
asks `event.kind`; it never tests an event's format or game by name.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from markupsafe import Markup

from ..diagnostics import Location, Report
from ..model import Capture, DataSet, KindRecord, Event, Game as Board, GrandPrixEvent, Player, PlayerId, Ref, Round
from ..sources.fields import Fields
from ..grand_prix import points_by_place
from ..prizes import event_prizes
from ..render.paths import event_page, round_page
from ..render.text import points
from ..standings import standings
from ..tiebreaks import TIEBREAKS, Tiebreak
from . import knockout

if TYPE_CHECKING:
    from ..pipeline import Loaded
    from ..prizes import PrizeList
    from ..ratings import Rating
    from ..render.base import RendererBase
    from ..render.site import Renderer
    from ..scoring import Records, RoundRecord
    from ..simul import GiverResult
    from ..standings import EventResults, Standing, TeamResults


@dataclass
class PairRequest:
    """What `python -m generator pair` asks a kind for: the round `number` of `event`, proposed from the rounds
    before it, with the players who miss it."""

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
    elo_shown: ClassVar[bool] = True  # a player page shows the festival Elo
    rules_template: ClassVar[str] = "rules.html.j2"
    prize_rule: ClassVar[str] = "_prize_rule.html.j2"  # how prizes are given, on the prizes page
    # Cash prizes are pooled by equal points (PRODUCT.md); True only where a seed ties the prize to the game's
    # criteria (Shuuro-250: players who share a place after every criterion share its prize).
    prizes_by_rank: ClassVar[bool] = False
    standings_template: ClassVar[str] = "standings.html.j2"
    round_template: ClassVar[str] = "round.html.j2"
    separated: ClassVar[dict[str, str]] = {}  # a criterion's key -> its label where it placed a player lower
    shuffle_seed_required: ClassVar[bool] = False  # round 1 is always drawn, from event.yaml's shuffle_seed
    data_files: ClassVar[dict[str, Callable[[Path, Report], KindRecord]]] = {}  # its own files: name -> reader
    extra_pages: ClassVar[tuple[tuple[str, str], ...]] = ()  # (label, page name) beside an event's standings
    round_file_help: ClassVar[tuple[str, ...]] = ()  # how a finished game is written, for a new round file

    def columns(self, event: Event) -> tuple[Tiebreak, ...]:
        """The values shown next to the points: the event's tiebreaks, or the game's own columns."""
        return tuple(TIEBREAKS[k] for k in event.tiebreaks)

    def table(self, event: Event, records: Records, after: int, names: dict[PlayerId, str]) -> list[Standing]:
        return standings(records, after, event.tiebreaks, names)

    def check(self, event: Event, players: dict[PlayerId, Player], entrants: dict[PlayerId, Location],
              report: Report) -> None:
        """The game's own checks of an event."""

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

    def standing_text(self, standing: Standing) -> str:
        """A player's result in words, on his page: '5½ points'."""
        return f"{points(standing.points)} point{'' if standing.points == 1 else 's'}"

    def material_text(self, record: RoundRecord) -> str:
        """What the player took in a game, on his page ('' when nothing is recorded)."""
        return ""

    def record_json(self, record: RoundRecord) -> dict[str, Any]:
        """The game's own fields of a round in crosstable.json."""
        return {}

    def captured_json(self, captured: tuple[Capture, Capture]) -> dict[str, Any]:
        """What each player took in a game, in the API's game objects."""
        return {}

    def tie_lines(self, r: Renderer, res: EventResults, table: tuple[Standing, ...] | None, after: int,
                  page: str) -> list[Any]:
        """For players placed apart on equal points, why (games ranked by criteria)."""
        return []

    def game_row(self, r: Renderer, res: EventResults, round_number: int, game: Board, row: dict[str, Any]) -> None:
        """A round page's row for one game, completed with the game's own columns."""

    def pages(self, r: Renderer, event: Event, common: dict[str, Any]) -> None:
        """The game's own pages of an event (beside standings and rounds)."""

    def player_line(self, r: RendererBase, event: Event, pid: PlayerId, page: str) -> Markup | str:
        """A line on the player's page for this event ('' for none)."""
        return ""


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
    rules_format: ClassVar[str] = "_rules_swiss.html.j2"  # the rules page's lines on the format
    rules_eligibility: ClassVar[str] = ""  # … on who may play, when not everyone
    rules_ranking: ClassVar[str] = "_rules_ranking.html.j2"  # … on scoring and ranking

    def __init__(self, game: Game):
        self.game = game

    @property
    def prize_rule(self) -> str:
        """How prizes are given, for the prizes page (a template)."""
        return self.game.prize_rule

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
        self.game.check(event, players, entrants, report)

    def check_entries(self, event: Event, data: DataSet, report: Report) -> None:
        """Checks of who may enter, against the whole archive."""

    def grand_prix_problem(self, event: Event, rule: GrandPrixEvent) -> tuple[str, str] | None:
        """What is wrong with how the Grand Prix scores this event: (problem, hint), or None."""
        if not rule.places:
            return f"{event.short} scores Grand Prix points by final place", "write places: [8, 7, 6, 5, 4, 3, 2, 1]"
        return None

    # Computation
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

    def grand_prix_rule(self, rule: GrandPrixEvent) -> str:
        """How the Grand Prix scores this event, in words."""
        return f"{', '.join(map(str, rule.places))} for places 1 to {len(rule.places)}."

    def fesa_reason(self) -> str:
        """Why FESA cannot rate this kind of event, whatever its game ('' when it can)."""
        return ""

    # Pairing
    def pair(self, req: PairRequest) -> Proposal:
        """The round's pairings, as a new round file (or the existing one with its pairings replaced)."""
        return Proposal(error=f"{req.event.short}: this kind of event has no pairing program")

    def needs_previous_round(self) -> bool:
        """Round n is paired from the results of round n-1."""
        return True

    def form_teams(self, loaded: Loaded, event: Event) -> Proposal:
        return Proposal(error=f"{event.short} is not a team event (format: team-swiss)")

    # Pages
    def pages(self, r: Renderer, event: Event, res: EventResults, common: dict[str, Any]) -> None:
        """Every page of the event: the kind's own first, then the game's, the rules, prizes, knock-out, entries
        and rounds."""
        self.main_pages(r, event, res, common)
        self.game.pages(r, event, common)
        r.rules_page(event, common)
        r.prizes_page(event, common)
        if res.knockout is not None:
            knockout.knockout_page(r, event, res, common)
        r.entries_page(event, res, common)
        if self.has_standings:
            r.round_pages(event, res, common)

    def main_pages(self, r: Renderer, event: Event, res: EventResults, common: dict[str, Any]) -> None:
        """The event's own pages: its standings and crosstable."""
        r.standings_pages(event, res, common)

    def round_page(self, r: Renderer, event: Event, res: EventResults, rnd: Round, page: str, marks: dict[int, str],
                   common: dict[str, Any]) -> bool:
        """A round page of the kind's own; False: the common one."""
        return False

    def standings_context(self, r: Renderer, event: Event, res: EventResults, page: str) -> dict[str, Any]:
        """The standings page's template and, for teams, the team table's rows."""
        return {"template": self.game.standings_template, "team_rows": []}

    def rules_table(self, r: Renderer, event: Event, page: str) -> dict[str, Any] | None:
        """A table of the format for the rules page (an all-play-all's Berger table), or None."""
        return None

    def standings_links(self, event: Event) -> list[tuple[str, str]]:
        """(label, page name) linked above the standings."""
        return [("Crosstable", "crosstable")]

    def nav(self, r: RendererBase, event: Event) -> list[Any]:
        """The event's pages in the sidebar, before its knock-out, rounds, prizes and rules."""
        pages: list[Any] = [{"Standings": event_page(event)}, {"Crosstable": event_page(event, "crosstable")},
                            {"Entries": event_page(event, "entries")}]
        for label, name in self.game.extra_pages:
            pages.insert(2, {label: event_page(event, name)})
        return pages

    def round_link(self, event: Event, record: RoundRecord) -> str:
        """The page a player's round links to."""
        return round_page(event, record.round)

    def player_line(self, r: RendererBase, event: Event, res: EventResults, pid: PlayerId, page: str) -> Markup | str:
        """The line under a player's event on his page: his knock-out, his team, his army."""
        return self.game.player_line(r, event, pid, page) or knockout.knockout_line(r, event, res, pid, page)

    def api_files(self, event: Event, res: EventResults, loaded: Loaded) -> dict[str, Any]:
        """The kind's own JSON files (their content, by file name under the event's api/ folder)."""
        return {}
