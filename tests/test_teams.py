"""The Handicap Team Match: scores A-F on six teams, prizes, a 4-v-3 match, pairing, forming teams.

Fixture tests/fixtures/teams: six teams of two (team_size 2), three rounds; each round file states the match scores in
comments. Every expected value below is worked out by hand from those files and docs/mso-2000.md#handicap-team-match.
"""

from __future__ import annotations

import json
import shutil
import textwrap
from decimal import Decimal
from fractions import Fraction as F
from pathlib import Path

import pytest

from generator.rules.team_swiss import formation
from generator.pipeline import load

from .conftest import ROOT, load_clean, run_generator

TEAMS = ROOT / "tests" / "fixtures" / "teams"


@pytest.fixture(scope="module")
def cup():
    return load_clean(TEAMS)


def test_every_score_and_tiebreak_by_hand(cup):
    table = cup.results["cup/match"].teams.final
    h = F(1, 2)
    # Matches (board points): R1 A 2-0 B, C 1-1 D, E 1½-½ F; R2 A 1-1 C, B 2-0 E, D 0-2 F;
    #                         R3 A ½-1½ D, B 1-1 F, C 2-0 E.
    # A) board points:  A 2+1+½ = 3½   B 0+2+1 = 3   C 1+1+2 = 4   D 1+0+1½ = 2½   E 1½+0+0 = 1½   F ½+2+1 = 3½
    # B) team points:   A W D L = 3    B L W D = 3   C D D W = 4   D D L W = 3     E W L L = 2     F L W D = 3
    # Opponents: A: B C D; B: A E F; C: D A E; D: C F A; E: F B C; F: E D B.
    # C) BP Buchholz:   A 3+4+2½ = 9½  B 3½+1½+3½ = 8½  C 2½+3½+1½ = 7½  D 4+3½+3½ = 11  E 3½+3+4 = 10½
    #                   F 1½+2½+3 = 7
    # D) TP Buchholz:   A 3+4+3 = 10   B 3+2+3 = 8   C 3+3+2 = 8   D 4+3+3 = 10   E 3+3+4 = 10   F 2+3+3 = 8
    # E) BP SB (defeated only): A beat B: 3; B beat E: 1½; C beat E: 1½; D beat A: 3½; E beat F: 3½; F beat D: 2½
    # F) TP SB (defeated only): A: 3; B: 2; C: 2; D: 3; E: 3; F: 3
    expected = {
        "a": (3 + h, 3, 9 + h, 10, 3, 3), "b": (3, 3, 8 + h, 8, 1 + h, 2), "c": (4, 4, 7 + h, 8, 1 + h, 2),
        "d": (2 + h, 3, 11, 10, 3 + h, 3), "e": (1 + h, 2, 10 + h, 10, 3 + h, 3), "f": (3 + h, 3, 7, 8, 2 + h, 3),
    }
    assert {s.team: s.values for s in table} == expected
    # Order: C 4; A and F 3½, equal on B (3), A ahead on C (9½ > 7); B 3; D 2½; E 1½.
    assert [(s.rank, s.team) for s in table] == [(1, "c"), (2, "a"), (3, "f"), (4, "b"), (5, "d"), (6, "e")]
    assert not any(s.shared for s in table)


def test_team_prizes_go_to_every_player(cup):
    prizes = cup.prizes["cup/match"]
    # Cedar first (4): 100 to each of its two players. Ash and Fir are both on 3½: cash is not tiebroken, so
    # they share places 2-3: (50 + 0) / 2 = 25 per player. 2 x 100 + 4 x 25 = 300 = 2 x 100 + 2 x 50 offered.
    assert [(a.player, a.amount) for a in prizes.awards] == [
        ("c1", Decimal("100.00")), ("c2", Decimal("100.00")), ("a1", Decimal("25.00")), ("a2", Decimal("25.00")),
        ("f1", Decimal("25.00")), ("f2", Decimal("25.00"))]
    assert prizes.total == prizes.offered == Decimal("300.00")


def test_tied_teams_pool_the_per_player_prizes(tmp_path):
    data = tmp_path / "data"
    shutil.copytree(TEAMS, data)
    r3 = data / "cup/match/round-3.yaml"
    # Cedar loses a board to Elm in round 3: Cedar 1+1+1 = 3, so Ash 3½ and Fir 3½ tie for first and share
    # places 1-2: (100 + 50) / 2 = 75 to each of their 4 players; Cedar and Birch (3) share place 3: no prize.
    r3.write_text(r3.read_text().replace("[e2, c2, 0-1]", "[e2, c2, 1-0]"))
    loaded = load(data)
    assert loaded.ok, loaded.report.lines()
    prizes = loaded.prizes["cup/match"]
    assert sorted((a.player, a.amount) for a in prizes.awards) == [
        ("a1", Decimal("75.00")), ("a2", Decimal("75.00")), ("f1", Decimal("75.00")), ("f2", Decimal("75.00"))]
    assert prizes.total == Decimal("300.00")


