"""Escaping and number formatting: every data string goes through here on its way to a page."""

from __future__ import annotations

import datetime as dt
import html
import json
import posixpath
import re
from fractions import Fraction

from markupsafe import Markup

from ..numbers import points

__all__ = ["date_range", "front_matter_title", "json_text", "link", "long_date", "md", "number", "points", "url"]

_MD_SPECIAL = re.compile(r"([\\`*_\[\]|{}#!])")


def md(value: object) -> str:
    """Text for a Markdown page: HTML-escaped (so <script> stays text) and Markdown-escaped."""
    if isinstance(value, Markup):
        return str(value)
    if value is None:
        return ""
    if isinstance(value, Fraction):
        return points(value)
    return _MD_SPECIAL.sub(r"\\\1", html.escape(str(value), quote=False))


def number(value: Fraction) -> int | float | str:
    """A JSON number when it is exact in binary (halves, quarters …), else the fraction as text."""
    if value.denominator & (value.denominator - 1) == 0:
        return int(value) if value.denominator == 1 else float(value)
    return str(value)


def link(text: object, target: str, page: str, anchor: str = "") -> Markup:
    """A Markdown link from the page at `page` to the page at `target` (both paths of .md sources), optionally
    to a heading's anchor there."""
    rel = posixpath.relpath(target, posixpath.dirname(page) or ".")
    return Markup(f"[{md(text)}]({rel}{'#' + anchor if anchor else ''})")


def front_matter_title(title: str) -> str:
    # The theme prints titles unescaped, so they are escaped here; JSON strings are valid YAML.
    return json.dumps(html.escape(title, quote=False), ensure_ascii=False)


def long_date(day: dt.date | None) -> str:
    return f"{day:%A} {day.day} {day:%B %Y}" if day else ""


def date_range(start: dt.date | None, end: dt.date | None) -> str:
    if start is None:
        return ""
    if end is None or end == start:
        return f"{start.day} {start:%B %Y}"
    if (start.year, start.month) == (end.year, end.month):
        return f"{start.day}–{end.day} {end:%B %Y}"
    if start.year == end.year:
        return f"{start.day} {start:%B} – {end.day} {end:%B %Y}"
    return f"{start.day} {start:%B %Y} – {end.day} {end:%B %Y}"


def json_text(obj: object) -> str:
    return json.dumps(obj, ensure_ascii=False, indent=1) + "\n"


def url(target: str, page: str) -> str:
    """The relative URL from the page built from `page` to the one built from `target` (directory URLs), for
    links in raw HTML, which MkDocs does not rewrite."""
    def folder(path: str) -> str:
        return path[:-len("index.md")] if path.endswith("index.md") else path[:-len(".md")] + "/"
    rel = posixpath.relpath(folder(target) or ".", folder(page) or ".")
    return "./" if rel == "." else rel + "/"
