"""The hooks mkdocs.yml names: they add the generated pages, the JSON API, the navigation and the search entries.

Data errors stop the build with the full list of located problems; the site is never half built.
`.venv/bin/python -m generator build` checks first and prints the same list, so this is the last line of defence.

The generated pages are HTML already: they are handed to the engine as pages whose content needs no Markdown
conversion, so a build costs the theme's template and little more per page. Each festival's pages get a sidebar
with that festival only; the search index holds one short entry per player, event and festival.

The engine loads this file by its path, once per process: what a build knows is the Build handed to it on the
config (state.py), never kept here.
"""

from __future__ import annotations

import hashlib
import html
import json
import os
import posixpath
import sys
import sysconfig
from collections.abc import Callable
from pathlib import Path
from typing import Any

from jinja2 import Environment, pass_context
from jinja2.runtime import Context
from markupsafe import Markup, escape
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import Abort
from mkdocs.structure.files import File, Files, InclusionLevel
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page
from mkdocs.utils import is_markdown_file

from generator.engine.cache import PageCache
from generator.engine.frame import Frame
from generator.engine.kept import KeptSite, frame_key, frame_raw
from generator.engine.pages import GeneratedPage, compact, search_entries, sidebars, valid
from generator.engine.state import Build, FromMarks, Patched, of
from generator.diagnostics import Report
from generator.pipeline import Loaded, load
from generator.render import after, i18n
from generator.render.marks import MARKED, mark, own_mark, rootward, unsupported
from generator.render.keys import Inputs, Memo, Store
from generator.render.site import own_files, render_site, with_problems
from generator.render.text import label_tables
from generator.render.base import Site
from generator.render.site import nav_labels, varying_labels
from generator.sources.digests import data_digests
from generator.messages import N_
from generator.sources.site_config import DEFAULTS, IN_LANGUAGES, SITE_TEXTS, beside, site_texts


THEME = Path(__file__).parent / "theme"  # the theme's templates as Banzuke overrides them (before any of mkdocs.yml)
# The theme's assets and site_src's (its stylesheets and scripts, the search's worker, the favicon), the same in
# every language: written once, at the root, for all of them (_from_the_root).
ASSETS = "assets/"
TEXTS = "assets/text.js"  # the browser scripts' texts (render/i18n.script_file), the root's language's


def before_engine(config: MkDocsConfig) -> None:
    """A language made from the site in marks tried without rendering its site (_quick) before the engine starts
    (build.py `_language`, for every language): the engine's plugins' own start (the search's texts in the
    language, found in the theme's templates) is not needed where it can be. `Patched` where it is; else the engine
    builds the language, on_config taking it from there."""
    build = of(config)
    if build.preview is not None or build.kept_site is None or not _made_from_marks(build):
        return
    loaded = _prepared(config, build)
    if loaded.ok:
        _quick(build, config, loaded)


def _prepared(config: MkDocsConfig, build: Build) -> Loaded:
    """The first steps of on_config, taken once (before_engine may have taken them): the theme's overrides first,
    the data loaded (where the build was not given it), the theme's texts from mkdocs.yml in the language and
    escaped."""
    if build.prepared is None:
        if str(THEME) not in config.theme.dirs:
            config.theme.dirs.insert(0, str(THEME))
        loaded = build.loaded or load(build.data)
        _in_language(config, build.language)
        _site_texts(config, build.data)
        build.prepared = loaded
    return build.prepared


def on_config(config: MkDocsConfig, **_: Any) -> MkDocsConfig:
    build = of(config)
    loaded = _prepared(config, build)
    if not loaded.ok:
        if build.preview is None:
            raise Abort("the data has errors; nothing was built:\n" + "\n".join(loaded.report.lines()))
        for line in loaded.report.lines():
            print(line, file=sys.stderr)
        site = build.site = with_problems(build.preview.last_good, loaded.report.lines())
    else:
        # The published address for the wall sheets' QR codes, not the preview's own (a phone cannot open that)
        # (in a language other than the default, the renderer writes no API: the languages share the root's)
        with i18n.speaking(build.language, root=build.root):
            site = build.site = render_site(loaded, build.site_url, _parts(build, config), build.sheets_url)
        if build.preview is not None:
            build.preview.last_good = site
    config.nav = site.nav
    marks = build.from_marks
    if build.language == MARKED and marks is not None:  # (what the languages are made from: _quick)
        marks.frame, marks.updated, marks.default_only = _frame(build, config, _common(build, config)), \
            site.updated, set(site.default_only)
        marks.files = {path: (_content_digest(_raw(content)), content) for path, content in site.files.items()}
    if build.kept_site is not None:  # (its site patched, if it can be)
        common = _common(build, config)
        if marks is not None and _made_from_marks(build):
            build.kept_site.frame = _frame_from_marks(marks, common, [p for p in site.files if p not in marks.files])
            build.kept_site.sources = _sources(marks, build, config)
        else:
            build.kept_site.frame = _frame(build, config, common)
        _patch(build, config, common)
    if str(build.data) not in [str(w) for w in config.watch]:
        config.watch.append(str(build.data))
    return config


def _parts(build: Build, config: MkDocsConfig) -> Memo | None:
    """The parts of the last build an event's pages may come from (render/memo.py): the build cache's (the
    preview's last rebuild's), with the digests of the data's folders and of what every page depends on besides
    (as on_files has it)."""
    store: Store | None = build.part_cache
    if store is None and build.preview is not None:
        build.preview.parts.begin()
        store = build.preview.parts
    if store is None:
        return None
    common, festivals = build.digests or data_digests(build.data)
    digest = hashlib.sha256(json.dumps([common, *_common(build, config)]).encode()).hexdigest()
    build.parts = Memo(store, Inputs(digest, festivals), after=build.after,
                       marked={} if build.language == MARKED else None)
    return build.parts


