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
import re
from decimal import Decimal
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from ..diagnostics import Location, Report, display_path
from ..games import oware, shogi, shuuro
from ..handicaps import CODES as HANDICAP_CODES
from ..model import (Army, Capture, DataSet, Event, Festival, Game, Giver, GrandPrixEvent, GrandPrixRules, Match,
                     Player, PrizeFund, ProgrammeItem, Ref, Result, Round, Team)
from .. import sente
from ..promotion import CATEGORIES
from ..ratings import Adjustment
from . import common
from .fesa_event import read_fesa_tournament
from .yamltree import Fields, Mapping, Scalar, Sequence, Tree, as_int, as_str, load, suggest

SLUG = re.compile(r"^(?=.{1,64}$)[a-z0-9]+(?:-[a-z0-9]+)*$")  # an id: it names a folder or a page, so it is short
ROUND_FILE = re.compile(r"^round-([1-9][0-9]{0,1})\.yaml$")  # round-1.yaml … round-99.yaml
MAX_ROUNDS = 99
TIME = re.compile(r"^([01]?[0-9]|2[0-3]):[0-5][0-9]$")
SPAN = re.compile(r"^(([01]?[0-9]|2[0-3]):[0-5][0-9])(\s*[-–]\s*(([01]?[0-9]|2[0-3]):[0-5][0-9]))?$")
FORMATS = ("swiss", "team-swiss", "simul", "round-robin")
GAMES = ("shogi", "shuuro", "oware")


def read_data(root: Path, report: Report, stop_at: tuple[str, int] | None = None) -> DataSet:
    """Read everything. stop_at=(festival/event, n): leave out that event's round files from round n on
    (to pair round n again)."""
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
        if (folder / "festival.yaml").exists():
            festival = read_festival(folder, report, stop_at)
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
    note = a.text("note") or ""
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


def read_festival(folder: Path, report: Report, stop_at: tuple[str, int] | None = None) -> Festival | None:
    shown = display_path(folder / "festival.yaml")
    tree = load(folder / "festival.yaml", shown, report)
    f = Fields(tree, report, "festival.yaml", Location(shown, 1))
    name = f.line("name", required=True)
    city = f.line("city") or ""
    city_node = f.raw("city")
    fesa_city = f.line("fesa_city") or ""
    country = common.country(f, "country", report) or ""
    venue = f.line("venue") or ""
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
    programme = _programme(f.items("programme"), report, people=True)
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
        if event_id not in folders or not (folder / event_id / "event.yaml").exists():
            report.error(loc, f"there is no event folder '{event_id}' with an event.yaml here",
                         suggest(event_id, sorted(folders)) or "create the folder and its event.yaml")
            continue
        last = stop_at[1] if stop_at and stop_at[0] == f"{folder.name}/{event_id}" else None
        event = read_event(folder / event_id, folder.name, report, last)
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
                    grand_prix=grand_prix, prize_fund=fund, programme=tuple(programme))


