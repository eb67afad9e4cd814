"""YAML files as trees of located values, so that every problem can name its line and column.

libyaml's parser (through PyYAML, in C) gives the document as events that carry their marks; we build our
own small tree (Scalar, Mapping, Sequence) from them instead of constructing Python objects, which would lose
positions and would silently keep the last of two duplicate keys. Values are typed by YAML 1.2's core schema
(`yes` and `1:0` are text, not a boolean and a number). The file's size, its nesting and its values counted
through aliases are limited, so a hostile file is refused with a located error, not a hang.
"""

from __future__ import annotations

import datetime as dt
import math
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from ..diagnostics import Location, Report, Severity

Value = str | int | float | bool | None | dt.date


@dataclass
class Scalar:
    loc: Location
    value: Value
    text: str


@dataclass
class Mapping:
    loc: Location
    items: list[tuple[Scalar, Tree]] = field(default_factory=list)

    def keys(self) -> list[str]:
        return [str(k.value) for k, _ in self.items]

    def get(self, key: str) -> Tree | None:
        for k, v in self.items:
            if str(k.value) == key:
                return v
        return None

    def key_node(self, key: str) -> Scalar | None:
        for k, _ in self.items:
            if str(k.value) == key:
                return k
        return None


@dataclass
class Sequence:
    loc: Location
    items: list[Tree] = field(default_factory=list)

    def __iter__(self) -> Iterator[Tree]:
        return iter(self.items)


Tree = Scalar | Mapping | Sequence

KIND_NAMES = {Scalar: "a single value", Mapping: "a mapping (key: value lines)", Sequence: "a list"}


# The limits of one file, far above what an organizer writes (a federation's players.yaml of 3,000 players is
# about 0.3 MB and 20,000 values), so that a hostile file is refused with a located error instead of a hang.
MAX_BYTES = 8_000_000
MAX_DEPTH = 64  # mappings and lists inside one another
MAX_VALUES = 1_000_000  # values in the file, counting each time an alias repeats one
MAX_LINE = 120  # characters of a name, a city or a title
NOTE_LINE = 1000  # characters of a note (why a rating was adjusted, a programme item's note): still one line
MAX_NUMBER = 100_000  # above any Elo, count, minute or board number a data file holds, unless a key says more

# YAML 1.2's core schema for plain (unquoted) values, as ruamel.yaml reads it; anything else is text.
_IMPLICIT = (
    ("bool", re.compile(r"true|True|TRUE|false|False|FALSE")),
    ("float", re.compile(r"""[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+]?[0-9]+)?
        |[-+]?(?:[0-9][0-9_]*)(?:[eE][-+]?[0-9]+)
        |[-+]?\.[0-9_]+(?:[eE][-+][0-9]+)?
        |[-+]?\.(?:inf|Inf|INF)
        |\.(?:nan|NaN|NAN)""", re.X)),
    ("int", re.compile(r"[-+]?(?:0b[0-1_]+|0o?[0-7_]+|[0-9_]+|0x[0-9a-fA-F_]+)")),
    ("null", re.compile(r"~|null|Null|NULL|")),
    ("timestamp", re.compile(r"""[0-9]{4}-[0-9]{2}-[0-9]{2}
        |[0-9]{4}-[0-9][0-9]?-[0-9][0-9]?(?:[Tt]|[ \t]+)[0-9][0-9]?:[0-9]{2}:[0-9]{2}(?:\.[0-9]*)?
         (?:[ \t]*(?:Z|[-+][0-9][0-9]?(?::[0-9]{2})?))?""", re.X)),
)
_FIRST = frozenset("tTfF-+0123456789.~nN")  # the first characters of the values above
_TAG = "tag:yaml.org,2002:"


class _Parser(yaml.CSafeLoader):
    """libyaml's parser, for its events only: values are typed here, by YAML 1.2 (not PyYAML's YAML 1.1)."""

    yaml_implicit_resolvers: dict[str, list[tuple[str, re.Pattern[str]]]] = {}


def _kind(event: yaml.ScalarEvent) -> str:
    """The type of a scalar: its explicit tag (`!!int 3`), else the core schema's for a plain value."""
    if event.tag not in (None, "!"):
        tag = str(event.tag)
        return tag[len(_TAG):] if tag.startswith(_TAG) else "str"
    if event.style or not event.implicit[0]:
        return "str"  # quoted or a block: always text
    text = event.value
    if text and text[0] not in _FIRST:
        return "str"  # most values: names, ids, results
    for kind, pattern in _IMPLICIT:
        if pattern.fullmatch(text):
            return kind
    return "str"


