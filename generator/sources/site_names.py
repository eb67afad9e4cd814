"""Which names a data folder and an id may take: a festival's folder, an event's folder, a player's id and a
team's id become parts of the site's addresses, so none may be a name the site writes itself. The one place that
decides it (sources/reader.py and kinds/team_swiss.py ask here; render/ writes under these names)."""

from __future__ import annotations

from pathlib import Path

from ..messages import LANGUAGES

SITE_SOURCE = Path(__file__).resolve().parents[2] / "site_src"  # the hand-written pages and the theme's files
# What the generator and the theme write at the top of the site, besides the hand-written pages.
SITE_TOP = frozenset({"index", "players", "api", "search", "assets", "promotion", "404", "sitemap", "stylesheets",
                      "javascripts", "images", "fonts"})
# A festival's own pages beside its events' folders (render/festival.py).
FESTIVAL_PAGES = frozenset({"index", "programme", "prizes", "grand-prix"})
# A list's own page beside its members' pages: players/index.md beside players/<id>.md (render/players.py), and
# <event>/teams/index.md beside <event>/teams/<id>.md (render/kinds/team_swiss.py).
LIST_PAGES = frozenset({"index"})


def hand_written() -> frozenset[str]:
    """The names at the top of site_src/ (organizers.md → organizers, assets/ → assets)."""
    if not SITE_SOURCE.is_dir():
        return frozenset()
    return frozenset(p.stem if p.is_file() else p.name for p in SITE_SOURCE.iterdir() if not p.name.startswith("."))


def taken_at_top(name: str) -> str | None:
    """Why a festival folder cannot be called `name` (None: it can)."""
    if name in hand_written():
        return f"the site's page or folder '{name}' (site_src/) has that name"
    if name in SITE_TOP:
        return f"the site writes its own '{name}' there"
    if name in LANGUAGES:
        return f"the site in the language '{name}' ({LANGUAGES[name]}) is built there"
    return None


def taken_in_festival(name: str) -> str | None:
    """Why an event folder cannot be called `name`."""
    return f"the festival's own page '{name}' has that name" if name in FESTIVAL_PAGES else None


def taken_in_list(name: str, members: str) -> str | None:
    """Why a player or a team cannot have the id `name` (`members`: 'players' or 'teams', the list's folder)."""
    return (f"{members}/{name} is the list of {members}: this one's own page would be lost, and links to it would "
            "lead to the list") if name in LIST_PAGES else None
