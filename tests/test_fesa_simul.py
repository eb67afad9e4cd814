"""A simul in FESA's rating program (turnering.lisp in kota/elo_rating): the giver's line has `[&]` for its
results; his games are those of the lines that name his number, turned round (a win against him is his loss, a
handicap received from him is one he gave). The program does not look the giver up in its list: it makes him a
newcomer without games or grade, so he is rated by his performance in the simul, and his list entry, if he has
one, is left as it is (find-players, calculate, all-players, find-promotions)."""

from __future__ import annotations

import shutil
from pathlib import Path

from generator.diagnostics import Report
from generator.fesa import turnering
from generator.fesa.export import fesa_name
from generator.fesa.lisp import SLOTS, Char, Struct, read_all, write
from generator.fesa.preview import Ratings, entry_of
from generator.fesa.validate import validate
from generator.kinds import kind_of
from generator.pipeline import load

from .conftest import load_clean, run_generator
from .test_rating_engine import entry

# Prof is on the list (2000, 100 games) but gives the simul: the program ignores that entry.
LIST = "(" + "\n".join([
    entry("Prof", "Pat", "JP", ':GRADE-LEVEL 3 :GRADE-NAME "Dan" :ELO-NUMBER 2000 :GAMES 100 '
          ':LAST-PLAYED "2023-01-01" :BONUS-COUNT 100'),
    entry("Adams", "Amy", "GB", ':GRADE-LEVEL 2 :GRADE-NAME "Kyu" :ELO-NUMBER 1500 :GAMES 50 :BONUS-COUNT 100'),
    entry("Baker", "Ben", "NL", ':GRADE-LEVEL 2 :GRADE-NAME "Kyu" :ELO-NUMBER 1500 :GAMES 50 :BONUS-COUNT 100'),
    entry("Clark", "Cy", "DE", ':GRADE-LEVEL 4 :GRADE-NAME "Kyu" :ELO-NUMBER 1304 :GAMES 50 :BONUS-COUNT 100'),
]) + ")\n"

SIMUL = """[Simul, Leiden, Netherlands, 2024-05-01]
[2024-05-01]
[Time control: 30min + 30sec]
Nr Name Nat 1 Pts
1 [Prof][Pat] JP [&] 1.5
2 [Adams][Amy] GB [1+] 1
3 [Baker][Ben] NL [1-] 0
4 [Clark][Cy] DE [1=(+R)] 0.5
"""


def elos(path: Path) -> dict[str, tuple[int, object, object]]:
    entries = read_all(path.read_text(encoding="iso-8859-1"), path.name, Report())
    assert entries is not None
    return {str(e.slots["LAST-NAME"]): (int(e.slots["ELO-NUMBER"]), e.slots["GAMES"], e.slots["LAST-PLAYED"])
            for e in entries[0]}


def test_a_simul_is_rated_as_the_program_rates_it(tmp_path):
    """Worked by hand from the program's rules. Prof gives the simul and is rated by performance (a newcomer:
    no games, no grade); the others are established, bonus count 100 (no bonus), k = 28 (1280-1559).
    - Clark received a rook from Prof: he counts Prof's rating R through the decimal grades: R = 1500 is grade
      13 + (1500-1460)/(1560-1460) = 13.4; less a rook's 2.10 = 11.3, i.e. 1280 + 0.3 x (1360-1280) = 1304.
      Prof counts Clark as Clark's rating + what the rook costs him: 1304 + (1500 - 1304) = 1500.
    - At R = 1500: Adams beats Prof: 28 x (1 - 1/2) = +14 -> 1514; Baker loses: 28 x (0 - 1/2) = -14 -> 1486;
      Clark draws against Prof counted as 1304, his own rating: 28 x (1/2 - 1/2) = 0 -> 1304.
    - Prof's performance against 1514 (lost), 1486 (won), 1500 (drawn): the expected scores against 1514 and
      1486 add up to 1 at 1500, the draw's is 1/2: 1.5, his score: R = 1500, the figure the others were rated
      against, so the ratings stand.
    - Prof's list entry stays 2000 with 100 games, last played as before."""
    (tmp_path / "pre").write_text(LIST, encoding="iso-8859-1")
    (tmp_path / "turnering.txt").write_text(SIMUL, encoding="iso-8859-1")
    out = tmp_path / "post"
    res = run_generator("fesa", "rate", str(tmp_path / "pre"), str(tmp_path / "turnering.txt"), "--out", str(out))
    assert res.returncode == 0, res.stderr
    after = elos(out)
    assert {k: v[0] for k, v in after.items()} == {"Prof": 2000, "Adams": 1514, "Baker": 1486, "Clark": 1304}
    assert after["Prof"][1:] == (100, "2023-01-01")
    assert after["Adams"][1:] == (51, "2024-05-01")
    prof = next(line for line in res.stdout.splitlines() if " Prof " in line)
    assert " 1500* " in prof, res.stdout  # his performance, marked as an unrated player's figure


def test_a_simul_file_passes_the_validator():
    report = Report()
    t = turnering.read(SIMUL.encode("iso-8859-1"), "t.txt", report)
    assert t is not None and t.players[0].simul and t.players[0].results == ()
    validate(t, "t.txt", report)
    assert not report.errors, report.lines()
    assert turnering.write(t) == SIMUL  # written back as read


