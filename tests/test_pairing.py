"""Swiss pairing (docs/rulings.md#swiss-pairing) and the `pair` command; every expected pairing worked out by hand."""

from __future__ import annotations


from generator.rules.pairing import Candidate, pair

from .conftest import run_generator


def c(pid: str, group: int = 0, met: str = "", bye: bool = False) -> Candidate:
    return Candidate(pid, group, pid, frozenset(met.split()) if met else frozenset(), bye)


def test_round_1_even_field_is_1_vs_n_over_2_plus_1():
    # 8 players by Elo: 1-5, 2-6, 3-7, 4-8.
    p = pair([c(str(i)) for i in range(1, 9)])
    assert (p.pairs, p.bye, p.notes) == ([("1", "5"), ("2", "6"), ("3", "7"), ("4", "8")], None, [])


def test_round_1_odd_field_gives_the_bye_to_the_lowest_rated():
    # 7 players: 7 has the bye; the other 6 pair 1-4, 2-5, 3-6.
    p = pair([c(str(i)) for i in range(1, 8)])
    assert (p.pairs, p.bye) == ([("1", "4"), ("2", "5"), ("3", "6")], "7")


def test_a_swiss_round_with_a_float_and_a_bye():
    # Ranked: A B C on 2 points, D E F G on 1, H on 0 (8 players, no bye needed)... take 9 with I on 0 who
    # already had a bye, so the bye goes to the lowest-ranked without one: H.
    ranked = [c("A", 2), c("B", 2), c("C", 2), c("D", 1), c("E", 1), c("F", 1), c("G", 1), c("H", 0),
              c("I", 0, bye=True)]
    p = pair(ranked)
    # Bye: I had one, so H (the next lowest).  Group of 2: A B C -> top half [A], bottom [B C]: A-B; C is left
    # and floats down to the top of the 1-point group, D.  Then E F G I: group of 1 points E F G: E-F
    # (half = 1: E's first preference is F), G floats down to I.
    assert p.bye == "H"
    assert p.pairs == [("A", "B"), ("C", "D"), ("E", "F"), ("G", "I")]
    assert p.notes == ["C floats down to D", "G floats down to I"]


def test_top_half_against_bottom_half_inside_a_group():
    # One group of 6 in rating order: 1-4, 2-5, 3-6 (not 1-2).
    assert pair([c(x, 3) for x in "123456"]).pairs == [("1", "4"), ("2", "5"), ("3", "6")]


def test_a_rematch_is_avoided_with_the_next_preference():
    # 1 already met 4: 1 takes 5 (next in the bottom half), then 2's first preference is 4 (bottom half left:
    # 4, 6), then 3-6.
    ranked = [c("1", met="4"), c("2"), c("3"), c("4", met="1"), c("5"), c("6")]
    assert pair(ranked).pairs == [("1", "5"), ("2", "4"), ("3", "6")]


def test_backtracking_when_the_greedy_choice_strands_the_last_pair():
    # 1-3 would leave 2-4, who met: the matcher must take 1-4 instead, then 2-3.
    ranked = [c("1"), c("2", met="4"), c("3"), c("4", met="2")]
    assert pair(ranked).pairs == [("1", "4"), ("2", "3")]


def test_when_every_pairing_repeats_a_game_the_note_says_so():
    met = {"A": "B C D", "B": "A C D", "C": "A B D", "D": "A B C"}
    p = pair([c(k, met=v) for k, v in met.items()])
    assert p.pairs == [("A", "C"), ("B", "D")]
    assert p.notes[0] == "no pairing without a rematch was found: rematches were allowed where needed"


def test_a_second_bye_only_when_everyone_had_one():
    p = pair([c("A", bye=True), c("B", bye=True), c("C", bye=True)])
    assert p.bye == "C"
    assert p.notes == ["every player has had a bye: C gets a second one"]


run = run_generator