def _common(build: Build, config: MkDocsConfig) -> list[Any]:
    """What every page's output depends on besides its own: the settings, the language, the site's languages (the
    selector) and its addresses (the canonical address, the wall sheets' QR codes), and the theme's folders that
    the cache's digest of the code does not hold (`_theme_folders`)."""
    settings = Path(config.config_file_path).read_bytes() if config.config_file_path else b""
    return [settings.decode("utf-8", "replace"), build.language, build.languages, build.site_url,
            build.site_root, config.site_url or ""] + ([folders] if (folders := _theme_folders(config)) else [])


# The folders the cache's digest of the code holds (cache.code_digest): the generator's (its theme among them), and
# the installed packages' (by their versions: the engine's and Material's themes)
_CODE_FOLDERS = tuple({Path(__file__).resolve().parent.parent,
                       *(Path(sysconfig.get_paths()[key]).resolve() for key in ("purelib", "platlib"))})


def _theme_folders(config: MkDocsConfig) -> list[Any]:
    """The theme's folders outside the code (mkdocs.yml's `theme.custom_dir`): each with its files' paths, sizes and
    times, as the engine copies them (_files_held); none without such a folder."""
    found: list[Any] = []
    for folder in config.theme.dirs:
        top = Path(folder).resolve()
        if any(top.is_relative_to(code) for code in _CODE_FOLDERS) or not top.is_dir():
            continue
        listed = [[path.relative_to(top).as_posix(), path.stat().st_size, path.stat().st_mtime_ns]
                  for path in sorted(top.rglob("*")) if path.is_file()]
        found.append([top.as_posix(), listed])
    return found


def _in_language(config: MkDocsConfig, code: str) -> None:
    """The theme's texts from mkdocs.yml in the build's language: the site's name and description as
    `extra.site_name`/`extra.site_description` give them in it, else the shipped ones in its words (an organizer's
    own as written); the colour switch's names through the catalogue."""
    translate = i18n.translator(code)
    for key in IN_LANGUAGES:
        own = config.extra.get(key)
        given = own.get(code) if isinstance(own, dict) else None
        if isinstance(given, str):
            config[key] = given
        elif config.get(key) == DEFAULTS[key]:
            config[key] = translate(DEFAULTS[key])
        if code == MARKED and isinstance(own, dict):  # (each language's own, else the text above, in its words)
            fallback = config.get(key)  # (none: a language without its own has no such text; its pages rendered)
            config[key] = mark("O", own_mark({c: t for c, t in own.items() if isinstance(t, str)}), (fallback,)) \
                if isinstance(fallback, str) else unsupported()
    for scheme in config.theme.get("palette") or []:
        toggle = scheme.get("toggle") if isinstance(scheme, dict) else None
        if isinstance(toggle, dict) and isinstance(toggle.get("name"), str):
            toggle["name"] = translate(toggle["name"])


# The colour switch's names in the shipped mkdocs.yml (translated by _in_language)
# Translators: the colour switch's name in the header (a button)
N_("Switch to dark mode")
# Translators: the colour switch's name in the header (a button)
N_("Switch to light mode")


def _site_texts(config: MkDocsConfig, data: Path) -> None:
    """The texts of mkdocs.yml that the theme prints (sources/site_config.py), escaped here, once: the theme prints
    them as they are. The mkdocs.yml beside the data folder is checked with the data; another one given to the
    build is checked here."""
    given = Path(config.config_file_path).resolve() if config.config_file_path else None
    if given is not None and given != beside(data):
        report = Report()
        site_texts(given, report)
        if report.errors:
            raise Abort("mkdocs.yml has errors; nothing was built:\n" + "\n".join(report.lines()))
    for key in SITE_TEXTS:
        if isinstance(config.get(key), str):
            config[key] = escape(config[key])


def on_files(files: Files, config: MkDocsConfig, **_: Any) -> Files:
    build = of(config)
    site = build.generated
    if build.root:  # a language under /<code>/ writes no assets: its pages use the root's (_from_the_root)
        for file in [f for f in files if f.src_uri.startswith(ASSETS)]:
            files.remove(file)
    labels = nav_labels([site.nav, *site.sections.values()])
    build.titles = varying_labels(site)
    preview, kept = build.preview, build.cache
    made_from = _made_from(site, labels, _common(build, config)) if preview or kept else {}
    if build.language == MARKED and build.from_marks is not None:  # (what the languages are made from: _quick)
        build.from_marks.pages = made_from
    needed = _rendered_in_marks(build, made_from) if kept is not None and not preview else None
    for path in sorted(site.pages):
        if files.get_file_from_path(path) is not None:
            raise Abort(f"site_src/{path} is also a generated page: rename or remove it")
        if needed is not None and path not in needed and kept is not None and kept.hold(made_from[path]):
            build.digested += 1  # (kept as it was made: the engine is not given it, _rendered_in_marks)
            continue
        file = File.generated(config, path, content="")  # (GeneratedPage.render gives the content)
        files.append(file)
        build.given += 1
        _DESTS.setdefault((path, bool(config.use_directory_urls)), file.dest_uri)  # (for the languages patched)
        page = GeneratedPage(labels.get(path), file, config, site.pages[path])
        if preview or kept:
            page.made_from = made_from[path]
            build.digested += 1
            outputs = preview.pages_kept.get(path, {}) if preview else {}
            if page.made_from in outputs:
                page.reused = outputs[page.made_from] = outputs.pop(page.made_from)  # now the last one
            elif kept is not None and kept.has(page.made_from):
                page.reused = ""  # (read when the page is written, on_env: not all held at once)
                page.cached = True
    # (the site in marks writes none of the generated files: its parts hold them for the languages, render/memo.py)
    for path, content in sorted(site.files.items()) if build.language != MARKED else ():
        if not (build.root and path == TEXTS):
            files.append(file := File.generated(config, path, content=content))
            _DESTS.setdefault((path, bool(config.use_directory_urls)), file.dest_uri)
    for path, content in _other_texts(build).items():
        files.append(File.generated(config, path, content=content))
    return files


