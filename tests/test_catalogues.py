"""The translation catalogues: every language has every message of the site, translated, none fuzzy, with the same
placeholders and markup as the English; the template (banzuke.pot) holds exactly what the sources mark; each
language has its glossary."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from generator.render.i18n import LANGUAGES, LOCALE_DIR, SOURCE, catalogue_path
from generator.rules.tiebreaks import TIEBREAKS

ROOT = Path(__file__).resolve().parent.parent
TRANSLATED = [code for code in LANGUAGES if code != SOURCE]
POT = LOCALE_DIR / "banzuke.pot"

# %(name)s, %s, %d (Python's % formatting, Jinja's newstyle gettext), {name} (str.format), HTML tags and entities
_PLACEHOLDER = re.compile(r"%\([A-Za-z_]\w*\)[sd]|%[sd]|\{[A-Za-z_]\w*\}")
_TAG = re.compile(r"</?([a-z][a-z0-9]*)\b[^>]*>")


def read(path: Path) -> Catalog:
    with path.open("rb") as f:
        return read_po(f)


def messages(catalog: Catalog) -> dict[object, object]:
    return {m.id: m for m in catalog if m.id}


def placeholders(text: str) -> list[str]:
    return sorted(_PLACEHOLDER.findall(text))


def tags(text: str) -> list[str]:
    return sorted(_TAG.findall(text))


def test_the_template_holds_every_text_the_sources_mark(tmp_path: Path):
    """scripts/catalogues was run after the last change to the site's texts: extracting again finds the same
    messages (a text added without running it would be missing from every catalogue)."""
    fresh = tmp_path / "fresh.pot"
    keywords = ["_", "N_", "N_plural:1,2", "gettext", "ngettext:1,2", "pgettext:1c,2", "npgettext:1c,2,3"]
    subprocess.run([str(Path(sys.executable).parent / "pybabel"), "-q", "extract", "-F", str(LOCALE_DIR / "babel.cfg"),
                    "--ignore-dirs", ".* ._ node_modules site tests bench data scripts docs",  # (as scripts/catalogues)
                    "--no-default-keywords", *(x for k in keywords for x in ("-k", k)), "-o", str(fresh), "."],
                   cwd=ROOT, check=True)
    extracted = {(m.context, m.id) for m in read(fresh) if m.id}
    kept = {(m.context, m.id) for m in read(POT) if m.id}
    assert extracted - kept == set(), "run scripts/catalogues: new texts are not in the catalogues"
    assert kept - extracted == set(), "run scripts/catalogues: the catalogues hold texts the site no longer has"
    assert len(kept) > 300  # the site's texts: pages, tables, rules, the browser scripts (not a handful)


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_catalogue_has_every_message_translated_with_its_placeholders(code: str):
    template = messages(read(POT))
    path = catalogue_path(code)
    assert path.exists(), f"{path.relative_to(ROOT)} is missing: run scripts/catalogues, then translate it"
    catalog = read(path)
    found = {(m.context, m.id): m for m in catalog if m.id}
    wanted = {(m.context, m.id) for m in template.values()}  # type: ignore[attr-defined]
    assert wanted - set(found) == set(), "messages missing: run scripts/catalogues"
    problems = []
    for key, m in sorted(found.items(), key=str):
        if key not in wanted:
            continue
        english = list(m.id) if isinstance(m.id, tuple) else [m.id]
        forms = list(m.string) if isinstance(m.string, (tuple, list)) else [m.string]
        if m.fuzzy:
            problems.append(f"fuzzy: {m.id!r}")
        if not all(forms):
            problems.append(f"untranslated: {m.id!r}")
            continue
        if isinstance(m.id, tuple) and len(forms) != catalog.num_plurals:
            problems.append(f"{len(forms)} plural forms, the language has {catalog.num_plurals}: {m.id!r}")
        wanted_placeholders = placeholders(english[-1])
        wanted_tags = tags(english[0])
        for form in forms:
            got = placeholders(form)
            # A plural form may leave out the number (Japanese has one form; "one game" may say the word)
            if got != wanted_placeholders and not (isinstance(m.id, tuple) and set(got) <= set(wanted_placeholders)):
                problems.append(f"placeholders {got} instead of {wanted_placeholders}: {m.id!r} -> {form!r}")
            if tags(form) != wanted_tags:
                problems.append(f"markup {tags(form)} instead of {wanted_tags}: {m.id!r} -> {form!r}")
    assert problems == [], f"{code}: {len(problems)} problems:\n" + "\n".join(problems[:40])


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_language_has_its_glossary(code: str):
    """The words the community uses (round, bye, handicap, the tiebreaks), written down for whoever corrects it."""
    glossary = ROOT / "docs" / "glossary" / f"{code}.md"
    assert glossary.exists()
    text = glossary.read_text(encoding="utf-8")
    for term in ("SOS", "SODOS", "bye", "handicap", "round"):
        assert term.casefold() in text.casefold(), f"{glossary.name} does not give the word for {term}"


def test_the_catalogues_are_english_free_where_they_should_be():
    """A sample of the words a German player reads, as the German catalogue gives them (the community's words)."""
    de = {m.id: m.string for m in read(catalogue_path("de")) if m.id and isinstance(m.id, str)}
    assert any("Runde" in str(s) for s in de.values())
    assert any("Brett" in str(s) for s in de.values())
    assert any("Freilos" in str(s) for s in de.values())


@pytest.fixture(scope="module")
def demo_loaded():
    from generator.pipeline import load

    from .conftest import DEMO

    loaded = load(DEMO)
    assert loaded.ok
    return loaded


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_the_demo_asks_for_is_in_the_catalogue(code: str, demo_loaded, monkeypatch):
    """The whole demo rendered in the language: every message a page, a sheet, a feed or a script file looks up
    is in its catalogue (a text marked but never extracted, or a value translated that is no message, shows here:
    the reader would have seen English)."""
    from generator.render import i18n
    from generator.render.site import render_site

    t = i18n.language(code).translations
    catalog = t._catalog  # type: ignore[attr-defined]  (Babel's: msgid, (msgid, n), "context\x04msgid")
    # A text already in the language, looked up again on its way to the page, is not missing (nor shown wrong).
    translations = {s for v in catalog.values() for s in ([v] if isinstance(v, str) else v)}
    translations |= {t.abbr for t in TIEBREAKS.values()}  # (the tie-breaks' codes: SOS is SOS in every language)
    missing: set[str] = set()
    for name, key in (("gettext", lambda m: m), ("ngettext", lambda s, p, n: (s, 0)),
                      ("pgettext", lambda c, m: f"{c}\x04{m}"), ("npgettext", lambda c, s, p, n: (f"{c}\x04{s}", 0))):
        original = getattr(t, name)

        def looked_up(*args, _original=original, _key=key):
            if args[-1] != "" and _key(*args) not in catalog and args[-1] not in translations:
                missing.add(repr(args))
            return _original(*args)

        monkeypatch.setattr(t, name, looked_up)
    with i18n.speaking(code):
        site = render_site(demo_loaded, "https://example.org/")
    with i18n.speaking(code, root="../"):
        render_site(demo_loaded, "https://example.org/de/")
    assert len(site.pages) > 200
    assert sorted(missing) == [], "\n".join(sorted(missing))


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_rank_column_head_fits_its_column(code: str):
    """The rank's column head sits in a column 3.2em wide that stays in place while the table scrolls
    (site_src/assets/extra.css, data-sticky="2"): at most four letters, or two wide (CJK) ones, else it breaks in the
    middle of the word on a phone ("Мест/о")."""
    head = next(m.string for m in read(catalogue_path(code)) if m.id == "#" and m.context == "table column: rank")
    wide = sum(1 for c in head if ord(c) > 0x2E80)
    assert len(head) - wide + 2 * wide <= 4, head


def test_a_catalogue_compiled_once_is_kept_and_taken_as_kept_and_anything_else_is_compiled_anew(monkeypatch):
    """With a store (the build cache), a catalogue is read and compiled once and kept; the next build takes it from
    there without reading the file; a kept entry that is not what was kept is compiled anew from the file."""
    import base64
    import io

    from babel.support import Translations

    from generator.render import i18n

    class Store(dict[str, str]):
        def put(self, key: str, value: str) -> None:
            self[key] = value

    store = Store()
    i18n.compiled.cache_clear()
    try:
        with i18n.catalogues_kept(store):
            first = i18n.compiled("de")
        assert first is not None and len(store) == 1
        [key] = store
        # the German for "Players", as Babel reads the catalogue itself
        german = messages(read(catalogue_path("de")))["Players"].string
        assert Translations(io.BytesIO(first.mo), domain=i18n.DOMAIN).gettext("Players") == german != "Players"

        def unread(*_: object, **__: object) -> None:
            raise AssertionError("the catalogue was read again")

        i18n.compiled.cache_clear()
        with monkeypatch.context() as m:
            m.setattr(i18n, "read_po", unread)
            with i18n.catalogues_kept(store):
                assert i18n.compiled("de") == first
        kept = store[key]
        for damaged in ["not JSON", kept.replace('"mo":"', '"mo":"!'),
                        kept.replace('"mo":"', '"mo":"' + base64.b64encode(b"junk").decode() + '", "x":"'),
                        kept.replace('"plural":"', '"plural":"alert(1)||'),
                        kept.replace('"script":{', '"script":{"a":1,')]:
            store[key] = damaged
            i18n.compiled.cache_clear()
            with i18n.catalogues_kept(store):
                assert i18n.compiled("de") == first, damaged[:80]
            assert store[key] == kept  # (compiled anew, and kept again)
    finally:
        i18n.compiled.cache_clear()