def read_event(folder: Path, festival_id: str, report: Report, stop_at: int | None = None) -> Event | None:
    shown = display_path(folder / "event.yaml")
    f = Fields(load(folder / "event.yaml", shown, report), report, "event.yaml", Location(shown, 1))
    name = f.line("name", required=True)
    name_node = f.raw("name")
    fesa_name = f.line("fesa_name") or ""
    short = f.line("short") or name or ""
    fmt = _choice(f, "format", FORMATS, report)
    game = _choice(f, "game", GAMES, report)
    rounds_planned = f.integer("rounds", required=True, minimum=1, maximum=MAX_ROUNDS)
    start = f.date("start")
    end = f.date("end") or start
    time_control = common.time_control(f, report)
    tiebreaks = common.tiebreaks(f, report)
    team_event = fmt == "team-swiss"
    entrants, from_round = _entries(f.items("players", required=not team_event), report)
    teams, unattached, together = _teams(f, report) if team_event else ((), [], frozenset())
    team_size = (f.integer("team_size", minimum=2, maximum=50) or 4) if team_event else 4
    if team_event:
        entrants = [m for t in teams for m in t.members] + unattached + entrants
    description = f.text("description") or ""
    rated = f.flag("rated")
    replay_draws = f.flag("replay_draws") is True
    fesa_submitted = f.date("fesa_submitted")
    handicap_rule = _choice(f, "handicaps", ("none", "elo", "simul"), report, required=False) or "none"
    givers = _givers(f, report) if fmt == "simul" else ()
    eligibility = _choice(f, "eligibility", ("open", "beginners"), report, required=False) or "open"
    playoff_over = f.integer("playoff_when_more_than", minimum=0)
    schedule = _programme(f.items("schedule"), report, people=False)
    adjustments = _adjustments(f, report)
    withdrawn = _withdrawals(f, report)
    prizes = common.prize_rules(f, report)
    knockout = common.knockout_rules(f, report, start)
    fee = common.entry_fee(f, report)
    seed = f.raw("shuffle_seed")
    shuffle_seed = as_int(seed, report, "shuffle_seed", 0, 10**15) if seed is not None else None
    if seed is None and game == "shuuro":  # written but not a number: reported once, by as_int
        report.error(Location(shown), "the seed of round 1's random pairing is missing",
                     "add shuffle_seed: with any whole number, e.g. the date as 20090829")
    category = _choice(f, "category", CATEGORIES, report, required=False) or ""
    sente_rule = _choice(f, "sente", sente.RULES, report, required=False) or "balanced"
    f.finish()
    if not SLUG.match(folder.name):
        report.error(Location(shown), f"event folder name '{folder.name}' is not a simple id",
                     "rename it with lower-case letters, digits and hyphens, e.g. championship")
    rounds = []
    playoff = None
    armies: dict[str, Army] = {}
    for path in sorted(folder.iterdir()):
        if path.name == "event.yaml" or path.is_dir():
            continue
        if path.name == "playoff.yaml":
            playoff = read_round(path, (rounds_planned or 0) + 1, report, game or "shogi")
            continue
        if path.name == "armies.yaml" and game == "shuuro":
            armies = read_armies(path, report)
            continue
        match = ROUND_FILE.match(path.name)
        if match and stop_at is not None and int(match.group(1)) >= stop_at:
            continue
        if match:
            rounds.append(read_round(path, int(match.group(1)), report, game or "shogi"))
        elif path.suffix in (".yaml", ".yml"):
            report.error(Location(display_path(path)), f"'{path.name}' is not a round file name",
                         "name round files round-1.yaml, round-2.yaml, …")
    rounds.sort(key=lambda r: r.number)
    if name is None or fmt is None or game is None or rounds_planned is None or not f.ok:
        return None
    return Event(folder.name, festival_id, name, short, fmt, game, rounds_planned, Location(shown, 1),
                 start=start, end=end, time_control=time_control, tiebreaks=tuple(tiebreaks),
                 entrants=tuple(entrants), rounds=tuple(rounds), description=description,
                 rated=rated is not False, fesa_submitted=fesa_submitted, handicap_rule=handicap_rule,
                 from_round=from_round, withdrawn=withdrawn, prizes=prizes,
                 adjustments=tuple(adjustments), knockout=knockout, teams=tuple(teams), team_size=team_size,
                 unattached=tuple(unattached), together=together, entry_fee=fee,
                 replay_draws=replay_draws, givers=givers, eligibility=eligibility, playoff_over=playoff_over,
                 playoff=playoff, schedule=tuple(schedule), armies=armies, shuffle_seed=shuffle_seed,
                 category=category, sente=sente_rule, fesa_name=fesa_name,
                 name_loc=name_node.loc if name_node is not None else None)


def read_armies(path: Path, report: Report) -> dict[str, Army]:
    """armies.yaml: player id → {king: 1, queen: 1, rook: 1, …}; a piece not written counts 0. The limits are
    checked in validate.py, against the pack's rules."""
    shown = display_path(path)
    top = Fields(load(path, shown, report), report, "armies.yaml", Location(shown, 1))
    armies: dict[str, Army] = {}
    if top.node is None:
        return armies
    for key, value in top.node.items:
        pid = str(key.value)
        if not isinstance(value, Mapping):
            report.error(value.loc, f"the army of '{pid}' is not a list of pieces",
                         "write e.g. {king: 1, queen: 1, rook: 1, knight: 1, pawn: 3}")
            continue
        counts: dict[str, int] = {}
        where: dict[str, Location] = {}
        before = len(report.errors)
        for pkey, pnode in value.items:
            word = str(pkey.value).strip().lower()
            piece = shuuro.ALIASES.get(word)
            if piece is None:
                report.error(pkey.loc, f"'{pkey.value}' is not a Shuuro piece",
                             suggest(word, list(shuuro.PIECES)) or f"the pieces are {', '.join(shuuro.PIECES)}")
                continue
            if piece in counts:
                report.error(pkey.loc, f"{shuuro.PLURAL[piece]} are written twice in the army of '{pid}'",
                             "write each piece once, with its number")
                continue
            n = as_int(pnode, report, f"the number of {shuuro.PLURAL[piece]}", minimum=0, maximum=64)  # a board
            if n is not None:
                counts[piece] = n
                where[piece] = pnode.loc
        armies[pid] = Army(Ref(pid, key.loc), counts, where, readable=len(report.errors) == before)
    return armies


