"""Golden files: every generated page and JSON file of the mini festival, compared byte for byte.

After an intended change, regenerate with  BANZUKE_UPDATE_GOLDEN=1 scripts/test tests/test_golden.py
and review the diff of tests/golden/ like code.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from generator.render.site import Site, render_site

GOLDEN = Path(__file__).parent / "golden" / "mini"
UPDATE = os.environ.get("BANZUKE_UPDATE_GOLDEN") == "1"


@pytest.fixture(scope="module")
def site(mini):
    return render_site(mini)


def outputs(site: Site) -> dict[str, bytes]:
    """Every generated file as written: a page (HTML, no Markdown) as x.html with its title on the first line."""
    out = {path[:-len(".md")] + ".html": f"<!-- {page.title} -->\n{page.html}".encode()
           for path, page in site.pages.items()}
    out.update({path: content if isinstance(content, bytes) else content.encode("utf-8")
                for path, content in site.files.items()})
    return out


def test_golden_files(site):
    files = outputs(site)
    if UPDATE:
        for old in GOLDEN.rglob("*"):
            if old.is_file():
                old.unlink()
        for path, content in files.items():
            (GOLDEN / path).parent.mkdir(parents=True, exist_ok=True)
            (GOLDEN / path).write_bytes(content)
    expected = {p.relative_to(GOLDEN).as_posix() for p in GOLDEN.rglob("*") if p.is_file()}
    assert set(files) == expected
    for path, content in files.items():
        assert content == (GOLDEN / path).read_bytes(), path


def test_rendering_twice_gives_the_same_bytes(mini):
    assert outputs(render_site(mini)) == outputs(render_site(mini))


def test_hostile_name_is_escaped_in_html(site):
    page = site.pages["players/evil.md"].html
    assert "<script>" not in page
    # The name is '<script>alert(1)</script>, *Eve* | [x](y)': escaped once for HTML, Markdown punctuation left
    # as it is (no Markdown is parsed), so it reads exactly as written.
    assert "<h1 id=\"scriptalert1script-eve-xy\">&lt;script&gt;alert(1)&lt;/script&gt;, *Eve* | [x](y)<a " in page
    assert site.pages["players/evil.md"].title == "<script>alert(1)</script>, *Eve* | [x](y)"


def test_standings_json_is_exact(site):
    data = json.loads(site.files["api/cup/open/standings.json"])
    rows = {r["player"]: r for r in data["rows"]}
    # Hand-computed in test_scoring: A 2½ with SOS 3, SOSOS 12½, SODOS 2; ranks after rounds 1, 2, 3: 1, 1, 1.
    assert rows["adams-amy"] == {"rank": 1, "shared": False, "player": "adams-amy", "points": 2.5,
                                 "tiebreaks": {"sos": 3, "sosos": 12.5, "sodos": 2}, "played": 3,
                                 "ranks_by_round": [1, 1, 1]}
    assert rows["dean-dora"]["rank"] == 3 and rows["dean-dora"]["shared"] is True


def test_a_round_page_lists_every_board(site):
    page = site.pages["cup/open/round-2.md"].html
    # Round 2: board 1 Evil (1 point before: the bye) - Adams (1), 0-1; board 2 Baker (0) - Clark (½), 0-1.
    # The page cup/open/round-2/ links to players/x/ as ../../../players/x/.
    assert '<tr><td>1</td><td><a href="../../../players/evil/">&lt;script&gt;alert(1)&lt;/script&gt;, ' \
           '*Eve* | [x](y)</a> (1)</td><td>0-1</td><td><a href="../../../players/adams-amy/">Adams, Amy</a>' \
           ' (1)</td></tr>' in page
    assert '<tr><td>2</td><td><a href="../../../players/baker-ben/">Baker, Ben</a> (0)</td>' \
           '<td>0-1</td><td><a href="../../../players/clark-cy/">Clark, Cy</a> (½)</td></tr>' in page
    assert '<p><strong>Absent</strong> (0 points): <a href="../../../players/dean-dora/">Dean, Dora</a>.</p>' in page