def _rendered_in_marks(build: Build, made_from: dict[str, str]) -> set[str] | None:
    """In the site in marks, the generated pages the engine is given: those it renders (the cache does not hold
    them as made from the same), the pages the site's navigation names, and those of the sidebars of the festivals
    whose pages it renders, which their pages show (on_nav makes only those: `build.sidebars`). The others are kept
    in the cache as they were, and the engine has nothing to do for them: the site in marks writes none of its pages
    (on_post_page), and the languages take its frame and its pages' keys from the site itself (_frame, `made_from`).
    None in any other build (each language's engine writes every page it is given, or leaves it as it was)."""
    site, kept = build.generated, build.cache
    if build.language != MARKED or kept is None:
        return None
    rendered = {path for path, digest in made_from.items() if not kept.has(digest)}
    build.sidebars = {key for path in rendered if (key := site.section_of.get(path)) is not None}
    named = [site.nav, *(site.sections[key] for key in build.sidebars)]
    return rendered | nav_labels(named).keys()


def _other_texts(build: Build) -> dict[str, str]:
    """At the root, every other language's texts, beside the root's (the other languages write no assets)."""
    found = {}
    for code in build.languages[1:] if not build.root else ():
        with i18n.speaking(code):
            found[texts_file(build, code)] = i18n.script_file()
    return found


# The engine's plugins a language's site may be patched with (with these hooks): a site with others is built (they
# may write what they like)
PATCHED_PLUGINS = {"search", "material/search"}


def _patch(build: Build, config: MkDocsConfig, common: list[Any]) -> None:
    """A language whose folder in the site holds the last build's output as it left it (kept.py), made from the same
    rest of the site (`_frame`: the hand-written pages, the search index, the sitemap, the "page not found"; at the
    root, the theme's assets and every language's texts too, and the other languages' folders left to their
    builds): only its generated pages and files that changed are written, from the pages in marks (this language's
    words put in) or the build cache, and those it no longer has removed; then `Patched`, and the engine does not
    run. A language under /<code>/ whose folder is not there at all (the results job's runner restores the cache,
    not the site) is written whole so, what the engine wrote from the same rest of the site taken from the cache
    (kept.py `frame_key`). Where a page is neither in marks nor kept, or the folder is not as it was left, nothing
    is done here: the engine builds the language, as any other build."""
    site, cache, site_dir = build.kept_site, build.cache, Path(config.site_dir)
    if site is None or cache is None or build.after_pages is None or not _patchable(config):
        return
    anew = not site.intact(site_dir)
    if anew and not (build.root and site.anew(site_dir)):
        return
    framed: dict[str, bytes] = {}  # (written anew: what the engine wrote from the rest of the site, from the cache)
    for name in site.frame_files() if anew else ():
        text = cache.get(frame_key(site.frame, name))
        raw = frame_raw(text) if text is not None else None
        if raw is None:
            return
        framed[name] = raw
    generated = build.generated
    made_from = _made_from(generated, nav_labels([generated.nav, *generated.sections.values()]), common)
    made_in_marks = build.from_marks.pages if build.from_marks is not None and _made_from_marks(build) else {}
    theme: Callable[[str], str] | None = None
    # by file: its digest, what is written (None: held), and that in words, where it is made from the pages in marks
    pages: dict[str, tuple[str, bytes | None, str | None]] = {}
    for path, digest in made_from.items():
        name = _dest_uri(config, path)
        # (a page _quick wrote is held, and kept in the cache, by its page in marks and the frame)
        quick = _quick_digest(key, site.frame) if (key := made_in_marks.get(path)) is not None else None
        held = site.held.get(name)
        if held is not None and held in (digest, quick):
            pages[name] = (held, None, None)
            continue
        marked = build.after_pages.get(path)
        text = None
        if marked is not None:
            if theme is None:  # (its templates compiled once for the build: build.py _listed_once)
                theme = _theme_texts(config.theme.get_env(), config)
            with i18n.speaking(build.language, root=build.root):
                text = _from_marks(build, path, marked, theme, config.theme.get_env)
        raw = text.encode("utf-8", errors="xmlcharrefreplace") if text is not None else None
        if raw is None:
            raw = next((cache.take(d) for d in (digest, quick) if d is not None and cache.has(d)), None)
            if raw is None:
                return  # (rendered by the engine, with the rest)
        pages[name] = (digest, raw, text)
    files: dict[str, tuple[str, bytes | None]] = {}
    for path, content in [*generated.files.items(), *_other_texts(build).items()]:
        if build.root and path == TEXTS:  # (the root's)
            continue
        raw = _raw(content)
        digest, name = _content_digest(raw), _dest_uri(config, path)
        files[name] = (digest, None if site.held.get(name) == digest else raw)
    site.patched = True  # (from here, nothing but this build's writes changes the folder)
    folders: set[str] = set()
    for name, (digest, raw, text) in pages.items():
        if raw is None:
            site.holds(name, digest)
            _keep(cache, digest)
            continue
        _write_to(site_dir / name, raw, folders)
        site.wrote(name, digest)
        if text is not None:  # (kept, as _in_words keeps it)
            cache.put(digest, text)
            build.in_words += 1
    for name, (digest, raw) in files.items():
        if raw is None:
            site.holds(name, digest, page=False)
        else:
            _write_to(site_dir / name, raw, folders)
            site.wrote(name, digest)
    for name, raw in framed.items():
        _write_to(site_dir / name, raw, folders)
        site.wrote(name, site.frame)
    kept = site.framed()
    for name in kept if build.root else ():  # (what the engine wrote from the rest of the site, kept in the cache)
        _keep(cache, frame_key(site.frame, name))
    site.anew_written = anew
    site.finish(site_dir, [*pages, *files, *kept, *framed])
    build.digested = len(pages)
    error_page = _error_page_digest(generated, common)  # (kept in the cache, as the folder keeps it)
    if cache.has(error_page):
        cache.keep(error_page)
    raise Patched


