"""Reads an event folder: event.yaml (what every kind has, then the keys of the event's own kind), its round
files, the desk's check-in (checkin.yaml) and the files its game adds (generator/kinds)."""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from collections.abc import Mapping as MappingOf
from dataclasses import replace
from pathlib import Path
from typing import Protocol

from ..rules import sente
from ..diagnostics import Location, Report, display_path
from ..model import Event, KindRecord, KnockoutSetup, PlayoffSetup, Ref, Round, RoundCheckIn
from ..rules.promotion import CATEGORIES
from ..rules.festival_elo import Adjustment
from . import common
from .common import SLUG, choice, refs
from .checkin import read_checkin
from .rounds import read_round
from .fields import Fields, as_int
from .yamltree import NOTE_LINE, Mapping, Tree, load

class GameReading(Protocol):
    """What the reader asks an event's game: the files it adds, whether round 1 is drawn from a seed."""

    @property
    def shuffle_seed_required(self) -> bool: ...

    @property
    def data_files(self) -> MappingOf[str, Callable[[Path, Report], KindRecord]]: ...


class KindReading(Protocol):
    """What the reader asks an event's kind (generator/kinds): its own keys of event.yaml, its game."""

    @property
    def players_required(self) -> bool: ...

    @property
    def byes_are_teams(self) -> bool: ...

    @property
    def game(self) -> GameReading: ...

    def read_keys(self, fields: Fields, report: Report) -> KindRecord | None: ...

    def entrants(self, own: KindRecord | None, entrants: list[Ref]) -> list[Ref]: ...


class Registry(Protocol):
    """The kinds an event may have, handed to the reader by the pipeline (generator/kinds.REGISTRY)."""

    @property
    def formats(self) -> Collection[str]: ...

    @property
    def games(self) -> Collection[str]: ...

    @property
    def eligibility(self) -> Collection[str]: ...

    def reading(self, fmt: str, game: str, eligibility: str, source: str) -> KindReading: ...


RoundReader = Callable[[Path, int, Report, str], Round]  # as read_round: the file, its number, the report, the game

ROUND_FILE = re.compile(r"^round-([1-9][0-9]{0,1})\.yaml\Z")  # round-1.yaml … round-99.yaml
MAX_ROUNDS = 99


