"""Every rated event becomes a turnering.txt that passes our own FESA validator and reads back the same."""

from __future__ import annotations

import pytest

from fractions import Fraction

from generator.diagnostics import Report
from generator.fesa import turnering
from generator.fesa.validate import validate
from generator.pipeline import load

from .conftest import run_generator


def test_the_mini_open_exports_exactly(mini):
    # Final order (test_scoring): Adams 2½, Clark 2½, Baker 1, Dean 1, Evil 1 — numbered 1 to 5.
    # Adams: R1 beat Baker (#3) giving a bishop (-b), R2 beat Evil (#5), R3 drew Dean (#4).  Clark: R1 drew
    # Dean, R2 beat Baker, R3 won without play (0+).  Baker: lost to #1 receiving the bishop (+b) and to #2,
    # R3 bye (0+).  Dean: drew #2, R2 absent (0-), drew #1.  Evil: R1 bye (0+), lost to #1, R3 no-show (0#);
    # written with his fesa_name.  Only Adams has a Pan-Atlantic Elo, so the other four are new (N).
    # Line 2 is the last date; the name line holds the city, country and range.
    assert mini.fesa["cup/open"].content.decode("iso-8859-1") == (
        "[Test Open, Leiden, Netherlands, 2024-03-02 - 2024-03-03]\n"
        "[2024-03-03]\n"
        "[Time control: 30min + 30sec]\n"
        "Nr Name Nat 1 2 3 Pts\n"
        "1 [Adams][Amy] GB [3+(-b) 5+ 4=] 2.5\n"
        "2 N [Clark][Cy] JP [4= 3+ 0+] 2.5\n"
        "3 N [Baker][Ben] NL [1-(+b) 2- 0+] 1\n"
        "4 N [Dean][Dora] DE [2= 0- 1=] 1\n"
        "5 N [Evil][Eve] FR [0+ 1- 0#] 1\n"
    )


def test_the_demo_championship_export_passes_fesa_checks_and_round_trips(tmp_path):
    from .conftest import DEMO
    loaded = load(DEMO)
    assert loaded.ok
    fesa = loaded.fesa["2000-mso-shogi/championship"]
    assert fesa.exported
    report = Report()
    t = turnering.read(fesa.content, "t.txt", report)
    assert t is not None
    validate(t, "t.txt", report)
    assert report.lines() == []
    assert turnering.write(t).encode("iso-8859-1") == fesa.content
    # The standings' points are the points in the file, player by player.
    res = loaded.results["2000-mso-shogi/championship"]
    assert [p.points for p in t.players] == [s.points for s in res.final]
    assert len(t.players) == 43 and t.rounds == 9
    assert sum((p.points or Fraction(0) for p in t.players), Fraction(0)) == 193  # as in test_site


def test_a_name_iso_8859_1_cannot_hold_is_an_error_until_fesa_name(datadir):
    players = datadir.root / "players.yaml"
    players.write_text(players.read_text().replace("family: Baker, given: Ben", "family: Bąker, given: Bęn"))
    loaded = load(datadir.root)
    assert [d.format() for d in loaded.report.errors] == [
        "data/players.yaml:3:1: error: the name of Bąker, Bęn (baker-ben) has characters ISO 8859-1 cannot "
        "hold: 'ą' 'ę' (Open is exported to FESA) (give the player a fesa_name, e.g. fesa_name: \"Baker, Ben\")"]
    players.write_text(players.read_text().replace("grade: 2 kyu}", 'grade: 2 kyu, fesa_name: "Baker, Ben"}'))
    loaded = load(datadir.root)
    assert loaded.ok
    assert "3 N [Baker][Ben] NL [1-(+b) 2- 0+] 1\n" in loaded.fesa["cup/open"].content.decode("iso-8859-1")


def test_an_event_below_the_minimum_time_control_is_not_exported(datadir):
    event = datadir.root / "cup/open/event.yaml"
    event.write_text(event.read_text().replace("{minutes: 30, byoyomi: 30}", "{minutes: 20, byoyomi: 30}"))
    loaded = load(datadir.root)
    assert loaded.ok
    fesa = loaded.fesa["cup/open"]
    assert (fesa.exported, fesa.content) == (False, b"")
    assert fesa.reason == ("its time control (20 min + 30 s byoyomi) is below FESA's minimum of "
                           "30 min + 30 s or 20 min + 40 s byoyomi")


