"""A part of the site rendered in the language of marks (marks.py), in another language: each mark replaced by that
language's text, escaped as the mark was, then the page's headings found as its language names them.

`text(marked, code)` gives None where a mark is not read back whole or names what cannot be written here (a mark
cut, quoted in a URL or in JSON, a message no catalogue holds, a placeholder the language's message writes
otherwise): such a part is rendered in the language itself (memo.py)."""

from __future__ import annotations

import datetime as dt
import functools
import html
import json
import re
from collections.abc import Callable
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Any

from babel.lists import format_list
from markupsafe import escape

from . import i18n
from .base import Page, Site, in_sentence
from .marks import CLOSE, MESSAGES, OPEN, PLACEHOLDER, SENTINEL, SLOT, Message, texts_of
from .marks import message as noted
from .paths import SearchEntry
from .text import (TAG, Heading, capitalized, country_name, date_range, heading_anchor, long_date, money,
                   percent_of, points, unbroken, unique)

_Escape = Callable[[str], str]
_ESCAPES: dict[str, _Escape] = {
    "markupsafe": lambda s: str(escape(s)),
    "html": lambda s: html.escape(s, quote=True),
    "html-no-quotes": lambda s: html.escape(s, quote=False),
    # Jinja's tojson (a page's settings for its scripts): JSON, then <, >, & and ' as \u escapes
    "json": lambda s: json.dumps(s)[1:-1].replace("<", "\\u003c").replace(">", "\\u003e").replace(
        "&", "\\u0026").replace("'", "\\u0027"),
}


@functools.cache
def _sentinels() -> dict[str, tuple[_Escape, ...]]:
    """The sentinel as each way of escaping it, up to three times over, leaves it -> those escapes, in order."""
    found: dict[str, tuple[_Escape, ...]] = {SENTINEL: ()}
    layer = dict(found)
    for _ in range(3):
        deeper = {}
        for text, done in layer.items():
            for how in _ESCAPES.values():
                escaped = how(text)
                if escaped not in found:
                    deeper[escaped] = found[escaped] = (*done, how)
        layer = deeper
    return found


@functools.cache
def _sentinel() -> re.Pattern[str]:
    """The sentinel at the start of a mark's head, however escaped (the longest form first)."""
    return re.compile("|".join(re.escape(s) for s in sorted(_sentinels(), key=len, reverse=True)))


# What a mark leaves where it was written by other means than these escapes: quoted in a URL or in JSON, or as an
# HTML character reference (a part with any of them is rendered in the language itself)
_LEFT = re.compile(r"%0[123]|\\u000[123]|\\x0[123]|&#0*[123];|&#x0*[123];", re.IGNORECASE)


def prepared(marked: str) -> str | None:
    """A page of the site in marks (the theme's frame around a part's page) made ready, once, for each language to
    put its words in (`page`): the marks in its scripts' settings (JSON: their control characters written \\u0001
    …) as the others, its headings' anchors as tokens; None where a mark cannot be read back."""
    if "\\u000" in marked:
        marked = marked.replace("\\u0001", OPEN).replace("\\u0002", SLOT).replace("\\u0003", CLOSE)
    # (whole: as many marks closed as opened, nothing quoted. Each of its parts' marks was read back by `readable`;
    # a mark of its own that a language cannot put its words in leaves the page rendered in that language)
    if _LEFT.search(marked) or marked.count(OPEN) != marked.count(CLOSE):
        return None
    return _ANCHOR_MARK.sub(_anchor_token, marked)


def page(ready: str, code: str, theme: Callable[[str], str]) -> str | None:
    """A page of the site in marks, `prepared`, in the language `code`, the current one: as `anchored`, with the
    theme's own texts (`theme`, by key)."""
    found = anchored([ready], code, theme, ready=True)
    return found[0] if found else None


def anchored(marked: list[str], code: str, theme: Callable[[str], str] | None = None,
             ready: bool = False) -> list[str] | None:
    """Texts of one page (its HTML first, then any other: its contents' anchors and titles) in the language
    `code`: their marks put in (`text`), then the anchors of the page's headings made from their words, in the
    page's order, as text.headings makes them; None where a mark cannot be read back. `ready`: the texts are as
    `prepared` makes them."""
    done = [text(t if ready else _ANCHOR_MARK.sub(_anchor_token, t), code, theme, checked=ready) for t in marked]
    texts = [t for t in done if t is not None]
    if len(texts) != len(marked) or not texts:
        return None
    if _TOKEN_START not in "".join(texts):
        return texts
    used: set[str] = set()
    anchors: dict[str, str] = {}
    for m in _ANCHORED.finditer(texts[0]):  # (the heading's number in the page, and its own anchor if it has one)
        given = m[1].partition("=")[2]
        anchors[m[1]] = unique(given or heading_anchor(m[2]), used)
    failed = False

    def put(m: re.Match[str]) -> str:
        nonlocal failed
        found = anchors.get(m[1])
        if found is None:
            failed = True
            return m[0]
        return found

    out = [_TOKEN.sub(put, t) for t in texts]
    return None if failed else out


