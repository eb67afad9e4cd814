"""Escaping and number formatting: every data string goes through here on its way to a page.

Pages are HTML: a data string is HTML-escaped exactly once: by `esc` in Python, and by the templates' autoescape
(`shown` only turns Fractions into points and None into nothing before it); `md` escapes for the Markdown of a
job summary."""

from __future__ import annotations

import datetime as dt
import functools
import html
import json
import re
import unicodedata
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from collections.abc import Callable
from typing import Any

from markupsafe import Markup, escape

from babel.dates import format_date, format_interval, match_skeleton
from babel.numbers import format_decimal

from ..countries import country_name as english_country_name
from ..names import unaccented
from ..numbers import points as english_points
from .i18n import SOURCE, _, current, language
from .marks import MARKED, OPEN, ROOTWARD, heading_mark, mark, rootward, typeset_marks, unsupported

__all__ = ["Heading", "country_name", "date_range", "esc", "escape_text", "headings", "json_text", "label_tables",
           "html_format", "html_message", "link", "long_date", "md", "shown", "number", "points", "points_cells",
           "printed", "slugify", "spellings", "url"]

_MD_SPECIAL = re.compile(r"([\\`*_\[\]|{}#!])")


def md(value: object) -> str:
    """Text for the job summary's Markdown: on one line (every line break, control or bidi character a space, so
    no value starts a heading, a list or a runner's '::' command), HTML-escaped (so <script> stays text) and
    Markdown-escaped."""
    if isinstance(value, Markup):
        return str(value)
    if value is None:
        return ""
    if isinstance(value, Fraction):
        return points(value)
    one_line = " ".join("".join(c if c.isprintable() else " " for c in str(value)).split())
    return _MD_SPECIAL.sub(r"\\\1", html.escape(one_line, quote=False))


def esc(value: object) -> Markup:
    """Text for an HTML page: Fractions as points, None as nothing, everything else HTML-escaped (Markup, which
    is already HTML, as it is)."""
    if value is None:
        return Markup("")
    if isinstance(value, Fraction):
        value = points(value)
    return escape(value)


# What `shown` gives back unchanged, told by its exact class (a subclass, such as bool, takes the longer way)
_AS_IT_IS = frozenset({str, Markup, int})


def shown(value: object) -> object:
    """What a page template prints for a value (Jinja's `finalize`): Fractions as points, None as nothing; the
    rest as it is. The templates' autoescape then escapes it, once, as `esc` does (Markup, already HTML, stays)."""
    if value.__class__ in _AS_IT_IS:  # (most of what a page prints: asked first, without the checks below)
        return value
    if value is None:
        return ""
    if isinstance(value, Fraction):
        return points(value)
    if isinstance(value, Decimal):
        return money(value)
    return value


def printed(value: object) -> str:
    """A value as a page template prints it (`{{ value }}`: `shown`, then escaped), for the parts of pages made in
    Python: HTML (a link) as it is, a number's digits as they are."""
    kind = value.__class__
    if kind is Markup:
        return value  # type: ignore[return-value]
    if kind is int:
        return str(value)
    return escape(value if kind is str else shown(value))


def html_format(message: str, **values: object) -> Markup:
    """`Markup(message).format(**values)` for a message of {name} placeholders, without string.Formatter's Python
    parsing of the message: each value escaped as Markup.format escapes it (Markup as it is; a value with its own
    __html__, that HTML escaped once more; anything else, its text escaped), then put in by str.format."""
    return Markup(message.format(**{name: _format_field(value) for name, value in values.items()}))


def _format_field(value: object) -> str:
    """A value as markupsafe's EscapeFormatter puts it in a message."""
    if hasattr(value, "__html_format__"):
        value = value.__html_format__("")
    elif hasattr(value, "__html__"):
        value = value.__html__()
    else:
        value = format(value, "")
    return str(escape(value))


def html_message(message: str, **values: object) -> Markup:
    """A translated message with %(name)s placeholders as HTML, each value escaped (Markup, a link, as it is): what
    `Markup(message) % values` makes, and what a template's `_(message, name=value)` prints, without wrapping each
    value in an escaping helper."""
    return Markup(message % {name: escape(value) for name, value in values.items()})


def points_cells() -> Callable[[Fraction], str]:
    """`{{ points(value) }}` for the cells of one table made in Python: each value's text made once (a table shows
    the same few values over and over)."""
    known: dict[tuple[int, int], str] = {}

    def cell(value: Fraction) -> str:
        key = (value.numerator, value.denominator)  # (a Fraction's own hash is slow to compute)
        found = known.get(key)
        if found is None:
            found = known[key] = escape(points(value))
        return found

    return cell


