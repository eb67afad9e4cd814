"""`generator build`: the engine's `build --strict` in the generator's own process."""

from __future__ import annotations

import contextlib
from collections import Counter
import functools
import gc
import hashlib
import io
import json
import logging
import os
import resource
import select
import shutil
import signal
import tempfile
import sys
import time
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

import jinja2
import mkdocs
from mkdocs.commands.build import build as engine_build
from mkdocs.config import load_config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import MkDocsException

from generator.pipeline import Loaded
from generator.render import i18n
from generator.render.after import keep_marks, kept_marks
from generator.render.base import compiled_by
from generator.render.keys import Memo
from generator.render.marks import MARKED, mark, rootward
from generator.sources.digests import data_digests

from . import cache
from .hooks import THEME
from .kept import KeptSite, frame_key, frame_text
from .state import Build, CompiledTemplates, FromMarks, Patched, attach, languages, published_address


@contextmanager
def running() -> Iterator[logging.Logger]:
    """The engine in this process: its messages printed as its own command prints them."""
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")  # (the theme's notice, for its own command's users)
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(levelname)-7s -  %(message)s"))
    log = logging.getLogger(mkdocs.__name__)  # "mkdocs", or the name of the engine that answers for it
    if log.name != "mkdocs":  # the theme logs as mkdocs.*: under the engine's logger, as its command has it
        logging.getLogger("mkdocs").parent = log
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    try:
        yield log
    finally:
        log.removeHandler(handler)


_Listed = dict[tuple[str, ...], list[str]]  # the theme's files by its folders (_ListedOnce)
JOBS_ENV = "BANZUKE_JOBS"  # how many languages are built at once (default: the cores this process may use)
PAGES_LIMIT = 1_000_000_000  # bytes: the largest site GitHub Pages publishes (1 GB)
JOB_MINUTES = 15  # the results workflow's time limit (.github/workflows/results.yml)


@dataclass(frozen=True)
class Built:
    """One language's build: its pages, its bytes on disk and the CPU seconds it took (None: it failed)."""

    code: str
    pages: int
    size: int
    cpu: float


def build(config_file: Path, data: Path, loaded: Loaded, site_dir: Path | None) -> bool:
    """`build --strict` on a data set this process has already loaded and checked (so it is not read twice), once
    for each of the site's languages: the default at the root, the others under /<code>/. The languages are
    independent once the data is computed: with a cache, the site in marks is built first (_marks), and every
    language puts its words in it; with more than one core, once the default is built, the others are built side by
    side by forked processes, each taking one language after another, the output the same. Warnings
    and errors are printed as the engine prints them, then the site's size and pages by language, with a warning
    where the site passes what GitHub Pages publishes or the results job's time limit; False when the build failed."""
    start = time.monotonic()
    with running():
        try:
            config = load_config(str(config_file), strict=True, **({"site_dir": str(site_dir)} if site_dir else {}))
            codes = languages(config)
            root = Path(config.site_dir)
            jobs = min(len(codes), _jobs())
            folder = cache.folder_for(root)
            kept = (folder, cache.code_digest()) if folder is not None else None
            # (what is the same for every language, found once: the data's digests, the theme's files)
            digests = data_digests(data) if kept is not None else None
            marked: list[Build] = []  # (the site in the language of marks, built before every language)
            # (the catalogues, read by the default language for every language's texts, and the templates, the
            # theme's and the renderer's: compiled once for all builds)
            catalogues, templates = ((cache.PageCache.open(*kept, "all", kind=kind) for kind in ("catalogues",
                                                                                               "templates"))
                                     if kept is not None else (None, None))
            compiled = CompiledTemplates(templates)
            one = functools.partial(_language, config_file, data, loaded, config, codes, compiled, kept, digests, {},
                                    marked)
            marks = functools.partial(_marks, one, codes, kept, marked)
            try:
                with i18n.catalogues_kept(catalogues), compiled_by(compiled):
                    built = (_one_after_another(one, marks, codes, root) if jobs <= 1
                             else _side_by_side(one, marks, codes, root, jobs))
            finally:
                for store in (catalogues, templates):
                    if store is not None:
                        store.save()
                for done in marked:  # (kept for the next build once every language has taken from it)
                    for store in (done.cache, done.part_cache):
                        if store is not None:
                            store.save()
                    if done.site_dir is not None:
                        shutil.rmtree(done.site_dir, ignore_errors=True)
        except MkDocsException as exc:
            print(f"ERROR   -  {exc}", file=sys.stderr)
            return False
    if built is None:
        return False
    report_size(built, time.monotonic() - start, jobs)
    return True


