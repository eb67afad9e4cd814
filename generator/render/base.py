"""The renderer's common ground: the site being built, its pages, the templates and the results they show."""

from __future__ import annotations

import dataclasses
import functools
import hashlib
from contextlib import contextmanager
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jinja2 import BytecodeCache, Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup, escape

from ..messages import N_
from ..model import Event, Outcome, Player, TeamSetup
from ..pipeline import Loaded
from ..rules.festival_elo import grade_name
from ..rules.team_swiss.scores import COLUMNS, Column
from ..rules.tiebreaks import TIEBREAKS, Tiebreak
from . import i18n
from .i18n import _, ngettext
from .keys import Memo
from .marks import MARKED, mark, typeset_marks
from .pending import live
from .paths import SearchEntry, event_page, player_page, sheet, team_page
from .text import (Heading, capitalized, country_name, date_range, headings, link, long_date, money, points, shown,
                   signed, url)

TEMPLATES = Path(__file__).parent / "templates"


class Page:
    """A generated page: its title, its content as HTML (no Markdown to parse) and its headings. The HTML is kept
    as UTF-8 (a page with one accented name would otherwise take two or four bytes a character: a whole archive's
    pages are held until MkDocs has written them)."""

    __slots__ = ("_html", "_source", "search", "title", "toc")

    def __init__(self, title: str, html: str, toc: tuple[Heading, ...], search: SearchEntry | None = None):
        # (str: an organizer's name given in several languages, as the page's language shows it: the engine reads
        # the title after the page is rendered, outside its language)
        self.title, self._html, self.toc, self.search = str(title), html.encode("utf-8"), toc, search
        self._source = b""

    @property
    def html(self) -> str:
        return self._html.decode("utf-8")

    @classmethod
    def kept(cls, title: str, html: str, toc: tuple[Heading, ...], search: SearchEntry | None, source: bytes) -> Page:
        """A page as a part kept in the build cache holds it, with the digest of its HTML found when it was made
        (memo.encode): not found again from the HTML."""
        page = cls(title, html, toc, search)
        page._source = source
        return page

    def source(self) -> bytes:
        """A digest of what the page's HTML is made from: of the HTML itself (after.py: of the HTML in marks and the
        language), found once (a page in marks is the source of each language's)."""
        if not self._source:
            self._source = hashlib.sha256(self._html).digest()
        return self._source

    def texts_from(self) -> list[Any]:
        """What the page's title and search entry are made from, as JSON values: themselves (after.py: the texts in
        marks, which a page in another language is made from, without putting its words in)."""
        return ["as shown", self.title, [self.search.title, self.search.text] if self.search is not None else None]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Page) and (self.title, self._html, self.toc, self.search) == (
            other.title, other._html, other.toc, other.search)

    __hash__ = None  # type: ignore[assignment]


@dataclass
class Site:
    """Generated pages and files (JSON, turnering.txt) by path, and the navigation: `nav` is the sidebar of
    every page outside a festival; each festival's pages have the sidebar `sections[festival id]`, which holds
    that festival alone, so a page's sidebar does not grow with the archive."""

    pages: dict[str, Page] = field(default_factory=dict)
    files: dict[str, str | bytes] = field(default_factory=dict)
    nav: list[Any] = field(default_factory=list)
    sections: dict[str, list[Any]] = field(default_factory=dict)
    section_of: dict[str, str] = field(default_factory=dict)  # page path -> festival id
    # The day of the latest result or event in the data: every page's date (the sitemap's), never the day of
    # the build, so that the same data builds the same bytes on any day.
    updated: str = "1970-01-01"
    banner: str = ""  # the preview's list of data errors (with_problems): also above the hand-written pages
    # Pages made in the site's default language alone (the wall sheets): no language selector leads to them
    default_only: set[str] = field(default_factory=set)


# The codes, on every page using them (the codes are FESA's, the same in every language).
# Translators: the key to the handicap codes (L, B, R, RL, 2P … 6P stay as they are): the pieces the stronger player
# gives up
HANDICAP_KEY = N_("L lance, B bishop, R rook, RL rook and lance, 2P … 6P pieces")


