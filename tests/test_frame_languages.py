"""The frame of every page in the page's language: the site's name and description as mkdocs.yml gives them per
language (`extra.site_name`, `extra.site_description`), else the shipped ones in each language's words; read as
data, every problem located; and the rules of the review of the translations that are rules, not words."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from generator.render import i18n

from .conftest import MINI, ROOT, problems
from .test_hostile5_texts import festival_beside


def with_extra(data: Path, lines: str) -> int:
    """`lines` added under mkdocs.yml's `extra:`; the number of the first line added."""
    config = data.parent / "mkdocs.yml"
    text = config.read_text(encoding="utf-8").splitlines()
    at = text.index("extra:") + 1
    text[at:at] = lines.splitlines()
    config.write_text("\n".join(text) + "\n", encoding="utf-8")
    return at + 1


def test_a_name_for_a_language_the_site_has_not_is_a_located_error(tmp_path: Path) -> None:
    data = festival_beside(tmp_path, MINI)
    first = with_extra(data, "  site_name: {nl: Leidse Shogidagen, xx: Nowhere}\n"
                             "  site_description: Not a mapping\n"
                             "  site_name_typo: 1")
    errors, warnings = problems(data)
    # line `first`, "  site_name: {nl: Leidse Shogidagen, " is 2 + 10 + 1 + 5 + 18 + 1 = 37 characters: xx at 38
    assert any(f"mkdocs.yml:{first}:38: error: 'xx' in 'extra.site_name' is not one of the site's languages" in e
               for e in errors), errors
    assert any(f"mkdocs.yml:{first + 1}:21: error: 'extra.site_description' is not a mapping" in e for e in errors), \
        errors  # "  site_description: " is 20 characters
    assert len(errors) == 2  # (extra's other keys are the theme's: not checked here)


def test_markup_in_a_language_s_name_is_a_located_warning(tmp_path: Path) -> None:
    data = festival_beside(tmp_path, MINI)
    first = with_extra(data, '  site_name: {de: "Shogi <b>Tage</b>"}')
    errors, warnings = problems(data)
    assert errors == []
    # "  site_name: {de: " is 18 characters: the value starts at column 19
    assert any(f"mkdocs.yml:{first}:19: warning: 'extra.site_name' holds markup (<b…)" in w for w in warnings), warnings


@pytest.mark.build
def test_each_language_shows_its_own_name_escaped_and_the_default_its_own(tmp_path: Path) -> None:
    data = festival_beside(tmp_path, MINI, site_name='"Leiden Shogi Days"')
    with_extra(data, '  site_name: {nl: "Leidse <Shogi>dagen"}')
    config = data.parent / "mkdocs.yml"
    every = "languages: [en, de, fr, nl, ja, ru, uk, pl, cs, it, es, sv]"
    config.write_text(config.read_text(encoding="utf-8").replace(every, "languages: [en, nl, de]"), encoding="utf-8")
    site = tmp_path / "site"
    built = subprocess.run([sys.executable, "-m", "generator", "build", "--data", str(data), "--site-dir", str(site),
                            "--config", str(config)], check=False, capture_output=True, text=True, cwd=ROOT,
                           env={**os.environ, "BANZUKE_LANGUAGES": "en,nl,de"})
    assert built.returncode == 0, built.stderr
    assert "<title>Results - Leiden Shogi Days</title>" in (site / "index.html").read_text(encoding="utf-8")
    nl = (site / "nl" / "index.html").read_text(encoding="utf-8")
    assert "<title>Uitslagen - Leidse &lt;Shogi&gt;dagen</title>" in nl and "<Shogi>" not in nl
    # German has no name of its own: the organizer's, as written (not the shipped default's translation)
    assert "<title>Ergebnisse - Leiden Shogi Days</title>" in (site / "de" / "index.html").read_text(encoding="utf-8")


@pytest.mark.parametrize(("text", "japanese"), [
    ("1段", "初段"), ("2段", "二段"), ("3段", "三段"), ("9段", "九段"), ("10段", "十段"),
    ("FESA段級位：1段。", "FESA段級位：初段。"),
    ("1級", "1級"), ("10級", "10級"),  # kyu grades keep their digits
    ("1段級下位", "1段級下位"),  # "1 grade weaker": 段級 is "grade", not a dan
    ("11段", "11段"),  # no such grade: left as written
])
def test_fix_2_the_japanese_dan_rule(text: str, japanese: str) -> None:
    assert i18n.japanese_dan(text) == japanese


def test_fix_2_a_grade_in_japanese_goes_through_the_rule_a_grade_in_german_does_not() -> None:
    from generator.rules.festival_elo import grade_name

    with i18n.speaking("ja"):
        assert (i18n._(grade_name("1d")), i18n._(grade_name("4d")), i18n._(grade_name("2k"))) == ("初段", "四段", "2級")
    with i18n.speaking("de"):
        assert i18n._(grade_name("1d")) == "1 Dan"


