"""Names reduced to plain letters: for ids made from names and for suggested FESA spellings."""

from __future__ import annotations

import re
import unicodedata


def ascii_fold(text: str) -> str:
    """'Dvořák' -> 'Dvorak': accents dropped; letters with no ASCII form (ł, ø) are dropped too."""
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()


# Letters with no accent to strip, and punctuation beyond ASCII, as people write them on a plain keyboard.
PLAIN_LETTERS = str.maketrans({"ø": "o", "Ø": "O", "æ": "ae", "Æ": "Ae", "ł": "l", "Ł": "L", "đ": "d", "Đ": "D",
                               "þ": "th", "Þ": "Th", "œ": "oe", "Œ": "Oe", "ı": "i", "ß": "ss", "–": "-",
                               "—": "-", "‘": "'", "’": "'", "“": '"', "”": '"'})


def unaccented(text: str) -> str:
    """Accents dropped and other letters spelled plainly, the rest kept: 'Łódź' -> 'Lodz', 'Dvořák' -> 'Dvorak'.
    (Ids keep ascii_fold, so that they never change.)"""
    return "".join(c for c in unicodedata.normalize("NFKD", text.translate(PLAIN_LETTERS))
                   if not unicodedata.combining(c))


def slug(text: str) -> str:
    """An id from a name: 'de Vries Pieter' -> 'de-vries-pieter'."""
    return re.sub(r"[^a-z0-9]+", "-", ascii_fold(text).lower())[:60].strip("-") or "player"  # a page's name
