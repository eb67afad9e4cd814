"""A tournament given only as turnering.txt (plus, optionally, a small event.yaml): a complete event.

Organizers who use other pairing software publish through us this way. The file is checked with FESA's
rules; its players are matched to the registry by name, or registered from the file.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path

from ..countries import COUNTRIES
from ..diagnostics import Location, Report, display_path
from ..fesa import turnering
from ..fesa.validate import capped, validate as fesa_validate
from ..names import slug
from ..rules.promotion import CATEGORIES
from ..model import Event, Festival, Board, Player, Ref, Result, Round, TimeControl
from . import common
from .fields import Fields
from .yamltree import load, read_bytes

EVENT_ID = "tournament"
DEFAULT_TIEBREAKS = ("sos", "sosos", "sodos")
_RESULTS = {"+": Result.SENTE_WINS, "-": Result.GOTE_WINS, "=": Result.DRAW}
# A no-show against a paired opponent (m# on one line, n+ on the other): the game is won without play.
_NO_SHOW = {("#", "+"): Result.GOTE_WINS_UNPLAYED, ("+", "#"): Result.SENTE_WINS_UNPLAYED}


# Country names as the name line writes them ([Name, City, Country, Date]), for the ISO code.
_BY_NAME = {name.casefold(): code for code, name in COUNTRIES.items()} | {
    "czech republic": "CZ", "great britain": "GB", "england": "GB", "scotland": "GB", "wales": "GB",
    "holland": "NL", "the netherlands": "NL", "russia": "RU"}


def _country_code(name: str) -> str:
    """The ISO code of a country named in the name line; '' when the name is not one we know."""
    return _BY_NAME.get(name.strip().casefold(), "")


def read_fesa_tournament(folder: Path, registry: dict[str, Player], report: Report) \
        -> tuple[Festival, dict[str, Player]] | None:
    path = folder / "turnering.txt"
    shown = display_path(path)
    options = _options(folder, report)
    before = len(report.errors)
    data = read_bytes(path, shown, report)
    if data is None:
        return None
    found = Report()  # the file's problems, the first of them shown (capped)
    t = turnering.read(data, shown, found)
    if t is not None:
        fesa_validate(t, shown, found, rematches_allowed=options.rematches)
        for line in t.players:
            if line.simul:  # (FESA's program rates it; here it would be a Swiss without the giver's games)
                found.error(Location(shown, line.line), "a simul's giver ([&]): a tournament given only as "
                            "turnering.txt is read as a Swiss, and a simul is not one",
                            "write the simul as an event.yaml with format: simul (docs/rulings.md#simul)")
    capped(found, report)
    if t is None or len(report.errors) > before:
        return None  # the file's own problems are reported; its games cannot be trusted

    by_name = {(p.fesa_name or (p.family, p.given)): p for p in registry.values()}
    new_players: dict[str, Player] = {}
    ids: list[str] = []
    tried: dict[str, int] = {}  # the last number tried for a slug: a name on many lines is not counted up each time
    for line in t.players:
        known = by_name.get((line.last, line.first))
        if known is not None:
            ids.append(known.id)
            continue
        base = slug(f"{line.last} {line.first}")
        n = tried.get(base, 1)
        pid = base if n == 1 else f"{base}-{n}"
        while pid in registry or pid in new_players:
            n += 1
            pid = f"{base}-{n}"
        tried[base] = n
        nat = (line.nationality or "").upper()
        new_players[pid] = Player(pid, line.last, line.first, nat if nat in COUNTRIES else "",
                                  Location(shown, line.line))
        ids.append(pid)

    rounds = []
    for r in range(t.rounds):
        games: list[Board] = []
        unpaired: dict[str, list[Ref]] = {"+": [], "-": [], "=": [], "#": []}  # FESA 0+ 0- 0= 0#
        for i, line in enumerate(t.players):
            tok = line.results[r]
            ref = Ref(ids[i], Location(shown, line.line))
            if tok.opponent == 0:
                unpaired[tok.result].append(ref)
            elif tok.opponent - 1 > i:
                other = Ref(ids[tok.opponent - 1], Location(shown, t.players[tok.opponent - 1].line))
                theirs = t.players[tok.opponent - 1].results[r].result
                if (tok.result, theirs) in _NO_SHOW:
                    games.append(Board(len(games) + 1, ref, other, _NO_SHOW[tok.result, theirs], ref.loc))
                elif tok.handicap_sign == "+":  # the other player gives the handicap: name the giver first
                    flipped = _RESULTS[{"+": "-", "-": "+", "=": "="}[tok.result]]
                    games.append(Board(len(games) + 1, other, ref, flipped, ref.loc, handicap=tok.handicap_code))
                else:
                    games.append(Board(len(games) + 1, ref, other, _RESULTS[tok.result], ref.loc,
                                      handicap=tok.handicap_code))
        rounds.append(Round(r + 1, Location(shown), games=tuple(games), byes=tuple(unpaired["+"]),
                            absent=tuple(unpaired["-"]), half_byes=tuple(unpaired["="]),
                            no_shows=tuple(unpaired["#"])))

    start = end = None
    if t.dates:
        start, end = dt.date.fromisoformat(t.dates[0]), dt.date.fromisoformat(t.dates[1])
    parts = [p.strip() for p in t.name.split(",")]
    name = options.name or parts[0]
    city = options.city or (parts[1] if len(parts) > 2 else "")
    country = options.country or (_country_code(parts[2]) if len(parts) > 3 else "")
    tc = options.time_control
    if tc is None and t.time_control:
        tc = TimeControl(t.time_control[0], t.time_control[1])
    event = Event(
        EVENT_ID, folder.name, name, options.short or name, "swiss", "shogi", t.rounds,
        Location(shown), start=start, end=end, time_control=tc, tiebreaks=options.tiebreaks,
        entrants=tuple(Ref(pid, Location(shown, line.line)) for pid, line in zip(ids, t.players, strict=True)),
        rounds=tuple(rounds), rated=options.rated, source="turnering", city=city, country=country,
        rematches_allowed=options.rematches, fesa_submitted=options.fesa_submitted, category=options.category,
        original=data)
    festival = Festival(folder.name, name, Location(shown), city=city, country=country, start=start, end=end,
                        events=(event,))
    return festival, new_players


@dataclass
class Options:
    """What the optional event.yaml beside turnering.txt adds: what the file cannot say."""

    name: str | None = None
    short: str | None = None
    city: str | None = None
    country: str | None = None
    time_control: TimeControl | None = None
    tiebreaks: tuple[str, ...] = DEFAULT_TIEBREAKS
    rated: bool = True
    rematches: bool = False
    fesa_submitted: dt.date | None = None
    category: str = ""  # official tournaments (docs/promotion.md#valid-games)


def _options(folder: Path, report: Report) -> Options:
    path = folder / "event.yaml"
    out = Options()
    if not path.exists():
        return out
    shown = display_path(path)
    f = Fields(load(path, shown, report), report, "event.yaml", Location(shown))
    # (the name and short name: words a reader sees, which may be given in several languages, as an event.yaml's)
    out.name, out.short = (f.texts(k, one_line=False) for k in ("name", "short"))
    out.city = f.text("city")
    out.country = common.country(f, "country", report)
    out.time_control = common.time_control(f, report)
    out.tiebreaks = tuple(common.tiebreaks(f, report)) or DEFAULT_TIEBREAKS
    out.rated = f.flag("rated") is not False
    out.rematches = f.flag("rematches") is True
    out.fesa_submitted = f.date("fesa_submitted")
    category = f.text("category")
    if category is not None and category not in CATEGORIES:
        node = f.raw("category")
        report.error(node.loc if node else f.loc(), f"'{category}' is not a tournament category",
                     f"write one of {', '.join(CATEGORIES)}")
    elif category is not None:
        out.category = category
    f.finish()
    return out