def _number(text: str, kind: str, loc: Location, report: Report) -> Value:
    """An int or a float in YAML's notation; infinities, not-a-number and unreadable digits are reported."""
    digits = text.replace("_", "")
    try:
        if kind == "int":
            return int(digits, 0)
        value = float(digits.lower().replace(".inf", "inf").replace(".nan", "nan"))
    except ValueError:
        if kind == "int":
            return text  # e.g. 017, which YAML 1.2 does not read as a number: the text it is
        report.error(loc, f"'{text}' is not a number", "write digits, e.g. 2.5")
        return None
    if not math.isfinite(value):
        report.error(loc, f"'{text}' is not a finite number", "write digits, e.g. 2.5")
        return None
    return value


def _loc(file: str, event: yaml.Event) -> Location:
    mark = event.start_mark
    return Location(file, mark.line + 1, mark.column + 1) if mark else Location(file)


def _scalar(file: str, event: yaml.ScalarEvent, report: Report) -> Scalar:
    text = event.value
    loc = _loc(file, event)
    kind = _kind(event)
    value: Value = text
    if kind in ("int", "float"):
        value = _number(text, kind, loc, report)
    elif kind == "bool":
        value = text.lower() == "true"
    elif kind == "null":
        value = None
    elif kind == "timestamp":
        try:
            value = dt.date.fromisoformat(text)
        except ValueError:
            report.error(loc, f"'{text}' is not a date that exists", "write dates as YYYY-MM-DD, e.g. 2000-08-25")
            value = None
    return Scalar(loc, value, text)


class _Refused(Exception):
    """A file the reader will not take further (too deep, too many values, an alias inside itself)."""

    def __init__(self, loc: Location, problem: str, hint: str):
        super().__init__(problem)
        self.loc, self.problem, self.hint = loc, problem, hint


@dataclass
class _Open:
    """A mapping or list being read: its anchor, the value count when it began, and for a mapping the key
    waiting for its value (`skip`: the key was refused, drop its value) and the keys seen."""

    node: Mapping | Sequence
    anchor: str | None
    start: int
    key: Scalar | None = None
    skip: bool = False
    seen: dict[str, Location] = field(default_factory=dict)


class _Builder:
    """Builds our tree from libyaml's events, without recursion."""

    def __init__(self, file: str, report: Report):
        self.file, self.report = file, report
        self.anchors: dict[str, tuple[Tree, int] | None] = {}  # None: its value is still being read
        self.open: list[_Open] = []
        self.root: Tree | None = None
        self.count = 0
        self.documents = 0

    def loc(self, event: yaml.Event) -> Location:
        return _loc(self.file, event)

    def feed(self, event: yaml.Event) -> None:
        if type(event) is yaml.ScalarEvent:  # most events: tested first, by type
            text = event.value
            if event.tag is None and not event.style and text and text[0] not in _FIRST:
                node = Scalar(_loc(self.file, event), text, text)  # a plain word, the commonest value: text
            else:
                node = _scalar(self.file, event, self.report)
            if event.anchor is not None:
                self.anchor(event.anchor, node, 1)
            self.place(node, 1)
        elif isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            if len(self.open) >= MAX_DEPTH:
                raise _Refused(self.loc(event), f"values nested more than {MAX_DEPTH} deep",
                               "a data file needs a few levels: check the brackets and indentation")
            loc = self.loc(event)
            collection = Mapping(loc) if isinstance(event, yaml.MappingStartEvent) else Sequence(loc)
            if event.anchor is not None:
                self.anchors[event.anchor] = None
            self.open.append(_Open(collection, event.anchor, self.count))
        elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            done = self.open.pop()
            size = self.count - done.start + 1
            self.anchor(done.anchor, done.node, size)
            self.place(done.node, size)
        elif isinstance(event, yaml.AliasEvent):
            if event.anchor not in self.anchors:
                raise _Refused(self.loc(event), f"the alias *{event.anchor} has no anchor "
                               f"&{event.anchor} before it", "define the anchor first, or write the value out")
            target = self.anchors[event.anchor]
            if target is None:
                raise _Refused(self.loc(event), f"the alias *{event.anchor} repeats a value that holds it",
                               "an alias can only repeat a value that ends before it")
            self.place(*target)
        elif isinstance(event, yaml.DocumentStartEvent):
            self.documents += 1
            if self.documents > 1:
                raise _Refused(self.loc(event), "the file holds a second YAML document (a '---' line)",
                               "keep one document per file: remove the '---' and what follows, or merge them")

    def anchor(self, name: str | None, node: Tree, size: int) -> None:
        if name is not None:
            self.anchors[name] = (node, size)

    def place(self, node: Tree, size: int) -> None:
        self.count += size
        if self.count > MAX_VALUES:
            raise _Refused(node.loc, f"the file holds more than {MAX_VALUES:,} values",
                           "split it, or write the values out instead of repeating aliases")
        if not self.open:
            self.root = node
            return
        top = self.open[-1]
        if isinstance(top.node, Sequence):
            top.node.items.append(node)
        elif top.key is None and not top.skip:  # a key
            if not isinstance(node, Scalar):
                self.report.error(node.loc, "a key must be a single word or value", "write 'name: value'")
                top.skip = True
                return
            name = str(node.value)
            if name in top.seen:
                self.report.error(node.loc, f"'{name}' appears twice in the same mapping (first at line "
                                  f"{top.seen[name].line})", "keep one of them")
                top.skip = True
                return
            top.seen[name] = node.loc
            top.key = node
        elif top.skip:  # the value of a refused key
            top.skip = False
        else:
            assert top.key is not None
            top.node.items.append((top.key, node))
            top.key = None


