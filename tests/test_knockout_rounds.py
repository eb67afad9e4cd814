"""The knock-out followed through round files: selection, seeds, replays, places, prizes, errors, `pair`.

Fixture tests/fixtures/esc: a 3-round Swiss with a knock-out of 4 (final in round 3, so semi-finals in round 2).
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction as F
from pathlib import Path

import pytest

from generator.pipeline import load

from .conftest import ROOT, Writer, load_clean, run_generator

ESC = ROOT / "tests" / "fixtures" / "esc"
EVENT = "cup/open"


@pytest.fixture(scope="module")
def esc():
    return load_clean(ESC)


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    return Writer(ESC, tmp_path).root


def test_selection_takes_the_best_4_active_europeans_present_at_round_1(esc):
    ko = esc.results[EVENT].knockout
    # Europeans by nationality or residence with a FESA Elo and a rated game on or after 2022-03-02:
    # nl 2000, jp-fr 1950 (Japanese, lives in France), de 1900 (last game on the very day), be 1800, dk 1700.
    # size 4: the first four are seeded by Elo; us is not European, so he is not mentioned at all.
    assert [(s.seed, s.player, s.elo) for s in ko.seeds] == [(1, "nl", 2000), (2, "jp-fr", 1950), (3, "de", 1900),
                                                             (4, "be", 1800)]
    assert {p.player: p.reason for p in ko.passed} == {
        "dk": "not among the best 4 by FESA Elo",
        "gb-old": "no FESA-rated game since 2022-03-02 (last one 2022-03-01)",
        "it": "no FESA Elo",  # a club grade gives a festival Elo, not a place on FESA's list
        "pl-late": "not present at round 1",
    }


def test_bracket_of_4_starts_in_round_2_so_the_final_is_in_round_3(esc):
    ko = esc.results[EVENT].knockout
    # 4 players, a bracket of 4: 2 knock-out rounds, final_round 3 -> first round 3 - 2 + 1 = 2.
    # Standard order [1, 4, 2, 3]: semi-finals 1 v 4 (nl v be) and 2 v 3 (jp-fr v de).
    assert ko.bracket.first_round == 2 and ko.bracket.byes == []
    semis, last = ko.stages
    assert [(t.stage, t.round, t.a, t.b) for t in semis] == [("Semi-finals", 2, "nl", "be"),
                                                            ("Semi-finals", 2, "jp-fr", "de")]
    # round-2.yaml: nl - be ½-½, replayed be - nl 0-1: nl goes through; jp-fr - de 0-1: de.
    assert [t.winner for t in semis] == ["nl", "de"]
    assert [r.result.value for r in semis[0].replays] == ["0-1"]
    # Round 3: final nl - de 0-1; third place between the losers, the upper semi-final's first: be, jp-fr;
    # round-3.yaml has [jp-fr, be, 1-0].
    assert [(t.stage, t.a, t.b, t.winner) for t in last] == [("Final", "nl", "de", "de"),
                                                            ("Third place", "be", "jp-fr", "jp-fr")]
    assert ko.places == {1: "de", 2: "nl", 3: "jp-fr", 4: "be"}


def test_knockout_games_score_in_the_event_and_replays_do_not(esc):
    final = {s.player: s.points for s in esc.results[EVENT].final}
    # nl: R1 beat it 1, R2 drew be ½ (the replay she won is not an event game), R3 lost to de 0 = 1½.
    assert final["nl"] == F(3, 2)
    # de 0 + 1 + 1 = 2; be 0 + ½ + 0 = ½; jp-fr 0 + 0 + 1 = 1; pl-late: late (0 points, bottom third), bye, lost = 1.
    assert (final["de"], final["be"], final["jp-fr"], final["pl-late"]) == (2, F(1, 2), 1, 1)
    # Every point: R1 4 games, R2 4 games + a bye, R3 4 games (it absent) = 4 + 5 + 4 = 13.
    assert sum(final.values()) == 13


def test_knockout_prizes_go_by_place_and_stand_apart(esc):
    prizes = esc.knockout_prizes[EVENT]
    assert [(a.player, a.label, a.amount) for a in prizes.awards] == [
        ("de", "1st place", Decimal("200.00")), ("nl", "2nd place", Decimal("150.00")),
        ("jp-fr", "3rd place", Decimal("100.00")), ("be", "4th place", Decimal("50.00"))]
    assert prizes.total == prizes.offered == Decimal("500.00")  # 200 + 150 + 100 + 50
    assert EVENT not in esc.prizes  # the Swiss has no prizes of its own here


def _check(data: Path) -> tuple[int, list[str]]:
    result = run_generator("check", "--data", str(data), cwd=data.parent)
    return result.returncode, [line for line in result.stderr.splitlines() if ": error: " in line]


@pytest.mark.parametrize(("round_file", "edit", "error"), [
    # Without its replay: "  - [nl, be, ½-½]" is line 2 of round-2.yaml; its flow sequence opens at column 5.
    ("round-2.yaml", lambda text: text.split("replays:")[0],
     "data/cup/open/round-2.yaml:2:5: error: KO Semi-finals: nl - be needs a winner "
     "(record the replay under 'replays:', e.g. [be, nl, 1-0])"),
    # A replay of the decisive final: line 9 of round-3.yaml (8 lines before it), column 5.
    ("round-3.yaml", lambda text: text + "replays:\n  - [de, nl, 1-0]\n",
     "data/cup/open/round-3.yaml:9:5: error: nl - de was not drawn: it is not replayed "
     "(remove the replay, or correct the result of the knock-out game)"),
], ids=["drawn-without-replay", "decisive-replayed"])
def test_a_knockout_game_needs_exactly_one_winner(copy, round_file, edit, error):
    path = copy / EVENT / round_file
    path.write_text(edit(path.read_text()))
    assert _check(copy) == (1, [error])


def test_wrong_knockout_pairings_are_all_reported(copy):
    r2 = copy / EVENT / "round-2.yaml"
    r2.write_text(r2.read_text().replace("[nl, be, ½-½]", "[nl, de, ½-½]").replace("[jp-fr, de, 0-1]",
                                                                                  "[jp-fr, be, 0-1]"))
    code, errors = _check(copy)
    assert code == 1
    # Round 3 waits on round 2's ties, so its knock-out games are not judged until round 2 is put right.
    expected = "this round's KO games are nl - be, jp-fr - de"
    # The missing games are reported after the last line written (the replay on line 9), where they would go.
    assert errors == [  # the report lists them by place, then by message
        f"data/cup/open/round-2.yaml:2:5: error: nl - de is not one of the KO pairings of round 2 ({expected})",
        f"data/cup/open/round-2.yaml:3:5: error: jp-fr - be is not one of the KO pairings of round 2 ({expected})",
        "data/cup/open/round-2.yaml:10: error: the KO game jp-fr - de (Semi-finals) is missing from round 2 "
        "(add [jp-fr, de, result] under 'knockout:')",
        "data/cup/open/round-2.yaml:10: error: the KO game nl - be (Semi-finals) is missing from round 2 "
        "(add [nl, be, result] under 'knockout:')",
    ]


def test_knockout_games_in_an_event_without_a_knockout(copy):
    event = copy / EVENT / "event.yaml"
    text = event.read_text()
    event.write_text(text[:text.index("knockout:")] + text[text.index("players:"):])
    code, errors = _check(copy)
    assert code == 1
    assert errors[0].startswith("data/cup/open/round-2.yaml:2:5: error: round 2 has knock-out games, but Open has "
                                "no knock-out")
    assert len(errors) == 2  # one per round file with knock-out games


def test_pair_writes_the_knockout_games_and_pairs_the_rest_swiss(copy):
    (copy / EVENT / "round-2.yaml").unlink()
    (copy / EVENT / "round-3.yaml").unlink()
    result = run_generator("pair", "--data", str(copy), EVENT, "--round", "2", cwd=copy.parent)
    assert result.returncode == 0, result.stderr
    loaded = load(copy)
    assert loaded.ok, loaded.report.lines()
    rnd = loaded.data.festivals[0].events[0].rounds[1]
    # The semi-finals: nl (1) - be (4), jp-fr (2) - de (3). Sente, balanced (round-1.yaml: us, gb-old, nl and
    # jp-fr had sente, de, be, it and dk gote): be (-1) has had it less than nl (+1), de (-1) less than jp-fr (+1).
    assert [(g.sente.id, g.gote.id) for g in rnd.games if g.knockout] == [("be", "nl"), ("de", "jp-fr")]
    # The Swiss, by points, then festival Elo: us 1 (2200), gb-old 1 (2100), dk 1 (1700); pl-late 0 (1850; late
    # after round 1: 0 points), it 0 (1d grade: 1740). Five players: the bye to the lowest, it. Group of 1 point:
    # top half us v bottom half's first gb-old; dk is left over and floats down to pl-late.
    # Sente: us and gb-old both +1 and both had sente in round 1: board 3 is odd, the higher-ranked us has it;
    # dk (-1) has had it less than pl-late (0, no game yet): dk has it.
    assert [(g.sente.id, g.gote.id) for g in rnd.games if not g.knockout] == [("us", "gb-old"), ("dk", "pl-late")]
    assert [b.id for b in rnd.byes] == ["it"]
    text = (copy / EVENT / "round-2.yaml").read_text()
    assert "knockout:   # KO Semi-finals: fixed by the bracket" in text
    assert "note: Holm, Ida (1) floats down to Wolak, Ola (0)" in result.stdout
