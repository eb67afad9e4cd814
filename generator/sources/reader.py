"""Reads a data directory (players.yaml, festival folders, event folders, round files) into the model.

Layout:
    data/players.yaml                       the player registry
    data/<festival>/festival.yaml           name, city, dates, the order of its events
    data/<festival>/<event>/event.yaml      format, rounds, time control, tiebreaks, entrants
    data/<festival>/<event>/round-<n>.yaml  the games of round n
    data/<festival>/<event>/playoff.yaml    the games of a play-off for a shared first place
    data/<festival>/<event>/armies.yaml     Shuuro: each player's army list
    (an Oware event's round files also carry each game's seeds, and may carry its moves)

Only the shape of each file is checked here; how the files fit together is checked in validate.py.
"""

from __future__ import annotations

import datetime as dt
import functools
import re
import zoneinfo
from importlib import resources
from decimal import Decimal
from dataclasses import replace
from pathlib import Path

from ..diagnostics import Location, Report, display_path
from ..fesa.lisp import Struct
from ..fesa.lists import ENCODING, list_entries
from ..model import (DataSet, Festival, GrandPrixEvent, GrandPrixRules, Player, PrizeFund)
from . import common
from .site_names import taken_at_top, taken_in_festival, taken_in_list
from .common import SLUG
from .events import Registry, RoundReader, read_event
from .fesa_event import read_fesa_tournament
from .fields import Fields, as_str, suggest
from .yamltree import NOTE_LINE, Mapping, Scalar, load, read_bytes



def read_data(root: Path, report: Report, kinds: Registry, stop_at: tuple[str, int] | None = None,
              round_reader: RoundReader | None = None) -> DataSet:
    """Read everything, each event's own keys by its kind from `kinds` (the registry of generator/kinds, handed
    in by the pipeline). stop_at=(festival/event, n): leave out that event's round files from round n on (to pair
    round n again). `round_reader`: as read_event's."""
    players = read_players(root / "players.yaml", report)
    festivals = []
    if not root.is_dir():
        report.error(Location(display_path(root)), "the data directory does not exist",
                     "run from the repository's top folder or pass --data")
        return DataSet(players, ())
    imported: dict[str, Player] = {}
    for folder in sorted(p for p in root.iterdir() if p.is_dir() and not p.name.startswith(".")):
        if folder.is_symlink():
            report.error(Location(display_path(folder)), "this folder is a link to another place",
                         "festival folders must be real folders in the data folder")
            continue
        why = taken_at_top(folder.name)
        named_by = next((folder / f for f in ("festival.yaml", "turnering.txt") if (folder / f).exists()), None)
        if why is not None and named_by is not None:  # (located at the file that makes the folder a festival)
            report.error(Location(display_path(named_by), 1),
                         f"a festival folder cannot be called '{folder.name}': {why}",
                         "rename the folder, e.g. with the year first: 2024-" + folder.name)
            continue
        if (folder / "festival.yaml").exists():
            festival = read_festival(folder, report, kinds, stop_at, round_reader)
            if festival is not None:
                festivals.append(festival)
        elif (folder / "turnering.txt").exists():
            if not SLUG.match(folder.name):
                report.error(Location(display_path(folder)), f"folder name '{folder.name}' is not a simple id",
                             "rename it with lower-case letters, digits and hyphens, e.g. 2024-leiden-open")
            found = read_fesa_tournament(folder, {**players, **imported}, report)
            if found is not None:
                festivals.append(found[0])
                imported.update(found[1])
        else:
            report.warning(Location(display_path(folder)), "folder has no festival.yaml or turnering.txt and is "
                           "ignored", "add a festival.yaml, or move the folder out of data/")
    festivals.sort(key=lambda f: (f.start or dt.date.min, f.id))
    return DataSet({**players, **imported}, tuple(festivals))


