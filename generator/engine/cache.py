"""The build's cache: each generated page's output, kept between builds, by a digest of everything the output is
made from (hooks.py `on_files`: the page's path, title, content, label and sidebar, mkdocs.yml, the language and
the site's languages and addresses). A later build renders again only the pages whose digest is new: a round's
results change a few dozen pages, not the archive.

Two files a language in the cache folder (by default `.cache/banzuke` beside the site's folder; BANZUKE_CACHE
names another, `off` builds without one): the pages' outputs one after another (`pages-<code>-<token>.bin`),
and their index (`pages-<code>.json`):

    {"format": FORMAT, "code": CODE, "language": "de", "data": "pages-de-….bin", "size": BYTES,
     "pages": {digest: [offset, length, sha256 of the output], …}}

The events' parts (render/memo.py: an event's pages and files as the renderer made them, before the theme) are
kept the same way, in `parts-<code>.json` and its data file (`"kind": "parts"` in the index): an event whose
festival, and what came before it, did not change is not rendered again either.

Beside them, `site-<code>.json` lists the pages the last build left in the site's folder (kept.py): a page whose
file there is as written, made from the same digest, is neither taken from here nor written again.

Nothing but the index is held in memory: a page is read when the build asks for it. A build appends the pages it
made to the last build's data file, and its index names those it made and those it took from there: a page
reused is not written again. Where less than half the data file is pages the last build used (the rest are
pages no build uses any more), the build writes its pages to a new data file instead, the last one's removed: the
file is at most about twice what one build uses. `code` is a digest of the generator's own files, the engine in use
and the versions of the packages that render the pages (the theme, Jinja, Markdown, Babel): a cache written by
other code is not used at all, and the build is as cold as without one. The index is read as data (JSON, never
code), within limits; a page's output is checked against its SHA-256 before it is used. An index that is
damaged, foreign or over the limits, a data file shorter than the index says, a page whose bytes are not
those it had, a link anywhere in the cache's place: each is said in one line and ignored, never trusted (the
pages concerned are rendered anew). A data file longer than its index says is used (a build that stopped after
appending leaves it so: what it appended is no entry's). At the end of a language's build its new index replaces
the old at once (a temporary file renamed over it), naming the data file.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import json
import os
import secrets
import sys
import tempfile
from pathlib import Path
from typing import IO, Any

FORMAT = "banzuke-pages/2"
CACHE_ENV = "BANZUKE_CACHE"  # the cache folder; "off": none
MAX_INDEX = 64_000_000  # bytes of an index: some 400,000 pages
PACKAGES = ("mkdocs", "mkdocs-material", "properdocs", "jinja2", "markdown", "babel", "markupsafe",
            "pymdown-extensions")
GENERATOR = Path(__file__).resolve().parent.parent  # generator/
SOURCES = GENERATOR.parent / "site_src"  # the hand-written pages (their titles are in every page's sidebar)


def folder_for(site_dir: Path) -> Path | None:
    """The cache folder of a site built into `site_dir` (None: no cache)."""
    given = os.environ.get(CACHE_ENV, "")
    if given.lower() == "off":
        return None
    return Path(given) if given else site_dir.parent / ".cache" / "banzuke"


def code_digest() -> str:
    """A digest of the code that renders the pages: the generator's files (its modules, templates, theme,
    catalogues), the hand-written pages, the engine in use and the versions of the packages it renders with."""
    digest = hashlib.sha256(FORMAT.encode())
    for top in (GENERATOR, SOURCES):
        for path in sorted(top.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                digest.update(path.relative_to(top.parent).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    import mkdocs  # (the engine in use: MkDocs, or ProperDocs answering for it)

    digest.update(f"engine={mkdocs.__name__}\0".encode())
    for name in PACKAGES:
        try:
            version = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            version = "-"
        digest.update(f"{name}={version}\0".encode())
    return digest.hexdigest()


def read_index(index: Path) -> tuple[Any, str]:
    """The JSON in `index`, read as data within MAX_INDEX bytes: (it, ""), or (None, why not: "is larger than …",
    "cannot be read (…)")."""
    try:
        with index.open("rb") as f:
            raw = f.read(MAX_INDEX + 1)
        if len(raw) > MAX_INDEX:
            return None, f"is larger than {MAX_INDEX // 1_000_000} MB"
        return json.loads(raw), ""
    except (OSError, ValueError, RecursionError) as exc:
        return None, f"cannot be read ({type(exc).__name__})"


def linked(index: Path) -> bool:
    """Whether the index, its folder or the folder above it is a link (a pull request may commit one): not
    followed, neither read nor written."""
    return any(p.is_symlink() for p in (index, index.parent, index.parent.parent))


def write_index(index: Path, text: str) -> None:
    """`text` in place of `index`'s at once: a temporary file beside it, renamed over it (OSError: not written, and
    the index as it was)."""
    fd, name = tempfile.mkstemp(dir=index.parent, prefix=f".{index.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(name, index)
    except BaseException:
        Path(name).unlink(missing_ok=True)
        raise


def _is_entry(value: Any) -> bool:
    if type(value) is not list or len(value) != 3:  # (JSON's lists: checked for every page at every build)
        return False
    offset, length, sha = value
    return (isinstance(offset, int) and offset >= 0 and isinstance(length, int) and length >= 0
            and isinstance(sha, str) and len(sha) == 64)


class PageCache:
    """One language's pages as the last build made them (read on demand), and those of this build (written as
    they are made)."""

    def __init__(self, folder: Path, code: str, language: str, kind: str = "pages"):
        self.folder, self.code, self.language, self.kind = folder, code, language, kind
        self.index = folder / f"{kind}-{language}.json"
        self.kept: dict[str, list[Any]] = {}
        self.old: IO[bytes] | None = None  # the last build's data file
        self.old_name = ""
        self.made: dict[str, list[Any]] = {}
        self.new: IO[bytes] | None = None  # this build's, as it is written
        self.new_path: Path | None = None
        self.reused = 0
        self.appending = False  # this build's pages appended to the last build's data file (new: in a new one)
        self.damaged = False
        self.stopped = False  # nothing (more) written this build: the cache's place is a link, or a write failed

    @classmethod
    def open(cls, folder: Path, code: str, language: str, kind: str = "pages") -> PageCache:
        cache = cls(folder, code, language, kind)
        cache._read()
        return cache

    def _read(self) -> None:
        if linked(self.index):
            self.stopped = True
            self._ignored("it, or a folder it is in, is a link")
            return
        if not self.index.is_file():
            return
        found, why = read_index(self.index)
        if why:
            self._ignored(f"its index {why}")
            return
        if not isinstance(found, dict) or found.get("format") != FORMAT or found.get("language") != self.language \
                or found.get("kind", "pages") != self.kind:
            self._ignored("it is not a cache of this build's pages in this language")
            return
        if found.get("code") != self.code:
            return  # (written by other code: a cold build, as it should be, and nothing to say)
        name, size, pages = found.get("data"), found.get("size"), found.get("pages")
        if not (isinstance(name, str) and name == Path(name).name and name.startswith(f"{self.kind}-{self.language}-")
                and name.endswith(".bin") and isinstance(size, int) and isinstance(pages, dict)
                and all(isinstance(k, str) and len(k) == 64 and _is_entry(v) and v[0] + v[1] <= size
                        for k, v in pages.items())):
            self._ignored("its index is not what the build writes")
            return
        data = self.folder / name
        try:
            if data.is_symlink() or not data.is_file() or (length := data.stat().st_size) < size:
                self._ignored(f"its data file {name} is missing or shorter than its index gives")
                return
            self.old = data.open("rb")
        except OSError as exc:
            self._ignored(f"its data file cannot be read ({exc.strerror or exc})")
            return
        self.kept, self.old_name = pages, name
        # (pages no build uses any more: more than half the file, and this build's go to a new one without them)
        self.appending = 2 * sum(entry[1] for entry in pages.values()) >= length
        if self.appending:
            self.new_path = data  # (this build's data file: the last one's, appended to when a page is made)

    def _ignored(self, why: str) -> None:
        print(f"WARNING -  The build cache {self.index} is ignored: {why}; its pages are rendered anew",
              file=sys.stderr)

    def has(self, digest: str) -> bool:
        """Whether the last build's index names the page (its bytes are checked when it is taken)."""
        return self.old is not None and digest in self.kept

    def take(self, digest: str) -> bytes | None:
        """The page's output as the last build made it, kept for the next build; None where the cache does not
        hold it as it was written (said once; the page is rendered anew)."""
        found = self._taken(digest)
        return found[0] if found is not None else None

    def _taken(self, digest: str, page: bool = True) -> tuple[bytes, str] | None:
        """The entry as written and as text (`take`); `page`: counted among the pages reused."""
        found = self._read_page(digest)
        if found is not None:
            if not self.appending:
                self._write(digest, found[0], self.kept[digest][2])
            elif not self.stopped:
                self.made[digest] = self.kept[digest]  # (where it is, in the data file this build appends to)
            self.reused += page
        return found

    def keep(self, digest: str) -> bool:
        """The page as the last build made it kept for the next build without reading it (the site's folder holds
        it as written: kept.py): where this build appends to the last one's data file; else left out of the new one
        (where it is to be kept all the same, the caller reads it: hooks.py `_keep`). Whether it was kept."""
        if not (self.appending and not self.stopped and digest in self.kept):
            return False
        self.made[digest] = self.kept[digest]
        return True

    def hold(self, digest: str) -> bool:
        """The page as the last build made it kept for the next build without reading it, where this build appends
        to the last one's data file (`keep`), and counted as reused; False where it must be read to be kept (this
        build writes a new data file: `take`). For a page whose output this build does not use (the site in marks
        writes none of those it took as they were: hooks.py `_reused`): its bytes are checked when a build reads it."""
        if not self.keep(digest):
            return False
        self.reused += 1
        return True

    def get(self, digest: str) -> str | None:
        found = self._taken(digest)  # (as text: read as UTF-8 once, where it is checked)
        return found[1] if found is not None else None

    def other(self, digest: str) -> str | None:
        """An entry that is not a page (the marks a language put in: engine/build.py), as `get` gives it, but not
        counted among the pages reused."""
        found = self._taken(digest, page=False)
        return found[1] if found is not None else None

    def _read_page(self, digest: str) -> tuple[bytes, str] | None:
        entry = self.kept.get(digest)
        if entry is None or self.old is None:
            return None
        offset, length, sha = entry
        try:
            raw = os.pread(self.old.fileno(), length, offset)
        except OSError:
            raw = b""
        if len(raw) == length and hashlib.sha256(raw).hexdigest() == sha:
            try:
                return raw, raw.decode("utf-8")
            except UnicodeDecodeError:
                pass
        if not self.damaged:
            self.damaged = True
            print(f"WARNING -  The build cache {self.index}: a page's output is not as it was written; such pages "
                  "are rendered anew", file=sys.stderr)
        return None

    def put(self, digest: str, output: str) -> None:
        """The output made under `digest`, kept for the next build: in place of what this build took under it, when
        that was another (taken as it was written, but of no use to whoever asked: a catalogue or a template the
        build could not read, made anew)."""
        raw = output.encode("utf-8")
        sha = hashlib.sha256(raw).hexdigest()
        if digest in self.made and self.made[digest][2] != sha:
            del self.made[digest]
        self._write(digest, raw, sha)

    def _write(self, digest: str, raw: bytes, sha: str) -> None:
        if digest in self.made or self.stopped:
            return
        try:
            if self.new is None and self.new_path is not None:  # (appending: checked not a link in _read)
                self.new = os.fdopen(os.open(self.new_path, os.O_WRONLY | os.O_APPEND | getattr(os, "O_NOFOLLOW", 0)),
                                     "ab")
            elif self.new is None:
                self.folder.mkdir(parents=True, exist_ok=True)
                self.new_path = self.folder / f"{self.kind}-{self.language}-{secrets.token_hex(8)}.bin"
                self.new = open(self.new_path, "xb")  # noqa: SIM115 - open until save()
            offset = self.new.tell()  # (appending: the file's end, where it was opened)
            self.new.write(raw)
        except OSError as exc:
            self._unwritable(exc)
            return
        self.made[digest] = [offset, len(raw), sha]

    def _unwritable(self, exc: OSError) -> None:
        print(f"WARNING -  The build cache {self.folder} cannot be written ({exc.strerror or exc}): the next build "
              "renders every page anew", file=sys.stderr)
        self._drop_new()
        self.made = {}
        self.stopped = True

    def _drop_new(self) -> None:
        if self.new is not None:
            self.new.close()
            self.new = None
        if self.new_path is not None and not self.appending:  # (the last build's, appended to: its index holds)
            self.new_path.unlink(missing_ok=True)
        self.new_path = None

    def keep_all(self) -> bool:
        """Every page as the last build made it kept for the next build without reading it, where this build appends
        to the last one's data file (a language made from the site in marks without rendering its site, hooks.py
        _quick: its pages that did not change may be another build's, with other keys); whether they were kept."""
        if not (self.appending and not self.stopped):
            return False
        for digest, entry in self.kept.items():  # (a page this build made again stays as it made it)
            self.made.setdefault(digest, entry)
        return True

    def close(self) -> None:
        """The cache left as the last build saved it: what this build wrote to it dropped."""
        if self.old is not None:
            self.old.close()
            self.old = None
        self._drop_new()

    def save(self) -> None:
        """This build's pages in place of the last build's: the new index renamed over the old, naming this build's
        data file (the last build's, appended to, or a new one); any other removed. A cache that cannot be written
        is said and left as it was."""
        if self.old is not None:
            self.old.close()
            self.old = None
        if self.new_path is None or self.stopped or linked(self.index):
            self._drop_new()
            return
        try:
            if self.new is not None:
                self.new.flush()
                size = self.new.tell()
                self.new.close()
                self.new = None
            else:
                size = max((offset + length for offset, length, _sha in self.made.values()), default=0)
            text = json.dumps({"format": FORMAT, "code": self.code, "language": self.language, "kind": self.kind,
                               "data": self.new_path.name, "size": size, "pages": self.made}, separators=(",", ":"))
            write_index(self.index, text)
        except OSError as exc:
            self._unwritable(exc)
            return
        for stale in self.folder.glob(f"{self.kind}-{self.language}-*.bin"):  # the last build's, and any left behind
            if stale.name != self.new_path.name:
                stale.unlink(missing_ok=True)
        self.new_path = None
