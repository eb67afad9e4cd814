"""Every rated event becomes a turnering.txt that passes our own FESA validator and reads back the same."""

from __future__ import annotations

from fractions import Fraction

from generator.diagnostics import Report
from generator.fesa import turnering
from generator.fesa.validate import validate
from generator.pipeline import load


def test_the_mini_open_exports_exactly(mini):
    # Final order (test_scoring): Adams 2½, Clark 2½, Baker 1, Dean 1, Evil 1 — numbered 1 to 5.
    # Adams: R1 beat Baker (#3), R2 beat Evil (#5), R3 drew Dean (#4).  Clark: R1 drew Dean, R2 beat Baker,
    # R3 won without play (0+).  Baker: lost to #1 and #2, R3 bye (0+).  Dean: drew #2, R2 absent (0-),
    # drew #1; fesa_new: true gives the N.  Evil: R1 bye (0+), lost to #1, R3 no-show (0#); written with his
    # fesa_name.  Line 2 is the last date; the name line holds the city, country and range.
    assert mini.fesa["cup/open"].content.decode("iso-8859-1") == (
        "[Test Open, Leiden, Netherlands, 2024-03-02 - 2024-03-03]\n"
        "[2024-03-03]\n"
        "[Time control: 30min + 30sec]\n"
        "Nr Name Nat 1 2 3 Pts\n"
        "1 [Adams][Amy] GB [3+ 5+ 4=] 2.5\n"
        "2 [Clark][Cy] JP [4= 3+ 0+] 2.5\n"
        "3 [Baker][Ben] NL [1- 2- 0+] 1\n"
        "4 N [Dean][Dora] DE [2= 0- 1=] 1\n"
        "5 [Evil][Eve] FR [0+ 1- 0#] 1\n"
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
    assert len(t.players) == 41 and t.rounds == 9
    assert sum((p.points or Fraction(0) for p in t.players), Fraction(0)) == 187  # as in test_site


def test_a_name_iso_8859_1_cannot_hold_is_an_error_until_fesa_name(datadir):
    players = datadir.root / "players.yaml"
    players.write_text(players.read_text().replace("family: Baker, given: Ben", "family: Bąker, given: Bęn"))
    loaded = load(datadir.root)
    assert [d.format() for d in loaded.report.errors] == [
        "data/players.yaml:3:1: error: the name of Bąker, Bęn (baker-ben) has characters ISO 8859-1 cannot "
        "hold: 'ą' 'ę' (Open is exported to FESA) (give the player a fesa_name, e.g. fesa_name: \"Baker, Ben\")"]
    players.write_text(players.read_text().replace("elo: 1700}", 'elo: 1700, fesa_name: "Baker, Ben"}'))
    loaded = load(datadir.root)
    assert loaded.ok
    assert "3 [Baker][Ben] NL [1- 2- 0+] 1\n" in loaded.fesa["cup/open"].content.decode("iso-8859-1")


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