def read_players(path: Path, report: Report) -> dict[str, Player]:
    shown = display_path(path)
    if not path.exists():
        report.error(Location(shown), "the player registry is missing", "create players.yaml")
        return {}
    tree = load(path, shown, report)
    top = Fields(tree, report, "players.yaml", Location(shown, 1))
    players: dict[str, Player] = {}
    if top.node is None:
        return players
    for key, value in top.node.items:
        pid = str(key.value)
        if not SLUG.match(pid):
            report.error(key.loc, f"player id '{pid}' is not a simple id",
                         "use lower-case letters, digits and single hyphens, e.g. takahashi-ken")
            continue
        if why := taken_in_list(pid, "players"):
            report.error(key.loc, f"player id '{pid}' is a name the site keeps for itself: {why}",
                         "give the player an id made of his names, e.g. takahashi-ken")
        f = Fields(value, report, f"player '{pid}'", key.loc)
        family = f.line("family", required=True)
        given = f.line("given") or ""
        country = common.country(f, "country", report, required=True)
        elo = f.integer("elo", minimum=0)
        fesa_games = f.integer("fesa_games", minimum=0)
        grade = common.grade(f, "grade", report)
        shogidojo = f.integer("shogidojo", minimum=0)
        claimed = common.grade(f, "claimed_grade", report)
        assessed, note = _assessed(f, report)
        born = f.date("born")
        fesa_name = _fesa_name(f, report)
        fesa_new = f.flag("fesa_new")
        residence = common.country(f, "residence", report) or ""
        last_rated = f.date("last_rated_game")
        grade_since = f.date("grade_since")
        grade_reliable = f.flag("grade_reliable") is not False
        estimated = common.grade(f, "estimated_grade", report)
        f.finish()
        # Registered even when a field is wrong (already reported), so that the id is not also "unknown".
        players[pid] = Player(pid, family or pid, given, country or "", key.loc, elo=elo, grade=grade, born=born,
                              fesa_name=fesa_name, fesa_new=fesa_new, shogidojo=shogidojo,
                              claimed_grade=claimed, assessed=assessed, assessed_note=note,
                              residence=residence, last_rated_game=last_rated, grade_since=grade_since,
                              grade_reliable=grade_reliable, estimated_grade=estimated, fesa_games=fesa_games)
    return players


def _assessed(f: Fields, report: Report) -> tuple[int | None, str]:
    node = f.raw("assessed")
    if node is None:
        return None, ""
    a = Fields(node, report, "assessed", node.loc)
    elo = a.integer("elo", required=True, minimum=0)
    note = a.texts("note", limit=NOTE_LINE) or ""  # (shown to readers: in several languages where given)
    a.finish()
    return elo, note


def _fesa_name(f: Fields, report: Report) -> tuple[str, str] | None:
    text = f.line("fesa_name")
    if text is None:
        return None
    last, sep, first = text.partition(",")
    if not sep or not last.strip() or not first.strip():
        node = f.raw("fesa_name")
        report.error(node.loc if node else f.loc(), f"fesa_name '{text}' is not 'Family, Given'",
                     'write it as fesa_name: "Dvorak, Jiri"')
        return None
    return last.strip(), first.strip()