def _jobs() -> int:
    given = os.environ.get(JOBS_ENV, "")
    if given.isdigit() and int(given) > 0:
        return int(given)
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def _language(config_file: Path, data: Path, loaded: Loaded, first: MkDocsConfig, codes: tuple[str, ...],
              compiled: CompiledTemplates, kept: tuple[Path, str] | None, digests: tuple[str, dict[str, str]] | None,
              listed: _Listed, marked: list[Build], code: str, site_dir: Path) -> Build:
    """One language's build into `site_dir`: the default with the configuration as given, the others with the
    same configuration under /<code>/, with their own address; with `kept` (the cache's folder and the code's
    digest), the pages of the last build reused where nothing they are made from changed (cache.py), by the data's
    `digests`. The theme's files are listed once for all the languages (`listed`, _ListedOnce). Each language, the
    default too, puts its words in the site in the language of marks (`marked`, _marks) where it does not keep its
    own pages; the language of marks (MARKED) keeps them for the languages (its site's folder is only where its
    engine writes what it is given to write)."""
    pages = cache.PageCache.open(*kept, code) if kept is not None else None
    parts = cache.PageCache.open(*kept, code, kind="parts") if kept is not None else None
    site = (KeptSite.open(*kept, code, codes[1:] if code == codes[0] else ())
            if kept is not None and code != MARKED else None)
    root_url = first.site_url or ""
    address = published_address(first.site_url)
    # (the site in marks: its pages are the default language's, at the root, and the others', under /<code>/)
    under = "" if code == codes[0] else rootward("", f"{mark('U')}/") if code == MARKED else f"{code}/"
    config = load_config(str(config_file), strict=True, site_dir=str(site_dir))
    if under:
        config.site_url = f"{root_url.rstrip('/')}/{under}" if root_url else None
    config.theme["language"] = code  # the theme's own texts, and its search's language
    if code == MARKED and str(THEME) not in config.theme.dirs:  # (its texts' marks, read before the hooks' own)
        config.theme.dirs.insert(0, str(THEME))
    config.theme.get_env = functools.partial(_listed_once, config.theme.get_env, listed,  # type: ignore[method-assign]
                                             compiled, code == MARKED)
    after = marked[0] if marked and code != MARKED else None
    build = Build(data, site_url=f"{address.rstrip('/')}/{under}" if address else "",
                  sheets_url=f"{address.rstrip('/')}/" if address else "", loaded=loaded, language=code,
                  languages=codes, compiled=compiled, site_root=root_url, cache=pages, part_cache=parts,
                  digests=digests, after=after.parts if after else None,
                  after_pages=after.marked_pages if after else None,
                  marked_pages={} if code == MARKED else None,
                  from_marks=FromMarks() if code == MARKED else after.from_marks if after else None)
    build.site_dir = site_dir
    build.kept_site = site
    marks_key = _marks_key(config_file, build) if pages is not None and code != MARKED else None
    if pages is not None and marks_key is not None:
        _earlier_marks(pages, marks_key, build)
    patched = False
    try:
        with _cleaned_by(site, codes[1:] if code == codes[0] else ()):
            attach(config, build)
            hooks: Any = config.hooks  # (a dict by the path given, whatever the option says it is)
            for hook in hooks.values():  # (a language made without the engine, where it can be: hooks.py)
                if callable(before := getattr(hook, "before_engine", None)):
                    before(config)
            engine_build(config)
    except Patched:  # (its folder held the rest of its site as the last build left it: hooks.py _patch)
        patched = True
    if code == codes[0] and len(codes) > 1:
        _theme_texts_compiled(config, codes[1:])
    if pages is not None and parts is not None and code != MARKED:  # (the pages in marks: kept till the end)
        if marks_key is not None and (put_in := kept_marks(code, build.root)) is not None:
            pages.put(marks_key, json.dumps(put_in, ensure_ascii=False, separators=(",", ":")))
        if site is not None:
            site.save(site_dir)
            if not patched and code != codes[0]:
                _frame_kept(site, pages, site_dir)
        if build.quick and not pages.keep_all():  # (its pages kept, those of earlier builds with them: hooks.py
            pages.close()  # _quick; or, where the cache writes a new data file, the cache left as it was)
        else:
            pages.save()
        if build.quick:  # (it took its calendar feeds alone from its parts: the cache left as it was)
            parts.close()
        else:
            parts.save()
        words = f", {build.in_words:,} from the pages in marks" if build.after_pages is not None else ""
        held = (f" ({site.unchanged:,} of them not written again: the site's folder held them as written)"
                if site is not None and site.unchanged else "")
        if site is not None and site.files_unchanged:
            held += f" (and {site.files_unchanged:,} other files, the theme's assets among them)"
        reused = pages.reused + (site.unchanged if site else 0)
        rest = ("" if not patched else
                "; its folder written whole from the build cache (the engine not run: nothing it writes changed)"
                if site is not None and site.anew_written else
                "; the rest of its site as the last build left it (the engine not run: nothing it writes changed)")
        made = (QUICK if build.quick else _parts_made(build.parts))
        print(f"INFO    -  {code}: {reused:,} of {build.digested:,} generated pages from the build cache{held}{words}; "
              f"{made}{rest}", file=sys.stderr)
    return build


