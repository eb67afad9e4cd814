"""Writing the files the commands make (round files, event.yaml, rating lists, turnering.txt, the starter): only
in place of a regular file or of nothing, never through a link, never over one of the command's own inputs; each
file replaced at once (a temporary file beside it, renamed over it), with the permissions it had or a new file's."""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path

from ..diagnostics import display_path


class Unwritable(OSError):
    """A path a command will not write: why, in words (the command line prints it on one line, exit code 3)."""

    def __init__(self, path: Path, why: str):
        super().__init__(0, f"{why}; nothing was written", str(path))


def _kind(mode: int) -> str | None:
    """What a path holds that no file may replace: None for a regular file."""
    if stat.S_ISLNK(mode):
        return "it is a link to another place (remove the link, or name a real file)"
    if stat.S_ISDIR(mode):
        return "it is a folder, not a file"
    if stat.S_ISREG(mode):
        return None
    return "it is not a regular file (a pipe, a device or a socket)"


def check_writable(path: Path, inputs: Iterable[Path] = ()) -> None:
    """Raises Unwritable unless `path` holds nothing or a regular file (not a link) that is none of `inputs`
    (the same file, under any name: a link or a hard link to it too)."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return
    why = _kind(mode)
    if why is not None:
        raise Unwritable(path, why)
    here = os.stat(path)
    for source in inputs:
        try:
            other = os.stat(source)
        except OSError:
            continue
        if (other.st_dev, other.st_ino) == (here.st_dev, here.st_ino):
            raise Unwritable(path, f"it is the same file as {display_path(source)}, which the command reads: "
                                     "write to another file")


def check_folder(folder: Path) -> None:
    """Raises Unwritable when `folder` is a link, or something other than a folder (nothing there is fine)."""
    try:
        mode = os.lstat(folder).st_mode
    except FileNotFoundError:
        return
    if stat.S_ISLNK(mode):
        raise Unwritable(folder, "the folder is a link to another place (remove the link, or name a real folder)")
    if not stat.S_ISDIR(mode):
        raise Unwritable(folder, "it is a file, not a folder")


def make_folder(folder: Path) -> None:
    """The folder (and its parents) made if missing; refused when it is a link or not a folder."""
    check_folder(folder)
    folder.mkdir(parents=True, exist_ok=True)


def _new_file_mode() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def write_file(path: Path, data: bytes | str, inputs: Iterable[Path] = ()) -> None:
    """`data` (text as UTF-8) written to `path` all at once: in a temporary file in the same folder, flushed to
    the disk, then renamed over `path`; with the mode of the file it replaces, else what a new file gets (0666
    less the umask). Refused (Unwritable) as check_writable says, before anything is written."""
    inputs = list(inputs)
    check_writable(path, inputs)
    try:
        mode = stat.S_IMODE(os.lstat(path).st_mode)
    except FileNotFoundError:
        mode = _new_file_mode()
    raw = data.encode("utf-8") if isinstance(data, str) else data
    folder = path.parent
    fd, temp = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(raw)
            f.flush()
            os.fchmod(f.fileno(), mode)
            os.fsync(f.fileno())
        check_writable(path, inputs)  # (what is there now: it may have changed while the data was written)
        os.replace(temp, path)  # a link put there meanwhile is replaced, never followed
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def check_site_folder(folder: Path) -> None:
    """The folder a site is built into: refused (Unwritable) when it, or a folder in it, is a link. (The build
    empties the folder first; a link to a file goes, but a link to a folder would stay and be written through.)"""
    check_folder(folder)
    if not folder.is_dir():
        return
    for entry in os.scandir(folder):
        if entry.is_symlink() and not entry.name.startswith("."):  # (the build neither empties nor writes those)
            raise Unwritable(Path(entry.path), "it is a link to another place in the folder the site is built into "
                             "(remove it: the build writes every file there anew)")
