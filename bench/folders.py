"""Where a benchmark's builds write: a folder with nothing in it, as on CI's runner, without deleting anything.

The results job builds into a fresh check-out: no site was deleted there before the build. Here, deleting the last
build's site right before the next build made that build's system time several times higher: on a file system
without a journal (this machine's ext4), the kernel, to allocate a new file or folder, passes over the inodes freed
in the last minutes (ext4's `recently_deleted`, under ext4_create and ext4_mkdir: `perf record -a -g` on a warm
build). Some 40,000 files deleted just before made a warm language's build spend more than half of its CPU seconds
there, in the language's sys time, a cost no runner has. So a benchmark sets the last build's folder aside (a
rename) and deletes them all when it ends (its temporary folder). The kernel counts inodes freed in the last minute
as recent, or the last five while their table is not yet written: a benchmark started right after another's end
pays for the gigabytes that one deleted, so leave some minutes between two runs.
"""

from __future__ import annotations

import tempfile
from pathlib import Path


def set_aside(folder: Path) -> None:
    """`folder`, where it is there, moved out of the way into a folder beside it (`set-aside`), not deleted: the
    benchmark's temporary folder, which holds both, deletes it at the end."""
    if folder.exists():
        aside = folder.parent / "set-aside"
        aside.mkdir(exist_ok=True)
        folder.rename(Path(tempfile.mkdtemp(dir=aside)) / folder.name)