def _patchable(config: MkDocsConfig) -> bool:
    """Whether the engine's plugins are those a site may be patched with (PATCHED_PLUGINS), and these hooks."""
    hooks: Any = config.hooks  # (a dict by the path given, whatever the option says it is)
    ours = {name for name, hook in hooks.items()
            if Path(getattr(hook, "__file__", "") or "").resolve() == Path(__file__).resolve()}
    return set(config.plugins) <= PATCHED_PLUGINS | ours


def _made_from_marks(build: Build) -> bool:
    """Whether the build is of a language made from a site in marks that was built (its frame found): its frame is
    then made from that one's (_frame_from_marks), and its list says what each page is made from there (kept.py
    `sources`)."""
    marks = build.from_marks
    return (build.language != MARKED and marks is not None and bool(marks.frame) and build.after_pages is not None
            and build.preview is None)


def _frame_from_marks(marks: FromMarks, common: list[Any], own: list[str]) -> str:
    """What the rest of a language's site is made from (_frame), for a language made from the site in marks: the
    frame of that one (its sidebars, titles and search entries, in marks, its pages' and files' paths, the
    hand-written pages …), what every page of the language depends on (_common), and the paths of the files it
    renders itself that the site in marks has not (the calendar feeds; at the root, the results API's index:
    render/site.py own_files). The language's titles, sidebars and search entries are those in marks with its words
    put in, or (a part whose marks cannot be read back) rendered in it from the same data."""
    return hashlib.sha256(json.dumps(["frame from marks", marks.frame, common, sorted(own)]).encode()).hexdigest()


def _its_own(marks: FromMarks, build: Build, path: str) -> bool:
    """Whether the page or file `path` of the site in marks is one of the language's own (made from it): not the
    scripts' texts, which each language renders (render/site.py own_files); at the root, all of the others, under
    /<code>/, not those of the default language alone (the wall sheets, the results API)."""
    return path != TEXTS and not (build.root and path in marks.default_only)


def _sources(marks: FromMarks, build: Build, config: MkDocsConfig) -> dict[str, str]:
    """What each page and file of a language is made from in the site in marks, by its file in the language's
    folder (kept.py `sources`): a page's key there, a file's content's digest."""
    found = {_dest_uri(config, path): key for path, key in marks.pages.items() if _its_own(marks, build, path)}
    found.update((_dest_uri(config, path), key) for path, (key, _) in marks.files.items()
                 if _its_own(marks, build, path))
    return found


def _quick(build: Build, config: MkDocsConfig, loaded: Loaded) -> None:
    """A language made from the site in marks (_made_from_marks) whose folder holds what the last build left there,
    from the same frame (_frame_from_marks), written without rendering its site: the pages and files whose source in
    the site in marks changed since (kept.py `sources`) made from it, this language's words put in (the site in
    marks rendered those this build: a page changed there since the last build); the files it renders itself
    (render/site.py own_files: its calendar feeds, from its parts where nothing they hold changed; at the root, the
    results API's index and every language's scripts' texts) rendered; the rest held (at the root, the theme's
    assets and the other languages' folders too). Then `Patched`, and neither the language's site is rendered nor
    the engine run. Where a page cannot be made so, nothing is written here: the language is rendered, then patched
    or built (_patch)."""
    marks, site, cache, site_dir = build.from_marks, build.kept_site, build.cache, Path(config.site_dir)
    if (marks is None or site is None or cache is None or not _made_from_marks(build) or not site.listed_sources
            or not _patchable(config)):
        return
    with i18n.speaking(build.language, root=build.root):
        own = own_files(loaded, marks.updated, build.site_url, _parts(build, config))
    site.frame = _frame_from_marks(marks, _common(build, config), [p for p in own if p not in marks.files])
    if not site.intact(site_dir):
        return
    # by file: its digest, what is written (None: held), and that in words (a page made from the site in marks)
    made: dict[str, tuple[str, bytes | None, str | None]] = {}
    theme: Callable[[str], str] | None = None
    pages = 0  # (first in `made`: then the files)
    for path, key, content in [*((path, key, None) for path, key in marks.pages.items()),
                               *((path, key, content) for path, (key, content) in marks.files.items())]:
        if not _its_own(marks, build, path):
            continue
        pages += content is None
        name = _dest_uri(config, path)
        held = site.held.get(name)
        if held is not None and site.listed_sources.get(name) == key:
            made[name] = (held, None, None)
            continue
        if content is None:  # a page: its page in marks, rendered this build, in words
            found = build.after_pages.get(path) if build.after_pages is not None else None
            if found is None:  # (the site in marks took it as kept, from a build other than the one the list is of)
                return
            if theme is None:  # (its templates compiled once for the build: build.py _listed_once)
                theme = _theme_texts(config.theme.get_env(), config)
            with i18n.speaking(build.language, root=build.root):
                text = _from_marks(build, path, found, theme, config.theme.get_env)
            if text is None:
                return
            made[name] = (_quick_digest(key, site.frame), text.encode("utf-8", errors="xmlcharrefreplace"), text)
            continue
        written: str | bytes | None = content
        if isinstance(content, str):
            with i18n.speaking(build.language, root=build.root):
                written = after.text(content, build.language)
        if written is None:
            return
        raw = _raw(written)
        made[name] = (digest := _content_digest(raw), None if held == digest else raw, None)
    for path, content in [*own.items(), *_other_texts(build).items()]:
        if build.root and path == TEXTS:  # (the root's)
            continue
        raw = _raw(content)
        name = _dest_uri(config, path)
        made[name] = (digest := _content_digest(raw), None if site.held.get(name) == digest else raw, None)
    site.patched = True  # (from here, nothing but this build's writes changes the folder)
    folders: set[str] = set()
    for i, (name, (digest, body, text)) in enumerate(made.items()):
        if body is None:
            site.holds(name, digest, page=i < pages)
            continue
        _write_to(site_dir / name, body, folders)
        site.wrote(name, digest)
        if text is not None:  # (kept under what it is made from in marks: _patch takes it so; build.py keeps the rest)
            cache.put(digest, text)
            build.in_words += 1
    kept = site.framed()
    site.sources = _sources(marks, build, config)
    site.finish(site_dir, [*made, *kept])
    build.digested, build.quick = pages, True
    raise Patched


