"""Two small pieces of the renderer's speed, held to what they replace: a page's white space compacted in one pass,
and a festival's dates formatted once per range and language."""

from __future__ import annotations

import datetime as dt
import random

from babel.dates import format_interval

import re

from generator.engine.pages import _AFTER_BLOCK_BACKWARDS, _BLOCKS, _LINE_BREAKS
from generator.render import i18n
from generator.render.text import date_range


def by_hand(text: str) -> str:
    """Each line break keeps one line break; the spaces, tabs and line breaks right after it go."""
    out, i = [], 0
    while i < len(text):
        out.append(text[i])
        if text[i] == "\n":
            i += 1
            while i < len(text) and text[i] in " \t\n":
                i += 1
        else:
            i += 1
    return "".join(out)


def test_indentation_and_blank_lines_go_in_one_pass() -> None:
    rng = random.Random(7)
    cases = ["", "\n", "a\n  \n\t\n b", "  a  \n", "\n\n\n", "x\r\n  y"]
    cases += ["".join(rng.choice("\n \t<a>\r") for _ in range(rng.randrange(40))) for _ in range(3000)]
    for text in cases:
        assert _LINE_BREAKS.sub("\n", text) == by_hand(text), repr(text)
    assert _LINE_BREAKS.sub("\n", "<ul>\n    <li>\n\n      x") == "<ul>\n<li>\nx"


# What the line breaks after a block's tag are, forwards: the tag (`<div …>`, `</div>`), then the line break
AFTER_BLOCK = re.compile(rf"(<(?:{_BLOCKS})(?:\s[^>]*)?>|</(?:{_BLOCKS})>)\n")


def test_the_line_breaks_after_a_blocks_tag_are_found_backwards_as_forwards() -> None:
    """Compacting finds them in the page written backwards (faster): the same line breaks go as forwards, over
    random tags, attributes, text and line breaks (names of blocks and not, `<` inside a tag, `/` in odd places)."""
    rng = random.Random(11)
    parts = ["<div", "<p", "<pre", "<h2", "<h7", "<td", "<thead", "</div", "</p", "</span", "<span", "</ div",
             "<divx", "<p/", ">", ">", "\n", "\n", " ", 'class="a b"', "x", "<", "/", "\t", "é"]
    cases = ["<div>\n", "</div>\n", '<div class="x">\n', "<div <x>\n", "</div >\n", "<pre>\n", "<p/>\n"]
    cases += ["".join(rng.choice(parts) for _ in range(rng.randrange(30))) for _ in range(5000)]
    for text in cases:
        assert _AFTER_BLOCK_BACKWARDS.sub("", text[::-1])[::-1] == AFTER_BLOCK.sub(r"\1", text), repr(text)
    # after <ul>, <li> and </li> (blocks); not after x (the one before </li> is another pattern's), nor <span>
    assert _AFTER_BLOCK_BACKWARDS.sub("", "<ul>\n<li>\nx\n</li>\n<span>\n"[::-1])[::-1] == "<ul><li>x\n</li><span>\n"


def test_a_range_of_days_is_each_languages_own_every_time() -> None:
    # The same range asked for in turn in three languages, twice: each time Babel's own interval in that language
    start, end = dt.date(2026, 8, 25), dt.date(2026, 8, 27)
    for _ in range(2):
        for code in ("de", "ja", "fr"):
            locale = i18n.language(code).locale
            with i18n.speaking(code):
                assert date_range(start, end) == format_interval(start, end, "yMMMMd", locale=locale)
                assert date_range(start, None, year=False) == format_interval(start, start, "MMMMd", locale=locale)
    shown = set()
    for code in ("de", "ja", "fr"):
        with i18n.speaking(code):
            shown.add(date_range(start, end))
    assert len(shown) == 3  # (three languages, three ways of writing it: none taken for another's)


def test_a_range_of_days_is_babels_own_in_every_language_whatever_the_range() -> None:
    """(The skeleton is matched to a language's interval formats once, not at each call as Babel does: the same
    interval, in each language, for a day, days of one month, of two months and of two years, with the year and
    without.)"""
    ranges = [(dt.date(2026, 8, 25), dt.date(2026, 8, 25)), (dt.date(2026, 8, 25), dt.date(2026, 8, 27)),
              (dt.date(2026, 8, 30), dt.date(2026, 9, 2)), (dt.date(2026, 12, 30), dt.date(2027, 1, 2))]
    codes = [code for code in i18n.LANGUAGES if code != i18n.SOURCE]
    assert len(codes) >= 11
    for code in codes:
        locale = i18n.language(code).locale
        with i18n.speaking(code):
            for start, end in ranges:
                assert date_range(start, end) == format_interval(start, end, "yMMMMd", locale=locale), code
                assert date_range(start, end, year=False) == format_interval(start, end, "MMMMd", locale=locale)
