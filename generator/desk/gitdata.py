"""data/'s changes since the last commit, and their commit: the desk never commits a file outside data/ and never
pushes (a commit is a change for anyone to review before it is pushed)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROUND = re.compile(r"^([^/]+)/([^/]+)/round-([0-9]+)\.yaml$")
DIFF_LIMIT = 200_000  # characters of the diff shown


class GitError(Exception):
    pass


def _git(data: Path, *args: str) -> str:
    try:
        done = subprocess.run(["git", "-C", str(data), *args], capture_output=True, text=True, timeout=30,
                              env=None, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise GitError(str(exc)) from None
    if done.returncode != 0:
        raise GitError((done.stderr or done.stdout).strip().splitlines()[-1:][0] if (done.stderr or done.stdout)
                       else f"git {args[0]} failed")
    return done.stdout


def in_repository(data: Path) -> bool:
    try:
        return _git(data, "rev-parse", "--is-inside-work-tree").strip() == "true"
    except GitError:
        return False


def changes(data: Path) -> list[tuple[str, str]]:
    """(status, path under data/) of every file changed, added or removed since the last commit."""
    out = []
    for entry in _git(data, "status", "--porcelain=v1", "-z", "--untracked-files=all", "--", ".").split("\0"):
        if len(entry) > 3:
            out.append((entry[:2].strip() or "M", _relative(data, entry[3:])))
    return out


def _relative(data: Path, path: str) -> str:
    """git prints paths from the repository's top: shown from data/."""
    top = Path(_git(data, "rev-parse", "--show-toplevel").strip())
    try:
        return (top / path).resolve().relative_to(data.resolve()).as_posix()
    except ValueError:
        return path


def diff(data: Path) -> str:
    text = _git(data, "diff", "--no-color", "--no-ext-diff", "HEAD", "--", ".")
    return text if len(text) <= DIFF_LIMIT else text[:DIFF_LIMIT] + "\n…\n"


def message(changed: list[tuple[str, str]]) -> str:
    """The commit's message: the events and rounds its files are (round files first), then other files."""
    rounds = sorted({(m.group(1), m.group(2), int(m.group(3))) for _, p in changed if (m := ROUND.match(p))})
    named = [f"{f}/{e} round {n}" for f, e, n in rounds]
    others = sorted({p for _, p in changed if not ROUND.match(p)})
    parts = named + others
    head = "Results: " + ", ".join(named) if named else "Data: " + ", ".join(others[:3])
    body = "\n".join(f"- {p}" for p in parts)
    return f"{head[:200]}\n\nSaved at the arbiter's desk.\n\n{body}\n"


def commit(data: Path) -> str:
    """Everything changed under data/ committed (nothing else, even what is staged elsewhere); its commit id."""
    changed = changes(data)
    if not changed:
        raise GitError("nothing to commit")
    _git(data, "add", "-A", "--", ".")
    _git(data, "commit", "--quiet", "-m", message(changed), "--", ".")
    return _git(data, "rev-parse", "--short", "HEAD").strip()