def _keep(cache: PageCache, digest: str) -> None:
    """An entry of the cache that the language's folder holds kept for the next build (which may find no folder:
    the results job's runner): without reading it where this build appends to the last one's data file, else read,
    to be written to the new one."""
    if cache.has(digest) and not cache.keep(digest):
        cache.get(digest)


def _quick_digest(key: str, frame: str) -> str:
    """The digest a page written by _quick is listed and kept in the cache with: what it is made from, the key of its
    page in marks and the language's frame (which holds what every page of the language depends on). A build that
    renders the language (_patch) holds the page, or takes it from the cache, by this digest too."""
    return hashlib.sha256(json.dumps(["page from marks", key, frame]).encode()).hexdigest()


def _raw(content: str | bytes) -> bytes:
    return content.encode("utf-8") if isinstance(content, str) else content


# The file each generated page or file is written to, by its path and the setting that decides it: a function of
# those alone, not of a build (found once in a process, and in the languages' processes forked from it)
_DESTS: dict[tuple[str, bool], str] = {}


def _dest_uri(config: MkDocsConfig, path: str) -> str:
    """Where the engine writes the generated page or file `path`, in the language's folder (`File.dest_uri`)."""
    key = (path, bool(config.use_directory_urls))
    found = _DESTS.get(key)
    if found is None:
        found = _DESTS[key] = dest_of(path, key[1])
    return found


def dest_of(path: str, use_directory_urls: bool) -> str:
    """`File.dest_uri` of a generated page or file `path`, found as the engine finds it (`File._get_dest_path`),
    without making a File: a Markdown page is written as its name's folder's index.html (as itself, .html, where
    it is an index or the folders are not used), anything else as it is."""
    if not is_markdown_file(path):
        return path
    parent, filename = posixpath.split(path)
    stem = posixpath.splitext(filename)[0]
    name = "index" if stem == "README" else stem
    if not use_directory_urls or name == "index":
        return posixpath.join(parent, name + ".html")
    return posixpath.join(parent, name, "index.html")


def _content_digest(raw: bytes) -> str:
    """The digest of a file written as it is given (kept.py)."""
    return hashlib.sha256(b"content\0" + raw).hexdigest()


def _made_from(site: Site, labels: dict[str, str | None], common: list[Any]) -> dict[str, str]:
    """The digest of what each generated page's output is made from, by its path. The output depends on the page,
    its sidebar (which also gives its previous and next pages, and the titles of the pages it lists without a label
    of their own) and what every page depends on (`common`); a page whose all are as at one of the preview's last
    two rebuilds, or in the build cache, is not rendered again."""
    around: dict[str, str] = {}  # by sidebar: the digest of it, the titles it lists and the above (_around)
    made_from = {}
    for path, g in site.pages.items():
        section = site.section_of.get(path, "")
        section = section if section in site.sections else ""  # ("": the site's own sidebar)
        if section not in around:
            around[section] = _around(site, site.sections.get(section, site.nav), common)
        # (the JSON array ends where it ends: the page's HTML after it makes no other array's text)
        made = hashlib.sha256(json.dumps([path, g.texts_from(), labels.get(path), around[section]]).encode())
        made.update(g.source())
        made_from[path] = made.hexdigest()
    return made_from


def _frame(build: Build, config: MkDocsConfig, common: list[Any]) -> str:
    """The digest of what a language's site but its generated pages and files is made from: its hand-written pages
    (the files of docs_dir), its search index, its sitemap, its "page not found". Those the engine renders from the
    site's own sidebar and the titles it lists, the settings and the languages (`_common`, `_around`), the paths of
    the generated pages and files, the pages in the default language alone, the data's date, the search entries,
    the preview's banner; and from the code and the theme, which the cache's own digest holds."""
    site = build.generated
    docs = hashlib.sha256()
    top = Path(config.docs_dir)
    for path in sorted(top.rglob("*")) if top.is_dir() else ():
        if path.is_file() and not path.is_symlink():
            docs.update(json.dumps(path.relative_to(top).as_posix()).encode() + path.read_bytes() + b"\0")
    return hashlib.sha256(json.dumps(
        ["frame", common, _around(site, site.nav, common), sorted(site.pages), sorted(site.files),
         sorted(site.default_only), site.updated, site.banner, [g.texts_from() for _, g in sorted(site.pages.items())],
         docs.hexdigest()]).encode()
    ).hexdigest()


