"""Pages rendered once for every language, their texts marked (render/after.py puts each language's in).

The languages other than the site's default used to render every page in their own words: each page's templates,
its tables, its numbers, once per language. The pages are the same but for their words, numbers, dates and country
names, so the parts of the site (an event's pages, a player's page, a festival's) are rendered once more, in a
language of marks (`MARKED`), and each language puts its own texts in the marks' places (after.py).

A mark stands where a language's text would be, with what that text is made from:

    \\x01 SENTINEL KIND PAYLOAD ( \\x02 SLOT )* \\x03

- KIND and PAYLOAD say what text: a message of the catalogue (by the digest of its context and English forms: `g`,
  and `n` with the number its plural form follows); an organizer's text in several languages (`t`; `O` for the
  site's name, mkdocs.yml's texts by language, else the text in its slot); points `P`, an amount of money `M`, a
  country `C`, a date `L`, two days `R`, a share in per cent `Q`, a list `F` (its items in the slots); a text from
  below the renderer, whose dan grades Japanese writes in kanji `D`; a text with its first letter capital `K`,
  its words not broken apart `B`, without its tags `X` (a heading's, in the contents); the language's code `U`;
  what the selector says of the current language alone `S`; the theme's own text by its key `T`
  (engine/theme/partials/languages/xx.html); a heading's anchor `I`, and where a page is set as its language sets
  type `j` and `J`; the way to the root of the site `Y` (its two slots: as a page of the default language writes
  it, at the root, and as a page of another, under /<code>/, writes it); `!`, what no language's words are put in
  (the part is rendered in each);
- the SLOTs hold the message's placeholders (`%(name)s`, `{name}`) as the page filled them: the values, already
  as the page shows them (escaped or not), marks of their own inside where a value is a text of its own;
- the SENTINEL (``&'"``) is escaped as the mark was: HTML-escaped once by the templates (``&amp;&#39;&#34;``),
  by the standard library (``&amp;&#x27;&quot;``), twice, or not at all. The language's text is escaped the same.

The control characters that delimit a mark (and those after.py uses while it puts the words in, \\x04 to \\x07)
are refused in every data file (YAML has none; turnering.txt's reader says where one is), so no data can hold a
mark. A mark that is not read back whole (a text cut, quoted in a URL or in JSON) leaves the part rendered in the
language as before (after.py checks every mark)."""

from __future__ import annotations

import base64
import gettext
import hashlib
import json
import re
from dataclasses import dataclass

OPEN, SLOT, CLOSE = "\x01", "\x02", "\x03"
SENTINEL = "&'\""
MARKED = "xx"  # the language of marks: a code no language has

# A message's placeholders: %(name)s and the like (Jinja's and html_message's), {name} and the like (str.format's)
PLACEHOLDER = re.compile(r"%\((\w+)\)[#0\- +]*\d*(?:\.\d+)?[diouxXeEfFgGcrsa]|\{(\w+)(?:![rsa])?(?::[^{}]*)?\}")


@dataclass(frozen=True)
class Message:
    """A catalogue's message as the page asked for it: its context, English singular (and plural), and its
    placeholders in the order of the mark's slots."""

    context: str | None
    singular: str
    plural: str | None
    placeholders: tuple[str, ...]  # each as written in the English message ("%(event)s", "{n}")
    percent: bool  # the message has %%: formatted with %, it is %
    braces: bool  # the message has {{ or }}: formatted with str.format, they are { and }

    @property
    def slots(self) -> int:
        """How many slots its mark has: a placeholder each, and one for %% and one for {{ (`_message_mark`)."""
        return len(self.placeholders) + self.percent + self.braces


MESSAGES: dict[str, Message] = {}  # the messages asked for in this process, by digest (after.py reads them)


def digest(context: str | None, singular: str, plural: str | None) -> str:
    key = json.dumps([context, singular, plural], ensure_ascii=False)
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:20]


_ASKED: dict[tuple[str | None, str, str | None], tuple[str, Message]] = {}  # (`message`'s, by the message asked)


