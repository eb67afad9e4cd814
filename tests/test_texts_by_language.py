"""An organizer's texts in several languages: a programme item's or a schedule's title and note may be a mapping by
language code, the first the default; each page and calendar feed shows its language's, a language without its
own the default's; an unknown code is a located error."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator.messages import Texts
from generator.render import i18n

from .conftest import MINI, ROOT, problems

PROGRAMME = """programme:
  - date: 2024-03-02
    time: "09:30"
    title: {en: Opening, nl: Opening van het toernooi}
    note: {en: In the hall, nl: In de zaal}
"""


def festival(tmp_path: Path, programme: str = PROGRAMME) -> Path:
    data = tmp_path / "data"
    shutil.copytree(MINI, data)
    path = data / "cup" / "festival.yaml"
    path.write_text(path.read_text(encoding="utf-8") + programme, encoding="utf-8")
    return data


def test_a_text_shows_the_pages_language_else_the_first_given() -> None:
    title = Texts({"en": "Opening", "nl": "Opening van het toernooi"})
    assert title == "Opening" and str.__str__(title) == "Opening"  # (the default: FESA's files, the command line)
    with i18n.speaking("nl"):
        assert (str(title), f"{title}", title.__html__()) == ("Opening van het toernooi",) * 3
    with i18n.speaking("de"):
        assert str(title) == "Opening"
    assert str(title) == "Opening"  # (outside a page)


def test_an_unknown_language_code_is_a_located_error(tmp_path: Path) -> None:
    data = festival(tmp_path, PROGRAMME.replace("nl: In de zaal", "nk: In de zaal"))
    errors, _ = problems(data)
    lines = (data / "cup" / "festival.yaml").read_text(encoding="utf-8").splitlines()
    line = next(n for n, text in enumerate(lines, start=1) if "nk: In de zaal" in text)
    # "    note: {en: In the hall, " is 4 + 6 + 1 + 1 + 16 = 28 characters: nk starts at column 29
    assert any(f"festival.yaml:{line}:29: error: 'nk' in 'note' is not a language's code" in e and
               "one of en, de, fr, nl," in e for e in errors), errors


@pytest.mark.build
def test_a_festival_with_dutch_and_english_titles_shows_each_on_its_pages_and_in_its_calendar(tmp_path: Path) -> None:
    data = festival(tmp_path)
    errors, _ = problems(data)
    assert errors == []
    site = tmp_path / "site"
    built = subprocess.run([sys.executable, "-m", "generator", "build", "--data", str(data), "--site-dir", str(site)],
                           check=False, capture_output=True, text=True, cwd=ROOT,
                           env={**os.environ, "BANZUKE_LANGUAGES": "en,nl,de", "BANZUKE_CACHE": "off"})
    assert built.returncode == 0, built.stderr
    english = (site / "cup" / "programme" / "index.html").read_text(encoding="utf-8")
    dutch = (site / "nl" / "cup" / "programme" / "index.html").read_text(encoding="utf-8")
    german = (site / "de" / "cup" / "programme" / "index.html").read_text(encoding="utf-8")
    assert "Opening · In the hall" in english and "toernooi" not in english
    assert "Opening van het toernooi · In de zaal" in dutch
    assert "Opening · In the hall" in german  # (no German of its own: the first given)
    english_feed = (site / "cup" / "programme.ics").read_bytes().decode("utf-8")
    dutch_feed = (site / "nl" / "cup" / "programme.ics").read_bytes().decode("utf-8")
    assert "SUMMARY:Opening\r\n" in english_feed and "DESCRIPTION:In the hall\r\n" in english_feed
    assert "SUMMARY:Opening van het toernooi\r\n" in dutch_feed and "DESCRIPTION:In de zaal\r\n" in dutch_feed
