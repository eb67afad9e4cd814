"""The generated pages as the engine's pages: their content needs no Markdown conversion, each festival's pages
have a sidebar of that festival alone, and their output loses the white space no browser shows."""

from __future__ import annotations

import re
from typing import Any, cast

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import Abort
from mkdocs.structure.files import File, Files
from mkdocs.structure.nav import Navigation, Section
from mkdocs.structure.pages import Page
from mkdocs.structure.toc import get_toc

from generator.render.site import Site
from generator.render.site import Page as Generated
from generator.render.text import escape_text, toc_tokens

class GeneratedPage(Page):
    """A page whose content the generator wrote as HTML: read and 'rendered' without Markdown."""

    def __init__(self, label: str | None, file: File, config: MkDocsConfig, generated: Generated):
        super().__init__(label, file, config)
        self.generated = generated
        self.made_from = ""  # a digest of everything the page's output depends on (preview, build cache)
        self.reused: str | None = None  # the output of an earlier build made from the same (hooks.on_env writes it)
        self.cached = False  # its output is in the build cache (read when it is written)
        self._contents: Any = None  # (its contents, found when the theme shows them: `toc`)

    def read_source(self, config: MkDocsConfig) -> None:
        # The theme prints a page's meta title unescaped: the title is data, so it is escaped here.
        self.markdown = ""
        self.meta = {"title": escape_text(self.generated.title), "search": {"exclude": True}}

    def render(self, config: MkDocsConfig, files: Files) -> None:
        # The engine renders every page before it writes any: the content is given when the page is written
        # (on_page_context) and let go once it is (on_post_page), so that a whole archive is not held twice.
        self.content = ""
        self.links_to_anchors = None

    @property
    def present_anchor_ids(self) -> set[str]:
        """Its headings' anchors (for the engine's check of links to them), found when asked: a page made from the
        site in marks finds its headings when it is rendered (render/after.py)."""
        return {h.id for h in self.generated.toc}

    @present_anchor_ids.setter
    def present_anchor_ids(self, value: object) -> None:
        pass  # (the engine's own, from Markdown: this page has none)

    @property
    def toc(self) -> Any:
        """The page's contents, as the theme shows them beside the page (and in the sidebar on a phone): found
        when the theme renders the page (not for a page written as an earlier build made it, or from the site in
        marks, whose headings are found in its language then: render/after.py)."""
        if self._contents is None:
            self._contents = get_toc(cast(Any, toc_tokens(self.generated.toc)))
        return self._contents

    @toc.setter
    def toc(self, value: object) -> None:
        pass  # (the engine's own, from Markdown: this page has none)


def sidebars(site: Site, files: Files, only: set[str] | None = None) -> dict[str, Navigation]:
    """Each festival's sidebar (but those not in `only`, when given); its pages get their parents, and
    previous/next links, within it."""
    navs = {}
    for key, spec in site.sections.items():
        if only is not None and key not in only:
            continue
        owned = {path for path, section in site.section_of.items() if section == key}
        items = _items(spec, files)
        festival = [i for i in items if isinstance(i, Section)]
        _link_up(festival, None, owned)
        pages = [p for p in _flat(festival) if isinstance(p, Page) and p.file.src_uri in owned]
        for before, after in zip(pages, pages[1:], strict=False):
            before.next_page, after.previous_page = after, before
        navs[key] = Navigation(items, [p for p in _flat(items) if isinstance(p, Page)])
    return navs


def _items(spec: Any, files: Files) -> list[Any]:
    """A piece of navigation as the engine's items (the pages already exist)."""
    out: list[Any] = []
    for item in spec if isinstance(spec, list) else [spec]:
        if isinstance(item, str):
            out.append(_page(item, files))
            continue
        for label, value in item.items():
            out.append(_page(value, files) if isinstance(value, str) else Section(label, _items(value, files)))
    return out


def _page(path: str, files: Files) -> Page:
    file = files.get_file_from_path(path)
    if file is None or file.page is None:
        raise Abort(f"the navigation names {path}, which is not a page")
    return file.page


def _link_up(items: list[Any], parent: Section | None, owned: set[str]) -> None:
    """Parents within one sidebar, for its sections and for the pages that have this sidebar (the others have
    their own, where their parents are set)."""
    for item in items:
        if isinstance(item, Section):
            item.parent = parent
            _link_up(item.children, item, owned)
        elif item.file.src_uri in owned:
            item.parent = parent


