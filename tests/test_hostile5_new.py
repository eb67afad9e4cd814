"""`new` checks everything before it changes anything (issue 46, point 4): the names as `check` reads
festival.yaml's, the festival's folder cut to an id's length, no link in mkdocs.yml's place or in the data folder;
and on any failure, a refusal or what the system refuses while writing (a file-size limit, a failed move), the
data folder and mkdocs.yml are left as they were, byte for byte. Every writer's error names its file."""

from __future__ import annotations

import errno
import os
import resource
import shutil
import signal
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest

from generator.__main__ import main
from generator.cli.starter import starter_files

from .conftest import MINI, problems
from .support import snapshot

pytestmark = pytest.mark.slow  # command-line runs in child processes

MKDOCS = b"site_name: Our Site   # kept as it is\ntheme: {name: material}\n"


def organizer(tmp_path: Path) -> Path:
    """A repository's top as an organizer has it: data/ with a festival, mkdocs.yml beside it."""
    shutil.copytree(MINI, tmp_path / "data")
    (tmp_path / "mkdocs.yml").write_bytes(MKDOCS)
    return tmp_path / "data"


def new(cwd: Path, *args: str, file_size: int | None = None) -> subprocess.CompletedProcess[str]:
    """`python -m generator new ARGS` in `cwd`; with `file_size`, under that file-size limit (RLIMIT_FSIZE, and
    SIGXFSZ ignored, so that a write beyond it fails with EFBIG instead of ending the process)."""
    def limited() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        if file_size is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (file_size, file_size))

    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run([sys.executable, "-m", "generator", "new", *args], cwd=cwd, capture_output=True,
                          text=True, check=False, timeout=120, stdin=subprocess.DEVNULL, env=env,
                          preexec_fn=limited)  # noqa: PLW1509