def _festival(tmp_path: Path, event: str, rounds: dict[int, str]) -> Path:
    data = tmp_path / "data"
    (data / "t/m").mkdir(parents=True)
    (data / "players.yaml").write_text(textwrap.dedent("""\
        x1: {family: Xu, given: A, country: CN, elo: 2000}
        x2: {family: Xu, given: B, country: CN, elo: 1800}
        x3: {family: Xu, given: C, country: CN, elo: 1500}
        x4: {family: Xu, given: D, country: CN, elo: 1200}
        y1: {family: Yi, given: A, country: KR, elo: 1900}
        y2: {family: Yi, given: B, country: KR, elo: 1500}
        y3: {family: Yi, given: C, country: KR, elo: 1000}
        """))
    (data / "t/festival.yaml").write_text("name: T\nstart: 2024-05-04\nevents: [m]\n")
    (data / "t/m/event.yaml").write_text(textwrap.dedent(event))
    for n, text in rounds.items():
        (data / f"t/m/round-{n}.yaml").write_text(textwrap.dedent(text))
    return data


FOUR_V_THREE = """\
    name: M
    format: team-swiss
    game: shogi
    rounds: 1
    start: 2024-05-04
    rated: false
    handicaps: elo
    teams:
      x: {name: Xs, players: [x1, x2, x3, x4]}
      y: {name: Ys, players: [y1, y2, y3]}
    """


