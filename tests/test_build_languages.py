"""The languages built side by side, each in a process of its own: the same site as one after another, nothing
left behind when one fails; and the site's size said, with a warning before GitHub Pages or the results job's
time limit would stop it."""

from __future__ import annotations

import base64
import functools
import gc
import os
import subprocess
import sys
import time
from pathlib import Path

import jinja2
import pytest

from generator.engine.cache import PageCache
from generator.engine.build import Built, _listed_once, _side_by_side, _theme_texts_compiled, report_size
from generator.engine.kept import KeptSite
from generator.engine.state import Build, CompiledTemplates
from generator.render.base import _env, compiled_by

from .conftest import MINI, ROOT


def build(site: Path, jobs: int) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "BANZUKE_LANGUAGES": "en,de,ja", "BANZUKE_JOBS": str(jobs), "BANZUKE_CACHE": "off"}
    return subprocess.run([sys.executable, "-m", "generator", "build", "--data", str(MINI), "--site-dir", str(site)],
                          check=False, capture_output=True, text=True, cwd=ROOT, env=env)


def files(site: Path) -> dict[str, bytes]:
    return {p.relative_to(site).as_posix(): p.read_bytes() for p in sorted(site.rglob("*")) if p.is_file()}


@pytest.mark.build
def test_three_languages_side_by_side_are_the_same_site_as_one_after_another(tmp_path: Path) -> None:
    apart, together = build(tmp_path / "one" / "site", 1), build(tmp_path / "three" / "site", 3)
    assert apart.returncode == 0, apart.stderr
    assert together.returncode == 0, together.stderr
    one, three = files(tmp_path / "one" / "site"), files(tmp_path / "three" / "site")
    assert one.keys() == three.keys()
    assert [name for name in one if one[name] != three[name]] == []
    assert {"de/index.html", "ja/index.html", "index.html"} <= one.keys()
    assert os.listdir(tmp_path / "three") == ["site"]  # nothing written beside the site
    assert "(3 at a time)" in together.stderr and "(1 at a time)" in apart.stderr
    # The line counts every language's pages: the English pages and the German pages are as many (the same site)
    line = next(x for x in together.stderr.splitlines() if "The site: 3 languages" in x)
    pages = sum(1 for name in three if name.endswith(".html"))
    assert f", {pages:,} pages, " in line


def test_the_pages_in_marks_are_built_first_then_the_default_then_the_others_side_by_side(tmp_path: Path) -> None:
    """The pages in marks in this process; then the default, in this process too, into the site's folder, with the
    pages in marks; each other language in a forked process, into /<code>/, with them (a file written by the child
    is there when the build returns); a language that fails fails the build."""
    root = tmp_path / "site"
    parent = os.getpid()
    marked: list[str] = []

    def marks() -> None:
        assert os.getpid() == parent and not root.exists()  # (before any language)
        marked.append("the pages in marks")

    def one(code: str, folder: Path) -> Build:
        assert (os.getpid() == parent) == (code == "en") and marked == ["the pages in marks"]
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "index.html").write_text(code * 3 + ("" if os.getpid() == parent else "!"), encoding="utf-8")
        done = Build(folder)
        if code == "fr":  # (a language whose list of its site gives its figures: the child tells them, not counted)
            done.kept_site = KeptSite(tmp_path / "cache", "code", "fr")
            done.kept_site.measured = (40, 1234)
        return done

    built = _side_by_side(one, marks, ("en", "de", "fr"), root, 2)
    assert built is not None
    assert [(b.code, b.pages) for b in built] == [("en", 1), ("de", 1), ("fr", 40)]
    # "enenen" is 6 bytes, "dedede!" 7; the root's count leaves out the languages' folders under it
    assert [b.size for b in built] == [6, 7, 1234]
    assert (root / "de" / "index.html").read_text(encoding="utf-8") == "dedede!"

    def broken(code: str, folder: Path) -> Build:
        if code == "de":
            raise RuntimeError("a template broke")
        return one(code, folder)

    marked.clear()
    root = tmp_path / "other"
    assert _side_by_side(broken, marks, ("en", "de", "fr"), root, 2) is None


