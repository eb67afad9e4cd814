"""The texts of mkdocs.yml that the theme prints on every page: the site's name (the header and every page's
title), its description (the page's description for search engines), its author and its copyright line (the
footer). mkdocs.yml is changed by pull requests as the data is, so these are read as data: with the generator's
limits, one line each, every problem located. The engine prints them escaped (engine/hooks.py `on_config`): a
`<` in them is a `<` on the page, never markup, and the organizer who meant markup is told so here.
"""

from __future__ import annotations

import re
from pathlib import Path

from ..diagnostics import Location, Report, display_path
from .fields import Fields
from .yamltree import MAX_LINE, NOTE_LINE, Scalar, load

# Each text and its limit in characters: a name in a header, a sentence or two of description.
SITE_TEXTS = {"site_name": MAX_LINE, "site_author": MAX_LINE, "site_description": NOTE_LINE,
              "copyright": NOTE_LINE}
_MARKUP = re.compile(r"<[A-Za-z/!?]|&(?:#[0-9]+|#[xX][0-9A-Fa-f]+|[A-Za-z][A-Za-z0-9]*);")


def beside(data: Path) -> Path:
    """The mkdocs.yml the site of a data folder is built with: the one beside it (the repository's)."""
    return data.resolve().parent / "mkdocs.yml"


def site_texts(config: Path, report: Report) -> dict[str, str]:
    """The texts mkdocs.yml gives (absent ones left out); a wrong one is reported where it is and left out.
    No mkdocs.yml there: nothing (a data folder elsewhere, built with another configuration)."""
    if not config.is_file() and not config.is_symlink():
        return {}
    shown = display_path(config)
    tree = load(config, shown, report)
    if tree is None:
        return {}
    fields = Fields(tree, report, "mkdocs.yml", Location(shown, 1))
    texts = {}
    for key, limit in SITE_TEXTS.items():
        node = fields.raw(key)
        if node is None or isinstance(node, Scalar) and node.value is None:
            continue
        text = fields.line(key, limit=limit)
        if text is None:
            continue
        if markup := _MARKUP.search(text):
            report.warning(node.loc, f"'{key}' holds markup ({markup.group()}…): the site shows it "
                           "as written, as text", "write the text itself, e.g. © 2027 for &copy; 2027, and no tags")
        texts[key] = text
    return texts
