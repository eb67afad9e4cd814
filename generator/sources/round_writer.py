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
from ..rules import shogi
from ..rules.handicaps import CODES as HANDICAP_CODES
from .rounds import last_line
from .yamltree import Mapping, Scalar, Sequence, Tree, load, parse_text


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


class Changed(Exception):
    """The board is no longer what the caller saw (the file was edited meanwhile): nothing written. `.message` says
    what the board now holds (its players and result), for the person who tried to save."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


@dataclass
class _Game:
    """A board as the file writes it: its node, its players' ids (None: not two ids), the index of its handicap
    code among the items (None: no handicap) and its result items (the others after the players)."""

    node: Tree
    players: tuple[str, str] | None
    handicap: int | None
    results: list[Tree]


def _boards(tree: Tree | None) -> list[Tree]:
    """The round's boards, numbered from 1 as read_round numbers them: knock-out games, games, then each match's
    boards."""
    if not isinstance(tree, Mapping):
        return []

    def items(node: Tree | None) -> list[Tree]:
        return node.items if isinstance(node, Sequence) else []

    matches = [m for m in items(tree.get("matches")) if isinstance(m, Mapping)]
    return [*items(tree.get("knockout")), *items(tree.get("games")),
            *(board for match in matches for board in items(match.get("boards")))]


def _id(node: Tree) -> str | None:
    """A player's id as the reader takes it (as_str)."""
    if isinstance(node, Scalar) and node.value is not None and not isinstance(node.value, bool):
        return node.text.strip() if isinstance(node.value, str) else node.text
    return None


def _handicap_index(extra: list[str | None]) -> int | None:
    """Where the reader finds a handicap code among the items after the players (their texts; None: not a single
    value): alone, before the result or after it; its index among all the board's items."""
    codes = [text is not None and text.strip().lower() in HANDICAP_CODES for text in extra]
    if len(extra) in (1, 2) and codes[0]:
        return 2
    if len(extra) == 2 and codes[1]:
        return 3
    return None


def _game(node: Tree) -> _Game:
    if not isinstance(node, Sequence) or len(node.items) < 2:
        return _Game(node, None, None, [])
    a, b = _id(node.items[0]), _id(node.items[1])
    extra = node.items[2:]
    handicap = _handicap_index([n.text if isinstance(n, Scalar) else None for n in extra])
    results = [n for i, n in enumerate(node.items) if i >= 2 and i != handicap]
    return _Game(node, (a, b) if a is not None and b is not None else None, handicap, results)


def _code(game: _Game) -> str | None:
    """A board's handicap code as written; None without one."""
    node, at = game.node, game.handicap
    return _item_text(node.items[at]) if isinstance(node, Sequence) and at is not None else None


def _item_text(node: Tree) -> str:
    """An item as it reads, for comparing and for a message: a value's text, a list's items in [ ]."""
    if isinstance(node, Scalar):
        return node.text.strip()
    if isinstance(node, Sequence):
        return f"[{', '.join(_item_text(n) for n in node.items)}]"
    return "{" + ", ".join(f"{k.text}: {_item_text(v)}" for k, v in node.items) + "}"


def _same_result(seen: list[str], results: list[str]) -> bool:
    """The result items the caller saw are the file's: a pending result ('?', nothing) is no result, and a result
    is compared by its meaning (draw is ½-½)."""
    def norm(items: list[str]) -> list[str]:
        items = [item.strip() for item in items]
        if len(items) == 1 and items[0] in shogi.PENDING_WORDS + ("~", "null", "Null", "NULL"):
            return []
        if items and (result := shogi.parse_result(items[0])) is not None:
            items[0] = result.value
        return items
    return norm(seen) == norm(results)


def _holds(number: int, game: _Game) -> str:
    """What a board holds, for the person whose save was refused."""
    if game.players is None:
        return f"board {number} is no longer a game between two players"
    results = [_item_text(n) for n in game.results]
    shown = "no result yet" if _same_result([], results) else f"the result {', '.join(results)}"
    return f"board {number} is now {game.players[0]} v {game.players[1]}, with {shown}"


