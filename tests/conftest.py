"""Shared fixtures: the hand-computed mini festival, the demo data, and data directories built in tmp."""

from __future__ import annotations

import atexit
import importlib.util
import shutil
import os
import subprocess
import sys
import tempfile
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from generator.cli.common import ORGANIZERS_DATA
from generator.pipeline import Loaded, load

from .support import CHROMIUM, CHROMIUM_ARGS

if TYPE_CHECKING:
    from playwright.sync_api import Browser

ROOT = Path(__file__).resolve().parent.parent
MINI = ROOT / "tests" / "fixtures" / "mini"
DEMO = ROOT / "tests" / "fixtures" / "demo"  # the demo festival, owned by the tests (data/ is the organizer's)
# A site is built in English alone unless a test asks for more (mkdocs.yml names twelve languages): the demo
# build of the suite has English and German (demo_build); tests/test_languages.py builds all twelve.
os.environ["BANZUKE_LANGUAGES"] = "en"


def _guard() -> Path:
    """Tests own their data: every read of the organizer's data/, in this process and in every Python process a
    test starts (tests/guard/sitecustomize.py, on their PYTHONPATH), is noted in this log and refused; the test
    that made it fails (`_tests_own_their_data`). Checking and building data/ is the results workflow's work."""
    spec = importlib.util.spec_from_file_location("banzuke_data_guard", ROOT / "tests" / "guard" / "sitecustomize.py")
    assert spec is not None and spec.loader is not None
    guard = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(guard)
    handle, log = tempfile.mkstemp(prefix="banzuke-data-reads-", suffix=".log")
    os.close(handle)
    atexit.register(Path(log).unlink, missing_ok=True)  # (the process's own log, gone with it)
    os.environ[guard.WATCHED] = str(ORGANIZERS_DATA)  # (the folder a command reads without --data)
    os.environ[guard.LOG] = log  # (this process's own: a pytest-xdist worker's, not its controller's)
    guard_path = str(ROOT / "tests" / "guard")
    if guard_path not in os.environ.get("PYTHONPATH", "").split(os.pathsep):
        os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [guard_path, os.environ.get("PYTHONPATH")]))
    guard.install()  # (once a process: a worker started by the controller has it from start-up)
    return Path(log)


DATA_READS = _guard()


def data_reads(since: int = 0) -> list[str]:
    """The reads of data/ the guard noted, from byte `since` of its log."""
    with DATA_READS.open(encoding="utf-8") as log:
        log.seek(since)
        return log.read().splitlines()


@pytest.fixture(autouse=True)
def _tests_own_their_data() -> Iterator[None]:
    before = DATA_READS.stat().st_size
    yield
    if DATA_READS.stat().st_size > before:
        pytest.fail("tests own their data; this test (or a command it ran) read the organizer's data/:\n"
                    + "\n".join(data_reads(before)), pytrace=False)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Marks by the fixtures a test uses, as pyproject.toml declares them: `browser` (Chromium) and `build` (a
    whole site built: the demo's, the mini festival's). Tests that build otherwise carry the mark themselves."""
    for item in items:
        names = set(getattr(item, "fixturenames", ()))
        if "browser" in names:
            item.add_marker(pytest.mark.browser)
        if names & {"demo_build", "mini_build"}:
            item.add_marker(pytest.mark.build)


def load_clean(root: Path) -> Loaded:
    """A data folder that must read without errors (the errors are shown when it does not)."""
    loaded = load(root)
    assert loaded.ok, loaded.report.lines()
    return loaded


@pytest.fixture(scope="session")
def mini() -> Loaded:
    return load_clean(MINI)


@pytest.fixture
def datadir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A copy of the mini festival in tmp (the working directory), with a helper to overwrite its files."""
    monkeypatch.chdir(tmp_path)
    target = tmp_path / "data"
    shutil.copytree(MINI, target)

    def write(relative: str, text: str) -> Path:
        path = target / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
        return path

    write.root = target  # type: ignore[attr-defined]
    return write


