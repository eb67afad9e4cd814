"""data/ is the organizer's: the suite never reads it (a guard refuses every read, tests/guard; the results workflow
checks and builds whatever it holds), and `generator new` starts a festival of one's own that passes `check` and
builds at once."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator.cli.common import ORGANIZERS_DATA
from generator.cli.starter import STARTERS

from .conftest import DATA_READS, MINI, ROOT, build_site, data_reads, problems, run_generator

pytestmark = pytest.mark.slow  # starters written, checked and paired through the command line


def test_a_test_that_reads_data_fails_naming_what_it_read():
    # The guard behind "tests own their data" (conftest._guard): a read of data/ in the suite's process, or in a
    # command a test starts (the generator without --data reads data/), is refused and noted, and the test that
    # made it fails (its log is read after each test). Here the notes are taken back, so that this test passes.
    before = DATA_READS.stat().st_size
    try:
        with pytest.raises(Exception, match="tests own their data"):
            os.listdir(ORGANIZERS_DATA)
        started = subprocess.run([sys.executable, "-m", "generator", "check"], cwd=ROOT, capture_output=True,
                                 text=True, check=False)
        assert started.returncode != 0
        noted = data_reads(before)
        assert noted[0].startswith(f"os.listdir {ORGANIZERS_DATA} ")
        assert any(f" {ORGANIZERS_DATA}" in line and "generator/__main__.py check" in line for line in noted[1:]), noted
    finally:
        with DATA_READS.open("r+", encoding="utf-8") as log:
            log.truncate(before)
    assert DATA_READS.stat().st_size == before


# --- generator new -------------------------------------------------------------------------------------------

def new(data: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "generator", "new", "--data", str(data), *args], cwd=ROOT,
                          capture_output=True, text=True, check=False, stdin=subprocess.DEVNULL)


@pytest.mark.build
def test_new_with_every_kind_of_event_checks_builds_and_pairs(tmp_path: Path):
    data = tmp_path / "data"
    every = ",".join(STARTERS)
    made = new(data, "--events", every, "--name", "Leiden: Spring #1", "--city", "Leiden", "--start",
               "2027-03-06")
    assert made.returncode == 0, made.stderr
    # The folder is the year and the name's words: 2027 + leiden, spring, 1.
    festival = data / "2027-leiden-spring-1"
    assert sorted(p.name for p in festival.iterdir() if p.is_dir()) == sorted(STARTERS)
    assert "data: 0 errors, 0 warnings" in made.stdout.replace(str(data), "data")
    assert (festival / "festival.yaml").read_text(encoding="utf-8").startswith("# ")  # commented
    built = build_site(data, tmp_path / "site")
    assert built.returncode == 0, built.stderr
    # The name with its colon and '#' is the festival's name, not YAML syntax or a comment.
    assert "Leiden: Spring #1" in (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    # The starter's simul giver is no professional: the rules say nothing of one (no name-less "(professional)");
    # and the simul is not marked FESA-rated (docs/rulings.md#simul), which its rules page says.
    rules = (tmp_path / "site" / "2027-leiden-spring-1" / "simul" / "rules" / "index.html").read_text("utf-8")
    assert "a simul is not sent to FESA unless the organizers mark it so" in rules and "(professional)" not in rules
    # The programme has every session's time (the starter's schedules), and names no lesson it does not have.
    programme = (tmp_path / "site" / "2027-leiden-spring-1" / "programme" / "index.html").read_text("utf-8")
    assert "Time not given" not in programme and "<strong>10:00</strong>" in programme
    home = (tmp_path / "site" / "2027-leiden-spring-1" / "index.html").read_text("utf-8")
    assert "every event's sessions, day by day." in home and "demonstration" not in home
    # Round 1 of each event can be proposed at once, and the data still checks: the starter is ready to use.
    for event in STARTERS:
        paired = run_generator("pair", f"2027-leiden-spring-1/{event}", "--round", "1", "--data", str(data))
        assert paired.returncode == 0, (event, paired.stderr)
    assert problems(data) == ([], [])


def test_new_asks_before_it_empties_a_folder_and_force_does(tmp_path: Path):
    data = tmp_path / "data"
    shutil.copytree(MINI, data)
    refused = new(data)  # no terminal to ask on, no --force: nothing changes
    assert refused.returncode == 1
    assert "is not empty (cup, players.yaml): run again with --force" in refused.stderr
    assert sorted(p.name for p in data.iterdir()) == ["cup", "players.yaml"]
    forced = new(data, "--force", "--start", "2027-01-02")
    assert forced.returncode == 0, forced.stderr
    # The default: one championship in a festival named "My Shogi Festival".
    assert sorted(p.name for p in data.iterdir()) == ["2027-my-shogi-festival", "players.yaml"]
    assert sorted(p.name for p in (data / "2027-my-shogi-festival").iterdir()) == ["championship", "festival.yaml"]


@pytest.mark.parametrize("args, message", [
    (["--events", "championship,chess"], "error: --events takes names from: " + ", ".join(STARTERS)
     + " (not chess)"),
    (["--events", "blitz,blitz"], "error: --events names an event twice"),
    (["--start", "6 March"], "error: --start must be a date as 2027-03-06, not '6 March'"),
    (["--country", "nl"], "error: --country must be a two-letter ISO 3166 code as NL, not 'nl'"),
])
def test_new_bad_options_are_one_line_and_write_nothing(tmp_path: Path, args: list[str], message: str):
    result = new(tmp_path / "data", *args)
    assert (result.returncode, result.stderr) == (1, message + "\n")
    assert not (tmp_path / "data").exists()


def test_the_readme_and_the_organizers_page_name_every_starter():
    listed = ", ".join(STARTERS)  # championship, blitz, team-match, simul, beginners, all-play-all, shuuro, oware
    for page in (ROOT / "README.md", ROOT / "site_src" / "organizers.md"):
        text = " ".join(page.read_text(encoding="utf-8").split())
        assert f"from: {listed}" in text, page.name


# --- the starter as a new organizer uses it ------------------------------------------------------------------

def test_the_starters_latecomer_example_is_one_check_accepts(tmp_path: Path):
    # event.yaml's comment shows how to enter a latecomer; written into the list as shown (his id for ID), the
    # data checks clean.
    data = tmp_path / "data"
    assert new(data, "--start", "2027-03-06").returncode == 0
    path = data / "2027-my-shogi-festival" / "championship" / "event.yaml"
    text = path.read_text(encoding="utf-8")
    line = next(x for x in text.splitlines() if x.startswith("players: ["))
    example = line.split("a latecomer: ", 1)[1]
    assert example == "{player: ID, from_round: 2}"
    late = example.replace("ID", "horvat-ana")
    path.write_text(text.replace(", horvat-ana]", f", {late}]"), encoding="utf-8")
    assert problems(data) == ([], [])
    paired = run_generator("pair", "2027-my-shogi-festival/championship", "--round", "1", "--data", str(data))
    assert paired.returncode == 0, paired.stderr
    assert "horvat-ana" not in (path.parent / "round-1.yaml").read_text(encoding="utf-8")  # he plays from round 2


def test_every_round_of_every_starter_has_its_day_and_time_in_the_schedule(tmp_path: Path):
    from generator.pipeline import load
    from generator.rules.round_times import round_time

    data = tmp_path / "data"
    assert new(data, "--events", ",".join(STARTERS), "--start", "2027-03-06").returncode == 0
    loaded = load(data)
    assert loaded.ok
    for event in loaded.data.events():
        days = [round_time(event, n)[0] for n in range(1, event.rounds_planned + 1)]
        assert None not in days, event.path
        assert round_time(event, 1)[1], event.path  # round 1's start time at least
        assert all(event.start <= d <= event.end for d in days if d and event.start and event.end), event.path


def test_pair_writes_the_rounds_date_and_time_from_the_schedule(tmp_path: Path):
    data = tmp_path / "data"
    assert new(data, "--events", "championship,blitz", "--start", "2027-03-06").returncode == 0
    festival = data / "2027-my-shogi-festival"
    for event in ("championship", "blitz"):
        paired = run_generator("pair", f"2027-my-shogi-festival/{event}", "--round", "1", "--data", str(data))
        assert paired.returncode == 0, paired.stderr
    # championship: {date: 2027-03-06 (the first day), time: "10:00", title: Round 1}
    championship = (festival / "championship" / "round-1.yaml").read_text(encoding="utf-8")
    assert 'date: 2027-03-06   # from the schedule in event.yaml\ntime: "10:00"' in championship
    # blitz: {date: 2027-03-07 (the second day), time: "20:00-22:30", title: Rounds 1-8}: round 1 at 20:00
    blitz = (festival / "blitz" / "round-1.yaml").read_text(encoding="utf-8")
    assert 'date: 2027-03-07   # from the schedule in event.yaml\ntime: "20:00"' in blitz
    assert problems(data) == ([], [])
    # A round file that has its own date keeps it: round 1 proposed again over one dated by hand.
    path = festival / "championship" / "round-1.yaml"
    path.write_text(championship.replace("date: 2027-03-06   # from the schedule in event.yaml",
                                         "date: 2027-03-05"), encoding="utf-8")
    again = run_generator("pair", "2027-my-shogi-festival/championship", "--round", "1", "--force", "--data",
                          str(data))
    assert again.returncode == 0, again.stderr
    redone = path.read_text(encoding="utf-8")
    assert re.findall(r"^(?:date|time):.*", redone, re.M) == ["date: 2027-03-05",
                                                              'time: "10:00"   # from the schedule in event.yaml']


def with_results(text: str) -> str:
    """A team round file with every board won by its first-named player ('1-0' after the handicap)."""
    return re.sub(r"^(\s+- \[[^\]]+)\]", r"\1, 1-0]", text, flags=re.M)


def test_the_starter_team_match_pairs_every_round_without_a_rematch(tmp_path: Path):
    data = tmp_path / "data"
    assert new(data, "--events", "team-match", "--start", "2027-03-06").returncode == 0
    folder = data / "2027-my-shogi-festival" / "team-match"
    met: list[frozenset[str]] = []
    for number in (1, 2, 3):
        paired = run_generator("pair", "2027-my-shogi-festival/team-match", "--round", str(number), "--data",
                               str(data))
        assert paired.returncode == 0, paired.stderr
        path = folder / f"round-{number}.yaml"
        text = path.read_text(encoding="utf-8")
        assert "rematch" not in text + paired.stdout
        met += [frozenset(m) for m in re.findall(r"teams: \[(\S+), (\S+)\]", text)]
        path.write_text(with_results(text), encoding="utf-8")
        assert problems(data) == ([], []), text
    # Four teams, three rounds: two matches a round, and each of the six pairs of teams meets once.
    assert len(met) == 6 and len(set(met)) == 6


def test_new_names_the_site_in_the_mkdocs_yml_beside_the_data_folder_keeping_its_other_lines(tmp_path: Path):
    import yaml

    original = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    config = tmp_path / "mkdocs.yml"
    config.write_text(original, encoding="utf-8")
    made = new(tmp_path / "data", "--name", "Leiden: Shogi Days #1", "--start", "2027-03-06")
    assert made.returncode == 0, made.stderr
    assert "mkdocs.yml (site_name: the festival's name)" in made.stdout
    after = config.read_text(encoding="utf-8")
    assert yaml.safe_load(after)["site_name"] == "Leiden: Shogi Days #1"  # the colon and '#' are the name's
    # Only the site_name line changed: every other line and comment as it was.
    changed = [(a, b) for a, b in zip(original.splitlines(), after.splitlines(), strict=True) if a != b]
    before = next(line for line in original.splitlines() if line.startswith("site_name:"))
    assert changed == [(before, 'site_name: "Leiden: Shogi Days #1"')]


def test_new_with_a_data_folder_elsewhere_says_the_site_keeps_its_name(tmp_path: Path):
    made = new(tmp_path / "data", "--start", "2027-03-06")
    assert made.returncode == 0, made.stderr
    assert "note: the site keeps its name: there is no mkdocs.yml beside" in made.stdout
    assert sorted(p.name for p in tmp_path.iterdir()) == ["data"]
