"""A proposed round file with the round's day and time from its event's schedule: `date:` and `time:` lines
added before its first key, each saying where it comes from. A file that already has either keeps its own."""

from __future__ import annotations

from datetime import date

from ..diagnostics import Report
from .yamltree import Mapping, parse_text

SOURCE = "   # from the schedule in event.yaml"


def with_date_and_time(text: str, day: date | None, time: str) -> str:
    """`text` (a round file) with `date: day` and `time: "time"` (each when given and not in the file)."""
    tree = parse_text(text.removeprefix("\ufeff"), "round file", Report())
    if not isinstance(tree, Mapping) or day is None:
        return text
    present = set(tree.keys())
    added = [f"date: {day.isoformat()}{SOURCE}"] if "date" not in present else []
    if time and "time" not in present:
        added.append(f'time: "{time}"{SOURCE}')
    if not added or not tree.items or tree.items[0][0].loc.col != 1:  # (a mapping in { } is left as it is)
        return text
    newline = "\r\n" if "\r\n" in text else "\n"
    lines = text.split(newline)
    first = tree.items[0][0].loc.line - 1  # the first key's line: the comments above it stay above
    return newline.join(lines[:first] + added + lines[first:])