def read_festival(folder: Path, report: Report, kinds: Registry,
                  stop_at: tuple[str, int] | None = None, round_reader: RoundReader | None = None) -> Festival | None:
    shown = display_path(folder / "festival.yaml")
    tree = load(folder / "festival.yaml", shown, report)
    f = Fields(tree, report, "festival.yaml", Location(shown, 1))
    name = f.texts("name", required=True)  # (the words of a name, in several languages where given)
    city = f.line("city") or ""
    city_node = f.raw("city")
    fesa_city = f.line("fesa_city") or ""
    country = common.country(f, "country", report) or ""
    venue = f.texts("venue") or ""
    contact = f.text("contact") or ""
    announcement = f.text("announcement") or ""
    start = f.date("start", required=True)
    end = f.date("end") or start
    if start and end and end < start:
        node = f.raw("end")
        report.error(node.loc if node else f.loc(), "the festival ends before it starts", "check 'start' and 'end'")
    order = [(as_str(n, report, "events"), n.loc) for n in f.items("events", required=True)]
    grand_prix = _grand_prix(f, report)
    fund = _prize_fund(f, report)
    programme = common.programme(f.items("programme"), report, people=True)
    fesa_list = _fesa_list(f, folder, report)
    timezone = _timezone(f, report)
    f.finish()
    if not SLUG.match(folder.name):
        report.error(Location(shown), f"festival folder name '{folder.name}' is not a simple id",
                     "rename it with lower-case letters, digits and hyphens, e.g. 2000-mso-shogi")
    folders = {p.name for p in folder.iterdir() if p.is_dir() and not p.is_symlink() and not p.name.startswith(".")}
    events = []
    listed = set()
    for event_id, loc in order:
        if event_id is None:
            continue
        if event_id in listed:
            report.error(loc, f"event '{event_id}' is listed twice", "list each event folder once")
            continue
        listed.add(event_id)
        why = taken_in_festival(event_id)
        if why is not None:
            report.error(loc, f"an event folder cannot be called '{event_id}': {why}",
                         f"rename the folder and its line here, e.g. {event_id}-open")
            continue
        if event_id not in folders or not (folder / event_id / "event.yaml").exists():
            report.error(loc, f"there is no event folder '{event_id}' with an event.yaml here",
                         suggest(event_id, sorted(folders)) or "create the folder and its event.yaml")
            continue
        last = stop_at[1] if stop_at and stop_at[0] == f"{folder.name}/{event_id}" else None
        event = read_event(folder / event_id, folder.name, report, kinds, last, round_reader)
        if event is not None:
            events.append(replace(event, city=city, country=country, fesa_city=fesa_city,
                                  city_loc=city_node.loc if city_node is not None else None))
    for stray in sorted(folders - listed):
        report.warning(Location(display_path(folder / stray)), "event folder not listed in festival.yaml 'events'",
                       "add it to 'events' to publish it")
    if name is None or start is None or not f.ok:
        return None
    return Festival(folder.name, name, Location(shown, 1), city=city, country=country, venue=venue,
                    start=start, end=end, events=tuple(events), contact=contact, announcement=announcement,
                    grand_prix=grand_prix, prize_fund=fund, programme=tuple(programme),
                    fesa_list=tuple(fesa_list or ()), timezone=timezone)


def _grand_prix(f: Fields, report: Report) -> GrandPrixRules | None:
    """grand_prix: {name, min_events, events: {folder: {places: [12, …]} or {win: 4, draw: 2, loss: 1}},
    prizes}"""
    node = f.raw("grand_prix")
    if node is None:
        return None
    g = Fields(node, report, "grand_prix", node.loc)
    name = g.texts("name") or "Grand Prix"
    min_events = g.integer("min_events", minimum=1) or 2
    events = []
    table = g.raw("events", required=True)
    if isinstance(table, Mapping):
        for key, value in table.items:
            e = Fields(value, report, f"grand_prix event '{key.value}'", key.loc)
            places = []
            for item in e.items("places"):
                if isinstance(item, Scalar) and isinstance(item.value, int) and not isinstance(item.value, bool) \
                        and item.value >= 0:
                    places.append(item.value)
                else:
                    report.error(item.loc, "Grand Prix points should be whole numbers", "write e.g. [12, 11, 10]")
            win, draw, loss = (e.integer(k, minimum=0) for k in ("win", "draw", "loss"))
            e.finish()
            if not places and win is None:
                report.error(key.loc, f"no points given for '{key.value}'",
                             "write places: [8, 7, …] (by final place) or win/draw/loss (the simul)")
            events.append(GrandPrixEvent(str(key.value), key.loc, tuple(places), win, draw, loss))
    elif table is not None:
        report.error(table.loc, "'events' should map event folders to their points",
                     "write e.g. events: {championship: {places: [12, 11, 10]}}")
    prizes = common.prize_rules(g, report)
    g.finish()
    return GrandPrixRules(name, node.loc, tuple(events), min_events, prizes)