# A heading's anchor in marks (marks.heading_mark), as the page wrote it, and the token it is while the page's other
# marks are put in; the page's headings as text.headings writes them, with such a token
_TOKEN_START, _TOKEN_END = "\x04", "\x05"
_ANCHOR_MARK = re.compile(f"{OPEN}([^{OPEN}{SLOT}{CLOSE}I]*)I([0-9]+(?:=[\\w-]+)?){CLOSE}")
_TOKEN = re.compile(f"{_TOKEN_START}([^{_TOKEN_END}]*){_TOKEN_END}")
_ANCHORED = re.compile(f'<h[1-6] id="{_TOKEN_START}([^{_TOKEN_END}]*){_TOKEN_END}">(.*?)<a class="headerlink" href="#',
                       re.S)


def _anchor_token(m: re.Match[str]) -> str:
    if m[1] not in _sentinels():
        return m[0]  # (not a sentinel as any escape leaves it: left to `text`, which finds no such mark)
    return f"{_TOKEN_START}{m[2]}{_TOKEN_END}"


def text(marked: str, code: str, theme: Callable[[str], str] | None = None, checked: bool = False) -> str | None:
    """`marked` with each mark's text in the language `code`, the current one (i18n.speaking; not the source
    language: only another language's pages are made this way); None where a mark cannot be read back (the
    module's docstring; `checked`: it was, by `readable`). Marks are put in from the innermost out, each once a
    process (`_known_marks`), or as an earlier build put it in (`keep_marks`)."""
    if not checked and _LEFT.search(marked):
        return None
    at_root = not i18n.current().root  # (the default language's pages, at the site's root: marks.rootward)
    known = _known_marks(code, at_root)
    earlier = _earlier_marks(code, at_root)
    kept = _kept_marks(code, at_root)

    def put(m: re.Match[str]) -> str | None:
        whole = m[0]
        value = known.get(whole)
        if value is None:
            value = earlier.get(whole)
            if value is None:
                parts = _head(m[1])
                if parts is None:
                    return None
                value = _value(parts, m[2].split(SLOT)[1:], code, theme, at_root)
                if value is None:
                    return None
                if parts[1] not in _NOT_KEPT:
                    kept[whole] = value
            else:
                kept[whole] = value
            known[whole] = value
        return value

    done = _inside_out(marked, put)
    if done is None:
        return None
    marked = done
    if _SET_START in marked:  # (where the page sets type as its language does)
        if code == "ja":
            marked = _SET.sub(lambda m: i18n.typeset(m[1]), marked)
        marked = marked.replace(_SET_START, "").replace(_SET_END, "")
    return marked


_SET_START, _SET_END = "\x06", "\x07"  # (marks.typeset_marks, while the page's marks are put in)
_SET = re.compile(f"{_SET_START}(.*?){_SET_END}", re.S)


_INNERMOST = re.compile(f"{OPEN}([^{OPEN}{SLOT}{CLOSE}]*)((?:{SLOT}[^{OPEN}{SLOT}{CLOSE}]*)*){CLOSE}")


def _inside_out(marked: str, value: Callable[[re.Match[str]], str | None]) -> str | None:
    """`marked` with each mark in place of `value` of it (its head, then its slots), from the innermost out (a
    mark's slots hold the marks of its values); None where `value` gives None, or a mark is not whole."""
    failed = False

    def put(m: re.Match[str]) -> str:
        nonlocal failed
        found = value(m)
        if found is None:
            failed = True
            return m[0]
        return found

    while OPEN in marked:
        done = _INNERMOST.sub(put, marked)
        if failed or done == marked:
            return None
        marked = done
    return None if SLOT in marked or CLOSE in marked else marked


@functools.cache
def _known_marks(code: str, at_root: bool) -> dict[str, str]:
    """The marks put in so far in the language `code`, each with its text (a page shows the same points, words and
    countries over and over); `at_root`: in the pages of the default language, at the site's root."""
    return {}