def test_malformed_simul_lines_are_located(tmp_path):
    """`&` beside results, a no-show against the giver (FESA's program takes + - = only), a giver's points that
    his games do not give (Adams won: 0, Baker's no-show is no game, Clark drew: 1/2; 0.5, not 2), a handicap
    against him without a side."""
    bad = (SIMUL.replace("[1+] 1", "[1+ &] 1").replace("[&] 1.5", "[&] 2").replace("[1-] 0", "[1#] 0"))
    report = Report()
    t = turnering.read(bad.encode("iso-8859-1"), "t.txt", report)
    assert t is not None
    validate(t, "t.txt", report)
    errors = report.lines()
    assert any("t.txt:6" in e and '"&"' in e and "[&] alone" in e for e in errors), errors
    assert any("t.txt:5" in e and "Player #1 has 2 points, but the results give 0.5" in e for e in errors), errors
    assert any("t.txt:7" in e and "# against the simul giver #1" in e for e in errors), errors
    (tmp_path / "pre").write_text(LIST, encoding="iso-8859-1")
    for text, line, words in ((bad, 6, "'&' is not a game"),
                              (SIMUL.replace("[1=(+R)]", "[1=(R)]"), 8, "neither + (received) nor - (given)")):
        (tmp_path / "turnering.txt").write_text(text, encoding="iso-8859-1")
        res = run_generator("fesa", "rate", str(tmp_path / "pre"), str(tmp_path / "turnering.txt"), "--out",
                            str(tmp_path / "post"))
        assert res.returncode != 0 and f"turnering.txt:{line}" in res.stderr and words in res.stderr, res.stderr
        assert "Traceback" not in res.stderr and not (tmp_path / "post").exists()


DEMO = Path(__file__).resolve().parent / "fixtures" / "demo"
SIMUL_PATH = "2000-mso-shogi/simul"


def demo_simul(tmp_path: Path, marked: bool) -> Path:
    root = tmp_path / "demo"
    shutil.copytree(DEMO, root)
    if marked:
        event = root / SIMUL_PATH / "event.yaml"
        text = event.read_text(encoding="utf-8")
        event.write_text(text.replace("handicaps: simul", "handicaps: simul\nfesa_rated: true", 1), encoding="utf-8")
    return root


def test_a_simul_is_not_sent_to_fesa_unless_marked(tmp_path):
    loaded = load_clean(demo_simul(tmp_path, marked=False))
    assert not loaded.fesa[SIMUL_PATH].exported and "fesa_rated: true" in loaded.fesa[SIMUL_PATH].reason
    assert SIMUL_PATH not in loaded.ratings


def test_a_marked_simul_is_exported_with_its_givers_and_rated_as_the_program_rates_it(tmp_path):
    """The demo simul marked `fesa_rated: true`: its turnering.txt has the three givers first, each `[&]` with
    the points his boards give him (round-1.yaml, results from the giver's side: Nakao won 7 of his 8 boards,
    losing to Müller; Kaufman 5 won, 2 lost, 1 drawn: 5.5; Ono 4 won, 2 lost, 2 drawn: 5); each opponent names
    his giver, with the handicap he received. The file passes FESA's checks (check exports it), `fesa rate`
    rates it, and the site's preview gives every opponent the rating `fesa rate` gives him, and the givers
    none."""
    root = demo_simul(tmp_path, marked=True)
    loaded = load_clean(root)
    fesa = loaded.fesa[SIMUL_PATH]
    assert fesa.exported, fesa.reason
    text = fesa.content.decode("iso-8859-1")
    assert "\n1 [Nakao][Osamu] JP [&] 7\n2 [Kaufman][Larry] US [&] 5.5\n3 [Ono][Hiroshi] JP [&] 5\n" in text
    assert "\n6 [Müller][Thomas] DE [1+] 1\n" in text and "\n13 [Bakker][Jan] NL [1-(+b)] 0\n" in text
    # The preview from scratch (players.yaml's figures), and FESA's program on a list holding the same entries.
    event = next(e for e in loaded.data.events() if e.path == SIMUL_PATH)
    kind = kind_of(event)
    ratings = Ratings(loaded.data.players, {})
    preview = ratings.rate(event, loaded.results[SIMUL_PATH], kind.fesa_reasons(event), False,
                           kind.fesa_givers(event))
    assert preview is not None and set(preview.changes) == {r.id for r in event.entrants}
    entries = []
    for pid in preview.changes:
        entry = entry_of(loaded.data.players[pid])
        entry.slots["NATIONALITY-LIST"] = [Struct("HOME", {**dict(SLOTS["HOME"]), "LIST": Char("E"),
                                                           "NATIONALITY": "GB"})]
        entries.append(write(entry))
    (tmp_path / "pre").write_text("(" + "\n".join(entries) + "\n)\n", encoding="iso-8859-1")
    (tmp_path / "turnering.txt").write_bytes(fesa.content)
    res = run_generator("fesa", "rate", str(tmp_path / "pre"), str(tmp_path / "turnering.txt"), "--out",
                        str(tmp_path / "post"))
    assert res.returncode == 0, res.stderr
    after = elos(tmp_path / "post")
    names = {pid: fesa_name(loaded.data.players[pid])[0] for pid in preview.changes}
    assert {names[pid]: c.after for pid, c in preview.changes.items()} == {n: after[n][0] for n in names.values()}
    assert sum(c.after != c.before for c in preview.changes.values()) > 10  # (the simul moved the ratings)


def test_a_simul_file_given_as_an_event_is_a_located_error(datadir):
    """A tournament given only as turnering.txt is read as a Swiss: a giver's line there is refused at its line,
    never a traceback."""
    datadir("2024-club/turnering.txt", SIMUL)
    loaded = load(datadir.root)
    assert [d.format() for d in loaded.report.errors] == [
        "data/2024-club/turnering.txt:5: error: a simul's giver ([&]): a tournament given only as turnering.txt "
        "is read as a Swiss, and a simul is not one (write the simul as an event.yaml with format: simul "
        "(docs/rulings.md#simul))"]
