"""The calendar feeds: each festival's programme (<festival>/programme.ics) and each player's games
(players/<id>.ics) are iCalendar files (RFC 5545) that parse, hold the paired games at the times the round files
give, in the festival's time zone when festival.yaml names one (floating local times without), and are linked
from the programme and player pages."""

from __future__ import annotations

import datetime as dt
import re
import shutil
from pathlib import Path
from zoneinfo import ZoneInfo

import icalendar
import pytest

from generator.render.site import render_site

from .conftest import DEMO, MINI, Writer, load_clean, problems

AMSTERDAM = ZoneInfo("Europe/Amsterdam")
UTC = dt.UTC


def check_rfc5545(data: bytes) -> icalendar.Calendar:
    """The basics of RFC 5545, checked on the bytes and through icalendar's parser: lines end in CRLF and have at
    most 75 octets, never splitting a character; a folded line goes on with a space; VERSION 2.0 and a PRODID;
    every VEVENT has one UID (unique in the file), DTSTAMP, DTSTART and SUMMARY; nothing the parser rejects."""
    assert data.startswith(b"BEGIN:VCALENDAR\r\n") and data.endswith(b"END:VCALENDAR\r\n")
    lines = data.split(b"\r\n")[:-1]
    assert b"\n" not in b"".join(lines) and b"\r" not in b"".join(lines)
    for line in lines:
        assert len(line) <= 75, line
        line.decode("utf-8")  # a multi-octet character is never split across two lines
    unfolded = data.replace(b"\r\n ", b"").decode("utf-8").split("\r\n")[:-1]
    assert all(re.match(r"[A-Z][A-Z0-9-]*[;:]", line) for line in unfolded), "a line that is no property"
    cal = icalendar.Calendar.from_ical(data)
    assert [c.name for c in cal.walk() if c.errors] == []
    assert unfolded.count("VERSION:2.0") == 1
    assert sum(line.startswith("PRODID:") for line in unfolded) == 1 and cal["PRODID"]
    uids = []
    for event in cal.walk("VEVENT"):
        for key in ("UID", "DTSTAMP", "DTSTART", "SUMMARY"):
            assert key in event and not isinstance(event[key], list), (key, event)
        uids.append(str(event["UID"]))
    assert len(uids) == len(set(uids))
    return cal


def by_uid(cal: icalendar.Calendar) -> dict[str, icalendar.Event]:
    return {str(e["UID"]).removesuffix("@banzuke"): e for e in cal.walk("VEVENT")}


def start(event: icalendar.Event) -> dt.date:
    value: dt.date = event.decoded("DTSTART")
    return value


def end(event: icalendar.Event) -> dt.date:
    value: dt.date = event.decoded("DTEND")
    return value


def lines(event: icalendar.Event) -> list[str]:
    return str(event.get("DESCRIPTION", "")).split("\n")


@pytest.fixture
def mini_copy(tmp_path: Path) -> Writer:
    return Writer(MINI, tmp_path)


def with_zone(copy: Writer, zone: str = "Europe/Amsterdam") -> None:
    """The mini festival in Leiden's time zone, at a venue, with two items of its own in the programme."""
    festival = (copy.root / "cup" / "festival.yaml").read_text(encoding="utf-8")
    copy("cup/festival.yaml", festival + f"timezone: {zone}\nvenue: Town hall\nprogramme:\n"
         '  - {date: 2024-03-02, time: "20:00-22:30", title: "Lesson: shogi in Europe, with Tomáš Novák, Jiří '
         'Dvořák and the ☗☖ diagrams of every opening", people: [clark-cy], note: free of charge}\n'
         '  - {date: 2024-03-02, time: "23:30-00:30", title: Night blitz}\n')


def feeds(root: Path, site_url: str = "") -> dict[str, bytes]:
    site = render_site(load_clean(root), site_url)
    return {path: content for path, content in site.files.items()
            if path.endswith(".ics") and isinstance(content, bytes)}


