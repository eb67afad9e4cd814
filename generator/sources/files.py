"""Writing the files the commands make (round files, event.yaml, rating lists, turnering.txt, the starter): only
in place of a regular file or of nothing, never through a link, never over one of the command's own inputs; each
file replaced at once (a temporary file beside it, renamed over it), with the permissions it had or a new file's.
What the system refuses while writing (a full disk, a file-size limit, no permission) comes out as WriteFailed,
which names the file and says what to do; the file is left as it was."""

from __future__ import annotations

import errno
import contextlib
import os
import stat
import tempfile
from collections.abc import Iterable, Mapping
from pathlib import Path

from ..diagnostics import display_path


class Unwritable(OSError):
    """A path a command will not write: why, in words (the command line prints it on one line, exit code 3)."""

    def __init__(self, path: Path, why: str):
        super().__init__(0, f"{why}; nothing was written", str(path))


# What to do when the system refuses a write, by its error number.
_ADVICE = {
    errno.ENOSPC: "the disk is full: free some space, then run the command again",
    errno.EDQUOT: "the disk quota is used up: free some space, then run the command again",
    errno.EFBIG: "more than the file-size limit (ulimit -f) or the file system allows: raise the limit, then run "
                 "the command again",
    errno.EACCES: "no permission: check who owns the folder and its permissions, or write elsewhere",
    errno.EPERM: "no permission: check who owns the folder and its permissions, or write elsewhere",
    errno.EROFS: "the file system is read-only: write elsewhere",
    errno.ENAMETOOLONG: "the name is longer than the file system takes: use a shorter one",
}


class WriteFailed(OSError):
    """What the system refused while writing `path` (a full disk, a file-size limit, no permission): the file
    named, the system's reason and what to do, in words (the command line prints it on one line, exit code 3)."""

    reason: str  # the system's words (File too large)
    doing: str  # what was being done (write, make the folder)

    def __init__(self, path: Path, exc: OSError, doing: str = "write", after: str = "the file was left as it was"):
        self.doing = doing
        self.reason = exc.reason if isinstance(exc, WriteFailed) else exc.strerror or str(exc)
        advice = _ADVICE.get(exc.errno or 0, "check the disk and the folder, then run the command again")
        super().__init__(exc.errno, f"cannot {doing}: {self.reason} ({advice})" + (f"; {after}" if after else ""),
                         str(path))


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
    except OSError as exc:
        raise WriteFailed(folder, exc, "look at the folder", "") from exc
    if stat.S_ISLNK(mode):
        raise Unwritable(folder, "the folder is a link to another place (remove the link, or name a real folder)")
    if not stat.S_ISDIR(mode):
        raise Unwritable(folder, "it is a file, not a folder")


def make_folder(folder: Path) -> None:
    """The folder (and its parents) made if missing; refused when it is a link or not a folder."""
    check_folder(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise WriteFailed(folder, exc, "make the folder", "") from exc


def _new_file_mode() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def write_file(path: Path, data: bytes | str, inputs: Iterable[Path] = ()) -> None:
    """`data` (text as UTF-8) written to `path` all at once: in a temporary file in the same folder, flushed to
    the disk, then renamed over `path`; with the mode of the file it replaces, else what a new file gets (0666
    less the umask). Refused (Unwritable) as check_writable says, before anything is written; what the system
    refuses raises WriteFailed, naming `path`, which is left as it was."""
    inputs = list(inputs)
    put_file(stage_file(path, data, inputs), path, inputs)


def stage_file(path: Path, data: bytes | str, inputs: Iterable[Path] = ()) -> Path:
    """The first half of write_file: `data` in a temporary file beside `path` (flushed to the disk, with the
    mode `path` will have), whose name is returned for put_file; `path` itself not touched. Refused as
    check_writable says; what the system refuses removes the temporary file and raises WriteFailed."""
    check_writable(path, inputs)
    try:
        mode = stat.S_IMODE(os.lstat(path).st_mode)
    except FileNotFoundError:
        mode = _new_file_mode()
    except OSError as exc:
        raise WriteFailed(path, exc) from exc
    raw = data.encode("utf-8") if isinstance(data, str) else data
    try:
        fd, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    except OSError as exc:
        raise WriteFailed(path, exc) from exc
    temp = Path(name)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(raw)
            f.flush()
            os.fchmod(f.fileno(), mode)
            os.fsync(f.fileno())
    except BaseException as exc:
        temp.unlink(missing_ok=True)
        if isinstance(exc, OSError):
            raise WriteFailed(path, exc) from exc
        raise
    return temp


def put_file(temp: Path, path: Path, inputs: Iterable[Path] = ()) -> None:
    """The second half of write_file: the temporary file from stage_file renamed over `path`, if `path` still
    holds nothing or a regular file that is none of `inputs` (it may have changed meanwhile); else, or when the
    rename fails, the temporary file is removed and `path` left as it was."""
    try:
        check_writable(path, inputs)
        os.replace(temp, path)  # a link put there meanwhile is replaced, never followed
    except BaseException as exc:
        temp.unlink(missing_ok=True)
        if isinstance(exc, OSError) and not isinstance(exc, Unwritable):
            raise WriteFailed(path, exc) from exc
        raise


def write_files(files: Mapping[Path, bytes | str], inputs: Iterable[Path] = ()) -> None:
    """Several files written together, as write_file writes one: every one checked first, the folders they need
    made, every one staged (stage_file), and only then each renamed into place (put_file). A refusal or a failure
    before the renames (a full disk, a file-size limit) leaves every file as it was and removes the folders made
    for them; a rename writes no data, so it does not run out of room."""
    inputs = list(inputs)
    for path in files:
        check_writable(path, inputs)
    made: list[Path] = []
    staged: list[tuple[Path, Path]] = []
    try:
        for path in files:
            made += _missing_folders(path.parent)
        for path, data in files.items():
            staged.append((stage_file(path, data, inputs), path))
        while staged:
            temp, path = staged.pop(0)
            put_file(temp, path, inputs)
    except BaseException:
        for temp, _ in staged:
            temp.unlink(missing_ok=True)
        for folder in reversed(made):
            with contextlib.suppress(OSError):
                folder.rmdir()
        raise


def _missing_folders(folder: Path) -> list[Path]:
    """`folder` made as make_folder makes it; the folders that were missing, outermost first."""
    check_folder(folder)
    missing = [f for f in (folder, *folder.parents) if not f.exists() and not f.is_symlink()][::-1]
    for f in missing:
        check_folder(f)
        try:
            f.mkdir()
        except FileExistsError:
            continue
        except OSError as exc:
            raise WriteFailed(f, exc, "make the folder", "") from exc
    return missing


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
