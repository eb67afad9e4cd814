"""Fields that several files share: player ids, choices, country codes, time controls, tiebreak lists."""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal, InvalidOperation
from pathlib import Path

from ..countries import COUNTRIES, REGIONS
from ..diagnostics import Report
from ..model import EntryFee, KnockoutRules, Player, PrizeRules, ProgrammeItem, Ref, TimeControl
from ..rules.festival_elo import parse_grade
from ..rules.tiebreaks import TIEBREAKS
from .fields import Fields, as_str, suggest
from .yamltree import NOTE_LINE, Scalar, Tree

SPAN = re.compile(r"^(([01]?[0-9]|2[0-3]):[0-5][0-9])(\s*[-–]\s*(([01]?[0-9]|2[0-3]):[0-5][0-9]))?\Z")
SLUG = re.compile(r"^(?=.{1,64}\Z)[a-z0-9]+(?:-[a-z0-9]+)*\Z")  # an id: it names a folder or a page, so it is short


def country(f: Fields, key: str, report: Report, required: bool = False) -> str | None:
    """A two-letter ISO 3166 code in capitals, or None (reported)."""
    code = f.text(key, required=required)
    if code is None or code in COUNTRIES:
        return code
    node = f.raw(key)
    upper = code.upper()
    hint = (f"write it in capitals: {upper}" if upper in COUNTRIES
            else "use the two-letter ISO 3166 code, e.g. GB, JP, NL, DE")
    report.error(node.loc if node else f.loc(), f"'{code}' is not a country code", hint)
    return None


def grade(f: Fields, key: str, report: Report) -> str | None:
    """A kyu/dan grade in any usual spelling ('3 dan', '3d', '3-dan'), as the table's key ('3d')."""
    text = f.text(key)
    if text is None:
        return None
    canonical = parse_grade(text)
    if canonical is None:
        node = f.raw(key)
        report.error(node.loc if node else f.loc(), f"'{text}' is not a grade",
                     "grades run from 15 kyu to 6 dan: write e.g. 3d, 1k or '2 kyu'")
    return canonical


MONEY = re.compile(r"\d{1,12}(\.\d{1,2})?")


def money(node: Tree, report: Report, what: str) -> Decimal | None:
    """An amount of money, exactly as written (never through a float)."""
    if isinstance(node, Scalar) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool):
        amount = None
        if MONEY.fullmatch(node.text.replace("_", "")):  # at most 12 digits and 2 decimals: no overflow later
            try:
                amount = Decimal(node.text.replace("_", ""))
            except InvalidOperation:
                amount = None
        if amount is not None:
            return amount
    text = node.text if isinstance(node, Scalar) else "a list or mapping"
    report.error(node.loc, f"'{what}' should be an amount of money, not '{text}'",
                 "write e.g. 450 or 12.50: at most 12 digits and 2 decimals")
    return None


def prize_rules(f: Fields, report: Report, key: str = "prizes") -> PrizeRules | None:
    node = f.raw(key)
    if node is None:
        return None
    p = Fields(node, report, key, node.loc)
    currency = p.line("currency", required=True) or ""
    places = tuple(a for n in p.items("places") if (a := money(n, report, "places")) is not None)
    per_player = tuple(a for n in p.items("per_player") if (a := money(n, report, "per_player")) is not None)
    categories = {}
    for key in ("best_kyu", "best_junior", "fund", "cap"):
        value = p.raw(key)
        categories[key] = money(value, report, key) if value is not None else None
    p.finish()
    return PrizeRules(currency, places, categories["best_kyu"], categories["best_junior"], per_player,
                      categories["fund"], categories["cap"])


def entry_fee(f: Fields, report: Report) -> EntryFee | None:
    """entry_fee: {currency: GBP, standard: 25, junior: 10}"""
    node = f.raw("entry_fee")
    if node is None:
        return None
    e = Fields(node, report, "entry_fee", node.loc)
    currency = e.line("currency", required=True) or ""
    raw_standard, raw_junior = e.raw("standard", required=True), e.raw("junior")
    e.finish()
    standard = money(raw_standard, report, "standard") if raw_standard is not None else None
    junior = money(raw_junior, report, "junior") if raw_junior is not None else None
    return EntryFee(currency, standard, junior) if standard is not None else None


def time_control(f: Fields, report: Report) -> TimeControl | None:
    node = f.raw("time_control")
    if node is None:
        return None
    tc = Fields(node, report, "time_control", node.loc)
    minutes = tc.integer("minutes", required=True, minimum=0)
    byoyomi = tc.integer("byoyomi", minimum=0) or 0
    increment = tc.integer("increment", minimum=0) or 0
    tc.finish()
    return TimeControl(minutes, byoyomi, increment) if minutes is not None else None