# The marks an earlier build put in (the build cache keeps them: engine/build.py), and those of this process that the
# next build may take (`kept_marks`). A mark's text is a function of the mark alone (its kind, its payload and its
# slots, every value it shows written in it, inner marks already put in), the language, whether the page is at the
# site's root, and the code (the catalogues, Babel's data: the cache holds only what the same code wrote); but for an
# organizer's text, which the data gives (t, O), and the theme's own (T): those are put in anew at every build.
_NOT_KEPT = frozenset("tOT")
MAX_KEPT_MARKS = 20_000  # (a round's results put in a few thousand in a language; a cold build, 40,000 at 5,000 pages)


@functools.cache
def _earlier_marks(code: str, at_root: bool) -> dict[str, str]:
    return {}


@functools.cache
def _kept_marks(code: str, at_root: bool) -> dict[str, str]:
    return {}


def keep_marks(code: str, root: str, found: object) -> bool:
    """The marks an earlier build put in, in the language `code` (`root`: the way from its pages to the site's root,
    as i18n.speaking has it), as `kept_marks` gave them (read from the build cache, which holds only what the same
    code wrote), taken where this process has not put them in; anything but an object of at most MAX_KEPT_MARKS
    texts by text is ignored: whether it was taken."""
    if not (type(found) is dict and len(found) <= MAX_KEPT_MARKS
            and all(type(k) is str and type(v) is str for k, v in found.items())):
        return False
    earlier = _earlier_marks(code, not root)
    earlier.clear()
    earlier.update(found)
    return True


def kept_marks(code: str, root: str) -> dict[str, str] | None:
    """The marks this process put in in the language `code` for the next build (`keep_marks`): those of the kinds
    kept, found or taken; None where they are more than MAX_KEPT_MARKS (a cold build's, most of them of pages that
    the next build does not make: the earlier ones are kept)."""
    kept = _kept_marks(code, not root)
    return dict(kept) if len(kept) <= MAX_KEPT_MARKS else None


def _value(parts: tuple[tuple[_Escape, ...], str, str], slots: list[str], code: str,
           theme: Callable[[str], str] | None, at_root: bool = False) -> str | None:
    """One mark's text in the language `code`: its head (`_head`: its sentinel's escapes, its kind and payload)
    and its slots, filled in; `at_root`: on a page of the site's default language, at its root."""
    escapes, kind, payload = parts
    try:
        if kind in "gn":
            return _message(kind, payload, slots, escapes, code)
        if kind == "D":  # a text from below the renderer: Japanese writes its dan grades in kanji
            return i18n.japanese_dan(slots[0]) if code == "ja" and len(slots) == 1 else (
                slots[0] if len(slots) == 1 else None)
        if kind == "Y" and len(slots) == 2:  # the way to the site's root: from the root, or from /<code>/
            return slots[0] if at_root else slots[1]
        if kind == "S" and len(slots) == 1:  # said of the language `payload` alone (the selector's current one)
            return slots[0] if payload == code else ""
        if kind == "O" and len(slots) == 1:  # an organizer's own text in the language, else the text given
            own = texts_of(payload) or {}
            if not isinstance(own.get(code), str):
                return slots[0]
            value: str | None = own[code]
        elif kind == "T" and theme is not None and not slots:  # the theme's own text
            value = theme(payload)
        elif kind in "jJ" and not slots:  # where a page's text is set as its language sets type, and where not
            return _SET_START if kind == "j" else _SET_END
        elif kind == "X" and len(slots) == 1:  # a heading's text without its tags (the contents' titles)
            return TAG.sub("", slots[0])
        elif kind in "KB" and len(slots) == 1:  # a text's first letter capital; its words not broken apart
            return capitalized(slots[0]) if kind == "K" else unbroken(slots[0])
        elif kind == "W" and len(slots) == 1:  # a title inside a sentence: in English, its first letter small
            return in_sentence(slots[0])
        elif kind == "F":  # a list, as the language joins its items
            return _listed(slots, escapes, code)
        else:
            value = _plain(kind, payload, code) if not slots else None
    except (ValueError, InvalidOperation, KeyError, IndexError):
        return None
    if value is None:
        return None
    for how in escapes:
        value = how(value)
    return value


def _head(head: str) -> tuple[tuple[_Escape, ...], str, str] | None:
    """A mark's head as the escapes its sentinel shows, its kind and its payload; None for a head without them."""
    found = _sentinel().match(head)
    if found is None or found.end() == len(head):
        return None
    return _sentinels()[found[0]], head[found.end()], head[found.end() + 1:]


