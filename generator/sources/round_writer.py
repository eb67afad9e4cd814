"""Writes a proposed round file for the arbiter to review and commit. An existing file is spliced: only the
lines of the keys a proposal replaces are rewritten, every other byte stays as the organizer wrote it."""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq

from ..diagnostics import Location, Report, display_path
from .yamltree import Mapping, Sequence, Tree, parse_text


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
            lines.append(_game_line(a, b, width) + (f"   # {note}" if note else ""))
    if bye:
        lines.append(f"bye: [{bye}]")
    if absent:
        lines.append(f"absent: [{', '.join(absent)}]")
    return "\n".join(lines) + "\n"


class Unreadable(Exception):
    """The file to update cannot be read as YAML: it is left as it is, and the problems say where."""

    def __init__(self, report: Report):
        super().__init__("unreadable")
        self.report = report


@dataclass
class _Text:
    """A file to splice: its lines without line endings, how it ends them, its byte order mark, and its tree."""

    lines: list[str]
    newline: str
    bom: bool
    trailing: bool  # the last line ends with a line break
    tree: Tree | None


def _read(path: Path) -> _Text:
    raw = path.read_bytes()
    text = raw.decode("utf-8-sig")
    report = Report()
    tree = parse_text(text, display_path(path), report)
    if report.errors:
        raise Unreadable(report)
    crlf, lf, cr = text.count("\r\n"), text.count("\n") - text.count("\r\n"), text.count("\r") - text.count("\r\n")
    if cr or (crlf and lf):
        _refuse(path, 1, "the file ends its lines in more than one way" if crlf and lf or cr and (crlf or lf)
                else "the file ends its lines with CR alone", "save it with one kind of line ending (LF, or CRLF) "
                "and run the command again; the file is left as it is")
    rows = text.replace("\r\n", "\n").split("\n")
    flow = isinstance(tree, Mapping) and rows[tree.loc.line - 1][tree.loc.col - 1:].lstrip().startswith("{")
    if tree is not None and not isinstance(tree, Mapping) or flow:
        _refuse(path, tree.loc.line if tree else 1, "the file is not a mapping of keys, one a line",
                "write each key on its own line (games:, date: …) and run the command again")
    lines = rows
    trailing = lines[-1] == ""
    if trailing:
        lines.pop()
    return _Text(lines, "\r\n" if crlf else "\n", raw.startswith(b"\xef\xbb\xbf"), trailing, tree)


def _refuse(path: Path, line: int, problem: str, hint: str) -> NoReturn:
    report = Report()
    report.error(Location(display_path(path), line), problem, hint)
    raise Unreadable(report)


def _plain_value(node: Tree | None) -> object:
    """A tree's values without their places, for comparing two versions of a file."""
    if isinstance(node, Mapping):
        return [(str(k.value), _plain_value(v)) for k, v in node.items]
    if isinstance(node, Sequence):
        return [_plain_value(v) for v in node.items]
    return None if node is None else node.value


def _top(tree: Tree | None) -> dict[str, object]:
    return {str(k.value): _plain_value(v) for k, v in tree.items} if isinstance(tree, Mapping) else {}


def _verified(path: Path, doc: _Text, result: str, blocks: dict[str, list[str] | None]) -> str:
    """The spliced text, when it reads as the file did with only `blocks` changed; else a located refusal (the
    file's layout is one a splice cannot keep: a flow mapping over several lines, an anchor used elsewhere …)."""
    shown = display_path(path)
    report = Report()
    after = parse_text(result.removeprefix("\ufeff"), shown, report)
    wanted = {k: v for k, v in _top(doc.tree).items() if k not in blocks}
    for key, lines in blocks.items():
        if lines is not None:
            wanted[key] = _top(parse_text("\n".join(lines) + "\n", shown, Report())).get(key)
    got = _top(after) if not report.errors else None
    if got != wanted:
        _refuse(path, 1, "the file is written in a way the command cannot rewrite without changing other lines "
                "(a value over several lines in { }, an anchor used by another key …)",
                "write the keys one a line in block style, or make the change by hand; the file is left as it is")
    return result


