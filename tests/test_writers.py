"""What the commands write (pair, teams, fesa rate/export/submit, new, build) goes only in place of a regular
file or of nothing: a link (even to nothing), a folder, a pipe, a device or one of the command's own inputs is
refused on one line with exit code 3, and nothing is written. A file is replaced at once, with the mode it had or
a new file's (0666 less the umask); `new` takes Ctrl-D, Ctrl-C or a closed stdin at its question as a no."""

from __future__ import annotations

import os
import pty
import select
import shutil
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .conftest import MINI, ROOT

pytestmark = pytest.mark.slow  # many command-line runs in child processes: not in the fast rules' tests

LISTS = ROOT / "tests" / "fixtures" / "fesa" / "lists" / "sample"
REFUSED = "nothing was written"


def run_generator(*args: str, cwd: Path, umask: int | None = None) -> subprocess.CompletedProcess[str]:
    """`python -m generator ARGS`, output captured; a minute at most (a reader blocked on a pipe fails)."""
    return subprocess.run([sys.executable, "-m", "generator", *args], check=False, capture_output=True, text=True,
                          cwd=cwd, timeout=60, stdin=subprocess.DEVNULL,
                          preexec_fn=None if umask is None else lambda: os.umask(umask))  # noqa: PLW1509


def one_refusal(result: subprocess.CompletedProcess[str], path: str) -> None:
    """Exit code 3, one line on stderr naming the path, no traceback."""
    assert result.returncode == 3, (result.stdout, result.stderr)
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and path in lines[0] and REFUSED in lines[0], result.stderr