def escape_text(text: str) -> str:
    """A title or a search entry for the theme, which prints them as HTML: escaped, quotes left as they are."""
    return html.escape(text, quote=False)


_GERMAN = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue"})


def spellings(*names: str) -> list[str]:
    """The other ways people type a name on a phone, for the search index: without accents (Dvořák: Dvorak,
    Seán: Sean), with the German ue/oe/ae for ü/ö/ä (Müller: Mueller), and a name of several words as one
    (de Vries: deVries, O'Brien: OBrien). Only the forms that differ from what is written."""
    written = {w.casefold() for name in names for w in name.split()}
    out: list[str] = []
    for name in names:
        for form in (unaccented(name), unaccented(name.translate(_GERMAN))):
            words = form.split()
            joined = re.sub(r"[\s'’-]+", "", form)
            for word in [*words, *([joined] if len(words) > 1 or joined != form else [])]:
                if word.casefold() not in written and word not in out:
                    out.append(word)
    return out


def number(value: Fraction) -> int | float | str:
    """A JSON number when it is exact in binary (halves, quarters …), else the fraction as text."""
    if value.denominator & (value.denominator - 1) == 0:
        return int(value) if value.denominator == 1 else float(value)
    return str(value)


def link(text: object, target: str, page: str, anchor: str = "") -> Markup:
    """An HTML link from the page built from `page` to `target` (paths of .md sources, or of any other file of
    the site), optionally to a heading's anchor there."""
    href = url(target, page) + (f"#{anchor}" if anchor else "")
    return Markup(f'<a href="{html.escape(href)}">{escape(text) if text.__class__ is str else esc(text)}</a>')


def capitalized(text: str) -> str:
    """A text with its first letter capital (a prize's label opening a sentence)."""
    if current().code == MARKED:
        return mark("K", "", (text,))
    return text[:1].upper() + text[1:]


def unbroken(text: str) -> str:
    """A text whose words a line does not break between ('2 kyu' in a narrow column)."""
    if current().code == MARKED:
        return mark("B", "", (text,))
    return text.replace(" ", "\u00a0")


def points(value: Fraction) -> str:
    """Points as the reader's language writes them: 5½ in English (halves are what shogi scores are made of),
    with the language's decimal sign elsewhere (5,5 in German, 5.5 in Japanese)."""
    code = current().code
    if code == SOURCE:
        return english_points(value)
    if code == MARKED:
        return mark("P", f"{value.numerator}/{value.denominator}")
    return _decimal_points(code, value.numerator, value.denominator)


@functools.lru_cache(maxsize=100_000)  # (a whole archive prints a few thousand values, a million times)
def _decimal_points(code: str, numerator: int, denominator: int) -> str:
    if denominator & (denominator - 1):  # not exact as a decimal (halves and quarters are): as a fraction
        return english_points(Fraction(numerator, denominator))
    shown = format_decimal(Decimal(numerator) / denominator, format="#,##0.##", locale=language(code).locale)
    return shown.replace("-", "−")


def money(value: object) -> object:
    """An amount of money (a Decimal, as the rules keep it) with the reader's language's decimal sign and grouping
    ('1,234.50' in English as written, '1.234,50' in German); anything else as it is."""
    if not isinstance(value, Decimal) or current().code == SOURCE:
        return value
    if current().code == MARKED:
        return mark("M", str(value)) if value.is_finite() else unsupported()
    exponent = value.as_tuple().exponent
    places = -exponent if isinstance(exponent, int) and exponent < 0 else 0
    return format_decimal(value, format="#,##0" + ("." + "0" * places if places else ""), locale=current().locale)


def country_name(code: str) -> str:
    """A country's short name in the reader's language (CLDR's), from its ISO code."""
    if current().code == SOURCE:
        return english_country_name(code)
    if current().code == MARKED:
        return mark("C", code) if code.isascii() and code.isalnum() else unsupported()
    return current().locale.territories.get(code) or english_country_name(code)


def long_date(day: dt.date | None) -> str:
    if not day:
        return ""
    if current().code == SOURCE:
        return f"{day:%A} {day.day} {day:%B %Y}"
    if current().code == MARKED:
        return mark("L", day.isoformat())
    return format_date(day, "full", locale=current().locale)


