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
            _tree(Path(top.path), Path(top.path), digest)
            festivals[top.name] = digest.hexdigest()
        else:
            _tree(root, Path(top.path), common)
    return common.hexdigest(), festivals


def _tree(base: Path, path: Path, digest: hashlib._Hash) -> None:
    """`path` (a file, a link, or a folder and all it holds, in order) into `digest`, named from `base`."""
    name = path.relative_to(base).as_posix().encode("utf-8", "surrogateescape")
    try:
        if path.is_symlink():
            digest.update(b"L" + name + b"\0" + os.fsencode(os.readlink(path)) + b"\0")
        elif path.is_dir():
            digest.update(b"D" + name + b"\0")
            for child in sorted(path.iterdir(), key=lambda p: p.name):
                _tree(base, child, digest)
        elif path.is_file():
            digest.update(b"F" + name + b"\0" + str(path.stat().st_size).encode() + b"\0")
            with path.open("rb") as f:
                while chunk := f.read(1 << 20):
                    digest.update(chunk)
        else:
            digest.update(b"?" + name + b"\0")
    except OSError as exc:  # (unreadable: a digest of its own, so the part is never taken for another)
        digest.update(b"E" + name + b"\0" + str(exc.errno).encode() + os.urandom(16))
