"""Writes a proposed round file for the arbiter to review and commit; an existing file keeps its comments."""

from __future__ import annotations

import io
from pathlib import Path

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq


def _flow(items: list[str]) -> CommentedSeq:
    seq = CommentedSeq(items)
    seq.fa.set_flow_style()
    return seq


Pairs = list[tuple[str, str]]


def new_text(header: list[str], pairs: Pairs, bye: str | None, absent: list[str], board_notes: list[str],
             knockout: Pairs | None = None, knockout_notes: list[str] | None = None,
             knockout_comment: str = "") -> str:
    """knockout: the games of a knock-out inside the event, written first under 'knockout:'."""
    knockout = knockout or []
    width = max((len(a) for a, _ in [*knockout, *pairs]), default=0) + 1
    lines = [f"# {h}" if h else "#" for h in header]
    sections = [("knockout", knockout, knockout_notes or [""] * len(knockout), knockout_comment),
                ("games", pairs, board_notes, "")]
    for key, section, notes, comment in sections:
        if not section and key == "knockout":
            continue
        lines.append(f"{key}:" + (f"   # {comment}" if comment else ""))
        for (a, b), note in zip(section, notes, strict=True):
            lines.append(f"  - [{a + ',':<{width}} {b}]" + (f"   # {note}" if note else ""))
    if bye:
        lines.append(f"bye: [{bye}]")
    if absent:
        lines.append(f"absent: [{', '.join(absent)}]")
    return "\n".join(lines) + "\n"


def update_text(path: Path, pairs: Pairs, bye: str | None, absent: list[str], knockout: Pairs | None = None) -> str:
    """The existing file with new games, knock-out games, bye and absent lists; its other keys and comments
    stay."""
    yaml = _round_trip()
    data = yaml.load(path.read_text(encoding="utf-8"))
    if not isinstance(data, CommentedMap):
        data = CommentedMap()
    if knockout:
        data["knockout"] = CommentedSeq([_flow([a, b]) for a, b in knockout])
    elif "knockout" in data:
        del data["knockout"]
    data["games"] = CommentedSeq([_flow([a, b]) for a, b in pairs])
    for key, value in (("bye", [bye] if bye else []), ("absent", absent)):
        if value:
            data[key] = _flow(value)
        elif key in data:
            del data[key]
    out = io.StringIO()
    yaml.dump(data, out)
    return out.getvalue()


def _round_trip() -> YAML:
    yaml = YAML(typ="rt")
    yaml.width = 120
    yaml.preserve_quotes = True
    yaml.indent(mapping=2, sequence=4, offset=2)  # "  - [a, b]", as organizers write it
    return yaml


def add_teams(path: Path, teams: list[tuple[str, str, list[str]]], comments: list[str]) -> str:
    """event.yaml with new teams (id, name, players) added under 'teams:' and 'unattached:' removed; every other
    line and comment stays."""
    yaml = _round_trip()
    data = yaml.load(path.read_text(encoding="utf-8"))
    existing = data.get("teams")
    if not isinstance(existing, CommentedMap):
        existing = CommentedMap()
        data["teams"] = existing
    for (tid, name, players), comment in zip(teams, comments, strict=True):
        entry = CommentedMap([("name", name), ("players", _flow(players))])
        entry.fa.set_flow_style()
        existing[tid] = entry
        if comment:
            existing.yaml_add_eol_comment(comment, tid)
    if "unattached" in data:
        del data["unattached"]
    out = io.StringIO()
    yaml.dump(data, out)
    return out.getvalue()


Board = tuple[str, str, str | None]


def team_text(header: list[str], matches: list[tuple[str, str, str, list[Board], list[str]]],
              absent: list[str]) -> str:
    """A team round: each match (team ids, a comment, its boards with handicaps and a comment per board)."""
    lines = [f"# {h}" if h else "#" for h in header]
    lines.append("matches:")
    for a, b, comment, boards, notes in matches:
        lines.append(f"  - teams: [{a}, {b}]" + (f"   # {comment}" if comment else ""))
        lines.append("    boards:")
        width = max((len(x) + len(y) for x, y, _ in boards), default=0) + 4
        for (x, y, code), note in zip(boards, notes, strict=True):
            inner = f"{x}, {y}" + (f", {code}" if code else "")
            lines.append(f"      - [{inner + ']':<{width + 4}}" + (f"   # {note}" if note else ""))
    if absent:
        lines.append(f"absent: [{', '.join(absent)}]")
    return "\n".join(lines) + "\n"


def update_team_text(path: Path, matches: list[tuple[str, str, str, list[Board], list[str]]],
                     absent: list[str]) -> str:
    """The existing file with new matches and absent list; its other keys and comments stay."""
    yaml = _round_trip()
    data = yaml.load(path.read_text(encoding="utf-8"))
    if not isinstance(data, CommentedMap):
        data = CommentedMap()
    seq = CommentedSeq()
    for a, b, _, boards, _ in matches:
        seq.append(CommentedMap([("teams", _flow([a, b])),
                                 ("boards", CommentedSeq([_flow([x, y, *([c] if c else [])]) for x, y, c in boards]))]))
    data["matches"] = seq
    if absent:
        data["absent"] = _flow(absent)
    elif "absent" in data:
        del data["absent"]
    out = io.StringIO()
    yaml.dump(data, out)
    return out.getvalue()