def test_players_feeds_hold_their_paired_games_in_the_festival_time_zone(mini_copy):
    with_zone(mini_copy)
    files = feeds(mini_copy.root)
    # Every entrant of the Open has a feed, and the festival its programme.
    assert set(files) == {"cup/programme.ics", *(f"players/{p}.ics" for p in (
        "adams-amy", "baker-ben", "clark-cy", "dean-dora", "evil"))}
    amy = check_rfc5545(files["players/adams-amy.ics"])
    games = by_uid(amy)
    # Her entry (the Open, 2-3 March: DTEND the day after the last) and her three games: round 1 against Baker
    # (board 1, first named: sente, gives B), round 2 against evil (board 1, second named: gote), round 3
    # against Dean (board 1, sente; no time in round-3.yaml: all day on 3 March).
    assert set(games) == {"cup/open/adams-amy", "cup/open/round-1/adams-amy", "cup/open/round-2/adams-amy",
                          "cup/open/round-3/adams-amy"}
    entry = games["cup/open/adams-amy"]
    assert (start(entry), end(entry)) == (dt.date(2024, 3, 2), dt.date(2024, 3, 4))
    r1 = games["cup/open/round-1/adams-amy"]
    assert start(r1) == dt.datetime(2024, 3, 2, 10, 0, tzinfo=AMSTERDAM)
    # 10:00 in Leiden on 2 March 2024 is CET (UTC+1; summer time begins on 31 March): 09:00 UTC.
    assert start(r1).astimezone(UTC) == dt.datetime(2024, 3, 2, 9, 0, tzinfo=UTC)
    assert r1["DTSTART"].params["TZID"] == "Europe/Amsterdam"
    assert str(r1["SUMMARY"]) == "Open, round 1: board 1 against Baker, Ben"
    assert str(r1["LOCATION"]) == "Town hall, Leiden"
    assert {"Sente (☗)", "Gives B", "Result: win"} <= set(lines(r1))
    r2 = games["cup/open/round-2/adams-amy"]
    assert start(r2).astimezone(UTC) == dt.datetime(2024, 3, 2, 13, 0, tzinfo=UTC)  # 14:00 CET
    assert str(r2["SUMMARY"]) == "Open, round 2: board 1 against <script>alert(1)</script>, *Eve* | [x](y)"
    assert "Gote (☖)" in lines(r2) and not any(x.startswith(("Gives", "Receives")) for x in lines(r2))
    r3 = games["cup/open/round-3/adams-amy"]
    assert (start(r3), end(r3)) == (dt.date(2024, 3, 3), dt.date(2024, 3, 4))
    assert str(r3["SUMMARY"]) == "Open, round 3: board 1 against Dean, Dora"
    # One VTIMEZONE, Amsterdam's, for the TZID the games name.
    assert [str(z["TZID"]) for z in amy.walk("VTIMEZONE")] == ["Europe/Amsterdam"]
    # DTSTAMP: the data's latest day (round 3, 3 March), never the clock.
    assert {e.decoded("DTSTAMP") for e in amy.walk("VEVENT")} == {dt.datetime(2024, 3, 3, tzinfo=UTC)}

    ben = by_uid(check_rfc5545(files["players/baker-ben.ics"]))
    # Round 1: second named against Adams (gote, receives B); round 2: board 2, first named against Clark
    # (sente), at 14:00; round 3: a bye, no game.
    assert set(ben) == {"cup/open/baker-ben", "cup/open/round-1/baker-ben", "cup/open/round-2/baker-ben"}
    assert {"Gote (☖)", "Receives B", "Result: loss"} <= set(lines(ben["cup/open/round-1/baker-ben"]))
    assert str(ben["cup/open/round-2/baker-ben"]["SUMMARY"]) == "Open, round 2: board 2 against Clark, Cy"
    assert start(ben["cup/open/round-2/baker-ben"]) == dt.datetime(2024, 3, 2, 14, 0, tzinfo=AMSTERDAM)
    dora = by_uid(check_rfc5545(files["players/dean-dora.ics"]))
    assert "cup/open/round-2/dean-dora" not in dora  # absent in round 2


