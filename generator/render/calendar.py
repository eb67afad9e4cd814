"""The calendar feeds (iCalendar, RFC 5545) that pipeline/calendar.py fills: the festival's programme
(<festival>/programme.ics) and each player's games (players/<id>.ics), in the festival's time zone when
festival.yaml names one (else floating local times). Every text a reader of a feed sees is in TEXT, and every
TEXT value (RFC 5545 §3.3.11: the calendar's names, each entry's summary, place and description, the UIDs) is
escaped by one function, escape_text.

The same data gives the same bytes: UIDs are made of the data's ids, and DTSTAMP is the data's latest day (the
site's `updated`), never the clock. The feeds are in the site's language: TEXT and LINKS are marked for translation
and translated where they are used.

A feed is written here line by line, as text, in the form icalendar gives it (the order of the properties, the form
of each value, the folding of long lines): a site writes a feed for each player in each of its languages, and a
general writer's work on every value would be most of that time. icalendar still writes the hard part, each zone's
VTIMEZONE, once for a zone and span of years. tests/test_calendar_writer.py holds the two to the same bytes."""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
import json
import re
import weakref
import zoneinfo
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from collections.abc import Mapping
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

from icalendar import Timezone
from icalendar.timezone import tzid_from_tzinfo
from markupsafe import Markup

from ..messages import N_
from ..model import Festival, Outcome, Player, PlayerId
from ..pipeline.calendar import Entry, Seat, Session, When, player_feeds, programme
from .i18n import _
from .memo import plain
from .paths import player_page
from .text import url
from .words import outcome_word

if TYPE_CHECKING:
    from ..pipeline import Loaded

PRODID = "-//Banzuke//Festival results//EN"  # the program that made the feed (an identifier, not translated)
# Every text a feed shows (translated where used).
TEXT = {
    # Translators: a calendar feed's name: a festival's programme
    "programme": N_("{festival}: programme"),
    # Translators: a calendar feed's name: a player's games
    "player": N_("{player}: games"),
    # Translators: a calendar entry: a round of an event
    "round": N_("Round {number}"),
    "session": "{event}: {title}",
    # Translators: a calendar entry: one game of a player
    "game": N_("{event}, round {round}: board {board} against {opponent}"),
    # Translators: a calendar entry's line: the match of teams a game is part of, and its board in the match
    "match": N_("{ours} – {theirs}, board {board}"),
    # Translators: a calendar entry's line: the player has sente (moves first); keep the shogi word
    "sente": N_("Sente (☗)"),
    # Translators: a calendar entry's line: the player has gote (moves second); keep the shogi word
    "gote": N_("Gote (☖)"),
    # Translators: a calendar entry's line: the player gives the handicap of this code ("Gives 2P")
    "gives": N_("Gives {code}"),
    # Translators: a calendar entry's line: the player receives the handicap of this code ("Receives 2P")
    "receives": N_("Receives {code}"),
    # Translators: a calendar entry's line: the player's result in the game ("Result: win")
    "result": N_("Result: {outcome}"),
    "entered": "{event}",
    # Translators: a calendar entry's line: the people of a programme item
    "with": N_("With {people}"),
    "event_of": "{event} · {festival}",
}
# The paragraph with the link to a feed, on the programme page and each player's page: without and with the link
# to the file itself beside the webcal:// one (HTML; translated where used).
LINKS = {
    "programme": (
        N_('<a href="{href}">Subscribe to the programme</a> in your calendar app (iCalendar): it follows each '
           'change.'),
        N_('<a href="{href}">Subscribe to the programme</a> in your calendar app (iCalendar): it follows each '
           'change · <a href="{file}">the file</a>.')),
    "player": (
        N_('<a href="{href}">Subscribe to these games</a> in your calendar app (iCalendar): each game shows as soon '
           'as it is paired.'),
        N_('<a href="{href}">Subscribe to these games</a> in your calendar app (iCalendar): each game shows as soon '
           'as it is paired · <a href="{file}">the file</a>.')),
}
UID_DOMAIN = "banzuke"  # UID: <festival>/<event>/round-<n>/<player>@banzuke and the like
REFRESH = dt.timedelta(minutes=30)  # how often a subscribed calendar should look again (a festival day's pace)