def test_pair_writes_a_round_file_that_checks_clean(datadir, tmp_path):
    (datadir.root / "cup/open/round-3.yaml").unlink()
    result = run("pair", "cup/open", "--round", "3", "--data", "data", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    # After round 2 (test_scoring): Adams 2, Clark 1½, Evil 1, Dean ½, Baker 0.  Five players: Evil had the
    # round-1 bye, so Baker, the lowest without one, gets it.  Every score group has one player: each floats
    # down to the next, Adams-Clark (they have not met) and Evil-Dean.
    # Sente (balanced): round 1 Adams and Clark had sente, Baker and Dean gote; round 2 Evil and Baker sente,
    # Adams and Clark gote. Sente less gote before round 3: Adams 0, Clark 0, Evil +1, Dean -1.
    # Board 1: Adams 0 = Clark 0; both had gote in round 2; board 1 is odd: the higher-ranked, Adams, has sente.
    # Board 2: Dean (-1) has had sente less than Evil (+1): Dean has sente, named first.
    text = (datadir.root / "cup/open/round-3.yaml").read_text()
    assert "games:\n  - [adams-amy, clark-cy]" in text
    assert "\n  - [dean-dora, evil]" in text
    assert "# Sente: the player who has had it less, then the one who had gote in the last round" in text
    assert "\nbye: [baker-ben]\n" in text
    assert run("check", "--data", "data", cwd=tmp_path).returncode == 0


def test_pair_refuses_to_overwrite_and_force_keeps_comments(datadir, tmp_path):
    path = datadir("cup/open/round-3.yaml", """
        # Sunday morning: the arbiter's note stays.
        date: 2024-03-03   # confirmed
        time: "09:30"
        games:
          - [adams-amy, dean-dora]
        bye: [evil]
        """)
    refused = run("pair", "cup/open", "--round", "3", "--data", "data", cwd=tmp_path)
    assert refused.returncode == 1
    assert refused.stderr == ("error: data/cup/open/round-3.yaml exists; pass --force to replace its pairings "
                              "(its other lines and comments are kept)\n")
    forced = run("pair", "cup/open", "--round", "3", "--data", "data", "--force", "--absent", "dean-dora",
                 cwd=tmp_path)
    assert forced.returncode == 0, forced.stderr
    # Without Dean (absent): Adams 2, Clark 1½, Evil 1, Baker 0 — four players, no bye: Adams-Clark, Evil-Baker.
    # Sente: Evil +1 (sente in round 2, a bye in round 1), Baker 0 (gote, then sente): Baker is named first.
    assert path.read_text() == (
        "# Sunday morning: the arbiter's note stays.\n"
        "date: 2024-03-03   # confirmed\n"
        'time: "09:30"\n'
        "games:\n"
        "  - [adams-amy, clark-cy]\n"
        "  - [baker-ben, evil]\n"
        "absent: [dean-dora]\n")


def test_pair_a_late_entry_from_its_round(datadir, tmp_path):
    from .test_late_entries import add_late_fox
    add_late_fox(datadir)
    (datadir.root / "cup/open/round-3.yaml").unlink()
    result = run("pair", "cup/open", "--round", "3", "--data", "data", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    # Fox enters from round 3 with 1 late point: Adams 2, Clark 1½, Evil 1, Fox 1 (Elo 1700 above Evil's
    # adjusted 1350), Dean ½, Baker 0.  Six players, no bye.  Adams floats to Clark; the 1-point group
    # Fox, Evil pairs Fox-Evil; Dean-Baker.
    text = (datadir.root / "cup/open/round-3.yaml").read_text()
    assert "  - [adams-amy, clark-cy]" in text
    assert "  - [fox-finn,  evil]" in text
    assert "  - [dean-dora, baker-ben]" in text


def test_pair_answers_bad_requests_in_one_line(datadir, tmp_path):
    assert run("pair", "cup/open", "--round", "4", "--data", "data", cwd=tmp_path).stderr == \
        "error: Open has 3 rounds, not 4\n"
    (datadir.root / "cup/open/round-3.yaml").unlink()
    datadir("cup/open/round-2.yaml", "games:\n  - [evil, adams-amy]\n  - [baker-ben, clark-cy, 0-1]\n"
                                     "absent: [dean-dora]\n")
    assert run("pair", "cup/open", "--round", "3", "--data", "data", cwd=tmp_path).stderr == \
        "error: round 2 is not complete: pair round 3 when it is\n"
    assert run("pair", "cup/open", "--round", "x", "--data", "data", cwd=tmp_path).stderr == \
        "error: --round must be a whole number, not 'x'\n"


def test_a_withdrawn_player_is_not_paired_nor_required(datadir, tmp_path):
    event = datadir.root / "cup/open/event.yaml"
    event.write_text(event.read_text() + "withdrawn:\n  - {player: dean-dora, after_round: 2}\n")
    (datadir.root / "cup/open/round-3.yaml").unlink()
    result = run("pair", "cup/open", "--round", "3", "--data", "data", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    # As with Dean absent: Adams 2, Clark 1½, Evil 1, Baker 0 — Adams-Clark, Evil-Baker; and no absent line,
    # because a withdrawn player need not be listed.
    text = (datadir.root / "cup/open/round-3.yaml").read_text()
    # Sente: Baker (gote, then sente: 0) has had it less than Evil (a bye, then sente: +1): Baker first.
    assert "  - [adams-amy, clark-cy]" in text and "  - [baker-ben, evil]" in text
    assert "absent" not in text.split("games:")[1]
    assert run("check", "--data", "data", cwd=tmp_path).returncode == 0


def test_a_withdrawn_player_in_a_later_round_is_an_error(datadir):
    from generator.pipeline import load
    event = datadir.root / "cup/open/event.yaml"
    event.write_text(event.read_text() + "withdrawn:\n  - {player: dean-dora, after_round: 2}\n")
    assert [d.message for d in load(datadir.root).report.errors] == [
        "Dean, Dora withdrew after round 2 but plays in round 3"]
