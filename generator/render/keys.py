"""The keys of the parts of the site kept between builds (memo.py says what an event's pages and a player's page
are made from): digests of the data's folders and of what every page depends on, and the rule of which festivals
a part depends on."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..model import DataSet, Festival

FORMAT = "banzuke-part/3"


class Store(Protocol):
    """Where the parts are kept: text by a 64-hex-digit key (the engine's build cache)."""

    def get(self, key: str) -> str | None: ...

    def put(self, key: str, value: str) -> None: ...


class OwnStore:
    """A store used only by the process that opened it: in a process forked from it (a language built side by
    side), nothing is read from it or written to it, since its open files are that process's."""

    def __init__(self, store: Store) -> None:
        self.store, self.process = store, os.getpid()

    def get(self, key: str) -> str | None:
        return self.store.get(key) if os.getpid() == self.process else None

    def put(self, key: str, value: str) -> None:
        if os.getpid() == self.process:
            self.store.put(key, value)


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
    reused: Counter[str] = field(default_factory=Counter)  # by part: "event", "player", "feed"
    made: Counter[str] = field(default_factory=Counter)
    ranked: set[str] = field(default_factory=set)  # the events whose ranks after each round are kept (memo.kept_ranks)
    translated: Counter[str] = field(default_factory=Counter)  # made from the part in the language of marks
    # The site in the language of marks (render/marks.py): the key each part is kept under, by its name (memo.kept);
    # and the part itself, with whether its marks can be read back (None: not yet asked, for a part taken as kept)
    marked: dict[str, str] | None = None
    marked_parts: dict[str, tuple[Any, bool | None]] = field(default_factory=dict)
    after: Memo | None = None  # another language's: those pages in marks, which it puts its words in
    _spans: dict[str, tuple[dt.date, dt.date]] = field(default_factory=dict)
    _digested: dict[tuple[str, ...], str] = field(default_factory=dict)  # by festivals' ids (_festivals_digest)
    _before: dict[dt.date, list[str]] = field(default_factory=dict)  # by the last day (`before`)

    def event_key(self, data: DataSet, festival: Festival, path: str) -> str:
        """The key of the pages of event `path` of `festival` (the module's docstring says what they depend on)."""
        return self.key("event", path, self.before(data, [festival]))

    def festival_key(self, data: DataSet, festival: Festival) -> str:
        """The key of a festival's own pages (its front page, prizes, Grand Prix, programme): made from what its
        events' pages are made from (their results, winners and prizes are on them)."""
        return self.key("festival", festival.id, self.before(data, [festival]))

    def ranks_key(self, data: DataSet, festival: Festival, path: str) -> str:
        """The key of event `path`'s ranks after each round (its players' race lines): made from what its pages
        are made from."""
        return self.key("ranks", path, self.before(data, [festival]))

    def lines_key(self, data: DataSet, festival: Festival, pid: str, path: str) -> str:
        """The key of player `pid`'s lines of event `path` on his page (his place, games and rating there): made
        from what the event's pages are made from."""
        return self.key("lines", f"{pid} {path}", self.before(data, [festival]))

    def player_key(self, data: DataSet, pid: str, festivals: list[Festival], shown: list[str | bool]) -> str:
        """The key of a player's page: the festivals he played in and those that may come before them (his
        games, his ratings and his grade through them), and what the renderer computed for him from the whole
        data (`shown`: his Grand Prix lines, his next games, whether he has a calendar feed)."""
        return self.key("player", pid, self.before(data, festivals), shown)

    def shown_key(self, unit: str, shown: object) -> str:
        """The key of a part by what it shows (memo.kept): `shown`, as JSON values, and what every page depends on
        (the language and the site's addresses among it)."""
        text = json.dumps([FORMAT, "shown", unit, self.inputs.common, shown], ensure_ascii=False,
                          separators=(",", ":"))
        return hashlib.sha256(text.encode("utf-8")).hexdigest()

    def before(self, data: DataSet, festivals: list[Festival]) -> list[str]:
        """The festivals that may hold an event rated before one of `festivals` (theirs included)."""
        if not festivals:
            return []
        if not self._spans:
            self._spans.update({f.id: span(f) for f in data.festivals})
        last = max(self._spans[f.id][1] for f in festivals)
        found = self._before.get(last)
        if found is None:  # (found once for each last day: thousands of keys, a few dozen days)
            found = self._before[last] = [f.id for f in data.festivals if self._spans[f.id][0] <= last]
        return list(found)

    def key(self, unit: str, name: str, festivals: list[str], shown: list[str | bool] | None = None) -> str:
        text = json.dumps([FORMAT, unit, name, self.inputs.common, self._festivals_digest(festivals), shown or []])
        return hashlib.sha256(text.encode("utf-8")).hexdigest()

    def _festivals_digest(self, festivals: list[str]) -> str:
        """The digest of `festivals`' ids and folders' digests, found once for each set of them (a few dozen sets
        for thousands of keys: `before` gives one set for each festival's last day)."""
        given = tuple(festivals)  # (as given: a set comes in the same order each time, and is sorted once)
        found = self._digested.get(given)
        if found is None:
            text = json.dumps([[f, self.inputs.festivals.get(f, "")] for f in sorted(given)])
            found = self._digested[given] = hashlib.sha256(text.encode("utf-8")).hexdigest()
        return found


def span(festival: Festival) -> tuple[dt.date, dt.date]:
    """The festival's first and last days, its events' included; unbounded where one has no day."""
    days = [festival.start, festival.end, *(d for e in festival.events for d in (e.start, e.end))]
    if any(d is None for d in days):
        return dt.date.min, dt.date.max
    known = [d for d in days if d is not None]
    return min(known), max(known)
