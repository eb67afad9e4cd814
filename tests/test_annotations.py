"""`check --annotations github`: each problem as a GitHub Actions workflow command, so that a pull request
shows it on the line it is about."""

from __future__ import annotations

from generator.diagnostics import Diagnostic, Location, Severity

from .conftest import ROOT, Writer, run_generator


def test_the_workflow_command_and_its_escapes():
    # GitHub's rules: in a property value % → %25, CR → %0D, LF → %0A, : → %3A, , → %2C; in the message
    # only %, CR and LF.
    d = Diagnostic(Location("data/a,b:c.yaml", 3, 7), Severity.ERROR, "50% of 2: too many\nseeds", "fix, then go")
    assert d.github_format() == ("::error file=data/a%2Cb%3Ac.yaml,line=3,col=7::"
                                 "50%25 of 2: too many%0Aseeds (fix, then go)")
    # A whole-file problem has no line; a warning is a warning.
    w = Diagnostic(Location("data/players.yaml"), Severity.WARNING, "check this")
    assert w.github_format() == "::warning file=data/players.yaml::check this"


def test_check_prints_annotations_for_every_problem(tmp_path):
    data = Writer(ROOT / "tests" / "fixtures" / "oware", tmp_path)
    data("fest/apa/round-1.yaml", "games:\n  - [birch-bob, elm-eve, 1-0, won, 2, 0]\n"
         "  - [cedar-cat, dale-dan, 1-0, 25-seeds, 25, 15]\nbye: [ash-ann]\n")
    result = run_generator("check", "--data", "data", "--annotations", "github", cwd=tmp_path)
    assert result.returncode == 1
    # "  - [birch-bob, elm-eve, 1-0, " is 30 characters: the ending is at column 31. The path is as the
    # runner sees it from where the command runs (the repository's root in a workflow).
    assert result.stdout.splitlines() == [
        "::error file=data/fest/apa/round-1.yaml,line=2,col=31::'won' is not how an Oware game ends "
        "(write one of 25-seeds, no-move, cycle, time, resignation)",
        "data: 1 error, 0 warnings",
    ]


def test_build_prints_the_same_annotations_and_builds_nothing(tmp_path):
    # The results workflow checks, builds and writes FESA's files in one command (the data read once):
    # `build --annotations github` prints the problems as check does, then builds nothing.
    data = Writer(ROOT / "tests" / "fixtures" / "oware", tmp_path)
    data("fest/apa/round-1.yaml", "games:\n  - [birch-bob, elm-eve, 1-0, won, 2, 0]\n"
         "  - [cedar-cat, dale-dan, 1-0, 25-seeds, 25, 15]\nbye: [ash-ann]\n")
    result = run_generator("build", "--data", "data", "--annotations", "github", "--site-dir", "site",
                           "--fesa-out", "fesa", cwd=tmp_path)
    assert result.returncode == 1
    assert result.stdout.splitlines()[0] == (
        "::error file=data/fest/apa/round-1.yaml,line=2,col=31::'won' is not how an Oware game ends "
        "(write one of 25-seeds, no-move, cycle, time, resignation)")
    assert not (tmp_path / "site").exists() and not (tmp_path / "fesa").exists()

