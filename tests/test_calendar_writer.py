"""The calendar feeds' own writer (render/calendar.py writes each feed line by line): for every kind of feed it
writes the bytes icalendar's writer gives for the same calendar, built here with icalendar's Calendar and Event as
a second, independent writer: the order of the properties, the form of dates, times, zones and durations, the
VTIMEZONEs, and the folding of long lines (at 75 octets, never within a character nor right after a backslash).
A few small feeds are also checked against lines worked out by hand from RFC 5545."""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass
from zoneinfo import ZoneInfo

import icalendar
import pytest
from icalendar import Calendar, Timezone, vDuration, vText
from icalendar import Event as VEvent

from generator.messages import Texts
from generator.model import Festival, Location
from generator.pipeline.calendar import When
from generator.render import calendar
from generator.render.i18n import speaking

from .conftest import MINI, Writer, load_clean
from .test_calendar import check_rfc5545, with_zone

UPDATED = "2024-03-03"
HERE = Location("test")
FLOATING = Festival("cup", "Test Cup", HERE, city="Leiden")
BARE = Festival("club", "Club", HERE)  # no place: no LOCATION
AMSTERDAM = Festival("ams", "Amsterdam Open", HERE, city="Amsterdam", venue="Town hall, room 3; annex",
                     timezone="Europe/Amsterdam")
TOKYO = Festival("tokyo", "東京将棋祭り", HERE, city="東京", venue="将棋会館", timezone="Asia/Tokyo")
REYKJAVIK = Festival("rey", "Reykjavik", HERE, city="Reykjavik", timezone="Atlantic/Reykjavik")  # UTC's time
UTC = Festival("utc", "UTC Cup", HERE, timezone="UTC")
ZONES = (FLOATING, BARE, AMSTERDAM, TOKYO, REYKJAVIK, UTC,
         Festival("ba", "Buenos Aires", HERE, timezone="America/Argentina/Buenos_Aires"),
         Festival("gmt", "GMT", HERE, timezone="Etc/GMT"))
DAY = dt.date(2024, 3, 2)
LINK = "https://results.example.org/players/adams-amy/"


@dataclass(frozen=True)
class Item:
    """One entry of a feed, as render/calendar.py's programme_file and player_file give it to the writer."""

    uid: str
    when: When
    festival: Festival
    summary: str
    description: str = ""
    link: str = ""


def text(value: str) -> str:
    """RFC 5545 §3.3.11, character by character: a backslash, semicolon and comma escaped, a line break (CR LF, CR
    or LF) as \\n, every other control character but the tab dropped (a second way to write what escape_text
    writes)."""
    out = []
    for char in value.replace("\r\n", "\n").replace("\r", "\n"):
        if char in "\\;,":
            out.append("\\" + char)
        elif char == "\n":
            out.append("\\n")
        elif char == "\t" or (ord(char) >= 0x20 and char != "\x7f"):
            out.append(char)
    return "".join(out)


class Text(vText):
    """A TEXT value as a feed escapes it (icalendar's own escaping reads a backslash and N as a line break)."""

    def to_ical(self) -> bytes:
        return text(self).encode("utf-8")


def reference(name: str, items: list[Item], updated: str = UPDATED) -> bytes:
    """The feed as icalendar's Calendar and Event write it."""
    cal = Calendar()
    for key, value in (("version", "2.0"), ("prodid", calendar.PRODID), ("calscale", "GREGORIAN"), ("name", name),
                       ("x-wr-calname", name)):
        cal.add(key, Text(value))
    cal.add("refresh-interval", calendar.REFRESH, parameters={"VALUE": "DURATION"})
    cal.add("x-published-ttl", vDuration(calendar.REFRESH))
    stamp = dt.datetime.combine(dt.date.fromisoformat(updated), dt.time(), dt.UTC)
    for item in items:
        event = VEvent()
        event.add("uid", Text(f"{item.uid}@banzuke"))
        event.add("dtstamp", stamp)
        zone = ZoneInfo(item.festival.timezone) if item.festival.timezone else None
        when = item.when
        if when.start is None:
            event.add("dtstart", when.date)
            event.add("dtend", (when.last or when.date) + dt.timedelta(days=1))
        else:
            start = dt.datetime.combine(when.date, when.start, zone)
            event.add("dtstart", start)
            if when.end is not None:
                end = dt.datetime.combine(when.date, when.end, zone)
                event.add("dtend", end if end > start else end + dt.timedelta(days=1))
        event.add("summary", Text(item.summary))
        where = ", ".join(str(x) for x in (item.festival.venue, item.festival.city) if x)
        if where:
            event.add("location", Text(where))
        if item.description:
            event.add("description", Text(item.description))
        if item.link:
            event.add("url", item.link)
        cal.add_component(event)
    if items:
        days = [item.when.date for item in items]
        first, last = dt.date(min(days).year, 1, 1), dt.date(max(days).year + 1, 1, 1)
        cal.subcomponents[:0] = [Timezone.from_tzid(tzid, first_date=first, last_date=last)
                                 for tzid in sorted(cal.get_missing_tzids())]
    data: bytes = cal.to_ical()
    return data


