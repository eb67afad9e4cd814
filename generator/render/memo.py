"""Parts of the site kept between builds: an event's pages and files (its standings, rounds, rules, wall sheets …)
are made from that event's festival and from what came before it, nothing else; a player's page, from the
festivals he played in and what came before them. A build that is handed the parts of the last build (a Store,
from the engine's build cache) and a digest of each festival's folder takes such a part from there when nothing it
is made from changed, instead of rendering it again: a round's results render that festival's events and its
players' pages again, not the archive.

What an event's pages are made from (`event_key`):

- `Inputs.common`: everything every page depends on besides the festivals' folders: the data's other files (the
  players, a FESA tournament's folder, which may bring players too), the settings, the language and the site's
  addresses (the engine's digest of them); the code is the store's own (a store of other code is empty);
- its festival's folder (every file in it);
- every festival that may hold an event rated before it: FESA rates the events one after another, in the order
  of their last days, and an event's page shows the ratings in force when it was played. A festival counts when
  its first day (or an event's) is not after this festival's last day (or its events'); a festival or event
  without a day counts for all, and makes all count.

A player's page (`player_key`): `Inputs.common`, the festivals he played in (or gave a simul in) and those that may
come before them (his ratings, and his grade under the promotion system, come from the games before), and what the
renderer computed for him from the whole data: his Grand Prix lines, his next games, whether he has a calendar
feed (the feeds hold the latest festivals, whoever played there).

A festival's own pages (its front page, prizes, Grand Prix and programme: `festival_key`) are made from what its
events' pages are made from: their results, winners and prizes are on them.

A calendar feed (site.py `calendars`): a festival's programme, its festival, the data's latest day (the feeds'
date) and the digest of each time zone's rules as this machine has them; a player's, what it shows
(calendar.PlayerFeed: each of its entries in full, found once for all the languages), the feeds' date and the
zones' rules: a round's results write again the feeds of the players whose games changed.

A player's lines of one event (his place, his games, his rating there: `kept_value`) are kept apart too, under a key
made as the event's pages' is: a player's page rendered again takes the lines of his events whose festivals did not
change, rather than making every line of his career again.

An event's part holds its results API and wall sheets too, in the site's default language and in the site in marks
(which the default's part is made from), named in its `default_only` (another language's part leaves them out,
after.py `part`). Its ranks after
each round (its players' race lines) are kept apart, under a key made as its pages' is (`kept_ranks`): a player's
page rendered again takes them, rather than computing the standings after every round of each of his events.

A part is kept as data (never code), checked when it is read: a part that is not what `encode` writes is
rendered again. Each page is kept with the digest of its HTML, found when it was made (`Page.source`: what the
engine's cache keys its output by): a part taken from the cache is not hashed again, page by page, at every build.
The entry's bytes are checked against their SHA-256 when read, as every entry of the cache. A part is a line of
JSON, its head, then the pages' HTML and the text files' contents by their lengths (`encode`).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import enum
import functools
import json
from collections.abc import Callable
from fractions import Fraction
from typing import Any, Protocol, TypeVar

from ..messages import Text, Texts
from ..model import DataSet, Festival
from ..rules.standings import EventResults
from . import i18n
from .after import part as in_language
from .after import readable
from .base import Page, Site
from .keys import FORMAT, Memo
from .paths import SearchEntry
from .text import Heading


T = TypeVar("T")


class Rendering(Protocol):
    """A renderer: the parts of the last build, and the site it renders into."""

    memo: Memo | None
    site: Site


def kept(r: Rendering, part_of: str, key: Callable[[Memo], str], render: Callable[[], None] | None = None,
         shows: Callable[[], tuple[Any, Callable[[], None]]] | None = None, name: str | None = None) -> None:
    """What `render` adds to the site (the pages of an event, or a player: `part_of`), rendered, or as the last
    build kept it under the same key (without `render`, the one of `shows`).

    With `shows` (what the part shows, as values, and how it is rendered from them alone), a part whose key is new
    is still not rendered again where what it shows is as before: it is kept under the key of those values too
    (`Memo.shown_key`), which its own key then leads to. A round's results change the key of every player of the
    festival; the pages of those whose games, places and ratings stayed as they were are taken as they were.

    `name` names the part among those of its kind (an event's path, a player's id …): the site in the language of
    marks (render/marks.py) notes each part under it, with whether its marks can be read back; another language
    takes the part from there, its words put in (`_translated`), without its own key: it renders (or keeps) only
    those the site in marks cannot give."""
    memo = r.memo
    if memo is None:
        (render or _how(shows))()
        return
    ident = f"{part_of} {name}" if name is not None else None
    if ident is not None and memo.after is not None and (part := _translated(memo, part_of, ident)) is not None:
        _add(r.site, part)
        return
    digest = key(memo)
    found, part, read_back = _stored(memo, digest)
    marks = memo.marked is not None  # (the site in marks: each part's readability kept with it)
    if part is not None:
        memo.reused[part_of] += 1
    elif shows is not None:
        values, render = shows()
        found = memo.shown_key(part_of, plain(values))
        _, part, read_back = _stored(memo, found)
        if part is None:
            part, read_back = _made(r, part_of, found, render, marks)
        else:
            memo.reused[part_of] += 1
        memo.store.put(digest, LEADS_TO + found)
    else:
        assert render is not None, "a part is given by how it is rendered, or by what it shows"
        part, read_back = _made(r, part_of, digest, render, marks)
        found = digest
    if memo.marked is not None and ident is not None:
        # (the part itself, rendered or taken as kept, for the other languages, which this process's site in marks
        # is handed to: a kept one is not read again in each)
        memo.marked[ident] = found
        memo.marked_parts[found] = (part, read_back)
    _add(r.site, part)


def _made(r: Rendering, part_of: str, key: str, render: Callable[[], None], marks: bool) -> tuple[Site, bool | None]:
    """A part rendered and kept under `key`; in the site in marks (`marks`), with whether its marks can be read
    back."""
    assert r.memo is not None
    part = _rendered(r, render)
    read_back = readable(part) if marks else None
    r.memo.made[part_of] += 1
    r.memo.store.put(key, encode(part, read_back))
    return part, read_back


def made_each_build(r: Rendering, name: str, render: Callable[[], None]) -> None:
    """A page made from the whole data (the home page, the players' index …): rendered at every build, not kept.
    The site in marks notes it under `name`, as `kept` notes a part, and another language takes it from there, its
    words put in (`_translated`), where its marks can be read back."""
    memo = r.memo
    ident = f"page {name}"
    if memo is not None and memo.after is not None and (part := _translated(memo, "page", ident)) is not None:
        _add(r.site, part)
        return
    if memo is None or memo.marked is None:
        render()
        return
    part = _rendered(r, render)
    memo.marked[ident] = ident  # (in memory only: a key no part is kept under)
    memo.marked_parts[ident] = (part, readable(part))
    _add(r.site, part)


def _add(site: Site, part: Site) -> None:
    site.pages.update(part.pages)
    site.files.update(part.files)
    site.default_only.update(part.default_only)


def _how(shows: Callable[[], tuple[Any, Callable[[], None]]] | None) -> Callable[[], None]:
    """How a part given by what it shows is rendered."""
    assert shows is not None, "a part is given by how it is rendered, or by what it shows"
    return shows()[1]


LEADS_TO = "=>"  # a kept entry that is the key of another (kept): a part kept by what it shows (`kept`)


def _stored(memo: Memo, digest: str) -> tuple[str, Site | None, bool | None]:
    """The part kept under `digest`, following one entry that leads to another, the key it is kept under, and
    whether its marks can be read back (a part of the site in marks; None: not said); no part where there is none,
    or it is not what `encode` wrote."""
    text = memo.store.get(digest)
    if text is not None and text.startswith(LEADS_TO):
        digest = text[len(LEADS_TO):]
        text = memo.store.get(digest)
    found = decoded(text) if text is not None else None
    return (digest, *found) if found is not None else (digest, None, None)


def _translated(memo: Memo, part_of: str, ident: str) -> Site | None:
    """The part `ident` in this build's language, made from the same part in the site in marks (render/after.py:
    its files at once, its pages' titles, search entries and HTML when asked for), which this build's site in marks
    notes (`kept`); None where the site in marks has it not, or its marks cannot be read back (the part is rendered
    in this language, or kept by its own key)."""
    after = memo.after
    assert after is not None
    marked_key = after.marked.get(ident) if after.marked is not None else None
    if marked_key is None or (found := after.marked_parts.get(marked_key)) is None:
        return None
    if found[1] is None:  # (a part kept without saying: read for its marks once, for all the languages)
        found = after.marked_parts[marked_key] = (found[0], readable(found[0]))
    if not found[1]:
        return None
    memo.translated[part_of] += 1
    return in_language(found[0], i18n.current().code)


def _rendered(r: Rendering, render: Callable[[], None]) -> Site:
    """What `render` adds, rendered on a site of its own (which sees the site's date, not its pages)."""
    outer = r.site
    r.site = Site(updated=outer.updated)
    try:
        render()
        return r.site
    finally:
        r.site = outer


def plain(value: Any) -> Any:
    """`value` as JSON values, all of it: what a part kept by what it shows is keyed by (`kept`). Texts keep their
    message and values (a page gives them in its language), an organizer's text each language's; a dataclass, each
    field. Anything else stops the build: a value the key would not hold in full could leave a page as it was
    when it has changed. (What a value is, is found once for each type: `_kind_of`.)"""
    kind: Any = type(value)
    how = _KINDS.get(kind)
    if how is None:
        how = _KINDS[kind] = _kind_of(kind)
    if how is _AS_IS:
        return value
    if how is _TEXT_OF:
        return str.__str__(value)
    if how is _ITEMS:
        return [plain(v) for v in value]
    if how is _FIELDS:
        return [kind.__name__, *(plain(getattr(value, name)) for name in _field_names(kind))]
    if how is _TEXT:
        return ["text", value.message, value.plural, value.number, plain(value.values)]
    if how is _TEXTS:
        return ["texts", value.by_language]
    if how is _DICT:
        return ["dict", [[plain(k), plain(v)] for k, v in value.items()]]
    if how is _FRACTION:
        return ["fraction", value.numerator, value.denominator]
    if how is _DAY:
        return [kind.__name__, value.isoformat()]
    if how is _ENUM:
        return [kind.__name__, plain(value.value)]
    raise TypeError(f"a part's key cannot hold a {kind.__name__}")


# What `plain` makes of a value, by its type (`_kind_of`)
_AS_IS, _TEXT_OF, _ITEMS, _FIELDS, _TEXT, _TEXTS, _DICT, _FRACTION, _DAY, _ENUM, _NONE = (
    "as is", "text of", "items", "fields", "text", "texts", "dict", "fraction", "day", "enum", "none")
_KINDS: dict[type, str] = {}


def _kind_of(kind: type) -> str:
    """What `plain` makes of a value of the type `kind`, in this order: a Text (a str) with its message and values,
    an organizer's Texts, None, a bool and an int as they are, a str (a Markup among them) as plain text, a list or
    a tuple item by item, a dict, a Fraction, a day or a time, an Enum by its value, a dataclass field by field;
    else nothing (`plain` stops the build)."""
    if issubclass(kind, Text):
        return _TEXT
    if issubclass(kind, Texts):
        return _TEXTS
    if kind is type(None) or issubclass(kind, (bool, int)) and not issubclass(kind, str):
        return _AS_IS
    if issubclass(kind, str):
        return _AS_IS if kind is str else _TEXT_OF
    if issubclass(kind, (list, tuple)):
        return _ITEMS
    if issubclass(kind, dict):
        return _DICT
    if issubclass(kind, Fraction):
        return _FRACTION
    if issubclass(kind, (dt.date, dt.time)):
        return _DAY
    if issubclass(kind, enum.Enum):
        return _ENUM
    if dataclasses.is_dataclass(kind) and not issubclass(kind, type):
        return _FIELDS
    return _NONE


@functools.cache
def _field_names(kind: Any) -> tuple[str, ...]:
    """A dataclass's fields' names, in order (found once for each class)."""
    return tuple(f.name for f in dataclasses.fields(kind))


def encode(part: Site, read_back: bool | None = None) -> str:
    """A part (pages, files, default-language pages) as text: a line of JSON, its head, then the pages' HTML and the
    text files' contents one after another, each as long as the head gives (a page's HTML is most of a part: read
    back by its length, not parsed as a JSON string, with every quote of it escaped). For a part of the site in
    marks, whether its marks can be read back (`read_back`, after.readable)."""
    body: list[str] = []
    pages = []
    for path, p in part.pages.items():
        html = p.html
        body.append(html)
        pages.append([path, p.title, len(html), [[h.level, h.id, h.html] for h in p.toc],
                      [p.search.title, p.search.text] if p.search is not None else None, p.source().hex()])
    files: list[list[Any]] = []
    for path, content in part.files.items():
        if isinstance(content, str):
            body.append(content)
            files.append([path, "s", len(content)])
        else:
            files.append([path, "b", content.hex()])
    kept: dict[str, Any] = {"format": FORMAT, "pages": pages, "files": files, "default_only": sorted(part.default_only)}
    if read_back is not None:
        kept["read_back"] = read_back
    # (the head's JSON holds no line break: json.dumps writes one inside a string as \n)
    return json.dumps(kept, ensure_ascii=False, separators=(",", ":")) + "\n" + "".join(body)


def decode(text: str) -> Site | None:
    """The part `encode` wrote; None for anything else (never trusted: checked entry by entry)."""
    found = decoded(text)
    return found[0] if found is not None else None


def decoded(text: str) -> tuple[Site, bool | None] | None:
    """The part `encode` wrote, and whether its marks can be read back (None: not said); None for anything else."""
    head, _, body = text.partition("\n")
    try:
        found: Any = json.loads(head)
    except (ValueError, RecursionError):
        return None
    if not isinstance(found, dict) or found.get("format") != FORMAT:
        return None
    pages, files, only = found.get("pages"), found.get("files"), found.get("default_only")
    read_back = found.get("read_back")
    if not (isinstance(pages, list) and isinstance(files, list) and isinstance(only, list)
            and all(isinstance(p, str) for p in only) and (read_back is None or isinstance(read_back, bool))):
        return None
    part = Site()
    at = 0  # (where the next page's HTML or text file's content begins in the body)
    try:
        for path, title, length, toc, search, source in pages:
            if not (isinstance(path, str) and isinstance(title, str) and _length(length, body, at)
                    and isinstance(toc, list) and (search is None or _strings(search, 2))
                    and isinstance(source, str) and len(source) == 64):
                return None
            html, at = body[at:at + length], at + length
            headings = []
            for level, anchor, heading in toc:
                if not (isinstance(level, int) and isinstance(anchor, str) and isinstance(heading, str)):
                    return None
                headings.append(Heading(level, anchor, heading))
            part.pages[path] = Page.kept(title, html, tuple(headings), SearchEntry(*search) if search else None,
                                         bytes.fromhex(source))
        for path, how, content in files:
            if not (isinstance(path, str) and ((how == "s" and _length(content, body, at))
                                               or (how == "b" and isinstance(content, str)))):
                return None
            if how == "s":
                part.files[path], at = body[at:at + content], at + content
            else:
                part.files[path] = bytes.fromhex(content)
    except (TypeError, ValueError):  # (an entry of another length; hex that is not)
        return None
    if at != len(body):  # (the body is all the head gives, nothing else)
        return None
    part.default_only.update(only)
    return part, read_back


def _length(value: object, body: str, at: int) -> bool:
    """Whether `value` is the length of a text that the body holds from `at` on."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= len(body) - at


def _strings(value: object, n: int) -> bool:
    return isinstance(value, list) and len(value) == n and all(isinstance(v, str) for v in value)


def kept_ranks(memo: Memo | None, data: DataSet, festival: Festival, path: str, res: EventResults,
               compute: bool = True) -> tuple[dict[str, int], ...] | None:
    """Each player's rank after each round of event `path` (res.ranks): with the parts of the last build, as it
    kept them, put where the results keep what they computed, so that they are not computed again; and kept for
    the next build, wherever this one has them from (an event's pages draw them too). Without `compute`, None
    where neither this build nor the last has them (an event whose pages came from the last build: its ranks are
    kept alive for the players' pages of a later build, not computed for nothing)."""
    if memo is None:
        return res.ranks if compute else None
    if path in memo.ranked:  # (once a build: kept, or taken)
        return res.ranks
    key = memo.ranks_key(data, festival, path)
    if "ranks" in vars(res):  # (computed already: by the event's pages, or in the language built before)
        memo.ranked.add(path)
        memo.store.put(key, json.dumps(res.ranks, separators=(",", ":")))
        return res.ranks
    text = memo.store.get(key)
    kept = _ranks(text, res) if text is not None else None
    if kept is None and not compute:
        return None
    memo.ranked.add(path)
    if kept is None:
        memo.store.put(key, json.dumps(res.ranks, separators=(",", ":")))
        return res.ranks
    vars(res)["ranks"] = kept  # (where the property keeps what it computed)
    return kept


def kept_value(memo: Memo | None, key: Callable[[Memo], str], make: Callable[[], T],
               encode: Callable[[T], Any], decode: Callable[[Any], T | None]) -> T:
    """A value a part is made from (a player's lines of one event: players.py), as the last build kept it under
    `key`, or made, and kept for the next build. `encode` gives it as JSON values; `decode` gives it back, None for
    anything that is not what `encode` writes (never trusted: the value is made anew)."""
    if memo is None:
        return make()
    digest = key(memo)
    text = memo.store.get(digest)
    if text is not None:
        try:
            found = decode(json.loads(text))
        except (ValueError, RecursionError):
            found = None
        if found is not None:
            return found
    value = make()
    memo.store.put(digest, json.dumps(encode(value), ensure_ascii=False, separators=(",", ":")))
    return value


def _ranks(text: str, res: EventResults) -> tuple[dict[str, int], ...] | None:
    """The ranks kept as `kept_ranks` writes them: a rank for each of the event's players after each of its
    completed rounds; None for anything else (never trusted: checked throughout)."""
    try:
        found = json.loads(text)
    except (ValueError, RecursionError):
        return None
    players = {s.player for s in res.final}
    if not (isinstance(found, list) and len(found) == res.completed and all(
            isinstance(r, dict) and r.keys() == players and all(type(v) is int for v in r.values()) for r in found)):
        return None
    return tuple(found)