def splice(path: Path, blocks: dict[str, list[str] | None]) -> str:
    """The file with the top-level keys of `blocks` rewritten (their lines replaced by the given lines; None:
    the key removed; a key not in the file is added after the last of them that is) and every other byte kept:
    comments, blank lines, quoting, anchors, the byte order mark and the line endings. The end-of-line comment
    of a one-line key that is rewritten stays on it. A file that is not valid YAML raises Unreadable."""
    doc = _read(path)
    return _verified(path, doc, _splice(doc, blocks), blocks)


def _splice(doc: _Text, blocks: dict[str, list[str] | None]) -> str:
    spans = _spans(doc.lines, doc.tree)
    present = sorted((spans[k], k) for k in blocks if k in spans)
    added = [line for k in blocks if k not in spans for line in blocks[k] or []]
    out: list[str] = []
    done = 0  # the lines before this one are in `out`
    for (first, last), key in present:
        new = blocks[key] or []
        if new and not _eol_comment(new[0]):  # the key's end-of-line comment stays on its line
            new = [new[0] + _eol_comment(doc.lines[first]), *new[1:]]
        out += doc.lines[done:first] + new + (added if key == present[-1][1] else [])
        done = last + 1
    out += doc.lines[done:] + ([] if present else added)
    result = doc.newline.join(out) + (doc.newline if doc.trailing or not out else "")
    return ("\ufeff" if doc.bom else "") + result


def _spans(lines: list[str], tree: Tree | None) -> dict[str, tuple[int, int]]:
    """Each top-level key's lines (first, last; 0-based, inclusive): from the key to its value's last line;
    comments, blank lines and a document end ('...') before the next key are not the key's."""
    keys = [(str(k.value), k.loc.line) for k, _ in tree.items] if isinstance(tree, Mapping) else []
    spans: dict[str, tuple[int, int]] = {}
    for n, (key, line) in enumerate(keys):
        last = (keys[n + 1][1] - 1 if n + 1 < len(keys) else len(lines)) - 1
        while last > line - 1 and (not lines[last].strip() or lines[last].lstrip().startswith("#")
                                   or _document_end(lines[last])):
            last -= 1
        spans[key] = (line - 1, last)
    return spans


def _document_end(line: str) -> bool:
    """'...' at the start of a line, alone or before a comment: the end of the YAML document."""
    rest = line[3:]
    return line.startswith("...") and (not rest.strip() or rest[:1] in (" ", "\t") and rest.lstrip()[:1] == "#")


def _eol_comment(line: str) -> str:
    """The end-of-line comment of a line ('   # …'), outside quotes; '' without one."""
    quote = None
    for i, c in enumerate(line):
        if quote:
            quote = None if c == quote else quote
        elif c in "'\"":
            quote = c
        elif c == "#" and i > 0 and line[i - 1] in " \t":
            j = i
            while j > 0 and line[j - 1] in " \t":
                j -= 1
            return line[j:]
    return ""


def _game_line(a: str, b: str, width: int) -> str:
    """'  - [a, b]', the first ids of a list padded to `width` so that the second ones line up."""
    return f"  - [{a + ',':<{width}} {b}]"


def _games(key: str, pairs: Pairs) -> list[str] | None:
    if not pairs:
        return None
    width = max(len(a) for a, _ in pairs) + 1
    return [f"{key}:", *(_game_line(a, b, width) for a, b in pairs)]


def update_text(path: Path, pairs: Pairs, bye: str | None, absent: list[str], knockout: Pairs | None = None) -> str:
    """The existing file with new games, knock-out games, bye and absent lists; every other line stays as
    written (splice)."""
    return splice(path, {"knockout": _games("knockout", knockout or []), "games": _games("games", pairs) or
                         ["games: []"], "bye": [f"bye: [{bye}]"] if bye else None,
                         "absent": [f"absent: [{', '.join(absent)}]"] if absent else None})


