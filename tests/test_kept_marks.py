"""The marks a build put in, kept for the next (render/after.py `kept_marks`, engine/build.py): a round's results change
the pages the last round's changed, with mostly the same marks, so a language takes each mark's text as the last
build put it in rather than finding it again. An organizer's text and the theme's own are put in anew at every build;
a kept table that is not what `kept_marks` gives is ignored."""

from __future__ import annotations

import json
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest

from generator.engine import build as engine_build
from generator.engine.cache import PageCache
from generator.engine.state import Build
from generator.messages import Texts
from generator.render import after
from generator.render.i18n import _
from generator.render.text import points

from .test_marks import marked, put


def _new_process() -> None:
    """What a language's process knows of the marks, as at its start."""
    for known in (after._known_marks, after._earlier_marks, after._kept_marks):
        known.cache_clear()


@pytest.fixture(autouse=True)
def fresh() -> Iterator[None]:
    _new_process()
    yield
    _new_process()


def test_the_marks_a_build_put_in_are_taken_by_the_next_and_kept_again_but_an_organizers_and_the_themes() -> None:
    players, half = marked(lambda: _("Players")), marked(lambda: points(Fraction(7, 2)))
    name = marked(lambda: f"{Texts({'en': 'Leiden Shogi Days', 'de': 'Leidener Shogitage'})}")
    # (German's "Players" is "Spieler" in its catalogue; 3½ with German's decimal sign; the organizer's German name)
    assert put(f"{players} {half} {name}", "de") == "Spieler 3,5 Leidener Shogitage"
    kept = after.kept_marks("de", "../")
    assert kept == {players: "Spieler", half: "3,5"}  # (the organizer's text: not kept)
    assert after.kept_marks("de", "") == {}  # (the default language's pages, at the root: a table of their own)
    _new_process()  # the next build: it takes each mark's text as kept, without finding it again
    assert after.keep_marks("de", "../", {**kept, half: "drei einhalb"})
    assert put(f"{half} {players}", "de") == "drei einhalb Spieler"
    assert after.kept_marks("de", "../") == {half: "drei einhalb", players: "Spieler"}  # (kept again, as taken)
    assert put(half, "fr") == "3,5"  # (another language: its own)


@pytest.mark.parametrize("spoilt", [
    [], "{}", None, {"\x01a": 1}, {1: "a"}, {"a": ["b"]}, dict.fromkeys(map(str, range(after.MAX_KEPT_MARKS + 1)), ""),
])
def test_a_kept_table_that_is_not_what_kept_marks_gives_is_ignored(spoilt: object) -> None:
    half = marked(lambda: points(Fraction(7, 2)))
    assert not after.keep_marks("de", "../", spoilt)
    assert put(half, "de") == "3,5"


def test_a_build_that_put_in_more_marks_than_a_table_holds_keeps_none() -> None:
    # (more than MAX_KEPT_MARKS: a cold build's, 40,000 at 5,000 pages; a round's results put in a few thousand)
    texts = [marked(lambda n=n: points(Fraction(n, 2))) for n in range(3)]
    for text in texts:
        assert put(text, "de") is not None
    assert after.kept_marks("de", "../") is not None
    limit = after.MAX_KEPT_MARKS
    try:
        after.MAX_KEPT_MARKS = 2
        assert after.kept_marks("de", "../") is None
    finally:
        after.MAX_KEPT_MARKS = limit


def test_a_languages_build_takes_the_marks_its_cache_keeps_and_ignores_anything_else(tmp_path: Path) -> None:
    config = tmp_path / "mkdocs.yml"
    config.write_text("site_name: x\n", encoding="utf-8")
    build = Build(tmp_path, language="de", languages=("en", "de"))
    key = engine_build._marks_key(config, build)
    assert key is not None and len(key) == 64
    assert engine_build._marks_key(config, Build(tmp_path, language="fr", languages=("en", "fr"))) != key
    config.write_text("site_name: y\n", encoding="utf-8")
    assert engine_build._marks_key(config, build) != key  # (the settings are in the key)
    half = marked(lambda: points(Fraction(7, 2)))
    for text, taken in [(json.dumps({half: "drei einhalb"}), "drei einhalb"), ("not JSON", "3,5"),
                        (json.dumps([half]), "3,5"), ("[" * 100_000, "3,5")]:
        _new_process()
        cache = PageCache.open(tmp_path / "cache", "code", "de")
        cache.put(key, text)
        cache.save()
        engine_build._earlier_marks(PageCache.open(tmp_path / "cache", "code", "de"), key, build)
        assert put(half, "de") == taken
