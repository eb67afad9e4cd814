"""The site's FESA rating preview runs FESA's rating program's engine (generator/fesa/program.py, the one `fesa rate`
runs): worked by hand on the mini festival, started from a festival's FESA list, and checked against `fesa rate`
on the same tournament. The engine's own agreement with FESA's lists is in test_fesa_program.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from generator.fesa.lisp import read_all
from generator.diagnostics import Report

from .conftest import build_site, load_clean, problems, run_generator

HOME = '(#S(HOME :LIST #\\E :NATIONALITY "{0}" :RESIDENS "{0}" :LAST "2023-01-01"))'


def entry(last: str, first: str, nat: str, rest: str) -> str:
    return f'#S(PLAYER :LAST-NAME "{last}" :FIRST-NAME "{first}" :NATIONALITY-LIST {HOME.format(nat)} {rest})'


# The mini festival's five players in a FESA list (names as the list has them: FESA names):
# Adams rated 1850 with 50 games, FESA grade 1 dan, 13 games above 2 dan's lower bound (1800) counted;
# Baker still unrated: two earlier games against 1500, one won, one lost, his figure so far 1500;
# Clark a newcomer who declared 1 dan; Dean rated 1400, 30 games; Evil provisional, 12 games.
LIST = "(" + "\n".join([
    entry("Adams", "Amy", "GB", ':GRADE-LEVEL 1 :GRADE-NAME "Dan" :ELO-NUMBER 1850 :GAMES 50 '
          ':LB-COUNT (:LB 13 T) :MP-COUNT NIL :BONUS-COUNT 100'),
    entry("Baker", "Ben", "NL", ':ELO-NUMBER 1500 :GAMES ((1500 1 1) (1500 0 1)) :BONUS-COUNT 0'),
    entry("Clark", "Cy", "JP", ':NSR-GRADE-LEVEL 1 :NSR-GRADE-NAME "Dan" :ELO-NUMBER 0 :GAMES 0'),
    entry("Dean", "Dora", "DE", ':GRADE-LEVEL 3 :GRADE-NAME "Kyu" :ELO-NUMBER 1400 :GAMES 30 :BONUS-COUNT 20'),
    entry("Evil", "Eve", "FR", ':GRADE-LEVEL 4 :GRADE-NAME "Kyu" :ELO-NUMBER 1300 :GAMES 12 :BONUS-COUNT 3'),
]) + ")\n"


def test_the_mini_festivals_preview_worked_by_hand(mini):
    """players.yaml only: Adams 1800 (1 dan, games not known: established, bonus count 0); Baker no elo, grade
    2 kyu; Clark no elo, no grade; Dean no elo, claimed 3 kyu; Evil no elo, no grade. Played games: R1 Adams
    beats Baker giving a bishop, Clark–Dean draw; R2 Adams beats Evil, Clark beats Baker; R3 Adams–Dean draw
    (Evil's no-show and the byes are not rated). f(r, o) = 1/(1+10^((o−r)/400)).

    The fixed point, each figure checked against the others' final ones:
    - Evil: one game, lost: only losses give 1.
    - Adams (k 24 from 1600; no bonus at 1800 and above). Against Baker with a bishop given: his own 1800 is
      grade 16.0 (2 dan's lower bound in the program's numbering), less 1.5 = 14.5, which is 1560 + 0.5 × 120 =
      1620: Baker counts 1381 + (1800 − 1620) = 1561. 24 × (1 − 1/(1+10^(−239/400))) = 24 × (1 − 1/1.252639)
      = 4.8404. Then Evil counts 400 (the floor): 24 × (1 − 1/(1+10^(−1404.84/400))) = 24 × 0.00030745 = 0.0074.
      Then Dean 1573, from 1804.848: 24 × (½ − 1/(1+10^(−231.85/400))) = 24 × (0.5 − 0.791604) = −6.9985.
      Sum −2.1507 → −2: 1798.
    - Clark (newcomer, no grade, no extra games): ½ against Dean 1573 and 1 against Baker 1381, 1.5 of 2.
      At 1681: 1/(1+10^(−108/400)) + 1/(1+10^(−300/400)) = 0.650604 + 0.849027 = 1.499631, 0.0020 a point
      below 1.5 by 0.00037: 1681.18 → 1681.
    - Dean (declared 3 kyu: two games against 1410, lost and won) ½ against Clark 1681, ½ against Adams 1798:
      2 of 4. At 1573: 2 × 0.718697 + 0.349396 + 0.214973 = 2.001763, 0.0046 a point: 1572.62 → 1573.
    - Baker (declared 2 kyu: two games against 1510), lost to Adams who gave a bishop: Adams 1798 is grade
      15 + 118/120 = 15.98333, less 1.5 = 14.48333: 1560 + 0.48333 × 120 = 1618; lost to Clark 1681. 1 of 4.
      At 1381: 2 × 0.322452 + 0.203541 + 0.150979 = 0.999424, 0.0042 a point: 1381.14 → 1381."""
    rated = mini.ratings["cup/open"]
    assert {p: c.after for p, c in rated.changes.items()} == {
        "adams-amy": 1798, "baker-ben": 1381, "clark-cy": 1681, "dean-dora": 1573, "evil": 1}
    adams = rated.changes["adams-amy"]
    assert (adams.before, adams.delta, adams.category, adams.games) == (1800, -2, "established", 3)
    assert float(adams.exact) == __import__("pytest").approx(-2.1507, abs=0.0005)
    # Newcomers are unrated: their figure is a performance, with no change.
    assert [rated.changes[p].delta for p in ("baker-ben", "clark-cy", "dean-dora", "evil")] == [None] * 4
    assert rated.settled


def _with_list(datadir) -> Path:
    datadir("cup/before.lisp", LIST)
    festival = datadir.root / "cup" / "festival.yaml"
    festival.write_text(festival.read_text(encoding="utf-8") + "fesa_list: before.lisp\n", encoding="utf-8")
    return datadir.root


@pytest.mark.build
def test_a_festival_starts_from_its_fesa_list_and_previews_promotions(datadir, tmp_path):
    root = _with_list(datadir)
    rated = load_clean(root).ratings["cup/open"].changes
    # Each player starts from his list entry, found by his FESA name (Evil's is "Evil, Eve"), not from
    # players.yaml: Adams 1850 (players.yaml: 1800), Baker his figure so far, 1500 (players.yaml: none).
    assert rated["adams-amy"].before == 1850 and rated["evil"].before == 1300 and rated["dean-dora"].before == 1400
    # Baker has 2 earlier games + 2 now = 4 < 9: still unrated, rated on all four. Clark is new: unrated.
    assert rated["baker-ben"].before == 1500 and rated["baker-ben"].category == "unrated"
    assert rated["clark-cy"].before is None and rated["clark-cy"].category == "unrated"
    # Evil: 12 + 1 = 13 games, rated by the formula but provisional (fewer than 18); Dean 30 + 2: established.
    assert rated["evil"].category == "provisional" and rated["dean-dora"].category == "established"
    # Adams: 1 dan with 13 games counted above 2 dan's lower bound, 1800 (14 promote to 2 dan). His three
    # games step from 1850 to about 1850 ± 10 (three games at k 24), every one above 1800: the first makes 14.
    assert (rated["adams-amy"].grade_before, rated["adams-amy"].promoted) == ("1 dan", "2 dan")
    assert rated["dean-dora"].promoted is None and rated["dean-dora"].grade_before == "3 kyu"

    site = tmp_path / "site"
    built = build_site(root, site)
    assert built.returncode == 0, built.stderr
    standings = (site / "cup" / "open" / "index.html").read_text(encoding="utf-8")
    assert "Adams, Amy: promoted to 2 dan (FESA)" in standings and 'title="promoted to 2 dan (FESA)' in standings
    player = (site / "players" / "adams-amy" / "index.html").read_text(encoding="utf-8")
    assert "FESA grade: 1 dan, promoted to 2 dan (FESA)." in player
    rows = {r["player"]: r for r in json.loads((site / "api" / "cup" / "open" / "rating.json").read_text())["players"]}
    assert (rows["adams-amy"]["fesa_grade_before"], rows["adams-amy"]["promoted_to"]) == ("1 dan", "2 dan")
    assert rows["dean-dora"]["fesa_grade_after"] == "3 kyu" and rows["dean-dora"]["promoted_to"] is None


def test_the_preview_and_fesa_rate_give_the_same_list(datadir, tmp_path):
    """One engine: the rating officer's `fesa rate`, on the turnering.txt we export and the same list, gives
    every player the rating the site previews, and announces the same promotion."""
    root = _with_list(datadir)
    rated = load_clean(root).ratings["cup/open"].changes
    out = run_generator("fesa", "export", "--data", str(root), "--out", str(tmp_path / "fesa"))
    assert out.returncode == 0, out.stderr
    (turnering,) = (tmp_path / "fesa").iterdir()
    new = tmp_path / "after.lisp"
    res = run_generator("fesa", "rate", str(root / "cup" / "before.lisp"), str(turnering), "--out", str(new))
    assert res.returncode == 0, res.stderr
    assert "Promoting Adams Amy to 2 Dan" in res.stdout
    (entries,) = read_all(new.read_text(encoding="iso-8859-1"), "after.lisp", Report()) or [None]
    after = {(e.slots["LAST-NAME"], e.slots["FIRST-NAME"]): e.slots["ELO-NUMBER"] for e in entries}
    ids = {("Adams", "Amy"): "adams-amy", ("Baker", "Ben"): "baker-ben", ("Clark", "Cy"): "clark-cy",
           ("Dean", "Dora"): "dean-dora", ("Evil", "Eve"): "evil"}
    assert {ids[name]: elo for name, elo in after.items()} == {p: c.after for p, c in rated.items()}


def test_a_bad_fesa_list_is_located(datadir):
    festival = datadir.root / "cup" / "festival.yaml"
    text = festival.read_text(encoding="utf-8")
    festival.write_text(text + "fesa_list: ../outside.lisp\n", encoding="utf-8")
    errors, _ = problems(datadir.root)
    assert any("festival.yaml:7:" in e and "not the name of a file in the festival's folder" in e
               for e in errors), errors
    festival.write_text(text + "fesa_list: missing.lisp\n", encoding="utf-8")
    errors, _ = problems(datadir.root)
    assert any("missing.lisp" in e for e in errors), errors
    datadir("cup/bad.lisp", LIST.replace(":ELO-NUMBER 1400", ':ELO-NUMBER "x"').replace(
        ':GRADE-LEVEL 4 :GRADE-NAME "Kyu"', ':GRADE-LEVEL 40 :GRADE-NAME "Kyu"'))
    festival.write_text(text + "fesa_list: bad.lisp\n", encoding="utf-8")
    errors, _ = problems(datadir.root)
    # Both problems at once, each at its entry's line (Dean's is line 4, Evil's line 5).
    assert any("bad.lisp:4:" in e and "ELO-NUMBER" in e for e in errors), errors
    assert any("bad.lisp:5:" in e and "GRADE-LEVEL 40" in e for e in errors), errors


def test_a_rated_player_missing_from_the_fesa_list_is_warned_about(datadir):
    # The list without Adams (players.yaml line 2 gives him elo 1800): he is previewed from players.yaml, and
    # check says so at his line. Baker, not on the list either, has no rating: a newcomer, nothing to say.
    root = _with_list(datadir)
    (root / "cup" / "before.lisp").write_text(
        "(" + "\n".join(line for line in LIST[1:].splitlines() if '"Adams"' not in line and '"Baker"' not in line)
        + "\n", encoding="utf-8")
    errors, warnings = problems(root)
    assert not errors, errors
    assert [w for w in warnings if "FESA list" in w] == [
        f"{root / 'players.yaml'}:2:1: warning: Adams, Amy has a FESA rating (elo: 1800) but is not in the FESA list "
        "of cup as 'Adams, Amy': his rating preview starts from players.yaml (give him the list's spelling, e.g. "
        "fesa_name: \"Adams, Amy\", or leave it if he is not on the list)"]
    assert load_clean(root).ratings["cup/open"].changes["adams-amy"].before == 1800
