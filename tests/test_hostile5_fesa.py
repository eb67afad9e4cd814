"""FESA files of simul givers at size, and a simul rated by FESA (issue #46, points 1 and 2): a turnering.txt is
checked in time that grows with its size, not with givers × lines; a file's problems are shown 100 at a time in
line order, then how many more; `rating EVENT` on a simul marked `fesa_rated: true` prints its table, givers
first; `fesa rate` refuses, writing nothing, whatever `fesa check` rejects."""

from __future__ import annotations

import dataclasses
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from generator.diagnostics import Location, Report
from generator.fesa import export, turnering
from generator.fesa.lisp import SLOTS, Char, Struct, write
from generator.fesa.preview import entry_of
from generator.fesa.turnering import Token
from generator.fesa.validate import validate
from generator.model import Outcome, Player
from generator.pipeline import load
from generator.rules.scoring import RoundRecord, Standing

from .conftest import load_clean, run_generator
from .test_fesa_simul import LIST, SIMUL_PATH, demo_simul

HEAD = "[Simul, Leiden, Netherlands, 2024-05-01]\n[2024-05-01]\n[Time control: 30min + 30sec]\n"  # lines 1-3


def simul_file(givers: int, giver_points: str = "0") -> str:
    """`givers` givers on lines 4 … givers + 3, then as many opponents, opponent n beating giver n: each giver's
    points are 0 (1 - 1), each opponent's 1."""
    lines = [f"{n} [Giver][G{n}] JP [&] {giver_points}" for n in range(1, givers + 1)]
    lines += [f"{givers + n} [Player][P{n}] NL [{n}+] 1" for n in range(1, givers + 1)]
    return HEAD + "\n".join(lines) + "\n"


