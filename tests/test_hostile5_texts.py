"""Hostile data, round 5: the texts of mkdocs.yml the theme prints on every page, and the names the site keeps
for itself that a player's or a team's id must not take."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import MINI, ROOT, problems

TEAMS = ROOT / "tests" / "fixtures" / "teams"
HOSTILE = "</title><script>window.hit=1</script>"


def festival_beside(tmp_path: Path, fixture: Path, **texts: str) -> Path:
    """A data folder with an mkdocs.yml beside it (the repository's, its texts replaced, its paths made to lead
    back to the repository); the folder's path."""
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    for key, value in texts.items():
        line = f"{key}: {value}"
        config = re.sub(rf"(?m)^{key}:.*$", lambda _, line=line: line, config)
        if not re.search(rf"(?m)^{key}:", config):
            config = f"{key}: {value}\n" + config
    config = config.replace("docs_dir: site_src", f"docs_dir: {(ROOT / 'site_src').as_posix()}")
    config = config.replace("  - generator/engine/hooks.py", f"  - {(ROOT / 'generator/engine/hooks.py').as_posix()}")
    config = config.replace("  - generator\n", f"  - {(ROOT / 'generator').as_posix()}\n")
    (tmp_path / "mkdocs.yml").write_text(config, encoding="utf-8")
    shutil.copytree(fixture, tmp_path / "data")
    return tmp_path / "data"


def line_of(data: Path, key: str) -> int:
    lines = (data.parent / "mkdocs.yml").read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, start=1) if line.startswith(f"{key}:"))


def test_markup_in_the_site_texts_is_a_located_warning(tmp_path: Path) -> None:
    """`check` reads the mkdocs.yml beside the data folder: markup there is shown as text, and says so where it is
    (each value starts at column 12, after 'site_name: ' or 'copyright: ', 11 characters)."""
    data = festival_beside(tmp_path, MINI, copyright='"Copyright &copy; 2027 <a href=x>us</a>"',
                           site_name=f'"{HOSTILE}"')
    errors, warnings = problems(data)
    assert errors == []
    name, notice = line_of(data, "site_name"), line_of(data, "copyright")
    assert any(f"mkdocs.yml:{name}:12: warning: 'site_name' holds markup (</…)" in w for w in warnings), warnings
    assert any(f"mkdocs.yml:{notice}:12: warning: 'copyright' holds markup (&copy;…)" in w for w in warnings), warnings


@pytest.mark.parametrize(("value", "message"), [
    ('"Shogi\\x85Festival"', "'site_name' holds a line break or control character (\\x85)"),
    ('"' + "x" * 121 + '"', "'site_name' is 121 characters long, more than 120"),  # MAX_LINE is 120
    ("{a: 1}", "'site_name' should be a text value"),
])
def test_a_site_name_the_theme_cannot_print_is_a_located_error(tmp_path: Path, value: str, message: str) -> None:
    data = festival_beside(tmp_path, MINI, site_name=value)
    errors, _ = problems(data)
    assert any(f"mkdocs.yml:{line_of(data, 'site_name')}:12: error: {message}" in e for e in errors), errors


@pytest.mark.build
def test_the_site_texts_are_printed_as_text_on_every_page(tmp_path: Path) -> None:
    """The script the site name carries never reaches a page as markup: on every page it is text, escaped."""
    data = festival_beside(tmp_path, MINI, site_name=f'"{HOSTILE}"',
                           site_description='"A <b onmouseover=alert(1)>description</b>"',
                           copyright='"<img src=x onerror=alert(1)>"', site_author='"\\" onload=\\"alert(1)"')
    site = tmp_path / "site"
    built = subprocess.run([sys.executable, "-m", "generator", "build", "--data", str(data), "--site-dir", str(site),
                            "--config", str(tmp_path / "mkdocs.yml")], check=False, capture_output=True, text=True,
                           cwd=ROOT, env={**os.environ, "BANZUKE_LANGUAGES": "en"})
    assert built.returncode == 0, built.stderr
    pages = list(site.rglob("*.html"))
    assert len(pages) > 20
    for page in pages:
        html = page.read_text(encoding="utf-8")
        for raw in ("<script>window.hit", "<b onmouseover", "<img src=x", '" onload="'):
            assert raw not in html, (page, raw)
    home = (site / "index.html").read_text(encoding="utf-8")
    assert "&lt;/title&gt;&lt;script&gt;window.hit=1&lt;/script&gt;</title>" in home
    assert "&lt;img src=x onerror=alert(1)&gt;" in home


def test_a_player_may_not_take_the_players_lists_address(tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(MINI, data)
    players = data / "players.yaml"
    players.write_text(players.read_text(encoding="utf-8").replace("baker-ben: ", "index: "), encoding="utf-8")
    errors, _ = problems(data)
    # line 3 of players.yaml is baker-ben's, now index's
    assert any("data/players.yaml:3:1: error: player id 'index' is a name the site keeps for itself: "
               "players/index is the list of players" in e for e in errors), errors


def test_a_team_may_not_take_the_teams_lists_address(tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(TEAMS, data)
    event = data / "cup" / "match" / "event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace("  a: {name: Ash", "  index: {name: Ash"),
                     encoding="utf-8")
    errors, _ = problems(data)
    # line 11 of event.yaml is team a's, now index's
    assert any("data/cup/match/event.yaml:11:3: error: team id 'index' is a name the site keeps for itself: "
               "teams/index is the list of teams" in e for e in errors), errors