def _flow_items(line: str, start: int) -> tuple[list[tuple[int, int]], int] | None:
    """The spans (start, end) of the items of the flow sequence opening at line[start] ('['), and where its
    ']' is; None when it does not end on this line (or a comment cuts it)."""
    spans: list[tuple[int, int]] = []
    depth, begin, fresh, i = 0, start + 1, True, start + 1  # fresh: only spaces so far in this value
    while i < len(line):
        c = line[i]
        if fresh and c in "'\"":  # a quoted value: to its closing quote ('' and \" inside it)
            i += 1
            while i < len(line) and not (line[i] == c and not (c == "'" and line[i + 1:i + 2] == "'")):
                i += 2 if (c == '"' and line[i] == "\\") or (c == "'" and line[i:i + 2] == "''") else 1
            if i >= len(line):
                return None
            fresh = False
        elif c == "#" and line[i - 1] in " \t":
            return None
        elif c in "[{":
            depth, fresh = depth + 1, True
        elif c in "]}":
            if depth == 0:
                spans.append((begin, i))
                return spans, i
            depth, fresh = depth - 1, False
        elif c == "," and depth == 0:
            spans.append((begin, i))
            begin, fresh = i + 1, True
        elif c in ",:":
            fresh = True
        elif c not in " \t":
            fresh = False
        i += 1
    return None


_NOT_PLAIN = "\t\u2028\u2029\ufeff"  # read back as themselves, but best written as escapes


def _scalar(text: str) -> str:
    """A value for a flow sequence: as it is when YAML reads it back as itself, else in double quotes."""
    tree = parse_text(f"[{text}]", "", Report())
    if (isinstance(tree, Sequence) and len(tree.items) == 1 and isinstance(tree.items[0], Scalar)
            and tree.items[0].text == text and not any(c in _NOT_PLAIN for c in text)):
        return text
    out = []
    for c in text:
        if c in '"\\':
            out.append("\\" + c)
        elif c.isprintable() and c not in _NOT_PLAIN:
            out.append(c)
        else:
            code = ord(c)
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}")
    return '"' + "".join(out) + '"'


def _plain_except(node: Tree | None, board: Tree) -> object:
    """A tree's values without their places (_plain_value), the board's stood in for by one mark."""
    if node is board:
        return ("the board",)
    if isinstance(node, Mapping):
        return [(str(k.value), _plain_except(v, board)) for k, v in node.items]
    if isinstance(node, Sequence):
        return [_plain_except(v, board) for v in node.items]
    return None if node is None else node.value


def _occurrences(tree: Tree | None, board: Tree) -> int:
    """How many times the board is in the tree: more than once when an alias repeats it."""
    count, stack = 0, [tree]
    while stack:
        node = stack.pop()
        count += node is board
        if isinstance(node, Mapping):
            stack.extend(v for _, v in node.items)
        elif isinstance(node, Sequence):
            stack.extend(node.items)
    return count


_BY_HAND = ("write the board on one line as [first-id, second-id, result], e.g. [ono-hiroshi, smith-john, 1-0], "
            "without an anchor or alias, or add the result by hand; the file is left as it is")


