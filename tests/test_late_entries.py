"""Late entries: strength groups at the cut points, McMahon-like points, scoring, FESA's MacMahon column."""

from __future__ import annotations


import pytest

from generator.rules.late_entries import group_floors, group_of, late_points
from generator.model import Outcome
from generator.pipeline import load


@pytest.mark.parametrize("n, top, middle", [
    # cut at ceil(N/3) and ceil(2N/3): N=6 -> 2nd and 4th; N=7 -> 3rd and 5th; N=9 -> 3rd and 6th;
    # N=10 -> 4th and 7th.  Elos 2000, 1900, 1800 … so the k-th is 2100 - 100k.
    (6, 1900, 1700), (7, 1800, 1600), (9, 1800, 1500), (10, 1700, 1400)])
def test_groups_cut_at_the_ceiling_of_thirds(n, top, middle):
    assert group_floors([2100 - 100 * k for k in range(1, n + 1)]) == (top, middle)


def test_a_latecomer_on_a_floor_goes_up():
    floors = (1800, 1600)
    assert [group_of(e, floors) for e in (1800, 1799, 1600, 1599)] == ["top", "middle", "middle", "bottom"]


@pytest.mark.parametrize("group_elo, from_round, points", [
    # The table of docs/mso-2000.md#late-entries by entry after round 1, 2, 3 (= playing from round 2, 3, 4).
    (1900, 2, 0), (1900, 3, 1), (1900, 4, 1),   # top
    (1700, 2, 0), (1700, 3, 0), (1700, 4, 1),   # middle
    (1500, 2, 0), (1500, 3, 0), (1500, 4, 0)])  # bottom
def test_the_seeds_table(group_elo, from_round, points):
    assert late_points(group_elo, from_round, (1800, 1600))[1] == points


def add_late_fox(datadir, from_round: int = 3, elo: int = 1700):
    players = datadir.root / "players.yaml"
    players.write_text(players.read_text() + f"fox-finn:   {{family: Fox, given: Finn, country: GB, elo: {elo}}}\n")
    event = datadir.root / "cup/open/event.yaml"
    event.write_text(event.read_text().replace(
        "players: [adams-amy, baker-ben, clark-cy, dean-dora, evil]",
        f"players: [adams-amy, baker-ben, clark-cy, dean-dora, evil, {{player: fox-finn, from_round: {from_round}}}]"))
    datadir("cup/open/round-3.yaml", """
        games:
          - [adams-amy, dean-dora, draw]
          - [clark-cy,  evil,      +-]
          - [fox-finn,  baker-ben, 1-0]
        """)


def test_a_top_group_latecomer_after_round_2_gets_one_point(datadir):
    add_late_fox(datadir)
    loaded = load(datadir.root)
    assert loaded.ok, loaded.report.lines()
    res = loaded.results["cup/open"]
    # Round-1 field: Adams 1800, Clark 1600, Baker 1510, Dean 1410, Evil 1300; N = 5, cut at the 2nd (1600) and
    # the 4th (1410).  Fox 1700 >= 1600: top group; entry after round 2: 1 point.
    assert res.late == {"fox-finn": ("top", 1)}
    fox = res.records["fox-finn"]
    assert [(r.outcome, r.points) for r in fox] == [(Outcome.LATE, 0), (Outcome.LATE, 1), (Outcome.WIN, 1)]
    after2 = {s.player: s for s in res.by_round[1]}
    assert (after2["fox-finn"].points, after2["fox-finn"].late) == (1, 1)
    final = {s.player: s for s in res.final}
    # 1 late point + the win over Baker = 2.  Baker: 0 + 0 + 0 = 0 (his round-3 bye became this loss).
    assert (final["fox-finn"].points, final["baker-ben"].points) == (2, 0)
    # Baker's SOS counts Fox's whole score, late point included: Adams 2½ + Clark 2½ + Fox 2 = 7.
    assert final["baker-ben"].tiebreaks[0] == 7


def test_the_fesa_file_gets_a_macmahon_column(datadir):
    add_late_fox(datadir)
    text = load(datadir.root).fesa["cup/open"].content.decode("iso-8859-1").splitlines()
    assert text[3] == "Nr Name Nat 1 2 3 MM Pts"
    # Final order by points: Adams 2½, Clark 2½, Fox 2, then Dean and Evil with 1, Baker 0 (#6).
    # Fox is #3: 0- 0- (not yet entered), a win over Baker (6+), MacMahon [1], total 2.
    assert text[6] == "3 [Fox][Finn] GB [0- 0- 6+][1] 2"
    assert text[4].endswith("[0] 2.5")


def test_entry_later_than_round_4_is_an_error(datadir):
    add_late_fox(datadir, from_round=5)
    found = [d.message for d in load(datadir.root).report.errors]
    assert "Fox, Finn enters from round 5, but late entries are accepted only until round 4" in found


def test_a_latecomer_paired_before_his_round_is_an_error(datadir):
    add_late_fox(datadir, from_round=4)
    found = [d.message for d in load(datadir.root).report.errors]
    assert "Fox, Finn plays in round 3 but enters from round 4" in found