def test_the_programme_feed_holds_the_rounds_and_the_festival_items(mini_copy):
    with_zone(mini_copy)
    cal = check_rfc5545(feeds(mini_copy.root)["cup/programme.ics"])
    items = by_uid(cal)
    assert set(items) == {"cup/open/round-1", "cup/open/round-2", "cup/open/round-3", "cup/programme-1",
                          "cup/programme-2"}
    assert str(items["cup/open/round-1"]["SUMMARY"]) == "Test Open: Round 1"
    assert start(items["cup/open/round-2"]) == dt.datetime(2024, 3, 2, 14, 0, tzinfo=AMSTERDAM)
    assert start(items["cup/open/round-3"]) == dt.date(2024, 3, 3)  # no time: all day
    lesson = items["cup/programme-1"]
    assert (start(lesson), end(lesson)) == (dt.datetime(2024, 3, 2, 20, 0, tzinfo=AMSTERDAM),
                                            dt.datetime(2024, 3, 2, 22, 30, tzinfo=AMSTERDAM))
    assert lines(lesson) == ["With Clark, Cy", "free of charge"]
    assert "Tomáš Novák, Jiří Dvořák" in str(lesson["SUMMARY"])
    blitz = items["cup/programme-2"]  # 23:30-00:30: it ends after midnight, on the next day
    assert end(blitz) == dt.datetime(2024, 3, 3, 0, 30, tzinfo=AMSTERDAM)
    assert str(cal["X-WR-CALNAME"]) == "Test Cup: programme"
    # The long title is folded: more physical lines than properties.
    data = feeds(mini_copy.root)["cup/programme.ics"]
    assert b"\r\n " in data


def test_without_a_time_zone_the_times_float(mini):
    files = {p: c for p, c in render_site(mini).files.items() if p.endswith(".ics")}
    assert isinstance(files["players/adams-amy.ics"], bytes)
    cal = check_rfc5545(files["players/adams-amy.ics"])
    r1 = by_uid(cal)["cup/open/round-1/adams-amy"]
    assert start(r1) == dt.datetime(2024, 3, 2, 10, 0)  # naive: 10:00 wherever the reader is
    assert "TZID" not in r1["DTSTART"].params
    assert cal.walk("VTIMEZONE") == []
    assert b"TZID" not in files["players/adams-amy.ics"]


def test_a_round_without_a_day_is_left_out_unless_the_event_has_one_day(mini_copy):
    round3 = (mini_copy.root / "cup/open/round-3.yaml").read_text(encoding="utf-8")
    mini_copy("cup/open/round-3.yaml", round3.replace("date: 2024-03-03\n", ""))
    # The Open is played on 2 and 3 March: round 3's day is not known, so it is in nobody's feed.
    amy = by_uid(check_rfc5545(feeds(mini_copy.root)["players/adams-amy.ics"]))
    assert "cup/open/round-3/adams-amy" not in amy and "cup/open/round-2/adams-amy" in amy
    # Played on one day (2 March), its rounds are on that day: round 3 all day on 2 March.
    event = (mini_copy.root / "cup/open/event.yaml").read_text(encoding="utf-8")
    mini_copy("cup/open/event.yaml", event.replace("end: 2024-03-03", "end: 2024-03-02"))
    festival = (mini_copy.root / "cup/festival.yaml").read_text(encoding="utf-8")
    mini_copy("cup/festival.yaml", festival.replace("end: 2024-03-03", "end: 2024-03-02"))
    amy = by_uid(check_rfc5545(feeds(mini_copy.root)["players/adams-amy.ics"]))
    assert start(amy["cup/open/round-3/adams-amy"]) == dt.date(2024, 3, 2)


def test_the_same_data_gives_the_same_bytes(mini_copy):
    with_zone(mini_copy)
    assert feeds(mini_copy.root) == feeds(mini_copy.root)


def test_an_unknown_time_zone_is_a_located_error_with_a_suggestion(mini_copy):
    with_zone(mini_copy, "Europe/Amsterdan")
    errors, _ = problems(mini_copy.root)
    assert len(errors) == 1
    assert re.search(r"cup/festival\.yaml:7:11: error: unknown time zone 'Europe/Amsterdan' "
                     r"\(did you mean 'Europe/Amsterdam'\?\)", errors[0]), errors
    with_zone(Writer(MINI, mini_copy.root.parent / "b"), "amsterdam")
    errors, _ = problems(mini_copy.root.parent / "b" / "data")
    assert "(did you mean 'Europe/Amsterdam'?)" in errors[0]