def programme_path(festival: Festival) -> str:
    return f"{festival.id}/programme.ics"


def player_path(pid: PlayerId) -> str:
    return f"players/{pid}.ics"


def subscribe(path: str, page: str, site_url: str, player: bool = False) -> Markup:
    """The link to a feed for the page built from `page`: webcal:// where the site's address is known (a phone's
    calendar subscribes), with the file's own link beside it."""
    own = url(path, page)
    scheme, sep, address = site_url.partition("://")
    href = f"webcal://{address.rstrip('/')}/{path}" if sep and scheme in ("http", "https") else own
    alone, with_file = LINKS["player" if player else "programme"]
    text = Markup(_(with_file if href != own else alone)).format(href=href, file=own)
    return Markup('<p class="calendar">{}</p>').format(text)


def files(loaded: Loaded, updated: str, site_url: str = "") -> dict[str, bytes]:
    """Every feed by path: a festival's programme when it has one, and each entered player's games."""
    out: dict[str, bytes] = {}
    for festival in loaded.data.festivals:
        out.update(programme_file(loaded, festival, updated, site_url))
    for feed, _digest in player_views(loaded).values():
        out.update(player_file(feed, updated, site_url))
    return out


def programme_file(loaded: Loaded, festival: Festival, updated: str, site_url: str = "") -> dict[str, bytes]:
    """The festival's programme feed, by path (none without a programme)."""
    items = programme(festival)
    if not items:
        return {}
    feed = _Feed(_text("programme", festival=festival.name), updated)
    page = site_url and site_url.rstrip("/") + "/" + url(f"{festival.id}/programme.md", "index.md")
    where = Place.of(festival)
    for s in items:
        feed.add(s.uid, s.when, where, _session_summary(s), _session_text(s, loaded.data.players), page)
    return {programme_path(festival): feed.to_bytes()}


@dataclass(frozen=True)
class Place:
    """Where a festival's entries are: its time zone (an IANA name, "" for floating local times), venue and city
    (each an organizer's text)."""

    zone: str
    venue: str
    city: str

    @classmethod
    def of(cls, festival: Festival) -> Place:
        return cls(festival.timezone, festival.venue, festival.city)


@dataclass(frozen=True)
class Shown:
    """An entry of a player's feed as it shows, and nothing else: a game he is paired for (`game`), or an event he
    entered (its days). A player's feed is written from these values alone (`player_file`), and kept by them
    (site.py `calendars`)."""

    uid: str
    when: When
    place: Place
    event: str  # the event's name
    festival: str  # the festival's name
    game: bool = False
    short: str = ""  # a game's: the event's short name, its round and board, the opponent's name
    round: int = 0
    board: int = 0
    opponent: str = ""
    colour: str | None = None
    gives: bool | None = None
    handicap: str = ""
    match: tuple[str, str] | None = None
    outcome: Outcome = Outcome.PENDING


@dataclass(frozen=True)
class PlayerFeed:
    """A player's feed as it shows: his id (its path and his page's link), his name, and its entries in order."""

    pid: PlayerId
    name: str
    entries: tuple[Shown, ...]

    @property
    def zones(self) -> list[str]:
        """The time zones its entries are in (its VTIMEZONEs are made from their rules as this machine has them)."""
        return sorted({x.place.zone for x in self.entries})


def _shown(x: Seat | Entry, players: Mapping[PlayerId, Player]) -> Shown:
    where = Place.of(x.festival)
    if isinstance(x, Entry):
        return Shown(x.uid, x.when, where, x.event.name, x.festival.name)
    return Shown(x.uid, x.when, where, x.event.name, x.festival.name, True, x.event.short, x.round, x.board,
                 players[x.opponent].name, x.colour, x.gives, x.handicap, x.match, x.outcome)