def read_bytes(path: Path, shown: str, report: Report) -> bytes | None:
    """A data file's bytes: a regular file inside the data folder (not a link, which may lead anywhere, nor a
    folder or a device), of at most MAX_BYTES. Anything else is reported, never raised."""
    try:
        if path.is_symlink():
            report.error(Location(shown), "this is a link to another place",
                         "data files must be real files in the data folder: copy the file here")
            return None
        if not path.is_file():
            report.error(Location(shown), "this is not a file", "data files are text files")
            return None
        if path.stat().st_size > MAX_BYTES:
            report.error(Location(shown), f"the file is larger than {MAX_BYTES // 1_000_000} MB",
                         "a data file is a few kilobytes: split it, or check it is the right file")
            return None
        return path.read_bytes()
    except OSError as exc:
        report.error(Location(shown), f"cannot read the file: {exc.strerror}")
        return None


def load(path: Path, shown: str, report: Report) -> Tree | None:
    """Read one YAML file; syntax errors and files beyond the limits are reported, never raised. An empty file
    gives None; so does one that cannot be read, which is then in `report.unread` (so that nothing more is said
    about it: it is not 'empty')."""
    before = len(report.diagnostics)
    tree = _load(path, shown, report)
    if tree is None and any(d.severity is Severity.ERROR for d in report.diagnostics[before:]):
        report.unread.add(shown)
    return tree


def _load(path: Path, shown: str, report: Report) -> Tree | None:
    data = read_bytes(path, shown, report)
    if data is None:
        return None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        col = len(data[data.rfind(b"\n", 0, exc.start) + 1:exc.start].decode("utf-8", "replace")) + 1
        report.error(Location(shown, line, col), f"the file is not UTF-8 text ({exc.reason} at byte {exc.start})",
                     "save it as UTF-8")
        return None
    return parse_text(text, shown, report)


def parse_text(text: str, shown: str, report: Report) -> Tree | None:
    """YAML text as a located tree; problems reported, never raised."""
    builder = _Builder(shown, report)
    parser = _Parser(text)
    try:
        while (event := parser.get_event()) is not None:
            builder.feed(event)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (0, 0)
        problem = exc.problem or exc.context or "invalid YAML"
        report.error(Location(shown, line, col), f"YAML syntax: {problem}",
                     "check indentation, colons and brackets on this line and the one before")
        return None
    except yaml.reader.ReaderError as exc:
        line = text.count("\n", 0, exc.position) + 1
        col = exc.position - (text.rfind("\n", 0, exc.position) + 1) + 1
        report.error(Location(shown, line, col), f"the character U+{exc.character:04X} cannot appear in YAML",
                     "delete it (it is often a control character pasted by accident)")
        return None
    except yaml.YAMLError as exc:
        report.error(Location(shown), f"YAML syntax: {exc}")
        return None
    except _Refused as exc:
        report.error(exc.loc, exc.problem, exc.hint)
        return None
    finally:
        parser.dispose()
    return builder.root