def date_range(start: dt.date | None, end: dt.date | None, year: bool = True) -> str:
    """'25–27 August 2000'; without the year ('25–27 August') where a heading above already gives it."""
    if start is None:
        return ""
    if current().code == MARKED:
        return mark("R", f"{start.isoformat()},{(end or start).isoformat()},{int(year)}")
    if current().code != SOURCE:
        return _interval(start, end or start, "yMMMMd" if year else "MMMMd", current().code)
    y = " %Y" if year else ""
    if end is None or end == start:
        return f"{start.day} {start:%B{y}}"
    if (start.year, start.month) == (end.year, end.month):
        return f"{start.day}–{end.day} {end:%B{y}}"
    if start.year == end.year:
        return f"{start.day} {start:%B} – {end.day} {end:%B{y}}"
    return f"{start.day} {start:%B %Y} – {end.day} {end:%B %Y}"


@functools.lru_cache(maxsize=65_536)
def _interval(start: dt.date, end: dt.date, skeleton: str, code: str) -> str:
    """Babel's interval of two days in the language `code`: found once per range and language (a festival's dates
    on many pages), with the skeleton matched to the locale's formats once per language (`_skeleton`)."""
    return format_interval(start, end, _skeleton(skeleton, code), locale=language(code).locale)


@functools.cache
def _skeleton(skeleton: str, code: str) -> str:
    """The skeleton of the language's interval formats that Babel's `format_interval` takes for `skeleton`: itself
    where the locale has it, else the nearest it has, as Babel matches it anew at every call (else `skeleton`, for
    Babel's own fallback)."""
    formats = language(code).locale.interval_formats
    if skeleton in formats:
        return skeleton
    return match_skeleton(skeleton, formats) or skeleton


def json_text(obj: object) -> str:
    """JSON a person can read and a diff can follow: the top two levels one item a line, deeper values compact
    on the line of their item (a game, a standings row). Half the size of indenting every level."""
    return _json(obj, 0) + "\n"


def _json(obj: object, level: int) -> str:
    pad = " " * (level + 1)
    if level < 2 and isinstance(obj, dict) and obj:
        items = (f"{pad}{json.dumps(key, ensure_ascii=False)}: {_json(value, level + 1)}" for key, value in obj.items())
        return "{\n" + ",\n".join(items) + "\n" + " " * level + "}"
    if level < 2 and isinstance(obj, list) and any(isinstance(x, (dict, list)) for x in obj):
        return "[\n" + ",\n".join(pad + _json(value, level + 1) for value in obj) + "\n" + " " * level + "]"
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def _folder(path: str) -> str:
    """The folder a page's URL ends in (directory URLs): 'a/index.md' -> 'a/', 'a/b.md' -> 'a/b/'."""
    return path[:-len("index.md")] if path.endswith("index.md") else path[:-len(".md")] + "/"


def _relative(target: str, start: str) -> str:
    """posixpath.relpath for the site's own relative paths, without asking the file system."""
    to, here = target.split("/"), [p for p in start.split("/") if p]
    common = 0
    while common < min(len(to) - 1, len(here)) and to[common] == here[common]:
        common += 1
    return "/".join([".."] * (len(here) - common) + to[common:])


@functools.lru_cache(maxsize=1 << 15)
def _way(folder: str, here: str) -> str:
    """The relative path from the folder `here` to the folder `folder` ('' when they are one)."""
    return _relative(folder, here)


def url(target: str, page: str) -> str:
    """The relative URL from the page built from `page` to the page built from `target` (directory URLs), or to
    the file `target` when it is not a page. A target the site in marks gives the way to the root to
    (marks.ROOTWARD, paths.sheet): the URL both from the root and from a language's folder, a mark."""
    if target.startswith(ROOTWARD):
        there = target[len(ROOTWARD):]
        return rootward(url(there, page), url("../" + there, page))
    here = _folder(page)
    to_page = target.endswith(".md")
    there = _folder(target) if to_page else target
    # The way to a page (a file) is the way to the folder it is in, then its own name; the way from one folder to
    # another is worked out once, as a page links to many pages in a few folders (the players', its event's).
    # Not where this page's folder lies inside the target's (the way then goes down into it, not up and back):
    # told by comparing the paths as text, which holds for a folder written as the site's are (each name followed
    # by "/", none empty); any other is worked out in full.
    plain = (not here or here[-1] == "/") and here[:1] != "/" and "//" not in here
    if there and plain and not here.startswith(there):
        name = there.rfind("/", 0, len(there) - 1) + 1
        return _way(there[:name], here) + there[name:]
    if not to_page:
        return _relative(target, here)
    return _relative(there, here) or "./"


@dataclass(frozen=True)
class Heading:
    """A heading of a generated page, for its table of contents: level 1-6, its anchor, its text as HTML."""

    level: int
    id: str
    html: str


_HEADING = re.compile(r'<h([1-6])(?: id="([^"]*)")?>(.*?)</h\1>', re.S)
TAG = re.compile(r"<[^>]+>")