@pytest.fixture
def opponent_reads(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A counting spy: how many times a Token's `opponent` is read (one element, the count)."""
    count = [0]
    plain = Token.__getattribute__

    def spy(self: Token, name: str) -> Any:
        if name == "opponent":
            count[0] += 1
        return plain(self, name)

    monkeypatch.setattr(Token, "__getattribute__", spy)
    return count


# --- point 1: linear in the file's size ----------------------------------------------------------------------

def test_the_check_of_a_simul_file_reads_each_result_a_few_times_not_once_a_giver(opponent_reads):
    """200 givers and 200 opponents: 200 results. Reading each giver's games from every line, once a giver, reads
    an opponent 200 × 200 = 40,000 times; the check reads each result a few times (each rule that looks at it), so
    fewer than 10 reads a line of the file (4,000) is linear with room to spare, and far below 40,000."""
    report = Report()
    t = turnering.read(simul_file(200).encode(), "t.txt", report)
    assert t is not None
    opponent_reads[0] = 0
    validate(t, "t.txt", report)
    assert not report.diagnostics, report.lines()
    assert opponent_reads[0] < 10 * 400, opponent_reads[0]


def test_the_export_of_a_simul_sums_its_givers_points_in_one_pass(tmp_path, opponent_reads):
    """The demo simul (marked for FESA) with 200 givers and 200 opponents put in its place, opponent n beating
    giver n: each giver's points, 0, are summed from the opponents' lines. Once a giver over every line that is
    200 × 200 = 40,000 reads of an opponent; in one pass, a few a line (fewer than 10 × 400 = 4,000)."""
    loaded = load_clean(demo_simul(tmp_path, marked=True))
    event = next(e for e in loaded.data.events() if e.path == SIMUL_PATH)
    res = loaded.results[SIMUL_PATH]
    players = {f"g{n}": Player(f"g{n}", "Giver", f"G{n}", "JP", Location("players.yaml")) for n in range(1, 201)}
    players |= {f"p{n}": Player(f"p{n}", "Player", f"P{n}", "NL", Location("players.yaml")) for n in range(1, 201)}
    records = {f"p{n}": [RoundRecord(1, Outcome.WIN, Fraction(1), opponent=f"g{n}", board=n)] for n in range(1, 201)}
    final = tuple(Standing(n, True, f"p{n}", Fraction(1), (), 1) for n in range(1, 201))
    many = dataclasses.replace(res, records=records, final=final, handicaps={})
    opponent_reads[0] = 0
    t = export.tournament(event, many, players, Report(), (), [f"g{n}" for n in range(1, 201)])
    assert t is not None
    assert [p.points for p in t.players[:200]] == [Fraction(0)] * 200  # (each lost his one game: 1 - 1)
    assert opponent_reads[0] < 10 * 400, opponent_reads[0]


# --- point 1: a file's problems, the first 100 in line order, then how many more ------------------------------

def test_fesa_check_shows_a_files_first_100_errors_then_how_many_more(tmp_path):
    """250 givers who each write 1 point, though each lost his one game (0): 250 errors, on lines 4 … 253. The
    first 100 (lines 4 … 103, players #1 … #100) are shown, then one error at line 104, where the first one not
    shown is: 250 - 100 = 150 more. The summary counts them all."""
    path = tmp_path / "t.txt"
    path.write_text(simul_file(250, giver_points="1"), encoding="iso-8859-1")
    res = run_generator("fesa", "check", str(path))
    assert res.returncode == 1 and "Traceback" not in res.stderr
    assert res.stderr.splitlines() == [
        *(f"{path}:{n + 3}: ERROR: Player #{n} has 1 points, but the results give 0." for n in range(1, 101)),
        f"{path}:104: ERROR: and 150 more errors in this file from this line on, not shown: correct the errors "
        "above and check again to see them",
        "1 file: 250 errors, 0 warnings"]


def test_a_data_folders_simul_file_shows_its_first_100_errors_then_how_many_more(datadir):
    """A tournament given as turnering.txt with 150 givers (lines 4 … 153), each refused at his line (a simul is
    not a Swiss): the first 100 (lines 4 … 103), then at line 104 the 150 - 100 = 50 more."""
    datadir("2024-simul/turnering.txt", simul_file(150))
    errors = [d.format() for d in load(datadir.root).report.errors]
    refused = ("a simul's giver ([&]): a tournament given only as turnering.txt is read as a Swiss, and a simul is "
               "not one (write the simul as an event.yaml with format: simul (docs/rulings.md#simul))")
    shown = "data/2024-simul/turnering.txt"
    assert errors == [*(f"{shown}:{line}: error: {refused}" for line in range(4, 104)),
                      f"{shown}:104: error: and 50 more errors in this file from this line on, not shown: correct "
                      "the errors above and check again to see them"]


def test_a_giver_nobody_plays_is_a_located_warning(tmp_path):
    """Two givers and no opponent: no line names either (he played no game), a warning at each (lines 3, 4)."""
    path = tmp_path / "t.txt"
    path.write_text("[S, L, GB, 2024-05-01]\n[2024-05-01]\n1 [A][B] GB [&] 0\n2 [C][D] GB [&] 0\n",
                    encoding="iso-8859-1")
    res = run_generator("fesa", "check", str(path))
    assert res.returncode == 0, res.stderr
    assert res.stdout.splitlines() == [
        f"{path}:3: WARNING: Player #1 is a simul giver ([&]), but no line names him: he played no game.",
        f"{path}:4: WARNING: Player #2 is a simul giver ([&]), but no line names him: he played no game.",
        "1 file: 0 errors, 2 warnings"]


# --- point 2: `rating EVENT` on a simul; `fesa rate` refuses what `fesa check` rejects -------------------------

def test_rating_a_simul_marked_for_fesa_prints_its_givers_first(tmp_path):
    """The demo simul marked `fesa_rated: true`. Its givers are lines 1-3, as in its turnering.txt, `&` for their
    games, with the points their boards give them (round-1.yaml, from the giver's side): Nakao won 7 of 8 (lost to
    Müller): 7; Kaufman won 5, lost 2 (García, Schneider), drew 1 (Brown): 5 + 1/2 = 5½; Ono won 4, lost 2 (Visser,
    Keller), drew 2 (Taylor, Evans): 4 + 2 × 1/2 = 5. Each opponent's round names his giver's number: Müller
    (line 6) beat Nakao (1): 1+. A giver is rated by his performance, marked *: the figure `fesa rate` prints for
    him from the exported file, with the opponents' list entries as the preview starts them (players.yaml's: the
    team match of the day before, rated first, is left unrated here, so that the simul is their first event)."""
    root = demo_simul(tmp_path, marked=True)
    team = root / "2000-mso-shogi" / "team-match" / "event.yaml"
    team.write_text(team.read_text(encoding="utf-8") + "rated: false\n", encoding="utf-8")
    res = run_generator("rating", SIMUL_PATH, "--data", str(root))
    assert res.returncode == 0 and "Traceback" not in res.stderr, res.stderr
    loaded = load_clean(root)
    entries = []
    for pid in loaded.ratings[SIMUL_PATH].changes:
        e = entry_of(loaded.data.players[pid])
        e.slots["NATIONALITY-LIST"] = [Struct("HOME", {**dict(SLOTS["HOME"]), "LIST": Char("E"),
                                                       "NATIONALITY": "GB"})]
        entries.append(write(e))
    (tmp_path / "pre").write_text("(" + "\n".join(entries) + "\n)\n", encoding="iso-8859-1")
    (tmp_path / "turnering.txt").write_bytes(loaded.fesa[SIMUL_PATH].content)
    rated = run_generator("fesa", "rate", str(tmp_path / "pre"), str(tmp_path / "turnering.txt"), "--out",
                          str(tmp_path / "post"))
    assert rated.returncode == 0, rated.stderr
    performance = {}
    for line in rated.stdout.splitlines():
        found = re.match(r"\s*\d+ (Nakao|Kaufman|Ono) .*?(\d+)\*", line)
        if found:
            performance[found[1]] = found[2] + "*"
    assert set(performance) == {"Nakao", "Kaufman", "Ono"}, rated.stdout
    lines = res.stdout.splitlines()
    assert lines[3:6] == [
        f"  1 Nakao              Osamu       JP          {performance['Nakao']:>5}        &     7",
        f"  2 Kaufman            Larry       US          {performance['Kaufman']:>5}        &    5½",
        f"  3 Ono                Hiroshi     JP          {performance['Ono']:>5}        &     5"]
    muller = next(line for line in lines if line.startswith("  6 Müller"))
    assert "       1+     1 " in muller, muller


def fesa_rate(tmp_path: Path, text: str, *extra: str) -> Any:
    (tmp_path / "pre").write_text(LIST, encoding="iso-8859-1")
    (tmp_path / "t.txt").write_text(text, encoding="iso-8859-1")
    return run_generator("fesa", "rate", str(tmp_path / "pre"), str(tmp_path / "t.txt"), "--out",
                         str(tmp_path / "post"), *extra)


def test_fesa_rate_refuses_an_all_givers_file_that_fesa_check_rejects(tmp_path):
    """Three givers and nobody else: nobody plays anybody, yet each writes 1 point where his games give 0.
    `fesa check` rejects the file at each giver's line (3, 4, 5); `fesa rate` says the same and writes nothing."""
    text = "[S, L, GB, 2024-05-01]\n[2024-05-01]\n" + "".join(
        f"{n} [Giver][G{n}] JP [&] 1\n" for n in range(1, 4))
    (tmp_path / "check.txt").write_text(text, encoding="iso-8859-1")
    checked = run_generator("fesa", "check", str(tmp_path / "check.txt"))
    assert checked.returncode == 1
    res = fesa_rate(tmp_path, text)
    assert res.returncode == 1 and "Traceback" not in res.stderr and not (tmp_path / "post").exists()
    for n in range(1, 4):
        assert f"t.txt:{n + 2}: error: Player #{n} has 1 points, but the results give 0." in res.stderr, res.stderr
    assert res.stderr.splitlines()[-1] == "nothing was written: fix the errors above"


def test_fesa_rate_refuses_a_rematch_as_fesa_check_does_unless_allowed(tmp_path):
    """Adams and Baker meet in both rounds: `fesa check` (and so `fesa rate`) refuses it at each line (3, 4) unless
    the event allows rematches (--allow-rematches, the option of both); then it is rated. Points: Adams 1 + 1/2 =
    1.5, Baker 0 + 1/2 = 0.5."""
    text = "[Cup]\n[2024-05-01]\n1 [Adams][Amy] GB [2+ 2=] 1.5\n2 [Baker][Ben] NL [1- 1=] 0.5\n"
    res = fesa_rate(tmp_path, text)
    assert res.returncode == 1 and not (tmp_path / "post").exists(), res.stderr
    assert "t.txt:3: error: Player #1 meets player #2 twice (rounds 1 and 2)." in res.stderr, res.stderr
    assert "t.txt:4: error: Player #2 meets player #1 twice (rounds 1 and 2)." in res.stderr, res.stderr
    allowed = fesa_rate(tmp_path, text, "--allow-rematches")
    assert allowed.returncode == 0 and (tmp_path / "post").exists(), allowed.stderr


def test_fesa_rate_shows_a_files_first_100_problems_then_how_many_more(tmp_path):
    """250 givers, each writing 1 point where his game gives 0, each with an opponent the list does not have: per
    line an error, 500 in all (lines 4 … 503); the first 100 (lines 4 … 103) and then, at line 104, 400 more."""
    res = fesa_rate(tmp_path, simul_file(250, giver_points="1"))
    assert res.returncode == 1 and not (tmp_path / "post").exists()
    lines = res.stderr.splitlines()
    assert len(lines) == 102, lines[-3:]
    assert lines[-2].endswith("t.txt:104: error: and 400 more errors in this file from this line on, not shown: "
                              "correct the errors above and check again to see them")
