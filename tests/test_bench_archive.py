"""The benchmark's synthetic archive is data an organizer could have written: every kind of event in it checks
without an error or a warning, so that what bench/archive.py times is a real build of each kind."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

from generator.pipeline import load

from .conftest import ROOT

sys.path.insert(0, str(ROOT / "bench"))
from archive import write_archive  # noqa: E402


def test_the_bench_archive_holds_every_kind_of_event_and_checks_clean(tmp_path: Path):
    # 1,300 pages: 200 players (the least), then festivals k = 0, 1, 2 (a club tournament: k % 3 == 2), 3,
    # 4 (other games: k % 9 == 4), 5 (a club) … until the pages are reached; festival 0 has a beginners' session
    # (k even) and an all-play-all of masters (k % 3 == 0).
    write_archive(tmp_path, 1300)
    loaded = load(tmp_path)
    assert loaded.report.lines() == []
    kinds = Counter((e.format, e.game, e.eligibility, e.source) for e in loaded.data.events())
    for kind in [("swiss", "shogi", "open", "yaml"), ("team-swiss", "shogi", "open", "yaml"),
                 ("simul", "shogi", "open", "yaml"), ("swiss", "shogi", "beginners", "yaml"),
                 ("round-robin", "shogi", "open", "yaml"), ("swiss", "shuuro", "open", "yaml"),
                 ("round-robin", "oware", "open", "yaml"), ("swiss", "oware", "open", "yaml")]:
        assert kinds[kind] >= 1, (kind, kinds)
    assert sum(n for (_, _, _, source), n in kinds.items() if source == "turnering") >= 1
    # One player in seven of the registry is new to FESA (a grade, no Elo); beginners have neither.
    players = loaded.data.players.values()
    assert any(p.elo is None and p.grade for p in players)
    assert any(p.elo is None and p.grade is None for p in players)
    assert any(p.fesa_games is not None and p.fesa_games < 9 for p in players)  # still unrated
