"""Reads a round file (round-<n>.yaml, playoff.yaml): its games, team matches, replays, byes and absences. A
game is [sente, gote, result]; in Shuuro and Oware it also says how it ended and what each player took."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from ..diagnostics import Location, Report, display_path
from ..rules.oware import game as oware
from ..rules import shogi
from ..rules.shuuro import game as shuuro
from ..rules.handicaps import CODES as HANDICAP_CODES
from ..model import Capture, Board, Match, Ref, Result, Round
from .common import refs
from .fields import Fields, as_int, as_str, suggest
from .yamltree import Mapping, Scalar, Sequence, Tree, load

TIME = re.compile(r"^([01]?[0-9]|2[0-3]):[0-5][0-9]\Z")


def read_round(path: Path, number: int, report: Report, game: str = "shogi") -> Round:
    shown = display_path(path)
    before = len(report.errors)
    tree = load(path, shown, report)
    if tree is None and len(report.errors) > before:
        return Round(number, Location(shown, 1), readable=False)  # a syntax error: nothing more to say about it
    f = Fields(tree, report, f"round {number}", Location(shown, 1, 1))
    date = f.date("date")
    time = f.text("time")
    if time is not None and not TIME.match(time):
        node = f.raw("time")
        report.error(node.loc if node else f.loc(), f"'{time}' is not a time of day",
                     "write it as HH:MM in quotes, e.g. time: \"10:00\"")
        time = None
    # Knock-out games first (they are the event's top boards), then the Swiss games, then team matches'
    # boards, numbered on; replays stand apart.
    games: list[Board] = []
    boards = [(node, True) for node in f.items("knockout")] + [(node, False) for node in f.items("games")]
    for board, (node, knockout) in enumerate(boards, start=1):
        found = _scored_game(node, board, report, FORMS[game]) if game in FORMS else _game(node, board, report)
        if found is not None:
            games.append(replace(found, knockout=knockout))
    matches: list[Match] = []
    board = len(boards) + 1
    for node in f.items("matches"):
        match = _match(node, board, report)
        if match is not None:
            matches.append(match)
            games.extend(match.games)
            board += len(match.games)
    replays = []
    for nth, node in enumerate(f.items("replays"), start=1):
        replay = _game(node, nth, report, "replay")
        if replay is not None:
            replays.append(replay)
    byes = refs(f.items("bye", one=True), report, "bye")
    absent = refs(f.items("absent"), report, "absent")
    f.finish()
    # Where a missing pairing is reported: after everything written in the file, so that the problems of the
    # lines above, which often cause it (a mistyped id), come first.
    end = last_line(tree) + 1 if tree is not None else 1
    return Round(number, Location(shown, 1), date=date, time=time, games=tuple(games),
                 byes=tuple(byes), absent=tuple(absent), replays=tuple(replays), matches=tuple(matches),
                 pairings_end=Location(shown, end))


def last_line(tree: Tree) -> int:
    """The last line a value of the tree is written on."""
    last, stack = tree.loc.line, [tree]
    while stack:
        node = stack.pop()
        last = max(last, node.loc.line)
        if isinstance(node, Mapping):
            stack.extend(v for _, v in node.items)
        elif isinstance(node, Sequence):
            stack.extend(node.items)
    return last


def _match(node: Tree, first_board: int, report: Report) -> Match | None:
    """{teams: [team-a, team-b], boards: [games, board 1 first]}: the first team's player is named first on a
    board unless a handicap is written (then the giver is)."""
    m = Fields(node, report, "a match", node.loc)
    teams = refs(m.items("teams", required=True), report, "teams")
    boards = m.items("boards", required=True)
    m.finish()
    if len(teams) != 2:
        if m.ok:
            report.error(node.loc, "a match needs two teams", "write teams: [team-a, team-b]")
        return None
    games = []
    for board, game_node in enumerate(boards, start=first_board):
        game = _game(game_node, board, report)
        if game is not None:
            games.append(game)
    return Match((teams[0], teams[1]), tuple(games), node.loc)


GAME_HINT = ("write a game as [sente-id, gote-id, result], e.g. [takahashi-ken, smith-john, 1-0], "
             "or with a handicap the first player gives: [giver-id, receiver-id, result, 2p]")


def _game(node: Tree, board: int, report: Report, what: str = "board") -> Board | None:
    if not isinstance(node, Sequence) or not 2 <= len(node.items) <= 4:
        report.error(node.loc, f"{what} {board} is not a game", GAME_HINT)
        return None
    sente_id = as_str(node.items[0], report, "sente")
    gote_id = as_str(node.items[1], report, "gote")
    # After the two players: the result and the handicap, in either order (a proposed round has the handicap
    # alone, and the arbiter adds the result).
    result = None
    handicap = None
    extra = node.items[2:]
    if len(extra) == 1 and isinstance(extra[0], Scalar) and extra[0].text.strip().lower() in HANDICAP_CODES:
        extra = [Scalar(extra[0].loc, None, ""), extra[0]]  # [giver, receiver, 2p]: not played yet
    elif len(extra) == 2 and isinstance(extra[0], Scalar) and extra[0].text.strip().lower() in HANDICAP_CODES:
        extra = [extra[1], extra[0]]
    if len(extra) == 2:
        hnode = extra[1]
        text = hnode.text if isinstance(hnode, Scalar) else ""
        handicap = text.strip().lower()
        if handicap not in HANDICAP_CODES:
            report.error(hnode.loc, f"'{text}' is not a handicap",
                         f"write one of {', '.join(HANDICAP_CODES)}: the handicap the first-named player gives")
            handicap = None
    if extra:
        result = _result(extra[0], report)
    if sente_id is None or gote_id is None:
        return None
    return Board(board, Ref(sente_id, node.items[0].loc), Ref(gote_id, node.items[1].loc), result, node.loc,
                handicap=handicap)


def _result(rnode: Tree, report: Report) -> Result | None:
    """A board's result; None while the game is being played, or when it is no result (reported: the pairing
    is kept, as not yet played, so that its players are not also reported missing)."""
    text = rnode.text if isinstance(rnode, Scalar) else ""
    if isinstance(rnode, Scalar) and (rnode.value is None or text.strip() in shogi.PENDING_WORDS):
        return None
    result = shogi.parse_result(text) if isinstance(rnode, Scalar) else None
    if result is None:
        report.error(rnode.loc, f"'{text}' is not a result",
                     "write 1-0, 0-1, ½-½ (or draw), +- or -+ (no-show), -- (neither came), "
                     "or leave it out while the game is being played")
    return result


@dataclass(frozen=True)
class ScoredForm:
    """How a game that records more than its result is written: Shuuro's eliminated points, Oware's seeds."""

    game: str  # "a Shuuro game"
    hint: str
    endings: dict[str, str]  # word as written → ending
    listed: tuple[str, ...]  # the endings, as the hint lists them
    taken: str  # "eliminated points", "seeds"
    example: str  # "250, 60"
    each: str  # "the points each player eliminated"
    read_taken: Callable[[Tree, Report], Capture | None]
    most: int  # items on a board, the moves included


def _seeds(node: Tree, report: Report) -> Capture | None:
    n = as_int(node, report, "seeds taken", minimum=0)
    return None if n is None else Capture(n, node.loc)


def _scored_game(node: Tree, board: int, report: Report, form: ScoredForm) -> Board | None:
    """[a, b] while the game is played; [a, b, result, ending, took-a, took-b] once it is over, and (Oware) the
    moves after them. A result without a game (+-, -+, --) needs nothing more."""
    if not isinstance(node, Sequence) or not 2 <= len(node.items) <= form.most:
        report.error(node.loc, f"board {board} is not a game", form.hint)
        return None
    a = as_str(node.items[0], report, "first player")
    b = as_str(node.items[1], report, "second player")
    extra = node.items[2:]
    result = _result(extra[0], report) if extra else None
    ending = None
    if len(extra) >= 2:
        enode = extra[1]
        word = enode.text.strip().lower() if isinstance(enode, Scalar) else ""
        ending = form.endings.get(word)
        if ending is None:
            report.error(enode.loc, f"'{word}' is not how {form.game} ends",
                         suggest(word, list(form.endings)) or f"write one of {', '.join(form.listed)}")
    captured = None
    if len(extra) >= 3:
        took = [form.read_taken(n, report) for n in extra[2:4]]
        if len(took) == 1:
            report.error(extra[2].loc, f"only one player's {form.taken} are written",
                         f"write both: the first player's, then the second's, e.g. {form.example}")
        elif took[0] is not None and took[1] is not None:
            captured = (took[0], took[1])
    moves: tuple[str, ...] = ()
    moves_loc = None
    if len(extra) == 5:
        mnode = extra[4]
        if isinstance(mnode, Scalar) and isinstance(mnode.value, str):
            moves, moves_loc = tuple(mnode.value.replace(",", " ").split()), mnode.loc
        else:
            report.error(mnode.loc, "the moves are not a text", "write them in quotes, e.g. \"c F a E …\"")
    played = result in (Result.SENTE_WINS, Result.GOTE_WINS, Result.DRAW)
    if played and len(extra) < 3:  # one count alone is reported above
        report.error(node.loc, f"board {board} has a result but not "
                     f"{'how the game ended and ' if ending is None else ''}{form.each}",
                     form.hint)
    if result is not None and not played and len(extra) > 1:
        report.error(extra[1].loc, f"a game that was not played has no ending or {form.taken}",
                     "leave them out: write e.g. [a, b, +-]")
    if a is None or b is None:
        return None
    return Board(board, Ref(a, node.items[0].loc), Ref(b, node.items[1].loc), result, node.loc, ending=ending,
                captured=captured, moves=moves, moves_loc=moves_loc)


def _capture(node: Tree, report: Report) -> Capture | None:
    """Points as a number (a multiple of 10), or the pieces taken as a list."""
    if isinstance(node, Sequence):
        pieces = []
        for item in node.items:
            word = item.text.strip().lower() if isinstance(item, Scalar) else ""
            piece = shuuro.ALIASES.get(word)
            if piece is None:
                report.error(item.loc, f"'{word}' is not a Shuuro piece",
                             suggest(word, list(shuuro.PIECES)) or f"the pieces are {', '.join(shuuro.PIECES)}")
                return None
            pieces.append(piece)
        return Capture(shuuro.points_of(pieces), node.loc, tuple(pieces))
    if isinstance(node, Scalar) and isinstance(node.value, int) and not isinstance(node.value, bool):
        if node.value < 0 or node.value % 10:
            report.error(node.loc, f"{node.value} points of eliminated pieces: every piece costs a multiple "
                         "of 10, so the points are 0, 10, 20, …", "count the pieces taken again")
            return None
        return Capture(node.value, node.loc)
    report.error(node.loc, f"'{node.text if isinstance(node, Scalar) else '…'}' is not the points of the "
                 "pieces eliminated", "write a number such as 60, or the pieces, e.g. [pawn, pawn, knight]")
    return None


FORMS = {
    "shuuro": ScoredForm(
        "a Shuuro game",
        "write a game as [first-id, second-id, result, ending, points-first-took, points-second-took], e.g. "
        "[rossi-marco, kaufman-larry, 1-0, checkmate, 250, 60]; the points may be lists of the pieces taken, "
        "e.g. [queen, rook, rook]",
        {e: e for e in shuuro.ENDINGS}, tuple(shuuro.ENDINGS), "eliminated points", "250, 60",
        "the points each player eliminated", _capture, 6),
    "oware": ScoredForm(
        "an Oware game",
        "write a game as [first-id, second-id, result, ending, seeds-first, seeds-second], e.g. "
        "[mensah-ama, osei-kwame, 1-0, 25-seeds, 26, 14], optionally followed by the moves in quotes, "
        "e.g. \"c F a E …\"",
        oware.ALIASES, tuple(oware.ENDINGS), "seeds", "26, 14", "the seeds each player took", _seeds, 7),
}
