"""What one build knows, handed to the hooks on the engine's config (hooks are module functions, loaded once per
process by the engine: they keep nothing themselves).

`generator build` and `generator serve` make a Build and hand it over with `attach` after loading the config;
the hooks find it with `of`. `mkdocs build` run by hand gets one of its own: the data folder beside mkdocs.yml.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jinja2 import BytecodeCache
from jinja2.bccache import Bucket
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import Abort
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page

from generator.pipeline import Loaded
from generator.render.i18n import site_languages
from generator.render.keys import Memo, OwnStore, Store
from generator.render.site import Site

from .cache import PageCache
from .kept import KeptSite

SITE_URL_ENV = "BANZUKE_SITE_URL"  # the published address when mkdocs.yml has no site_url (CI sets it)
LANGUAGES_ENV = "BANZUKE_LANGUAGES"  # a quicker build: these of the site's languages only (and the default)
KEY = "banzuke"  # the Build's key in the engine's config


class CompiledTemplates(BytecodeCache):
    """The templates compiled once: the theme's (the engine makes a new template environment for every build, and
    compiling them again would cost a preview a fifth of a second at every save) and the renderer's. With `kept` (a
    build's: the build cache's store of them, engine/cache.py), once for all the builds by the same code: each taken
    as the last build compiled it, and kept for the next; a build keeps those it used. A template whose source
    changed has another checksum and is compiled again. Only the process that opened `kept` uses it (a forked
    language inherits what this one compiled, in memory: OwnStore)."""

    def __init__(self, kept: Store | None = None) -> None:
        self.code: dict[str, bytes] = {}
        self.kept = OwnStore(kept) if kept is not None else None

    def _store(self, bucket: Bucket) -> tuple[OwnStore, str] | None:
        if self.kept is None:
            return None
        return self.kept, hashlib.sha256(f"template\0{bucket.key}\0{bucket.checksum}".encode()).hexdigest()

    def load_bytecode(self, bucket: Bucket) -> None:
        found = self.code.get(bucket.key)
        store = self._store(bucket) if found is None else None
        if store is not None and (text := store[0].get(store[1])) is not None:
            with contextlib.suppress(ValueError):
                found = self.code[bucket.key] = base64.b64decode(text, validate=True)
        if found is not None:  # (read as the engine reads its own: of this Python and this source, else compiled)
            bucket.bytecode_from_string(found)

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.code[bucket.key] = raw = bucket.bytecode_to_string()
        store = self._store(bucket)
        if store is not None:
            store[0].put(store[1], base64.b64encode(raw).decode("ascii"))


class KeptParts:
    """The preview's parts of the site (render/memo.py) from one rebuild to the next, in memory: those the last
    rebuild took or made (a rebuild begins by dropping the others)."""

    def __init__(self) -> None:
        self.kept: dict[str, str] = {}
        self.used: dict[str, str] = {}

    def begin(self) -> None:
        if self.used:
            self.kept, self.used = self.used, {}

    def get(self, key: str) -> str | None:
        value = self.kept.get(key)
        if value is not None:
            self.used[key] = value
        return value

    def put(self, key: str, value: str) -> None:
        self.used[key] = value


@dataclass
class Preview:
    """What the live preview keeps from one rebuild to the next: data errors are shown in the pages, not fatal."""

    last_good: Site | None = None  # the last site built without errors
    # Each generated page's last two outputs by what they were made from (a save fixing an error brings one back):
    pages_kept: dict[str, dict[str, str]] = field(default_factory=dict)
    compiled: CompiledTemplates = field(default_factory=CompiledTemplates)  # (handed to each rebuild's Build)
    parts: KeptParts = field(default_factory=KeptParts)  # an event's pages, a player's page … (render/memo.py)


@dataclass
class FromMarks:
    """The site in marks (render/marks.py) as a language is made from it, found by its build for the languages'
    (hooks.py `_quick`): its pages by what each is made from there (the key its cache keeps it under:
    hooks.py _made_from), its files, those of the default language alone, the data's latest day, and what the rest
    of its site is made from (hooks.py _frame)."""

    pages: dict[str, str] = field(default_factory=dict)
    files: dict[str, tuple[str, str | bytes]] = field(default_factory=dict)  # (the digest of its content, it)
    default_only: set[str] = field(default_factory=set)
    updated: str = ""
    frame: str = ""


@dataclass
class Build:
    """One build: its data, and what the hooks generate at its first event for the later ones."""

    data: Path
    site_url: str = ""  # the published address, '' when none is configured (for the wall sheets' QR codes)
    sheets_url: str | None = None  # the site's root's, for the wall sheets (None: site_url; the site in marks')
    loaded: Loaded | None = None  # the data, already loaded and checked by this process (not read twice)
    preview: Preview | None = None  # `generator serve`'s
    # The theme's templates compiled once for all of a process's builds (the preview's rebuilds, the languages)
    compiled: CompiledTemplates = field(default_factory=CompiledTemplates)
    site_root: str = ""  # the site's published root (the default language's), '' when none is configured
    language: str = "en"  # the language of this build's pages
    languages: tuple[str, ...] = ("en",)  # the site's languages, the default first (built at the root)
    cache: PageCache | None = None  # the pages of the last build, kept between builds (cache.py)
    part_cache: PageCache | None = None  # the events' parts of the last build (render/memo.py), kept likewise
    parts: Memo | None = None  # the parts this build took from part_cache, and made (on_config)
    after: Memo | None = None  # the parts in the language of marks, this language's words put in them (memo.py)
    after_pages: dict[str, str] | None = None  # and the pages in marks, by source path (hooks.py _reused)
    marked_pages: dict[str, str] | None = None  # the language of marks': its pages, held for the others
    from_marks: FromMarks | None = None  # the site in marks: what it finds for the others; theirs: what it found
    quick: bool = False  # made from the site in marks without rendering this language's site (hooks.py _quick)
    site_dir: Path | None = None  # where the engine writes this build's site
    in_words: int = 0  # the pages made from the pages in marks, this language's words put in (hooks.py _in_words)
    digests: tuple[str, dict[str, str]] | None = None  # the data's digests (sources/digests.py), found once for all
    site: Site | None = None  # the generated site (on_config)
    titles: dict[str, dict[str, str]] = field(default_factory=dict)  # labels by sidebar (on_files)
    pages: dict[str, Page] = field(default_factory=dict)  # the engine's pages by source path (on_nav)
    navs: dict[str, Navigation] = field(default_factory=dict)  # each festival's sidebar (on_nav)
    sidebars: set[str] | None = None  # the festivals whose sidebars the engine makes (None: all; on_files)
    given: int = 0  # the generated pages the engine is given (on_files: in the site in marks, not all)
    prepared: Loaded | None = None  # the data, once on_config's first steps are taken (hooks.py _prepared)
    kept_site: KeptSite | None = None  # the site's folder as the last build left it, with a cache (kept.py)
    digested: int = 0  # the generated pages whose output is found by what it is made from (on_files)
    error_page: str = ""  # the digest of what the theme's "page not found" is made from, with a cache (on_env)

    @property
    def root(self) -> str:
        """From this build's root to the site's: '' for the default language, '../' for the others."""
        return "" if self.language == self.languages[0] else "../"

    @property
    def generated(self) -> Site:
        assert self.site is not None, "on_config generates the site before the other events"
        return self.site


class Patched(Exception):  # noqa: N818 - not an error: what the build did
    """A language's site patched in its folder (hooks.py `_patch`): the engine has nothing left to do. (Here, not in
    the hooks, which the engine loads by their path as a module of their own.)"""


def published_address(configured: str | None) -> str:
    """The address the site is published at: mkdocs.yml's `site_url` (`configured`, read before the preview
    puts its own address there), else BANZUKE_SITE_URL, else ''."""
    return configured or os.environ.get(SITE_URL_ENV, "")


def languages(config: MkDocsConfig) -> tuple[str, ...]:
    """The site's languages (`extra.languages` in mkdocs.yml, the default first); an unusable list stops the build
    with a line saying what is wrong."""
    try:
        codes = site_languages(config.extra.get("languages"))
    except ValueError as exc:
        raise Abort(str(exc)) from None
    chosen = os.environ.get(LANGUAGES_ENV, "").replace(",", " ").split()
    if not chosen:
        return codes
    if unknown := [c for c in chosen if c not in codes]:
        raise Abort(f"{LANGUAGES_ENV}: {', '.join(unknown)} is not one of the site's languages (extra.languages in "
                    f"mkdocs.yml: {', '.join(codes)})")
    return (codes[0], *(c for c in codes[1:] if c in chosen))


def attach(config: MkDocsConfig, build: Build) -> MkDocsConfig:
    """The config with the build handed to the hooks (set once the config is validated: no option of its own)."""
    config[KEY] = build
    return config


def of(config: MkDocsConfig) -> Build:
    """The build the config was handed; `mkdocs build` by hand: the data folder beside mkdocs.yml."""
    found: Any = config.get(KEY)
    if isinstance(found, Build):
        return found
    data = (Path(config.config_file_path).parent / "data").resolve()
    default = languages(config)[0]  # (the other languages are built by `generator build`)
    build = Build(data, site_url=published_address(config.site_url), language=default, languages=(default,))
    attach(config, build)
    return build
