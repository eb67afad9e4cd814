"""The rest of the festival: Grand Prix, simul, blitz replays, the prize fund, the programme, beginners.

Fixture tests/fixtures/gp: a festival of four small events (a 2-round Swiss, a one-round match of two teams
of two, a one-giver simul on three boards, a one-round blitz with a replayed draw), a Grand Prix over them, and
a prize fund smaller than what is awarded. Every expected value is worked out by hand in the comments.
"""

from __future__ import annotations

import shutil
from decimal import Decimal
from fractions import Fraction as F
from pathlib import Path

import pytest

from generator.rules import simul
from generator.pipeline import awarded, festival_prizes, load

from .conftest import DEMO, ROOT, load_clean, build_site, run_generator

GP = ROOT / "tests" / "fixtures" / "gp"


@pytest.fixture(scope="module")
def fest():
    return load_clean(GP)


# --- the simul's prize: min(cap, fund / winners), rounded down to the penny ---------------------------------

@pytest.mark.parametrize(("winners", "each"), [
    (3, "100.00"),  # 450 / 3 = 150, above the cap of 100
    (4, "100.00"),  # 450 / 4 = 112.50, above the cap
    (5, "90.00"),   # 450 / 5 = 90
    (7, "64.28"),   # 450 / 7 = 64.2857…, rounded down to the penny
    (9, "50.00"),   # 450 / 9 = 50
])
def test_simul_prize_per_winner(winners, each):
    assert simul.prize_each(Decimal(450), Decimal(100), winners) == Decimal(each)


# --- a giver's Grand Prix points: 4 above 70 %, 3 above 45 %, 2 above 20 %, else 1 ------------------------------

@pytest.mark.parametrize(("score", "boards", "points"), [
    (F(7), 10, 3),          # exactly 70 %: not more than 70 %
    (F(71, 2), 50, 4),      # 35½ of 50 = 71 %
    (F(9), 20, 2),          # exactly 45 %
    (F(23, 2), 25, 3),      # 11½ of 25 = 46 %
    (F(2), 10, 1),          # exactly 20 %
    (F(21, 2), 50, 2),      # 10½ of 50 = 21 %
    (F(0), 8, 1),           # nothing: still 1
    (F(8), 8, 4),           # everything
])
def test_giver_grand_prix_thresholds(score, boards, points):
    assert simul.giver_points(score / boards) == points


def test_simul_assignment_gives_the_professional_the_strongest():
    # Opponents strongest first: o1 … o7. The professional fixed at 3 boards takes o1-o3; the two others share
    # the remaining 4, two each, in their listed order.
    boards = simul.assign([("amateur-1", False, None), ("pro", True, 3), ("amateur-2", False, None)],
                          [f"o{n}" for n in range(1, 8)])
    assert boards == {"pro": ["o1", "o2", "o3"], "amateur-1": ["o4", "o5"], "amateur-2": ["o6", "o7"]}
    # Fixed boards beyond the opponents present cannot be met.
    assert simul.assign([("pro", True, 9)], ["o1"]) is None


# --- the fixture festival ----------------------------------------------------------------------------------

def test_simul_boards_scores_and_handicaps(fest):
    (giver,) = fest.simuls["fest/simul"]
    # Cedar gives three boards: lost to Elm, drew with Fir and Gum: ½ + ½ = 1 of 3 = 33.3 %: above 20 %, so 2.
    assert (giver.giver, giver.score, giver.decided) == ("c", 1, 3)
    assert simul.giver_points(giver.share) == 2
    handicaps = fest.results["fest/simul"].handicaps
    # Simul effect of 3 boards: 250 x log10(3) = 119.28, rounded 119; then 40 more.
    # Cedar 1800 - Elm 1600 = 200 - 119 - 40 = 41: below 100, an even game (no handicap).
    # Cedar - Fir 1500: 300 - 159 = 141: L.  Cedar - Gum 1400: 400 - 159 = 241: B (200 <= 241 < 250).
    assert (1, 1) not in handicaps
    assert (handicaps[(1, 2)].code, handicaps[(1, 3)].code) == ("l", "b")
    # One winner (Elm): min(100, 30 / 1) = 30.
    prizes = fest.prizes["fest/simul"]
    assert [(a.player, a.amount) for a in prizes.awards] == [("e", Decimal("30.00"))]


