"""The code stays ruff- and mypy --strict-clean, and its imports keep the layers (settings in pyproject.toml)."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import ROOT


def test_ruff():
    result = subprocess.run([sys.executable, "-m", "ruff", "check", "generator", "tests", "bench"],
                            check=False, capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict():
    result = subprocess.run([sys.executable, "-m", "mypy"], check=False, capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr


def lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    """import-linter's contracts of pyproject.toml, on the package under `root`."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    return subprocess.run([str(Path(sys.executable).parent / "lint-imports"), "--no-cache"], check=False,
                          capture_output=True, text=True, cwd=root, env=env)


def test_the_imports_keep_the_layers_and_have_no_circle():
    result = lint_imports(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "5 kept, 0 broken" in result.stdout


@pytest.mark.parametrize(("module", "planted", "contract"), [
    # The model asks a kind (an import in a function counts): the layers break.
    ("generator/model.py", "\ndef _kind() -> object:\n    from .kinds import kind_of\n    return kind_of\n",
     "Layers"),
    # A kind's rules reach for a page, only where a type checker looks: the layers break too.
    ("generator/kinds/swiss.py", "\nfrom typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
     "    from ..render.paths import event_page  # noqa: F401\n", "Layers"),
    # Two rules importing each other: a circle.
    ("generator/rules/tiebreaks.py", "\nfrom . import standings  # noqa: F401,E402\n", "No import circle"),
    # A page that pairs.
    ("generator/render/now.py", "\nfrom ..rules import pairing  # noqa: F401,E402\n", "Pages compute nothing"),
    # The desk's actions speaking HTTP (only its app module does), and the desk reaching up to the site engine.
    ("generator/desk/core.py", "\nfrom starlette.requests import Request  # noqa: F401,E402\n",
     "Only the desk speaks HTTP"),
    ("generator/desk/app.py", "\nfrom ..engine import build  # noqa: F401,E402\n", "Layers"),
])
def test_a_planted_import_breaks_its_contract(tmp_path, module, planted, contract):
    shutil.copytree(ROOT / "generator", tmp_path / "generator", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    with open(tmp_path / module, "a", encoding="utf-8") as f:
        f.write(planted)
    result = lint_imports(tmp_path)
    assert result.returncode == 1, result.stdout
    broken = result.stdout.split("Broken contracts")[-1]
    assert contract in broken and "0 broken" not in result.stdout