def _marks_key(config_file: Path, build: Build) -> str | None:
    """The key the build cache keeps the marks a language put in under (render/after.py `kept_marks`): its language,
    whether it is at the site's root, and the settings, the site's languages and addresses (a mark's text depends
    on none of these but the first two: they are there all the same). None where the settings cannot be read."""
    try:
        settings = config_file.read_bytes().decode("utf-8", "replace")
    except OSError:
        return None
    return hashlib.sha256(json.dumps(["marks put in", build.language, build.root, build.languages, build.site_root,
                                      settings]).encode()).hexdigest()


def _earlier_marks(pages: cache.PageCache, key: str, build: Build) -> None:
    """The marks the last build put in, in the language (render/after.py `keep_marks`), from its cache: a round's
    results change the same pages as the last round's did, and their marks are mostly the same. Anything but what
    `kept_marks` gave is ignored (the marks are put in anew)."""
    text = pages.other(key)
    if text is None:
        return
    try:
        found = json.loads(text)
    except (ValueError, RecursionError):
        return
    keep_marks(build.language, build.root, found)


def _frame_kept(site: KeptSite, pages: cache.PageCache, site_dir: Path) -> None:
    """What the engine wrote from the rest of a language's site (its search index, sitemap, hand-written pages,
    "page not found"), kept in the build cache: a build whose folder for the language is not there writes it whole
    from the cache (hooks.py _patch). A file that cannot be read is left out (the next such build runs the engine)."""
    for name in site.framed_now():
        key = frame_key(site.frame, name)
        if pages.has(key) and pages.keep(key):
            continue  # (kept as an earlier build's engine wrote it from the same)
        with contextlib.suppress(OSError):
            pages.put(key, frame_text((site_dir / name).read_bytes()))


def _theme_texts_compiled(config: MkDocsConfig, codes: tuple[str, ...]) -> None:
    """The theme's own texts in each of the languages `codes` (its partials/languages/<code>.html) compiled by the
    default language's process, through the build's templates (its environment's: _listed_once): each language's
    process inherits them compiled, and the build cache keeps them for the next build. A forked process writes
    nothing to the cache: each compiled its own language's at every build."""
    env = config.theme.get_env()
    for code in codes:
        with contextlib.suppress(jinja2.TemplateNotFound):
            env.get_template(f"partials/languages/{code}.html")


@contextmanager
def _cleaned_by(site: KeptSite | None, others: tuple[str, ...]) -> Iterator[None]:
    """The engine's clean of the site's folder, before it writes, done by `site` (kept.py): the pages the last
    build left there as it wrote them are kept, and the folders `others` (the other languages', at the root).
    Without a list of the site, the engine's own clean."""
    utils = getattr(sys.modules[engine_build.__module__], "utils", None)
    own = getattr(utils, "clean_directory", None)
    if site is None or own is None:
        yield
        return

    kept = site
    utils.clean_directory = lambda directory: kept.clean(Path(directory), others)  # type: ignore[union-attr]
    try:
        yield
    finally:
        utils.clean_directory = own  # type: ignore[union-attr]


# What a language made from the site in marks without rendering its site did (hooks.py _quick)
QUICK = ("its site not rendered: each page whose page in marks changed made from it, the others as the folder held "
         "them")


