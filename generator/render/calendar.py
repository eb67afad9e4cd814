"""The calendar feeds (iCalendar, RFC 5545) that pipeline/calendar.py fills: the festival's programme
(<festival>/programme.ics) and each player's games (players/<id>.ics), in the festival's time zone when
festival.yaml names one (else floating local times). Every text a reader of a feed sees is in TEXT, and every
TEXT value (RFC 5545 §3.3.11: the calendar's names, each entry's summary, place and description, the UIDs) is
escaped by one function, escape_text.

The same data gives the same bytes: UIDs are made of the data's ids, and DTSTAMP is the data's latest day (the
site's `updated`), never the clock. The feeds are in the site's language: TEXT and LINKS are marked for translation
and translated where they are used."""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
import zoneinfo
from importlib import resources
from pathlib import Path
from collections.abc import Mapping
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

from icalendar import Calendar, Component, Timezone, vDuration, vText
from markupsafe import Markup
from icalendar import Event as VEvent

from ..messages import N_
from ..model import Festival, Outcome, Player, PlayerId
from ..pipeline.calendar import Entry, Seat, Session, When, player_feeds, programme
from .i18n import _
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
    for pid, feed in sorted(player_feeds(loaded).items()):
        out.update(player_file(loaded, pid, feed, updated, site_url))
    return out


def programme_file(loaded: Loaded, festival: Festival, updated: str, site_url: str = "") -> dict[str, bytes]:
    """The festival's programme feed, by path (none without a programme)."""
    items = programme(festival)
    if not items:
        return {}
    cal = _calendar(_text("programme", festival=festival.name))
    for s in items:
        _add(cal, s.uid, s.when, s.festival, _session_summary(s), _session_text(s, loaded.data.players),
             _stamp(updated),
             site_url and site_url.rstrip("/") + "/" + url(f"{festival.id}/programme.md", "index.md"))
    return {programme_path(festival): _bytes(cal)}


def player_file(loaded: Loaded, pid: PlayerId, feed: list[Seat | Entry], updated: str,
                site_url: str = "") -> dict[str, bytes]:
    """A player's feed (player_feeds gives what it holds), by path."""
    players = loaded.data.players
    cal = _calendar(_text("player", player=players[pid].name))
    page = site_url and site_url.rstrip("/") + "/" + url(player_page(pid), "index.md")
    stamp = _stamp(updated)
    for x in feed:
        if isinstance(x, Seat):
            _add(cal, x.uid, x.when, x.festival, _game_summary(x, players), _game_text(x), stamp, page)
        else:
            _add(cal, x.uid, x.when, x.festival, TEXT["entered"].format(event=x.event.name),
                 TEXT["event_of"].format(event=x.event.name, festival=x.festival.name), stamp, page)
    return {player_path(pid): _bytes(cal)}


def _stamp(updated: str) -> dt.datetime:
    return dt.datetime.combine(dt.date.fromisoformat(updated), dt.time(), dt.UTC)


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
_ESCAPES = str.maketrans({"\\": "\\\\", ";": "\\;", ",": "\\,", "\n": "\\n",
                          **{chr(c): "" for c in (*range(0x20), 0x7F) if chr(c) not in "\t\n"}})


def escape_text(value: str) -> str:
    """A TEXT value as a feed writes it (RFC 5545 §3.3.11); a line break (CR LF, CR or LF) as \\n."""
    return value.replace("\r\n", "\n").replace("\r", "\n").translate(_ESCAPES)


class _Text(vText):
    """A TEXT value, escaped by escape_text (icalendar's own escaping reads a backslash and N as a line break)."""

    def to_ical(self) -> bytes:
        return escape_text(self).encode("utf-8")


def _add_text(component: Component, name: str, value: str) -> None:
    """A property of type TEXT: every one goes through here."""
    component.add(name, _Text(value))


def _calendar(name: str) -> Calendar:
    cal = Calendar()
    _add_text(cal, "version", "2.0")
    _add_text(cal, "prodid", PRODID)
    _add_text(cal, "calscale", "GREGORIAN")
    _add_text(cal, "name", name)  # RFC 7986 §5.1
    _add_text(cal, "x-wr-calname", name)  # the same, as older clients read it
    cal.add("refresh-interval", REFRESH, parameters={"VALUE": "DURATION"})
    cal.add("x-published-ttl", vDuration(REFRESH))  # the same, as older clients read it
    return cal


def _add(cal: Calendar, uid: str, when: When, festival: Festival, summary: str, description: str,
         stamp: dt.datetime, link: str) -> None:
    event = VEvent()
    _add_text(event, "uid", f"{uid}@{UID_DOMAIN}")
    event.add("dtstamp", stamp)
    zone = ZoneInfo(festival.timezone) if festival.timezone else None
    if when.start is None:  # all day (RFC 5545: DTEND is the day after the last)
        event.add("dtstart", when.date)
        event.add("dtend", (when.last or when.date) + dt.timedelta(days=1))
    else:
        start = dt.datetime.combine(when.date, when.start, zone)
        event.add("dtstart", start)
        if when.end is not None:
            end = dt.datetime.combine(when.date, when.end, zone)
            event.add("dtend", end if end > start else end + dt.timedelta(days=1))
    _add_text(event, "summary", summary)
    where = ", ".join(str(x) for x in (festival.venue, festival.city) if x)  # (str: the venue in this language)
    if where:
        _add_text(event, "location", where)
    if description:
        _add_text(event, "description", description)
    if link:
        event.add("url", link)
    cal.add_component(event)


def _bytes(cal: Calendar) -> bytes:
    """The feed as written, with a VTIMEZONE for each zone it names (in order of name), over its events' years."""
    starts = [c.decoded("dtstart") for c in cal.walk("VEVENT")]
    days = [d.date() if isinstance(d, dt.datetime) else d for d in starts]
    if days:
        span = (dt.date(min(days).year, 1, 1), dt.date(max(days).year + 1, 1, 1))
        cal.subcomponents[:0] = [_zone(tzid, *span) for tzid in sorted(cal.get_missing_tzids())]
    data: bytes = cal.to_ical()
    return data


@functools.cache
def _zone(tzid: str, first: dt.date, last: dt.date) -> Timezone:
    """The VTIMEZONE of an IANA zone between two days, made once (every player's feed of a festival needs it)."""
    return Timezone.from_tzid(tzid, first_date=first, last_date=last)


def _session_summary(s: Session) -> str:
    title = s.title or (_text("round", number=s.round) if s.round is not None else "")
    return TEXT["session"].format(event=s.event.name, title=title) if s.event is not None else title


def _session_text(s: Session, players: Mapping[PlayerId, Player]) -> str:
    lines = [_text("with", people=", ".join(players[p].name for p in s.people))] if s.people else []
    return "\n".join([*lines, *([str(s.note)] if s.note else [])])  # (str: an organizer's note in this language)


def _game_summary(x: Seat, players: Mapping[PlayerId, Player]) -> str:
    return _text("game", event=x.event.short, round=x.round, board=x.board, opponent=players[x.opponent].name)


def _game_text(x: Seat) -> str:
    lines = [TEXT["event_of"].format(event=x.event.name, festival=x.festival.name)]
    if x.match is not None:
        lines.append(_text("match", ours=x.match[0], theirs=x.match[1], board=x.board))
    if x.colour in ("sente", "gote"):
        lines.append(_text(x.colour))
    if x.gives is not None:
        lines.append(_text("gives" if x.gives else "receives", code=x.handicap))
    if x.outcome is not Outcome.PENDING:
        lines.append(_text("result", outcome=outcome_word(x.outcome)))
    return "\n".join(lines)
