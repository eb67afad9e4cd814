"""Texts a reader sees that are written below the renderer (a tiebreak's name, a grade): marked with `N_` so that
the catalogues' extraction finds them; the renderer translates them where it shows them (render/i18n.py).

A text with values in it ('from 1 kyu grade', '3rd place') is a `Text`: the English text, as a str (the command
line, the JSON API and FESA's files use it as it is), that also keeps its message and values, so that a page can
give it in the reader's language (`translate`, `Text.in_language`). Extraction keywords: `N_` and `N_plural:1,2`."""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from markupsafe import Markup


def N_(text: str) -> str:  # noqa: N802 (gettext's own name for it)
    """Marks `text` for translation and returns it as it is: it is translated where a page shows it."""
    return text


def N_plural(singular: str, plural: str) -> tuple[str, str]:  # noqa: N802
    """Marks a message whose form follows a number ('{count} game', '{count} games'), for `Text.counted`."""
    return singular, plural


class Text(str):
    """An English text made of a message (marked with `N_`) and named values (`{grade}`), as a str; `in_language`
    gives it in another language. A value that is itself a Text is translated with it; any other value is shown
    as it is (a name, a number). A message without values is not formatted (its braces are its own)."""

    message: str
    plural: str | None  # the plural message of a counted text (N_plural), else None
    number: int  # the number a counted text's form follows
    values: dict[str, Any]

    def __new__(cls, message: str, /, **values: Any) -> Text:
        self = super().__new__(cls, message.format(**values) if values else message)
        self.message, self.plural, self.number, self.values = message, None, 0, values
        return self

    @classmethod
    def counted(cls, forms: tuple[str, str], count: int, /, **values: Any) -> Text:
        """The form of `forms` (N_plural) for `count`, English's own rule (1: singular); `{count}` is the number."""
        singular, plural = forms
        self = super().__new__(cls, (singular if count == 1 else plural).format(count=count, **values))
        self.message, self.plural, self.number, self.values = singular, plural, count, {"count": count, **values}
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return _rebuild, (str(self), self.message, self.plural, self.number, self.values)

    def in_language(self, gettext: Callable[[str], str], ngettext: Callable[[str, str, int], str]) -> str:
        """The text in the language of `gettext` and `ngettext` (the current catalogue's)."""
        if self.plural is not None:
            message = ngettext(self.message, self.plural, self.number)
        else:
            message = gettext(self.message)
        if not self.values:
            return message
        return message.format(**{k: v.in_language(gettext, ngettext) if isinstance(v, Text) else v
                                 for k, v in self.values.items()})


def _rebuild(english: str, message: str, plural: str | None, number: int, values: dict[str, Any]) -> Text:
    self = str.__new__(Text, english)
    self.message, self.plural, self.number, self.values = message, plural, number, values
    return self


def translate(text: str, gettext: Callable[[str], str], ngettext: Callable[[str, str, int], str]) -> str:
    """A text from below the renderer in the language of `gettext`: a Text with its values, a plain text (marked
    with `N_`) as its message; '' stays '' (gettext's '' is the catalogue's header)."""
    if isinstance(text, Text):
        return text.in_language(gettext, ngettext)
    return gettext(text) if text else text


# The language of the page being rendered (render/i18n.py `speaking` sets it): an organizer's text given in several
# languages (Texts) shows that language's. None outside a page (the command line, FESA's files): the default.
# A page rendered once for all the languages (render/marks.py) gives a function that marks the text.
SHOWN_IN: ContextVar[str | Callable[[Texts], str] | None] = ContextVar("banzuke_shown_in", default=None)


class Texts(str):
    """An organizer's text given in several languages, by code (`title: {en: Opening, nl: Opening}`): as a str, the
    first given (the default, which FESA's files, the command line and any language without its own get); printed
    on a page (str(), format(), a template), the page's language's own where given."""

    by_language: dict[str, str]

    def __new__(cls, by_language: dict[str, str]) -> Texts:
        self = super().__new__(cls, next(iter(by_language.values())))
        self.by_language = dict(by_language)
        return self

    def shown(self) -> str:
        code = SHOWN_IN.get()
        if callable(code):  # (a page rendered for every language at once: render/marks.py)
            return code(self)
        return self.by_language.get(code, str.__str__(self)) if code else str.__str__(self)

    def __str__(self) -> str:
        return self.shown()

    def __format__(self, spec: str) -> str:
        return format(self.shown(), spec)

    def __html__(self) -> Markup:
        from markupsafe import escape  # (only when a page prints it)

        return escape(self.shown())  # (HTML, not text: what puts it in a message does not escape it again)

    def __reduce__(self) -> tuple[Any, ...]:
        return Texts, (self.by_language,)


def default_text(text: str) -> str:
    """An organizer's text as the files in one language for every reader have it (FESA's, the results API): a
    text given in several languages (Texts) as its first given, whatever the page being rendered; any other as it
    is."""
    return str.__str__(text) if isinstance(text, Texts) else text


# The languages a site can be built in (the first is the source language, the messages' own), with their names
# in their own language (for the selector). Each but the site's default is built under /<code>/: no festival folder
# may take such a name (sources/site_names.py).
LANGUAGES: dict[str, str] = {
    "en": "English", "de": "Deutsch", "fr": "Français", "nl": "Nederlands", "ja": "日本語", "ru": "Русский",
    "uk": "Українська", "pl": "Polski", "cs": "Čeština", "it": "Italiano", "es": "Español", "sv": "Svenska",
}

