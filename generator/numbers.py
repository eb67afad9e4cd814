"""Exact numbers as people read them."""

from __future__ import annotations

from fractions import Fraction


def points(value: Fraction) -> str:
    """5½ rather than 5.5 or 11/2: halves are what shogi scores are made of."""
    whole, rest = divmod(value, 1)
    if rest == 0:
        return str(whole)
    if rest == Fraction(1, 2):
        return f"{whole}½" if whole else "½"
    return str(value)
