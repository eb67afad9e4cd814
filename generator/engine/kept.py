"""The site as the last build left it: a generated page whose file there holds what this build would write is not
written again (nor read). A round's results change a few dozen pages; the others stay as they are, in place.

With a build cache (cache.py), each language's build lists, in `site-<code>.json` beside its pages, the generated
pages it left in its folder of the site, and the files the engine copies or writes as they are given (the theme's
assets, the results API, the calendar feeds …):

    {"format": FORMAT, "code": CODE, "language": "de", "frame": FRAME, "pages": {"players/ann/index.html":
     [digest, size, mtime], …}, "copied": ["assets/extra.css", …], "sources": {"players/ann/index.html": key, …},
     "folders": {"": mtime, "players/": mtime, "players/ann/": mtime, …}, "saved": TIME}

`digest` is the digest of everything the page's output is made from (hooks.py on_files), or of a file's content,
or of the file it is copied from (its path, size and time: hooks.py _files_held); `size` and `mtime` the file's
bytes and modification time (in nanoseconds) when the build had written it. The engine empties the site's folder
before it writes (its clean); with a list, the build's clean (`clean`) keeps each file the list names that is a
plain file of that size and time, and removes everything else, as the engine's does: what the engine writes at
every build (the search index, the sitemap, the hand-written pages …), anything not written by a build, any link,
the files of a language the site no longer has. The engine's own rule is kept: an entry whose name
begins with a dot, at the top of the folder, is left. The default language's clean, at the site's root, leaves the
other languages' folders to their own builds, and so does everything here that walks the root (`others`).

`frame` is the digest of what the rest of the site is made from (hooks.py _frame), and `copied` names the files
the engine copied as they are (the theme's assets, site_src's): a build that patches the folder without the engine
(hooks.py _patch) keeps what the engine wrote from the same frame, and the files it copied from the same theme.
The build cache keeps what the engine wrote from the frame of a language under /<code>/ too (`frame_key`,
`frame_text`): where that language's folder is not there at all (the results job's runner restores the cache, not
the site), the build writes it whole without the engine, as the list names it.

`sources` (a language made from the site in marks, render/marks.py: the default at the root too) gives, for each
page and file of the folder made from a page or file of the site in marks, what that one was made from there: the
key the site in marks keeps the page under, or the digest of the file's content. A language's frame is then made
from the frame of the site in marks (hooks.py _frame_from_marks), and where the frame is the same and the folder as
it was left, the build writes only the pages and files whose source changed, from the site in marks, without
rendering the language's site at all (hooks.py _quick).

`folders` gives the modification time (in nanoseconds) of each folder that holds a listed file, and of the language's
folder itself (""), when the list was written at `saved` (nanoseconds since the epoch). A folder's time changes with
every entry made, removed or renamed in it, so a folder found with its time as listed holds the entries the list
gives it, and is not looked into (`intact`): the folder's check is one look at each folder and file, not a listing
of each folder. A folder whose time was within RACY_NS of `saved` (RACY_COARSE_NS where every folder's time is a
whole second) may have changed since within the same tick of the clock, and is looked into, as is one whose time
changed.

A page is then written only where the file kept for it is not made from the same (`holds`); a kept page that this
build does not make at all is removed after the build (`finish`). Like git's index, the list trusts a file whose
size and time (to the nanosecond) are those it had when written: nothing but a write changes a time so, and a
copy of the site that keeps times (`tar --posix`, as actions/cache makes it; `cp -p`) is found as it was. Any
other copy is a site without a list: every page written anew.

The list is read as data (JSON, never code), within the cache's limits (64 MB), and only when written by the same
code (the cache's `code`); one that is damaged, foreign or over the limits is said in one line and ignored (the
site emptied and every page written, as without a cache). A name that leaves the language's folder is never used.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import json
import os
import re
import stat
import sys
import time
from collections.abc import Collection, Iterable, Iterator
from pathlib import Path
from typing import Any

from .cache import linked, read_index, write_index

FORMAT = "banzuke-site/5"

# A folder whose time is this close to the list's writing, or later, may have changed since in the same tick of the
# file system's clock without its time showing it: it is looked into (`intact`), as git looks at a "racily clean"
# file. The kernel's clock for files' times ticks every few milliseconds; a file system that keeps whole seconds
# (FAT keeps two) has the coarser margin (`_racy`)
RACY_NS = 50_000_000
RACY_COARSE_NS = 2_000_000_000


def _is_entry(name: Any, value: Any) -> bool:
    """Whether a list's entry is a file's path in the language's folder (its folders' names neither empty, "." nor
    "..", no backslash, no NUL) with its digest, size and time (checked for every file at every build: by types and
    one pattern)."""
    if not (type(name) is str and 0 < len(name) < 1000 and _NAME.fullmatch(name) is not None
            and type(value) is list and len(value) == 3):
        return False
    digest, size, mtime = value
    return type(digest) is str and len(digest) == 64 and type(size) is int and size >= 0 and type(mtime) is int \
        and mtime >= 0


_PART = r"(?!\.\.?(?:/|\Z))[^/\\\x00]+"  # (a name in a path: not "." nor "..", without a slash, backslash or NUL)
_NAME = re.compile(f"{_PART}(?:/{_PART})*")


def _files(site_dir: Path, others: Collection[str] = ()) -> Iterator[tuple[str, os.DirEntry[str]]]:
    """Every entry in a language's folder that is not a folder (links neither followed nor entered), by its path in
    the folder; but at its top, those whose name begins with a dot (the engine's clean leaves them), and the
    folders `others` (the other languages', at the root)."""
    waiting = [(str(site_dir), "")]
    while waiting:
        folder, under = waiting.pop()
        with os.scandir(folder) as entries:
            for entry in entries:
                if not under and (entry.name.startswith(".") or (entry.name in others and entry.is_dir(
                        follow_symlinks=False))):
                    continue
                if entry.is_dir(follow_symlinks=False):
                    waiting.append((entry.path, f"{under}{entry.name}/"))
                else:
                    yield under + entry.name, entry


def _racy(times: Iterable[int]) -> int:
    """The margin before a list's writing within which a folder's time may not show a change (RACY_NS): the
    coarser one where every folder's time is a whole second (a file system that keeps no finer times)."""
    return RACY_NS if any(t % 1_000_000_000 for t in times) else RACY_COARSE_NS


def _is_time(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**63


def _folders(names: Iterable[str]) -> set[str]:
    """The folders that hold the files `names` (paths in a language's folder), each with a slash at its end, and the
    language's folder itself ("")."""
    found = {""}
    for name in names:
        end = name.rfind("/")
        while end > 0 and (folder := name[:end + 1]) not in found:
            found.add(folder)
            end = name.rfind("/", 0, end)
    return found


def _entries(names: Iterable[str]) -> dict[str, set[str]]:
    """The entries that each folder holds (`_folders`), by name, where the files are `names`."""
    found: dict[str, set[str]] = {}
    for name in names:
        end = name.rfind("/")
        found.setdefault(name[:end + 1], set()).add(name[end + 1:])
        while end > 0:
            above = name.rfind("/", 0, end)
            found.setdefault(name[:above + 1], set()).add(name[above + 1:end])
            end = above
    return found


def _folder_times(site_dir: Path, folders: Iterable[str]) -> dict[str, int]:
    """The modification times (in nanoseconds) of `folders` (`_folders`) in the language's folder `site_dir`, where
    each is a folder (none where the language's folder cannot be opened: `intact` then finds it otherwise)."""
    times: dict[str, int] = {}
    try:
        top = os.open(site_dir, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return times
    try:
        for folder in folders:
            with contextlib.suppress(OSError):
                found = os.stat(folder or ".", dir_fd=top, follow_symlinks=False)
                if stat.S_ISDIR(found.st_mode):
                    times[folder] = found.st_mtime_ns
    finally:
        os.close(top)
    return times


def _as_listed(entry: os.DirEntry[str], listed: list[Any]) -> bool:
    """Whether a file in the folder is as the list has it: a plain file of the size and time it had when written."""
    found = entry.stat(follow_symlinks=False)
    return stat.S_ISREG(found.st_mode) and [found.st_size, found.st_mtime_ns] == listed[1:]


def frame_key(frame: str, name: str) -> str:
    """The build cache's key of the file `name` that the engine wrote from the rest of the site (`frame`)."""
    return hashlib.sha256(json.dumps(["frame file", frame, name]).encode("utf-8")).hexdigest()


def frame_text(raw: bytes) -> str:
    """A file the engine wrote, as the build cache keeps text: as it is (`t`), or in base64 (`b`: the sitemap's
    gzip)."""
    try:
        return "t" + raw.decode("utf-8")
    except UnicodeDecodeError:
        return "b" + base64.b64encode(raw).decode("ascii")


def frame_raw(text: str) -> bytes | None:
    """The file `frame_text` keeps; None where the text is not such."""
    if text.startswith("t"):
        return text[1:].encode("utf-8")
    if text.startswith("b"):
        with contextlib.suppress(ValueError):
            return base64.b64decode(text[1:], validate=True)
    return None


class KeptSite:
    """One language's folder of the site as the last build left it (`listed`), what of it this build found as then
    (`held`), and the pages this build leaves there (`left`)."""

    def __init__(self, folder: Path, code: str, language: str, others: tuple[str, ...] = ()):
        self.folder, self.code, self.language = folder, code, language
        self.others = others  # (at the site's root: the other languages' folders, left to their builds)
        self.index = folder / f"site-{language}.json"
        self.listed: dict[str, list[Any]] = {}
        self.held: dict[str, str] = {}  # by the page's file (its path in the folder): the digest it is made from
        self.left: dict[str, str] = {}
        self.unchanged = 0  # the pages this build did not write: held, made from the same
        # What the rest of a language's site under /<code>/ is made from (hooks.py _frame): the last build's, and this
        # one's; the files the engine wrote from it (the hand-written pages, the search index …) are listed with it
        self.listed_frame = ""
        self.frame = ""
        self.files_unchanged = 0  # the other files it did not write (the theme's assets, the results API …)
        # Patched (hooks.py _patch): nothing but this build's `wrote` changed the folder since `intact` found it as
        # listed; the files it wrote (`rewritten`)
        self.patched = False
        self.anew_written = False  # (patched in a folder that was not there: written whole, `anew`)
        self.rewritten: set[str] = set()
        self.listed_copied: frozenset[str] = frozenset()  # the files the engine copied as they are: the last build's
        self.copied: set[str] = set()  # and this one's
        self.measured: tuple[int, int] | None = None  # the folder's pages (HTML files) and bytes, as saved (`save`)
        # What each page or file made from the site in marks was made from there (the module's docstring): the last
        # build's, and this one's (hooks.py `_sources`)
        self.listed_sources: dict[str, str] = {}
        self.sources: dict[str, str] = {}
        # The folders' times when the last build's list was written (the module's docstring), and when
        self.listed_folders: dict[str, int] = {}
        self.folders_of_listed: set[str] = {""}  # (the folders that hold the files listed: `_folders`, found once)
        self.listed_saved = 0
        # The folders' times as `intact` found them (each is listed again so, but those this build wrote or removed
        # a file in, or beneath), and the files this build removed (`finish`)
        self.found_folders: dict[str, int] = {}
        self.removed: set[str] = set()

    @classmethod
    def open(cls, folder: Path, code: str, language: str, others: tuple[str, ...] = ()) -> KeptSite:
        kept = cls(folder, code, language, others)
        kept._read()
        return kept

    def _read(self) -> None:
        if linked(self.index) or not self.index.is_file():
            return  # (a link: the cache says so, cache.py; none: a site without a list)
        found, why = read_index(self.index)
        if why:
            self._ignored(f"it {why}")
            return
        if not isinstance(found, dict) or found.get("format") != FORMAT or found.get("language") != self.language:
            self._ignored("it is not a list of this build's pages in this language")
            return
        if found.get("code") != self.code:
            return  # (written by other code: every page written anew, and nothing to say)
        pages, frame, copied = found.get("pages"), found.get("frame"), found.get("copied")
        sources, folders, saved = found.get("sources"), found.get("folders"), found.get("saved", -1)
        if not (isinstance(pages, dict) and all(_is_entry(k, v) for k, v in pages.items())
                and isinstance(frame, str) and len(frame) in (0, 64)
                and isinstance(copied, list) and all(isinstance(name, str) and name in pages for name in copied)
                and isinstance(sources, dict) and all(isinstance(v, str) and len(v) == 64 and k in pages
                                                      for k, v in sources.items())
                and isinstance(folders, dict) and folders.keys() <= (holding := _folders(pages))
                and all(_is_time(v) for v in folders.values()) and _is_time(saved)):
            self._ignored("it is not what the build writes")
            return
        self.listed, self.listed_frame, self.listed_copied = pages, frame, frozenset(copied)
        self.listed_sources, self.listed_folders, self.listed_saved = sources, folders, int(saved)
        self.folders_of_listed = holding

    def _ignored(self, why: str) -> None:
        print(f"WARNING -  The list of the site's pages {self.index} is ignored: {why}; every page is written anew",
              file=sys.stderr)

    def clean(self, site_dir: Path, others: Collection[str] = ()) -> None:
        """The language's folder emptied but for the pages listed whose file is as the last build left it (held),
        the entries at its top whose name begins with a dot, and the folders `others` at its top (the other
        languages', which their builds clean)."""
        if site_dir.is_dir() and not site_dir.is_symlink():
            self._clean(str(site_dir), "", others)

    def _clean(self, folder: str, under: str, others: Collection[str]) -> bool:
        """Whether anything is left in `folder` (`under`: its path in the language's folder, with a slash)."""
        left = False
        with os.scandir(folder) as entries:
            for entry in list(entries):
                if not under and (entry.name.startswith(".") or (entry.name in others and entry.is_dir(
                        follow_symlinks=False))):
                    left = True
                    continue
                name = under + entry.name
                if entry.is_dir(follow_symlinks=False):
                    if self._clean(entry.path, name + "/", ()):
                        left = True
                    else:
                        os.rmdir(entry.path)
                    continue
                listed = self.listed.get(name)
                if listed is not None and _as_listed(entry, listed):
                    self.held[name] = listed[0]
                    left = True
                    continue
                os.unlink(entry.path)  # (a link is removed, never followed)
        return left

    def intact(self, site_dir: Path) -> bool:
        """Whether the language's folder holds what the last build left there, made from the same rest of the site
        (`frame`), and nothing else: every file listed, as a plain file of its size and time, and no other entry
        (but at its top, one whose name begins with a dot); each is then held. A folder whose time is as listed, and
        was not racy, holds the entries listed in it (the module's docstring); another is looked into."""
        if (not self.frame or self.listed_frame != self.frame or not site_dir.is_dir() or site_dir.is_symlink()
                or self.listed_folders.keys() != self.folders_of_listed):
            return False
        try:
            top = os.open(site_dir, os.O_RDONLY | os.O_DIRECTORY)
        except OSError:
            return False
        times: dict[str, int] = {}
        try:
            racy = self.listed_saved - _racy(self.listed_folders.values())
            entries: dict[str, set[str]] | None = None  # (each folder's entries as listed, once one is looked into)
            for folder, mtime in self.listed_folders.items():
                found = os.stat(folder or ".", dir_fd=top, follow_symlinks=False)
                if not stat.S_ISDIR(found.st_mode):
                    return False
                times[folder] = found.st_mtime_ns
                if found.st_mtime_ns == mtime and mtime < racy:
                    continue
                if entries is None:
                    entries = _entries(self.listed)
                if self._looked_into(top, folder) != entries.get(folder, set()):
                    return False
            for name, listed in self.listed.items():
                found = os.stat(name, dir_fd=top, follow_symlinks=False)
                if not (stat.S_ISREG(found.st_mode) and found.st_size == listed[1] and found.st_mtime_ns == listed[2]):
                    return False
        except OSError:
            return False
        finally:
            os.close(top)
        self.held = {name: listed[0] for name, listed in self.listed.items()}
        self.found_folders = times
        return True

    def _looked_into(self, top: int, folder: str) -> set[str]:
        """The entries of `folder` (in the language's folder, opened as `top`) by name, but at the top, those whose
        name begins with a dot and the folders `others` (the other languages')."""
        fd = os.open(folder or ".", os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=top)
        try:
            with os.scandir(fd) as found:
                return {entry.name for entry in found
                        if folder or not (entry.name.startswith(".")
                                          or (entry.name in self.others and entry.is_dir(follow_symlinks=False)))}
        finally:
            os.close(fd)

    def _times_listed(self, site_dir: Path, pages: dict[str, list[Any]]) -> dict[str, int]:
        """The times of the folders that hold the files `pages` (`_folders`), as the list gives them: those `intact`
        found, in a patched folder (nothing but this build's writes changed it since), but those this build wrote or
        removed a file in, or beneath, looked at again; else each looked at."""
        folders = _folders(pages)
        if not (self.patched and self.found_folders):
            return _folder_times(site_dir, folders)
        touched = _folders([*self.rewritten, *self.removed])
        times = {folder: mtime for folder in folders - touched if (mtime := self.found_folders.get(folder)) is not None}
        times.update(_folder_times(site_dir, folders - times.keys()))
        return times

    def anew(self, site_dir: Path) -> bool:
        """Whether the language's folder is not there at all, and the last build's list of it was made from the same
        rest of the site (`frame`): the folder may then be written whole from the build cache (hooks.py _patch)."""
        return bool(self.frame) and self.listed_frame == self.frame and not os.path.lexists(site_dir)

    def frame_files(self) -> list[str]:
        """The files the last build's engine wrote from the rest of the site, as its list names them."""
        return [name for name, entry in self.listed.items() if entry[0] == self.listed_frame]

    def framed_now(self) -> list[str]:
        """The files this build's engine wrote from the rest of the site, once saved (`save`)."""
        return [name for name, digest in self.left.items() if digest == self.frame] if self.frame else []

    def framed(self) -> list[str]:
        """The files held that the engine wrote from the rest of the site (`frame`), kept as they are; and those it
        copied as they are (the theme's, site_src's: the frame is made from them too, hooks.py _frame)."""
        names = [name for name, digest in self.held.items() if digest == self.listed_frame]
        for name in names:
            self.left[name] = self.frame
        for name in self.listed_copied & self.held.keys():
            self.left[name] = self.held[name]
            self.copied.add(name)
            names.append(name)
        return names

    def holds(self, name: str, digest: str, page: bool = True) -> bool:
        """Whether the page's file `name` (or another file's: not `page`) is kept as a build wrote it from the same
        `digest`: not written again."""
        if self.held.get(name) != digest:
            return False
        self.left[name] = digest
        if page:
            self.unchanged += 1
        else:
            self.files_unchanged += 1
        return True

    def wrote(self, name: str, digest: str) -> None:
        """A page this build wrote, made from `digest` (listed for the next build once the build is done)."""
        self.left[name] = digest
        self.rewritten.add(name)

    def finish(self, site_dir: Path, made: Iterable[str]) -> None:
        """The pages held that this build does not make (a player's page gone, a page renamed) removed, with the
        folders they leave empty; `made`: the path of every file of this build's site."""
        gone = set(self.held) - set(self.left) - set(made)
        self.removed |= gone
        for name in sorted(gone, reverse=True):
            path = site_dir / name
            path.unlink(missing_ok=True)
            folder = path.parent
            while folder != site_dir and not any(folder.iterdir()):
                folder.rmdir()
                folder = folder.parent

    def save(self, site_dir: Path) -> None:
        """The list of the pages this build left in the folder, with their sizes and times as now, in place of the
        last build's. A list that cannot be written is said; the next build then writes every page anew."""
        pages: dict[str, list[Any]] = {}
        if self.frame and not self.patched:  # (what else the engine wrote, from the rest of the site: the folder's
            for name, _ in _files(site_dir, self.others):  # files not yet listed)
                self.left.setdefault(name, self.frame)
        # (patched: the folder holds what it was found to hold, but what this build wrote and removed (`finish`))
        untouched = self.listed if self.patched else {}
        for name, digest in self.left.items():
            listed = untouched.get(name) if name not in self.rewritten else None
            if listed is not None:
                pages[name] = [digest, *listed[1:]]
                continue
            try:
                found = os.lstat(site_dir / name)
            except OSError:
                continue
            if stat.S_ISREG(found.st_mode):
                pages[name] = [digest, found.st_size, found.st_mtime_ns]
        if self.frame:  # (then every file of the folder is listed)
            self.measured = (sum(name.endswith(".html") for name in pages), sum(entry[1] for entry in pages.values()))
        saved = time.time_ns()
        text = json.dumps({"format": FORMAT, "code": self.code, "language": self.language, "frame": self.frame,
                           "pages": pages, "copied": sorted(self.copied & pages.keys()),
                           "sources": {name: key for name, key in self.sources.items() if name in pages},
                           "folders": self._times_listed(site_dir, pages), "saved": saved},
                          separators=(",", ":"))
        try:
            if linked(self.index):
                return
            self.folder.mkdir(parents=True, exist_ok=True)
            write_index(self.index, text)
        except OSError as exc:
            print(f"WARNING -  The list of the site's pages {self.index} cannot be written ({exc.strerror or exc}): "
                  "the next build writes every page anew", file=sys.stderr)
            with contextlib.suppress(OSError):
                self.index.unlink(missing_ok=True)