# Each build's players' feeds as they show, made once for all its languages (a language's process forked from the
# build inherits them): by the data they are made from, held only while it is
_VIEWS: list[tuple[weakref.ref[Loaded], dict[PlayerId, tuple[PlayerFeed, str]]]] = []


def player_views(loaded: Loaded) -> dict[PlayerId, tuple[PlayerFeed, str]]:
    """Each player's feed (player_feeds gives what it holds) as it shows, with the digest of all it shows, by
    player: made once for the data `loaded`, whatever the language (an organizer's texts are held with each of
    their languages)."""
    for ref, views in _VIEWS:
        if ref() is loaded:
            return views
    players = loaded.data.players
    views = {}
    for pid, feed in sorted(player_feeds(loaded).items()):
        view = PlayerFeed(pid, players[pid].name, tuple(_shown(x, players) for x in feed))
        text = json.dumps(plain(view), ensure_ascii=False, separators=(",", ":"))
        views[pid] = (view, hashlib.sha256(text.encode("utf-8")).hexdigest())
    _VIEWS[:] = [(ref, v) for ref, v in _VIEWS if ref() is not None]
    _VIEWS.append((weakref.ref(loaded), views))
    return views


def player_file(feed: PlayerFeed, updated: str, site_url: str = "") -> dict[str, bytes]:
    """A player's feed, by path, from what it shows alone."""
    out = _Feed(_text("player", player=feed.name), updated)
    page = site_url and site_url.rstrip("/") + "/" + url(player_page(feed.pid), "index.md")
    for x in feed.entries:
        if x.game:
            out.add(x.uid, x.when, x.place, _game_summary(x), _game_text(x), page)
        else:
            out.add(x.uid, x.when, x.place, TEXT["entered"].format(event=x.event),
                    TEXT["event_of"].format(event=x.event, festival=x.festival), page)
    return {player_path(feed.pid): out.to_bytes()}


@functools.cache
def zone_data(tzid: str) -> str:
    """A digest of the time zone's rules as this machine has them (the system's database, else the tzdata
    package's), which a feed's VTIMEZONE is made from: '' for no zone."""
    if not tzid:
        return ""
    for folder in zoneinfo.TZPATH:
        path = Path(folder) / tzid
        if path.is_file():
            return hashlib.sha256(path.read_bytes()).hexdigest()
    try:
        return hashlib.sha256((resources.files("tzdata") / "zoneinfo" / tzid).read_bytes()).hexdigest()
    except (OSError, ModuleNotFoundError, ValueError):
        return "?"


def _text(key: str, **values: object) -> str:
    """TEXT[key] in the reader's language, with its values."""
    return _(TEXT[key]).format(**values)


# RFC 5545 §3.3.11: a backslash, a semicolon and a comma are escaped with a backslash, a line break is written
# \n. No other control character may be in a TEXT value (TSAFE-CHAR): each is dropped (a tab is kept: it is WSP).
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


def escape_text(value: str) -> str:
    """A TEXT value as a feed writes it (RFC 5545 §3.3.11); a line break (CR LF, CR or LF) as \\n."""
    value = str(value).replace("\r\n", "\n").replace("\r", "\n")  # (str: an organizer's text in this language)
    if _CONTROL.search(value):
        value = _CONTROL.sub("", value)
    # (the backslash first: the escapes after it bring backslashes of their own)
    return value.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,").replace("\n", "\\n")