def _teams(f: Fields, report: Report) -> tuple[tuple[Team, ...], list[Ref], frozenset[str]]:
    """teams: {id: {name: …, players: [ids]}}; unattached: ids, or {player: id, nationals: true} for a player
    who asks to play with his nationals."""
    teams = []
    node = f.raw("teams")
    if isinstance(node, Mapping):
        for key, value in node.items:
            tid = str(key.value)
            if not SLUG.match(tid):
                report.error(key.loc, f"team id '{tid}' is not a simple id",
                             "use lower-case letters, digits and hyphens, e.g. netherlands or team-a")
            t = Fields(value, report, f"team '{tid}'", key.loc)
            name = t.text("name") or tid
            members = _refs(t.items("players", required=True), report, "players")
            t.finish()
            teams.append(Team(tid, name, tuple(members), key.loc))
    elif node is not None:
        report.error(node.loc, "'teams' should be a mapping of team ids",
                     "write e.g. teams: {netherlands: {name: Netherlands, players: [a, b, c, d]}}")
    unattached, together = [], set()
    for item in f.items("unattached"):
        if isinstance(item, Mapping):
            u = Fields(item, report, "an unattached player", item.loc)
            pid = u.text("player", required=True)
            nationals = u.flag("nationals")
            u.finish()
            if pid is not None:
                unattached.append(Ref(pid, item.loc))
                if nationals:
                    together.add(pid)
        else:
            unattached.extend(_refs([item], report, "unattached"))
    return tuple(teams), unattached, frozenset(together)


def _grand_prix(f: Fields, report: Report) -> GrandPrixRules | None:
    """grand_prix: {name, min_events, events: {folder: {places: [12, …]} or {win: 4, draw: 2, loss: 1}},
    prizes}"""
    node = f.raw("grand_prix")
    if node is None:
        return None
    g = Fields(node, report, "grand_prix", node.loc)
    name = g.text("name") or "Grand Prix"
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
    currency = p.text("currency", required=True)
    raw = p.raw("amount", required=True)
    p.finish()
    amount = common.money(raw, report, "amount") if raw is not None else None
    return PrizeFund(currency, amount.quantize(Decimal("0.01")), node.loc) if currency and amount is not None else None


def _programme(nodes: list[Tree], report: Report, people: bool) -> list[ProgrammeItem]:
    """Timetable items: {date, time: "20:00-22:30", title, people: [ids], note}."""
    out = []
    for node in nodes:
        p = Fields(node, report, "a programme item", node.loc)
        date = p.date("date", required=True)
        time = p.text("time") or ""
        if time and not SPAN.match(time):
            where = p.raw("time")
            report.error(where.loc if where else node.loc, f"'{time}' is not a time or a span of time",
                         'write it in quotes, e.g. time: "20:00" or time: "20:00-22:30"')
            time = ""
        title = p.text("title", required=True)
        refs = _refs(p.items("people"), report, "people") if people else []
        note = p.text("note") or ""
        p.finish()
        if date is not None and title is not None:
            out.append(ProgrammeItem(date, title, node.loc, time.replace(" ", "").replace("–", "-"), tuple(refs),
                                     note))
    return out


def _givers(f: Fields, report: Report) -> tuple[Giver, ...]:
    """givers: ids, or {player: id, professional: true, boards: n}."""
    out = []
    for node in f.items("givers", required=True):
        if isinstance(node, Mapping):
            g = Fields(node, report, "a simul giver", node.loc)
            pid = g.text("player", required=True)
            professional = g.flag("professional") is True
            boards = g.integer("boards", minimum=1)
            g.finish()
            if pid is not None:
                out.append(Giver(Ref(pid, node.loc), professional, boards))
        else:
            out.extend(Giver(ref) for ref in _refs([node], report, "givers"))
    return tuple(out)


