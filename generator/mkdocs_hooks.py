"""The only module that imports MkDocs: adds the generated pages, the JSON API, the navigation and the search
entries.

Data errors stop the build with the full list of located problems; the site is never half built.
`python -m generator build` checks first and prints the same list, so this is the last line of defence.

The generated pages are HTML already: they are handed to MkDocs as pages whose content needs no Markdown
conversion, so a build costs the theme's template and little more per page. Each festival's pages get a sidebar
with that festival only; the search index holds one short entry per player, event and festival.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import shutil
import sys
import tempfile
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, cast

from jinja2 import BytecodeCache, ChoiceLoader, DictLoader, Environment
from jinja2.bccache import Bucket
from mkdocs.commands.build import build as mkdocs_build
from mkdocs.config import load_config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import Abort, MkDocsException
from mkdocs.livereload import LiveReloadServer
from mkdocs.structure.files import File, Files
from mkdocs.structure.nav import Navigation, Section
from mkdocs.structure.pages import Page
from mkdocs.structure.toc import get_toc
from watchdog.events import (DirCreatedEvent, DirDeletedEvent, DirMovedEvent, FileClosedEvent, FileCreatedEvent,
                             FileDeletedEvent, FileModifiedEvent, FileMovedEvent, FileSystemEvent,
                             FileSystemEventHandler)
from watchdog.observers import Observer
from watchdog.observers.api import BaseObserver, ObservedWatch

from generator.pipeline import Loaded, load
from generator.render import Site, render_site, with_problems
from generator.render.site import Page as Generated
from generator.render.site import nav_labels, varying_labels
from generator.render.text import escape_text, toc_tokens

DATA_ENV = "BANZUKE_DATA"
SITE_URL_ENV = "BANZUKE_SITE_URL"  # the published address when mkdocs.yml has no site_url (CI sets it)
PREVIEW_ENV = "BANZUKE_PREVIEW"  # set by `generator serve`: data errors are shown in the pages, not fatal
_built: dict[str, Any] = {}  # hooks are module functions: what on_config generated, for the later events
# What the generator's process keeps here; MkDocs loads its own copy for every build and reaches these via _kept:
_preloaded: dict[str, Loaded] = {}  # a data set this process has just loaded and checked, by data folder
_last_good: dict[str, Site] = {}  # the last site built without errors, by data folder
# Each generated page's last two outputs by what they were made from (a save fixing an error brings one back):
_pages_kept: dict[str, dict[str, str]] = {}
REUSE = "banzuke-reuse.html"  # the template of a page whose output is reused: the output as it was


class _CompiledTemplates(BytecodeCache):
    """The theme's templates compiled once per process: MkDocs makes a new template environment for every build,
    and compiling the theme's templates again would cost a preview a fifth of a second at every save. A template
    whose source changed has another checksum and is compiled again."""

    def __init__(self) -> None:
        self.code: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        if bucket.key in self.code:
            bucket.bytecode_from_string(self.code[bucket.key])

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.code[bucket.key] = bucket.bytecode_to_string()


_compiled = _CompiledTemplates()


def _kept(name: str, own: Any) -> Any:
    shared = sys.modules.get("generator.mkdocs_hooks")
    return getattr(shared, name, own)


def data_dir(config: MkDocsConfig) -> Path:
    base = Path(config.config_file_path).parent
    return (base / os.environ.get(DATA_ENV, "data")).resolve()


class GeneratedPage(Page):
    """A page whose content the generator wrote as HTML: read and 'rendered' without Markdown."""

    def __init__(self, label: str | None, file: File, config: MkDocsConfig, generated: Generated):
        super().__init__(label, file, config)
        self.generated = generated
        self.made_from = ""  # the preview: a digest of everything the page's output depends on
        self.reused: str | None = None  # the preview: the output of an earlier build made from the same

    def read_source(self, config: MkDocsConfig) -> None:
        # The theme prints a page's meta title unescaped: the title is data, so it is escaped here.
        self.markdown = ""
        self.meta = {"title": escape_text(self.generated.title), "search": {"exclude": True}}
        if self.reused is not None:
            self.meta["template"] = REUSE

    def render(self, config: MkDocsConfig, files: Files) -> None:
        # MkDocs renders every page before it writes any: the content is given when the page is written
        # (on_page_context) and let go once it is (on_post_page), so that a whole archive is not held twice.
        self.content = ""
        self.toc = get_toc(cast(Any, toc_tokens(self.generated.toc)))
        self.present_anchor_ids = {h.id for h in self.generated.toc}
        self.links_to_anchors = None


@contextmanager
def _running(data: Path) -> Iterator[None]:
    """MkDocs in this process, on `data`: its messages printed as its own command prints them."""
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    os.environ[DATA_ENV] = str(data)
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(levelname)-7s -  %(message)s"))
    log = logging.getLogger("mkdocs")
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    try:
        yield
    finally:
        log.removeHandler(handler)


def serve(config_file: Path, data: Path, dev_addr: str) -> None:
    """`mkdocs serve` in this process: every save rebuilds; while the data has errors each page shows them over
    the last good results, and the preview recovers by itself when they are fixed. Ctrl-C stops the server and
    frees the port (there is no child process)."""
    os.environ[PREVIEW_ENV] = "1"
    site_dir = tempfile.mkdtemp(prefix="banzuke-preview-")
    with _running(data):
        config = load_config(str(config_file), site_dir=site_dir, dev_addr=dev_addr, strict=True)
        host, port = config.dev_addr
        config.site_url = url = f"http://{host}:{port}/"

        def builder(fresh: MkDocsConfig | None = None) -> None:
            logging.getLogger("mkdocs").info("Building the preview ...")
            if fresh is None:
                fresh = load_config(str(config_file), site_dir=site_dir, dev_addr=dev_addr, strict=True)
                fresh.site_url = url
            mkdocs_build(fresh, serve_url=url)

        server = _Preview(builder=builder, host=host, port=port, root=site_dir)
        server.data = str(data)
        # The system's file events (inotify on Linux) instead of looking at every file twice a second: a save is
        # seen at once, and an archive's thousands of files are not read over and over.
        server.observer = cast(Any, _changes_observer())

        def not_found(code: int) -> bytes | None:  # the theme's "page not found", as `mkdocs serve` shows it
            page = Path(site_dir) / f"{code}.html"
            return page.read_bytes() if code in (404, 500) and page.is_file() else None

        server.error_handler = not_found
        try:
            builder(config)
            server.watch(config.docs_dir)
            if config.config_file_path:
                server.watch(config.config_file_path)
            for path in config.watch:
                server.watch(path)
            try:
                cast(Any, server).serve()  # (MkDocs does not type it)
            except KeyboardInterrupt:
                logging.getLogger("mkdocs").info("Shutting down ...")
            finally:
                server.shutdown()
        finally:
            shutil.rmtree(site_dir, ignore_errors=True)


class _Preview(LiveReloadServer):
    """MkDocs' live-reload server; started on data with errors, every address shows them until they are fixed."""

    data = ""  # the data folder previewed (the key of its last site built without errors)

    def _serve_request(self, environ: dict[str, Any], start_response: Any) -> Iterable[bytes] | None:
        found: Iterable[bytes] | None = super()._serve_request(environ, start_response)  # (mkdocs==1.6.1's)
        home = Path(self.root) / "index.html"
        if found is not None or self.data in _last_good or not home.is_file():
            return found
        page = home.read_bytes().replace(b"<head>", b'<head><base href="%s">' % self.mount_path.encode(), 1)
        content: bytes = cast(Any, self)._inject_js_into_html(page, self._visible_epoch)  # (untyped in MkDocs)
        start_response("200 OK", [("Content-Type", "text/html; charset=utf-8"), ("Content-Length", str(len(content)))])
        return [content]


