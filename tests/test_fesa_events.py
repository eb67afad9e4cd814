"""Tournaments given only as turnering.txt: checked with FESA's rules, computed and published like the rest."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from generator.model import Outcome
from generator.pipeline import load

from .conftest import DEMO

LEIDEN = "2000-leiden-autumn-open/tournament"


def test_the_leiden_file_becomes_an_event_with_registry_players_matched(tmp_path):
    loaded = load(DEMO)
    assert loaded.ok, loaded.report.lines()
    res = loaded.results[LEIDEN]
    event = res.event
    assert (event.name, event.city, event.country, event.rounds_planned) == ("Leiden Autumn Open", "Leiden", "NL", 4)
    assert event.tiebreaks == ("sos", "sodos")  # from the event.yaml beside the file
    # de Vries, Bakker, Peeters and Visser are in players.yaml and keep their ids; the others get ids from
    # their names.
    assert [s.player for s in res.final] == [
        "de-vries-pieter", "jansen-eva", "smit-lotte", "bakker-jan", "peeters-koen", "bos-thijs", "visser-daan",
        "mulder-sven"]
    # Points as declared in the file: 3½ 3 3 2½ 2 1½ ½ 0.  Jansen and Smit both 3: SOS Jansen = Mulder 0 +
    # de Vries 3½ + Visser ½ + Bakker 2½ = 6½; Smit = Bakker 2½ + Bos 1½ + Peeters 2 + Mulder 0 = 6.
    assert [s.points for s in res.final] == [F(7, 2), 3, 3, F(5, 2), 2, F(3, 2), F(1, 2), 0]
    assert [s.tiebreaks[0] for s in res.final[1:3]] == [F(13, 2), 6]


def test_kurpfalz_no_show_and_bye_are_unplayed(tmp_path):
    loaded = load(DEMO)
    res = loaded.results["2001-kurpfalz-new-year-open/tournament"]
    # Round 5: Müller 0+ (his opponent did not come), Hoffmann 0# (did not come).
    assert res.records["mueller-thomas"][4].outcome is Outcome.BYE
    assert res.records["hoffmann-till"][4].outcome is Outcome.FORFEIT_LOSS
    # Müller: 3+ 2= 4+ 5+ 0+ = 1 + ½ + 1 + 1 + 1 = 4½ — the same player page as his MSOWSC games.
    assert res.final[0].player == "mueller-thomas" and res.final[0].points == F(9, 2)
    assert loaded.fesa["2001-kurpfalz-new-year-open/tournament"].content == \
        (DEMO / "2001-kurpfalz-new-year-open/turnering.txt").read_bytes()


def test_errors_in_a_turnering_file_are_located_in_the_check(datadir):
    datadir("2024-club/turnering.txt", """
        [Club Cup, Leiden, Netherlands, 2024-05-01]
        [2024-05-01]
        [Time control: 30min + 30sec]
        1 [Adams][Amy] GB [2+ 3+]
        2 [Baker][Ben] NL [1+ 0+]
        3 [Stone][] NL [0+ 1-]
        """)
    loaded = load(datadir.root)
    assert [d.format() for d in loaded.report.errors] == [
        "data/2024-club/turnering.txt:4: error: Inconsistent results between player #1 and player #2 in round 1. "
        "(if one won, the other lost against him; a draw is = on both lines; a no-show (#) against him is a win "
        "(+) on his line)",
        "data/2024-club/turnering.txt:6: error: Player #3 has an empty name. (write [LastName][FirstName])",
    ]


def test_a_clean_turnering_folder_is_published_with_its_own_file(datadir):
    datadir("2024-club/turnering.txt", """
        [Club Cup, Leiden, Netherlands, 2024-05-01]
        [2024-05-01]
        [Time control: 30min + 30sec]
        1 [Adams][Amy] GB [2+ 3+] 2
        2 [Baker][Ben] NL [1- 0+] 1
        3 N [Stone][Sam] NL [0+ 1-] 1
        """)
    loaded = load(datadir.root)
    assert loaded.ok, loaded.report.lines()
    res = loaded.results["2024-club/tournament"]
    # Adams and Baker are registry players (matched by name); Stone is new and gets the id stone-sam.
    assert [(s.player, s.points) for s in res.final][0] == ("adams-amy", 2)
    assert "stone-sam" in loaded.data.players
    assert loaded.fesa["2024-club/tournament"].exported


def test_a_turnering_tournament_without_time_control_is_not_rated(datadir):
    datadir("2024-club/turnering.txt", "[Club Cup]\n[2024-05-01]\n1 [Adams][Amy] [2+]\n2 [Baker][Ben] [1-]\n")
    fesa = load(datadir.root).fesa["2024-club/tournament"]
    assert not fesa.exported
    assert fesa.reason == "no time control is given, so it cannot be shown to meet FESA's minimum"


@pytest.mark.build
def test_the_original_file_is_offered_even_when_the_event_is_not_rated(datadir, tmp_path):
    # No time-control line (none of the real files has one): not rated, but the file is still published
    # unchanged, byte for byte, and the page says both things separately.
    original = "[Club Cup]\n[2024-05-01]\n1 [Adams][Amy] [2+]\n2 [Baker][Ben] [1-]\n"
    datadir("2024-club/turnering.txt", original)
    from .conftest import run_generator
    site = tmp_path / "site"
    built = run_generator("build", "--data", str(datadir.root), "--site-dir", str(site), cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    assert (site / "2024-club/tournament/turnering.txt").read_bytes() == original.encode("latin-1")
    page = (site / "2024-club/tournament/index.html").read_text(encoding="utf-8")
    assert "the file as the organizers wrote it, unchanged" in page
    assert "<strong>FESA rating:</strong> not sent, because no time control is given" in page


def test_a_no_show_against_a_paired_opponent_is_a_game_won_without_play(datadir):
    # Round 1: Adams 2# (did not show up against Baker), Baker 1+ (wins without play): 0 and 1 point, unplayed.
    datadir("2024-club/turnering.txt", "[Club Cup]\n[2024-05-01]\n[Time control: 30min + 30sec]\n"
                                        "1 [Adams][Amy] [2#] 0\n2 [Baker][Ben] [1+] 1\n")
    loaded = load(datadir.root)
    assert loaded.ok, loaded.report.lines()
    records = loaded.results["2024-club/tournament"].records
    assert (records["adams-amy"][0].outcome, records["adams-amy"][0].points) == (Outcome.FORFEIT_LOSS, 0)
    assert (records["baker-ben"][0].outcome, records["baker-ben"][0].points) == (Outcome.FORFEIT_WIN, 1)


def test_a_player_missing_from_a_round_of_a_turnering_event_is_located_at_his_line(datadir):
    """A turnering.txt gives every player a token in every round, so the reader never leaves one out; the check
    behind it is tested here on a round with Baker taken out: the error points at Baker's own line (4), not at
    the file without a line."""
    from dataclasses import replace

    from generator.diagnostics import Report
    from generator.kinds import REGISTRY
    from generator.sources.reader import read_data
    from generator.pipeline.checks import validate_event

    datadir("2024-club/turnering.txt", "[Club Cup]\n[2024-05-01]\n1 [Adams][Amy] [2+]\n2 [Baker][Ben] [1-]\n"
            "3 [Clark][Cy] [0+]\n")
    report = Report()
    data = read_data(datadir.root, report, REGISTRY)
    assert not report.errors, report.lines()
    event = next(e for e in data.events() if e.festival_id == "2024-club")
    (first,) = event.rounds
    kept = tuple(g for g in first.games if "baker-ben" not in (g.sente.id, g.gote.id))
    broken = replace(event, rounds=(replace(first, games=kept),))
    validate_event(broken, data.players, report)
    missing = [d for d in report.diagnostics if "Baker, Ben (baker-ben) is missing from round 1" in d.message]
    assert [(d.location.line, d.location.file.endswith("turnering.txt")) for d in missing] == [(4, True)]