def in_sentence(name: str) -> str:
    """A name written as a title ("Sum of opponents' scores") inside an English sentence: its first letter small.
    Other languages keep it as their catalogue writes it (a German noun keeps its capital). In the language of
    marks, a mark of it (after.py puts it in so)."""
    code = i18n.current().code
    if code == MARKED:
        return mark("W", "", (name,))
    return name[:1].lower() + name[1:] if code == i18n.SOURCE else name


def shown_grade(grade: str) -> str:
    """'3 dan', '1 kyu' in the current language."""
    return i18n._(grade_name(grade))


def shown_tiebreak(tiebreak: Tiebreak) -> Tiebreak:
    """The tiebreak with its name and definition in the current language (its abbreviation is a code)."""
    return dataclasses.replace(tiebreak, name=i18n._(tiebreak.name), definition=i18n._(tiebreak.definition))


def shown_column(column: Column) -> Column:
    """A team score's column with its abbreviation, name and definition in the current language (its letter is
    the rules' own)."""
    return dataclasses.replace(column, abbr=i18n._(column.abbr), name=i18n._(column.name),
                               definition=i18n._(column.definition))


class _Tiebreaks(Mapping[str, Tiebreak]):
    """TIEBREAKS as the templates see it: each tiebreak's texts in the language of the page being rendered."""

    def __getitem__(self, key: str) -> Tiebreak:
        return shown_tiebreak(TIEBREAKS[key])

    def __iter__(self) -> Iterator[str]:
        return iter(TIEBREAKS)

    def __len__(self) -> int:
        return len(TIEBREAKS)


class _Columns:
    """The team score's columns (A-F) as the templates see them: their texts in the page's language."""

    def __iter__(self) -> Iterator[Column]:
        return (shown_column(c) for c in COLUMNS)

    def __len__(self) -> int:
        return len(COLUMNS)


class _Translated:
    """A text of the renderer's own that a template prints as a value (`{{ HANDICAP_KEY }}`, or a value of a
    message): translated when it is printed, in the language of the page being rendered."""

    def __init__(self, message: str):
        self.message = message

    def __str__(self) -> str:
        return i18n._(self.message)

    def __html__(self) -> Markup:
        return escape(str(self))


@functools.cache
def _env() -> Environment:
    """The templates, compiled once per process (a live preview renders the site at every save)."""
    env = Environment(loader=FileSystemLoader(TEMPLATES), finalize=shown, undefined=StrictUndefined,
                      keep_trailing_newline=True, trim_blocks=True, lstrip_blocks=True, autoescape=True,
                      extensions=["jinja2.ext.i18n"])
    # Texts through the current language's catalogue (i18n.speaking): `_("…")`, `_("… %(n)s", n=…)` (the values
    # escaped, the message not), `ngettext`, `pgettext`, and `{% trans %}` blocks with their white space trimmed.
    env.install_gettext_callables(i18n._, i18n.ngettext, newstyle=True,  # type: ignore[attr-defined]
                                  pgettext=i18n.pgettext, npgettext=i18n.npgettext)
    env.policies["ext.i18n.trimmed"] = True
    # Texts from below the renderer are translated as they are printed: `grade_name`, `TIEBREAKS` and `COLUMNS`
    # give them in the page's language, `i18n._(x)` any other (a prize's label, a reason: plain text, escaped).
    env.globals.update(link=link, url=url, points=points, long_date=long_date, date_range=date_range,
                       grade_name=shown_grade, country_name=country_name, TIEBREAKS=_Tiebreaks(), COLUMNS=_Columns(),
                       Outcome=Outcome, signed=signed, HANDICAP_KEY=_Translated(HANDICAP_KEY), translated=i18n._,
                       money=money, in_sentence=in_sentence, sheet=sheet, live=live, capitalized=capitalized)
    return env


@contextmanager
def compiled_by(cache: BytecodeCache) -> Iterator[None]:
    """Inside, the renderer's templates compiled through `cache` (a build's, which keeps them from one build to the
    next: engine/state.py CompiledTemplates) where this process has not compiled them yet."""
    env = _env()
    env.bytecode_cache = cache
    try:
        yield
    finally:
        env.bytecode_cache = None


