"""Golden files: every generated page and JSON file of the mini festival, compared byte for byte.

After an intended change, regenerate with  BANZUKE_UPDATE_GOLDEN=1 scripts/test tests/test_golden.py
and review the diff of tests/golden/ like code.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from generator.render import render_site

GOLDEN = Path(__file__).parent / "golden" / "mini"
UPDATE = os.environ.get("BANZUKE_UPDATE_GOLDEN") == "1"


@pytest.fixture(scope="module")
def site(mini):
    return render_site(mini)


def test_golden_files(site):
    if UPDATE:
        for old in GOLDEN.rglob("*"):
            if old.is_file():
                old.unlink()
        for path, content in site.files.items():
            (GOLDEN / path).parent.mkdir(parents=True, exist_ok=True)
            if isinstance(content, bytes):
                (GOLDEN / path).write_bytes(content)
            else:
                (GOLDEN / path).write_text(content, encoding="utf-8")
    expected = {p.relative_to(GOLDEN).as_posix() for p in GOLDEN.rglob("*") if p.is_file()}
    assert set(site.files) == expected
    for path, content in site.files.items():
        expected_content = (GOLDEN / path).read_bytes()
        actual = content if isinstance(content, bytes) else content.encode("utf-8")
        assert actual == expected_content, path


def test_rendering_twice_gives_the_same_bytes(mini):
    def once() -> dict[str, str | bytes]:
        return render_site(mini).files
    assert once() == once()


def test_hostile_name_is_escaped_in_markdown(site):
    page = site.files["players/evil.md"]
    assert "<script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    # Markdown punctuation in the given name is escaped too, so *Eve* is not italic and [x](y) no link.
    assert r"\*Eve\* \| \[x\](y)" in page


def test_standings_json_is_exact(site):
    data = json.loads(site.files["api/cup/open/standings.json"])
    rows = {r["player"]: r for r in data["rows"]}
    # Hand-computed in test_scoring: A 2½ with SOS 3, SOSOS 12½, SODOS 2; ranks after rounds 1, 2, 3: 1, 1, 1.
    assert rows["adams-amy"] == {"rank": 1, "shared": False, "player": "adams-amy", "points": 2.5,
                                 "tiebreaks": {"sos": 3, "sosos": 12.5, "sodos": 2}, "played": 3,
                                 "ranks_by_round": [1, 1, 1]}
    assert rows["dean-dora"]["rank"] == 3 and rows["dean-dora"]["shared"] is True


def test_a_round_page_lists_every_board(site):
    page = site.files["cup/open/round-2.md"]
    # Round 2: board 1 Evil (1 point before: the bye) - Adams (1), 0-1; board 2 Baker (0) - Clark (½), 0-1.
    assert "| 1 | [&lt;script&gt;alert(1)&lt;/script&gt;, \\*Eve\\* \\| \\[x\\](y)](../../players/evil.md) (1) " \
           "| 0-1 | [Adams, Amy](../../players/adams-amy.md) (1) |" in page
    assert "| 2 | [Baker, Ben](../../players/baker-ben.md) (0) | 0-1 " \
           "| [Clark, Cy](../../players/clark-cy.md) (½) |" in page
    assert "**Absent** (0 points): [Dean, Dora](../../players/dean-dora.md)." in page
