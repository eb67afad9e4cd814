"""What a kind of event, or a game, shows: its pages, its lines in the sidebar and on a player's page, its own
JSON files. One class a kind and one a game, each registered as it is defined by the key of the rules it shows
(generator/kinds). Page hooks get a narrow context (`Pages`, `Context`), not the renderer, and compute nothing:
they lay out what the pipeline computed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, TypeVar

from markupsafe import Markup

from ...kinds import EventKind, Game
from ...messages import N_
from ...model import Capture, Event, Board, GrandPrixEvent, KindRecord, PlayerId
from ...rules.prizes import PrizeList
from ...rules.scoring import RoundRecord
from ...rules.simul import GiverResult
from ...rules.standings import EventResults, Standing
from ..i18n import _
from ..paths import event_page, round_page
from ..words import points_text
from .context import Context, Pages
from .knockout import knockout_line

P = TypeVar("P")


_REGISTRY: dict[tuple[str, str], type[Any]] = {}


def registered(base: type[P]) -> dict[tuple[str, str], type[P]]:
    """The pages classes of `base`'s family by (what the key names, key): ("format", "simul"), ("game", "oware")."""
    return {k: cls for k, cls in _REGISTRY.items() if issubclass(cls, base)}


class _Registered:
    """A pages class registers itself by the key of the rules it shows, when it names one of its own."""

    key: ClassVar[str]
    names: ClassVar[str]  # what the key names: "format", "game", "eligibility" or "source"

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "key" in cls.__dict__:
            _REGISTRY[cls.names, cls.key] = cls


class GamePages(_Registered):
    """What a game changes on the pages, whatever the format. The defaults are shogi's."""

    key: ClassVar[str] = "shogi"
    names: ClassVar[str] = "game"
    rules_template: ClassVar[str] = "rules.html.j2"
    prize_rule: ClassVar[str] = "_prize_rule.html.j2"  # how prizes are given, on the prizes page
    standings_template: ClassVar[str] = "standings.html.j2"
    round_template: ClassVar[str] = "round.html.j2"
    # A criterion's key -> its label where it placed a player lower (marked with N_, translated where shown)
    separated: ClassVar[dict[str, str]] = {}
    # (label, page name) beside an event's standings (the label marked with N_, translated where shown)
    extra_pages: ClassVar[tuple[tuple[str, str], ...]] = ()
    elo_shown: ClassVar[bool] = True  # a player page shows the festival Elo

    def __init__(self, rules: Game):
        self.rules = rules

    def standing_text(self, standing: Standing) -> str:
        """A player's result in words, on his page: '5½ points'."""
        return points_text(standing.points)

    def material_text(self, record: RoundRecord) -> str:
        """What the player took in a game, on his page ('' when nothing is recorded)."""
        return ""

    def record_json(self, record: RoundRecord) -> dict[str, Any]:
        """The game's own fields of a round in crosstable.json."""
        return {}

    def captured_json(self, captured: tuple[Capture, Capture]) -> dict[str, Any]:
        """What each player took in a game, in the API's game objects."""
        return {}

    def tie_lines(self, r: Pages, res: EventResults, table: tuple[Standing, ...] | None, after: int,
                  page: str) -> list[Any]:
        """For players placed apart on equal points, why (games ranked by criteria)."""
        return []

    def game_row(self, r: Pages, res: EventResults, round_number: int, game: Board, row: dict[str, Any]) -> None:
        """A round page's row for one game, completed with the game's own columns."""

    def pages(self, r: Pages, event: Event, common: dict[str, Any]) -> None:
        """The game's own pages of an event (beside standings and rounds)."""

    def player_line(self, r: Context, event: Event, pid: PlayerId, page: str) -> Markup | str:
        """A line on the player's page for this event ('' for none)."""
        return ""


class KindPages(_Registered):
    """What a format changes on the pages. The defaults are an individual Swiss's."""

    key: ClassVar[str] = "swiss"
    names: ClassVar[str] = "format"
    rules_format: ClassVar[str] = "_rules_swiss.html.j2"  # the rules page's lines on the format
    rules_eligibility: ClassVar[str] = ""  # … on who may play, when not everyone
    rules_ranking: ClassVar[str] = "_rules_ranking.html.j2"  # … on scoring and ranking

    def __init__(self, rules: EventKind, game: GamePages):
        self.rules = rules
        self.game = game

    # What templates ask of the kind's rules
    @property
    def all_play_all(self) -> bool:
        return self.rules.all_play_all

    @property
    def sente_recorded(self) -> bool:
        return self.rules.sente_recorded

    @property
    def has_standings(self) -> bool:
        return self.rules.has_standings

    @property
    def fesa_file_as_written(self) -> bool:
        return self.rules.fesa_file_as_written

    def setup(self, event: Event) -> KindRecord | None:
        """The kind's own record of the event (teams, givers), for the templates."""
        return None

    @property
    def prize_rule(self) -> str:
        """How prizes are given, for the prizes page (a template)."""
        return self.game.prize_rule

    # Pages
    def main_pages(self, r: Pages, event: Event, res: EventResults, common: dict[str, Any]) -> None:
        """The event's own pages: its standings and crosstable."""
        r.standings_pages(event, res, common)

    def round_page(self, r: Pages, event: Event, res: EventResults, rnd: Any, page: str, marks: dict[int, str],
                   common: dict[str, Any]) -> bool:
        """A round page of the kind's own; False: the common one."""
        return False

    def standings_context(self, r: Pages, event: Event, res: EventResults, page: str) -> dict[str, Any]:
        """The standings page's template and, for teams, the team table's rows."""
        return {"template": self.game.standings_template, "team_rows": []}

    def rules_table(self, r: Pages, event: Event, res: EventResults, page: str) -> dict[str, Any] | None:
        """A table of the format for the rules page (an all-play-all's Berger table), or None."""
        return None

    def standings_links(self, event: Event) -> list[tuple[str, str]]:
        """(label, page name) linked above the standings (the label marked with N_, translated where shown)."""
        return [(N_("Crosstable"), "crosstable")]

    def nav(self, r: Context, event: Event) -> list[Any]:
        """The event's pages in the sidebar, before its knock-out, rounds, prizes and rules."""
        pages: list[Any] = [{_("Standings"): event_page(event)}, {_("Crosstable"): event_page(event, "crosstable")},
                            {_("Entries"): event_page(event, "entries")}]
        for label, name in self.game.extra_pages:
            pages.insert(2, {_(label): event_page(event, name)})
        return pages

    def round_link(self, event: Event, record: RoundRecord) -> str:
        """The page a player's round links to."""
        return round_page(event, record.round)

    def player_line(self, r: Context, event: Event, res: EventResults, pid: PlayerId, page: str) -> Markup | str:
        """The line under a player's event on his page: his knock-out, his team, his army."""
        return self.game.player_line(r, event, pid, page) or knockout_line(r, event, res, pid, page)

    def grand_prix_rule(self, rule: GrandPrixEvent) -> str:
        """How the Grand Prix scores this event, in words."""
        # Translators: the Grand Prix points of an event's places ("10, 8, 6 for places 1 to 3.")
        return _("{points} for places 1 to {n}.").format(points=", ".join(map(str, rule.places)), n=len(rule.places))

    def api_files(self, event: Event, res: EventResults, givers: Sequence[GiverResult], prizes: PrizeList | None,
                  winners: Sequence[PlayerId]) -> dict[str, Any]:
        """The kind's own JSON files (their content, by file name under the event's api/ folder)."""
        return {}
