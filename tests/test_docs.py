"""The rules the code implements are written in docs/: nothing in the repository points to a document outside it,
and every reference to docs/ (`docs/rulings.md#prize-ties` in a comment, `(rulings.md#scores)` in docs/ itself)
names a file and a heading that exist."""

from __future__ import annotations

import re
from pathlib import Path

from .conftest import ROOT

SCANNED = ("generator", "tests", "bench", "site_src", "scripts", ".github", "docs", "README.md", "CONTRIBUTING.md",
           "mkdocs.yml", "pyproject.toml")
SKIPPED = {"__pycache__", ".venv", "node_modules", ".mypy_cache", ".ruff_cache", ".pytest_cache"}
# Documents that are not in the repository: the product brief, the source documents and the real-data notes.
OUTSIDE = re.compile(rb"PRODUCT\.md|PRODUCT rulings|seeds/|real-data/")
# docs/<file>.md, with an optional #anchor, not preceded by a letter or a slash (mkdocs/, site_src/docs/ …).
REFERENCE = re.compile(r"(?<![\w/.-])docs/([\w.-]+\.md)(?:#([\w-]+))?")
# Inside docs/: Markdown links to a file of docs/ or to a heading of the same file.
LINK = re.compile(r"\]\((?!https?:)([\w.-]+\.md)?(?:#([\w-]+))?\)")
THIS = Path(__file__).resolve()


def files(root: Path) -> list[Path]:
    out = []
    for name in SCANNED:
        top = root / name
        if top.is_file():
            out.append(top)
        elif top.is_dir():
            out += [p for p in sorted(top.rglob("*")) if p.is_file() and not SKIPPED & set(p.parts)]
    return out


def anchor(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation removed, spaces to hyphens."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(markdown: str) -> set[str]:
    """Every heading's anchor in a Markdown text (headings inside code blocks left out; a repeated one gets -1 …)."""
    out: set[str] = set()
    fenced = False
    for line in markdown.splitlines():
        if line.startswith("```"):
            fenced = not fenced
            continue
        m = re.match(r"#{1,6} (.+)$", line)
        if m and not fenced:
            base = anchor(m.group(1))
            made, n = base, 0
            while made in out:
                n += 1
                made = f"{base}-{n}"
            out.add(made)
    return out


def references(root: Path) -> list[tuple[Path, int, str, str | None]]:
    """Every reference to a file of docs/: (file, line, docs file name, anchor or None)."""
    out = []
    for path in files(root):
        if path.resolve() == THIS:
            continue  # its own examples of broken references
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        in_docs = path.parent == root / "docs"
        for number, line in enumerate(text.splitlines(), start=1):
            out += [(path, number, m.group(1), m.group(2)) for m in REFERENCE.finditer(line)]
            if in_docs:
                out += [(path, number, m.group(1) or path.name, m.group(2)) for m in LINK.finditer(line)]
    return out


def broken(root: Path) -> list[str]:
    """The references whose file or heading does not exist, as file:line: reference."""
    docs = root / "docs"
    known = {p.name: anchors(p.read_text(encoding="utf-8")) for p in docs.glob("*.md")}
    out = []
    for path, number, name, heading in references(root):
        where = f"{path.relative_to(root)}:{number}: docs/{name}" + (f"#{heading}" if heading else "")
        if name not in known:
            out.append(f"{where}: no such file in docs/")
        elif heading is not None and heading not in known[name]:
            out.append(f"{where}: no such heading")
    return out


def test_nothing_points_outside_the_repository():
    found = []
    for path in files(ROOT):
        if path.resolve() == THIS:
            continue
        for number, line in enumerate(path.read_bytes().splitlines(), start=1):
            if OUTSIDE.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.decode('utf-8', 'replace').strip()}")
    assert found == []


def test_every_reference_to_docs_names_a_file_and_a_heading_that_exist():
    refs = references(ROOT)
    # The code does point here: the rules modules, the kinds and the FESA package, with anchors.
    assert len({str(p.relative_to(ROOT)) for p, *_ in refs if p.suffix == ".py"}) >= 30
    assert sum(1 for *_, heading in refs if heading) >= 100
    assert broken(ROOT) == []


def test_anchors_are_githubs():
    assert anchor("MSOWSC tiebreaks") == "msowsc-tiebreaks"
    assert anchor("FESA's tournament file: turnering.txt") == "fesas-tournament-file-turneringtxt"
    assert anchor("Lesson and demonstration game") == "lesson-and-demonstration-game"
    assert anchors("# A\n## Ties\n```text\n## Not a heading\n```\n## Ties\n") == {"a", "ties", "ties-1"}


def test_a_reference_to_a_missing_file_or_heading_is_found(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "rulings.md").write_text("# Rulings\n\n## Prize ties\n\nSee [scores](#scores).\n",
                                                  encoding="utf-8")
    (tmp_path / "generator").mkdir()
    (tmp_path / "generator" / "prizes.py").write_text(
        "# docs/rulings.md#prize-ties: pooled\n# docs/rulings.md#prize-tie\n# docs/rules.md\nX = 1  # mkdocs/a.md\n",
        encoding="utf-8")
    assert broken(tmp_path) == [
        "generator/prizes.py:2: docs/rulings.md#prize-tie: no such heading",
        "generator/prizes.py:3: docs/rules.md: no such file in docs/",
        "docs/rulings.md:5: docs/rulings.md#scores: no such heading",
    ]