def one_line(result: subprocess.CompletedProcess[str], code: int) -> str:
    assert result.returncode == code, (result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


# --- refused before anything is touched ---------------------------------------------------------------------------

def test_force_with_a_linked_mkdocs_yml_leaves_everything_as_it_was(tmp_path: Path):
    organizer(tmp_path)
    (tmp_path / "mkdocs.yml").rename(tmp_path / "shared.yml")
    (tmp_path / "mkdocs.yml").symlink_to("shared.yml")
    before = snapshot(tmp_path)
    line = one_line(new(tmp_path, "--data", "data", "--force"), 3)
    assert line == ("error: cannot use mkdocs.yml: it is a link to another place (remove the link, or name a real "
                    "file); nothing was written")
    assert snapshot(tmp_path) == before


def test_a_link_inside_the_data_folder_is_refused_and_nothing_is_changed(tmp_path: Path):
    organizer(tmp_path)
    (tmp_path / "outside.yaml").write_text("kept: true\n", encoding="utf-8")
    (tmp_path / "data" / "cup" / "open" / "extra.yaml").symlink_to(tmp_path / "outside.yaml")
    before = snapshot(tmp_path)
    line = one_line(new(tmp_path, "--data", "data", "--force"), 3)
    assert line.startswith("error: cannot use data/cup/open/extra.yaml: it is a link to another place, in the data "
                           "folder new would empty"), line
    assert snapshot(tmp_path) == before


def test_a_name_holding_nel_is_refused_before_anything_is_touched(tmp_path: Path):
    # U+0085 (NEL) is a line break to YAML: check refuses it in festival.yaml's name (a control character).
    organizer(tmp_path)
    before = snapshot(tmp_path)
    line = one_line(new(tmp_path, "--data", "data", "--force", "--name", "Leiden\x85Open"), 1)
    assert line == ("error: --name: check would refuse it in festival.yaml: 'name' holds a line break or control "
                    "character (\\x85) (write it on one line, with letters, digits and punctuation only); nothing "
                    "was changed")
    assert snapshot(tmp_path) == before


def test_a_5000_character_name_is_refused_with_the_limit_and_nothing_is_changed(tmp_path: Path):
    # A name, a city or a title is at most 120 characters (sources/yamltree.py MAX_LINE, as check reads it).
    organizer(tmp_path)
    before = snapshot(tmp_path)
    line = one_line(new(tmp_path, "--data", "data", "--force", "--name", "Open " * 1000), 1)
    assert line == ("error: --name: check would refuse it in festival.yaml: 'name' is 4999 characters long, more "
                    "than 120 (shorten it); nothing was changed")  # (the last space dropped, as the reader does)
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize(("name", "folder"), [
    # 60 characters: "2027-" and its nine words would be 65, one more than an id's 64: the last word, cut in
    # two at the 64th character ("202"), goes.
    ("Grand International Shogi Festival of the Low Countries 2027",
     "2027-grand-international-shogi-festival-of-the-low-countries"),
    # one 60-letter word: cut to 64 characters with the year.
    ("L" * 60, "2027-" + "l" * 59),
])
def test_a_60_character_name_gives_a_starter_that_passes_check(tmp_path: Path, name: str, folder: str):
    data = organizer(tmp_path)
    made = new(tmp_path, "--data", "data", "--force", "--name", name, "--start", "2027-03-06")
    assert made.returncode == 0, made.stderr
    assert sorted(p.name for p in data.iterdir()) == sorted([folder, "players.yaml"])
    assert len(name) == 60 and len(folder) <= 64
    assert problems(data) == ([], [])
    assert f'name: "{name}"' in (data / folder / "festival.yaml").read_text(encoding="utf-8")
    assert (tmp_path / "mkdocs.yml").read_text(encoding="utf-8").startswith(f'site_name: "{name}"   # kept as it is')


# --- what the system refuses while writing: undone ----------------------------------------------------------------

def test_a_write_beyond_the_file_size_limit_changes_nothing_and_names_the_file(tmp_path: Path):
    organizer(tmp_path)
    sizes = {relative: len(text.encode("utf-8")) for relative, text in
             starter_files(["championship"], "My Shogi Festival", "Amsterdam", "NL", date(2027, 3, 6)).items()}
    largest = max(sizes, key=lambda r: sizes[r])
    assert sorted(sizes.values())[-2] < sizes[largest]  # the only file the limit below stops
    before = snapshot(tmp_path)
    line = one_line(new(tmp_path, "--data", "data", "--force", "--start", "2027-03-06",
                        file_size=sizes[largest] - 1), 3)
    assert line.startswith(f"error: cannot use data/{largest}: cannot write: File too large ("), line
    assert line.endswith("); nothing was changed")
    assert snapshot(tmp_path) == before


def test_a_missing_data_folder_is_not_left_behind_when_a_write_fails(tmp_path: Path):
    (tmp_path / "mkdocs.yml").write_bytes(MKDOCS)
    line = one_line(new(tmp_path, "--data", "new/data", "--start", "2027-03-06", file_size=100), 3)
    assert line.startswith("error: cannot use new/data/players.yaml: cannot write: File too large ("), line
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mkdocs.yml"]
    assert (tmp_path / "mkdocs.yml").read_bytes() == MKDOCS


def test_pair_beyond_the_file_size_limit_names_the_round_file(tmp_path: Path):
    # Every writer goes through sources/files.py: what the system refuses names the file it was writing.
    organizer(tmp_path)
    before = snapshot(tmp_path)
    result = subprocess.run([sys.executable, "-m", "generator", "pair", "cup/open", "--round", "3", "--force",
                             "--data", "data"], cwd=tmp_path, capture_output=True, text=True, check=False,
                            timeout=120, stdin=subprocess.DEVNULL, env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
                            preexec_fn=lambda: (signal.signal(signal.SIGXFSZ, signal.SIG_IGN),  # noqa: PLW1509
                                                resource.setrlimit(resource.RLIMIT_FSIZE, (10, 10))))
    assert result.returncode == 3 and "Traceback" not in result.stderr, result.stderr
    assert result.stderr.splitlines()[-1].startswith(
        "error: cannot use data/cup/open/round-3.yaml: cannot write: File too large (more than the file-size limit "
        "(ulimit -f)"), result.stderr
    assert snapshot(tmp_path) == before  # (no temporary file left beside it either)


@pytest.mark.parametrize("command", [["export"], ["submit", "cup/open"]])
def test_fesa_export_and_submit_beyond_the_file_size_limit_name_the_file_and_make_no_folder(tmp_path: Path,
                                                                                           command: list[str]):
    # The command itself takes SIGXFSZ as an error (the limit alone is set here), writes nothing and leaves the
    # folder it would have made unmade. The mini festival's open is its one rated event.
    organizer(tmp_path)
    before = snapshot(tmp_path)
    result = subprocess.run([sys.executable, "-m", "generator", "fesa", *command, "--data", "data", "--out",
                             "fesa/out"], cwd=tmp_path, capture_output=True, text=True, check=False, timeout=120,
                            stdin=subprocess.DEVNULL, env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
                            preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (10, 10)))  # noqa: PLW1509
    assert result.returncode == 3 and "Traceback" not in result.stderr, result.stderr
    assert result.stderr.splitlines()[-1].startswith(
        "error: cannot use fesa/out/cup-open-turnering.txt: cannot write: File too large"), result.stderr
    assert snapshot(tmp_path) == before
    assert not (tmp_path / "fesa").exists()


