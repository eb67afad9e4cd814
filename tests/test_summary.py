"""The pull request's job summary (`python -m generator summary --base DIR`), on the mini festival, whose
standings and prizes are worked out by hand in test_scoring.py and test_prizes.py:

  R1: A-B 1-0, C-D ½-½, E bye        after R1: A 1, E 1, C ½, D ½, B 0
  R2: E-A 0-1, B-C 0-1, D absent     after R2: A 2 (1st), C 1½ (2nd), E 1 (3rd), D ½ (4th), B 0 (5th)
  R3: A-D draw, C-E +-, B bye        after R3: A 2½ (1st), C 2½ (2nd), B 1 and D 1 (3rd=), E 1 (5th)

(A Adams, B Baker, C Clark, D Dean, E Evil: a name made of HTML and Markdown that must stay text.)
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.pipeline import changes
from generator.pipeline import load
from generator.render import summary

from .conftest import DEMO, MINI, load_clean, run_generator

EVIL = r"&lt;script&gt;alert(1)&lt;/script&gt;, \*Eve\* \| \[x\](y)"  # the name as Markdown text, escaped


@pytest.fixture
def before_round_3(tmp_path: Path) -> Path:
    """The mini festival as it stood before round 3 was committed."""
    base = tmp_path / "base"
    shutil.copytree(MINI, base)
    (base / "cup/open/round-3.yaml").unlink()
    return base


def _summary(base: Path | None, head: Path) -> list[str]:
    loaded = load(head)
    if not loaded.ok:
        return summary.problems(loaded.report)
    old = load(base) if base else None
    return summary.changes(loaded.report, changes.compare(old, loaded), old is not None)


def test_a_new_round_moves_the_standings_and_decides_the_prizes(before_round_3: Path):
    lines = _summary(before_round_3, MINI)
    assert "- Results of round 3 added: 3 of 3 rounds played, the event is finished." in lines
    # Adams and Clark share 2½; Adams is first on SOS (3 against 2).
    assert "- First: Adams, Amy, 2½ points." in lines
    table = lines[lines.index("| Now | Name | Points | Before |") + 2:]
    table = table[:table.index("")]
    # Before: A 1st on 2, C 2nd on 1½, E 3rd on 1, D 4th on ½, B 5th on 0.
    # Now:    A 1st on 2½, C 2nd on 2½, B 3rd= on 1 (5th → 3rd: up 2), D 3rd= on 1 (up 1), E 5th on 1 (down 2).
    assert table == [
        "| 1st | Adams, Amy | 2½ | = (was 1st, 2 points) |",
        "| 2nd | Clark, Cy | 2½ | = (was 2nd, 1½ points) |",
        "| 3rd= | Baker, Ben | 1 | ▲ 2 (was 5th, 0 points) |",
        "| 3rd= | Dean, Dora | 1 | ▲ 1 (was 4th, ½ points) |",
        f"| 5th | {EVIL} | 1 | ▼ 2 (was 3rd, 1 point) |",
    ]
    # test_prizes: places 1-2 (30 + 20) pooled by Adams and Clark, 25.00 each; Baker, Dean and Evil split
    # place 3 (10): 3.33 each; all three are kyu, tied on 1: best kyu would be 5 / 3 = 1.66 each, less than
    # 3.33, so they keep their place shares and best kyu is not awarded.
    prizes = lines[lines.index("### Prizes now decided"):]
    assert prizes[2:7] == ["**Open**", "", "| Name | Prize | Amount |", "|---|---|---:|",
                           "| Adams, Amy | places 1–2, shared by 2 | 25.00 GBP |"]
    assert "| Baker, Ben | places 3–5, shared by 3 | 3.33 GBP |" in prizes
    assert f"| {EVIL} | places 3–5, shared by 3 | 3.33 GBP |" in prizes
    assert "best kyu" not in "\n".join(prizes)
    assert "— corrected" not in "\n".join(prizes)


def test_a_corrected_result_says_so_and_moves_the_players(tmp_path: Path):
    head = tmp_path / "head"
    shutil.copytree(MINI, head)
    r1 = head / "cup/open/round-1.yaml"
    r1.write_text(r1.read_text(encoding="utf-8").replace("[clark-cy,  dean-dora, ½-½]", "[clark-cy, dean-dora, 1-0]"),
                  encoding="utf-8")
    lines = _summary(MINI, head)
    assert "- Results of round 1 corrected." in lines
    assert "- First: Clark, Cy, 3 points." in lines  # C 1 + 1 + 1 (no-show win)
    # Now A 2½; B 1 and E 1, SOS B = A 2½ + C 3 = 5½ > E = A 2½; D ½.
    # A 1st → 2nd, C 2nd → 1st, B 3rd= → 3rd on 1 (rank and points as before: not listed),
    # E 5th → 4th, D 3rd= on 1 → 5th on ½.
    table = lines[lines.index("| Now | Name | Points | Before |") + 2:]
    assert table[:table.index("")] == [
        "| 1st | Clark, Cy | 3 | ▲ 1 (was 2nd, 2½ points) |",
        "| 2nd | Adams, Amy | 2½ | ▼ 1 (was 1st, 2½ points) |",
        f"| 4th | {EVIL} | 1 | ▲ 1 (was 5th, 1 point) |",
        "| 5th | Dean, Dora | ½ | ▼ 2 (was 3rd=, 1 point) |",
    ]
    # The prizes were decided before and are again, differently: Clark alone on 3 takes 1st place (30),
    # Adams alone on 2½ 2nd place (20).
    assert "**Open** — corrected" in lines
    assert "| Clark, Cy | 1st place | 30.00 GBP |" in lines
    assert "| Adams, Amy | 2nd place | 20.00 GBP |" in lines


def test_new_pairings_wait_for_results(before_round_3: Path, tmp_path: Path):
    head = tmp_path / "head"
    shutil.copytree(before_round_3, head)
    (head / "cup/open/round-3.yaml").write_text(
        "games:\n  - [adams-amy, dean-dora]\n  - [clark-cy, evil]\nbye: [baker-ben]\n", encoding="utf-8")
    lines = _summary(before_round_3, head)
    assert "- Pairings of round 3 added, waiting for results." in lines
    assert "- 2 of 3 rounds played." in lines
    assert "- Leads: Adams, Amy, 2 points." in lines  # after R2
    assert not any(x.startswith("| ") for x in lines)  # no standing moved, no prize decided
    # One result in: still waiting for the other.
    (head / "cup/open/round-3.yaml").write_text(
        "games:\n  - [adams-amy, dean-dora, draw]\n  - [clark-cy, evil]\nbye: [baker-ben]\n", encoding="utf-8")
    assert "- Results entered in round 3, still waiting for others." in _summary(before_round_3, head)


def test_the_same_results_are_unchanged_whatever_the_comments(tmp_path: Path):
    head = tmp_path / "head"
    shutil.copytree(MINI, head)
    r3 = head / "cup/open/round-3.yaml"
    r3.write_text("# checked by the arbiter\n" + r3.read_text(encoding="utf-8"), encoding="utf-8")
    lines = _summary(MINI, head)
    assert "**The results are unchanged**: no round, standing or prize differs from before." in lines
    assert not any(x.startswith("###") for x in lines)


def test_errors_in_plain_words_with_where_and_how_to_fix(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(tmp_path)  # files are named from the working directory, as in the repository
    head = Path("head")
    shutil.copytree(MINI, head)
    r3 = head / "cup/open/round-3.yaml"
    text = r3.read_text(encoding="utf-8").replace("dean-dora, draw]", "dean-dora, drew]") \
        .replace("[clark-cy,  evil,", "[clark-cy,  evl, ")
    r3.write_text(text, encoding="utf-8")
    lines = _summary(MINI, head)
    rows = text.splitlines()
    drew = rows.index("  - [adams-amy, dean-dora, drew]") + 1  # 1-based
    evl = rows.index("  - [clark-cy,  evl,       +-]     # evil did not show up") + 1
    # 'evil' is then also missing from round 3: three problems, in the order of the file (the whole file last).
    assert "**Not ready to publish: 3 problems to fix.**" in lines[2]
    # column 28: `  - [` (5) and `adams-amy, dean-dora, ` (22) come before it
    i = lines.index(f"1. **{r3.as_posix()}**, line {drew}, column 28: 'drew' is not a result.")
    assert lines[i + 1].startswith("   How to fix: Write 1-0, 0-1, ½-½ (or draw)")
    # A message is kept as written (it may begin with a name); the hint begins a sentence.
    # column 17: `  - [` (5) and `clark-cy,  ` (11) come before it
    i = lines.index(f"2. **{r3.as_posix()}**, line {evl}, column 17: unknown player id 'evl'.")
    assert lines[i + 1] == "   How to fix: Did you mean 'evil'?"
    # The missing player last: reported after the last line of the file, where the pairing would be added.
    last = len([row for row in rows if row.strip()]) + 1
    assert any(line.startswith(f"3. **{r3.as_posix()}**, line {last}: ") and "is missing from round 3" in line
               for line in lines)


def test_a_hostile_name_in_a_problem_stays_text(tmp_path: Path):
    head = tmp_path / "head"
    shutil.copytree(MINI, head)
    r3 = head / "cup/open/round-3.yaml"
    r3.write_text(r3.read_text(encoding="utf-8").replace("[clark-cy,  evil,      +-]", "[clark-cy, baker-ben, 1-0]")
                  .replace("bye: [baker-ben]", ""), encoding="utf-8")
    text = "\n".join(_summary(MINI, head))
    assert f"{EVIL} (evil) is missing from round 3." in text
    assert "<script>" not in text


def test_rounds_are_named_in_runs():
    assert summary._rounds((3,)) == "round 3"
    assert summary._rounds((2, 4)) == "rounds 2 and 4"
    assert summary._rounds((1, 2)) == "rounds 1 and 2"
    assert summary._rounds((1, 2, 3, 5)) == "rounds 1–3 and 5"
    assert summary._rounds((1, 2, 3, 4, 5)) == "rounds 1–5"


def test_the_command_prints_the_summary_and_exits_0(before_round_3: Path, tmp_path: Path):
    result = run_generator("summary", "--data", str(MINI), "--base", str(before_round_3))
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == _summary(before_round_3, MINI)
    # No base folder (a first pull request, say): every event is new.
    result = run_generator("summary", "--data", str(MINI), "--base", str(tmp_path / "nothing"))
    assert "No earlier version of the results could be checked, so every event is listed as new." in result.stdout
    assert "### Test Open (cup/open), new" in result.stdout
    # Errors are a report too: exit 0 (check is what fails the job).
    broken = tmp_path / "broken"
    shutil.copytree(MINI, broken)
    (broken / "cup/open/event.yaml").write_text("name: [\n", encoding="utf-8")
    result = run_generator("summary", "--data", str(broken), "--base", str(MINI))
    assert result.returncode == 0 and "Not ready to publish" in result.stdout
    assert "Traceback" not in result.stderr


@pytest.mark.build
def test_build_adds_the_same_summary_to_a_file_first(before_round_3: Path, tmp_path: Path):
    # The results workflow's one command: the job summary added to $GITHUB_STEP_SUMMARY from the data it builds.
    summary_file = tmp_path / "summary.md"
    summary_file.write_text("earlier steps' lines\n", encoding="utf-8")
    result = run_generator("build", "--data", str(MINI), "--site-dir", str(tmp_path / "site"), "--summary",
                           str(summary_file), "--base", str(before_round_3))
    assert result.returncode == 0, result.stderr
    assert summary_file.read_text(encoding="utf-8").splitlines() == ["earlier steps' lines",
                                                                      *_summary(before_round_3, MINI)]
    # Data with an error: its problems in plain words, and nothing built.
    broken = tmp_path / "broken"
    shutil.copytree(MINI, broken)
    (broken / "cup/open/event.yaml").write_text("name: [\n", encoding="utf-8")
    result = run_generator("build", "--data", str(broken), "--site-dir", str(tmp_path / "other"), "--summary",
                           str(tmp_path / "broken.md"), "--base", str(MINI))
    assert result.returncode == 1 and "Not ready to publish" in (tmp_path / "broken.md").read_text(encoding="utf-8")
    assert not (tmp_path / "other").exists() and "Traceback" not in result.stderr


def test_the_demo_compared_with_itself_is_unchanged():
    demo = load_clean(DEMO)
    result = changes.compare(demo, demo)
    assert (result.events, result.prizes, result.removed_events) == ((), (), ())


def test_no_value_in_the_summary_leaves_its_line(tmp_path: Path):
    """A line break in a text field (the prize currency) and one quoted by an error message: neither starts a
    heading, a list, a table row nor a runner's '::' command; every value stays on its own line, escaped."""
    head = tmp_path / "head"
    shutil.copytree(MINI, head)
    event = head / "cup/open/event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace(
        "prizes: {currency: GBP,", 'prizes: {currency: "GBP\\n## Forged\\n::error file=x::pwned\\n- item",'),
        encoding="utf-8")
    r3 = head / "cup/open/round-3.yaml"
    r3.write_text(r3.read_text(encoding="utf-8").replace("[clark-cy,  evil,", '["cl\\n# Head\\n::warning::x",  evil,'),
                  encoding="utf-8")
    lines = "\n".join(_summary(MINI, head)).splitlines()  # (a value with a line break would split a line here)
    assert any("unknown player id" in line and "Head" in line for line in lines)  # the quoted id, on its line
    assert [line for line in lines if line.startswith(("::", "# Head", "## Forged", "- item"))] == []
