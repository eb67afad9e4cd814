"""The site in the readers' languages: gettext catalogues (render/locale/<code>/LC_MESSAGES/banzuke.po) and
CLDR's formats through Babel.

A site is rendered once per language, inside `speaking(code)`: `_`, `ngettext` and `pgettext` here, and the
templates' `_()` / `{% trans %}`, give the text in that language; numbers, dates and country names follow it.
English is the source language: its catalogue holds no translations, every message is its own English text.
The .po files are read when first needed (no compiled .mo files in the repository)."""

from __future__ import annotations

import functools
import gettext
import io
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path

from babel import Locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

LOCALE_DIR = Path(__file__).parent / "locale"
DOMAIN = "banzuke"
SOURCE = "en"  # the language the messages are written in
# The languages a site can be built in, with their names in their own language (for the selector).
LANGUAGES: dict[str, str] = {
    "en": "English", "de": "Deutsch", "fr": "Français", "nl": "Nederlands", "ja": "日本語", "ru": "Русский",
    "uk": "Українська", "pl": "Polski", "cs": "Čeština", "it": "Italiano", "es": "Español", "sv": "Svenska",
}


@dataclass(frozen=True)
class Language:
    code: str
    locale: Locale
    translations: gettext.NullTranslations


def catalogue_path(code: str) -> Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"


@functools.cache
def language(code: str) -> Language:
    """The language `code` with its catalogue, read once per process."""
    if code not in LANGUAGES:
        raise KeyError(code)
    translations: gettext.NullTranslations = gettext.NullTranslations()
    path = catalogue_path(code)
    if code != SOURCE and path.exists():
        with path.open("rb") as f:
            catalog = read_po(f, locale=code)
        buffer = io.BytesIO()
        write_mo(buffer, catalog, use_fuzzy=False)
        buffer.seek(0)
        translations = Translations(buffer, domain=DOMAIN)
    return Language(code, Locale.parse(code), translations)


_current: ContextVar[Language | None] = ContextVar("banzuke_language", default=None)


def current() -> Language:
    return _current.get() or language(SOURCE)


@contextmanager
def speaking(code: str) -> Iterator[Language]:
    """Everything rendered inside is in the language `code`."""
    token = _current.set(language(code))
    try:
        yield current()
    finally:
        _current.reset(token)


def _(message: str) -> str:
    """`message` in the current language."""
    return current().translations.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the number `n`, in the current language (its own plural rules)."""
    return current().translations.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """`message` in the current language, told apart by `context` from the same English word in another sense."""
    return current().translations.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return current().translations.npgettext(context, singular, plural, n)