def test_blitz_replay_decides_a_draw(fest):
    res = fest.results["fest/blitz"]
    # Dogwood - Gum was drawn; in the replay (Gum sente) Dogwood won: the replay counts, 1 - 0 for Dogwood.
    # Hazel beat Elm. Dogwood 1 and Hazel 1, SOS 0 each (Gum 0, Elm 0): a full tie, rank 1 shared; Elm and Gum
    # 0 and SOS 1 each: rank 3 shared.
    assert [(s.rank, s.shared, s.player, s.points) for s in res.final] == [
        (1, True, "d", 1), (1, True, "h", 1), (3, True, "e", 0), (3, True, "g", 0)]
    assert res.records["d"][0].replayed and res.records["d"][0].points == 1


def test_grand_prix_points_ties_and_eligibility(fest):
    gp = fest.grand_prix["fest"]
    h = F(1, 2)
    # Champ: Ash and Cedar 2 points, SOS 0 + 0 each: full tie for places 1-2: (3 + 2) / 2 = 2½ each;
    #        Birch and Dogwood 0, SOS 2 + 2 = 4 each: places 3-4: (1 + 0) / 2 = ½ each.
    # Team:  Team One (Ash, Elm) beat Team Two (Birch, Fir) 2-0: 2 to Ash and Elm, 1 to Birch and Fir.
    # Simul: Elm won 4, Fir drew 2, Gum drew 2; Cedar the giver 1 of 3 = 33 %: 2.
    # Blitz: Dogwood and Hazel share places 1-2: (2 + 1) / 2 = 1½; Elm and Gum places 3-4: 0.
    assert gp.points["champ"] == {"a": 2 + h, "c": 2 + h, "b": h, "d": h}
    assert gp.points["team"] == {"a": 2, "e": 2, "b": 1, "f": 1}
    assert gp.points["simul"] == {"e": 4, "f": 2, "g": 2, "c": 2}
    assert gp.points["blitz"] == {"d": 1 + h, "h": 1 + h, "e": 0, "g": 0}
    # Totals of players in 2+ events: Elm 2 + 4 + 0 = 6; Ash 2½ + 2 = 4½; Cedar 2½ + 2 = 4½; Fir 1 + 2 = 3;
    # Dogwood ½ + 1½ = 2; Gum 2 + 0 = 2; Birch ½ + 1 = 1½.  Hazel is in the blitz only: not ranked.
    assert [(r.rank, r.shared, r.player, r.total) for r in gp.rows] == [
        (1, False, "e", 6), (2, True, "a", 4 + h), (2, True, "c", 4 + h), (4, False, "f", 3),
        (5, True, "d", 2), (5, True, "g", 2), (7, False, "b", 1 + h)]
    assert gp.unranked == {"h": {"blitz": 1 + h}}
    # Prizes 40 / 20 / 10: Elm 40; Ash and Cedar share places 2-3: (20 + 10) / 2 = 15 each.
    assert [(a.player, a.amount) for a in gp.prizes.awards] == [
        ("e", Decimal("40.00")), ("a", Decimal("15.00")), ("c", Decimal("15.00"))]


def test_fund_total_and_warning(fest):
    festival = fest.data.festivals[0]
    lines = festival_prizes(festival, fest)
    # Champ: Ash and Cedar tie on 2 points for the one place prize of 30: 15 each = 30.
    # Simul 30 (Elm), Grand Prix 40 + 15 + 15 = 70.  All: 30 + 30 + 70 = 130 GBP, above the 100 GBP fund.
    assert [(line.title, line.prizes.total) for line in lines] == [
        ("Champ", Decimal("30.00")), ("Simul", Decimal("30.00")), ("Grand Prix", Decimal("70.00"))]
    assert awarded(lines) == {"GBP": Decimal("130.00")}
    warnings = [d.message for d in fest.report.warnings]
    assert any("130.00 GBP of prizes are awarded, more than the 100.00 GBP prize fund" in w for w in warnings)


@pytest.mark.build
def test_fixture_site_pages(tmp_path):
    site = tmp_path / "site"
    result = build_site(GP, site)
    assert result.returncode == 0, result.stdout + result.stderr
    gp = (site / "fest/grand-prix/index.html").read_text(encoding="utf-8")
    assert "Hazel, Hal" in gp and "Not ranked" in gp
    fund = (site / "fest/prizes/index.html").read_text(encoding="utf-8")
    assert "More than the prize fund" in fund and "30.00 GBP more than the 100.00 GBP" in fund
    programme = (site / "fest/programme/index.html").read_text(encoding="utf-8")
    programme = programme[programme.index("<article"):programme.index("</article>")]
    # 1 May: the team match (no time given), the simul at 10:00 and the blitz at 15:00 (their round files), the
    # lecture 19:00-20:00; 2 May: the championship's rounds at 10:00 and 14:00 (its schedule).
    order = [programme.index(x) for x in ("Team Match", "10:00", "Simul", "15:00", "Blitz", "19:00–20:00",
                                          "Lecture", "Thursday 2 May 2024", "Championship")]
    assert order == sorted(order)
    giver = (site / "fest/simul/givers/c/index.html").read_text(encoding="utf-8")
    assert "33.3 %" not in giver  # the percentage is on the overview, the boards here
    overview = (site / "fest/simul/index.html").read_text(encoding="utf-8")
    assert "33.3 %" in overview


