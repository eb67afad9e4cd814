"""The Lisp data FESA's rating program keeps its lists in (ratingliste.pre/.post, nye-spillere): read with
located errors and limits, and written back as the program prints it (`~s`, no pretty printing), so that a list
it wrote and we rewrite is the same bytes.

What the lists hold: lists, strings, integers, ratios (1/2), characters (#\\E), the symbols NIL and T, keywords
(:LB) and structures (#S(PLAYER :LAST-NAME "…" …)). Nothing else is read: a list is data, never code."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..diagnostics import Location, Report
from ..model import Struct as Struct  # (read and written here)

MAX_BYTES = 10_000_000  # FESA's whole list is about 1 MB
MAX_DEPTH = 32
MAX_DIGITS = 30
MAX_STRUCTS = 50_000  # each is a dictionary in memory: a hundred times the bytes it is written in


@dataclass(frozen=True)
class Char:
    value: str


@dataclass(frozen=True)
class Keyword:
    name: str  # upper case, without the colon


# The program's structures and their slots in declaration order, with the defaults make-… gives.
SLOTS: dict[str, tuple[tuple[str, object], ...]] = {
    "PLAYER": (("LAST-NAME", ""), ("FIRST-NAME", ""), ("NATIONALITY-LIST", None), ("GRADE-LEVEL", 0),
               ("GRADE-NAME", ""), ("NSR-GRADE-LEVEL", 0), ("NSR-GRADE-NAME", ""), ("ELO-NUMBER", None),
               ("GAMES", None), ("LAST-PLAYED", None), ("LB-COUNT", None), ("MP-COUNT", None), ("BONUS-COUNT", 0)),
    "HOME": (("LIST", None), ("NATIONALITY", None), ("RESIDENS", None), ("LAST", None)),
}


class LispError(Exception):
    def __init__(self, offset: int, message: str, hint: str):
        super().__init__(message)
        self.offset, self.message, self.hint = offset, message, hint


def read_all(text: str, shown: str, report: Report, lines: list[int] | None = None) -> list[object] | None:
    """Every top-level form of the text; None (and located errors) when it cannot be read. `lines`, when given,
    gets the line of each item of the top-level lists (a list's entries, for locating a bad one)."""
    if len(text) > MAX_BYTES:
        report.error(Location(shown, 1), f"the file has {len(text):,} characters, more than a list ever has",
                     f"a rating list is at most {MAX_BYTES:,} characters")
        return None
    reader = _Reader(text)
    reader.shown = shown
    reader.item_lines = lines
    try:
        forms = []
        while reader.skip() < len(text):
            forms.append(reader.form(0))
        return forms
    except LispError as exc:
        line = text.count("\n", 0, exc.offset) + 1
        col = exc.offset - (text.rfind("\n", 0, exc.offset) + 1) + 1
        report.error(Location(shown, line, col), exc.message, exc.hint)
        return None



_DELIMITERS = set("()\" \t\r\n;")


class _Reader:
    def __init__(self, text: str):
        self.text, self.pos, self.shown = text, 0, ""
        self._seen = (0, 1)  # (offset, its line): lines are counted forward from the last structure's
        self.item_lines: list[int] | None = None
        self.structs = 0

    def line(self, offset: int) -> int:
        at, line = self._seen
        if offset < at:
            at, line = 0, 1
        line += self.text.count("\n", at, offset)
        self._seen = (offset, line)
        return line

    def skip(self) -> int:
        text = self.text
        while self.pos < len(text):
            c = text[self.pos]
            if c in " \t\r\n\f":
                self.pos += 1
            elif c == ";":
                end = text.find("\n", self.pos)
                self.pos = len(text) if end < 0 else end
            else:
                break
        return self.pos

    def form(self, depth: int) -> object:
        if depth > MAX_DEPTH:
            raise LispError(self.pos, f"the data is nested more than {MAX_DEPTH} deep", "a rating list is flat")
        start = self.skip()
        text = self.text
        if depth == 1 and self.item_lines is not None and start < len(text):
            self.item_lines.append(self.line(start))
        if start >= len(text):
            raise LispError(start, "the file ends inside a list", "close every ( with a )")
        c = text[start]
        if c == "(":
            self.pos += 1
            return self._items(depth)
        if c == ")":
            raise LispError(start, "a ) closes nothing", "remove it, or the ( it was meant for is missing")
        if c == '"':
            return self._string()
        if text.startswith("#S(", start) or text.startswith("#s(", start):
            self.structs += 1
            if self.structs > MAX_STRUCTS:
                raise LispError(start, f"more than {MAX_STRUCTS:,} #S( structures, more than a rating list ever has",
                                "check it is the right file")
            self.pos += 3
            line = self.line(start)  # (before its items: lines are counted forward)
            items = self._items(depth)
            return self._struct(items, start, line)
        if text.startswith("#\\", start):
            if start + 2 >= len(text):
                raise LispError(start, "a character #\\ without its letter", "write e.g. #\\E")
            self.pos = start + 3
            return Char(text[start + 2])
        return self._atom()

    def _items(self, depth: int) -> list[object]:
        items: list[object] = []
        while True:
            at = self.skip()
            if at >= len(self.text):
                raise LispError(at, "the file ends inside a list", "close every ( with a )")
            if self.text[at] == ")":
                self.pos += 1
                return items
            items.append(self.form(depth + 1))

    def _string(self) -> str:
        text, out, i = self.text, [], self.pos + 1
        while i < len(text):
            c = text[i]
            if c == "\\" and i + 1 < len(text):
                out.append(text[i + 1])
                i += 2
            elif c == '"':
                self.pos = i + 1
                return "".join(out)
            else:
                out.append(c)
                i += 1
        raise LispError(self.pos, "a string is not closed", 'end it with "')

    def _atom(self) -> object:
        text, start = self.text, self.pos
        end = start
        while end < len(text) and text[end] not in _DELIMITERS:
            end += 1
        word = text[start:end]
        self.pos = end
        upper = word.upper()
        if upper == "NIL":
            return None
        if upper == "T":
            return True
        if upper.startswith(":") and len(upper) > 1:
            return Keyword(upper[1:])
        number = word.lstrip("+-")
        if number[:1].isdigit():
            parts = number.split("/")
            if len(number) > MAX_DIGITS or len(parts) > 2 or not all(p.isdigit() for p in parts) \
                    or (len(parts) == 2 and int(parts[1]) == 0):
                raise LispError(start, f"'{word[:40]}' is not a number a rating list holds",
                                "write whole numbers or ratios like 1/2")
            return Fraction(word) if len(parts) == 2 else int(word)
        if word and all(c.isalnum() or c in "-_*+" for c in word):
            return Symbol(upper)
        raise LispError(start, f"'{word[:40]}' is not a value a rating list holds",
                        "a list holds strings, whole numbers, ratios like 1/2, NIL, T, :KEYWORDS and #S(…)")

    def _struct(self, items: list[object], start: int, line: int) -> Struct:
        if not items or not isinstance(items[0], Symbol) or items[0].name not in SLOTS:
            raise LispError(start, "#S( names no structure of the rating program",
                            f"the list's structures are {' and '.join(SLOTS)}")
        name = items[0].name
        known = dict(SLOTS[name])
        slots = dict(known)
        rest = items[1:]
        if len(rest) % 2:
            raise LispError(start, f"#S({name} …) has a slot without its value", "write :SLOT value pairs")
        for key, value in zip(rest[::2], rest[1::2], strict=True):
            if not isinstance(key, Keyword) or key.name not in known:
                raise LispError(start, f"#S({name} …) has an unknown slot {key!r}",
                                f"{name}'s slots: {', '.join(known)}")
            slots[key.name] = value
        return Struct(name, slots, Location(self.shown, line))


@dataclass(frozen=True)
class Symbol:
    name: str


def write(value: object) -> str:
    """The value as the program prints it with ~s (CLISP, *print-pretty* nil)."""
    if value is None:
        return "NIL"
    if value is True:
        return "T"
    if isinstance(value, bool):
        raise TypeError("false is NIL in Lisp: write None")
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Fraction):
        return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, Char):
        return "#\\" + value.value
    if isinstance(value, Keyword):
        return ":" + value.name
    if isinstance(value, Symbol):
        return value.name
    if isinstance(value, Struct):
        return f"#S({value.name} " + " ".join(f":{k} {write(v)}" for k, v in value.slots.items()) + ")"
    if isinstance(value, (list, tuple)):
        return "(" + " ".join(write(v) for v in value) + ")" if value else "NIL"
    raise TypeError(f"no Lisp form for {value!r}")