def test_team_games_name_the_match_and_the_board_within_it(tmp_path):
    root = tmp_path / "data"
    root.mkdir()
    shutil.copy(DEMO / "players.yaml", root)
    shutil.copytree(DEMO / "2000-mso-shogi", root / "2000-mso-shogi")
    jan = by_uid(check_rfc5545(feeds(root)["players/bakker-jan.ics"]))
    # Round 1 of the team match (round-1.yaml, 2000-08-23 at 10:00): Japan – Team B has three boards, then
    # Netherlands – Team C, whose second board is Bakker against Kowalski with L (the round's 5th board).
    r1 = jan["2000-mso-shogi/team-match/round-1/bakker-jan"]
    assert str(r1["SUMMARY"]) == "Team Match, round 1: board 2 against Kowalski, Adam"
    assert start(r1) == dt.datetime(2000, 8, 23, 10, 0, tzinfo=ZoneInfo("Europe/London"))  # the demo's zone
    assert start(r1).astimezone(UTC) == dt.datetime(2000, 8, 23, 9, 0, tzinfo=UTC)  # BST, UTC+1 in August
    assert {"Netherlands – Team C, board 2", "Gives L"} <= set(lines(r1))
    assert str(r1["LOCATION"]) == "Alexandra Palace, London"


def test_subscribe_links_on_the_programme_and_player_pages(mini):
    site = render_site(mini)
    assert '<a href="../programme.ics">Subscribe to the programme</a>' in site.pages["cup/programme.md"].html
    assert '<a href="../adams-amy.ics">Subscribe to these games</a>' in site.pages["players/adams-amy.md"].html
    # Where the site's address is known, the link subscribes (webcal:), and the file is linked beside it.
    site = render_site(mini, "https://shogi.example.org/results/")
    page = site.pages["players/adams-amy.md"].html
    assert '<a href="webcal://shogi.example.org/results/players/adams-amy.ics">Subscribe' in page
    assert '<a href="../adams-amy.ics">the file</a>' in page
    cal = icalendar.Calendar.from_ical(site.files["players/adams-amy.ics"])
    assert {str(e["URL"]) for e in cal.walk("VEVENT")} == {"https://shogi.example.org/results/players/adams-amy/"}


def test_the_built_demo_links_every_feed_and_every_feed_is_valid(demo_build):
    """Site-wide: every .ics of the built demo checks; each programme page links its festival's feed, each player
    page with a feed links its own; a player's feed holds the festivals of the data's last year (the demo's last
    festival ends on 26 August 2012: the 2012 Oware festival alone)."""
    site, result = demo_build
    assert result.returncode == 0, result.stderr
    written = sorted(p.relative_to(site).as_posix() for p in site.rglob("*.ics"))
    for path in written:
        check_rfc5545((site / path).read_bytes())
    programmes = list(site.glob("*/programme/index.html"))
    assert len(programmes) >= 3  # the demo's festivals with a timetable (MSO 2000, 2009, 2012 at least)
    for programme in programmes:
        assert 'href="../programme.ics"' in programme.read_text(encoding="utf-8")
        assert f"{programme.parent.parent.name}/programme.ics" in written
    linked = []
    for page in (site / "players").glob("*/index.html"):
        found = re.findall(r'href="([^"]+\.ics)"', page.read_text(encoding="utf-8"))
        if found:
            assert found == [f"../{page.parent.name}.ics"]
            linked.append(f"players/{page.parent.name}.ics")
    assert sorted(linked) == [p for p in written if p.startswith("players/")]
    oware = load_clean(DEMO).data
    entrants = {r.id for f in oware.festivals if f.id == "2012-mso-oware" for e in f.events for r in e.entrants}
    assert entrants and sorted(linked) == sorted(f"players/{pid}.ics" for pid in entrants)
    # The demo's festivals are in London (timezone: Europe/London): 23-27 August 2000 are in summer time, BST.
    mso = icalendar.Calendar.from_ical((site / "2000-mso-shogi/programme.ics").read_bytes())
    assert [str(z["TZID"]) for z in mso.walk("VTIMEZONE")] == ["Europe/London"]
    timed = [e.decoded("DTSTART") for e in mso.walk("VEVENT") if isinstance(e.decoded("DTSTART"), dt.datetime)]
    assert timed and {t.utcoffset() for t in timed} == {dt.timedelta(hours=1)}