def tiebreaks(f: Fields, report: Report) -> list[str]:
    out = []
    for node in f.items("tiebreaks"):
        tb = as_str(node, report, "tiebreaks")
        if tb is None:
            continue
        if tb.lower() in TIEBREAKS:
            out.append(tb.lower())
        else:
            report.error(node.loc, f"unknown tiebreak '{tb}'",
                         suggest(tb.lower(), list(TIEBREAKS)) or f"known tiebreaks: {', '.join(TIEBREAKS)}")
    return out


def knockout_rules(f: Fields, report: Report, start: dt.date | None) -> KnockoutRules | None:
    """The knock-out inside a Swiss event; `active_since` defaults to two years before the event starts."""
    node = f.raw("knockout")
    if node is None:
        return None
    k = Fields(node, report, "knockout", node.loc)
    name = k.texts("name", required=True)
    short = k.texts("short") or name or ""
    size = k.integer("size", minimum=2) or 32
    if size & (size - 1):
        where = k.raw("size")
        report.error(where.loc if where else k.loc(), f"a knock-out of {size} players cannot be played out",
                     "use a power of two: 4, 8, 16, 32 or 64")
    final_round = k.integer("final_round", minimum=1) or 5
    regions = _regions(k, report)
    active_since = k.date("active_since")
    if active_since is None and start is not None:
        active_since = start.replace(year=start.year - 2, day=28 if (start.month, start.day) == (2, 29) else start.day)
    prizes = prize_rules(k, report)
    k.finish()
    if name is None:
        return None
    return KnockoutRules(name, short, node.loc, size=size, final_round=final_round, regions=regions,
                         active_since=active_since, prizes=prizes)


def _regions(k: Fields, report: Report) -> frozenset[str]:
    """'europe', or a list of country codes."""
    node = k.raw("regions")
    if node is None:
        return frozenset()
    if isinstance(node, Scalar):
        name = node.text.strip().lower()
        if name in REGIONS:
            return REGIONS[name]
        report.error(node.loc, f"unknown region '{node.text}'",
                     f"write {', '.join(REGIONS)} or a list of country codes, e.g. [NL, BE, LU]")
        return frozenset()
    codes = set()
    for item in k.items("regions"):
        code = as_str(item, report, "regions")
        if code is None:
            continue
        if code in COUNTRIES:
            codes.add(code)
        else:
            report.error(item.loc, f"'{code}' is not a country code", "use two-letter ISO 3166 codes, e.g. NL")
    return frozenset(codes)


def refs(nodes: list[Tree], report: Report, what: str) -> list[Ref]:
    """Player ids, each with where it is written."""
    out = []
    for node in nodes:
        pid = as_str(node, report, what)
        if pid is not None:
            out.append(Ref(pid, node.loc))
    return out


def choice(f: Fields, key: str, allowed: tuple[str, ...], report: Report, required: bool = True) -> str | None:
    """One of `allowed`, or None (reported when it is none of them)."""
    value = f.text(key, required=required)
    if value is not None and value not in allowed:
        node = f.raw(key)
        report.error(node.loc if node else f.loc(), f"unknown {key} '{value}'",
                     suggest(value, list(allowed)) or f"known: {', '.join(allowed)}")
        return None
    return value


def programme(nodes: list[Tree], report: Report, people: bool) -> list[ProgrammeItem]:
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
        title = p.texts("title", required=True)  # (in several languages, where the organizer gives them)
        named = refs(p.items("people"), report, "people") if people else []
        note = p.texts("note", limit=NOTE_LINE) or ""
        p.finish()
        if date is not None and title is not None:
            out.append(ProgrammeItem(date, title, node.loc, time.replace(" ", "").replace("–", "-"), tuple(named),
                                     note))
    return out


def registry_unread(report: Report) -> bool:
    """players.yaml could not be read (its error says why): every id would look unknown, so none is called so."""
    return any(Path(f).name == "players.yaml" for f in report.unread)


def name_of(players: dict[str, Player], pid: str) -> str:
    """A player's name for a message, or his id when players.yaml does not have him (it may be unreadable, or
    the id mistyped: that has its own error)."""
    player = players.get(pid)
    return player.name if player is not None else pid


def known(ref: Ref, players: dict[str, Player], report: Report) -> bool:
    if ref.id in players:
        return True
    if registry_unread(report):
        return False
    report.error(ref.loc, f"unknown player id '{ref.id}'",
                 suggest(ref.id, list(players)) or "add the player to players.yaml first")
    return False