def _around(site: Site, sidebar: Any, common: list[Any]) -> str:
    """The digest of what a page's output depends on besides its own path, title, label and HTML: its sidebar, the
    titles of the pages the sidebar lists without a label of their own, and what every page depends on (_common);
    found once for each sidebar."""
    titled = [site.pages[p].texts_from() for p, label in nav_labels(sidebar).items()
              if label is None and p in site.pages]
    return hashlib.sha256(json.dumps([sidebar, titled, *common]).encode()).hexdigest()


def texts_file(build: Build, code: str) -> str:
    """The browser scripts' texts in the language `code` (theme/main.html loads them): all at the root, the
    default language's without its code."""
    if code == MARKED:
        return f"{TEXTS[:-len('.js')]}{rootward('', '.' + mark('U'))}.js"
    return TEXTS if code == build.languages[0] else f"{TEXTS[:-len('.js')]}.{code}.js"


def on_nav(nav: Navigation, config: MkDocsConfig, files: Files, **_: Any) -> Navigation:
    """Each festival's sidebars: their pages get their parents, and previous/next links, within them."""
    build = of(config)
    build.pages = {file.src_uri: file.page for file in files.documentation_pages() if file.page is not None}
    for page in build.pages.values():  # the sitemap's date (rendered first): the data's, not the build's
        page.update_date = build.generated.updated
    build.navs = sidebars(build.generated, files, build.sidebars)
    return nav


def on_page_context(context: dict[str, Any], page: Page, config: MkDocsConfig, nav: Navigation,
                    **_: Any) -> dict[str, Any]:
    build = of(config)
    if isinstance(page, GeneratedPage):
        page.content = page.generated.html
    festival = build.generated.section_of.get(page.file.src_uri)
    for path, label in build.titles.get(festival or "", {}).items():  # labels as in this page's sidebar
        build.pages[path].title = label
    if festival is not None:
        context["nav"] = build.navs[festival]
    # The language selector (the header shows theme/partials/alternate.html): this page in each language
    context["alternates"] = alternates(build, page, "../" * page.url.count("/"), build.root)
    config.extra["alternate"] = bool(context["alternates"])
    return context


def alternates(build: Build, page: Page, base: str, root: str = "") -> list[dict[str, Any]]:
    """The page in each of the site's languages, its address from `base` + `root` (the site's root, as the page or
    the sitemap reaches it: from the page's language's root, then from there); none for a page in one language (the
    site's, or a wall sheet: the default's alone). In the site in marks, both ways (marks.rootward)."""
    if len(build.languages) < 2 or page.file.src_uri in build.generated.default_only:
        return []
    marked = build.language == MARKED  # (which is current: a mark each, the current language's say so)
    found = []
    for code in build.languages:
        rest = ("" if code == build.languages[0] else f"{code}/") + page.url
        found.append({"name": i18n.LANGUAGES[code], "lang": code, "current": code == build.language,
                      "marked": Markup(mark("S", code, (' aria-current="true"',))) if marked else None,
                      "href": rootward(base + rest or "./", base + root + rest) if marked
                      else base + root + rest or "./"})
    return found


def on_env(env: Environment, config: MkDocsConfig, files: Files, **_: Any) -> Environment:
    """The theme's templates as compiled at the first build; the pages whose output is reused written (_reused).
    The theme's overrides (theme/) write their own words with `_()`, in the build's language, as the generated
    pages do."""
    build = of(config)
    env.globals["banzuke_pages"] = files.documentation_pages()  # (the sitemap's: every page, the reused included)
    _reused(build, files)
    if build.kept_site is not None:  # (the pages the last build left that this one does not make: removed)
        build.kept_site.finish(Path(config.site_dir), [f.dest_uri for f in files])
    if build.after_pages:
        with i18n.speaking(build.language, root=build.root):
            _in_words(build, files, _theme_texts(env, config), env)
    _error_page(build, config)
    env.globals["_"] = i18n.translator(build.language)  # Banzuke's texts in the theme's templates (theme/)
    env.globals["banzuke"] = {"language": build.language, "languages": build.languages, "root": build.root,
                              "texts": texts_file(build, build.language)}
    if build.root:
        _from_the_root(env, build.language == MARKED)
    env.globals["banzuke_frame"] = Frame(ASSETS)  # (the parts of the frame rendered once: frame.py)
    # The sitemap's hreflang links: absolute, from the site's published root (or the host's root without one)
    site_root = (build.site_root or "").rstrip("/") + "/"
    env.globals["banzuke_alternates"] = lambda page: alternates(build, page, site_root)
    env.bytecode_cache = build.compiled
    return env