def test_an_unfinished_event_is_not_exported_yet(datadir):
    (datadir.root / "cup/open/round-3.yaml").unlink()
    fesa = load(datadir.root).fesa["cup/open"]
    assert not fesa.exported
    assert fesa.reason == "it is not finished: 2 of 3 rounds have every result in"


run = run_generator


def test_fesa_export_writes_one_file_per_rated_event(datadir, tmp_path):
    result = run("fesa", "export", "--data", "data", "--out", "out", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "wrote out/cup-open-turnering.txt\n"
    assert (tmp_path / "out/cup-open-turnering.txt").read_bytes().startswith(b"[Test Open, Leiden, Netherlands")


@pytest.mark.build
def test_build_with_fesa_out_writes_the_same_files_as_fesa_export(datadir, tmp_path):
    # The results workflow's one command: the site, then every rated event's turnering.txt from the same data.
    built = run("build", "--data", "data", "--site-dir", "site", "--fesa-out", "built", cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    assert "wrote built/cup-open-turnering.txt\n" in built.stdout and (tmp_path / "site" / "index.html").is_file()
    exported = run("fesa", "export", "--data", "data", "--out", "out", cwd=tmp_path)
    assert exported.returncode == 0, exported.stderr
    assert sorted(p.name for p in (tmp_path / "built").iterdir()) == ["cup-open-turnering.txt"]
    assert (tmp_path / "built/cup-open-turnering.txt").read_bytes() == (tmp_path / "out/cup-open-turnering.txt"
                                                                        ).read_bytes()


def test_fesa_register_prints_the_guides_fields_and_warns_when_late(datadir, tmp_path):
    festival = datadir.root / "cup/festival.yaml"
    festival.write_text(festival.read_text() + "contact: arbiter@example.org\nannouncement: https://example.org/cup\n")
    # The Open starts on 2024-03-02: registering on 2024-02-10 leaves 21 days, on 2024-02-20 only 11 (< 14).
    early = run("fesa", "register", "cup/open", "--data", "data", "--today", "2024-02-10", cwd=tmp_path)
    assert early.returncode == 0 and early.stderr == ""
    assert early.stdout.splitlines()[7:14] == [
        "Tournament name: Test Open",
        "Date(s): 2024-03-02 - 2024-03-03",
        "Location: Leiden, Netherlands",
        "Time control: 30 min + 30 s byoyomi",
        "Tournament mode: Swiss system, 3 rounds",
        "E-mail: arbiter@example.org",
        "Announcement: https://example.org/cup",
    ]
    late = run("fesa", "register", "cup/open", "--data", "data", "--today", "2024-02-20", cwd=tmp_path)
    assert late.stderr == "warning: Open starts in 11 days: FESA asks for registration at least 14 days before\n"


def test_fesa_register_warns_below_the_minimum_time_control(datadir, tmp_path):
    event = datadir.root / "cup/open/event.yaml"
    event.write_text(event.read_text().replace("{minutes: 30, byoyomi: 30}", "{minutes: 15, byoyomi: 10}"))
    result = run("fesa", "register", "cup/open", "--data", "data", "--today", "2024-01-01", cwd=tmp_path)
    assert ("warning: the time control (15 min + 10 s byoyomi) is below FESA's minimum of 30 min + 30 s or "
            "20 min + 40 s byoyomi: the event will not be rated") in result.stderr


def test_fesa_submit_names_the_file_and_marks_a_correction(datadir, tmp_path):
    first = run("fesa", "submit", "cup/open", "--data", "data", "--out", "out", cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    lines = first.stdout.splitlines()
    assert lines[:3] == ["To: rating@fesashogi.eu",
                         "Subject: Tournament results: Test Open, 2024-03-02 - 2024-03-03",
                         "Attachment: out/cup-open-turnering.txt"]
    assert "CORRECTION" not in first.stdout
    event = datadir.root / "cup/open/event.yaml"
    event.write_text(event.read_text() + "fesa_submitted: 2024-03-05\n")
    again = run("fesa", "submit", "cup/open", "--data", "data", "--out", "out", cwd=tmp_path)
    assert again.stdout.splitlines()[1] == "Subject: CORRECTION: Tournament results: Test Open, 2024-03-02 - 2024-03-03"
    assert "this is a CORRECTION of the results sent on 2024-03-05" in again.stdout


def test_fesa_commands_answer_an_unknown_event_in_one_line(datadir, tmp_path):
    result = run("fesa", "submit", "cup/opne", "--data", "data", cwd=tmp_path)
    assert result.returncode == 1
    assert result.stderr == "error: no event 'cup/opne' (events: cup/open)\n"