def pair_round_3(cwd: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return run_generator("pair", "cup/open", "--round", "3", "--data", "data", *extra, cwd=cwd)


# --- pair -------------------------------------------------------------------------------------------------------

def test_pair_does_not_create_the_file_a_dangling_link_names(datadir):
    tmp = datadir.root.parent
    round_3 = datadir.root / "cup/open/round-3.yaml"
    round_3.unlink()
    round_3.symlink_to(tmp / "created.yaml")  # a link to nothing: writing through it would make the file
    result = pair_round_3(tmp)
    one_refusal(result, "data/cup/open/round-3.yaml: it is a link")
    assert not (tmp / "created.yaml").exists() and round_3.is_symlink()


def test_pair_force_does_not_write_into_the_yaml_a_link_names(datadir):
    tmp = datadir.root.parent
    workflow = tmp / "workflow.yaml"
    workflow.write_text("on: push\njobs: {}\n", encoding="utf-8")
    round_3 = datadir.root / "cup/open/round-3.yaml"
    round_3.unlink()
    round_3.symlink_to(workflow)
    result = pair_round_3(tmp, "--force")
    one_refusal(result, "data/cup/open/round-3.yaml: it is a link")
    assert workflow.read_text(encoding="utf-8") == "on: push\njobs: {}\n"


def test_pair_force_replaces_the_file_and_leaves_a_hard_link_to_it_alone(datadir):
    """The new file is written beside the old one and renamed over it: another name of the old file (a hard link
    out of the data folder) keeps the old content, and the file keeps its mode."""
    tmp = datadir.root.parent
    round_3 = datadir.root / "cup/open/round-3.yaml"
    before = round_3.read_bytes()
    os.link(round_3, tmp / "other-name.yaml")
    round_3.chmod(0o640)
    result = pair_round_3(tmp, "--force")
    assert result.returncode == 0, result.stderr
    assert (tmp / "other-name.yaml").read_bytes() == before
    assert round_3.read_bytes() != before and b"games:" in round_3.read_bytes()
    assert stat.S_IMODE(round_3.stat().st_mode) == 0o640
    assert sorted(p.name for p in round_3.parent.iterdir()) == ["event.yaml", "round-1.yaml", "round-2.yaml",
                                                                "round-3.yaml"]  # no temporary file left


@pytest.mark.parametrize("kind", ["folder", "fifo"])
def test_pair_refuses_a_folder_or_a_pipe_at_the_round_file(datadir, kind):
    tmp = datadir.root.parent
    round_3 = datadir.root / "cup/open/round-3.yaml"
    round_3.unlink()
    round_3.mkdir() if kind == "folder" else os.mkfifo(round_3)
    result = pair_round_3(tmp, "--force")  # (a pipe would block a reader: refused before it is opened)
    one_refusal(result, "data/cup/open/round-3.yaml: it is ")
    assert round_3.is_dir() if kind == "folder" else stat.S_ISFIFO(round_3.stat().st_mode)


def test_pair_writes_a_new_file_with_a_new_files_mode(datadir):
    tmp = datadir.root.parent
    (datadir.root / "cup/open/round-3.yaml").unlink()
    result = run_generator("pair", "cup/open", "--round", "3", "--data", "data", cwd=tmp, umask=0o027)
    assert result.returncode == 0, result.stderr
    # 0666 less the umask 0027: 0640 (not the 0600 of a temporary file).
    assert stat.S_IMODE((datadir.root / "cup/open/round-3.yaml").stat().st_mode) == 0o640


# --- fesa rate --out ---------------------------------------------------------------------------------------------

def rate(tmp: Path, out: str) -> subprocess.CompletedProcess[str]:
    return run_generator("fesa", "rate", "pre", "t.txt", "--out", out, cwd=tmp)


@pytest.fixture
def rating_run(tmp_path: Path) -> Path:
    shutil.copy(LISTS / "ratingliste.pre", tmp_path / "pre")
    shutil.copy(LISTS / "turnering.txt", tmp_path / "t.txt")
    (tmp_path / "elsewhere").mkdir()
    return tmp_path


@pytest.mark.parametrize("out, make", [
    ("pre", None),  # the list read
    ("t.txt", None),  # the tournament read
    ("hard", lambda t: os.link(t / "pre", t / "hard")),  # the list under another name
    ("soft", lambda t: (t / "soft").symlink_to(t / "pre")),
    ("dangling", lambda t: (t / "dangling").symlink_to(t / "elsewhere" / "new")),
    ("fifo", lambda t: os.mkfifo(t / "fifo")),
    ("elsewhere", None),  # a folder
])  # (no device: a program that wrongly replaced one, run by root, would break the machine)
def test_fesa_rate_out_is_refused_in_place_of_anything_but_a_regular_file(rating_run, out, make):
    if make:
        make(rating_run)
    before = {p.name: p.read_bytes() for p in rating_run.iterdir() if p.is_file() and not p.is_symlink()
              and stat.S_ISREG(p.stat().st_mode)}
    result = rate(rating_run, out)
    one_refusal(result, f"error: --out {out}: it is ")
    assert result.stdout == ""  # refused before any tournament is rated
    after = {p.name: p.read_bytes() for p in rating_run.iterdir() if p.is_file() and not p.is_symlink()
             and stat.S_ISREG(p.stat().st_mode)}
    assert after == before and not any((rating_run / "elsewhere").iterdir())


def test_fesa_rate_replaces_a_list_keeping_its_mode_and_writes_a_new_one_readable(rating_run):
    old = rating_run / "old-post"
    old.write_text("(\n)\n", encoding="iso-8859-1")
    old.chmod(0o604)
    assert rate(rating_run, "old-post").returncode == 0
    assert old.read_bytes() == (LISTS / "ratingliste.post").read_bytes()
    assert stat.S_IMODE(old.stat().st_mode) == 0o604
    result = run_generator("fesa", "rate", "pre", "t.txt", "--out", "new", cwd=rating_run, umask=0o022)
    assert result.returncode == 0, result.stderr
    assert stat.S_IMODE((rating_run / "new").stat().st_mode) == 0o644  # 0666 less 0022, not 0600


# --- fesa export and submit ------------------------------------------------------------------------------------

def test_fesa_export_refuses_a_linked_folder_or_a_link_in_it_and_writes_nothing(datadir):
    tmp = datadir.root.parent
    elsewhere = tmp / "elsewhere"
    elsewhere.mkdir()
    (tmp / "out").symlink_to(elsewhere, target_is_directory=True)
    result = run_generator("fesa", "export", "--data", "data", "--out", "out", cwd=tmp)
    one_refusal(result, "cannot use out: the folder is a link")
    assert not any(elsewhere.iterdir())
    (tmp / "out").unlink()
    (tmp / "out").mkdir()
    (tmp / "out" / "cup-open-turnering.txt").symlink_to(elsewhere / "written.txt")
    for command in (["export"], ["submit", "cup/open"]):
        result = run_generator("fesa", *command, "--data", "data", "--out", "out", cwd=tmp)
        one_refusal(result, "cannot use out/cup-open-turnering.txt: it is a link")
        assert not any(elsewhere.iterdir())


# --- teams -------------------------------------------------------------------------------------------------------

def test_teams_writes_event_yaml_in_place_with_its_mode(tmp_path):
    from .test_teams import FOUR_V_THREE, _festival
    event = FOUR_V_THREE.replace("      y: {name: Ys, players: [y1, y2, y3]}\n", "    unattached: [y1, y2, y3]\n")
    data = _festival(tmp_path, event, {})
    path = data / "t/m/event.yaml"
    path.chmod(0o664)
    os.link(path, tmp_path / "other-name.yaml")
    before = path.read_bytes()
    result = run_generator("teams", "--data", str(data), "t/m", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert b"team-a" in path.read_bytes() and (tmp_path / "other-name.yaml").read_bytes() == before
    assert stat.S_IMODE(path.stat().st_mode) == 0o664


# --- build -------------------------------------------------------------------------------------------------------

def test_build_refuses_a_site_folder_that_is_or_holds_a_link_to_a_folder(datadir):
    tmp = datadir.root.parent
    elsewhere = tmp / "elsewhere"
    elsewhere.mkdir()
    (tmp / "site").symlink_to(elsewhere, target_is_directory=True)
    result = run_generator("build", "--data", "data", "--site-dir", "site", cwd=tmp)
    assert result.returncode == 3 and "error: cannot use site: the folder is a link" in result.stderr
    (tmp / "site").unlink()
    (tmp / "site").mkdir()
    (tmp / "site" / "players").symlink_to(elsewhere, target_is_directory=True)
    result = run_generator("build", "--data", "data", "--site-dir", "site", cwd=tmp)
    assert result.returncode == 3 and "error: cannot use site/players: it is a link" in result.stderr
    assert not any(elsewhere.iterdir())


# --- new ---------------------------------------------------------------------------------------------------------

def test_new_does_not_empty_a_folder_a_link_names(tmp_path):
    shutil.copytree(MINI, tmp_path / "real")
    (tmp_path / "data").symlink_to(tmp_path / "real", target_is_directory=True)
    result = run_generator("new", "--data", "data", "--force", cwd=tmp_path)
    one_refusal(result, "cannot use data: the folder is a link")
    assert sorted(p.name for p in (tmp_path / "real").iterdir()) == ["cup", "players.yaml"]


def test_new_with_stdin_closed_changes_nothing(tmp_path):
    shutil.copytree(MINI, tmp_path / "data")
    result = subprocess.run(f"'{sys.executable}' -m generator new --data data <&-", shell=True, cwd=tmp_path,
                            capture_output=True, text=True, check=False, timeout=60)
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr
    assert "run again with --force" in result.stderr and "nothing was changed" in result.stderr
    assert sorted(p.name for p in (tmp_path / "data").iterdir()) == ["cup", "players.yaml"]


def _read_until(fd: int, text: bytes, seconds: float = 20) -> bytes:
    seen = b""
    end = time.monotonic() + seconds
    while text not in seen and time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            seen += os.read(fd, 4096)
    return seen


@pytest.mark.parametrize("key", ["ctrl-d", "ctrl-c"])
def test_new_at_its_question_takes_ctrl_d_or_ctrl_c_as_a_no(tmp_path, key):
    shutil.copytree(MINI, tmp_path / "data")
    master, slave = pty.openpty()  # a terminal for stdin: the question is asked
    out_read, out_write = os.pipe()
    # (Ctrl-C as a terminal sends it: to a program that takes it, even where the suite runs with SIGINT ignored, as
    # a background job's commands do, which the program would inherit)
    proc = subprocess.Popen([sys.executable, "-m", "generator", "new", "--data", "data"], cwd=tmp_path, stdin=slave,
                            stdout=out_write, stderr=subprocess.PIPE,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))  # noqa: PLW1509
    os.close(slave)
    os.close(out_write)
    try:
        assert b"Remove it all and write the starter? [y/N]" in _read_until(out_read, b"[y/N]")
        if key == "ctrl-d":
            os.write(master, b"\x04")  # end of input at the start of a line
        else:  # (a signal just before the program starts reading is seen only at the next one: sent again then)
            for _ in range(3):
                time.sleep(0.3)
                proc.send_signal(signal.SIGINT)
                try:
                    proc.wait(timeout=5)
                    break
                except subprocess.TimeoutExpired:
                    pass
        _, err = proc.communicate(timeout=20)
    finally:
        proc.kill()
        os.close(master)
        os.close(out_read)
    assert proc.returncode == 1 and b"Traceback" not in err, err
    assert err.decode().strip().splitlines()[-1] == "nothing was changed"
    assert sorted(p.name for p in (tmp_path / "data").iterdir()) == ["cup", "players.yaml"]