def _adjustments(f: Fields, report: Report) -> list[Adjustment]:
    out = []
    for node in f.items("rating_adjustments"):
        a = Fields(node, report, "a rating adjustment", node.loc)
        player = a.text("player", required=True)
        from_round = a.integer("from_round", required=True, minimum=1)
        elo = a.integer("elo", required=True, minimum=0)
        note = a.text("note") or ""
        a.finish()
        if player is not None and from_round is not None and elo is not None:
            out.append(Adjustment(player, from_round, elo, note, loc=node.loc))
    return out


def _withdrawals(f: Fields, report: Report) -> dict[str, int]:
    out = {}
    for node in f.items("withdrawn"):
        w = Fields(node, report, "a withdrawal", node.loc)
        player = w.text("player", required=True)
        after = w.integer("after_round", required=True, minimum=0)
        w.finish()
        if player is not None and after is not None:
            out[player] = after
    return out


def _choice(f: Fields, key: str, allowed: tuple[str, ...], report: Report, required: bool = True) -> str | None:
    value = f.text(key, required=required)
    if value is not None and value not in allowed:
        node = f.raw(key)
        report.error(node.loc if node else f.loc(), f"unknown {key} '{value}'",
                     suggest(value, list(allowed)) or f"known: {', '.join(allowed)}")
        return None
    return value


def _entries(nodes: list[Tree], report: Report) -> tuple[list[Ref], dict[str, int]]:
    """Entrants: an id, or {player: id, from_round: n} for a late entry."""
    refs, late = [], {}
    for node in nodes:
        if isinstance(node, Mapping):
            e = Fields(node, report, "a late entry", node.loc)
            pid = e.text("player", required=True)
            first = e.integer("from_round", required=True, minimum=1)
            e.finish()
            if pid is not None:
                refs.append(Ref(pid, node.loc))
                if first is not None and first > 1:
                    late[pid] = first
        else:
            refs.extend(_refs([node], report, "players"))
    return refs, late


def _refs(nodes: list[Tree], report: Report, what: str) -> list[Ref]:
    refs = []
    for node in nodes:
        pid = as_str(node, report, what)
        if pid is not None:
            refs.append(Ref(pid, node.loc))
    return refs


def read_round(path: Path, number: int, report: Report, game: str = "shogi") -> Round:
    shown = display_path(path)
    before = len(report.errors)
    tree = load(path, shown, report)
    if tree is None and len(report.errors) > before:
        return Round(number, Location(shown, 1), readable=False)  # a syntax error: nothing more to say about it
    f = Fields(tree, report, f"round {number}", Location(shown, 1, 1))
    date = f.date("date")
    time = f.text("time")
    if time is not None and not TIME.match(time):
        node = f.raw("time")
        report.error(node.loc if node else f.loc(), f"'{time}' is not a time of day",
                     "write it as HH:MM in quotes, e.g. time: \"10:00\"")
        time = None
    # Knock-out games first (they are the event's top boards), then the Swiss games, then team matches'
    # boards, numbered on; replays stand apart.
    games: list[Game] = []
    boards = [(node, True) for node in f.items("knockout")] + [(node, False) for node in f.items("games")]
    for board, (node, knockout) in enumerate(boards, start=1):
        found = _scored_game(node, board, report, FORMS[game]) if game in FORMS else _game(node, board, report)
        if found is not None:
            games.append(replace(found, knockout=knockout))
    matches: list[Match] = []
    board = len(boards) + 1
    for node in f.items("matches"):
        match = _match(node, board, report)
        if match is not None:
            matches.append(match)
            games.extend(match.games)
            board += len(match.games)
    replays = []
    for nth, node in enumerate(f.items("replays"), start=1):
        replay = _game(node, nth, report, "replay")
        if replay is not None:
            replays.append(replay)
    byes = _refs(f.items("bye"), report, "bye")
    absent = _refs(f.items("absent"), report, "absent")
    f.finish()
    # Where a missing pairing is reported: after everything written in the file, so that the problems of the
    # lines above, which often cause it (a mistyped id), come first.
    end = _last_line(tree) + 1 if tree is not None else 1
    return Round(number, Location(shown, 1), date=date, time=time, games=tuple(games),
                 byes=tuple(byes), absent=tuple(absent), replays=tuple(replays), matches=tuple(matches),
                 pairings_end=Location(shown, end))


def _last_line(tree: Tree) -> int:
    """The last line a value of the tree is written on."""
    last, stack = tree.loc.line, [tree]
    while stack:
        node = stack.pop()
        last = max(last, node.loc.line)
        if isinstance(node, Mapping):
            stack.extend(v for _, v in node.items)
        elif isinstance(node, Sequence):
            stack.extend(node.items)
    return last


