"""The build's cache: each generated page's output, kept between builds, by a digest of everything the output is
made from (hooks.py `on_files`: the page's path, title, content, label and sidebar, mkdocs.yml, the language and
the site's languages and address). A later build renders again only the pages whose digest is new: a round's
results change a few dozen pages, not the archive.

One file a language, `pages-<code>.json.gz` in the cache folder (by default `.cache/banzuke` beside the site's
folder; BANZUKE_CACHE names another, `off` builds without one):

    {"format": FORMAT, "code": CODE, "language": "de", "pages": {digest: output, …}}

`code` is a digest of the generator's own files and the versions of the packages that render the pages (the
engine, its theme, Jinja, Markdown, Babel): a cache written by other code is not used at all, and the build is
as cold as without one. The file is read as data (JSON, never code), within limits (its size, each value's
type); a file that is damaged, foreign or over the limits is said in one line and ignored, never trusted. Written
at the end of a language's build, all at once (a temporary file renamed over it), with the pages of that build
alone, so that it never holds more than one site's pages.
"""

from __future__ import annotations

import gzip
import hashlib
import importlib.metadata
import json
import os
import sys
import tempfile
import zlib
from dataclasses import dataclass, field
from pathlib import Path

FORMAT = "banzuke-pages/1"
CACHE_ENV = "BANZUKE_CACHE"  # the cache folder; "off": none
MAX_BYTES = 1_500_000_000  # a language's pages, unpacked: an archive of some 40,000 pages
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


@dataclass
class PageCache:
    """One language's pages as the last build made them (`kept`), and those of this build (`made`)."""

    path: Path
    code: str
    language: str
    kept: dict[str, str] = field(default_factory=dict)
    made: dict[str, str] = field(default_factory=dict)
    reused: int = 0

    @classmethod
    def open(cls, folder: Path, code: str, language: str) -> PageCache:
        cache = cls(folder / f"pages-{language}.json.gz", code, language)
        cache.kept = cache._read()
        return cache

    def _linked(self) -> bool:
        """The file, its folder or the folder above it is a link (a pull request may commit one): not followed."""
        return any(p.is_symlink() for p in (self.path, self.path.parent, self.path.parent.parent))

    def _read(self) -> dict[str, str]:
        if self._linked():
            return self._ignored("it, or a folder it is in, is a link")
        if not self.path.is_file():
            return {}
        try:
            with gzip.open(self.path, "rb") as f:
                raw = f.read(MAX_BYTES + 1)
            if len(raw) > MAX_BYTES:
                return self._ignored(f"larger than {MAX_BYTES / 1e9:g} GB unpacked")
            found = json.loads(raw)
        except (OSError, EOFError, zlib.error, ValueError, RecursionError) as exc:
            return self._ignored(f"it cannot be read ({type(exc).__name__})")
        if not isinstance(found, dict) or found.get("format") != FORMAT or found.get("language") != self.language:
            return self._ignored("it is not a cache of this build's pages in this language")
        if found.get("code") != self.code:
            return {}  # (written by other code: a cold build, as it should be, and nothing to say)
        pages = found.get("pages")
        if not isinstance(pages, dict) or not all(isinstance(k, str) and len(k) == 64 and isinstance(v, str)
                                                  for k, v in pages.items()):
            return self._ignored("its pages are not what the build writes")
        return pages

    def _ignored(self, why: str) -> dict[str, str]:
        print(f"WARNING -  The build cache {self.path} is ignored: {why}; every page is rendered anew",
              file=sys.stderr)
        return {}

    def get(self, digest: str) -> str | None:
        output = self.kept.get(digest)
        if output is not None:
            self.made[digest] = output
            self.reused += 1
        return output

    def put(self, digest: str, output: str) -> None:
        self.made[digest] = output

    def save(self) -> None:
        """This build's pages, in place of the last build's, all at once; a cache that cannot be written is said
        and left (the site is built all the same)."""
        if self._linked():
            return
        data = json.dumps({"format": FORMAT, "code": self.code, "language": self.language, "pages": self.made},
                          ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, name = tempfile.mkstemp(dir=self.path.parent, prefix=f".{self.path.name}.", suffix=".tmp")
            try:
                with os.fdopen(fd, "wb") as f, gzip.GzipFile(fileobj=f, mode="wb", compresslevel=1, mtime=0) as z:
                    z.write(data)
                os.replace(name, self.path)
            except BaseException:
                Path(name).unlink(missing_ok=True)
                raise
        except OSError as exc:
            print(f"WARNING -  The build cache {self.path} cannot be written ({exc.strerror or exc}): the next build "
                  "renders every page anew", file=sys.stderr)