class RendererBase:
    """What every part of the renderer uses: the computed results, the templates and the site being built."""

    def __init__(self, loaded: Loaded, site_url: str = "", memo: Memo | None = None, sheets_url: str | None = None):
        self.site_url = site_url
        # (the wall sheets' QR codes lead to the site's root: the site in marks has its own address in marks)
        self.sheets_url = site_url if sheets_url is None else sheets_url
        self.memo = memo  # the parts of the last build, which parts of this one may come from (memo.py)
        self.data = loaded.data
        self.results = loaded.results
        self.fesa = loaded.fesa
        self.prizes = loaded.prizes
        self.knockout_prizes = loaded.knockout_prizes
        self.simuls = loaded.simuls
        self.simul_winners = loaded.simul_winners
        self.grand_prix = loaded.grand_prix
        self.loaded = loaded
        self.env = _env()
        self.site = Site()

    def page(self, path: str, template: str, title: str, search: SearchEntry | None = None, given_only: bool = False,
             **context: Any) -> None:
        """The page `path`, rendered from `template` with `context`; with `given_only`, the template sees nothing of
        the data but what it is given (not `player_name`, nor `first_place`): a page kept by what it shows
        (memo.kept) is rendered from those values alone."""
        looks_up = {} if given_only else {"player_name": self.player_name, "first_place": self.first_place}
        written = self.env.get_template(template).render(page=path, fragment=self.fragment, **looks_up, **context)
        if i18n.current().code == MARKED:  # (its headings' anchors in marks; set as the language sets type, after.py)
            body, toc = headings(written)
            self.site.pages[path] = Page(title, typeset_marks(body), toc, search)
            return
        body, toc = headings(i18n.typeset(written))
        self.site.pages[path] = Page(title, body, toc, search)

    @functools.cached_property
    def _fragments(self) -> dict[tuple[Any, ...], Markup]:
        """The fragments made so far (`fragment`), by template and values."""
        return {}

    def fragment(self, template: str, **values: Any) -> Markup:
        """A part of pages that many pages show alike (a table's head, the key to its columns): the template
        `template` rendered with `values` alone, made once for each set of values in the language being rendered
        (a renderer renders one). Nothing else of the page reaches it: a name it asks for and is not given stops
        the build, so that the part cannot differ from page to page. Templates print it as
        `{{ fragment("_x.html.j2", a=…) }}` (a list among the values is told by its items)."""
        key = (template, *((name, tuple(v) if isinstance(v, list) else v) for name, v in sorted(values.items())))
        made = self._fragments.get(key)
        if made is None:
            made = self._fragments[key] = Markup(self.env.get_template(template).render(**values))
        return made

    def player(self, pid: str) -> Player:
        return self.data.players[pid]

    def player_name(self, pid: str) -> str:
        return self.data.players[pid].name

    def first_place(self, event: Event, page: str) -> Markup:
        """Who is first: "Winner" once every round is played, else "Leader"; the team in a team event; players
        sharing the place named when two, counted when more ("Winners (5 equal)", linked to the standings)."""
        res = self.results[event.path]
        finished = res.completed >= event.rounds_planned
        if res.teams is not None and res.teams.final:
            names = {t.id: t.name for t in event.record(TeamSetup).teams}
            first = [link(names[s.team], team_page(event, s.team), page) for s in res.teams.final
                     if s.rank == res.teams.final[0].rank]
        elif res.final:
            first = [link(self.player_name(s.player), player_page(s.player), page) for s in res.final
                     if s.rank == res.final[0].rank]
        else:
            return Markup("")
        if len(first) == 1:
            return Markup(_("Winner: {name}") if finished else _("Leader: {name}")).format(name=first[0])
        if len(first) == 2:
            return Markup(_("Winners (equal): {first} and {second}") if finished else
                          _("Leaders (equal): {first} and {second}")).format(first=first[0], second=first[1])
        n = len(first)
        if finished:
            # Translators: more than two players share first place; the text links to the standings
            text = ngettext("Winners ({n} equal)", "Winners ({n} equal)", n)
        else:
            # Translators: more than two players share the lead; the text links to the standings
            text = ngettext("Leaders ({n} equal)", "Leaders ({n} equal)", n)
        return link(text.format(n=n), event_page(event), page)
