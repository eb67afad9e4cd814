"""Reading a YAML file's tree as the fields of a data file: each key with its expected type and limits, unknown
keys reported at the end, a close match suggested for a mistyped id or key."""

from __future__ import annotations

import datetime as dt
import difflib

from ..diagnostics import Location, Report, printable
from ..messages import LANGUAGES, Texts
from .yamltree import KIND_NAMES, MAX_LINE, MAX_NUMBER, Mapping, Scalar, Sequence, Tree


def suggest(word: str, choices: list[str]) -> str:
    close = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    return f"did you mean '{close[0]}'?" if close else ""


class Fields:
    """Reads the keys of one mapping with their expected types, and reports unknown keys at the end."""

    def __init__(self, node: Tree | None, report: Report, what: str, where: Location):
        self.report = report
        self.what = what
        self.used: set[str] = set()
        self.node: Mapping | None = None
        if isinstance(node, Mapping):
            self.node = node
        elif node is None:
            if where.file not in report.unread:  # a file that could not be read is not also 'empty'
                report.error(where, f"{what} is empty", "see the 'For organizers' page for an example")
        else:
            report.error(node.loc, f"{what} should be {KIND_NAMES[Mapping]}, not {KIND_NAMES[type(node)]}")

    @property
    def ok(self) -> bool:
        return self.node is not None

    def loc(self) -> Location:
        return self.node.loc if self.node else Location("")

    def raw(self, key: str, required: bool = False) -> Tree | None:
        self.used.add(key)
        if self.node is None:
            return None
        value = self.node.get(key)
        if value is None and required:
            self.report.error(self.node.loc, f"{self.what} has no '{key}'", f"add a line '{key}: …'")
        if isinstance(value, Scalar) and value.value is None and required:
            self.report.error(value.loc, f"'{key}' is empty", f"give {self.what} a {key}")
            return None
        return value

    def text(self, key: str, required: bool = False) -> str | None:
        node = self.raw(key, required)
        return as_str(node, self.report, key) if node is not None else None

    def line(self, key: str, required: bool = False, limit: int = MAX_LINE) -> str | None:
        """A text shown as one line (a name, a city, a title): no line break or control character, at most
        `limit` characters."""
        text = self.text(key, required)
        node = self.raw(key)
        if text is None or node is None:
            return text
        odd = sorted({c for c in text if not c.isprintable()})
        if odd:
            shown = ", ".join(printable(c) for c in odd)
            self.report.error(node.loc, f"'{key}' holds a line break or control character ({shown})",
                              "write it on one line, with letters, digits and punctuation only")
            return None
        if len(text) > limit:
            self.report.error(node.loc, f"'{key}' is {len(text)} characters long, more than {limit}",
                              "shorten it")
            return None
        return text

    def texts(self, key: str, required: bool = False, limit: int = MAX_LINE, one_line: bool = True) -> str | None:
        """A line (as `line`), or the same in several languages: a mapping of language codes to lines, the first
        the default (messages.Texts: each page shows its language's, any other language the default's).
        `one_line=False`: a text (as `text`, line breaks allowed, no limit) or texts by language."""
        node = self.raw(key, required)
        if not isinstance(node, Mapping):
            return self.line(key, required, limit) if one_line else self.text(key, required)
        own = Fields(node, self.report, f"'{key}'", node.loc)
        found: dict[str, str] = {}
        for code in node.keys():
            if code not in LANGUAGES:
                where = node.key_node(code)
                self.report.error(where.loc if where else node.loc, f"'{code}' in '{key}' is not a language's code",
                                  f"give '{key}' by language code, one of {', '.join(LANGUAGES)}"
                                  + (f": {hint}" if (hint := suggest(code, list(LANGUAGES))) else ""))
                own.raw(code)
                continue
            text = own.line(code, limit=limit) if one_line else own.text(code)
            if text is not None:
                found[code] = text
        own.finish()
        if not found:
            if required and own.ok and not node.items:
                self.report.error(node.loc, f"'{key}' gives no text", f"write '{key}: …', or one line a language")
            return None
        return Texts(found) if len(found) > 1 else next(iter(found.values()))

    def integer(self, key: str, required: bool = False, minimum: int | None = None,
                maximum: int = MAX_NUMBER) -> int | None:
        node = self.raw(key, required)
        return as_int(node, self.report, key, minimum, maximum) if node is not None else None

    def flag(self, key: str) -> bool | None:
        node = self.raw(key)
        if node is None:
            return None
        if isinstance(node, Scalar) and isinstance(node.value, bool):
            return node.value
        self.report.error(node.loc, f"'{key}' should be true or false", f"write '{key}: true' or '{key}: false'")
        return None

    def date(self, key: str, required: bool = False) -> dt.date | None:
        node = self.raw(key, required)
        return as_date(node, self.report, key) if node is not None else None

    def items(self, key: str, required: bool = False, one: bool = False) -> list[Tree]:
        """A list; `one`: a single item may also be written alone (bye: a)."""
        node = self.raw(key, required)
        if node is None or (isinstance(node, Scalar) and node.value is None):
            return []
        if isinstance(node, Sequence):
            return node.items
        if one and isinstance(node, Scalar):
            return [node]
        self.report.error(node.loc, f"'{key}' should be a list", f"write '{key}: [a, b]' or one '- item' per line")
        return []

    def finish(self) -> None:
        if self.node is None:
            return
        known = sorted(self.used)
        for key, _ in self.node.items:
            name = str(key.value)
            if name not in self.used:
                hint = suggest(name, known) or f"known keys here: {', '.join(known)}"
                self.report.error(key.loc, f"unknown key '{name}' in {self.what}", hint)


def as_str(node: Tree, report: Report, what: str) -> str | None:
    if isinstance(node, Scalar) and node.value is not None and not isinstance(node.value, bool):
        return node.text.strip() if isinstance(node.value, str) else node.text
    report.error(node.loc, f"'{what}' should be a text value", "write it on one line after the colon")
    return None


def as_int(node: Tree, report: Report, what: str, minimum: int | None = None,
           maximum: int = MAX_NUMBER) -> int | None:
    if isinstance(node, Scalar) and isinstance(node.value, int) and not isinstance(node.value, bool):
        if minimum is not None and node.value < minimum:
            report.error(node.loc, f"'{what}' must be at least {minimum}, not {node.value}")
            return None
        if node.value > maximum:
            report.error(node.loc, f"'{what}' must be at most {maximum:,}, not {node.value:,}",
                         "check the number: it is far larger than any event needs")
            return None
        return node.value
    text = node.text if isinstance(node, Scalar) else KIND_NAMES[type(node)]
    report.error(node.loc, f"'{what}' should be a whole number, not '{text}'", "write digits only, e.g. 9")
    return None


def as_date(node: Tree, report: Report, what: str) -> dt.date | None:
    if isinstance(node, Scalar) and isinstance(node.value, dt.date):
        return node.value
    if isinstance(node, Scalar) and node.value is None and node.text:
        return None  # an impossible date, already reported by the reader
    text = node.text if isinstance(node, Scalar) else KIND_NAMES[type(node)]
    report.error(node.loc, f"'{what}' should be a date, not '{text}'", "write dates as YYYY-MM-DD, e.g. 2000-08-25")
    return None
