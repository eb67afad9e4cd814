"""The beginners' session's pages: mixed into its format's, they say on the rules page who may play."""

from __future__ import annotations

from .base import KindPages


class BeginnersPages(KindPages):
    key = "beginners"
    names = "eligibility"
    rules_eligibility = "_rules_beginners.html.j2"