def _prize_fund(f: Fields, report: Report) -> PrizeFund | None:
    """prize_fund: {currency: GBP, amount: 4000}"""
    node = f.raw("prize_fund")
    if node is None:
        return None
    p = Fields(node, report, "prize_fund", node.loc)
    currency = p.line("currency", required=True)
    raw = p.raw("amount", required=True)
    p.finish()
    amount = common.money(raw, report, "amount") if raw is not None else None
    return PrizeFund(currency, amount.quantize(Decimal("0.01")), node.loc) if currency and amount is not None else None


# Names a machine's time zone files hold that are no place's local time: `localtime` (the machine's own setting),
# `posixrules`, `Factory` (a machine not set up yet), and the posix/ and right/ copies of every zone (right/: clocks
# that count leap seconds). A feed in one of them would depend on the machine that builds it.
MACHINE_ZONES = ("localtime", "posixrules", "Factory")
ZONE_EXAMPLE = "Europe/Amsterdam"


@functools.cache
def _zones() -> frozenset[str]:
    """The IANA time zone names: the list the tzdata package ships (icalendar needs it: the same list wherever the
    same version is installed), else those this machine knows; never a machine's own (MACHINE_ZONES, posix/,
    right/)."""
    try:
        names = set((resources.files("tzdata") / "zones").read_text(encoding="utf-8").split())
    except (ModuleNotFoundError, OSError):
        names = zoneinfo.available_timezones()
    return frozenset(z for z in names if not _machine_zone(z))


def _machine_zone(name: str) -> bool:
    return name in MACHINE_ZONES or name.startswith(("posix/", "right/"))


def _timezone(f: Fields, report: Report) -> str:
    """`timezone: Europe/London`: the festival's local time, an IANA name ("" when not given)."""
    name = f.line("timezone")
    if name is None:
        return ""
    if name not in _zones():
        node = f.raw("timezone")
        write = f"give the IANA name of the festival's local time, e.g. timezone: {ZONE_EXAMPLE}"
        if _machine_zone(name):
            zone = name.partition("/")[2]  # posix/Europe/Amsterdam: Europe/Amsterdam
            report.error(node.loc if node else f.loc(), f"time zone '{name}' is one of the machine's own names, not a "
                         "place's time: the calendar feeds would change with the machine that builds them",
                         f"did you mean '{zone}'?" if zone in _zones() else write)
            return ""
        same = sorted(z for z in _zones() if name.lower().replace(" ", "_") in (z.lower(), z.lower().split("/")[-1]))
        hint = f"did you mean '{same[0]}'?" if same else suggest(name, sorted(_zones()))
        report.error(node.loc if node else f.loc(), f"unknown time zone '{name}'", hint or write)
        return ""
    return name


_LIST_FILE = re.compile(r"[A-Za-z0-9_][A-Za-z0-9._-]{0,99}\Z")


def _fesa_list(f: Fields, root: Path, report: Report) -> list[Struct] | None:
    """`fesa_list: ratingliste.pre`: FESA's rating list (the program's own file), beside festival.yaml."""
    node = f.raw("fesa_list")
    if node is None:
        return None
    name = as_str(node, report, "fesa_list")
    if name is None:
        return None
    hint = "put the list beside festival.yaml and give its name, e.g. fesa_list: ratingliste.pre"
    if not _LIST_FILE.match(name) or not (isinstance(node, Scalar) and isinstance(node.value, str)):
        report.error(node.loc, f"fesa_list '{name}' is not the name of a file in the festival's folder", hint)
        return None
    path = root / name
    # (problems with the path itself are this line's: the list has no line to show them on)
    if path.is_symlink() or not path.is_file():
        what = "a link to another place" if path.is_symlink() else "a folder" if path.is_dir() else "not there"
        report.error(node.loc, f"fesa_list '{name}' is {what}: the list must be a file beside festival.yaml", hint)
        return None
    data = read_bytes(path, display_path(path), report)
    if data is None:
        return None
    return list_entries(data.decode(ENCODING), display_path(path), report)