def _round_trip() -> YAML:
    yaml = YAML(typ="rt")
    yaml.width = 120
    yaml.preserve_quotes = True
    yaml.indent(mapping=2, sequence=4, offset=2)  # "  - [a, b]", as organizers write it
    return yaml


def add_teams(path: Path, teams: list[tuple[str, str, list[str]]], comments: list[str]) -> str:
    """event.yaml with new teams (id, name, players) added at the end of 'teams:' and 'unattached:' removed;
    every other line and comment stays (splice)."""
    doc = _read(path)
    lines = doc.lines
    span = _spans(lines, doc.tree).get("teams")
    head = lines[span[0]].split(":", 1)[1] if span else ""
    if span and head.strip() and not head.strip().startswith("#"):  # teams written in flow style: rewrite all
        return _add_teams_round_trip(path, teams, comments)
    existing = lines[span[0]:span[1] + 1] if span else ["teams:"]
    entries = [line for line in existing[1:] if line.strip() and not line.lstrip().startswith("#")]
    indent = entries[0][:len(entries[0]) - len(entries[0].lstrip())] if entries else "  "
    added = [f"{indent}{tid}: {{name: {_plain(name)}, players: [{', '.join(players)}]}}"
             + (f"   # {comment}" if comment else "")
             for (tid, name, players), comment in zip(teams, comments, strict=True)]
    blocks: dict[str, list[str] | None] = {"teams": existing + added, "unattached": None}
    return _verified(path, doc, _splice(doc, blocks), blocks)


def _plain(text: str) -> str:
    """A YAML scalar for a flow mapping: as it is when safe, else double-quoted."""
    if text and all(c.isalnum() or c in " -_.'" for c in text) and text[0] not in "-'" and text == text.strip():
        return text
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _add_teams_round_trip(path: Path, teams: list[tuple[str, str, list[str]]], comments: list[str]) -> str:
    """(Its byte order mark and line endings kept, as a splice keeps them.)"""
    doc = _read(path)
    yaml = _round_trip()
    data = yaml.load(path.read_text(encoding="utf-8-sig"))
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
    return ("\ufeff" if doc.bom else "") + out.getvalue().replace("\n", doc.newline)


Board = tuple[str, str, str | None]


def team_text(header: list[str], matches: list[tuple[str, str, str, list[Board], list[str]]],
              absent: list[str], bye: str | None = None) -> str:
    """A team round: each match (team ids, a comment, its boards with handicaps and a comment per board), and the
    team that sits out."""
    lines = [f"# {h}" if h else "#" for h in header]
    lines.append("matches:")
    for a, b, comment, boards, notes in matches:
        lines.append(f"  - teams: [{a}, {b}]" + (f"   # {comment}" if comment else ""))
        lines.append("    boards:")
        width = max((len(x) + len(y) for x, y, _ in boards), default=0) + 4
        for (x, y, code), note in zip(boards, notes, strict=True):
            inner = f"{x}, {y}" + (f", {code}" if code else "")
            lines.append(f"      - [{inner + ']':<{width + 4}}" + (f"   # {note}" if note else ""))
    if bye is not None:
        lines.append(f"bye: {bye}   # a won match and half its boards in board points")
    if absent:
        lines.append(f"absent: [{', '.join(absent)}]")
    return "\n".join(lines) + "\n"


def update_team_text(path: Path, matches: list[tuple[str, str, str, list[Board], list[str]]],
                     absent: list[str], bye: str | None = None) -> str:
    """The existing file with new matches, bye and absent list; every other line stays as written (splice)."""
    block = team_text([], matches, [])
    return splice(path, {"matches": block.rstrip("\n").split("\n"),
                         "bye": [f"bye: {bye}"] if bye else None,
                         "absent": [f"absent: [{', '.join(absent)}]"] if absent else None})
