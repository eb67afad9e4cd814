"""The theme's frame rendered once for the pages it is the same on.

The theme renders every page's frame from scratch: its sidebar, its header, its styles and scripts. Much of it is
the same from one page to the next, and theme/ renders such a part once and prints it again where it recurs
(env.globals["banzuke_frame"], made anew for each build in engine/hooks.py on_env):

- **a sidebar**, for a page that is not in it (a player, a round not listed, a wall sheet): none of its items is
  the page or on the way to it (theme/partials/nav.html);
- **an item of a sidebar** that is not on the way to the page (another event of the festival, another round of
  the event): it is printed as an earlier page rendered it, with its links written from this page (theme/partials/
  nav-item.html); the items on the way to the page, the page's own with its contents, are rendered each time;
- **the parts the same on every page as deep in the site** (the stylesheets, the scripts and their settings, the
  search's form, the colour switch, the logo): printed as on the first page as deep (theme/main.html,
  theme/partials/header.html).

What makes a part differ from page to page is its links, each relative to the page (the engine's `url` filter,
mkdocs.utils.normalize_url). An item is kept cut at its links, each link replaced by the address of the page it
leads to, and printed with each written from the page it is printed on by the engine's own function: so it is the
same from every page, wherever it is. A whole sidebar is kept as it is: a link to a page that is not the page itself
or below it is written the same from every page of the same folder, so it is keyed by the folder the page's links
lead from, or by the page's own address when one of its links leads to it or below it. What a part says is its
sidebar's (the labels a page has in one sidebar, engine/hooks.py on_page_context): the sidebar is in the key too.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Hashable

from jinja2 import Undefined
from mkdocs.structure.pages import Page
from mkdocs.utils import normalize_url

_Base = tuple[str, ...]
_HREF = re.compile(r'(?<= href=")([^"<>]*)(?=")')  # (a link's address, as the theme writes it: in double quotes)


class Frame:
    """The parts of one build's frames rendered so far, by key; a key of None is a part rendered every time."""

    def __init__(self, assets: str) -> None:
        self.kept: dict[Hashable, str] = {}
        self._assets = assets  # (a page under the assets' folder would reach them by other links: never kept)
        self._bases: dict[str, _Base] = {}
        self._below: dict[int, tuple[frozenset[int], frozenset[_Base]] | None] = {}
        self._items: dict[Hashable, tuple[str, ...] | None] = {}  # an item's text and its links' pages (_pieces)
        self._links: dict[tuple[str, str], str] = {}  # (a page's address, the page's it is on): the link

    def keep(self, key: Hashable | None, html: str) -> str:
        """`html`, kept under `key` for the next page with that key (printed as it is: theme/ prints it)."""
        if key is not None:
            self.kept[key] = html
        return html

    def sidebar_key(self, page: object, nav: object, links: list[object]) -> Hashable | None:
        """The key of a whole sidebar, for a page that is not in it; None for a page that is. `links`: those of
        the sidebar besides its items' (its logo's, and where the logo leads; None: no link). The key is the
        sidebar and the folder the page's links lead from, or the page's own address when a link leads there."""
        items = getattr(nav, "items", None)
        url = getattr(page, "url", None)
        if not isinstance(items, list) or not isinstance(page, Page) or not isinstance(url, str):
            return None
        below = [self._under(item) for item in items]
        if any(b is None or id(page) in b[0] for b in below):
            return None  # (a link this function cannot place, or the page itself)
        base = self._bases.get(url)
        if base is None:
            base = self._bases[url] = _base(url)
        more = [_parts(str(link)) for link in links if link is not None]
        if not base or any(base in b[1] for b in below if b is not None) or any(p[:len(base)] == base for p in more):
            return "nav", id(nav), "=", base
        return "nav", id(nav), "/", base[:-1]

    def item_key(self, page: object, nav: object, item: object, path: object, level: object,
                 parent: object) -> Hashable | None:
        """The key of an item of a sidebar (theme/partials/nav-item.html's `render`), by the sidebar, the item,
        its place (its toggles' ids and its level) and whether its parent is open; None for an item that is the
        page or holds it, or is open (on the way to the page)."""
        if getattr(item, "active", False) is True or not isinstance(page, Page):
            return None
        below = self._under(item)
        if below is None or id(page) in below[0]:
            return None
        opened = not isinstance(parent, Undefined) and getattr(parent, "active", False) is True
        return "item", id(nav), id(item), path, level, opened

    def kept_item(self, page: object, nav: object, item: object, path: object, level: object,
                  parent: object) -> str | None:
        """An item of a sidebar as an earlier page printed it, its links written from this page (item_key); None
        for an item not kept."""
        key = self.item_key(page, nav, item, path, level, parent)
        pieces = self._items.get(key) if key is not None else None
        if pieces is None:
            return None
        assert isinstance(page, Page)
        out = list(pieces)
        for at in range(1, len(out), 2):
            out[at] = self._link(out[at], page)
        return "".join(out)

    def keep_item(self, page: object, nav: object, item: object, path: object, level: object, parent: object,
                  html: str) -> str:
        """`html`, an item rendered on `page`, kept for the next page with its key, with the page each of its links
        leads to in place of the link; not kept when a link is not one of the item's pages' as the engine
        writes it from this page."""
        key = self.item_key(page, nav, item, path, level, parent)
        if key is not None:
            assert isinstance(page, Page)
            self._items[key] = self._pieces(str(html), page, item)
        return html

    def _pieces(self, html: str, page: Page, item: object) -> tuple[str, ...] | None:
        """The item's text cut at its links: text, the page a link leads to, text …; None when a link cannot be
        told for one of the item's pages (or two of them are written alike)."""
        targets = {leaf.url for leaf in _leaves(item) if isinstance(leaf, Page)}
        written = {self._link(target, page): target for target in targets}
        if len(written) != len(targets):
            return None
        cut = _HREF.split(html)
        pieces = [cut[0]]
        for link, text in zip(cut[1::2], cut[2::2], strict=True):
            target = written.get(link)
            if target is None:
                return None
            pieces += [target, text]
        return tuple(pieces)

    def _link(self, target: str, page: Page) -> str:
        """The link to the page at `target` from `page`, as the engine's `url` filter writes it."""
        key = (target, page.url)
        found = self._links.get(key)
        if found is None:
            found = self._links[key] = normalize_url(target, page=page)
        return found

    def depth_key(self, name: str, page: object, base_url: object) -> Hashable | None:
        """The key of a part whose only links are to the site's own files (the stylesheets, the scripts, the
        logo): the same on every page as deep in the site (`base_url`, the way up to the site's root)."""
        url = getattr(page, "url", None)
        if not isinstance(page, Page) or not isinstance(url, str) or url.startswith(self._assets):
            return None
        return name, str(base_url)

    def _under(self, item: object) -> tuple[frozenset[int], frozenset[_Base]] | None:
        """The pages below an item (it included) and every folder their addresses pass through; None when a
        link below it is not to a page of the site (a link of mkdocs.yml's navigation, a page listing pages)."""
        known = self._below.get(id(item), ())
        if known != ():
            return known  # type: ignore[return-value]
        pages: set[int] = set()
        folders: set[_Base] = set()
        found: tuple[frozenset[int], frozenset[_Base]] | None = (frozenset(), frozenset())
        for leaf in _leaves(item):
            url = getattr(leaf, "url", None)
            if not isinstance(leaf, Page) or not isinstance(url, str) or getattr(leaf, "pages", None):
                found = None
                break
            pages.add(id(leaf))
            parts = _parts(url)
            folders.update(parts[:n] for n in range(len(parts) + 1))
        if found is not None:
            found = (frozenset(pages), frozenset(folders))
        self._below[id(item)] = found
        return found


def _leaves(item: object) -> list[object]:
    children = getattr(item, "children", None)
    if not children:
        return [item]
    return [leaf for child in children for leaf in _leaves(child)]


def _parts(url: str) -> _Base:
    """An address's folders, as the engine's get_relative_url reads the address a link leads to."""
    path = posixpath.normpath(url if url.startswith("/") else "/" + url)[1:]
    return tuple(path.split("/")) if path else ()


def _base(url: str) -> _Base:
    """The folders of the place a page's links lead from, as get_relative_url reads the page's own address (a
    file's name left out)."""
    folder, _, name = url.rpartition("/")
    return _parts(folder if "." in name else url)