def _plain(kind: str, payload: str, code: str) -> str | None:
    """A value's text in the language `code`, the current one (the functions the page called, in it)."""
    if kind == "t":
        texts = texts_of(payload)
        return None if texts is None else texts.get(code, next(iter(texts.values())))
    if kind == "P":
        numerator, denominator = payload.split("/")
        return points(Fraction(int(numerator), int(denominator)))
    if kind == "M":  # (English shows an amount as written: the Decimal itself)
        shown = money(Decimal(payload))
        return shown if isinstance(shown, str) else str(shown)
    if kind == "C":
        return country_name(payload)
    if kind == "L":
        return long_date(dt.date.fromisoformat(payload))
    if kind == "R":
        start, end, year = payload.split(",")
        return date_range(dt.date.fromisoformat(start), dt.date.fromisoformat(end), year == "1")
    if kind == "Q":
        return percent_of(Decimal(payload))
    if kind == "U":
        return code
    return None


def _listed(items: list[str], escapes: tuple[_Escape, ...], code: str) -> str:
    tokens = [f"\x00{n}\x00" for n in range(len(items))]
    joined = format_list(tokens, locale=i18n.current().locale)
    for how in escapes:
        joined = how(joined)
    return re.sub("\x00(\\d+)\x00", lambda m: items[int(m[1])], joined)


def _message(kind: str, payload: str, slots: list[str], escapes: tuple[_Escape, ...], code: str) -> str | None:
    found, _, number = payload.partition(":")
    message = _known(found)
    if message is None or (kind == "n") != (message.plural is not None):
        return None
    if len(slots) != message.slots:
        return None
    translations = i18n.language(code).translations
    if message.plural is not None:
        n = int(number)
        if message.context is None:
            translated = translations.ngettext(message.singular, message.plural, n)
        else:
            translated = translations.npgettext(message.context, message.singular, message.plural, n)
    elif message.context is None:
        translated = translations.gettext(message.singular)
    else:
        translated = translations.pgettext(message.context, message.singular)
    if message.percent and slots[-1 - message.braces] == "%":  # (formatted with %: %% is %)
        translated = translated.replace("%%", "%")
    if message.braces and slots[-1] == "{}":  # (formatted with str.format: {{ is {)
        translated = translated.replace("{{", "{").replace("}}", "}")
    for how in escapes:
        translated = how(translated)
    values = dict(zip(message.placeholders, slots, strict=False))
    names = {p: _name(p) for p in message.placeholders}
    by_name = {names[p]: values[p] for p in message.placeholders}
    written = {names[p]: p for p in message.placeholders}
    failed = False

    def put(m: re.Match[str]) -> str:
        nonlocal failed
        name = m[1] or m[2]
        if written.get(name) != m[0]:  # (a placeholder the English message does not write so)
            failed = True
            return m[0]
        return by_name[name]

    done = PLACEHOLDER.sub(put, translated)
    return None if failed else done


def _name(placeholder: str) -> str:
    m = PLACEHOLDER.fullmatch(placeholder)
    assert m is not None
    return m[1] or m[2]


@functools.cache
def _template_messages() -> dict[str, Message]:
    """The catalogues' messages (their template, render/locale/banzuke.pot) by digest: for marks of parts this
    process did not render itself (parts in marks kept by the last build)."""
    from babel.messages.pofile import read_po

    found: dict[str, Message] = {}
    with (i18n.LOCALE_DIR / f"{i18n.DOMAIN}.pot").open("rb") as f:
        template = read_po(f)
    for entry in template:
        if not entry.id:
            continue
        if isinstance(entry.id, (tuple, list)):
            singular, plural = str(entry.id[0]), str(entry.id[1])
        else:
            singular, plural = str(entry.id), None
        key, message = noted(entry.context, singular, plural)
        found[key] = message
    return found


def _known(found: str) -> Message | None:
    return MESSAGES.get(found) or _template_messages().get(found)


