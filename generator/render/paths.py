"""Where each page of the site is, and what the search index holds for it."""

from __future__ import annotations

from dataclasses import dataclass

from ..model import Event, Festival
from .i18n import current
from .marks import MARKED, ROOTWARD
from .text import date_range


@dataclass(frozen=True)
class SearchEntry:
    """What the search index holds for a page: what people search for (a name, an event), not its tables."""

    title: str
    text: str

    def __post_init__(self) -> None:
        # As the page's language shows them (an organizer's name given in several languages: messages.Texts): the
        # index is written after the pages are rendered, outside their language.
        object.__setattr__(self, "title", str(self.title))
        object.__setattr__(self, "text", str(self.text))


def event_page(event: Event, name: str = "index") -> str:
    return f"{event.path}/{name}.md"


def round_page(event: Event, number: int) -> str:
    return f"{event.path}/round-{number}.md"


def sheet(path: str) -> str:
    """A wall sheet's page as the current language's pages reach it: the sheets are made in the site's default
    language alone (printed for the venue's wall, where one language hangs), at the site's root. In the site in
    marks, the way there from both (marks.ROOTWARD: text.url writes it)."""
    found = current()
    return (ROOTWARD if found.code == MARKED else found.root) + path


def boards_sheet(event: Event, number: int) -> str:
    return f"{event.path}/round-{number}/print-boards.md"


def names_sheet(event: Event, number: int) -> str:
    return f"{event.path}/round-{number}/print-names.md"


def standings_sheet(event: Event) -> str:
    return f"{event.path}/print-standings.md"


def giver_page(event: Event, giver: str) -> str:
    return f"{event.path}/givers/{giver}.md"


def team_page(event: Event, team_id: str) -> str:
    return f"{event.path}/teams/{team_id}.md"


def player_page(pid: str) -> str:
    return f"players/{pid}.md"


def event_search(festival: Festival, event: Event) -> SearchEntry:
    """An event is found by its name, its short name and its festival's."""
    return SearchEntry(f"{event.name} · {festival.name}",
                       " · ".join(x for x in (str(event.short) if event.short != event.name else "",
                                              date_range(event.start or festival.start, event.end or festival.end),
                                              festival.city) if x))
