"""Fields that several files share: country codes, time controls, tiebreak lists."""

from __future__ import annotations

from ..countries import COUNTRIES
from ..diagnostics import Report
from decimal import Decimal, InvalidOperation

from ..model import PrizeRules, TimeControl
from ..ratings import parse_grade
from ..tiebreaks import TIEBREAKS
from .yamltree import Fields, Scalar, Tree, as_str, suggest


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


def money(node: Tree, report: Report, what: str) -> Decimal | None:
    """An amount of money, exactly as written (never through a float)."""
    if isinstance(node, Scalar) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool):
        try:
            amount = Decimal(node.text.replace("_", ""))
        except InvalidOperation:
            amount = None
        if amount is not None and amount >= 0 and amount == amount.quantize(Decimal("0.01")):
            return amount
    text = node.text if isinstance(node, Scalar) else "a list or mapping"
    report.error(node.loc, f"'{what}' should be an amount of money, not '{text}'", "write e.g. 450 or 12.50")
    return None


def prize_rules(f: Fields, report: Report) -> PrizeRules | None:
    node = f.raw("prizes")
    if node is None:
        return None
    p = Fields(node, report, "prizes", node.loc)
    currency = p.text("currency", required=True) or ""
    places = tuple(a for n in p.items("places") if (a := money(n, report, "places")) is not None)
    categories = {}
    for key in ("best_kyu", "best_junior"):
        value = p.raw(key)
        categories[key] = money(value, report, key) if value is not None else None
    p.finish()
    return PrizeRules(currency, places, categories["best_kyu"], categories["best_junior"])


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