def with_result(path: Path, board: int, players: tuple[str, str], fields: list[str] | None,
                was: list[str] | None = None) -> str:
    """The round file's text with board `board`'s result replaced by `fields` (the items after the two players and
    apart from a handicap code, which stays where it is: e.g. ["1-0"], ["+-"], or Shuuro's ["1-0", "checkmate",
    "250", "60"]; None or []: the result removed, the game pending again) and every other byte kept. `players`: the
    ids the caller saw on the board, in order; when the board now holds others (or no such board), raises Changed.
    `was`: the result items the caller saw (when given and the file's differ, raises Changed: someone else saved a
    result meanwhile).

    Only a board written as a one-line flow sequence ([a, b, 1-0]) is rewritten: the text between its brackets;
    the ids as spelled, the handicap code in its place (after the result when it stood alone) and the line's
    comment stay. Any other layout, an anchor or alias on the board, or a file that is not valid YAML raises
    Unreadable (located); so does a text that would read otherwise than the file did but for that board's items.
    Fields that would read back otherwise (a handicap code as the result, more than one item beside a handicap,
    a lone surrogate) raise ValueError."""
    if any(0xD800 <= ord(c) < 0xE000 for f in fields or [] for c in f):
        raise ValueError(f"{fields} hold a character that is not text (half of a surrogate pair)")
    shown = display_path(path)
    report = Report()
    load(path, shown, report)  # a link, a folder, a file too large or not UTF-8: reported, not raised
    if report.errors:
        raise Unreadable(report)
    doc = _read(path)
    boards = _boards(doc.tree)
    if not 1 <= board <= len(boards):
        raise Changed(f"there is no board {board} in this round now (it has {len(boards)})")
    game = _game(boards[board - 1])
    if game.players != tuple(players):
        raise Changed(_holds(board, game))
    if was is not None and not _same_result(was, [_item_text(n) for n in game.results]):
        raise Changed(_holds(board, game) + " (saved by someone else meanwhile)")
    node = game.node
    assert isinstance(node, Sequence)
    line = doc.lines[node.loc.line - 1]
    start = node.loc.col - 1
    if line[start:start + 1] in ("&", "!"):
        _refuse(path, node.loc.line, f"board {board} has an anchor or a tag before its '[', so its result cannot be "
                "written in", _BY_HAND)
    found = _flow_items(line, start) if line[start:start + 1] == "[" else None
    if found is None:
        _refuse(path, node.loc.line, f"board {board} is not written on one line as [a, b, …], so its result cannot "
                "be written in", _BY_HAND)
    spans, end = found
    if len(spans) == len(node.items) + 1 and not line[slice(*spans[-1])].strip():
        spans.pop()  # [a, b, 1-0,]: a comma after the last item
    texts = [line[s:e] for s, e in spans]
    if (len(spans) != len(node.items) or _occurrences(doc.tree, node) > 1
            or any(t.strip()[:1] in ("&", "*") for t in texts)):
        _refuse(path, node.loc.line, f"board {board} uses an anchor or alias (& or *), so its result cannot be "
                "written in", _BY_HAND)
    new = [_scalar(f) for f in fields or []]
    extra: list[str] = [*fields] if fields else []
    index = None  # where the handicap code goes
    if game.handicap is not None:
        code = texts[game.handicap].strip()
        before = game.handicap == 2 and len(node.items) == 4  # [giver, receiver, 2p, 1-0]
        at = 0 if before else len(new)
        new.insert(at, code)
        extra.insert(at, code)
        index = at + 2
    if _handicap_index([*extra]) != index:
        raise ValueError(f"{fields} would not read back as board {board}'s result: a handicap code, or more than "
                         "one item beside a handicap")
    inner = texts[0] + "," + texts[1].rstrip() + "".join(", " + t for t in new)
    inner += line[start + 1:end][len(line[start + 1:end].rstrip()):]  # the spaces before ']'
    lines = [*doc.lines]
    lines[node.loc.line - 1] = line[:start + 1] + inner + line[end:]
    result = doc.newline.join(lines) + (doc.newline if doc.trailing else "")
    result = ("\ufeff" if doc.bom else "") + result
    return _result_verified(path, doc, result, board, game, fields or [])


def _result_verified(path: Path, doc: _Text, result: str, board: int, game: _Game, fields: list[str]) -> str:
    """The rewritten text, when it reads as the file did but for the board's result items; else a refusal."""
    report = Report()
    after = parse_text(result.removeprefix("\ufeff"), display_path(path), report)
    boards = _boards(after)
    now = _game(boards[board - 1]) if not report.errors and len(boards) >= board else None
    same = (now is not None and now.players == game.players and _code(now) == _code(game)
            and [_item_text(n) for n in now.results] == [f.strip() for f in fields]
            and _plain_except(after, now.node) == _plain_except(doc.tree, game.node))
    if not same:
        _refuse(path, game.node.loc.line, f"board {board} is written in a way its result cannot be written in "
                "without changing other values", _BY_HAND)
    return result