def _reused(build: Build, files: Files) -> None:
    """The pages whose output is that of an earlier build (the preview's last rebuilds, the build cache) written
    as they were, before the engine writes the others, and taken out of its list of pages to write: none of the
    engine's work for a page (its context, the theme's template, the clean-up) is done again for them. A page the
    cache no longer holds as it was written is rendered as any other. A page whose file the site's folder holds as
    the last build wrote it from the same (kept.py) is not written: it is left as it is (and kept in the cache for a
    build without the folder: `_keep`)."""
    folders: set[str] = set()
    site = build.kept_site
    for file in files.documentation_pages():
        page = file.page
        if not isinstance(page, GeneratedPage):
            continue
        if site is not None and page.made_from and site.holds(file.dest_uri, page.made_from):
            if build.cache is not None:  # (written as it is made from the same: not written again)
                _keep(build.cache, page.made_from)
            page.reused = None
            file.inclusion = InclusionLevel.EXCLUDED
            continue
        if page.reused is None:
            continue
        if page.cached and build.marked_pages is not None and build.cache is not None \
                and build.cache.hold(page.made_from):  # (the site in marks writes none: the output is not read)
            page.reused = None
            file.inclusion = InclusionLevel.EXCLUDED
            continue
        if not page.cached:  # the preview's last output, in memory
            raw: bytes | None = page.reused.encode("utf-8")
        else:  # the build cache's, read and checked now (None: not as it was written)
            raw = build.cache.take(page.made_from) if build.cache is not None else None
        page.reused = None
        if raw is None:
            page.cached = False  # (rendered after all: its contents found when it is)
            continue
        if build.marked_pages is None:  # (the site in marks writes nothing: its pages are kept, for the next build)
            _write(file, raw, folders)
            if site is not None:
                site.wrote(file.dest_uri, page.made_from)
        file.inclusion = InclusionLevel.EXCLUDED  # (written: the engine's loop over the pages passes it by)
    if site is not None:
        _files_held(site, files)


def _files_held(site: KeptSite, files: Files) -> None:
    """The files the engine copies or writes as they are (the theme's assets, the results API, the calendar feeds
    …) left where the site's folder holds them as the last build wrote them from the same (kept.py): a file given
    with its content, the same content; one copied, the same source (its path, size and time)."""
    for file in files:
        if file.is_documentation_page() or file.inclusion.value <= InclusionLevel.DRAFT.value:
            continue  # (a page, or a file the engine leaves out: its own rule, InclusionLevel.is_included)
        if file.generated_by is not None:  # (its content given: by the renderer, or a plugin)
            made_from = _content_digest(file.content_bytes)
        elif file.abs_src_path is not None:
            try:
                found = os.stat(file.abs_src_path)
            except OSError:
                continue  # (the engine says what it cannot copy)
            made_from = hashlib.sha256(json.dumps(["copied", file.abs_src_path, found.st_size,
                                                   found.st_mtime_ns]).encode()).hexdigest()
            site.copied.add(file.dest_uri)
        else:
            continue
        if site.holds(file.dest_uri, made_from, page=False):
            file.inclusion = InclusionLevel.EXCLUDED  # (the engine's copy passes it by)
        else:
            site.wrote(file.dest_uri, made_from)


def _write(file: File, raw: bytes, folders: set[str]) -> None:
    _write_to(Path(file.abs_dest_path), raw, folders)


def _write_to(path: Path, raw: bytes, folders: set[str]) -> None:
    folder = os.path.dirname(path)
    if folder not in folders:
        os.makedirs(folder, exist_ok=True)
        folders.add(folder)
    with open(path, "wb") as f:
        f.write(raw)


def _in_words(build: Build, files: Files, theme: Callable[[str], str], env: Environment) -> None:
    """The generated pages not kept in this language's cache, from the site in marks (render/marks.py): each that
    the site in marks rendered, with this language's words put in (render/after.py), written and kept, and taken
    out of the engine's list of pages to write; a page whose marks cannot be read back is rendered as any other."""
    assert build.after_pages is not None
    folders: set[str] = set()
    for file in files.documentation_pages():
        page = file.page
        if not isinstance(page, GeneratedPage) or file.inclusion == InclusionLevel.EXCLUDED:
            continue
        marked = build.after_pages.get(file.src_uri)
        output = _from_marks(build, file.src_uri, marked, theme, lambda: env) if marked is not None else None
        if output is None:
            continue
        _write(file, output.encode("utf-8", errors="xmlcharrefreplace"), folders)
        if page.made_from and build.cache is not None:
            build.cache.put(page.made_from, output)
        if page.made_from and build.kept_site is not None:
            build.kept_site.wrote(file.dest_uri, page.made_from)
        file.inclusion = InclusionLevel.EXCLUDED
        build.in_words += 1


HOME = "index.md"  # the home page's source


def _from_marks(build: Build, path: str, marked: str, theme: Callable[[str], str],
                env: Callable[[], Environment]) -> str | None:
    """The generated page `path` from its page in marks (`after.page`), in the build's language, the current one;
    the home page at the root with its language choice (`_with_choice`). None where its marks cannot be read."""
    text = after.page(marked, build.language, theme)
    if text is not None and path == HOME and not build.root and len(build.languages) > 1:
        text = _with_choice(text, env(), build.languages)
    return text


def _with_choice(html: str, env: Environment, languages: tuple[str, ...]) -> str:
    """A home page made from the site in marks with the choice of language that the default language's home page
    has (theme/main.html, partials/language-choice.html) where the engine's page has it, last in its head: the site
    in marks is the other languages' pages, which have none."""
    choice = env.get_template("partials/language-choice.html").render(banzuke={"languages": languages}).strip()
    end = html.find("</head>")
    return f"{html[:end]}\n{choice}{html[end:]}" if end >= 0 else html


def _theme_texts(env: Environment, config: MkDocsConfig) -> Callable[[str], str]:
    """The theme's own text for a key in the build's language, as its templates print it (partials/language.html:
    the language's, else English's, else the key), unescaped."""
    module: Any = env.get_template("partials/language.html", None, {"config": config}).module
    known: dict[str, str] = {}

    def text(key: str) -> str:
        found = known.get(key)
        if found is None:
            found = known[key] = html.unescape(str(module.t(key)))
        return found

    return text


ERROR_PAGE = "404.html"  # the theme's "page not found", rendered before the pages (a static template)


