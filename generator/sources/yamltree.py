"""YAML files as trees of located values, so that every problem can name its line and column.

ruamel.yaml composes the document into nodes that carry their marks; we turn those into our own small
tree (Scalar, Mapping, Sequence) instead of constructing Python objects, which would lose positions and
would silently keep the last of two duplicate keys.
"""

from __future__ import annotations

import datetime as dt
import difflib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from ruamel.yaml import YAML
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from ..diagnostics import Location, Report

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


def _loc(file: str, node: Node) -> Location:
    return Location(file, node.start_mark.line + 1, node.start_mark.column + 1)


def _scalar(file: str, node: ScalarNode, report: Report) -> Scalar:
    tag, text = str(node.tag), node.value
    loc = _loc(file, node)
    value: Value = text
    if tag.endswith(":int"):
        try:
            value = int(text.replace("_", ""), 0)
        except ValueError:
            value = text
    elif tag.endswith(":float"):
        value = float(text)
    elif tag.endswith(":bool"):
        value = text.lower() == "true"
    elif tag.endswith(":null"):
        value = None
    elif tag.endswith(":timestamp"):
        try:
            value = dt.date.fromisoformat(text)
        except ValueError:
            report.error(loc, f"'{text}' is not a date that exists", "write dates as YYYY-MM-DD, e.g. 2000-08-25")
            value = None
    return Scalar(loc, value, text)


def _convert(file: str, node: Node, report: Report) -> Tree:
    if isinstance(node, ScalarNode):
        return _scalar(file, node, report)
    if isinstance(node, SequenceNode):
        return Sequence(_loc(file, node), [_convert(file, n, report) for n in node.value])
    if isinstance(node, MappingNode):
        mapping = Mapping(_loc(file, node))
        seen: dict[str, Location] = {}
        for key_node, value_node in node.value:
            key = _convert(file, key_node, report)
            if not isinstance(key, Scalar):
                report.error(key.loc, "a key must be a single word or value", "write 'name: value'")
                continue
            name = str(key.value)
            if name in seen:
                first = seen[name]
                report.error(
                    key.loc,
                    f"'{name}' appears twice in the same mapping (first at line {first.line})",
                    "keep one of them",
                )
                continue
            seen[name] = key.loc
            mapping.items.append((key, _convert(file, value_node, report)))
        return mapping
    raise TypeError(f"unexpected YAML node {node!r}")  # a bug, not a data problem


def load(path: Path, shown: str, report: Report) -> Tree | None:
    """Read one YAML file; syntax errors are reported, never raised. An empty file gives None."""
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        report.error(Location(shown), f"the file is not UTF-8 text ({exc.reason} at byte {exc.start})",
                     "save it as UTF-8")
        return None
    except OSError as exc:
        report.error(Location(shown), f"cannot read the file: {exc.strerror}")
        return None
    try:
        node = YAML(typ="safe", pure=False).compose(text)  # the C parser (ruamel.yaml.clib), with marks
    except MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (0, 0)
        problem = exc.problem or exc.context or "invalid YAML"
        report.error(Location(shown, line, col), f"YAML syntax: {problem}",
                     "check indentation, colons and brackets on this line and the one before")
        return None
    except YAMLError as exc:
        report.error(Location(shown), f"YAML syntax: {exc}")
        return None
    if node is None:
        return None
    return _convert(shown, node, report)


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

    def integer(self, key: str, required: bool = False, minimum: int | None = None) -> int | None:
        node = self.raw(key, required)
        return as_int(node, self.report, key, minimum) if node is not None else None

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

    def items(self, key: str, required: bool = False) -> list[Tree]:
        node = self.raw(key, required)
        if node is None or (isinstance(node, Scalar) and node.value is None):
            return []
        if isinstance(node, Sequence):
            return node.items
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


def as_int(node: Tree, report: Report, what: str, minimum: int | None = None) -> int | None:
    if isinstance(node, Scalar) and isinstance(node.value, int) and not isinstance(node.value, bool):
        if minimum is not None and node.value < minimum:
            report.error(node.loc, f"'{what}' must be at least {minimum}, not {node.value}")
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