def _parts_made(memo: Memo | None) -> str:
    """How many parts a build took as they were kept, and how many it made from the parts in marks (not rendered
    either way), of how many."""
    reused, made, words = (memo.reused, memo.made, memo.translated) if memo else (Counter(), Counter(), Counter())
    kept = reused + words
    line = (f"not rendered again: the pages of {kept['festival']:,} of {kept['festival'] + made['festival']:,} "
            f"festivals, of {kept['event']:,} of {kept['event'] + made['event']:,} events, "
            f"of {kept['player']:,} of {kept['player'] + made['player']:,} players, "
            f"{kept['feed']:,} of {kept['feed'] + made['feed']:,} calendar feeds")
    if words:
        line += (f"; of them, put in this language's words from the pages in marks: the pages of "
                 f"{words['festival']:,} festivals, {words['event']:,} events, {words['player']:,} players")
    return line


def _marks(one: Callable[[str, Path], Build], codes: tuple[str, ...], kept: tuple[Path, str] | None,
           marked: list[Build]) -> None:
    """The site in the language of marks (render/marks.py): its parts and its pages, for every language to put its
    words in (the default's at the root: what the default alone has, the wall sheets and the results API, in it),
    rendered once rather than once in each language.
    Its pages are held, not written (hooks.py on_post_page); the cache keeps them and its parts as a language's
    (`pages-xx.json`, `parts-xx.json`). Only with a cache. A site in marks that cannot be built is said; each
    language then renders its own pages."""
    if kept is None or len(codes) < 2:
        return
    # (where its engine writes what it writes: the hand-written pages, the search index …; removed at the end)
    folder = Path(tempfile.mkdtemp(prefix="banzuke-marks-"))
    engine = logging.getLogger("mkdocs.commands.build")
    level = engine.level
    engine.setLevel(logging.WARNING)  # (each page held is "skipped", for the engine: not said)
    try:
        built = one(MARKED, folder)
    except Exception as exc:  # noqa: BLE001 - said; the languages render their own pages, as without a cache
        print(f"WARNING -  The site in marks could not be built ({type(exc).__name__}: {exc}); each language "
              "renders its own pages", file=sys.stderr)
        shutil.rmtree(folder, ignore_errors=True)
        return
    finally:
        engine.setLevel(level)
    marked.append(built)
    print(f"INFO    -  The site in marks, for the other languages' words: {len(built.marked_pages or {}):,} pages "
          f"rendered (its engine given {built.given:,} of {len(built.generated.pages):,}: the others kept as they "
          f"were, in no sidebar it renders); {_parts_made(built.parts)}", file=sys.stderr)


class _ListedOnce(jinja2.FileSystemLoader):
    """The theme's template loader, its files listed once for all the languages of a build. The engine lists them
    at every build (to copy the theme's assets; a language under /<code>/ then leaves them out, engine/hooks.py
    on_files), walking the theme's folders and their thousands of icons; the same folders hold the same files."""

    def __init__(self, searchpath: list[str], listed: _Listed, none: bool = False) -> None:
        super().__init__(searchpath)
        self._listed, self._none = listed, none

    def list_templates(self) -> list[str]:
        if self._none:  # (the site in marks: its engine copies none of the theme's files, _listed_once)
            return []
        key = tuple(self.searchpath)
        if key not in self._listed:
            self._listed[key] = super().list_templates()
        return list(self._listed[key])


def _listed_once(make: Callable[[], jinja2.Environment], listed: _Listed,
                 compiled: jinja2.BytecodeCache | None = None, none: bool = False) -> jinja2.Environment:
    """The theme's template environment as the engine makes it, with a loader of the same folders that lists
    their files once for all the languages (_ListedOnce), and the templates compiled once for all the environments
    of the build (`compiled`: the engine's, and each the search plugin makes for its texts, three a language).
    `none`: the loader lists none (the site in marks, whose folder is a temporary one, where the engine would copy
    the theme's assets that no language takes from there: each copies its own, or the root's, from the theme)."""
    env = make()
    if compiled is not None:
        env.bytecode_cache = compiled
    loader = env.loader
    if isinstance(loader, jinja2.FileSystemLoader):
        env.loader = _ListedOnce(list(loader.searchpath), listed, none)
    return env


def _one_after_another(one: Callable[[str, Path], Build], marks: Callable[[], None], codes: tuple[str, ...],
                       root: Path) -> list[Built]:
    built = []
    for code in codes:
        before = _cpu()
        target = root if code == codes[0] else root / code
        if code == codes[0]:
            marks()  # (its CPU seconds counted with the default language's)
        done = one(code, target)
        built.append(Built(code, *_measured(done, target, codes if code == codes[0] else ()), _cpu() - before))
    return built