def written(name: str, items: list[Item], updated: str = UPDATED) -> bytes:
    """The feed as render/calendar.py writes it."""
    feed = calendar._Feed(name, updated)
    for item in items:
        feed.add(item.uid, item.when, calendar.Place.of(item.festival), item.summary, item.description, item.link)
    return feed.to_bytes()


def at(hour: int, minute: int = 0) -> dt.time:
    return dt.time(hour, minute)


LONG = ("Lesson: shogi in Europe, with Tomáš Novák, Jiří Dvořák and the ☗☖ diagrams of every opening; "
        "C:\\New\\notes; a, b, c. ") * 4
JAPANESE = "将棋の定跡を学ぶ講座です（初心者歓迎）。" * 6
EMOJI = "🎌♟️🏆" * 20
CYRILLIC = "Лекция о сёги для начинающих, с разбором партий; " * 3

FEEDS: dict[str, tuple[str, list[Item]]] = {
    "empty": ("Adams, Amy: games", []),
    "all day, one day and several, no place": ("Club: programme", [
        Item("club/open/round-3", When(DAY), BARE, "Open: Round 3"),
        Item("club/open/amy", When(DAY, last=DAY + dt.timedelta(days=2)), BARE, "Open", "Open · Club"),
        Item("club/new-year", When(dt.date(2023, 12, 31)), BARE, "Across the year's end")]),
    "floating times": ("Test Cup: programme", [
        Item("cup/open/round-1", When(DAY, at(10)), FLOATING, "Test Open: Round 1"),
        Item("cup/lesson", When(DAY, at(20), at(22, 30)), FLOATING, "Lesson", "With Clark, Cy\nfree of charge"),
        Item("cup/blitz", When(DAY, at(23, 30), at(0, 30)), FLOATING, "Night blitz"),  # past midnight
        Item("cup/same", When(DAY, at(9), at(9)), FLOATING, "Ends when it starts: the next day"),
        Item("cup/entry", When(DAY, last=DAY + dt.timedelta(days=1)), FLOATING, "Open", "", LINK)]),
    "a zone": ("Amsterdam Open: programme", [
        Item("ams/open/round-1", When(DAY, at(10)), AMSTERDAM, "Open, round 1: board 1 against Baker, Ben",
             "Amsterdam Open · Amsterdam\nSente (☗)\nGives 2P\nResult: win", LINK),
        Item("ams/blitz", When(DAY, at(23, 30), at(0, 30)), AMSTERDAM, "Night blitz", "", LINK),
        Item("ams/dst", When(dt.date(2024, 3, 31), at(1, 30), at(3, 30)), AMSTERDAM, "Over the change of time"),
        Item("ams/all-day", When(DAY), AMSTERDAM, "All day", "", LINK)]),
    "two zones and no zone, over two years": ("Adams, Amy: games", [
        Item("tokyo/open/round-1", When(dt.date(2025, 1, 5), at(9, 30), at(12)), TOKYO, JAPANESE, JAPANESE, LINK),
        Item("ams/open/round-2", When(dt.date(2024, 6, 1), at(14)), AMSTERDAM, "Round 2", CYRILLIC, LINK),
        Item("cup/open/round-3", When(dt.date(2024, 3, 3), at(10)), FLOATING, "Round 3", "", LINK)]),
    "zones that keep UTC's time": ("Reykjavik: programme", [
        Item("rey/open/round-1", When(DAY, at(10), at(12)), REYKJAVIK, "Round 1"),
        Item("utc/open/round-1", When(DAY, at(23), at(1)), UTC, "Round 1"),
        Item("gmt/open/round-1", When(DAY, at(8)), ZONES[-1], "Round 1")]),
    "long and escaped texts": ("Tomáš Novák; \"Jiří\", \\Dvořák\\: games " * 3, [
        Item("cup/long", When(DAY, at(20), at(22, 30)), AMSTERDAM, LONG, LONG + "\r\n" + LONG + "\rend", LINK * 3),
        Item("cup/japanese", When(DAY), TOKYO, JAPANESE, JAPANESE + "\n" + EMOJI),
        Item("cup/emoji", When(DAY), FLOATING, EMOJI, CYRILLIC + "\n\n" + EMOJI),
        Item("cup/controls", When(DAY), FLOATING, "a\tb\x00c\x1bd\x7fe, f; g\\h", "\x01" * 80 + "x")]),
}