# --- validation --------------------------------------------------------------------------------------------

@pytest.fixture
def gpdir(tmp_path: Path):
    target = tmp_path / "data"
    shutil.copytree(GP, target)
    return target


def test_blitz_draw_without_replay_and_stray_replay_are_errors(gpdir):
    (gpdir / "fest/blitz/round-1.yaml").write_text(
        "games:\n  - [d, g, ½-½]\n  - [e, h, 0-1]\nreplays:\n  - [e, h, 1-0]\n", encoding="utf-8")
    loaded = load(gpdir)
    lines = loaded.report.lines()
    assert any("round-1.yaml:2:5: error: board 1 was drawn, and in Blitz a draw is replayed" in x for x in lines)
    assert any("round-1.yaml:5:5: error: this replay is not of a drawn game of round 1" in x for x in lines)


def test_simul_giver_must_be_named_first(gpdir):
    (gpdir / "fest/simul/round-1.yaml").write_text(
        "games:\n  - [e, c, 1-0]\n  - [c, f, ½-½]\n  - [c, g, ½-½]\n", encoding="utf-8")
    lines = load(gpdir).report.lines()
    assert any("round-1.yaml:2:6: error: Elm, Ed is not a giver, but is named first on board 1" in x for x in lines)


def test_grand_prix_names_an_unknown_event(gpdir):
    path = gpdir / "fest/festival.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("    blitz: {places", "    blits: {places"),
                    encoding="utf-8")
    lines = load(gpdir).report.lines()
    assert any("festival.yaml:12:5: error: the Grand Prix counts 'blits', which is no event of GP Festival" in x
               for x in lines)


# --- beginners ---------------------------------------------------------------------------------------------

def _beginners(gpdir: Path, players: list[str], extra: str = "") -> None:
    folder = gpdir / "fest/beginners"
    folder.mkdir()
    (folder / "event.yaml").write_text(
        "name: Beginners\nformat: swiss\ngame: shogi\nrounds: 4\nstart: 2024-05-02\neligibility: beginners\n"
        f"playoff_when_more_than: 2\n{extra}players: [{', '.join(players)}]\n", encoding="utf-8")
    path = gpdir / "fest/festival.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("events: [champ,", "events: [beginners, champ,"),
                    encoding="utf-8")
    registry = gpdir / "players.yaml"
    registry.write_text(registry.read_text(encoding="utf-8") + (
        "n1: {family: New, given: One, country: GB}\n"
        "n2: {family: New, given: Two, country: GB, claimed_grade: 12k}\n"
        "n3: {family: New, given: Three, country: GB, claimed_grade: 9k}\n"
        "n4: {family: New, given: Four, country: GB, last_rated_game: 2023-01-01}\n"), encoding="utf-8")


def test_beginners_eligibility_names_each_player(gpdir):
    _beginners(gpdir, ["n1", "n2", "n3", "n4", "h"])
    lines = [x for x in load(gpdir).report.lines() if "may not play" in x]
    # n1 (nothing known) and n2 (claims 12 kyu, not above 10 kyu) may play. n3 claims 9 kyu; n4 played a
    # FESA-rated game; Hazel has a FESA Elo and played the blitz on 1 May, before the session on 2 May.
    assert len(lines) == 4, lines
    assert "New, Three may not play Beginners: claims the grade 9 kyu, above 10 kyu" in lines[0]
    assert "New, Four may not play Beginners: played a FESA-rated game on 2023-01-01" in lines[1]
    assert "Hazel, Hal may not play Beginners: has a FESA Elo (1300)" in lines[2]
    assert "Hazel, Hal may not play Beginners: played in Blitz (fest), which began on 2024-05-01" in lines[3]
    assert all("event.yaml:8:" in x for x in lines)  # the players: line


def test_beginners_playoff(gpdir):
    _beginners(gpdir, ["n1", "n2"])
    folder = gpdir / "fest/beginners"
    # Two players, so no play-off would be needed (more than 2 must take part): a playoff.yaml is an error.
    (folder / "round-1.yaml").write_text("games:\n  - [n1, n2, ½-½]\n", encoding="utf-8")
    for n in (2, 3, 4):
        (folder / f"round-{n}.yaml").write_text(f"games:\n  - [{'n2, n1' if n % 2 == 0 else 'n1, n2'}, ½-½]\n",
                                                encoding="utf-8")
    (folder / "playoff.yaml").write_text("games:\n  - [n1, n2, 1-0]\n", encoding="utf-8")
    lines = load(gpdir).report.lines()
    assert any("playoff.yaml:1: error: no play-off is needed: only 2 took part (a play-off needs more than 2)" in x
               for x in lines), lines
    # With a play-off from one player up, the two players sharing first place (2 each) play it; n1 wins.
    event = folder / "event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace("playoff_when_more_than: 2",
                                                               "playoff_when_more_than: 1"), encoding="utf-8")
    loaded = load(gpdir)
    assert loaded.ok, loaded.report.lines()
    final = loaded.results["fest/beginners"].final
    assert [(s.rank, s.shared, s.player, s.points) for s in final] == [(1, False, "n1", 2), (2, False, "n2", 2)]


