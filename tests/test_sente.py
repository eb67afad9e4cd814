"""Who has sente in a proposed round (sente.py): the balanced rule step by step, and furigoma."""

from __future__ import annotations

from fractions import Fraction

import pytest

from generator.model import Outcome
from generator.rules.scoring import RoundRecord
from generator.rules.sente import balance, order

from .conftest import DEMO, run_generator


def games(*colours: str | None) -> list[RoundRecord]:
    """One record a round: 's' sente, 'g' gote, None a bye."""
    return [RoundRecord(n, Outcome.WIN if c else Outcome.BYE, Fraction(1), "x" if c else None,
                        {"s": "sente", "g": "gote"}.get(c or ""))
            for n, c in enumerate(colours, start=1)]


def test_the_balanced_rule_step_by_step():
    records = {
        "a": games("s", "s", "g"),  # 2 sente, 1 gote: +1
        "b": games("g", "s", "g"),  # -1
        "c": games("s", "g", "s"),  # +1, sente last round
        "d": games("g", "s", "g"),  # -1, gote last round ... see below
        "e": games("s", "g", "g"),  # -1, gote last round
        "f": games("g", "g", "s"),  # -1, sente last round
        "g": games("s", "g", None),  # 0, a bye last round
        "h": games("g", "s", None),  # 0, a bye last round
        "i": games(None, "s", "g"),  # 0, gote last round
        "j": games(None, "g", "s"),  # 0, sente last round
    }
    assert [balance(records, p, 4) for p in "abcdefghij"] == [1, -1, 1, -1, -1, -1, 0, 0, 0, 0]
    pairs = [("a", "b"), ("e", "f"), ("j", "i"), ("g", "h"), ("h", "g")]
    # Board 1: b (-1) has had sente less than a (+1): b first.
    # Board 2: e and f both -1; e had gote in round 3, f sente: e first.
    # Board 3: j and i both 0; i had gote in round 3: i first.
    # Board 4: g and h both 0, both had a bye in round 3: board 4 is even, the lower-ranked (h) first.
    # Board 5: the same two the other way round, board 5 odd: the higher-ranked (h) first.
    assert order(pairs, records, 4) == [("b", "a"), ("e", "f"), ("i", "j"), ("h", "g"), ("h", "g")]


@pytest.mark.build
def test_furigoma_pairs_in_ranking_order_and_pages_show_no_colours_until_the_result(datadir, tmp_path):
    event = datadir.root / "cup/open/event.yaml"
    event.write_text(event.read_text(encoding="utf-8") + "sente: furigoma\n", encoding="utf-8")
    (datadir.root / "cup/open/round-3.yaml").unlink()
    result = run_generator("pair", "cup/open", "--round", "3", "--data", "data", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    text = (datadir.root / "cup/open/round-3.yaml").read_text(encoding="utf-8")
    # The ranking order (test_pairing: Adams-Clark, Evil-Dean), not balanced: Evil stays first.
    assert "games:\n  - [adams-amy, clark-cy]" in text and "\n  - [evil,      dean-dora]" in text
    assert "# Sente is decided at the board (furigoma)" in text
    site = tmp_path / "site"
    built = run_generator("build", "--data", "data", "--site-dir", str(site), cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    page = (site / "cup/open/round-3/index.html").read_text(encoding="utf-8")
    assert "☗ Sente" not in page and "Sente is decided at the board (furigoma)" in page
    adams = (site / "players/adams-amy/index.html").read_text(encoding="utf-8")
    # Adams's rows: round 1 ☗ (first named against Baker), round 2 ☖ (second against Evil), round 3 none yet.
    rows = adams.split("Test Open</a>")[1]
    assert rows.count("<td>☗</td>") == 1 and rows.count("<td>☖</td>") == 1


def test_an_unknown_sente_rule_is_a_located_error(datadir):
    event = datadir.root / "cup/open/event.yaml"
    event.write_text(event.read_text(encoding="utf-8") + "sente: coin\n", encoding="utf-8")
    result = run_generator("check", "--data", "data", cwd=datadir.root.parent)
    assert result.returncode == 1
    assert "data/cup/open/event.yaml:14:8: error:" in result.stderr and "sente" in result.stderr


def test_in_the_demo_sente_and_gote_games_differ_by_at_most_2_for_every_player():
    # Every Swiss shogi event of the demo (the championship, the blitz, the beginners): per player, sente games
    # less gote games is between -2 and 2 (the demo's rounds follow the balanced rule).
    from generator.kinds import kind_of
    from generator.pipeline import load

    loaded = load(DEMO)
    swiss = [e for e in loaded.data.events() if kind_of(e).sente_recorded and e.format == "swiss"]
    assert {e.path.split("/")[1] for e in swiss} == {"championship", "blitz", "beginners"}
    for event in swiss:
        for pid, recs in loaded.results[event.path].records.items():
            assert abs(sum(1 if r.colour == "sente" else -1 for r in recs if r.colour)) <= 2, (event.path, pid)
