"""The code stays ruff- and mypy --strict-clean (settings in pyproject.toml)."""

import subprocess
import sys

from .conftest import ROOT


def test_ruff():
    result = subprocess.run([sys.executable, "-m", "ruff", "check", "generator", "tests", "bench"],
                            check=False, capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict():
    result = subprocess.run([sys.executable, "-m", "mypy"], check=False, capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
