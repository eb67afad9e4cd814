"""Parts of the site kept between builds: an event's pages and files (its standings, rounds, rules, wall sheets …)
are made from that event's festival and from what came before it, nothing else. A build that is handed the parts
of the last build (a Store, from the engine's build cache) and a digest of each festival's folder takes an
event's pages from there when nothing they are made from changed, instead of rendering them again: a round's
results render that festival's events again, not the archive.

What an event's pages are made from (`event_key`):

- `Inputs.common`: everything every page depends on besides the festivals' folders: the data's other files (the
  players, a FESA tournament's folder, which may bring players too), the settings, the language and the site's
  addresses (the engine's digest of them); the code is the store's own (a store of other code is empty);
- its festival's folder (every file in it);
- every festival that may hold an event rated before it: FESA rates the events one after another, in the order
  of their last days, and an event's page shows the ratings in force when it was played. A festival counts when
  its first day (or an event's) is not after this festival's last day (or its events'); a festival or event
  without a day counts for all, and makes all count.

A part is kept as JSON (never code), checked when it is read: a part that is not what `encode` writes is
rendered again.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..model import DataSet, Festival
from .base import Page, Site
from .paths import SearchEntry
from .text import Heading

FORMAT = "banzuke-part/1"


class Store(Protocol):
    """Where the parts are kept: text by a 64-hex-digit key (the engine's build cache)."""

    def get(self, key: str) -> str | None: ...

    def put(self, key: str, value: str) -> None: ...


@dataclass(frozen=True)
class Inputs:
    """Digests of what the site is made from: `common`, what every page depends on; `festivals`, each festival's
    folder by the festival's id."""

    common: str
    festivals: Mapping[str, str]


@dataclass
class Memo:
    """The parts of the last build (`store`) and the digests of this build's inputs; how many parts were taken
    from the store and how many made."""

    store: Store
    inputs: Inputs
    reused: int = 0
    made: int = 0
    _spans: dict[str, tuple[dt.date, dt.date]] = field(default_factory=dict)

    def event_key(self, data: DataSet, festival: Festival, path: str) -> str:
        """The key of the pages of event `path` of `festival` (the module's docstring says what they depend on)."""
        if not self._spans:
            self._spans.update({f.id: span(f) for f in data.festivals})
        last = self._spans[festival.id][1]
        before = [f.id for f in data.festivals if self._spans[f.id][0] <= last]
        return self.key("event", path, before)

    def key(self, unit: str, name: str, festivals: list[str]) -> str:
        text = json.dumps([FORMAT, unit, name, self.inputs.common,
                           [[f, self.inputs.festivals.get(f, "")] for f in sorted(festivals)]])
        return hashlib.sha256(text.encode("utf-8")).hexdigest()


def span(festival: Festival) -> tuple[dt.date, dt.date]:
    """The festival's first and last days, its events' included; unbounded where one has no day."""
    days = [festival.start, festival.end, *(d for e in festival.events for d in (e.start, e.end))]
    if any(d is None for d in days):
        return dt.date.min, dt.date.max
    known = [d for d in days if d is not None]
    return min(known), max(known)


def kept(memo: Memo | None, key: Callable[[Memo], str], site: Site, make: Callable[[], Site],
         into: Callable[[Site, Site], None]) -> None:
    """Into `site` the part `make` renders (on a Site of its own), or the same part as the last build kept it."""
    if memo is None:
        into(site, make())
        return
    digest = key(memo)
    text = memo.store.get(digest)
    part = decode(text) if text is not None else None
    if part is not None:
        memo.reused += 1
    else:
        part = make()
        memo.made += 1
        memo.store.put(digest, encode(part))
    into(site, part)


def encode(part: Site) -> str:
    """A part (pages, files, default-language pages) as JSON text."""
    pages = [[path, p.title, p.html, [[h.level, h.id, h.html] for h in p.toc],
              [p.search.title, p.search.text] if p.search is not None else None] for path, p in part.pages.items()]
    files = [[path, "s", content] if isinstance(content, str) else [path, "b", content.hex()]
             for path, content in part.files.items()]
    return json.dumps({"format": FORMAT, "pages": pages, "files": files, "default_only": sorted(part.default_only)},
                      ensure_ascii=False, separators=(",", ":"))


def decode(text: str) -> Site | None:
    """The part `encode` wrote; None for anything else (never trusted: checked entry by entry)."""
    try:
        found: Any = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(found, dict) or found.get("format") != FORMAT:
        return None
    pages, files, only = found.get("pages"), found.get("files"), found.get("default_only")
    if not (isinstance(pages, list) and isinstance(files, list) and isinstance(only, list)
            and all(isinstance(p, str) for p in only)):
        return None
    part = Site()
    try:
        for path, title, html, toc, search in pages:
            if not (isinstance(path, str) and isinstance(title, str) and isinstance(html, str)
                    and isinstance(toc, list) and (search is None or _strings(search, 2))):
                return None
            headings = []
            for level, anchor, heading in toc:
                if not (isinstance(level, int) and isinstance(anchor, str) and isinstance(heading, str)):
                    return None
                headings.append(Heading(level, anchor, heading))
            part.pages[path] = Page(title, html, tuple(headings), SearchEntry(*search) if search else None)
        for path, how, content in files:
            if not (isinstance(path, str) and how in ("s", "b") and isinstance(content, str)):
                return None
            part.files[path] = content if how == "s" else bytes.fromhex(content)
    except (TypeError, ValueError):  # (an entry of another length; hex that is not)
        return None
    part.default_only.update(only)
    return part


def _strings(value: object, n: int) -> bool:
    return isinstance(value, list) and len(value) == n and all(isinstance(v, str) for v in value)
