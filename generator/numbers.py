"""Exact numbers as people read them."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction


def points(value: Fraction) -> str:
    """5½ rather than 5.5 or 11/2: halves are what shogi scores are made of (quarters, Sonneborn-Berger's)."""
    key = (value.numerator, value.denominator)  # (a Fraction's own hash is slow to compute)
    known = _SHOWN.get(key)
    if known is None:
        known = _points(value)
        if len(_SHOWN) < 100_000:  # a whole archive prints a few thousand different values, a million times
            _SHOWN[key] = known
    return known


_SHOWN: dict[tuple[int, int], str] = {}


def _points(value: Fraction) -> str:
    if value < 0:
        return f"−{_points(-value)}"
    whole, rest = divmod(value, 1)
    if rest == 0:
        return str(whole)
    if rest in VULGAR:
        return f"{whole}{VULGAR[rest]}" if whole else VULGAR[rest]
    return str(value)


VULGAR = {Fraction(1, 4): "¼", Fraction(1, 2): "½", Fraction(3, 4): "¾"}


def total(values: Iterable[Fraction]) -> Fraction:
    """The exact sum, as sum(values, Fraction(0)) gives it, without making a Fraction at every step (scores are
    halves: a common denominator is found at once). Standings and tiebreaks add up hundreds of thousands."""
    num, den = 0, 1
    for v in values:
        d = v.denominator
        if d == den:
            num += v.numerator
        elif den % d == 0:
            num += v.numerator * (den // d)
        else:
            num, den = num * d + v.numerator * den, den * d
    return Fraction(num, den)