def _match(node: Tree, first_board: int, report: Report) -> Match | None:
    """{teams: [team-a, team-b], boards: [games, board 1 first]}: the first team's player is named first on a
    board unless a handicap is written (then the giver is)."""
    m = Fields(node, report, "a match", node.loc)
    teams = _refs(m.items("teams", required=True), report, "teams")
    boards = m.items("boards", required=True)
    m.finish()
    if len(teams) != 2:
        if m.ok:
            report.error(node.loc, "a match needs two teams", "write teams: [team-a, team-b]")
        return None
    games = []
    for board, game_node in enumerate(boards, start=first_board):
        game = _game(game_node, board, report)
        if game is not None:
            games.append(game)
    return Match((teams[0], teams[1]), tuple(games), node.loc)


GAME_HINT = ("write a game as [sente-id, gote-id, result], e.g. [takahashi-ken, smith-john, 1-0], "
             "or with a handicap the first player gives: [giver-id, receiver-id, result, 2p]")


def _game(node: Tree, board: int, report: Report, what: str = "board") -> Game | None:
    if not isinstance(node, Sequence) or not 2 <= len(node.items) <= 4:
        report.error(node.loc, f"{what} {board} is not a game", GAME_HINT)
        return None
    sente_id = as_str(node.items[0], report, "sente")
    gote_id = as_str(node.items[1], report, "gote")
    # After the two players: the result and the handicap, in either order (a proposed round has the handicap
    # alone, and the arbiter adds the result).
    result = None
    handicap = None
    extra = node.items[2:]
    if len(extra) == 1 and isinstance(extra[0], Scalar) and extra[0].text.strip().lower() in HANDICAP_CODES:
        extra = [Scalar(extra[0].loc, None, ""), extra[0]]  # [giver, receiver, 2p]: not played yet
    elif len(extra) == 2 and isinstance(extra[0], Scalar) and extra[0].text.strip().lower() in HANDICAP_CODES:
        extra = [extra[1], extra[0]]
    if len(extra) == 2:
        hnode = extra[1]
        text = hnode.text if isinstance(hnode, Scalar) else ""
        handicap = text.strip().lower()
        if handicap not in HANDICAP_CODES:
            report.error(hnode.loc, f"'{text}' is not a handicap",
                         f"write one of {', '.join(HANDICAP_CODES)}: the handicap the first-named player gives")
            handicap = None
    if extra:
        result = _result(extra[0], report)
    if sente_id is None or gote_id is None:
        return None
    return Game(board, Ref(sente_id, node.items[0].loc), Ref(gote_id, node.items[1].loc), result, node.loc,
                handicap=handicap)


def _result(rnode: Tree, report: Report) -> Result | None:
    """A board's result; None while the game is being played, or when it is no result (reported: the pairing
    is kept, as not yet played, so that its players are not also reported missing)."""
    text = rnode.text if isinstance(rnode, Scalar) else ""
    if isinstance(rnode, Scalar) and (rnode.value is None or text.strip() in shogi.PENDING_WORDS):
        return None
    result = shogi.parse_result(text) if isinstance(rnode, Scalar) else None
    if result is None:
        report.error(rnode.loc, f"'{text}' is not a result",
                     "write 1-0, 0-1, ½-½ (or draw), +- or -+ (no-show), -- (neither came), "
                     "or leave it out while the game is being played")
    return result


@dataclass(frozen=True)
class ScoredForm:
    """How a game that records more than its result is written: Shuuro's eliminated points, Oware's seeds."""

    game: str  # "a Shuuro game"
    hint: str
    endings: dict[str, str]  # word as written → ending
    listed: tuple[str, ...]  # the endings, as the hint lists them
    taken: str  # "eliminated points", "seeds"
    example: str  # "250, 60"
    each: str  # "the points each player eliminated"
    read_taken: Callable[[Tree, Report], Capture | None]
    most: int  # items on a board, the moves included


def _seeds(node: Tree, report: Report) -> Capture | None:
    n = as_int(node, report, "seeds taken", minimum=0)
    return None if n is None else Capture(n, node.loc)


