"""Careless or hostile data (issue: robustness): every case gives located errors and exit code 1, never a
traceback, a hang, a crash in the build, or an output line a CI runner would obey."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from .conftest import ROOT, Writer, run_generator

SHUURO = ROOT / "tests" / "fixtures" / "shuuro"


def check(root: Path, *extra: str) -> tuple[int, list[str]]:
    result = run_generator("check", "--data", str(root), *extra, cwd=root.parent)
    out = result.stdout + result.stderr
    assert "Traceback" not in out
    assert not any(line.startswith("::") for line in result.stderr.splitlines())
    return result.returncode, result.stderr.splitlines()


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_numbers_beyond_any_event_are_located(datadir):
    event = datadir.root / "cup/open/event.yaml"
    edit(event, "rounds: 3", "rounds: 1000000000")
    edit(event, "places: [30, 20, 10]", "places: [12345678901234567890123456789, 20, 10.555]")
    code, lines = check(datadir.root)
    assert code == 1
    assert any(line.startswith("data/cup/open/event.yaml:5:9: error: 'rounds' must be at most 99") for line in lines)
    money = [line for line in lines if "should be an amount of money" in line]
    assert len(money) == 2 and all(":13:" in line for line in money)  # both on the prizes line


def test_an_army_of_a_million_pawns_is_refused_at_once(tmp_path):
    root = Writer(SHUURO, tmp_path).root
    armies = next(root.glob("*/*/armies.yaml"))
    edit(armies, "pawn: 3}", "pawn: 1000000}")
    code, lines = check(root)
    assert code == 1 and any("the number of Pawns' must be at most 64" in line for line in lines)


def test_links_folders_and_devices_are_not_read(datadir):
    elsewhere = datadir.root.parent / "outside"
    shutil.copytree(datadir.root / "cup", elsewhere)  # before the link below: copying it would never end
    (datadir.root / "linked").symlink_to(elsewhere, target_is_directory=True)
    round_3 = datadir.root / "cup/open/round-3.yaml"
    round_3.unlink()
    round_3.symlink_to("/dev/zero")
    club = datadir.root / "club"
    (club / "turnering.txt").mkdir(parents=True)
    code, lines = check(datadir.root)
    assert code == 1
    assert "data/cup/open/round-3.yaml: error: this is a link to another place (data files must be real files in " \
           "the data folder: copy the file here)" in lines
    assert any(line.startswith("data/linked: error: this folder is a link to another place") for line in lines)
    assert "data/club/turnering.txt: error: this is not a file (data files are text files)" in lines


def test_a_syntax_error_is_not_also_an_empty_file_and_ids_are_not_all_unknown(datadir):
    players = datadir.root / "players.yaml"
    edit(players, 'family: Adams', 'family: "Adams\\ud800"')  # a lone surrogate: libyaml refuses the escape
    code, lines = check(datadir.root, "--annotations", "github")
    result = run_generator("check", "--data", str(datadir.root), "--annotations", "github", cwd=datadir.root.parent)
    assert code == 1 and "Traceback" not in result.stdout + result.stderr
    assert [line for line in result.stdout.splitlines() if "players.yaml" in line] == [
        "::error file=data/players.yaml,line=2,col=30::YAML syntax: found invalid Unicode character escape code "
        "(check indentation, colons and brackets on this line and the one before)"]
    assert "unknown player id" not in result.stdout and "is empty" not in result.stdout


def test_names_stay_on_one_line_and_are_bounded(datadir):
    edit(datadir.root / "players.yaml", "family: Baker", 'family: "Ba\\nker"')
    edit(datadir.root / "cup/open/event.yaml", "name: Test Open", "name: " + "O" * 200)
    code, lines = check(datadir.root)
    assert code == 1
    assert any(line.startswith("data/players.yaml:3:22: error: 'family' holds a line break or control character "
                               "(\\n)") for line in lines)
    assert any(line.startswith("data/cup/open/event.yaml:1:7: error: 'name' is 200 characters long, more than 120")
               for line in lines)


def test_a_long_name_in_a_turnering_file_is_located(datadir):
    datadir("club/turnering.txt",
            "[Club Cup]\n[2024-05-01]\n1 [" + "X" * 300 + "][Amy] [2+] 1\n2 [Baker][Ben] [1-] 0\n")
    code, lines = check(datadir.root)
    assert code == 1 and "data/club/turnering.txt:3: error: Player name longer than 120 characters. (shorten the " \
                         "name)" in lines


def test_a_city_or_name_fesa_cannot_hold_is_located_and_can_be_overridden(datadir):
    festival = datadir.root / "cup/festival.yaml"
    event = datadir.root / "cup/open/event.yaml"
    edit(festival, "city: ", "city: Łódź  # was: ")
    edit(event, "name: Test Open", "name: Test Open – 2024")
    code, lines = check(datadir.root)
    assert code == 1
    city = [line for line in lines if "the city 'Łódź' has Ł, ź" in line]
    assert city and city[0].startswith("data/cup/festival.yaml:") and 'fesa_city: "Lodz"' in city[0]
    name = [line for line in lines if "the name 'Test Open – 2024' has –" in line]
    assert name and name[0].startswith("data/cup/open/event.yaml:1:7:") and 'fesa_name: "Test Open - 2024"' in name[0]
    edit(festival, "city: Łódź", "fesa_city: Lodz\ncity: Łódź")
    edit(event, "name: Test Open – 2024", "fesa_name: Test Open 2024\nname: Test Open – 2024")
    assert check(datadir.root)[0] == 0


def test_a_folder_name_cannot_write_a_workflow_command(datadir):
    (datadir.root / "cup").rename(datadir.root / "cup\n::error file=x::pwned")
    code, lines = check(datadir.root)  # check() asserts that no line starts with '::'
    assert code == 1 and any("cup\\n::error file=x::pwned" in line for line in lines)


def test_environment_problems_are_one_line_and_exit_3(datadir, tmp_path):
    # A file where a folder is needed (a read-only folder cannot be had when the tests run as root).
    blocker = tmp_path / "a-file"
    blocker.write_text("", encoding="utf-8")
    for args, why in ((("build", "--site-dir", str(blocker)), "it is a file, not a folder"),
                      (("fesa", "export", "--out", str(blocker / "sub")), "Not a directory")):
        result = run_generator(*args, "--data", str(datadir.root), cwd=tmp_path)
        errors = [line for line in result.stderr.splitlines() if line.startswith("error:")]
        assert result.returncode == 3 and "Traceback" not in result.stderr, args
        assert len(errors) == 1 and why in errors[0], args


def test_a_players_file_read_in_part_does_not_break_the_rating_adjustments():
    """players.yaml with an error is 'unread' (every id would look unknown, so none is called so); a rating
    adjustment for a player it lost, in an event whose other entrants it has, gave a KeyError."""
    from generator.diagnostics import Report
    from generator.pipeline import load
    from generator.pipeline.checks import validate_event
    from .conftest import MINI
    loaded = load(MINI)
    event = loaded.data.festivals[0].events[0]
    assert [a.player for a in event.adjustments] == ["evil"]
    players = {pid: p for pid, p in loaded.data.players.items() if pid != "evil"}
    report = Report()
    report.unread.add("data/players.yaml")
    validate_event(event, players, report)  # no exception
    assert not any("evil" in d.message for d in report.errors)


def test_a_simul_opponent_not_in_players_yaml_is_one_located_error(tmp_path):
    data = tmp_path / "data"
    shutil.copytree(ROOT / "tests" / "fixtures" / "demo", data)
    edit(data / "2000-mso-shogi/simul/round-1.yaml", "[nakao-osamu,   de-vries-pieter,",
         "[nakao-osamu,   de-vries-pietr,")
    code, lines = check(data)
    assert code == 1
    assert lines[:2] == ["data/2000-mso-shogi/simul/round-1.yaml:7:21: error: unknown player id 'de-vries-pietr' "
                         "(did you mean 'de-vries-pieter'?)", "data: 1 error, 0 warnings"]


def test_an_id_with_a_newline_at_its_end_is_not_an_id(datadir):
    (datadir.root / "cup").rename(datadir.root / "cup\n")
    code, lines = check(datadir.root)
    assert code == 1 and any("festival folder name 'cup\\n' is not a simple id" in line for line in lines)
    result = run_generator("build", "--data", str(datadir.root), "--site-dir", str(datadir.root.parent / "site"),
                           cwd=datadir.root.parent)
    assert result.returncode == 1 and not (datadir.root.parent / "site").exists()


@pytest.mark.parametrize("name", ["organizers", "players", "api", "search", "assets", "promotion", "submitting",
                                  "de", "ja"])  # (the languages' sites are built under their codes)
def test_a_festival_folder_cannot_take_a_name_the_site_writes(datadir, name):
    (datadir.root / "cup").rename(datadir.root / name)
    code, lines = check(datadir.root)
    assert code == 1
    assert lines[0].startswith(f"data/{name}/festival.yaml:1: error: a festival folder cannot be called "
                               f"'{name}'"), lines
    result = run_generator("build", "--data", str(datadir.root), "--site-dir", str(datadir.root.parent / "site"),
                           cwd=datadir.root.parent)
    assert result.returncode == 1 and not (datadir.root.parent / "site").exists()


def test_an_event_folder_cannot_take_a_festival_pages_name(datadir):
    (datadir.root / "cup/open").rename(datadir.root / "cup/prizes")
    edit(datadir.root / "cup/festival.yaml", "events: [open]", "events: [prizes]")
    code, lines = check(datadir.root)
    assert code == 1 and lines[0].startswith("data/cup/festival.yaml:6:10: error: an event folder cannot be called "
                                             "'prizes': the festival's own page 'prizes' has that name"), lines


@pytest.mark.parametrize(("file", "old", "new", "key"), [
    ("2000-mso-shogi/team-match/event.yaml", "name: France and Switzerland", 'name: "France\\u202e and\\x07"', "name"),
    ("2000-mso-shogi/championship/event.yaml", "short: ESC", 'short: "ESC\\x1b[31m\\u2066"', "short"),
])
def test_control_and_bidi_characters_are_refused_where_they_are_written(tmp_path, file, old, new, key):
    data = tmp_path / "data"
    shutil.copytree(ROOT / "tests" / "fixtures" / "demo", data)
    edit(data / file, old, new)
    code, lines = check(data)
    assert code == 1
    assert any(line.startswith(f"data/{file}:") and f"'{key}' holds a line break or control character" in line
               for line in lines), lines
