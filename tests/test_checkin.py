"""The desk's check-in, checkin.yaml in an event folder: read, checked (each problem located), written back keeping
every other byte, and used by `pair` as its --absent. The mini festival (tests/fixtures/mini) is copied to tmp for
each test: five entrants in Open (adams-amy, baker-ben, clark-cy, dean-dora, evil), three rounds; round 2 has
dean-dora absent, round 3 has adams-amy v dean-dora on its line 3 and clark-cy v evil on line 4."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.diagnostics import Report
from generator.pipeline import load
from generator.sources.checkin import HEADER, checkin_text, read_checkin

from .conftest import run_generator

CHECKIN = "cup/open/checkin.yaml"
SHOWN = "data/cup/open/checkin.yaml"  # as check prints it, run in tmp_path with --data data


def problems(tmp_path: Path) -> tuple[list[str], list[str], int]:
    """`check` as a user runs it: its error lines, its warning lines, its exit code (never a traceback)."""
    result = run_generator("check", "--data", "data", cwd=tmp_path)
    assert "Traceback" not in result.stderr
    lines = result.stdout.splitlines() + result.stderr.splitlines()
    return [x for x in lines if ": error: " in x], [x for x in lines if ": warning: " in x], result.returncode


# --- reading and checking ------------------------------------------------------------------------------------

def test_a_clean_checkin_passes_check_and_is_on_the_event(datadir, tmp_path):
    datadir(CHECKIN, """
        # Check-in at the desk.
        round-1:
          present: [adams-amy, baker-ben, clark-cy, dean-dora, evil]
        round-2:   # Saturday afternoon
          present:
            - adams-amy
            - baker-ben
            - clark-cy
            - evil
          absent: [dean-dora]
        """)
    assert problems(tmp_path) == ([], [], 0)  # nor taken for a round file with a bad name
    event = next(e for e in load(datadir.root).data.events() if e.id == "open")
    two = event.checked_in(2)
    assert two is not None
    assert [r.id for r in two.present] == ["adams-amy", "baker-ben", "clark-cy", "evil"]
    # Line 10: the comment, round-1 and its list (3 lines), round-2, present: and its 4 ids (6 lines), then absent;
    # column 12, after "  absent: [" (11 characters).
    assert [(r.id, r.loc.line, r.loc.col) for r in two.absent] == [("dean-dora", 10, 12)]
    assert event.checked_in(3) is None
    assert [c.number for c in event.checkin] == [1, 2]


def _withdraw_dean(datadir) -> None:
    """Dean withdraws after round 2 (round 3's file, where he plays, removed)."""
    event = datadir.root / "cup/open/event.yaml"
    event.write_text(event.read_text() + "withdrawn:\n  - {player: dean-dora, after_round: 2}\n")
    (datadir.root / "cup/open/round-3.yaml").unlink()


def _add_fox_from_round_3(datadir) -> None:
    from .test_late_entries import add_late_fox
    add_late_fox(datadir)


def _register_fox(datadir) -> None:
    """Fox in players.yaml, but entered in no event."""
    players = datadir.root / "players.yaml"
    players.write_text(players.read_text() + "fox-finn:   {family: Fox, given: Finn, country: GB}\n")


# Each: what is set up first, checkin.yaml, the one error `check` prints. Columns by hand: "  absent: [" is 11
# characters, so the first id of an absent list is at column 12; "  present: [" is 12, column 13.
ERRORS = [
    ("an id that is no one's", None, "round-2:\n  absent: [dean-dor]\n",
     f"{SHOWN}:2:12: error: unknown player id 'dean-dor' (did you mean 'dean-dora'?)"),
    ("a player not entered", _register_fox, "round-2:\n  absent: [fox-finn]\n",
     f"{SHOWN}:2:12: error: Fox, Finn is in the check-in of round 2 but not entered in Open "
     "(use the id of an entrant ('players' in event.yaml))"),
    ("present and absent", None, "round-2:\n  present: [adams-amy, dean-dora]\n  absent: [dean-dora]\n",
     f"{SHOWN}:3:12: error: Dean, Dora is both present and absent in round 2 (present at line 2) "
     "(keep him in one of the two lists)"),
    ("listed twice", None, "round-2:\n  absent:\n    - dean-dora\n    - dean-dora\n",
     f"{SHOWN}:4:7: error: Dean, Dora is listed twice in round 2 (also at line 3) (remove one of them)"),
    ("a round past the event's", None, "round-1:\n  present: [evil]\nround-4:\n  present: [adams-amy]\n",
     f"{SHOWN}:3:1: error: round 4 of the check-in is beyond the event's 3 rounds "
     "(correct round-4 in checkin.yaml, or raise 'rounds' in event.yaml)"),
    ("after he withdrew", _withdraw_dean, "round-3:\n  absent: [dean-dora]\n",
     f"{SHOWN}:2:12: error: Dean, Dora withdrew after round 2 but is in the check-in of round 3 "
     "(remove him from this round of checkin.yaml (he is not paired), or correct after_round in 'withdrawn')"),
    ("before his late entry", _add_fox_from_round_3, "round-2:\n  present: [fox-finn]\n",
     f"{SHOWN}:2:13: error: Fox, Finn enters from round 3 but is in the check-in of round 2 "
     "(remove him from this round of checkin.yaml, or correct from_round)"),
    ("a key that is no round", None, "round-1:\n  present: [evil]\n9:\n  absent: [evil]\n",
     f"{SHOWN}:3:1: error: unknown key '9' in checkin.yaml (write round-9)"),
    ("a round that is no mapping", None, "round-1: [adams-amy]\n",
     f"{SHOWN}:1:10: error: round-1 in checkin.yaml should be a mapping (key: value lines), not a list "
     "(write e.g. round-9: {present: [ono-hiroshi], absent: [davies-tom]})"),
    ("an unknown key in a round", None, "round-1:\n  presnt: [adams-amy]\n",
     f"{SHOWN}:2:3: error: unknown key 'presnt' in round-1 of checkin.yaml (did you mean 'present'?)"),
]


@pytest.mark.parametrize("setup, text, error", [case[1:] for case in ERRORS], ids=[case[0] for case in ERRORS])
def test_each_problem_is_one_located_error(datadir, tmp_path, setup, text, error):
    if setup is not None:
        setup(datadir)
    datadir(CHECKIN, text)
    assert problems(tmp_path) == ([error], [], 1)


def test_an_absentee_who_plays_the_round_is_a_warning_not_an_error(datadir, tmp_path):
    # Dean plays round 3 (round-3.yaml, line 3: [adams-amy, dean-dora, draw]) but the desk has him absent.
    datadir(CHECKIN, "round-3:\n  absent: [dean-dora]\n")
    assert problems(tmp_path) == ([], [
        f"{SHOWN}:2:12: warning: Dean, Dora is absent in the check-in of round 3 but is paired in round-3.yaml "
        "(line 3) (correct checkin.yaml or the round file)"], 0)


HOSTILE = [
    "- round-1\n- round-2\n",                       # a list at the top
    "42\n",                                         # a single value at the top
    "3: {absent: [evil]}\ntrue: {}\n~: {}\n",       # a number, a boolean and null as keys
    "round-1: " + "[" * 10 + "x" + "]" * 10 + "\n",  # 10 lists deep
    "round-1: {present: " + "[" * 10 + "x" + "]" * 10 + "}\n",
    "round-1:\n  absent:\n" + "".join("  " * (2 + d) + f"k{d}:\n" for d in range(10)) + "  " * 12 + "x\n",
    "round-1:\n" + "".join(" " * (2 + 2 * d) + f"r{d}:\n" for d in range(10)) + " " * 22 + "deep\n",
    "round-1:\n",                                   # an empty round
    "round-1: {present: [1, true, null, 2024-01-01, {a: b}]}\n",
    "round-1: &a {present: [evil]}\nround-2: *a\nround-3: *b\n",
    "round-1: {}\nround-1: {}\n",                   # a key twice
    "round-" + "9" * 500 + ": {}\n",                 # a round past any number read
    "round-0: {}\nround--1: {}\nround-1.5: {}\nRound-1: {}\n",
    "{round-1: {absent: [evil]\n",                  # unclosed
    "\x00\x01 round-1",                             # control characters
    "round-1: {absent: evil}\n",                    # one id, not a list
]


@pytest.mark.parametrize("text", HOSTILE, ids=range(len(HOSTILE)))
def test_hostile_input_is_located_errors_never_a_traceback(tmp_path, text):
    path = tmp_path / "checkin.yaml"
    path.write_text(text, encoding="utf-8")
    report = Report()
    rounds = read_checkin(path, report)
    assert report.errors, text  # every one of them has something wrong …
    assert all(d.location.line for d in report.diagnostics), report.lines()  # … said at a line
    assert all(c.number >= 1 for c in rounds)


def test_hostile_checkin_through_check_is_errors_not_a_traceback(datadir, tmp_path):
    datadir(CHECKIN, HOSTILE[5])
    errors, _, code = problems(tmp_path)
    assert code == 1 and errors and all(e.startswith(f"{SHOWN}:") for e in errors)


def test_a_folder_named_checkin_yaml_is_no_crash(datadir, tmp_path):
    (datadir.root / CHECKIN).mkdir()
    assert problems(tmp_path) == ([], [], 0)  # skipped, as any folder in an event folder is


# --- writing -------------------------------------------------------------------------------------------------

def test_a_new_file_begins_with_its_header_and_reads_back(tmp_path):
    path = tmp_path / "checkin.yaml"
    text = checkin_text(path, 9, ["ono-hiroshi", "kaufman-larry"], ["davies-tom"])
    assert text == HEADER + "round-9:\n  present: [ono-hiroshi, kaufman-larry]\n  absent: [davies-tom]\n"
    assert text.startswith("# Check-in at the desk")
    path.write_text(text, encoding="utf-8")
    report = Report()
    (nine,) = read_checkin(path, report)
    assert report.diagnostics == []
    assert (nine.number, [r.id for r in nine.present], [r.id for r in nine.absent]) == \
        (9, ["ono-hiroshi", "kaufman-larry"], ["davies-tom"])
    # Its last round emptied: the key goes, the header stays, and an empty check-in is no problem.
    assert checkin_text(path, 9, [], []) == HEADER
    path.write_text(HEADER, encoding="utf-8")
    assert read_checkin(path, report) == () and report.diagnostics == []


ORIGINAL = (
    "# Check-in at the desk, kept by Anna.\n"
    "round-1:   # Saturday morning\n"
    "  present:\n"
    "    - adams-amy          # came early\n"
    "    - baker-ben\n"
    "  absent: [dean-dora]\n"
    "\n"
    "# round 2: after lunch\n"
    "round-2: {present: [adams-amy], absent: [evil]}   # by hand\n"
    "round-3:\n"
    "  absent: ['clark-cy']\n")


def test_a_round_rewritten_keeps_every_other_byte(tmp_path):
    path = tmp_path / "checkin.yaml"
    path.write_text(ORIGINAL, encoding="utf-8")
    # Round 2 rewritten in place: its line replaced, its end-of-line comment kept on its key; the rest as written.
    assert checkin_text(path, 2, ["adams-amy", "clark-cy"], []) == ORIGINAL.replace(
        "round-2: {present: [adams-amy], absent: [evil]}   # by hand\n",
        "round-2:   # by hand\n  present: [adams-amy, clark-cy]\n")
    # Round 4, new: added after the others.
    assert checkin_text(path, 4, [], ["evil", "baker-ben"]) == \
        ORIGINAL + "round-4:\n  absent: [evil, baker-ben]\n"
    # Round 1 emptied: its five lines go, the comment and blank line after them stay.
    assert checkin_text(path, 1, [], []) == ORIGINAL.replace(
        "round-1:   # Saturday morning\n  present:\n    - adams-amy          # came early\n    - baker-ben\n"
        "  absent: [dean-dora]\n", "")


def test_a_file_with_crlf_line_endings_keeps_them(tmp_path):
    path = tmp_path / "checkin.yaml"
    path.write_bytes(ORIGINAL.replace("\n", "\r\n").encode("utf-8"))
    assert checkin_text(path, 3, ["clark-cy"], []) == ORIGINAL.replace(
        "round-3:\n  absent: ['clark-cy']\n", "round-3:\n  present: [clark-cy]\n").replace("\n", "\r\n")


def test_an_id_yaml_would_misread_is_quoted(tmp_path):
    path = tmp_path / "checkin.yaml"
    path.write_text(checkin_text(path, 1, ["true", "a, b"], ["7-up"]), encoding="utf-8")
    report = Report()
    (one,) = read_checkin(path, report)
    assert report.diagnostics == []
    assert ([r.id for r in one.present], [r.id for r in one.absent]) == (["true", "a, b"], ["7-up"])


# --- pair ----------------------------------------------------------------------------------------------------

def boards(text: str) -> list[str]:
    """A proposed round file's boards in order, without the comments that name the players."""
    return [line.split("#")[0].strip().removeprefix("- ") for line in text.splitlines() if line.startswith("  - ")]


def test_pair_leaves_out_the_desks_absentee_exactly_as_absent_does(datadir, tmp_path):
    round_3 = datadir.root / "cup/open/round-3.yaml"
    round_3.unlink()
    with_option = run_generator("pair", "cup/open", "--round", "3", "--data", "data", "--absent", "dean-dora",
                                cwd=tmp_path)
    assert with_option.returncode == 0, with_option.stderr
    by_option = round_3.read_text(encoding="utf-8")
    round_3.unlink()
    # The check-in of round 2 (Dean absent there too) is not round 3's: only round 3's absentees count.
    datadir(CHECKIN, """
        round-2:
          absent: [dean-dora]
        round-3:
          present: [adams-amy, baker-ben, clark-cy, evil]
          absent: [dean-dora]
        """)
    result = run_generator("pair", "cup/open", "--round", "3", "--data", "data", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0] == "absent in checkin.yaml for round 3: dean-dora"
    text = round_3.read_text(encoding="utf-8")
    assert text == by_option
    # After round 2: Adams 2 (beat Baker, beat Evil), Clark 1½ (drew Dean, beat Baker), Evil 1 (the round-1 bye),
    # Dean ½, Baker 0.  5 entrants less 1 absentee = 4: (5 - 1) // 2 = 2 boards and no bye (4 is even).  Each
    # score group has one player, each floats down: Adams-Clark, then Evil-Baker (neither pair has met).
    # Sente (sente games less gote games): Adams 1-1 = 0, Clark 1-1 = 0; board 1 goes to the higher-ranked,
    # Adams.  Baker 1-1 = 0 (gote in round 1, sente in round 2), Evil 1-0 = +1: Baker has had it less.
    assert boards(text) == ["[adams-amy, clark-cy]", "[baker-ben, evil]"]
    assert "bye:" not in text
    assert text.endswith("\nabsent: [dean-dora]\n")
    assert problems(tmp_path) == ([], [], 0)


def test_pair_takes_the_desks_absentees_and_the_options_together(datadir, tmp_path):
    (datadir.root / "cup/open/round-3.yaml").unlink()
    datadir(CHECKIN, "round-3:\n  absent: [dean-dora]\n")
    result = run_generator("pair", "cup/open", "--round", "3", "--data", "data", "--absent", "evil", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "absent in checkin.yaml for round 3: dean-dora" in result.stdout.splitlines()  # evil is the option's
    text = (datadir.root / "cup/open/round-3.yaml").read_text(encoding="utf-8")
    # 5 entrants less 2 absentees = 3: (5 - 2) // 2 = 1 board, and a bye (3 is odd) to the lowest-ranked player
    # who has had none: Baker (0 points).  Adams 2 and Clark 1½ play; Adams, higher-ranked on board 1 with the
    # same sente count (0), has sente.
    assert boards(text) == ["[adams-amy, clark-cy]"]
    assert "\nbye: [baker-ben]\n" in text
    assert text.endswith("\nabsent: [dean-dora, evil]\n")
    assert problems(tmp_path) == ([], [], 0)