# A save, a new file, a deletion, a rename; not a file opened or read (each build reads them: no build without end).
CHANGES: list[type[FileSystemEvent]] = [FileCreatedEvent, FileModifiedEvent, FileDeletedEvent, FileMovedEvent,
                                        FileClosedEvent, DirCreatedEvent, DirDeletedEvent, DirMovedEvent]


def _changes_observer() -> BaseObserver:
    """The native observer, telling MkDocs' live reload of changes only (it rebuilds on any event it hears)."""
    observer = Observer()
    schedule = observer.schedule

    def changes_only(handler: FileSystemEventHandler, path: str, *, recursive: bool = False) -> ObservedWatch:
        return schedule(handler, path, recursive=recursive, event_filter=CHANGES)

    cast(Any, observer).schedule = changes_only
    return observer


def build(config_file: Path, data: Path, loaded: Loaded, site_dir: Path | None) -> bool:
    """`mkdocs build --strict` in this process, on a data set this process has already loaded and checked (so
    it is not read twice). Warnings and errors are printed as MkDocs prints them; False when the build failed."""
    _preloaded[str(data)] = loaded
    with _running(data):
        try:
            config = load_config(str(config_file), strict=True, **({"site_dir": str(site_dir)} if site_dir else {}))
            mkdocs_build(config)
            return True
        except MkDocsException as exc:
            print(f"ERROR   -  {exc}", file=sys.stderr)
            return False
        finally:
            _preloaded.pop(str(data), None)


