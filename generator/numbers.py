"""Exact numbers as people read them."""

from __future__ import annotations

from fractions import Fraction


def points(value: Fraction) -> str:
    """5½ rather than 5.5 or 11/2: halves are what shogi scores are made of (quarters, Sonneborn-Berger's)."""
    if value < 0:
        return f"−{points(-value)}"
    whole, rest = divmod(value, 1)
    if rest == 0:
        return str(whole)
    if rest in VULGAR:
        return f"{whole}{VULGAR[rest]}" if whole else VULGAR[rest]
    return str(value)


VULGAR = {Fraction(1, 4): "¼", Fraction(1, 2): "½", Fraction(3, 4): "¾"}
