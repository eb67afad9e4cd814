"""The site in the readers' languages: gettext catalogues (render/locale/<code>/LC_MESSAGES/banzuke.po) and
CLDR's formats through Babel.

A site is rendered once per language, inside `speaking(code)`: `_`, `ngettext` and `pgettext` here, and the
templates' `_()` / `{% trans %}`, give the text in that language; numbers, dates and country names follow it.
English is the source language: its catalogue holds no translations, every message is its own English text.
The .po files are read when first needed (no compiled .mo files in the repository)."""

from __future__ import annotations

import base64
import functools
import gettext
import hashlib
import io
import json
import re
import struct
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, replace
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

from ..messages import LANGUAGES as LANGUAGES, SHOWN_IN, Text, Texts, translate  # (the languages: also the render's)
from .keys import OwnStore, Store
from .marks import MARKED, MarkedTranslations, mark, texts_mark

LOCALE_DIR = Path(__file__).parent / "locale"
DOMAIN = "banzuke"
SOURCE = next(iter(LANGUAGES))  # the language the messages are written in (English)


@dataclass(frozen=True)
class Language:
    code: str
    locale: Locale
    translations: gettext.NullTranslations
    # From this language's pages' root to the site's root: '' for the site's default language (built at the root),
    # '../' for the others (built under /<code>/). Files the languages share (the results API) are there.
    root: str = ""


def catalogue_path(code: str) -> Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"


@dataclass(frozen=True)
class Compiled:
    """A language's catalogue as the site uses it: compiled as gettext reads it (`mo`), the browser scripts'
    messages (`script`: `script_texts`) and the plural rule (a C expression of n, which the scripts' texts file
    writes)."""

    mo: bytes
    script: dict[str, str | list[str]]
    plural: str


_KEPT: list[OwnStore] = []  # (where compiled catalogues are kept between builds: the engine's build cache)


@contextmanager
def catalogues_kept(store: Store | None) -> Iterator[None]:
    """Inside, the catalogues this process reads are taken from `store` where it holds them, compiled from the same
    file, and kept there for the next build: a catalogue is read and compiled once, not at every build (a process
    forked inside reads its own, and keeps nothing: OwnStore)."""
    _KEPT[:] = [OwnStore(store)] if store is not None else []
    try:
        yield
    finally:
        _KEPT.clear()


_PLURAL = re.compile(r"[n0-9 ()<>=!&|?:%+*/-]{1,300}")  # (a plural rule: a C expression of n, nothing else)


@functools.cache
def compiled(code: str) -> Compiled | None:
    """The language's catalogue, read once per process (None for English, whose messages are their own text)."""
    path = catalogue_path(code)
    if code == SOURCE or not path.exists():
        return None
    raw = path.read_bytes()
    key = hashlib.sha256(b"catalogue\0" + code.encode() + b"\0" + raw).hexdigest()
    store = _KEPT[0] if _KEPT else None
    text = store.get(key) if store is not None else None
    found = _kept_catalogue(text) if text is not None else None
    if found is not None:
        return found
    catalogue = read_po(io.BytesIO(raw), locale=code)
    buffer = io.BytesIO()
    write_mo(buffer, catalogue, use_fuzzy=False)
    found = Compiled(buffer.getvalue(), _script_texts(catalogue), catalogue.plural_expr)
    if store is not None:
        store.put(key, json.dumps({"mo": base64.b64encode(found.mo).decode("ascii"), "script": found.script,
                                   "plural": found.plural}, ensure_ascii=False, separators=(",", ":")))
    return found


def _kept_catalogue(text: str) -> Compiled | None:
    """A compiled catalogue as `compiled` keeps it; None for anything else (never trusted: checked throughout, the
    compiled messages read by gettext)."""
    try:
        found = json.loads(text)
        if not (isinstance(found, dict) and isinstance(found.get("mo"), str) and isinstance(found.get("plural"), str)
                and _PLURAL.fullmatch(found["plural"]) and isinstance(found.get("script"), dict)
                and all(isinstance(k, str) and (isinstance(v, str) or (isinstance(v, list) and all(
                    isinstance(f, str) for f in v))) for k, v in found["script"].items())):
            return None
        mo = base64.b64decode(found["mo"], validate=True)
        Translations(io.BytesIO(mo), domain=DOMAIN)
    except (ValueError, RecursionError, OSError, IndexError, KeyError, struct.error):  # (gettext's own errors)
        return None
    return Compiled(mo, found["script"], found["plural"])


@functools.cache
def language(code: str) -> Language:
    """The language `code` with its catalogue, read once per process; MARKED, the language of marks (marks.py)."""
    if code == MARKED:
        return Language(code, Locale.parse(SOURCE), MarkedTranslations())
    if code not in LANGUAGES:
        raise KeyError(code)
    translations: gettext.NullTranslations = gettext.NullTranslations()
    found = compiled(code)
    if found is not None:
        translations = Translations(io.BytesIO(found.mo), domain=DOMAIN)
    return Language(code, Locale.parse(code), translations)