def test_fix_3_japanese_sets_no_space_after_a_full_stop() -> None:
    with i18n.speaking("ja"):
        assert i18n.typeset("<p>確定レーティング。 FESA段級位：三段。</p>\n<p>次。\n<a>") == \
            "<p>確定レーティング。FESA段級位：三段。</p>\n<p>次。<a>"
    with i18n.speaking("de"):
        assert i18n.typeset("Satz。 Satz") == "Satz。 Satz"  # (only Japanese sets type so)


# Fixes 4 to 9 as the catalogues give them: (language, context, English, the reviewed word)
WORDS = [
    ("nl", "table column: board number", "Bd", "Bord"), ("nl", None, "Rd", "R."), ("nl", None, "L16", "1/8"),
    ("nl", None, "L32", "1/16"), ("nl", None, "L64", "1/32"), ("nl", None, "Home", "Start"),
    ("nl", None, "download turnering.txt", "turnering.txt downloaden"), ("nl", None, "checkmate", "mat"),
    ("sv", None, "Total Delta", "Delta totalt"), ("sv", None, "Rd", "Rond"), ("sv", None, "Nat", "Land"),
    ("sv", None, "{event} standings", "{event}: ställning"), ("sv", None, "{event} crosstable", "{event}: korstabell"),
    ("cs", "table column: the criterion that separated tied players", "Tie", "Rozhodlo"),
    ("cs", None, "Crosstable", "Křížová tabulka"),
    ("ru", None, "Standings", "Турнирная таблица"), ("ru", None, "Sonneborn-Berger", "Коэффициент Бергера"),
    ("ru", "table column: the criterion that separated tied players", "Tie", "Доп."),
    ("uk", "table column: the criterion that separated tied players", "Tie", "Дод."),
    ("ja", None, "Sonneborn-Berger", "SB"), ("ja", None, "Prizes", "賞"), ("ja", None, "team points", "勝点"),
    ("ja", None, "(bye in round %(round)s)", "（%(round)s回戦は抜け番）"),
    ("es", None, "(bye in round %(round)s)", "(bye en la ronda %(round)s)"), ("es", None, "Rd", "R."),
    ("de", "crosstable cell", "ff", "kampfl."), ("fr", "crosstable cell", "bye", "exempt"),
]


@pytest.mark.parametrize(("code", "context", "english", "word"), WORDS)
def test_fixes_4_to_9_the_reviewed_words(code: str, context: str | None, english: str, word: str) -> None:
    translations = i18n.language(code).translations
    found = translations.pgettext(context, english) if context else translations.gettext(english)
    assert found == word


@pytest.mark.parametrize("code", ["uk", "ru", "pl", "cs"])
def test_fix_9_a_counted_message_with_several_numbers_agrees_with_each(code: str) -> None:
    """'{games} counted games, {total} points: {count} more game …' counts by {count} alone: the other numbers are
    written as labels and values, so that no form puts a noun after a number it does not agree with."""
    english = ("{games} counted games, {total} points: {count} more game to make 12, and {points} more points to "
               "reach {target}", "{games} counted games, {total} points: {count} more games to make 12, and {points} "
               "more points to reach {target}")
    translations = i18n.language(code).translations
    for count in range(1, 30):
        text = translations.ngettext(*english, count)
        for value in ("{games}", "{total}", "{points}"):
            after = text.split(value, 1)[1]
            assert after[:1] in (",", ";", ":", ")", "") or after.startswith((" —", " –")), (code, count, text)


GLOSSARY = ROOT / "docs" / "glossary"
LANGUAGES = ("de", "fr", "nl", "ja", "ru", "uk", "pl", "cs", "it", "es", "sv")


def glossary_word(code: str, concept: str) -> str:
    """The glossary's word for a concept: its table's row, the first word of the second column."""
    text = (GLOSSARY / f"{code}.md").read_text(encoding="utf-8")
    row = re.search(rf"^\| {re.escape(concept)} \| ([^|]+?) \|", text, re.M)
    assert row is not None, (code, concept)
    return re.split(r"[（(/,;]", row[1])[0].strip()


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_glossarys_words_are_the_catalogues_words(code: str) -> None:
    """Standings, crosstable and round are the glossary's words where the site names them."""
    translations = i18n.language(code).translations
    for concept, english in (("standings", "Standings"), ("crosstable", "Crosstable"), ("round", "Round")):
        assert glossary_word(code, concept).lower() in translations.gettext(english).lower(), (code, concept)


@pytest.mark.parametrize("code", LANGUAGES)
def test_one_word_for_the_bye(code: str) -> None:
    """Every message about a bye says it with the glossary's word (its first four letters, for the forms a word
    takes in a sentence; the crosstable's narrow cells may shorten it, and an all-play-all's rest round, which
    scores nothing, is another concept: the glossary's "rest")."""
    word = glossary_word(code, "bye").split()[0]
    stem = word if code == "ja" else word.lower()[:4]
    catalogue = read_po((ROOT / "generator" / "render" / "locale" / code / "LC_MESSAGES" / "banzuke.po").open("rb"))
    other = []
    for message in catalogue:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        if not message.id or message.context == "crosstable cell" or not any(
                re.search(r"\bbyes?\b", i, re.I) for i in ids) or any("rest round" in i for i in ids):
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        other += [s for s in strings if stem not in s.lower()]
    assert other == [], (code, word)