@pytest.fixture
def in_process(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """`new` run in this process (so that a system call can be made to fail), in tmp_path; the signals the command
    line sets (SIGPIPE to end quietly in a pipe, SIGXFSZ ignored) as they were after it: a test run whose SIGPIPE
    ended it would end at the next server test whose browser closes a connection."""
    monkeypatch.chdir(tmp_path)
    kept = {sig: signal.getsignal(sig) for sig in (signal.SIGXFSZ, signal.SIGPIPE)}
    yield
    for sig, handler in kept.items():
        signal.signal(sig, handler)


def test_a_move_that_fails_half_way_through_the_swap_is_undone(tmp_path, monkeypatch, in_process, capsys):
    organizer(tmp_path)
    before = snapshot(tmp_path)
    rename = os.rename
    failed = []

    def failing(source, target, *args, **kwargs):  # the starter's players.yaml cannot be moved in (once)
        if Path(target) == Path("data/players.yaml") and not failed:
            failed.append(target)
            raise OSError(errno.EXDEV, os.strerror(errno.EXDEV), str(source), None, str(target))
        return rename(source, target, *args, **kwargs)

    monkeypatch.setattr(os, "rename", failing)
    code = main(["new", "--data", "data", "--force", "--start", "2027-03-06"])
    err = capsys.readouterr().err
    assert failed and code == 3, err
    assert err == ("error: cannot use data/players.yaml: cannot move: Invalid cross-device link (check the disk and "
                   "the folder, then run the command again); nothing was changed\n")
    # The old entries moved back, the festival's folder (moved in before players.yaml) moved out again, no hidden
    # folder left.
    assert snapshot(tmp_path) == before


def test_mkdocs_yml_that_cannot_be_replaced_leaves_the_data_folder_as_it_was(tmp_path, monkeypatch, in_process,
                                                                           capsys):
    organizer(tmp_path)
    before = snapshot(tmp_path)
    replace = os.replace

    def failing(source, target, *args, **kwargs):  # the last step, mkdocs.yml replaced: a full disk
        if Path(target).name == "mkdocs.yml":
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(source), None, str(target))
        return replace(source, target, *args, **kwargs)

    monkeypatch.setattr(os, "replace", failing)
    code = main(["new", "--data", "data", "--force", "--start", "2027-03-06"])
    err = capsys.readouterr().err
    assert code == 3 and err.startswith("error: cannot use mkdocs.yml: cannot write: No space left on device (the "
                                        "disk is full: free some space"), err
    assert snapshot(tmp_path) == before
