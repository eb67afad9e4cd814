"""The site engine behind one seam (generator/engine): the only package that imports MkDocs, and ProperDocs, a
maintained MkDocs 1.x, builds the demo as MkDocs does."""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import DEMO, ROOT, run_generator

GENERATOR_TAG = re.compile(rb'<meta name="generator" content="([^"]*)">')


def files(site: Path) -> dict[str, bytes]:
    return {str(p.relative_to(site)): p.read_bytes() for p in sorted(site.rglob("*")) if p.is_file()}


@pytest.mark.build
def test_properdocs_builds_the_demo_byte_for_byte_as_mkdocs_does_but_for_the_generator_tag(tmp_path: Path):
    data = tmp_path / "data"
    shutil.copytree(DEMO, data)
    built = {}
    for engine in ("mkdocs", "properdocs"):
        result = run_generator("build", "--engine", engine, "--data", str(data), "--site-dir", str(tmp_path / engine))
        assert result.returncode == 0, result.stdout + result.stderr
        assert "WARNING" not in result.stdout + result.stderr
        built[engine] = files(tmp_path / engine)
    mkdocs, properdocs = built["mkdocs"], built["properdocs"]
    assert sorted(mkdocs) == sorted(properdocs)
    assert len(mkdocs) > 400  # the demo's pages, JSON and the theme's files
    tags = {engine: {tag for page in site.values() for tag in GENERATOR_TAG.findall(page)}
            for engine, site in built.items()}
    # Each engine names itself in every page's generator tag: the builds really are the two engines'.
    assert len(tags["mkdocs"]) == 1 and next(iter(tags["mkdocs"])).startswith(b"mkdocs-1.")
    assert len(tags["properdocs"]) == 1 and b"ProperDocs 1." in next(iter(tags["properdocs"]))
    differ = [path for path in mkdocs if mkdocs[path] != properdocs[path]]
    assert differ, "the generator tags differ, so some pages must"
    assert [path for path in differ
            if GENERATOR_TAG.sub(b"", mkdocs[path]) != GENERATOR_TAG.sub(b"", properdocs[path])] == []


def test_only_the_engine_package_imports_the_engine():
    engine = ROOT / "generator" / "engine"
    hits = []
    for path in sorted((ROOT / "generator").rglob("*.py")):
        if engine in path.parents:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):  # lazy imports in functions included
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) and node.level == 0 else []
            hits += [f"{path.relative_to(ROOT)}:{node.lineno}: {name}" for name in names
                     if name.split(".")[0] in ("mkdocs", "material", "properdocs")]
    assert hits == []


def test_a_command_ends_with_its_code_its_output_and_its_end_functions_but_no_tear_down(tmp_path: Path):
    """`python -m generator` ends by `ended`: with its exit code, its output flushed into the pipe, what was registered
    to run at the end run (a temporary folder removed), and Python's tear-down of what the command built skipped (an
    object left in a module is not finalized)."""
    script = ("import atexit, sys, tempfile\n"
              "from generator.__main__ import ended\n"
              "folder = tempfile.TemporaryDirectory()\n"
              "print(folder.name)\n"
              "class Left:\n"
              "    def __del__(self): print('torn down')\n"
              "left = Left()\n"
              "atexit.register(print, 'at the end')\n"
              "sys.stdout.write('not flushed yet, ')\n"
              "ended(3)\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=False)
    assert done.returncode == 3, done.stderr
    name, rest = done.stdout.split("\n", 1)
    assert rest == "not flushed yet, at the end\n"
    assert not Path(name).exists()

    # A thread still at work when the command is done: Python's own end, which waits for it
    script = ("import threading, time\n"
              "from generator.__main__ import ended\n"
              "threading.Thread(target=lambda: (time.sleep(0.3), print('the thread is done'))).start()\n"
              "ended(2)\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=False)
    assert (done.returncode, done.stdout) == (2, "the thread is done\n"), done.stderr
