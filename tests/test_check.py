"""`python -m generator check`: every problem at once, located, explained; never a traceback."""

from __future__ import annotations

import subprocess

from generator.pipeline import load

from .conftest import run_generator


def run_check(root) -> subprocess.CompletedProcess[str]:
    return run_generator("check", "--data", str(root), cwd=root.parent)


def errors(root) -> list[str]:
    return [d.format() for d in load(root).report.errors]


def test_the_mini_festival_is_clean():
    result = run_generator("check", "--data", "tests/fixtures/mini")
    assert result.returncode == 0
    assert result.stdout.strip() == "tests/fixtures/mini: 0 errors, 0 warnings"


def test_five_mistakes_give_five_located_errors_and_exit_1(datadir):
    datadir("cup/open/round-2.yaml", """
        date: yesterday
        tme: "14:00"
        games:
          - [evil, adams-amy, 0-1]
          - [baker-ben, clark-cy, 2-0]
          - [dean-dora, adms-amy, 1-0]
        absent: [evil]
        """)
    result = run_check(datadir.root)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr + result.stdout
    f = "data/cup/open/round-2.yaml"
    # Columns counted by hand: line 5 "  - [baker-ben, clark-cy, 2-0]" puts 2-0 at column 27;
    # line 6 "  - [dean-dora, adms-amy, 1-0]" puts adms-amy at 17; line 7 "absent: [evil]" puts evil at 10.
    assert result.stderr.splitlines() == [
        f"{f}:1:7: error: 'date' should be a date, not 'yesterday' (write dates as YYYY-MM-DD, e.g. 2000-08-25)",
        f"{f}:2:1: error: unknown key 'tme' in round 2 (did you mean 'time'?)",
        f"{f}:5:27: error: '2-0' is not a result (write 1-0, 0-1, ½-½ (or draw), +- or -+ (no-show), "
        "-- (neither came), or leave it out while the game is being played)",
        f"{f}:6:17: error: unknown player id 'adms-amy' (did you mean 'adams-amy'?)",
        f"{f}:7:10: error: <script>alert(1)</script>, *Eve* | [x](y) is in round 2 twice (also at line 4) "
        "(each player plays once per round)",
        "data: 5 errors, 0 warnings",
    ]


def test_yaml_syntax_error_is_located(datadir):
    datadir("cup/open/round-3.yaml", """
        games:
          - [adams-amy, dean-dora, draw
        bye: [baker-ben]
        """)
    found = errors(datadir.root)
    assert len(found) == 1
    assert found[0].startswith("data/cup/open/round-3.yaml:3:1: error: YAML syntax") or \
        found[0].startswith("data/cup/open/round-3.yaml:3:")


def test_round_beyond_the_events_rounds(datadir):
    datadir("cup/open/round-4.yaml", """
        games:
          - [adams-amy, clark-cy, 1-0]
          - [baker-ben, dean-dora, 1-0]
        bye: [evil]
        """)
    assert errors(datadir.root) == [
        "data/cup/open/round-4.yaml:1: error: round 4 is beyond the event's 3 rounds "
        "(check the file name, or raise 'rounds' in event.yaml)"]


def test_missing_round_in_between(datadir):
    (datadir.root / "cup/open/round-2.yaml").unlink()
    assert errors(datadir.root) == [
        "data/cup/open/round-3.yaml:1: error: round 3 comes after round 1: round 2 is missing (add round-2.yaml)"]


def test_duplicate_player_id(datadir):
    # players.yaml has 7 lines (a comment, five players, the last over two lines): the new line is line 8.
    text = (datadir.root / "players.yaml").read_text() + "clark-cy:  {family: Clarke, given: Cyril, country: GB}\n"
    (datadir.root / "players.yaml").write_text(text)
    assert errors(datadir.root) == [
        "data/players.yaml:8:1: error: 'clark-cy' appears twice in the same mapping (first at line 4) "
        "(keep one of them)"]


def test_wrong_types_and_unknown_keys_in_event(datadir):
    datadir("cup/open/event.yaml", """
        name: Test Open
        format: swiss
        game: shogi
        rounds: three
        tiebreak: [sos]
        players: [adams-amy, baker-ben, clark-cy, dean-dora, evil]
        """)
    found = errors(datadir.root)
    assert "data/cup/open/event.yaml:4:9: error: 'rounds' should be a whole number, not 'three' " \
           "(write digits only, e.g. 9)" in found
    assert "data/cup/open/event.yaml:5:1: error: unknown key 'tiebreak' in event.yaml " \
           "(did you mean 'tiebreaks'?)" in found