def script_texts(code: str) -> dict[str, str | list[str]]:
    """The browser scripts' messages in the language `code` (the catalogue's messages found in site_src/assets'
    scripts): English text -> its translation, or the list of plural forms (the plural rule is the script's)."""
    found = compiled(code)
    return dict(found.script) if found is not None else {}


def _script_texts(found: Catalog) -> dict[str, str | list[str]]:
    out: dict[str, str | list[str]] = {}
    for message in found:
        if not message.id or message.fuzzy or not any(path.endswith(".js") for path, _ in message.locations):
            continue
        if isinstance(message.id, (tuple, list)):
            forms = [str(f) for f in message.string] if isinstance(message.string, (tuple, list)) else []
            if all(forms):
                out[str(message.id[0])] = forms
        elif message.string:
            out[str(message.id)] = str(message.string)
    return out


_current: ContextVar[Language | None] = ContextVar("banzuke_language", default=None)


def current() -> Language:
    return _current.get() or language(SOURCE)


@contextmanager
def speaking(code: str, root: str = "") -> Iterator[Language]:
    """Everything rendered inside is in the language `code`; `root` leads from its pages' root to the site's."""
    found = language(code)
    token = _current.set(replace(found, root=root) if root else found)
    # (an organizer's texts in several languages: this one's; marked with all of them in the language of marks)
    shown = SHOWN_IN.set(_texts_mark if code == MARKED else code)
    try:
        yield current()
    finally:
        SHOWN_IN.reset(shown)
        _current.reset(token)


def _(message: str) -> str:
    """`message` in the current language; a text from below the renderer (messages.Text) with its values, each
    translated; '' stays '' (gettext's '' is the catalogue's header)."""
    if not isinstance(message, str):  # a text that translates itself when shown (render/base.py's HANDICAP_KEY)
        return str(message)
    text = translate(message, current().translations.gettext, current().translations.ngettext)
    if isinstance(message, Text) and current().code in ("ja", MARKED):
        return japanese_dan(text) if current().code == "ja" else mark("D", "", (text,))
    return text


def _texts_mark(text: Texts) -> str:
    return texts_mark(text.by_language)


_KANJI_DIGITS = "〇一二三四五六七八九十"
_DAN = re.compile(r"(?<![0-9０-９])(10|[1-9])段(?!級)")


def japanese_dan(text: str) -> str:
    """Japanese writes a dan grade in kanji numerals, and 1 dan as 初段 ("the first grade"): the catalogue's
    "{number}段" gives 1段, 3段, made here 初段, 三段 (up to 十段). Kyu grades keep their digits (1級)."""
    return _DAN.sub(lambda m: ("初" if m[1] == "1" else _KANJI_DIGITS[int(m[1])]) + "段", text)


_JA_SPACE = re.compile(r"。[ \t\n]+")


def typeset(html: str) -> str:
    """A rendered page as its language sets type: Japanese puts no space after 。 (sentences written one after
    another in a template, or a message followed by another, would show one)."""
    return _JA_SPACE.sub("。", html) if current().code == "ja" else html


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the number `n`, in the current language (its own plural rules)."""
    return current().translations.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """`message` in the current language, told apart by `context` from the same English word in another sense."""
    return current().translations.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return current().translations.npgettext(context, singular, plural, n)


def translator(code: str) -> Callable[[str], str]:
    """gettext in the language `code`, whatever the current one (for the theme's templates)."""
    return language(code).translations.gettext


def site_languages(configured: object) -> tuple[str, ...]:
    """The languages a site is built in, from the configuration's `extra.languages` (the first is the default,
    built at the root): English alone when none are given. ValueError names what is wrong."""
    if configured is None:
        return (SOURCE,)
    if isinstance(configured, str):
        configured = configured.replace(",", " ").split()
    if not isinstance(configured, list) or not configured or not all(isinstance(c, str) for c in configured):
        raise ValueError("extra.languages in mkdocs.yml: give a list of language codes, the default first, e.g. "
                         "[en, de, fr]")
    unknown = [c for c in configured if c not in LANGUAGES]
    if unknown:
        raise ValueError(f"extra.languages in mkdocs.yml: {', '.join(unknown)} is not a language the site can be "
                         f"built in; choose from {', '.join(LANGUAGES)}")
    twice = sorted({c for c in configured if configured.count(c) > 1})
    if twice:
        raise ValueError(f"extra.languages in mkdocs.yml: {', '.join(twice)} is given twice")
    return tuple(configured)


def script_file() -> str:
    """assets/text.js of the current language's pages: the browser scripts' translations (window.banzukeText) and
    the language's plural rule (window.banzukePlural: the number of the plural form for n), read by the scripts'
    gettext and ngettext before their English text."""
    code = current().code
    found = compiled(code)
    rule = found.plural if found is not None else "(n != 1)"
    texts = json.dumps(script_texts(code), ensure_ascii=False, sort_keys=True, indent=0)
    return (f"// The browser scripts' texts in this language ({code}), from its gettext catalogue.\n"
            f"window.banzukeLanguage = {json.dumps(code)};\n"
            f"window.banzukeText = {texts};\n"
            f"window.banzukePlural = function (n) {{ return Number({rule}); }};\n")