def _side_by_side(one: Callable[[str, Path], Build], marks: Callable[[], None], codes: tuple[str, ...], root: Path,
                  jobs: int) -> list[Built] | None:
    """The site in marks and the default language in this process, the default into the site's folder (which its
    build empties first); then the others, into /<code>/, by `jobs` forked processes side by side, each taking the
    next language waiting as it ends one: they inherit what this process computed once for all (the pages in marks,
    the standings after each round, the shown points …). A process builds its languages one after another, as a
    build on one core does: forking one for each language copied most of what it inherited again, page by page, a
    third of a patched language's seconds. Each tells this process a language's pages, bytes (`_measured`) and CPU
    seconds through a pipe. None when a language's build failed (it said why; a process that failed ends, another
    takes the languages left)."""
    before = _cpu()
    marks()  # (the parts in the language of marks, which every language inherits: counted with the default's seconds)
    first = one(codes[0], root)
    done = {codes[0]: _cpu() - before}
    measured = {codes[0]: _measured(first, root, codes)}
    waiting = list(codes[1:])
    workers: dict[int, _Worker] = {}  # by the pipe each tells its languages' figures by
    failed = False
    # (what the processes inherit, out of the collector's way: its first pass in each would walk every object the
    # data and the default language left young, and copy the memory they are in)
    gc.freeze()
    try:
        while waiting or workers:
            while waiting and len(workers) < jobs:  # (at first, and in place of one that failed)
                worker = _Worker.start(one, root, list(workers.values()))
                workers[worker.told] = worker
                worker.give(waiting.pop(0))
            ready, _, _ = select.select(list(workers), [], [])
            for told in ready:
                worker = workers[told]
                answer = worker.answer()
                if answer is None:  # (the language it was building failed, or the process ended: it said why)
                    failed = True
                else:
                    code, pages, size, seconds = answer
                    done[code], measured[code] = seconds, (pages, size)
                    if waiting:
                        worker.give(waiting.pop(0))
                        continue
                worker.close()
                del workers[told]
        failed = failed or len(done) < len(codes)
    except BaseException:  # Ctrl-C: the other languages' processes stopped too
        for worker in workers.values():
            worker.stop()
        raise
    finally:
        gc.unfreeze()
    if failed:
        return None
    return [Built(c, *measured[c], done[c]) for c in codes]


class _Worker:
    """A forked process that builds the languages it is given, one after another (_side_by_side): it is given a
    language's code on one pipe, and answers on another "<code> <pages> <bytes> <CPU s>" once it is built, or
    "<code> failed" (then it ends). It ends when its orders' pipe is closed."""

    def __init__(self, pid: int, orders: int, told: int) -> None:
        self.pid, self.orders, self.told = pid, orders, told
        self.code = ""  # (the language it is building)
        self.ended = False

    @classmethod
    def start(cls, one: Callable[[str, Path], Build], root: Path, others: list[_Worker]) -> _Worker:
        """A process forked to build languages; `others`, those already running (the new one lets go of their pipes:
        each ends when its own orders' pipe is closed)."""
        sys.stdout.flush()
        sys.stderr.flush()
        given, orders = os.pipe()
        told, tell = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: its languages, then out without the parent's clean-up
            for fd in (orders, told, *(fd for other in others for fd in (other.orders, other.told))):
                os.close(fd)
            # (each line it prints written whole, at its end: stderr passes each write straight on, and `print`
            # writes a line's text and its end apart, so another process's line could come between them)
            for stream in (sys.stdout, sys.stderr):
                if isinstance(stream, io.TextIOWrapper):
                    stream.reconfigure(line_buffering=True, write_through=False)
            _work(one, root, given, tell)
        os.close(given)
        os.close(tell)
        return cls(pid, orders, told)

    def give(self, code: str) -> None:
        self.code = code
        os.write(self.orders, f"{code}\n".encode())

    def answer(self) -> tuple[str, int, int, float] | None:
        """What the process said of the language it was given: (code, pages, bytes, CPU s); None when that failed
        or the process ended."""
        words = os.read(self.told, 200).decode("ascii", "replace").split()
        try:
            if len(words) == 4 and words[0] == self.code:
                return words[0], int(words[1]), int(words[2]), float(words[3])
        except ValueError:
            pass
        return None

    def close(self) -> None:
        """No more languages: its orders' pipe closed, it ends; this process waits for it and closes its pipes."""
        if self.ended:
            return
        self.ended = True
        os.close(self.orders)
        os.waitpid(self.pid, 0)
        os.close(self.told)

    def stop(self) -> None:
        with contextlib.suppress(OSError):
            os.kill(self.pid, signal.SIGTERM)
        with contextlib.suppress(OSError):
            self.close()