def test_more_than_four_rounds_is_an_error(gpdir):
    _beginners(gpdir, ["n1", "n2"])
    event = gpdir / "fest/beginners/event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace("rounds: 4", "rounds: 5"), encoding="utf-8")
    assert any("Beginners has 5 rounds, but a beginners' session has at most 4" in x
               for x in load(gpdir).report.lines())


# --- fees, for the organizers --------------------------------------------------------------------------------

def test_fees_command_on_the_demo():
    out = run_generator("fees", "--data", str(DEMO))
    assert out.returncode == 0, out.stderr
    # Demo entries (event.yaml) and birth dates (players.yaml), juniors under 18 on each event's first day:
    # Team Match 33 x 15 + 6 x 6 = 531; Beginners free (18); Simul 24 opponents, juniors Visser, Conti, Walker:
    # 21 x 10 + 3 x 4 = 222; Blitz 21 players, juniors Visser, Fischer, Ito, Conti, Walker: 16 x 13 + 5 x 5 = 233;
    # MSOWSC 36 x 25 + 7 x 10 = 970.  Total 531 + 222 + 233 + 970 = 1956.
    assert "Team Match  33 x 15.00 + 6 x 6.00 (juniors) = 531.00 GBP" in out.stdout
    assert "Beginners   free: 18 players" in out.stdout
    assert "Simul       21 x 10.00 + 3 x 4.00 (juniors) = 222.00 GBP" in out.stdout
    assert "Blitz       16 x 13.00 + 5 x 5.00 (juniors) = 233.00 GBP" in out.stdout
    assert "Total       1956.00 GBP" in out.stdout


def test_pair_proposes_simul_boards_with_the_rule_s_handicaps(gpdir):
    (gpdir / "fest/simul/round-1.yaml").unlink()
    out = run_generator("pair", "fest/simul", "--round", "1", "--data", str(gpdir))
    assert out.returncode == 0, out.stderr
    text = (gpdir / "fest/simul/round-1.yaml").read_text(encoding="utf-8")
    # Cedar (1800) on 3 boards, effect 119 + 40: Elm 200 - 159 = 41 even; Fir 300 - 159 = 141 L;
    # Gum 400 - 159 = 241 B.  Opponents strongest first; the handicaps are left to the rule (comments only).
    assert "  - [c, e]   # Elm, Ed: even game (adjusted ERD 200 - 119 - 40 = 41)" in text
    assert "  - [c, f]   # Fir, Flo: lance (L) (adjusted ERD 300 - 119 - 40 = 141)" in text
    assert "  - [c, g]   # Gum, Gus: bishop (B) (adjusted ERD 400 - 119 - 40 = 241)" in text
    # The proposal reads back without errors, every board still to be played.
    loaded = load(gpdir)
    assert loaded.ok, loaded.report.lines()


def test_the_festival_page_names_the_programme_items_the_festival_has(fest, mini):
    from generator.render.site import render_site

    # gp's festival.yaml has one item of its own, a lecture: the page names it, and nothing it does not have.
    page = render_site(fest).pages["fest/index.md"].html
    assert "every event's sessions and the festival's own (Lecture), day by day." in page
    assert "demonstration" not in page.lower() and "lesson" not in page.lower()
    # The mini festival has none: its events' sessions alone.
    page = render_site(mini).pages["cup/index.md"].html
    assert "every event's sessions, day by day." in page
    assert "demonstration" not in page.lower() and "lesson" not in page.lower()