def test_pair_plays_a_4_v_3_match_on_3_boards_in_rating_order_with_handicaps(tmp_path):
    data = _festival(tmp_path, FOUR_V_THREE, {})
    result = run_generator("pair", "--data", str(data), "t/m", "--round", "1", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    rnd = load(data).data.festivals[0].events[0].rounds[0]
    # Boards by rating: x1 2000 v y1 1900: 100 -> L, x1 gives; x2 1800 v y2 1500: 300 -> R; x3 1500 v y3 1000:
    # 500 -> 2P. x4 (1200), the fourth of the team of four, sits out.
    assert [(g.sente.id, g.gote.id, g.handicap) for g in rnd.games] == [
        ("x1", "y1", "l"), ("x2", "y2", "r"), ("x3", "y3", "2p")]


def test_a_4_v_3_match_scores_its_3_boards_and_a_fourth_board_is_an_error(tmp_path):
    data = _festival(tmp_path, FOUR_V_THREE, {1: """\
        matches:
          - teams: [x, y]
            boards: [[x1, y1, l, 0-1], [x2, y2, r, ½-½], [x3, y3, 2p, 1-0]]
        """})
    loaded = load(data)
    assert loaded.ok, loaded.report.lines()
    # Xs: 0 + ½ + 1 = 1½; Ys: 1 + ½ + 0 = 1½: a drawn match, 1 team point each.
    table = {s.team: s.values[:2] for s in loaded.results["t/m"].teams.final}
    assert table == {"x": (F(3, 2), 1), "y": (F(3, 2), 1)}
    (data / "t/m/round-1.yaml").write_text(textwrap.dedent("""\
        matches:
          - teams: [x, y]
            boards: [[x1, y1, 0-1], [x2, y2, 1-0], [x3, y3, 1-0], [x4, y1, 1-0]]
        """))
    result = run_generator("check", "--data", str(data), cwd=tmp_path)
    assert result.returncode == 1
    assert "data/t/m/round-1.yaml:2:5: error: Xs - Ys has 4 boards, but a team of 3 plays only that many" \
        in result.stderr
    assert "Yi, A is in round 1 twice" in result.stderr


@pytest.mark.parametrize(("players", "registered", "sizes"), [
    (13, 0, [4, 3, 3, 3]),  # 4 x 4 = 16, 3 short: three teams of 3; 4 teams, even
    (14, 0, [4, 4, 3, 3]),  # 16 - 14 = 2 teams of 3
    (16, 0, [4, 4, 4, 4]),  # a multiple of 4 and an even number of teams
    (12, 0, [3, 3, 3, 3]),  # 3 teams of 4 would be odd: 4 teams of 3
    (12, 1, [4, 4, 4]),     # with one registered team, 3 more make 4
    (5, 0, None),           # 5 is neither 3 + 3 nor 4 + anything of 3 or 4
])
def test_team_sizes_follow_the_3_player_rule(players, registered, sizes):
    assert formation.team_sizes(players, registered) == sizes


def test_forming_16_players_gives_four_equal_averages():
    # Elo 1050, 1100, … 1800 (1000 + 50k for k = 1..16). A snake draft gives k-sums 16+9+8+1 = 15+10+7+2 =
    # 14+11+6+3 = 13+12+5+4 = 34 for every team: average 1000 + 50 x 34 / 4 = 1425 each.
    entrants = [formation.Entrant(f"p{k}", 1000 + 50 * k, "NL") for k in range(1, 17)]
    teams = formation.form(entrants, [4, 4, 4, 4], set())
    assert [t.average for t in teams] == [1425] * 4
    assert sorted(m.id for t in teams for m in t.members) == sorted(e.id for e in entrants)


def test_nationals_who_ask_play_together():
    # 13 players: sizes 4, 3, 3, 3. Three Britons asked for a national team: they take a team of 3.
    entrants = [formation.Entrant(f"gb{k}", 1500 + k, "GB", nationals=True) for k in range(3)]
    entrants += [formation.Entrant(f"p{k}", 1200 + 40 * k, "NL") for k in range(10)]
    teams = formation.form(entrants, formation.team_sizes(13, 0), {"team-a"})
    national = [t for t in teams if t.national]
    assert [(t.name, sorted(m.id for m in t.members)) for t in national] == [("United Kingdom",
                                                                              ["gb0", "gb1", "gb2"])]
    assert sorted(len(t.members) for t in teams) == [3, 3, 3, 4]
    assert "Team A" not in [t.name for t in teams]  # the id team-a is taken: the letters go on from B


def test_teams_command_writes_the_proposal_into_event_yaml_keeping_comments(tmp_path):
    event = FOUR_V_THREE.replace("      y: {name: Ys, players: [y1, y2, y3]}\n",
                                 "    unattached: [y1, y2, y3]   # came on the day\n")
    event = event.replace("    teams:\n", "    teams:   # registered\n")
    data = _festival(tmp_path, event, {})
    result = run_generator("teams", "--data", str(data), "t/m", cwd=tmp_path)
    # 3 unattached players and 1 registered team: one team of 3 makes 2 teams, an even number.
    assert result.returncode == 0, result.stderr
    text = (data / "t/m/event.yaml").read_text()
    assert "teams:   # registered" in text and "unattached" not in text
    assert "team-a: {name: Team A, players: [y1, y2, y3]}" in text
    assert load(data).ok


def _seven_teams(tmp_path: Path) -> Path:
    """The fixture's six teams and a seventh, Gum (g1 1740, g2 1540: average 1640, the lowest; Ash 1700, Birch
    1690, Cedar 1680, Date 1670, Elm 1660, Fir 1650), round 1 only."""
    data = tmp_path / "data"
    shutil.copytree(TEAMS, data)
    with (data / "players.yaml").open("a") as f:
        f.write("g1: {family: Gum, given: Al, country: ES, elo: 1740}\ng2: {family: Gum, given: Bo, country: ES, "
                "elo: 1540}\n")
    event = data / "cup/match/event.yaml"
    event.write_text(event.read_text() + "  g: {name: Gum, players: [g1, g2]}\n")
    for n in (2, 3):
        (data / f"cup/match/round-{n}.yaml").unlink()
    return data


def test_seven_teams_pair_with_a_bye_for_the_lowest_ranked(tmp_path):
    data = _seven_teams(tmp_path)
    (data / "cup/match/round-1.yaml").unlink()
    result = run_generator("pair", "--data", str(data), "cup/match", "--round", "1", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    # Round 1 by average Elo: Gum, the lowest of seven, sits out (a team of 2: 1 board point).
    assert "bye: Gum (a won match, 1 board points)" in result.stdout
    text = (data / "cup/match/round-1.yaml").read_text()
    assert "\nbye: g " in text
    rnd = load(data).data.festivals[0].events[0].rounds[0]
    assert [r.id for r in rnd.team_byes] == ["g"] and rnd.byes == ()
    assert sorted(t.id for m in rnd.matches for t in m.teams) == ["a", "b", "c", "d", "e", "f"]


@pytest.mark.build
def test_a_team_bye_scores_a_won_match_and_half_its_boards_and_is_nobodys_opponent(tmp_path):
    data = _seven_teams(tmp_path)
    r1 = data / "cup/match/round-1.yaml"
    r1.write_text(r1.read_text() + "bye: g\n")
    # After round 1 (A 2-0 B, C 1-1 D, E 1½-½ F, Gum's bye 1): A 2, E 1½, then C, D, Gum on 1 (averages 1680,
    # 1670, 1640), F ½, B 0. Seven teams: Birch, the last without a bye, sits out round 2.
    result = run_generator("pair", "--data", str(data), "cup/match", "--round", "2", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "bye: Birch (a won match, 1 board points)" in result.stdout
    (data / "cup/match/round-2.yaml").write_text(textwrap.dedent("""\
        matches:
          - teams: [a, e]          # Ash 2 - 0 Elm
            boards: [[a1, e1, 1-0], [e2, a2, 0-1]]
          - teams: [c, g]          # Cedar 1 - 1 Gum
            boards: [[c1, g1, 1-0], [g2, c2, 1-0]]
          - teams: [d, f]          # Date ½ - 1½ Fir
            boards: [[d1, f1, ½-½], [f2, d2, 1-0]]
        bye: b
        """))
    loaded = load(data)
    assert loaded.ok, loaded.report.lines()
    h = F(1, 2)
    # A) BP: A 2+2 = 4; B 0+1 (bye) = 1; C 1+1 = 2; D 1+½ = 1½; E 1½+0 = 1½; F ½+1½ = 2; G 1 (bye)+1 = 2.
    # B) TP: A 2+2 = 4; B 0+2 = 2; C 1+1 = 2; D 1+0 = 1; E 2+0 = 2; F 0+2 = 2; G 2+1 = 3.
    # Opponents, byes left out: A: B, E; B: A; C: D, G; D: C, F; E: F, A; F: E, D; G: C.
    # C) BP-Bh: A 1+1½ = 2½; B 4; C 1½+2 = 3½; D 2+2 = 4; E 2+4 = 6; F 1½+1½ = 3; G 2.
    # D) TP-Bh: A 2+2 = 4; B 4; C 1+3 = 4; D 2+2 = 4; E 2+4 = 6; F 2+1 = 3; G 2.
    # E) BP-SB, defeated only (a bye defeats nobody): A beat B, E: 1+1½ = 2½; E beat F: 2; F beat D: 1½; others 0.
    # F) TP-SB: A 2+2 = 4; E 2; F 1; others 0.
    expected = {"a": (4, 4, 2 + h, 4, 2 + h, 4), "b": (1, 2, 4, 4, 0, 0), "c": (2, 2, 3 + h, 4, 0, 0),
                "d": (1 + h, 1, 4, 4, 0, 0), "e": (1 + h, 2, 6, 6, 2, 2), "f": (2, 2, 3, 3, 1 + h, 1),
                "g": (2, 3, 2, 2, 0, 0)}
    table = loaded.results["cup/match"].teams.final
    assert {s.team: s.values for s in table} == expected
    # A 4; on 2: Gum (TP 3), then Cedar and Fir (TP 2) by BP-Bh 3½ > 3; on 1½: Elm (TP 2) before Date (1); Birch.
    assert [s.team for s in table] == ["a", "g", "c", "f", "e", "d", "b"]
    site = tmp_path / "site"
    from .conftest import build_site
    assert build_site(data, site).returncode == 0
    round_2 = (site / "cup/match/round-2/index.html").read_text(encoding="utf-8")
    assert "sits out this round: a won match (2 team points) and 1 board points" in round_2
    birch = (site / "cup/match/teams/b/index.html").read_text(encoding="utf-8")
    assert "(bye)" in birch
    api = json.loads((site / "api/cup/match/teams.json").read_text(encoding="utf-8"))
    assert api["byes"] == [{"round": 1, "team": "g", "board_points": 1}, {"round": 2, "team": "b", "board_points": 1}]


def test_team_bye_mistakes_are_located(tmp_path):
    data = _seven_teams(tmp_path)
    r1 = data / "cup/match/round-1.yaml"
    r1.write_text(r1.read_text() + "bye: gun\n")
    result = run_generator("check", "--data", str(data), cwd=tmp_path)
    assert result.returncode == 1
    assert "data/cup/match/round-1.yaml:8:6: error: unknown team 'gun'" in result.stderr, result.stderr
    assert "team Gum has no match in round 1" in result.stderr
    r1.write_text(r1.read_text().replace("bye: gun", "bye: a"))
    result = run_generator("check", "--data", str(data), cwd=tmp_path)
    assert "team Ash plays twice in round 1" in result.stderr, result.stderr