def with_replay(path: Path, first: str, second: str, result: str | None) -> str:
    """The round file with the replay of the drawn game between `first` and `second` (the replay's order: its
    first-named has sente) given `result` ('1-0' or '0-1'; None: the replay taken out), under `replays:`; the line
    of an existing replay of the two is rewritten, a new one added after the last; every other line kept (splice)."""
    if result is not None and result not in ("1-0", "0-1"):
        raise ValueError(result)
    doc = _read(path)
    spans = _spans(doc.lines, doc.tree)
    block = list(doc.lines[spans["replays"][0]:spans["replays"][1] + 1]) if "replays" in spans else ["replays:"]
    node = next((v for k, v in doc.tree.items if str(k.value) == "replays"), None) \
        if isinstance(doc.tree, Mapping) else None
    items = node.items if isinstance(node, Sequence) else []
    if node is not None and not isinstance(node, Sequence) and not (isinstance(node, Scalar) and node.value is None):
        _refuse(path, node.loc.line, "replays: is not a list of games", "write each replay as - [a, b, 1-0]")
    line = f"  - [{first}, {second}, {result}]"
    for item in items:
        ids = [_id(x) for x in item.items[:2]] if isinstance(item, Sequence) else []
        if set(ids) != {first, second}:
            continue
        at = item.loc.line - 1 - spans["replays"][0]
        text = block[at]
        body = text[:len(text) - len(_eol_comment(text))].strip()
        if not (body.startswith("- [") and body.endswith("]") and item.loc.line == last_line(item)):
            _refuse(path, item.loc.line, "this replay is not written on one line as - [a, b, result]",
                    "write it so, or change it by hand; the file is left as it is")
        indent = text[:len(text) - len(text.lstrip())]
        if result is None:
            del block[at]
        else:
            block[at] = f"{indent}- [{first}, {second}, {result}]" + _eol_comment(text)
        break
    else:
        if result is None:  # no such replay: nothing to take out
            return path.read_bytes().decode("utf-8")
        last = max((i for i, x in enumerate(block) if x.strip() and not x.lstrip().startswith("#")), default=0)
        if block[0].split("#")[0].strip() != "replays:":  # replays: [] or a value on the key's line
            _refuse(path, spans["replays"][0] + 1 if "replays" in spans else 1, "replays: is written on one line",
                    "write each replay on its own line, - [a, b, 1-0], under replays:")
        block.insert(last + 1, line)
    kept = [x for x in block[1:] if x.strip() and not x.lstrip().startswith("#")]
    blocks: dict[str, list[str] | None] = {"replays": block if kept else None}
    return _verified(path, doc, _splice(doc, blocks), blocks)


def add_late_entry(path: Path, player: str, from_round: int) -> str:
    """event.yaml with `{player: id, from_round: n}` added at the end of its `players:` list, written one entry a
    line; every other line kept (splice). A list written in [ ] is refused (the entry is added by hand there)."""
    doc = _read(path)
    span = _spans(doc.lines, doc.tree).get("players")
    if span is None:
        _refuse(path, 1, "event.yaml has no players: list", "add the entry by hand under players:")
    block = list(doc.lines[span[0]:span[1] + 1])
    head = block[0].split(":", 1)[1]
    if head.strip() and not head.strip().startswith("#"):
        _refuse(path, span[0] + 1, "players: is written in [ ] on one line",
                f"add {{player: {player}, from_round: {from_round}}} to it by hand")
    entries = [x for x in block[1:] if x.strip() and not x.lstrip().startswith("#")]
    indent = entries[-1][:len(entries[-1]) - len(entries[-1].lstrip())] if entries else "  "
    last = max(i for i, x in enumerate(block) if x.strip() and not x.lstrip().startswith("#"))
    block.insert(last + 1, f"{indent}- {{player: {player}, from_round: {from_round}}}   # a late entry, at the desk")
    blocks: dict[str, list[str] | None] = {"players": block}
    return _verified(path, doc, _splice(doc, blocks), blocks)
