"""The pages of a tournament known only from its turnering.txt: the rules page says so."""

from __future__ import annotations

from .base import KindPages


class FesaTablePages(KindPages):
    key = "turnering"
    names = "source"
    rules_format = "_rules_fesa_table.html.j2"