def slugify(text: str) -> str:
    """A heading's anchor as Python-Markdown's toc makes it: 'Standings after round 3' -> 'standings-after-round-3'."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    plain = re.sub(r"[^\w\s-]", "", plain).strip().lower()
    return re.sub(r"[-\s]+", "-", plain)


def heading_anchor(inner: str) -> str:
    """The anchor a heading's text (HTML) makes."""
    return slugify(html.unescape(TAG.sub("", inner))) or "section"


def unique(base: str, used: set[str]) -> str:
    """`base`, or with _1, _2 … where a heading of the page above has it."""
    ident, n = base, 0
    while ident in used:
        n += 1
        ident = f"{base}_{n}"
    used.add(ident)
    return ident


def headings(body: str) -> tuple[str, tuple[Heading, ...]]:
    """Every heading of a page gets an anchor (its own, or one made from its text, unique in the page) and a
    permanent link; the headings are returned for the table of contents."""
    found: list[Heading] = []
    used: set[str] = set()
    # Translators: the title of the ¶ link beside a heading (a link to that heading)
    permanent = html.escape(_("Permanent link"))
    marked = current().code == MARKED  # (the anchors as marks: each language's made from its words, after.py)

    def anchor(m: re.Match[str]) -> str:
        level, given, inner = int(m.group(1)), m.group(2), m.group(3)
        if marked:
            ident = heading_mark(len(found), given)
            found.append(Heading(level, ident, typeset_marks(inner)))
            ident = html.escape(ident)  # (a mark's sentinel has quotes; an anchor has nothing to escape)
        else:
            ident = unique(given or heading_anchor(inner), used)
            found.append(Heading(level, ident, inner))
        return (f'<h{level} id="{ident}">{inner}<a class="headerlink" href="#{ident}" '
                f'title="{permanent}">&para;</a></h{level}>')

    return label_tables(_HEADING.sub(anchor, body)), tuple(found)


_LABELLED = re.compile(r'<h[1-6]\b[^>]*\bid="([^"]+)"|<table\b([^>]*)>(\s*<caption\b)?')
_NAMED = re.compile(r"\baria-label(?:ledby)?=")


def label_tables(body: str) -> str:
    """Every table without a caption or a name of its own is named by the nearest heading above it (its id, as
    aria-labelledby), so that a screen reader's list of tables says what each one is. For the generated pages
    (`headings`) and the hand-written ones alike (the engine's hooks)."""
    above = ""

    def label(m: re.Match[str]) -> str:
        nonlocal above
        if m.group(1) is not None:
            above = m.group(1)
            return m.group(0)
        attrs = m.group(2)
        if m.group(3) or _NAMED.search(attrs) or not above:
            return m.group(0)
        return f'<table{attrs} aria-labelledby="{html.escape(above)}">'

    return _LABELLED.sub(label, body)


def signed(n: int | Fraction) -> str:
    """+110, −40, 0: a Delta as the pack writes it, a rating change as a standings column shows it."""
    return f"+{points(Fraction(n))}" if n > 0 else f"−{points(Fraction(-n))}" if n < 0 else "0"


def percent(share: Fraction) -> str:
    """7/8 -> '87.5 %' (to a tenth, from the exact fraction)."""
    value = (Decimal(share.numerator) * 100 / Decimal(share.denominator)).quantize(Decimal("0.1"))
    if current().code == MARKED:
        return mark("Q", str(value))
    return percent_of(value)


def percent_of(value: Decimal) -> str:
    """A percentage to a tenth as the reader's language writes it: '87.5 %' in English, '87,5 %' in German."""
    if current().code != SOURCE:
        return format_decimal(value, format="#,##0.0", locale=current().locale) + "\u00a0%"
    return f"{value} %"


def toc_tokens(found: tuple[Heading, ...]) -> list[dict[str, Any]]:
    """Headings in the nested form MkDocs builds a table of contents from."""
    root: list[dict[str, Any]] = []
    stack: list[dict[str, Any]] = []
    for h in found:
        # The name as text, as Python-Markdown gives it: the theme puts it inside a link of its own, and a link
        # of the heading's (the home page's festivals) would leave that one empty.
        name = TAG.sub("", h.html)
        if OPEN in name:  # (in marks: the text without its tags, the language's words in it included: after.py)
            name = mark("X", "", (name,))
        token = {"level": h.level, "id": h.id, "name": name, "children": []}
        while stack and stack[-1]["level"] >= h.level:
            stack.pop()
        (stack[-1]["children"] if stack else root).append(token)
        stack.append(token)
    return root