def _error_page(build: Build, config: MkDocsConfig) -> None:
    """The theme's "page not found" as the build cache has it, where what it is made from is as then: the site's own
    sidebar (the page lists it, with the titles there) and what every page depends on (_common). Written as it
    was, and taken out of the theme's templates to render; else rendered, and kept (on_post_template)."""
    if build.cache is None or ERROR_PAGE not in config.theme.static_templates:
        return
    site = build.generated
    build.digested += 1
    build.error_page = _error_page_digest(site, _common(build, config))
    raw = build.cache.take(build.error_page) if build.cache.has(build.error_page) else None
    if raw is not None:
        path = Path(config.site_dir) / ERROR_PAGE
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(raw)
        config.theme.static_templates.discard(ERROR_PAGE)


def _error_page_digest(site: Site, common: list[Any]) -> str:
    """What the theme's "page not found" is made from: the site's own sidebar, with the titles there, and what every
    page depends on (_common)."""
    return hashlib.sha256(json.dumps([ERROR_PAGE, _around(site, site.nav, common)]).encode()).hexdigest()


def _from_the_root(env: Environment, marked: bool = False) -> None:
    """A language under /<code>/ writes no assets (on_files): its pages' addresses of them lead to the root's, one
    folder up. They are the `url` filter's (the theme's stylesheets, scripts, favicon and search worker, mkdocs.yml's
    extra_css, the scripts' texts) and the tags of mkdocs.yml's extra_javascript, which the engine makes with its
    own `url` (mkdocs.utils.templates.script_tag_filter), not the filter's. In the site in marks (`marked`), both
    ways: from a page at the root, and one folder further down (marks.rootward)."""
    url, script_tag = env.filters["url"], env.filters["script_tag"]

    @pass_context
    def root_url(context: Context, value: object) -> str:
        address = str(url(context, value))
        if not str(value).startswith(ASSETS):
            return address
        if not address.startswith("/"):  # from the page to its language's root, then one folder up
            up = "../" + address.removeprefix("./")
            return rootward(address, up) if marked else up
        # A page without an address of its own (404.html) has absolute ones, from the language's root as
        # site_url gives it (none: the host's root, where the engine takes this language's root to be)
        base = str(context.get("base_url") or "/")
        return address if base == "/" else posixpath.join(posixpath.dirname(base.rstrip("/")), str(value))

    @pass_context
    def root_script_tag(context: Context, script: object) -> Markup:
        tag = Markup(script_tag(context, script))
        if not str(script).startswith(ASSETS):
            return tag
        own, shared = escape(url(context, str(script))), escape(root_url(context, str(script)))
        return Markup(str(tag).replace(f'src="{own}"', f'src="{shared}"', 1))

    env.filters.update(url=root_url, script_tag=root_script_tag)


def on_post_page(output: str, page: Page, config: MkDocsConfig, **_: Any) -> str:
    """A generated page without the white space no browser shows (pages.compact); the preview keeps it for the
    next rebuild, the build cache for the next build."""
    if not isinstance(page, GeneratedPage):
        return valid(output)
    page.content = ""
    output = compact(output)
    build = of(config)
    preview = build.preview
    if page.made_from and build.cache is not None:
        build.cache.put(page.made_from, output)
    if page.made_from and build.kept_site is not None:  # (the engine writes it, as it is returned)
        build.kept_site.wrote(page.file.dest_uri, page.made_from)
    if build.marked_pages is not None:  # the site in marks: held for the other languages, not written
        ready = after.prepared(output)
        if ready is not None:  # (else each language renders the page itself)
            build.marked_pages[page.file.src_uri] = ready
        return ""
    if page.made_from and preview is not None:
        outputs = preview.pages_kept.setdefault(page.file.src_uri, {})
        outputs[page.made_from] = output
        while len(outputs) > 2:
            del outputs[next(iter(outputs))]
    return output


def on_post_build(config: MkDocsConfig, **_: Any) -> None:
    """The search index: the theme's entries for the hand-written pages (in English: in the English site alone),
    and one short entry for each player, event and festival (pages.search_entries)."""
    path = Path(config.site_dir) / "search" / "search_index.json"
    if not path.exists():
        return
    index = json.loads(path.read_text(encoding="utf-8"))
    build = of(config)
    if build.language != i18n.SOURCE:  # the hand-written pages are in English: not found by this language's search
        index["docs"] = []
    index["docs"].extend(search_entries(build.generated))
    path.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")


def on_page_content(html: str, page: Page, config: MkDocsConfig, **_: Any) -> str:
    """A hand-written page (For organizers, Results API …): its tables named by the headings above them, as the
    generated pages' are (render.text.label_tables); in the preview while the data has errors, the errors listed
    under its title, as the generated pages do (render.with_problems). The hand-written pages are written in
    English: in another language's site their text says so (lang="en"), for screen readers and translators."""
    if isinstance(page, GeneratedPage):
        return html
    html = label_tables(html)
    build = of(config)
    if build.language != i18n.SOURCE:
        html = f'<div lang="{i18n.SOURCE}">\n{html}\n</div>'
    banner = build.generated.banner
    return _after_title(html, banner) if banner else html


def on_post_template(output: str, template_name: str, config: MkDocsConfig, **_: Any) -> str:
    """The same for the theme's own page, "page not found" (404.html), kept in the build cache (_error_page)."""
    build = of(config)
    if template_name != ERROR_PAGE:
        return output
    output = valid(output)
    if build.generated.banner:
        output = _after_title(output, build.generated.banner)
    if build.error_page and build.cache is not None:
        build.cache.put(build.error_page, output)
    return output


def _after_title(html: str, banner: str) -> str:
    end = html.find("</h1>")
    return html[:end + len("</h1>")] + "\n" + banner + html[end + len("</h1>"):] if end >= 0 else banner + html