class _Feed:
    """A feed being written: a calendar's content lines (RFC 5545 §3.1), each entry's properties in the order
    icalendar writes them (SUMMARY, DTSTART, DTEND, DTSTAMP, UID, then the others by name), and the zones the
    entries name with the days they start on (the VTIMEZONEs a reader needs for their TZIDs)."""

    def __init__(self, name: str, updated: str) -> None:
        self.name = escape_text(name)
        self.stamp = _stamp(updated)
        self.lines: list[str] = []  # the entries' content lines, not yet folded
        self.days: list[dt.date] = []
        self.zones: set[str] = set()

    def add(self, uid: str, when: When, where: Place, summary: str, description: str, link: str) -> None:
        """An entry (VEVENT): all day, or at the festival's local times (its zone's); at its venue and city."""
        lines = self.lines
        lines += ("BEGIN:VEVENT", "SUMMARY:" + escape_text(summary))
        if when.start is None:  # all day (RFC 5545: DTEND is the day after the last)
            lines += ("DTSTART;VALUE=DATE:" + _date(when.date),
                      "DTEND;VALUE=DATE:" + _date((when.last or when.date) + _DAY))
        else:
            tzid, suffix = _time_zone(where.zone)
            zone = f";TZID={tzid}:" if tzid else ":"  # (an IANA name never needs quotes: no , ; or :)
            start = dt.datetime.combine(when.date, when.start, None)  # (the festival's local time, as written)
            lines.append("DTSTART" + zone + _datetime(start) + suffix)
            if when.end is not None:
                end = dt.datetime.combine(when.date, when.end, None)
                lines.append("DTEND" + zone + _datetime(end if end > start else end + _DAY) + suffix)
            if tzid:
                self.zones.add(tzid)
        lines += ("DTSTAMP:" + self.stamp, "UID:" + escape_text(f"{uid}@{UID_DOMAIN}"))
        if description:
            lines.append("DESCRIPTION:" + escape_text(description))
        place = ", ".join(str(x) for x in (where.venue, where.city) if x)  # (str: the venue in this language)
        if place:
            lines.append("LOCATION:" + escape_text(place))
        if link:
            if "\r" in link or "\n" in link:  # a URI is no TEXT: a line break in it would end its line
                raise ValueError(f"a line break in a calendar entry's link: {link!r}")
            lines.append("URL:" + link)
        lines.append("END:VEVENT")
        self.days.append(when.date)

    def to_bytes(self) -> bytes:
        """The feed as written, with a VTIMEZONE for each zone it names (in order of name), over its entries'
        years, before the entries."""
        refresh = _duration(REFRESH)
        head = ["BEGIN:VCALENDAR", "VERSION:" + escape_text("2.0"), "PRODID:" + escape_text(PRODID),
                "CALSCALE:" + escape_text("GREGORIAN"), "NAME:" + self.name,  # NAME: RFC 7986 §5.1
                "X-WR-CALNAME:" + self.name,  # the same, as older clients read it
                "REFRESH-INTERVAL;VALUE=DURATION:" + refresh,
                "X-PUBLISHED-TTL:" + refresh]  # the same, as older clients read it
        zones = b""
        if self.zones:
            first, last = dt.date(min(self.days).year, 1, 1), dt.date(max(self.days).year + 1, 1, 1)
            zones = b"".join(_zone(tzid, first, last) for tzid in sorted(self.zones))
        return _content(head) + zones + _content(self.lines) + b"END:VCALENDAR\r\n"


_DAY = dt.timedelta(days=1)


def _stamp(updated: str) -> str:
    """DTSTAMP: the data's latest day, at midnight UTC."""
    return _date(dt.date.fromisoformat(updated)) + "T000000Z"


def _date(day: dt.date) -> str:
    """A DATE (RFC 5545 §3.3.4): 20240302."""
    return f"{day.year:04}{day.month:02}{day.day:02}"


def _datetime(moment: dt.datetime) -> str:
    """A DATE-TIME's date and time (RFC 5545 §3.3.5), without its zone: 20240302T100000."""
    return f"{moment.year:04}{moment.month:02}{moment.day:02}T{moment.hour:02}{moment.minute:02}{moment.second:02}"