class InWords(Page):
    """A part's page in marks, in the language `code`: its title, search entry, HTML and contents when first asked
    for (most such pages are written from the page in marks, hooks.py, and never ask; a page's digest is made from
    the texts in marks, `texts_from`, not from its words). Made only from a part whose marks can be read back
    (`readable`)."""

    __slots__ = ("_code", "_done", "_marked", "_root", "_texts")

    def __init__(self, marked: Page, code: str, root: str):
        self._marked, self._code, self._root = marked, code, root
        self._done: tuple[bytes, tuple[Heading, ...]] | None = None
        self._texts: tuple[str, SearchEntry | None] | None = None

    def _in_words(self) -> tuple[str, SearchEntry | None]:
        if self._texts is None:
            marked, search = self._marked, self._marked.search
            with i18n.speaking(self._code, root=self._root):
                title = text(marked.title, self._code)
                if search is not None:
                    search_title, search_text = text(search.title, self._code), text(search.text, self._code)
                    if search_title is None or search_text is None:
                        raise ValueError(f"a page's search entry in marks cannot be written in {self._code}")
                    search = SearchEntry(search_title, search_text)
            if title is None:
                raise ValueError(f"a page's title in marks cannot be written in {self._code}: {marked.title}")
            self._texts = (title, search)
        return self._texts

    @property
    def title(self) -> str:  # type: ignore[override]
        return self._in_words()[0]

    @property
    def search(self) -> SearchEntry | None:  # type: ignore[override]
        return self._in_words()[1]

    def texts_from(self) -> list[Any]:
        search = self._marked.search
        return ["in words from marks", self._marked.title,
                [search.title, search.text] if search is not None else None]

    def _words(self) -> tuple[bytes, tuple[Heading, ...]]:
        if self._done is None:
            marked, toc = self._marked, self._marked.toc
            with i18n.speaking(self._code, root=self._root):
                found = anchored([marked.html, *(h.id for h in toc), *(h.html for h in toc)], self._code)
            if found is None:  # (read back once already, by `readable`: a mark no language's words fit)
                raise ValueError(f"a page in marks cannot be written in {self._code}: {self.title}")
            ids, inners = found[1:1 + len(toc)], found[1 + len(toc):]
            self._done = (found[0].encode("utf-8"), tuple(
                Heading(h.level, i, inner) for h, i, inner in zip(toc, ids, inners, strict=True)))
        return self._done

    @property
    def _html(self) -> bytes:  # type: ignore[override]
        return self._words()[0]

    @property
    def toc(self) -> tuple[Heading, ...]:  # type: ignore[override]
        return self._words()[1]

    def source(self) -> bytes:  # (the page in marks' digest, found once for all the languages)
        return b"in " + self._code.encode() + self._root.encode() + b" from marks " + self._marked.source()


def readable(marked: Site) -> bool:
    """Whether every mark of a part in marks can be read back (each language's words put in it, `part`): whole, of
    a kind this module writes, its message in the catalogues; a text without marks is read as it is, unless it
    holds what a mark quoted in a URL or JSON, or as a character reference, would leave."""
    texts = [p for page in marked.pages.values() for p in (
        page.title, page.html, *(h.id for h in page.toc), *(h.html for h in page.toc),
        *((page.search.title, page.search.text) if page.search else ()))]
    texts += [c for c in marked.files.values() if isinstance(c, str)]
    return all(_readable(t) for t in texts) and not any(
        isinstance(c, bytes) and any(x.encode() in c for x in (OPEN, SLOT, CLOSE)) for c in marked.files.values())


def _readable(marked: str) -> bool:
    if _LEFT.search(marked):
        return False

    def check(m: re.Match[str]) -> str | None:
        ok = _checked.get(m[0])
        if ok is None:
            ok = _checked[m[0]] = _head_readable(m[1], m[2].count(SLOT))
        return "" if ok else None

    return _inside_out(_ANCHOR_MARK.sub("", marked), check) is not None


_KINDS = frozenset("tPMCLRQUDFSOTjJXKBWY")  # (and g, n: the catalogue's messages)
_checked: dict[str, bool] = {}  # (each innermost mark read once a process: `_readable`)


def _head_readable(head: str, slots: int) -> bool:
    """Whether a mark's head (its sentinel, kind and payload) is one this module reads, with `slots` slots."""
    parts = _head(head)
    if parts is None:
        return False
    _, kind, payload = parts
    if kind in "gn":
        message = _known(payload.partition(":")[0])
        return message is not None and slots == message.slots
    return kind in _KINDS


def part(marked: Site, code: str) -> Site:
    """A part rendered in the language of marks, in the language `code`, the current one: its files, and each page
    (its title, search entry, HTML and contents when asked for: InWords). The part is `readable`. The site in marks
    renders what the default language alone has (the wall sheets, the results API: `default_only`), as the default
    does: in another language, the part is without them."""
    root = i18n.current().root
    out = Site()
    for path, content in marked.files.items():
        if root and path in marked.default_only:
            continue
        if isinstance(content, str):
            written = text(content, code)
            if written is None:
                raise ValueError(f"a file in marks cannot be written in {code}: {path}")
            out.files[path] = written
        else:
            out.files[path] = content
    for path, page in marked.pages.items():
        if not (root and path in marked.default_only):
            out.pages[path] = InWords(page, code, root)
    if not root:
        out.default_only.update(marked.default_only)
    return out


__all__ = ["InWords", "anchored", "page", "part", "prepared", "readable", "text"]