def on_config(config: MkDocsConfig, **_: Any) -> MkDocsConfig:
    root = data_dir(config)
    loaded = _kept("_preloaded", _preloaded).get(str(root)) or load(root)
    last_good: dict[str, Site] = _kept("_last_good", _last_good)
    if not loaded.ok:
        if os.environ.get(PREVIEW_ENV) != "1":
            raise Abort("the data has errors; nothing was built:\n" + "\n".join(loaded.report.lines()))
        for line in loaded.report.lines():
            print(line, file=sys.stderr)
        site = _built["site"] = with_problems(last_good.get(str(root)), loaded.report.lines())
    else:
        address = config.site_url or os.environ.get(SITE_URL_ENV, "")  # for the wall sheets' QR codes
        site = _built["site"] = last_good[str(root)] = render_site(loaded, address)
    config.nav = site.nav
    if str(root) not in [str(w) for w in config.watch]:
        config.watch.append(str(root))
    return config


def on_files(files: Files, config: MkDocsConfig, **_: Any) -> Files:
    site: Site = _built["site"]
    labels = nav_labels([site.nav, *site.sections.values()])
    _built["titles"] = varying_labels(site)
    preview = os.environ.get(PREVIEW_ENV) == "1"
    kept: dict[str, dict[str, str]] = _kept("_pages_kept", _pages_kept)
    settings = Path(config.config_file_path).read_bytes() if preview and config.config_file_path else b""
    for path in sorted(site.pages):
        if files.get_file_from_path(path) is not None:
            raise Abort(f"site_src/{path} is also a generated page: rename or remove it")
        file = File.generated(config, path, content="")  # (GeneratedPage.render gives the content)
        files.append(file)
        page = GeneratedPage(labels.get(path), file, config, site.pages[path])
        if preview:
            # The output depends on the page, its sidebar (which also gives its previous and next pages) and the
            # settings; a page whose all three are as at one of the last two rebuilds is not rendered again.
            sidebar = site.sections.get(site.section_of.get(path, ""), site.nav)
            g = site.pages[path]
            page.made_from = hashlib.sha256(json.dumps(
                [path, g.title, g.html, labels.get(path), sidebar, settings.decode("utf-8", "replace")]).encode()
            ).hexdigest()
            outputs = kept.get(path, {})
            if page.made_from in outputs:
                page.reused = outputs[page.made_from] = outputs.pop(page.made_from)  # now the last one
    for path, content in sorted(site.files.items()):
        files.append(File.generated(config, path, content=content))
    return files


def _items(spec: Any, files: Files) -> list[Any]:
    """A piece of navigation as MkDocs' items (the pages already exist)."""
    out: list[Any] = []
    for item in spec if isinstance(spec, list) else [spec]:
        if isinstance(item, str):
            out.append(_page(item, files))
            continue
        for label, value in item.items():
            out.append(_page(value, files) if isinstance(value, str) else Section(label, _items(value, files)))
    return out


def _page(path: str, files: Files) -> Page:
    file = files.get_file_from_path(path)
    if file is None or file.page is None:
        raise Abort(f"the navigation names {path}, which is not a page")
    return file.page


def _link_up(items: list[Any], parent: Section | None, owned: set[str]) -> None:
    """Parents within one sidebar, for its sections and for the pages that have this sidebar (the others have
    their own, where their parents are set)."""
    for item in items:
        if isinstance(item, Section):
            item.parent = parent
            _link_up(item.children, item, owned)
        elif item.file.src_uri in owned:
            item.parent = parent


def on_nav(nav: Navigation, config: MkDocsConfig, files: Files, **_: Any) -> Navigation:
    """Each festival's sidebars: their pages get their parents, and previous/next links, within them."""
    site: Site = _built["site"]
    _built["pages"] = {file.src_uri: file.page for file in files.documentation_pages()}
    for page in _built["pages"].values():  # the sitemap's date (rendered first): the data's, not the build's
        page.update_date = site.updated
    navs = {}
    for key, spec in site.sections.items():
        owned = {path for path, section in site.section_of.items() if section == key}
        items = _items(spec, files)
        festival = [i for i in items if isinstance(i, Section)]
        _link_up(festival, None, owned)
        pages = [p for p in _flat(festival) if isinstance(p, Page) and p.file.src_uri in owned]
        for before, after in zip(pages, pages[1:], strict=False):
            before.next_page, after.previous_page = after, before
        navs[key] = Navigation(items, [p for p in _flat(items) if isinstance(p, Page)])
    _built["navs"] = navs
    return nav