def test_the_other_languages_are_built_by_as_many_processes_as_run_at_a_time(tmp_path: Path) -> None:
    """Four languages after the default, two at a time: two forked processes build them, each taking the next
    language as it ends one, and each tells a language's CPU seconds. A language that fails ends its process;
    another takes the languages left, and the build fails."""
    parent = os.getpid()

    def one(code: str, folder: Path) -> Build:
        if code == "de":  # (a language that takes a third of a CPU second: its process tells as much)
            end = time.process_time() + 0.3
            while time.process_time() < end:
                pass
        if code == "fr" and folder.parent.name == "broken":
            raise RuntimeError("a template broke")
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "index.html").write_text(f"{os.getpid()} {gc.get_freeze_count()}", encoding="utf-8")
        return Build(folder)

    codes = ("en", "de", "fr", "ja", "ru")
    root = tmp_path / "site"
    built = _side_by_side(one, lambda: None, codes, root, 2)
    assert built is not None and [b.code for b in built] == list(codes)
    told = {code: (root / code / "index.html").read_text(encoding="utf-8").split() for code in codes[1:]}
    by = {code: int(pid) for code, (pid, _) in told.items()}
    assert len(set(by.values())) == 2 and parent not in by.values()
    # What a process inherits is out of its collector's way (frozen before the fork); this process's is not, after
    assert all(int(frozen) > 0 for _, frozen in told.values()) and gc.get_freeze_count() == 0
    assert next(b for b in built if b.code == "de").cpu >= 0.3

    root = tmp_path / "broken"
    assert _side_by_side(one, lambda: None, codes, root, 2) is None
    assert sorted(p.parent.name for p in root.glob("*/index.html")) == ["de", "ja", "ru"]


def test_the_size_is_said_and_a_site_past_github_pages_limit_is_a_warning(capsys: pytest.CaptureFixture[str]) -> None:
    built = [Built("en", 40_000, 500_000_000, 300.0), Built("de", 30_000, 400_000_000, 200.0),
             Built("ja", 30_000, 300_000_000, 250.0)]
    report_size(built, 400.0, 2)
    lines = capsys.readouterr().err.splitlines()
    # 500 + 400 + 300 MB = 1,200 MB over 100,000 pages; 300 + 200 + 250 = 750 CPU s; 400 s is under 10 minutes
    # (two thirds of the job's 15), so no warning for the time
    assert lines[0] == ("INFO    -  The site: 3 languages, 100,000 pages, 1,200 MB, 750 CPU s, 400 s (2 at a time): "
                        "en 40,000 pages 500 MB 300 s, de 30,000 pages 400 MB 200 s, ja 30,000 pages 300 MB 250 s")
    # the languages but the default, largest first
    assert lines[1:] == ["WARNING -  The site is 1,200 MB, more than the 1,000 MB GitHub Pages publishes: the "
                         "deployment would fail; leaving out a language (extra.languages in mkdocs.yml) saves de "
                         "400 MB and 200 CPU s, ja 300 MB and 250 CPU s"]


def test_a_build_near_the_results_jobs_time_limit_is_a_warning(capsys: pytest.CaptureFixture[str]) -> None:
    report_size([Built("en", 10, 5_000_000, 700.0), Built("de", 10, 4_000_000, 500.0)], 660.0, 1)
    lines = capsys.readouterr().err.splitlines()
    # 660 s is 11 minutes, past two thirds of 15 (600 s); 5 MB + 4 MB = 9.0 MB (under 10 MB: one decimal)
    assert lines[0].startswith("INFO    -  The site: 2 languages, 20 pages, 9.0 MB, 1200 CPU s, 660 s (1 at a time)")
    assert lines[1:] == ["WARNING -  The build took 11 minutes, near the results job's limit of 15: a larger archive "
                         "would stop it; leaving out a language (extra.languages in mkdocs.yml) saves de 4.0 MB and "
                         "500 CPU s"]


def test_the_themes_files_are_listed_once_for_all_the_languages_of_a_build(tmp_path: Path) -> None:
    """The engine lists the theme's files at every language's build; the languages of one build share the first
    listing (the same folders), and each still loads its templates from the folders."""
    (tmp_path / "main.html").write_text("{{ 1 + 1 }}", encoding="utf-8")
    (tmp_path / "icon.svg").write_text("<svg/>", encoding="utf-8")
    listed: dict[tuple[str, ...], list[str]] = {}

    def make() -> jinja2.Environment:
        return jinja2.Environment(loader=jinja2.FileSystemLoader([str(tmp_path)]))

    first = _listed_once(make, listed)
    assert first.list_templates() == ["icon.svg", "main.html"]
    (tmp_path / "late.svg").write_text("<svg/>", encoding="utf-8")  # (a file the next language does not walk to)
    second = _listed_once(make, listed)
    assert second.list_templates() == ["icon.svg", "main.html"]
    assert second.get_template("main.html").render() == "2"
    assert _listed_once(make, {}).list_templates() == ["icon.svg", "late.svg", "main.html"]  # (another build's)