def _scored_game(node: Tree, board: int, report: Report, form: ScoredForm) -> Game | None:
    """[a, b] while the game is played; [a, b, result, ending, took-a, took-b] once it is over, and (Oware) the
    moves after them. A result without a game (+-, -+, --) needs nothing more."""
    if not isinstance(node, Sequence) or not 2 <= len(node.items) <= form.most:
        report.error(node.loc, f"board {board} is not a game", form.hint)
        return None
    a = as_str(node.items[0], report, "first player")
    b = as_str(node.items[1], report, "second player")
    extra = node.items[2:]
    result = _result(extra[0], report) if extra else None
    ending = None
    if len(extra) >= 2:
        enode = extra[1]
        word = enode.text.strip().lower() if isinstance(enode, Scalar) else ""
        ending = form.endings.get(word)
        if ending is None:
            report.error(enode.loc, f"'{word}' is not how {form.game} ends",
                         suggest(word, list(form.endings)) or f"write one of {', '.join(form.listed)}")
    captured = None
    if len(extra) >= 3:
        took = [form.read_taken(n, report) for n in extra[2:4]]
        if len(took) == 1:
            report.error(extra[2].loc, f"only one player's {form.taken} are written",
                         f"write both: the first player's, then the second's, e.g. {form.example}")
        elif took[0] is not None and took[1] is not None:
            captured = (took[0], took[1])
    moves: tuple[str, ...] = ()
    moves_loc = None
    if len(extra) == 5:
        mnode = extra[4]
        if isinstance(mnode, Scalar) and isinstance(mnode.value, str):
            moves, moves_loc = tuple(mnode.value.replace(",", " ").split()), mnode.loc
        else:
            report.error(mnode.loc, "the moves are not a text", "write them in quotes, e.g. \"c F a E …\"")
    played = result in (Result.SENTE_WINS, Result.GOTE_WINS, Result.DRAW)
    if played and len(extra) < 3:  # one count alone is reported above
        report.error(node.loc, f"board {board} has a result but not "
                     f"{'how the game ended and ' if ending is None else ''}{form.each}",
                     form.hint)
    if result is not None and not played and len(extra) > 1:
        report.error(extra[1].loc, f"a game that was not played has no ending or {form.taken}",
                     "leave them out: write e.g. [a, b, +-]")
    if a is None or b is None:
        return None
    return Game(board, Ref(a, node.items[0].loc), Ref(b, node.items[1].loc), result, node.loc, ending=ending,
                captured=captured, moves=moves, moves_loc=moves_loc)


def _capture(node: Tree, report: Report) -> Capture | None:
    """Points as a number (a multiple of 10), or the pieces taken as a list."""
    if isinstance(node, Sequence):
        pieces = []
        for item in node.items:
            word = item.text.strip().lower() if isinstance(item, Scalar) else ""
            piece = shuuro.ALIASES.get(word)
            if piece is None:
                report.error(item.loc, f"'{word}' is not a Shuuro piece",
                             suggest(word, list(shuuro.PIECES)) or f"the pieces are {', '.join(shuuro.PIECES)}")
                return None
            pieces.append(piece)
        return Capture(shuuro.points_of(pieces), node.loc, tuple(pieces))
    if isinstance(node, Scalar) and isinstance(node.value, int) and not isinstance(node.value, bool):
        if node.value < 0 or node.value % 10:
            report.error(node.loc, f"{node.value} points of eliminated pieces: every piece costs a multiple "
                         "of 10, so the points are 0, 10, 20, …", "count the pieces taken again")
            return None
        return Capture(node.value, node.loc)
    report.error(node.loc, f"'{node.text if isinstance(node, Scalar) else '…'}' is not the points of the "
                 "pieces eliminated", "write a number such as 60, or the pieces, e.g. [pawn, pawn, knight]")
    return None


FORMS = {
    "shuuro": ScoredForm(
        "a Shuuro game",
        "write a game as [first-id, second-id, result, ending, points-first-took, points-second-took], e.g. "
        "[rossi-marco, kaufman-larry, 1-0, checkmate, 250, 60]; the points may be lists of the pieces taken, "
        "e.g. [queen, rook, rook]",
        {e: e for e in shuuro.ENDINGS}, tuple(shuuro.ENDINGS), "eliminated points", "250, 60",
        "the points each player eliminated", _capture, 6),
    "oware": ScoredForm(
        "an Oware game",
        "write a game as [first-id, second-id, result, ending, seeds-first, seeds-second], e.g. "
        "[mensah-ama, osei-kwame, 1-0, 25-seeds, 26, 14], optionally followed by the moves in quotes, "
        "e.g. \"c F a E …\"",
        oware.ALIASES, tuple(oware.ENDINGS), "seeds", "26, 14", "the seeds each player took", _seeds, 7),
}