def _flat(items: list[Any]) -> list[Any]:
    return [x for i in items for x in [i, *(_flat(i.children) if isinstance(i, Section) else [])]]


def on_page_context(context: dict[str, Any], page: Page, config: MkDocsConfig, nav: Navigation,
                    **_: Any) -> dict[str, Any]:
    if isinstance(page, GeneratedPage):
        page.content = page.generated.html
    festival = _built["site"].section_of.get(page.file.src_uri)
    for path, label in _built["titles"].get(festival or "", {}).items():  # labels as in this page's sidebar
        _built["pages"][path].title = label
    if festival is not None:
        context["nav"] = _built["navs"][festival]
    return context


_INDENT = re.compile(r"\n[ \t]+")
_BLANK = re.compile(r"\n\n+")
# A line break next to the start or end tag of a block (a table cell, a list item, a div …) is never shown:
# browsers drop white space at the edges of blocks. So is one at the edges of the theme's one-line labels.
_BLOCKS = ("html|head|body|header|footer|main|nav|article|aside|section|div|p|ul|ol|li|dl|dt|dd|table|thead|"
           "tbody|tfoot|tr|td|th|h[1-6]|form|hr|meta|link|title|details|summary|blockquote|figure")
_BEFORE_BLOCK = re.compile(rf"\n(?=</?(?:{_BLOCKS})[\s/>])")
_AFTER_BLOCK = re.compile(rf"(<(?:{_BLOCKS})(?:\s[^>]*)?>|</(?:{_BLOCKS})>)\n")
_LABEL = re.compile(r'<span class="md-ellipsis">\n([^<\n]*)\n</span>')
# The theme's links and icon buttons lay out their parts as flex items, where white space between them is not
# shown: a link's label, an icon's <svg>, a button's or a label's edges.
_CHROME = re.compile(r'\n(?:(?<=</span>\n)(?=</a>)|(?<=class="md-nav__link">\n)(?=<span)'
                     r'|(?=</?(?:svg|label|button)\b)|(?<=</svg>\n)|(?<=</label>\n)(?=<))')
# (Each pattern begins with the line break itself, so that the search jumps from one to the next: a pattern that
# begins with a look-behind is tried at every character, a hundred times slower on a whole archive.)


def on_env(env: Environment, config: MkDocsConfig, files: Files, **_: Any) -> Environment:
    """The preview's template for a page reused from the last rebuild (its output as it was), and the theme's
    templates as compiled at the first build."""
    if os.environ.get(PREVIEW_ENV) == "1":
        env.bytecode_cache = _kept("_compiled", _compiled)
        env.loader = ChoiceLoader([DictLoader({REUSE: "{{ page.reused }}"}), *([env.loader] if env.loader else [])])
    return env


def on_post_page(output: str, page: Page, config: MkDocsConfig, **_: Any) -> str:
    """A generated page without the theme's indentation, blank lines and the line breaks no browser shows (a
    third of its bytes; it holds no <pre>, where white space would count). The preview keeps it for the next
    rebuild."""
    if not isinstance(page, GeneratedPage):
        return output
    page.content = ""
    if page.reused is not None:
        return output
    output = _BLANK.sub("\n", _INDENT.sub("\n", output))
    output = _LABEL.sub(r'<span class="md-ellipsis">\1</span>', _AFTER_BLOCK.sub(r"\1", _BEFORE_BLOCK.sub("", output)))
    output = _CHROME.sub("", output)
    if page.made_from:
        outputs = _kept("_pages_kept", _pages_kept).setdefault(page.file.src_uri, {})
        outputs[page.made_from] = output
        while len(outputs) > 2:
            del outputs[next(iter(outputs))]
    return output


def on_post_build(config: MkDocsConfig, **_: Any) -> None:
    """The search index: the theme's entries for the hand-written pages, and one short entry for each player,
    event and festival (their names, places and years), not the tables of every round."""
    path = Path(config.site_dir) / "search" / "search_index.json"
    if not path.exists():
        return
    index = json.loads(path.read_text(encoding="utf-8"))
    for src, generated in sorted(_built["site"].pages.items()):
        if generated.search is None:
            continue
        location = src[:-len("index.md")] if src.endswith("index.md") else src[:-len(".md")] + "/"
        index["docs"].append({"location": location, "title": escape_text(generated.search.title),
                              "text": escape_text(generated.search.text)})
    path.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
