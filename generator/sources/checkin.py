"""The desk's check-in, checkin.yaml in an event folder: for each round (`round-9:`), who reported as present and
who misses it (`absent:`, left out of the round's pairing as `pair --absent` leaves him out). Read into located
records; written back with only one round's lines changed (round_writer.splice)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from ..diagnostics import Report, display_path
from ..model import RoundCheckIn
from .common import SLUG, refs
from .fields import Fields
from .files import check_writable
from .round_writer import splice
from .yamltree import KIND_NAMES, Mapping, Scalar, load

KEY = re.compile(r"^round-([1-9][0-9]{0,8})\Z")  # round-1 … (a round past the event's is a check's error)
HEADER = ("# Check-in at the desk: who has reported for each round (written by the desk, or by hand).\n"
          "# round-N: {present: [ids], absent: [ids]}; an absent player is left out of round N's pairing.\n")
EXAMPLE = "write e.g. round-9: {present: [ono-hiroshi], absent: [davies-tom]}"


def read_checkin(path: Path, report: Report) -> tuple[RoundCheckIn, ...]:
    """Each round's check-in, in round order; every problem reported where it is written."""
    shown = display_path(path)
    tree = load(path, shown, report)
    if tree is None:  # empty (nothing checked in yet), or unreadable (reported)
        return ()
    if not isinstance(tree, Mapping):
        report.error(tree.loc, f"checkin.yaml should be {KIND_NAMES[Mapping]}, not {KIND_NAMES[type(tree)]}",
                     f"give each round a key of its own: {EXAMPLE}")
        return ()
    out = []
    for key, value in tree.items:
        number = _number(key, report)
        if number is None:
            continue
        if isinstance(value, Scalar) and value.value is None:
            report.error(key.loc, f"round-{number} in checkin.yaml is empty", f"{EXAMPLE}, or remove the key")
            continue
        if not isinstance(value, Mapping):
            report.error(value.loc, f"round-{number} in checkin.yaml should be {KIND_NAMES[Mapping]}, not "
                         f"{KIND_NAMES[type(value)]}", EXAMPLE)
            continue
        f = Fields(value, report, f"round-{number} of checkin.yaml", value.loc)
        present = refs(f.items("present"), report, "present")
        absent = refs(f.items("absent"), report, "absent")
        f.finish()
        out.append(RoundCheckIn(number, tuple(present), tuple(absent), key.loc))
    return tuple(sorted(out, key=lambda c: c.number))


def _number(key: Scalar, report: Report) -> int | None:
    """The round a key names (round-9: 9), or None (reported)."""
    match = KEY.match(key.text)
    if match:
        return int(match.group(1))
    whole = key.value if isinstance(key.value, int) and not isinstance(key.value, bool) else None
    hint = (f"write round-{whole}" if whole is not None and 0 < whole < 10**9
            else "the keys are the rounds: round-1, round-2, …")
    report.error(key.loc, f"unknown key '{key.text}' in checkin.yaml", hint)
    return None


def checkin_text(path: Path, number: int, present: list[str], absent: list[str]) -> str:
    """checkin.yaml's new text with round `number`'s key rewritten (added after the others when new; removed when
    `present` and `absent` are both empty), every other byte kept; a file that does not exist yet begins with a
    comment saying what it is. Raises files.Unwritable for a link, a folder or a device at `path` (nothing is
    read through it) and round_writer.Unreadable for a file that cannot be read as YAML."""
    if number < 1:
        raise ValueError(f"round {number}: rounds are numbered from 1")
    check_writable(path)
    key = f"round-{number}"
    lines = [f"{key}:", *(f"  {name}: [{', '.join(_plain(p) for p in ids)}]"
                          for name, ids in (("present", present), ("absent", absent)) if ids)]
    block = lines if len(lines) > 1 else None
    if path.exists():
        return splice(path, {key: block})
    return HEADER + "".join(f"{line}\n" for line in block or [])


def _plain(pid: str) -> str:
    """An id as a flow list's item: as it is when YAML reads it back as that text, else double-quoted."""
    if SLUG.match(pid) and pid[0].isalpha() and pid not in ("true", "false", "null"):
        return pid
    return json.dumps(pid, ensure_ascii=False)
