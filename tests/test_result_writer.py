"""with_result: one board's result written into a round file, every other byte kept; a board that changed since
the caller saw it is refused (Changed), and so is a layout the writer cannot keep (Unreadable, located)."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.diagnostics import Report
from generator.model import Board, Result, Round
from generator.sources.round_writer import Changed, Unreadable, with_result
from generator.sources.rounds import read_round


def write(tmp_path: Path, text: str | bytes, name: str = "round-1.yaml") -> Path:
    path = tmp_path / name
    if isinstance(text, str):
        path.write_bytes(text.encode("utf-8"))
    else:
        path.write_bytes(text)
    return path


def reread(tmp_path: Path, text: str, game: str = "shogi") -> Round:
    """The written text as read_round reads it, from a file of its own; it must read without a problem."""
    path = tmp_path / "written.yaml"
    path.write_bytes(text.encode("utf-8"))
    report = Report()
    found = read_round(path, 1, report, game)
    assert not report.errors, report.errors
    return found


def only_line_changed(before: str, after: str, index: int, expected: str) -> None:
    """`after` is `before` with line `index` (0-based, its line ending kept) replaced by `expected`."""
    old, new = before.splitlines(keepends=True), after.splitlines(keepends=True)
    assert len(new) == len(old)
    assert new[:index] + new[index + 1:] == old[:index] + old[index + 1:]
    assert new[index] == expected


def board(found: Round, number: int) -> Board:
    return next(b for b in found.games if b.board == number)


ROUND = ("# Round 2: the arbiter's notes stay.\n"
         "date: 2024-03-03   # confirmed\n"
         "knockout:   # the ESC's semi-final\n"
         "  - [adams-amy, baker-ben, 1-0]\n"
         "games:\n"
         "  - [clark-cy,       dean-dora]   # board 2: a long talk\n"
         "  - [lefevre-julien,  ono-hiroshi]      # padded by hand\n"
         "  - [evans-rhys, fox-fay, 0-1]\n"
         "bye: [gray-gus]\n"
         "# The end.\n")


def test_a_result_goes_onto_its_board_numbered_after_the_knockout(tmp_path):
    path = write(tmp_path, ROUND)
    # Board 1 is the knock-out game, so the games' second line (Lefèvre - Ono) is board 3; its padded ids and
    # its comment stay, ", 1-0" comes before its ']'.
    text = with_result(path, 3, ("lefevre-julien", "ono-hiroshi"), ["1-0"])
    only_line_changed(ROUND, text, 6, "  - [lefevre-julien,  ono-hiroshi, 1-0]      # padded by hand\n")
    found = reread(tmp_path, text)
    assert board(found, 3).result is Result.SENTE_WINS
    assert board(found, 2).result is None and board(found, 1).result is Result.SENTE_WINS
    assert path.read_text(encoding="utf-8") == ROUND  # the caller writes; nothing is written here


def test_a_result_replaces_another_and_is_removed(tmp_path):
    path = write(tmp_path, ROUND)
    # Board 4 is Evans - Fox, 0-1: a draw instead, then no result (pending again).
    text = with_result(path, 4, ("evans-rhys", "fox-fay"), ["½-½"], was=["0-1"])
    only_line_changed(ROUND, text, 7, "  - [evans-rhys, fox-fay, ½-½]\n")
    assert board(reread(tmp_path, text), 4).result is Result.DRAW
    for cleared in (None, []):
        text = with_result(path, 4, ("evans-rhys", "fox-fay"), cleared)
        only_line_changed(ROUND, text, 7, "  - [evans-rhys, fox-fay]\n")
        assert board(reread(tmp_path, text), 4).result is None


@pytest.mark.parametrize("written, result", [("+-", Result.SENTE_WINS_UNPLAYED), ("-+", Result.GOTE_WINS_UNPLAYED),
                                             ("--", Result.NEITHER_PLAYED), ("0-1", Result.GOTE_WINS)])
def test_the_no_show_results_are_written_plain_and_read_back(tmp_path, written, result):
    path = write(tmp_path, ROUND)
    # Board 2, Clark - Dean: the spaces after Clark's comma and the comment stay; the result is written as it is
    # (+-, -+ and -- read as text in a flow sequence, not as numbers or an empty value).
    text = with_result(path, 2, ("clark-cy", "dean-dora"), [written])
    only_line_changed(ROUND, text, 5, f"  - [clark-cy,       dean-dora, {written}]   # board 2: a long talk\n")
    assert board(reread(tmp_path, text), 2).result is result


def test_the_byte_order_mark_crlf_and_no_final_line_break_stay(tmp_path):
    before = "\ufeff# Round 1\r\ngames:\r\n  - [adams-amy, baker-ben]   # first\r\n  - [clark-cy, dean-dora]"
    path = write(tmp_path, before)
    # Board 2 (Clark - Dean) on the last line, which has no line break; the BOM and CRLF stay.
    text = with_result(path, 2, ("clark-cy", "dean-dora"), ["-+"])
    assert text == "\ufeff# Round 1\r\ngames:\r\n  - [adams-amy, baker-ben]   # first\r\n  - [clark-cy, dean-dora, -+]"
    text = with_result(path, 1, ("adams-amy", "baker-ben"), ["1-0"])
    assert text == ("\ufeff# Round 1\r\ngames:\r\n  - [adams-amy, baker-ben, 1-0]   # first\r\n"
                    "  - [clark-cy, dean-dora]")
    found = reread(tmp_path, text)
    assert board(found, 1).result is Result.SENTE_WINS and board(found, 2).result is None


@pytest.mark.parametrize("written, fields, expected, result, code", [
    # The handicap alone (a proposed round): the result goes before it, as [giver, receiver, result, code].
    ("[ono-hiroshi, smith-john, 2p]", ["1-0"], "[ono-hiroshi, smith-john, 1-0, 2p]", Result.SENTE_WINS, "2p"),
    # The handicap before the result stays before it, as written (upper case too).
    ("[ono-hiroshi, smith-john, 2P, 1-0]", ["0-1"], "[ono-hiroshi, smith-john, 2P, 0-1]", Result.GOTE_WINS, "2p"),
    # The handicap after the result stays after it.
    ("[ono-hiroshi, smith-john, 1-0, rl]", ["½-½"], "[ono-hiroshi, smith-john, ½-½, rl]", Result.DRAW, "rl"),
    # Removing the result leaves the handicap alone, wherever it stood.
    ("[ono-hiroshi, smith-john, 1-0, rl]", [], "[ono-hiroshi, smith-john, rl]", None, "rl"),
    ("[ono-hiroshi, smith-john, l, 1-0]", None, "[ono-hiroshi, smith-john, l]", None, "l"),
])
def test_the_handicap_code_stays_in_its_place(tmp_path, written, fields, expected, result, code):
    before = f"games:\n  - [kaufman-larry, evans-rhys]\n  - {written}   # Ono gives it\n"
    path = write(tmp_path, before)
    text = with_result(path, 2, ("ono-hiroshi", "smith-john"), fields)
    only_line_changed(before, text, 2, f"  - {expected}   # Ono gives it\n")
    found = board(reread(tmp_path, text), 2)
    assert found.result is result and found.handicap == code


TEAM = ("# Team Match round 1\n"
        "matches:\n"
        "  - teams: [japan, team-b]   # Japan - Team B\n"
        "    boards:\n"
        "      - [ono-hiroshi, andersson-erik, r, 0-1]       # board 1: Ono gives R\n"
        "      - [hashimoto-kenji, garcia-pablo, rl]         # board 2: Hashimoto gives RL\n"
        "  - teams: [great-britain, france]   # Great Britain - France\n"
        "    boards:\n"
        "      - [smith-james, lefevre-julien]        # board 1: even\n"
        "      - [brown-oliver, dubois-claire, l]     # board 2: Brown gives L\n"
        "absent: [keller-nina]\n")


def test_a_team_rounds_boards_are_numbered_on_through_the_matches(tmp_path):
    path = write(tmp_path, TEAM)
    # No knock-out and no games: Japan's boards are 1 and 2, Great Britain's 3 and 4.
    text = with_result(path, 3, ("smith-james", "lefevre-julien"), ["0-1"])
    only_line_changed(TEAM, text, 8, "      - [smith-james, lefevre-julien, 0-1]        # board 1: even\n")
    # Board 4 has its handicap alone: the result goes before it.
    text = with_result(path, 4, ("brown-oliver", "dubois-claire"), ["+-"])
    only_line_changed(TEAM, text, 9, "      - [brown-oliver, dubois-claire, +-, l]     # board 2: Brown gives L\n")
    found = reread(tmp_path, text)
    assert board(found, 4).result is Result.SENTE_WINS_UNPLAYED and board(found, 4).handicap == "l"
    assert board(found, 1).result is Result.GOTE_WINS and board(found, 2).result is None
    # Board 1 with the handicap before its result: the code stays where it is.
    text = with_result(path, 1, ("ono-hiroshi", "andersson-erik"), ["1-0"], was=["0-1"])
    only_line_changed(TEAM, text, 4, "      - [ono-hiroshi, andersson-erik, r, 1-0]       # board 1: Ono gives R\n")
    assert board(reread(tmp_path, text), 1).result is Result.SENTE_WINS


def test_boards_written_in_one_flow_list_are_rewritten_in_place(tmp_path):
    before = ("matches:\n"
              "  - teams: [a, b]          # Ash - Birch\n"
              "    boards: [[a1, b1, 1-0], [b2, a2]]\n")
    path = write(tmp_path, before)
    # Board 2 is the second list on the line: only the text inside its brackets changes.
    text = with_result(path, 2, ("b2", "a2"), ["½-½"])
    only_line_changed(before, text, 2, "    boards: [[a1, b1, 1-0], [b2, a2, ½-½]]\n")
    assert board(reread(tmp_path, text), 2).result is Result.DRAW


def test_a_board_on_its_own_line_inside_a_flow_list_over_several_lines(tmp_path):
    before = "games: [   # drawn at nine\n    [a-a, b-b],\n    [c-c, d-d, 1-0,]\n  ]\n"
    path = write(tmp_path, before)
    # Board 2 is on line 3, its comma after the result with it: only its brackets' text changes, so the ',' after
    # board 1 and the ']' on the next line stay.
    text = with_result(path, 2, ("c-c", "d-d"), ["-+"], was=["1-0"])
    only_line_changed(before, text, 2, "    [c-c, d-d, -+]\n")
    assert board(reread(tmp_path, text), 2).result is Result.GOTE_WINS_UNPLAYED


SHUURO = ("# A finished game: [first, second, result, ending, points the first eliminated, points the\n"
          "# second eliminated], e.g. [a, b, 1-0, checkmate, 250, 60].\n"
          "date: 2009-08-22\n"
          "games:\n"
          "  - [klein-stefan, lefevre-julien, 1-0, checkmate, 160, 50]\n"
          "  - [bakker-jan, shah-priya, 1-0, checkmate, [queen, rook], [bishop, pawn, pawn]]\n"
          "  - [hughes-megan, smith-james]\n"
          "bye: [horak-jakub]\n")


def test_a_shuuro_result_with_its_ending_and_points(tmp_path):
    path = write(tmp_path, SHUURO)
    # Board 3 (Hughes - Smith) ends 0-1 by resignation, Hughes having eliminated 80 points and Smith 150.
    text = with_result(path, 3, ("hughes-megan", "smith-james"), ["0-1", "resignation", "80", "150"])
    only_line_changed(SHUURO, text, 6, "  - [hughes-megan, smith-james, 0-1, resignation, 80, 150]\n")
    found = board(reread(tmp_path, text, "shuuro"), 3)
    assert found.result is Result.GOTE_WINS and found.ending == "resignation"
    assert found.captured is not None and (found.captured[0].points, found.captured[1].points) == (80, 150)
    # Board 2's pieces lists are result items too: the caller saw them as written, and they are replaced.
    text = with_result(path, 2, ("bakker-jan", "shah-priya"), ["+-"],
                       was=["1-0", "checkmate", "[queen, rook]", "[bishop, pawn, pawn]"])
    only_line_changed(SHUURO, text, 5, "  - [bakker-jan, shah-priya, +-]\n")
    assert board(reread(tmp_path, text, "shuuro"), 2).result is Result.SENTE_WINS_UNPLAYED


def test_oware_moves_are_quoted_when_yaml_needs_it(tmp_path):
    before = "games:\n  - [mensah-ama, osei-kwame]\n"
    path = write(tmp_path, before)
    # The moves hold commas, which would split them into items: they are written in double quotes. Without a
    # comma they read back as one value, so they stay plain.
    text = with_result(path, 1, ("mensah-ama", "osei-kwame"), ["1-0", "25-seeds", "26", "14", "c, F, a"])
    only_line_changed(before, text, 1, '  - [mensah-ama, osei-kwame, 1-0, 25-seeds, 26, 14, "c, F, a"]\n')
    text = with_result(path, 1, ("mensah-ama", "osei-kwame"), ["1-0", "25-seeds", "26", "14", "c F a"])
    only_line_changed(before, text, 1, "  - [mensah-ama, osei-kwame, 1-0, 25-seeds, 26, 14, c F a]\n")
    found = board(reread(tmp_path, text, "oware"), 1)
    assert found.result is Result.SENTE_WINS and found.moves == ("c", "F", "a")


@pytest.mark.parametrize("number, players, message", [
    (2, ("dean-dora", "clark-cy"), "board 2 is now clark-cy v dean-dora, with no result yet"),
    (4, ("evans-rhys", "gray-gus"), "board 4 is now evans-rhys v fox-fay, with the result 0-1"),
    (5, ("gray-gus", "adams-amy"), "there is no board 5 in this round now (it has 4)"),
    (0, ("adams-amy", "baker-ben"), "there is no board 0 in this round now (it has 4)"),
])
def test_a_board_that_now_holds_other_players_is_refused(tmp_path, number, players, message):
    path = write(tmp_path, ROUND)
    with pytest.raises(Changed) as refused:
        with_result(path, number, players, ["1-0"])
    assert refused.value.message == message


def test_a_result_saved_meanwhile_is_refused(tmp_path):
    path = write(tmp_path, ROUND)
    # Board 4 holds 0-1: a caller who saw it pending, or saw 1-0, is told what it holds now.
    for seen in ([], ["1-0"]):
        with pytest.raises(Changed) as refused:
            with_result(path, 4, ("evans-rhys", "fox-fay"), ["½-½"], was=seen)
        assert refused.value.message == ("board 4 is now evans-rhys v fox-fay, with the result 0-1 (saved by "
                                         "someone else meanwhile)")
    # Board 2 is pending: a caller who saw a result there is told it has none.
    with pytest.raises(Changed, match="with no result yet"):
        with_result(path, 2, ("clark-cy", "dean-dora"), ["1-0"], was=["1-0"])
    # A result is compared by its meaning: 'draw' is the ½-½ the caller saw.
    before = "games:\n  - [a-a, b-b, draw]\n  - [c-c, d-d, '?']\n"
    path = write(tmp_path, before)
    text = with_result(path, 1, ("a-a", "b-b"), ["1-0"], was=["½-½"])
    only_line_changed(before, text, 1, "  - [a-a, b-b, 1-0]\n")
    text = with_result(path, 2, ("c-c", "d-d"), ["0-1"], was=[])  # '?': still being played
    only_line_changed(before, text, 2, "  - [c-c, d-d, 0-1]\n")


def refusal(path: Path, number: int, players: tuple[str, str]) -> tuple[int, str]:
    with pytest.raises(Unreadable) as refused:
        with_result(path, number, players, ["1-0"])
    [problem] = refused.value.report.errors
    return problem.location.line, problem.message


def test_a_board_in_block_style_is_refused_at_its_line(tmp_path):
    path = write(tmp_path, "# Round 1\ngames:\n  - [a-a, b-b]\n  - - c-c\n    - d-d\n")
    # Board 2 is a block list starting on line 4.
    line, message = refusal(path, 2, ("c-c", "d-d"))
    assert line == 4 and "board 2 is not written on one line" in message
    # Board 1 is one line: it is written.
    assert "  - [a-a, b-b, 1-0]\n" in with_result(path, 1, ("a-a", "b-b"), ["1-0"])


def test_a_board_over_several_lines_or_with_a_comment_inside_is_refused(tmp_path):
    path = write(tmp_path, "games:\n  - [a-a, b-b]\n  - [c-c,\n     d-d]\n  - [e-e,   # first\n     f-f]\n")
    assert refusal(path, 2, ("c-c", "d-d")) == (3, "board 2 is not written on one line as [a, b, …], so its "
                                                   "result cannot be written in")
    assert refusal(path, 3, ("e-e", "f-f"))[0] == 5


def test_anchors_and_aliases_are_refused(tmp_path):
    # Board 1 is anchored on line 2 and repeated by an alias as board 2; board 3 holds an alias of an id.
    path = write(tmp_path, "games:\n  - &x [a-a, b-b]\n  - *x\n  - [&c c-c, d-d]\n  - [*c, e-e]\n")
    assert refusal(path, 1, ("a-a", "b-b"))[0] == 2
    assert refusal(path, 2, ("a-a", "b-b"))[0] == 2  # the alias is the anchored board itself
    assert refusal(path, 3, ("c-c", "d-d")) == (4, "board 3 uses an anchor or alias (& or *), so its result "
                                                   "cannot be written in")
    assert refusal(path, 4, ("c-c", "e-e"))[0] == 5
    # A whole list repeated: its board is board 1 (knock-out) and board 2 (games) at once.
    path = write(tmp_path, "knockout: &g\n  - [a-a, b-b]\ngames: *g\n")
    assert refusal(path, 2, ("a-a", "b-b"))[0] == 2


@pytest.mark.parametrize("content", [
    b"games:\n  - [a-a, b-b\n",  # not YAML
    b"games:\n  - [a-a, \xff]\n",  # not UTF-8
    b"games:\r\n  - [a-a, b-b]\n",  # two kinds of line ending
    b"[" * 100 + b"]" * 100,  # nested deeper than a file may be
])
def test_a_file_that_cannot_be_read_is_refused(tmp_path, content):
    path = write(tmp_path, content)
    with pytest.raises(Unreadable) as refused:
        with_result(path, 1, ("a-a", "b-b"), ["1-0"])
    assert refused.value.report.errors


def test_a_missing_file_or_a_folder_is_refused(tmp_path):
    for path in (tmp_path / "missing.yaml", tmp_path):
        with pytest.raises(Unreadable):
            with_result(path, 1, ("a-a", "b-b"), ["1-0"])


def test_a_long_line_and_awkward_fields(tmp_path):
    long = "x" * 200_000
    before = f"games:\n  - [{long}, b-b]   # {long}\n"
    path = write(tmp_path, before)
    # The fields are written so that they read back as given: plain when they can be (a quote inside a word),
    # else in double quotes ('#' after a space would start a comment; a tab is written as an escape; a value that
    # starts with a quote has its quotes escaped).
    text = with_result(path, 1, (long, "b-b"), ["1-0", "o'k", "a #b", "c\td", '"x" y'])
    only_line_changed(before, text, 1, f"  - [{long}, b-b, 1-0, o'k, \"a #b\", \"c\\x09d\", "
                                       f"\"\\\"x\\\" y\"]   # {long}\n")
    # A handicap code in place of the result would read as the board's handicap: refused, nothing written.
    with pytest.raises(ValueError):
        with_result(path, 1, (long, "b-b"), ["2p"])
    with pytest.raises(ValueError):  # half of a surrogate pair: no text at all
        with_result(path, 1, (long, "b-b"), ["1-0\ud800"])
    # A quoted id stays quoted, with its spaces; the spaces before ']' stay too.
    before = "games:\n  - ['a-a',  \"b-b\" , 1-0 ]  # q\n"
    path = write(tmp_path, before)
    text = with_result(path, 1, ("a-a", "b-b"), ["0-1"])
    only_line_changed(before, text, 1, "  - ['a-a',  \"b-b\", 0-1 ]  # q\n")


def test_an_empty_file_has_no_board(tmp_path):
    path = write(tmp_path, "# pairings later\n")
    with pytest.raises(Changed, match="no board 1 in this round now"):
        with_result(path, 1, ("a-a", "b-b"), ["1-0"])