@pytest.mark.parametrize("case", FEEDS)
def test_the_writer_writes_what_icalendar_writes(case):
    name, items = FEEDS[case]
    data = written(name, items)
    assert data == reference(name, items)
    check_rfc5545(data)


def test_an_organizers_text_in_several_languages_is_the_readers():
    # A title, a venue and a note given in English and Dutch: a Dutch reader's feed shows the Dutch, an English
    # one's the English (the first given), and a German one's the first given too.
    title = Texts({"en": "Opening, in the hall", "nl": "Opening van het toernooi; in de zaal"})
    festival = Festival("cup", "Test Cup", HERE, city="Leiden", venue=Texts({"en": "Town hall", "nl": "Stadhuis"}))
    items = [Item("cup/programme-1", When(DAY, at(20)), festival, title, Texts({"en": "Free", "nl": "Gratis"}))]
    feeds = {}
    for code in ("en", "nl", "de"):
        with speaking(code):
            feeds[code] = written("Test Cup: programme", items)
            assert feeds[code] == reference("Test Cup: programme", items)
    assert b"SUMMARY:Opening van het toernooi\\; in de zaal\r\n" in feeds["nl"]
    assert b"LOCATION:Stadhuis\\, Leiden\r\n" in feeds["nl"]
    assert b"SUMMARY:Opening\\, in the hall\r\n" in feeds["en"] and feeds["de"] == feeds["en"]


def test_a_character_of_several_octets_at_every_place_of_a_fold():
    # Each character of two, three and four octets (Cyrillic, Japanese, an emoji) and a mix, after 0 to 4 ASCII
    # characters: the fold falls before, within (never: it moves before) and after each octet of a character.
    items = [Item(f"cup/{n}-{pad}", When(DAY), FLOATING, "a" * pad + chars * 40, "b" * pad + chars * 25)
             for n, chars in enumerate(("Ж", "将", "🎌", "Ж将🎌a", "☗☖"))
             for pad in range(5)]
    data = written("Folds", items)
    assert data == reference("Folds", items)
    check_rfc5545(data)


def test_an_escape_at_every_place_of_a_fold():
    # A backslash escape (\\ \; \, \n) and a caret with its first character at the last place of a line, and
    # around it: the escape is never split over two lines, in the first line or a folded one.
    items = [Item(f"cup/{n}-{pad}", When(DAY), FLOATING, "a" * pad + char + "b" * 90, "c" * (pad + 66) + char * 9,
                  LINK + "x" * pad + "^" * 3 + "y" * 80)
             for n, char in enumerate(("\\", ";", ",", "\n", "^", "将,"))
             for pad in range(60, 70)]
    data = written("Escapes", items)
    assert data == reference("Escapes", items)
    check_rfc5545(data)


def test_random_feeds():
    rng = random.Random(5545)
    alphabet = ["a", "b", " ", "\\", ",", ";", ":", "\n", "\r", "\r\n", "^", "\t", "\x01", "Ж", "将", "🎌", "é", '"']
    for n in range(60):
        items = []
        for k in range(rng.randrange(4)):
            start = at(rng.randrange(24), rng.choice((0, 30))) if rng.random() < 0.7 else None
            end = at(rng.randrange(24), rng.choice((0, 15))) if start and rng.random() < 0.7 else None
            day = dt.date(2024, 1, 1) + dt.timedelta(days=rng.randrange(500))
            last = day + dt.timedelta(days=rng.randrange(1, 4)) if start is None and rng.random() < 0.5 else None
            words = ["".join(rng.choices(alphabet, k=rng.randrange(200))) for _ in range(2)]
            items.append(Item(f"f/{n}/{k}", When(day, start, end, last), rng.choice(ZONES), *words,
                              rng.choice(("", LINK, LINK * 2))))
        name = "".join(rng.choices(alphabet, k=rng.randrange(100)))
        assert written(name, items) == reference(name, items), (name, items)


def test_escape_text_escapes_every_character_as_rfc_5545_asks():
    rng = random.Random(11)
    alphabet = [chr(c) for c in range(0x80)] + ["\r\n", "Ж", "将", "🎌", "\x85"]
    for _ in range(500):
        value = "".join(rng.choices(alphabet, k=rng.randrange(40)))
        assert calendar.escape_text(value) == text(value), value