def message(context: str | None, singular: str, plural: str | None) -> tuple[str, Message]:
    """The digest and the placeholders of a message, noted for after.py (found once a process: a page asks for the
    same few hundred messages over and over)."""
    asked = _ASKED.get((context, singular, plural))
    if asked is not None:
        return asked
    found = digest(context, singular, plural)
    known = MESSAGES.get(found)
    if known is None:
        seen: dict[str, str] = {}
        forms = (singular, plural or "")
        for form in forms:
            for m in PLACEHOLDER.finditer(form):
                seen.setdefault(m[1] or m[2], m[0])
        known = MESSAGES[found] = Message(context, singular, plural, tuple(seen.values()),
                                          any("%%" in f for f in forms), any("{{" in f or "}}" in f for f in forms))
    _ASKED[(context, singular, plural)] = (found, known)
    return found, known


def mark(kind: str, payload: str = "", slots: tuple[str, ...] = ()) -> str:
    return OPEN + SENTINEL + kind + payload + "".join(SLOT + s for s in slots) + CLOSE


def _message_mark(kind: str, found: str, known: Message, number: int | None = None) -> str:
    slots = [*known.placeholders]
    if known.percent:
        slots.append("%%")
    if known.braces:
        slots.append("{{}}")
    return mark(kind, found + ("" if number is None else f":{number}"), tuple(slots))


class MarkedTranslations(gettext.NullTranslations):
    """gettext's calls giving marks (the templates' `_()`, `{% trans %}`, the renderer's `_`, `ngettext` …)."""

    def gettext(self, text: str) -> str:
        if not text or OPEN in text:
            # ('' is the catalogue's header, which gettext gives as it is; a text in marks is a translated text,
            # which no catalogue holds as a message: gettext gives it as it is)
            return text
        return _message_mark("g", *message(None, text, None))

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return _message_mark("n", *message(None, singular, plural), number=int(n))

    def pgettext(self, context: str, text: str) -> str:
        return _message_mark("g", *message(context, text, None))

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return _message_mark("n", *message(context, singular, plural), number=int(n))


def typeset_marks(text: str) -> str:
    """A page's text between two marks: where its language sets type by rules of its own (Japanese: no space after
    。, i18n.typeset), they are set there (after.py)."""
    return mark("j") + text + mark("J")


def heading_mark(n: int, given: str | None) -> str:
    """The anchor of a page's heading `n` (from 0), as marks: its own (`given`), or one its text makes in each
    language (after.py finds them all, in the page's order, as text.headings does)."""
    if given is None:
        return mark("I", str(n))
    return mark("I", f"{n}={given}") if re.fullmatch(r"[\w-]+", given, re.ASCII) else unsupported()


# A wall sheet's page as the site in marks gives it to `text.url` (paths.sheet): its way from a page is written as
# the default language's pages write it, at the root, and as the others' do, one folder further down (`rootward`)
ROOTWARD = OPEN + SENTINEL + "Y" + CLOSE


def rootward(at_root: str, under: str) -> str:
    """The way to the site's root, or to what is there: `at_root` on a page of the default language (built at the
    root), `under` on another language's (built under /<code>/)."""
    return mark("Y", "", (at_root, under))


def unsupported() -> str:
    """A mark no language's text is put in: the part is rendered in each language (a value after.py cannot
    write in another language)."""
    return mark("!")


def texts_mark(by_language: dict[str, str]) -> str:
    """An organizer's text in several languages: all of them in the mark (base64 of JSON: nothing to escape)."""
    return mark("t", own_mark(by_language))


def own_mark(by_language: dict[str, str]) -> str:
    """The payload of a mark of texts by language (base64 of JSON: nothing to escape)."""
    return base64.urlsafe_b64encode(json.dumps(by_language, ensure_ascii=False).encode("utf-8")).decode("ascii")


def texts_of(payload: str) -> dict[str, str] | None:
    try:
        found = json.loads(base64.urlsafe_b64decode(payload.encode("ascii")).decode("utf-8"))
    except (ValueError, UnicodeError):
        return None
    if not isinstance(found, dict) or not found or not all(isinstance(k, str) and isinstance(v, str)
                                                           for k, v in found.items()):
        return None
    return found