def test_unknown_tiebreak_and_country(datadir):
    datadir("cup/open/event.yaml", (datadir.root / "cup/open/event.yaml").read_text()
            .replace("tiebreaks: [sos, sosos, sodos]", "tiebreaks: [sos, soss]"))
    (datadir.root / "players.yaml").write_text(
        (datadir.root / "players.yaml").read_text().replace("country: DE", "country: de"))
    # event.yaml line 9 is "tiebreaks: [sos, soss]": 'soss' starts at column 18 (10 + space + "[sos, ").
    # players.yaml line 5 is "dean-dora:  {family: Dean, given: Dora, country: de, …}": 12 characters of
    # id and spaces, then "{family: Dean, given: Dora, country: " (37) puts 'de' at column 50.
    # difflib finds 'sosos' closer to 'soss' than 'sos' (ratio 8/9 against 6/7).
    assert errors(datadir.root) == [
        "data/cup/open/event.yaml:9:18: error: unknown tiebreak 'soss' (did you mean 'sosos'?)",
        "data/players.yaml:5:50: error: 'de' is not a country code (write it in capitals: DE)",
    ]


def test_player_missing_from_a_round_and_paired_with_himself(datadir):
    datadir("cup/open/round-3.yaml", """
        games:
          - [adams-amy, adams-amy, 1-0]
          - [clark-cy,  evil,      +-]
        bye: [baker-ben]
        """)
    found = errors(datadir.root)
    # The problem on a line first, then the one of the whole round it may cause.
    assert found == [
        "data/cup/open/round-3.yaml:2:17: error: 'adams-amy' is on both sides of board 1 "
        "(pair two different players)",
        "data/cup/open/round-3.yaml:5: error: Dean, Dora (dean-dora) is missing from round 3 "
        "(pair the player, or list the id under 'absent:' or 'bye:')",
    ]


def test_a_mistyped_id_is_listed_before_the_player_it_leaves_missing(datadir):
    datadir("cup/open/round-3.yaml", """
        games:
          - [adams-amy, baker-ben, 1-0]
          - [clark-cy,  dean-dora, ½-½]
        bye: [evli]
        """)
    found = errors(datadir.root)
    assert found[0].startswith("data/cup/open/round-3.yaml:4:7: error: ") and "'evli'" in found[0]
    # The missing player is reported after the last line written (the bye on line 4), where he would be added.
    assert found[-1].startswith("data/cup/open/round-3.yaml:5: error: ")
    assert "(evil) is missing from round 3" in found[-1]


def test_player_not_entered(datadir):
    text = (datadir.root / "players.yaml").read_text() + "fox-finn:   {family: Fox, given: Finn, country: GB}\n"
    (datadir.root / "players.yaml").write_text(text)
    datadir("cup/open/round-3.yaml", """
        games:
          - [adams-amy, dean-dora, draw]
          - [clark-cy,  evil,      +-]
          - [baker-ben, fox-finn,  1-0]
        """)
    assert errors(datadir.root) == [
        "data/cup/open/round-3.yaml:4:17: error: Fox, Finn plays in round 3 but is not entered in Open "
        "(add the id to 'players' in event.yaml)"]


def test_rematch_and_second_bye_are_warnings(datadir):
    datadir("cup/open/round-3.yaml", """
        games:
          - [baker-ben, adams-amy, 0-1]
          - [clark-cy,  dean-dora, 1-0]
        bye: [evil]
        """)
    loaded = load(datadir.root)
    assert loaded.ok
    assert [d.format() for d in loaded.report.warnings] == [
        "data/cup/open/round-3.yaml:2:5: warning: Baker, Ben and Adams, Amy already met in round 1 "
        "(a Swiss avoids rematches)",
        "data/cup/open/round-3.yaml:3:5: warning: Clark, Cy and Dean, Dora already met in round 1 "
        "(a Swiss avoids rematches)",
        "data/cup/open/round-3.yaml:4:7: warning: <script>alert(1)</script>, *Eve* | [x](y) gets a second bye "
        "(the bye goes to the lowest-ranked player without one)",
    ]


def test_garbage_never_gives_a_traceback(datadir):
    (datadir.root / "players.yaml").write_bytes(b"\xff\xfe\x00garbage")
    datadir("cup/open/event.yaml", "- just\n- a list\n")
    datadir("cup/festival.yaml", "")
    result = run_check(datadir.root)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert "data/players.yaml:1:1: error: the file is not UTF-8 text (invalid start byte at byte 0)" in result.stderr
    assert "data/cup/festival.yaml:1: error: festival.yaml is empty" in result.stderr


def test_build_refuses_bad_data_and_writes_nothing(datadir, tmp_path):
    datadir("cup/open/round-1.yaml", "games:\n  - [adams-amy, baker-ben, 3-0]\n")
    site = tmp_path / "site"
    result = run_generator("build", "--data", str(datadir.root), "--site-dir", str(site), cwd=datadir.root.parent)
    assert result.returncode == 1
    assert "'3-0' is not a result" in result.stderr
    assert not site.exists()