def test_the_themes_templates_are_compiled_once_for_all_the_environments_of_a_build(tmp_path: Path) -> None:
    """The engine's environment and each the search plugin makes (three a language) share the templates compiled:
    a template compiled in one is not compiled again in the next, and renders the same."""
    (tmp_path / "main.html").write_text("{{ 1 + 1 }}", encoding="utf-8")
    compiled = CompiledTemplates()

    def make() -> jinja2.Environment:
        return jinja2.Environment(loader=jinja2.FileSystemLoader([str(tmp_path)]))

    first = _listed_once(make, {}, compiled)
    assert first.get_template("main.html").render() == "2" and len(compiled.code) == 1
    second = _listed_once(make, {}, compiled)

    def compile_again(*_: object, **__: object) -> None:
        raise AssertionError("compiled again")

    second.compile = compile_again  # type: ignore[assignment,method-assign]
    assert second.get_template("main.html").render() == "2"


def test_the_themes_texts_of_the_other_languages_are_compiled_by_the_default_languages_process() -> None:
    """Each language's process inherits the theme's texts in its language compiled (partials/languages/<code>.html):
    compiled once, by the default language's, through the build's templates, which the cache keeps. A language the
    theme has no texts for is left to the theme's own fallback."""
    from mkdocs.config import load_config

    config = load_config(str(ROOT / "mkdocs.yml"))
    compiled = CompiledTemplates()
    config.theme.get_env = functools.partial(_listed_once, config.theme.get_env, {}, compiled)  # type: ignore[method-assign]
    _theme_texts_compiled(config, ("de", "ja", "qq"))
    assert len(compiled.code) == 2  # (German's and Japanese's; the theme has none for "qq")
    env = config.theme.get_env()

    def compile_again(*_: object, **__: object) -> None:
        raise AssertionError("compiled again")

    env.compile = compile_again  # type: ignore[assignment,method-assign]
    # (the texts of the theme's search, in each language: Material's key "search.placeholder")
    assert env.get_template("partials/languages/de.html").module.t("search.placeholder") == "Suche"
    assert env.get_template("partials/languages/ja.html").module.t("search.placeholder") == "検索"


def test_the_templates_are_kept_compiled_from_one_build_to_the_next(tmp_path: Path) -> None:
    """A build keeps the templates it compiled in the build cache (the theme's and the renderer's): the next build by
    the same code takes them compiled. A template whose source changed, or an entry that is not what the build
    keeps, is compiled anew; a forked language does not write to the cache this process opened."""
    theme = tmp_path / "theme"
    theme.mkdir()
    (theme / "main.html").write_text("{{ 1 + 1 }}", encoding="utf-8")
    folder = tmp_path / "cache"

    def make() -> jinja2.Environment:
        return jinja2.Environment(loader=jinja2.FileSystemLoader([str(theme)]))

    def compile_again(*_: object, **__: object) -> None:
        raise AssertionError("compiled again")

    def build_once(compiles: bool, expected: str = "2") -> None:
        store = PageCache.open(folder, "code", "all", kind="templates")
        env = _listed_once(make, {}, CompiledTemplates(store))
        if not compiles:
            env.compile = compile_again  # type: ignore[assignment,method-assign]
        assert env.get_template("main.html").render() == expected
        store.save()

    build_once(compiles=True)
    build_once(compiles=False)  # (taken as the first build compiled it)
    build_once(compiles=False)  # (and kept again by the second, which took it)
    (theme / "main.html").write_text("{{ 2 + 2 }}", encoding="utf-8")
    build_once(compiles=True, expected="4")  # (another source: the kept code is not used)
    build_once(compiles=False, expected="4")

    # An entry that is not base64, and one that is base64 but not compiled code: each compiled anew, kept again
    for damaged in ("not base64 !", base64.b64encode(b"not compiled code").decode("ascii")):
        store = PageCache.open(folder, "code", "all", kind="templates")
        (digest,) = store.kept
        store.kept, store.old = {}, None  # (the build cache as written, its one entry in place of the kept one)
        store.appending = False
        store.new_path = None
        store.put(digest, damaged)
        store.save()
        build_once(compiles=True, expected="4")
        build_once(compiles=False, expected="4")

    # A forked language inherits what this process compiled; it neither reads nor writes the cache's files
    store = PageCache.open(folder, "code", "all", kind="templates")
    compiled = CompiledTemplates(store)
    compiled.kept.process = os.getpid() + 1  # type: ignore[union-attr]  # (as in a forked process: another opened it)
    env = _listed_once(make, {}, compiled)
    assert env.get_template("main.html").render() == "4"
    assert store.reused == 0 and store.made == {}


def test_the_renderers_templates_are_compiled_through_the_builds_cache() -> None:
    """Inside `compiled_by`, a template the renderer has not compiled yet in this process is compiled through the
    build's cache (kept for the next build); outside, without one."""
    env = _env()
    env.cache.clear()  # (as in a process that has not rendered yet)
    compiled = CompiledTemplates()
    with compiled_by(compiled):
        env.get_template("player.html.j2")
    assert len(compiled.code) >= 1 and env.bytecode_cache is None
