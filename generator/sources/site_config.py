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
from ..messages import N_
from .fields import Fields
from .yamltree import MAX_LINE, NOTE_LINE, Mapping, Scalar, Sequence, load

# Each text and its limit in characters: a name in a header, a sentence or two of description.
SITE_TEXTS = {"site_name": MAX_LINE, "site_author": MAX_LINE, "site_description": NOTE_LINE,
              "copyright": NOTE_LINE}
# The shipped mkdocs.yml's name and description: a site that keeps them shows them in each language's words (an
# organizer's own are shown as written, or as `extra.site_name`/`extra.site_description` give them per language).
DEFAULTS = {
    # Translators: the site's name in its header, its sidebar and every page's title (unless the organizer names it)
    "site_name": N_("Banzuke · results"),
    # Translators: the site's description for search engines (unless the organizer writes one)
    "site_description": N_("Results, standings and pairings of mind-sports festivals, published from data files."),
}
IN_LANGUAGES = ("site_name", "site_description")  # the texts `extra` may give per language
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
    _per_language(fields, report)
    return texts


def _per_language(fields: Fields, report: Report) -> None:
    """`extra.site_name` and `extra.site_description`: the text in each language the organizer wants it in, by the
    code of a language of `extra.languages`, e.g. {en: Leiden Shogi Days, nl: Leidse Shogidagen}."""
    extra = fields.raw("extra")
    if not isinstance(extra, Mapping):
        return
    languages = extra.get("languages")
    if isinstance(languages, Sequence):
        codes = {str(n.value) for n in languages if isinstance(n, Scalar)}
    elif isinstance(languages, Scalar) and isinstance(languages.value, str):
        codes = set(languages.value.replace(",", " ").split())
    else:
        codes = {"en"}  # (the site in English alone)
    for key in IN_LANGUAGES:
        node = extra.get(key)
        if node is None:
            continue
        if not isinstance(node, Mapping):
            report.error(node.loc, f"'extra.{key}' is not a mapping of language codes to texts",
                         f"write e.g. {key}: {{en: …, nl: …}}, one line of text for each language")
            continue
        own = Fields(node, report, f"extra.{key}", node.loc)
        for code in node.keys():
            if code not in codes:
                key_node = node.key_node(code)
                report.error(key_node.loc if key_node else node.loc,
                             f"'{code}' in 'extra.{key}' is not one of the site's languages",
                             f"use a code of extra.languages: {', '.join(sorted(codes))}")
                own.raw(code)
                continue
            text, value = own.line(code, limit=SITE_TEXTS[key]), node.get(code)
            if text is not None and value is not None and (markup := _MARKUP.search(text)):
                report.warning(value.loc, f"'extra.{key}' holds markup ({markup.group()}…): the site shows it as "
                               "written, as text", "write the text itself, and no tags")
        own.finish()