def _work(one: Callable[[str, Path], Build], root: Path, given: int, tell: int) -> NoReturn:
    """A _Worker's process: each language it is given built, its figures told; out at the first that fails."""
    status = 1
    try:
        with os.fdopen(given, "rb") as orders:
            for line in orders:
                code = line.decode("ascii").strip()
                before = _cpu()
                answer = f"{code} failed"
                try:
                    pages, size = _measured(one(code, root / code), root / code, ())
                    answer = f"{code} {pages} {size} {_cpu() - before:.3f}"
                except MkDocsException as exc:
                    print(f"ERROR   -  {exc}", file=sys.stderr)
                except BaseException:  # noqa: BLE001 - said, then the process ends (the parent reports it)
                    traceback.print_exc()
                sys.stdout.flush()
                sys.stderr.flush()
                os.write(tell, f"{answer}\n".encode())
                if answer.endswith(" failed"):
                    break
            else:
                status = 0
    except BaseException:  # noqa: BLE001 - said, then the process ends (the parent reports it)
        traceback.print_exc()
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(status)


def _cpu() -> float:
    mine = resource.getrusage(resource.RUSAGE_SELF)
    return mine.ru_utime + mine.ru_stime


def _measured(build: Build, folder: Path, others: tuple[str, ...]) -> tuple[int, int]:
    """The pages (HTML files) and bytes of a language's folder `folder`: as the list of its site gives them where it
    lists every file (kept.py), else counted (`_measure`)."""
    site = build.kept_site
    if site is not None and site.measured is not None:
        return site.measured
    return _measure(folder, others)


def _measure(folder: Path, others: tuple[str, ...]) -> tuple[int, int]:
    """The pages (HTML files) and bytes under `folder`, but for the other languages' folders in it."""
    pages = size = 0
    waiting = [str(folder)] if folder.is_dir() else []
    while waiting:
        top = waiting.pop()
        with os.scandir(top) as entries:
            for entry in entries:
                if entry.is_dir(follow_symlinks=False):
                    if not (top == str(folder) and entry.name in others[1:]):
                        waiting.append(entry.path)
                    continue
                with contextlib.suppress(OSError):
                    size += entry.stat(follow_symlinks=False).st_size
                pages += entry.name.endswith(".html")
    return pages, size


def report_size(built: list[Built], seconds: float, jobs: int) -> None:
    """The site's size and pages by language, on stderr; a warning where GitHub Pages would refuse it or the
    results job would run out of time at this rate, with what leaving out each language saves."""
    total = sum(b.size for b in built)
    pages = sum(b.pages for b in built)
    cpu = sum(b.cpu for b in built)
    each = ", ".join(f"{b.code} {b.pages:,} pages {_mb(b.size)} {b.cpu:.0f} s" for b in built)
    print(f"INFO    -  The site: {len(built)} language{'s' * (len(built) != 1)}, {pages:,} pages, {_mb(total)}, "
          f"{cpu:.0f} CPU s, {seconds:.0f} s ({jobs} at a time): {each}", file=sys.stderr)
    costly = sorted(built[1:], key=lambda b: -b.size)
    remedy = ("; leaving out a language (extra.languages in mkdocs.yml) saves " + ", ".join(
        f"{b.code} {_mb(b.size)} and {b.cpu:.0f} CPU s" for b in costly[:3])) if costly else ""
    if total > PAGES_LIMIT:
        print(f"WARNING -  The site is {_mb(total)}, more than the {_mb(PAGES_LIMIT)} GitHub Pages publishes: the "
              f"deployment would fail{remedy}", file=sys.stderr)
    if seconds > JOB_MINUTES * 60 * 2 / 3:
        print(f"WARNING -  The build took {seconds / 60:.0f} minutes, near the results job's limit of {JOB_MINUTES}: "
              f"a larger archive would stop it{remedy}", file=sys.stderr)


def _mb(size: int) -> str:
    return f"{size / 1_000_000:,.0f} MB" if size >= 10_000_000 else f"{size / 1_000_000:,.1f} MB"
