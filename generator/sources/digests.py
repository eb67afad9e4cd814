"""Digests of a data folder's files, for the build cache: one for each festival's folder (a folder with a
festival.yaml: every file in it, by its path and bytes), and one of everything else the folder holds (players.yaml,
a FESA tournament's folder, any other file). A link is digested as the place it names, never followed."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path


def data_digests(root: Path) -> tuple[str, dict[str, str]]:
    """(the digest of what is not in a festival's folder, {festival folder's name: its digest})."""
    common = hashlib.sha256(b"banzuke-data/1\0")
    festivals: dict[str, str] = {}
    try:
        tops = sorted(os.scandir(root), key=lambda e: e.name)
    except OSError:
        return common.hexdigest(), festivals
    for top in tops:
        if top.is_dir(follow_symlinks=False) and (Path(top.path) / "festival.yaml").is_file():
            digest = hashlib.sha256(b"banzuke-festival/1\0")
            try:
                _folder(top.path, "", digest)
            except OSError as exc:  # (unreadable: a digest of its own, as an entry's below)
                digest.update(b"E\0" + str(exc.errno).encode() + os.urandom(16))
            festivals[top.name] = digest.hexdigest()
        else:
            _entry(top, "", common)
    return common.hexdigest(), festivals


def _folder(path: str, name: str, digest: hashlib._Hash) -> None:
    """A folder (`name`: its path from the digest's base, "" for the base itself) and all it holds, in order, into
    `digest`."""
    if name:
        digest.update(b"D" + name.encode("utf-8", "surrogateescape") + b"\0")
    with os.scandir(path) as found:
        entries = sorted(found, key=lambda e: e.name)
    for entry in entries:
        _entry(entry, name, digest)


def _entry(entry: os.DirEntry[str], under: str, digest: hashlib._Hash) -> None:
    """An entry of a folder (a file, a link, or a folder and all it holds) into `digest`, named from the base
    (`under`: its folder's path from there, with a slash; the entries' types as the folder's listing gives them,
    without looking at each)."""
    name = f"{under}{entry.name}"
    raw = name.encode("utf-8", "surrogateescape")
    try:
        if entry.is_symlink():
            digest.update(b"L" + raw + b"\0" + os.fsencode(os.readlink(entry.path)) + b"\0")
        elif entry.is_dir(follow_symlinks=False):
            _folder(entry.path, f"{name}/", digest)
        elif entry.is_file(follow_symlinks=False):
            with open(entry.path, "rb") as f:
                digest.update(b"F" + raw + b"\0" + str(os.fstat(f.fileno()).st_size).encode() + b"\0")
                while chunk := f.read(1 << 20):
                    digest.update(chunk)
        else:
            digest.update(b"?" + raw + b"\0")
    except OSError as exc:  # (unreadable: a digest of its own, so the part is never taken for another)
        digest.update(b"E" + raw + b"\0" + str(exc.errno).encode() + os.urandom(16))
