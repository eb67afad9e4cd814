"""Names reduced to plain letters: for ids made from names and for suggested FESA spellings."""

from __future__ import annotations

import re
import unicodedata


def ascii_fold(text: str) -> str:
    """'Dvořák' -> 'Dvorak': accents dropped; letters with no ASCII form (ł, ø) are dropped too."""
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()


def slug(text: str) -> str:
    """An id from a name: 'de Vries Pieter' -> 'de-vries-pieter'."""
    return re.sub(r"[^a-z0-9]+", "-", ascii_fold(text).lower()).strip("-") or "player"