def test_a_small_feed_as_worked_out_by_hand():
    # RFC 5545: lines end in CR LF (§3.1); the calendar's properties, then each event's; TEXT escapes a comma and
    # a semicolon with a backslash and writes a line break \n (§3.3.11); a DATE is YYYYMMDD (§3.3.4) and an event
    # all day ends the day after its last (§3.6.1); a local time with no zone is floating (§3.3.5, form 1); DTSTAMP
    # is in UTC (form 2, Z); a DURATION of 30 minutes is PT30M (§3.3.6). The order of the properties is
    # icalendar's: SUMMARY, DTSTART, DTEND, DTSTAMP, UID, then the others by name.
    items = [Item("cup/open/round-1/adams-amy", When(DAY, at(10), at(12, 30)), FLOATING, "Open; round 1",
                  "Line one\nLine two"),
             Item("cup/open/adams-amy", When(DAY, last=dt.date(2024, 3, 3)), BARE, "Open")]
    assert written("Adams, Amy: games", items) == (
        b"BEGIN:VCALENDAR\r\n"
        b"VERSION:2.0\r\n"
        b"PRODID:-//Banzuke//Festival results//EN\r\n"
        b"CALSCALE:GREGORIAN\r\n"
        b"NAME:Adams\\, Amy: games\r\n"
        b"X-WR-CALNAME:Adams\\, Amy: games\r\n"
        b"REFRESH-INTERVAL;VALUE=DURATION:PT30M\r\n"
        b"X-PUBLISHED-TTL:PT30M\r\n"
        b"BEGIN:VEVENT\r\n"
        b"SUMMARY:Open\\; round 1\r\n"
        b"DTSTART:20240302T100000\r\n"
        b"DTEND:20240302T123000\r\n"
        b"DTSTAMP:20240303T000000Z\r\n"
        b"UID:cup/open/round-1/adams-amy@banzuke\r\n"
        b"DESCRIPTION:Line one\\nLine two\r\n"
        b"LOCATION:Leiden\r\n"
        b"END:VEVENT\r\n"
        b"BEGIN:VEVENT\r\n"
        b"SUMMARY:Open\r\n"
        b"DTSTART;VALUE=DATE:20240302\r\n"
        b"DTEND;VALUE=DATE:20240304\r\n"
        b"DTSTAMP:20240303T000000Z\r\n"
        b"UID:cup/open/adams-amy@banzuke\r\n"
        b"END:VEVENT\r\n"
        b"END:VCALENDAR\r\n")


def event_lines(data: bytes) -> list[bytes]:
    return data[data.index(b"BEGIN:VEVENT"):data.rindex(b"END:VEVENT")].split(b"\r\n")


def test_zones_and_folds_as_worked_out_by_hand():
    # A time in a zone names it (§3.3.5, form 3: TZID=) and the zone's VTIMEZONE comes before the events; an end
    # before the start is the next day's. 30 characters of 3 octets after "SUMMARY:" (8 octets) are 98 octets:
    # 22 characters bring the line to 74 octets, the 23rd would bring it to 77, so the line folds before it
    # (§3.1: a CR LF and a space) and the other 8 follow. "SUMMARY:", 65 a's and "\," are 75 octets: the line
    # would reach 75 with the comma, and folds before the backslash, which begins the next line with its comma.
    items = [Item("ams/blitz", When(DAY, at(23, 30), at(0, 30)), AMSTERDAM, "あ" * 30),
             Item("ams/fold", When(DAY, at(9)), BARE, "a" * 65 + ",b")]
    data = written("Amsterdam", items)
    assert data.count(b"BEGIN:VTIMEZONE") == 1
    assert data.index(b"BEGIN:VTIMEZONE\r\nTZID:Europe/Amsterdam\r\n") < data.index(b"BEGIN:VEVENT")
    assert event_lines(data)[:4] == [b"BEGIN:VEVENT", ("SUMMARY:" + "あ" * 22).encode(), (" " + "あ" * 8).encode(),
                                     b"DTSTART;TZID=Europe/Amsterdam:20240302T233000"]
    assert b"\r\nDTEND;TZID=Europe/Amsterdam:20240303T003000\r\n" in data
    assert (b"\r\nSUMMARY:" + b"a" * 65 + b"\r\n \\,b\r\nDTSTART:20240302T090000\r\n") in data


def test_every_feed_of_a_festival_reads_back_as_icalendar_writes_it(tmp_path):
    # The feeds as the site writes them, in two languages: icalendar reads each and writes it again, byte for byte.
    copy = Writer(MINI, tmp_path)
    with_zone(copy)
    loaded = load_clean(copy.root)
    for code in ("en", "ja"):
        with speaking(code):
            feeds = calendar.files(loaded, UPDATED, "https://results.example.org/")
        assert len(feeds) == 6
        for path, data in feeds.items():
            assert icalendar.Calendar.from_ical(data).to_ical() == data, (code, path)
        assert b"BEGIN:VTIMEZONE" in feeds["players/adams-amy.ics"]