def _duration(span: dt.timedelta) -> str:
    """A DURATION (RFC 5545 §3.3.6) as icalendar writes one: days, then hours, minutes and seconds, each left out
    when 0 (PT30M, P1D, P1DT2H)."""
    sign = "-" if span.days < 0 else ""
    span = abs(span)
    hours, minutes, seconds = span.seconds // 3600, span.seconds // 60 % 60, span.seconds % 60
    time = ""
    if span.seconds:
        time = ("T" + (f"{hours}H" if hours else "") + (f"{minutes}M" if minutes or (hours and seconds) else "")
                + (f"{seconds}S" if seconds else ""))
    return f"{sign}P{time}" if span.days == 0 and time else f"{sign}P{span.days}D{time}"


@functools.cache
def _time_zone(name: str) -> tuple[str, str]:
    """How the times of a festival in the zone `name` are written: the TZID they name and what follows each time.
    No zone: floating local times ("", ""). A zone icalendar counts as UTC (UTC itself, and the others that keep
    its time, such as Etc/GMT or Iceland): UTC's own form, a Z after each time and no TZID (RFC 5545 §3.2.19),
    hence no VTIMEZONE."""
    if not name:
        return "", ""
    tzid = tzid_from_tzinfo(ZoneInfo(name)) or name
    return ("", "Z") if tzid == "UTC" else (tzid, "")


@functools.cache
def _zone(tzid: str, first: dt.date, last: dt.date) -> bytes:
    """The VTIMEZONE of an IANA zone between two days as written, made once (every player's feed of a festival
    needs it)."""
    data: bytes = Timezone.from_tzid(tzid, first_date=first, last_date=last).to_ical()
    return data


# RFC 5545 §3.1: a content line SHOULD NOT be longer than 75 octets; a longer one is folded: a line break and a
# space go in between two characters. A line is folded where its next character would bring it to 75 octets (as
# icalendar folds it), never within a character's UTF-8 octets, nor right after a backslash or a caret: an escape
# (TEXT's backslash ones, RFC 6868's caret ones) stays on one line, for the clients that unfold badly.
_FOLD = 75


def _content(lines: list[str]) -> bytes:
    """Content lines as written: each folded, each ended by CR LF."""
    return b"".join(_fold(line.encode("utf-8")) + b"\r\n" for line in lines)


def _fold(line: bytes) -> bytes:
    """A content line (UTF-8) as written: folded where it is too long."""
    if len(line) < _FOLD:
        return line
    parts = []
    start = 0
    while len(line) - start >= _FOLD:
        cut = start + _FOLD - 1
        while line[cut] & 0xC0 == 0x80:  # within a character: fold before it
            cut -= 1
        if line[cut - 1] in b"\\^":  # an escape's first character begins the next part
            cut -= 1
        parts.append(line[start:cut])
        start = cut
    parts.append(line[start:])
    return b"\r\n ".join(parts)


def _session_summary(s: Session) -> str:
    title = s.title or (_text("round", number=s.round) if s.round is not None else "")
    return TEXT["session"].format(event=s.event.name, title=title) if s.event is not None else title


def _session_text(s: Session, players: Mapping[PlayerId, Player]) -> str:
    lines = [_text("with", people=", ".join(players[p].name for p in s.people))] if s.people else []
    return "\n".join([*lines, *([str(s.note)] if s.note else [])])  # (str: an organizer's note in this language)


def _game_summary(x: Shown) -> str:
    return _text("game", event=x.short, round=x.round, board=x.board, opponent=x.opponent)


def _game_text(x: Shown) -> str:
    lines = [TEXT["event_of"].format(event=x.event, festival=x.festival)]
    if x.match is not None:
        lines.append(_text("match", ours=x.match[0], theirs=x.match[1], board=x.board))
    if x.colour in ("sente", "gote"):
        lines.append(_text(x.colour))
    if x.gives is not None:
        lines.append(_text("gives" if x.gives else "receives", code=x.handicap))
    if x.outcome is not Outcome.PENDING:
        lines.append(_text("result", outcome=outcome_word(x.outcome)))
    return "\n".join(lines)