def run_generator(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """`python -m generator ARGS` as a user runs it, output captured."""
    return subprocess.run([sys.executable, "-m", "generator", *args], check=False, capture_output=True,
                          text=True, cwd=cwd)


def site_config_text() -> str:
    """The repository's mkdocs.yml, its paths made absolute: a test's own copy, written elsewhere and changed."""
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    for relative in ("site_src", "generator/engine/hooks.py"):
        text = text.replace(f" {relative}\n", f" {(ROOT / relative).as_posix()}\n")
    return text.replace("  - generator\n", f"  - {(ROOT / 'generator').as_posix()}\n")


class CountingStore:
    """A store of kept results in memory (as the build cache is one: text by key), counting what it was asked for
    and what it gave."""

    def __init__(self, kept: dict[str, str] | None = None):
        self.kept = dict(kept or {})
        self.asked = self.given = 0

    def get(self, key: str) -> str | None:
        self.asked += 1
        value = self.kept.get(key)
        self.given += value is not None
        return value

    def put(self, key: str, value: str) -> None:
        self.kept[key] = value


class Writer:
    """A fixture folder copied to tmp; call it to rewrite one of its files. `root` is the copy."""

    def __init__(self, fixture: Path, tmp_path: Path):
        self.root = tmp_path / "data"
        shutil.copytree(fixture, self.root)

    def __call__(self, relative: str, text: str) -> Path:
        path = self.root / relative
        path.write_text(text, encoding="utf-8")
        return path


def fixture_data(fixture: Path):
    """The pytest fixtures `loaded` (the fixture folder read once per module, without errors) and `copy` (a
    Writer over a fresh copy) for a test module: `loaded, copy = fixture_data(FOLDER)`."""

    @pytest.fixture(scope="module")
    def loaded() -> Loaded:
        return load_clean(fixture)

    @pytest.fixture
    def copy(tmp_path: Path) -> Writer:
        return Writer(fixture, tmp_path)

    return loaded, copy


def problems(root: Path) -> tuple[list[str], list[str]]:
    """`check` on a data folder: its error lines and its warning lines (never a traceback)."""
    result = run_generator("check", "--data", str(root))
    lines = result.stdout.splitlines() + result.stderr.splitlines()
    assert "Traceback" not in result.stderr
    return [x for x in lines if ": error: " in x], [x for x in lines if ": warning: " in x]


def build_site(data: Path, site: Path, site_url: str = "", languages: str = "en") -> subprocess.CompletedProcess[str]:
    """The README's build, for real: check, then mkdocs build --strict; with `site_url`, as the workflow builds
    (BANZUKE_SITE_URL: the wall sheets' QR codes); in `languages` (of mkdocs.yml's)."""
    env = {**os.environ, "BANZUKE_LANGUAGES": languages, **({"BANZUKE_SITE_URL": site_url} if site_url else {})}
    return subprocess.run([sys.executable, "-m", "generator", "build", "--data", str(data), "--site-dir", str(site)],
                          check=False, capture_output=True, text=True, cwd=ROOT, env=env)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Debian's Chromium, driven by Playwright (which cannot download a browser of its own here)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture(scope="session")
def demo_build(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, subprocess.CompletedProcess[str]]:
    site = tmp_path_factory.mktemp("demo") / "site"
    return site, build_site(DEMO, site, languages="en,de")


@pytest.fixture(scope="module")
def demo_url(demo_build: tuple[Path, subprocess.CompletedProcess[str]]) -> Iterator[str]:
    """The demo's site served over HTTP (its address), for the browser tests."""
    from .support import serving

    site, result = demo_build
    assert result.returncode == 0, result.stderr
    with serving(site) as url:
        yield url


@pytest.fixture(scope="session")
def mini_build(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, subprocess.CompletedProcess[str]]:
    site = tmp_path_factory.mktemp("mini") / "site"
    return site, build_site(MINI, site)