def _flat(items: list[Any]) -> list[Any]:
    return [x for i in items for x in [i, *(_flat(i.children) if isinstance(i, Section) else [])]]


_LINE_BREAKS = re.compile(r"\n[ \t\n]+")  # (a line's indentation, and blank lines: one line break left)
# A line break next to the start or end tag of a block (a table cell, a list item, a div …) is never shown:
# browsers drop white space at the edges of blocks. So is one at the edges of the theme's one-line labels.
_BLOCKS = ("html|head|body|header|footer|main|nav|article|aside|section|div|p|ul|ol|li|dl|dt|dd|table|thead|"
           "tbody|tfoot|tr|td|th|h[1-6]|form|hr|meta|link|title|details|summary|blockquote|figure")
_BEFORE_BLOCK = re.compile(rf"\n(?=</?(?:{_BLOCKS})[\s/>])")
# A line break after such a tag (`<div …>`, `</div>`): found in the page written backwards, where the pattern begins
# with the line break and the tag follows it (`>vid/<`); the same line breaks as `<(?:BLOCKS)(?:\s[^>]*)?>\n` or
# `</(?:BLOCKS)>\n` forwards, which tries the names at every "<" of the page (two thirds of compacting's time).
_BACKWARDS = "|".join(name[::-1] if name != "h[1-6]" else "[1-6]h" for name in _BLOCKS.split("|"))
_AFTER_BLOCK_BACKWARDS = re.compile(rf"\n(?=>(?:(?:{_BACKWARDS})/<|(?:[^>]*\s)?(?:{_BACKWARDS})<))")
_LABEL = re.compile(r'<span class="md-ellipsis">\n([^<\n]*)\n</span>')
# The theme's links and icon buttons lay out their parts as flex items, where white space between them is not
# shown: a link's label, an icon's <svg>, a button's or a label's edges.
_CHROME = re.compile(r'\n(?:(?<=</span>\n)(?=</a>)|(?<=class="md-nav__link">\n)(?=<span)'
                     r'|(?=</?(?:svg|label|button)\b)|(?<=</svg>\n)|(?<=</label>\n)(?=<))')
# (Each pattern begins with the line break itself, so that the search jumps from one to the next: a pattern that
# begins with a look-behind is tried at every character, a hundred times slower on a whole archive.)


# The theme's drawer and search toggles (its base.html) carry autocomplete="off", which HTML does not allow on a
# checkbox (the Nu HTML Checker's error on every page): written without it.
_TOGGLE = re.compile(r'(<input class="md-toggle" data-md-toggle="(?:drawer|search)" type="checkbox" '
                     r'id="__(?:drawer|search)") autocomplete="off">')
# The title of the page's contents (partials/toc.html) is a label of their toggle (__toc), which only a page in the
# sidebar has (partials/nav-item.html); elsewhere (a player's page, an event's first page) a label of nothing.
_TOC_TITLE = re.compile(r'<label class="md-nav__title" for="__toc">(.*?)</label>', re.S)


def valid(output: str) -> str:
    """A page as HTML allows it: the theme's toggles without autocomplete; the contents' title a label only where
    the page has their toggle."""
    output = _TOGGLE.sub(r"\1>", output)
    if 'id="__toc"' not in output:
        output = _TOC_TITLE.sub(r'<div class="md-nav__title">\1</div>', output)
    return output


def compact(output: str) -> str:
    """A generated page without the theme's indentation, blank lines and the line breaks no browser shows (a
    third of its bytes; it holds no <pre>, where white space would count)."""
    output = _LINE_BREAKS.sub("\n", output)
    output = _AFTER_BLOCK_BACKWARDS.sub("", _BEFORE_BLOCK.sub("", output)[::-1])[::-1]
    output = _LABEL.sub(r'<span class="md-ellipsis">\1</span>', output)
    return valid(_CHROME.sub("", output))


def search_entries(site: Site) -> list[dict[str, str]]:
    """One short search entry for each player, event and festival (their names, places and years), not the
    tables of every round."""
    entries = []
    for src, generated in sorted(site.pages.items()):
        if generated.search is None:
            continue
        location = src[:-len("index.md")] if src.endswith("index.md") else src[:-len(".md")] + "/"
        entries.append({"location": location, "title": escape_text(generated.search.title),
                        "text": escape_text(generated.search.text)})
    return entries