def read_event(folder: Path, festival_id: str, report: Report, kinds: Registry,
               stop_at: int | None = None, round_reader: RoundReader | None = None) -> Event | None:
    """The event of `folder`, its problems in `report` (None when event.yaml is too wrong to make one). `round_reader`
    reads each round file and playoff.yaml in place of read_round, with the same arguments and the same result and
    problems (the desk's cache of the files unchanged since its last read)."""
    read_one = round_reader or read_round
    shown = display_path(folder / "event.yaml")
    f = Fields(load(folder / "event.yaml", shown, report), report, "event.yaml", Location(shown, 1))
    name = f.texts("name", required=True)  # (the words of a name, in several languages where given)
    name_node = f.raw("name")
    fesa_name = f.line("fesa_name") or ""
    short = f.texts("short") or name or ""
    fmt = choice(f, "format", tuple(kinds.formats), report)
    game = choice(f, "game", tuple(kinds.games), report)
    eligibility = choice(f, "eligibility", ("open", *kinds.eligibility), report, required=False) or "open"
    kind = kinds.reading(fmt or "", game or "", eligibility, "yaml")
    rounds_planned = f.integer("rounds", required=True, minimum=1, maximum=MAX_ROUNDS)
    start = f.date("start")
    end = f.date("end") or start
    time_control = common.time_control(f, report)
    tiebreaks = common.tiebreaks(f, report)
    entrants, from_round = _entries(f.items("players", required=kind.players_required), report)
    record = kind.read_keys(f, report)  # the kind's own keys: teams, givers …
    own = [record] if record is not None else []
    entrants = kind.entrants(record, entrants)
    description = f.texts("description", one_line=False) or ""
    rated = f.flag("rated")
    replay_draws = f.flag("replay_draws") is True
    fesa_submitted = f.date("fesa_submitted")
    handicap_rule = choice(f, "handicaps", ("none", "elo", "simul"), report, required=False) or "none"
    playoff_over = f.integer("playoff_when_more_than", minimum=0)
    schedule = common.programme(f.items("schedule"), report, people=False)
    adjustments = _adjustments(f, report)
    withdrawn = _withdrawals(f, report)
    prizes = common.prize_rules(f, report)
    knockout = common.knockout_rules(f, report, start)
    fee = common.entry_fee(f, report)
    seed = f.raw("shuffle_seed")
    shuffle_seed = as_int(seed, report, "shuffle_seed", 0, 10**15) if seed is not None else None
    if seed is None and kind.game.shuffle_seed_required:  # written but not a number: reported by as_int
        report.error(f.loc(), "the seed of round 1's random pairing is missing",
                     "add shuffle_seed: with any whole number, e.g. the date as 20090829")
    category = choice(f, "category", CATEGORIES, report, required=False) or ""
    sente_rule = choice(f, "sente", sente.RULES, report, required=False) or "balanced"
    f.finish()
    if not SLUG.match(folder.name):
        report.error(Location(shown), f"event folder name '{folder.name}' is not a simple id",
                     "rename it with lower-case letters, digits and hyphens, e.g. championship")
    rounds = []
    playoff = None
    checkin: tuple[RoundCheckIn, ...] = ()
    for path in sorted(folder.iterdir()):
        if path.name == "event.yaml" or path.is_dir():
            continue
        if path.name == "playoff.yaml":
            playoff = read_one(path, (rounds_planned or 0) + 1, report, game or "shogi")
            continue
        if path.name == "checkin.yaml":  # the desk's check-in, round by round
            checkin = read_checkin(path, report)
            continue
        if path.name in kind.game.data_files:  # the game's own files: Shuuro's armies.yaml
            own.append(kind.game.data_files[path.name](path, report))
            continue
        match = ROUND_FILE.match(path.name)
        if match and stop_at is not None and int(match.group(1)) >= stop_at:
            continue
        if match:
            rounds.append(read_one(path, int(match.group(1)), report, game or "shogi"))
        elif path.suffix in (".yaml", ".yml"):
            report.error(Location(display_path(path)), f"'{path.name}' is not a round file name",
                         "name round files round-1.yaml, round-2.yaml, …")
    rounds.sort(key=lambda r: r.number)
    if kind.byes_are_teams:
        rounds = [replace(r, byes=(), team_byes=r.byes) for r in rounds]
    if name is None or fmt is None or game is None or rounds_planned is None or not f.ok:
        return None
    if knockout is not None:
        own.append(KnockoutSetup(knockout))
    if playoff_over is not None or playoff is not None:
        own.append(PlayoffSetup(playoff_over, playoff))
    return Event(folder.name, festival_id, name, short, fmt, game, rounds_planned, Location(shown, 1),
                 start=start, end=end, time_control=time_control, tiebreaks=tuple(tiebreaks),
                 entrants=tuple(entrants), rounds=tuple(rounds), description=description,
                 rated=rated is not False, fesa_submitted=fesa_submitted, handicap_rule=handicap_rule,
                 from_round=from_round, withdrawn=withdrawn, prizes=prizes,
                 adjustments=tuple(adjustments), entry_fee=fee,
                 replay_draws=replay_draws, eligibility=eligibility, schedule=tuple(schedule),
                 shuffle_seed=shuffle_seed, own=tuple(own), checkin=checkin,
                 category=category, sente=sente_rule, fesa_name=fesa_name,
                 name_loc=name_node.loc if name_node is not None else None)


def _adjustments(f: Fields, report: Report) -> list[Adjustment]:
    out = []
    for node in f.items("rating_adjustments"):
        a = Fields(node, report, "a rating adjustment", node.loc)
        player = a.text("player", required=True)
        from_round = a.integer("from_round", required=True, minimum=1)
        elo = a.integer("elo", required=True, minimum=0)
        note = a.texts("note", limit=NOTE_LINE) or ""  # (shown to readers: in several languages where given)
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


def _entries(nodes: list[Tree], report: Report) -> tuple[list[Ref], dict[str, int]]:
    """Entrants: an id, or {player: id, from_round: n} for a late entry."""
    entered: list[Ref] = []
    late: dict[str, int] = {}
    for node in nodes:
        if isinstance(node, Mapping):
            e = Fields(node, report, "a late entry", node.loc)
            pid = e.text("player", required=True)
            first = e.integer("from_round", required=True, minimum=1)
            e.finish()
            if pid is not None:
                entered.append(Ref(pid, node.loc))
                if first is not None and first > 1:
                    late[pid] = first
        else:
            entered.extend(refs([node], report, "players"))
    return entered, late
