"""Texts written below the renderer (generator/messages.py): English as they always were, wherever they are used as
text (the command line, the JSON API, FESA's files); in another language where a page shows them."""

from __future__ import annotations

import copy
import gettext
import json
import pickle
from collections.abc import Iterator
from fractions import Fraction

import pytest
from babel import Locale

from generator.messages import N_, N_plural, Text, translate
from generator.model import TimeControl
from generator.render import base, i18n
from generator.rules import festival_elo, knockout, prizes, promotion
from generator.rules.festival_elo import Rating, Source, grade_name

# A catalogue of a few messages, as a translator might write them (German-like, to tell them apart).
CATALOGUE = {
    "{number} kyu": "{number}. Kyu",
    "{number} dan": "{number}. Dan",
    "from {grade} grade": "aus dem Grad {grade}",
    "{place} place": "{place} Platz",
    "{number}st": "{number}.",
    "{number}rd": "{number}.",
    "Final": "Finale",
    "Last {count}": "Letzte {count}",
    "{minutes} min + {byoyomi} s byoyomi": "{minutes} Min. + {byoyomi} s Byoyomi",
    "Sum of opponents' scores": "Summe der Gegnerpunkte",
    "board points": "Brettpunkte",
    "L lance, B bishop, R rook, RL rook and lance, 2P … 6P pieces": "L Lanze, B Läufer <usw.>",
}
PLURALS = {("{count} game", "{count} games"): ("{count} Partie", "{count} Partien")}


class Catalogue(gettext.NullTranslations):
    def gettext(self, message: str) -> str:
        return CATALOGUE.get(message, message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        forms = PLURALS.get((singular, plural), (singular, plural))
        return forms[0] if n == 1 else forms[1]


def fake_gettext(message: str) -> str:
    return CATALOGUE.get(message, message)


def fake_ngettext(singular: str, plural: str, n: int) -> str:
    return Catalogue().ngettext(singular, plural, n)


@pytest.fixture
def german(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(i18n, "language", lambda code: i18n.Language(code, Locale.parse(code), Catalogue()))
    with i18n.speaking("de"):
        yield


def test_english_is_unchanged() -> None:
    assert grade_name("1k") == "1 kyu" and grade_name("3d") == "3 dan"
    assert Rating(1620, Source.CLUB_GRADE, "1k").explanation == "from 1 kyu grade"
    assert Rating(1500, Source.SHOGIDOJO, "1050").explanation == "ShogiDojo 1050 + 450"
    assert Rating(1500, Source.CLAIMED_GRADE, "2k").explanation == "from claimed 2 kyu"
    assert Rating(1500, Source.PAN_ATLANTIC).explanation == "FESA/USSF Elo"
    assert Rating(1500, Source.ASSESSED).explanation == "arbiters' assessment"
    adjusted = festival_elo.rating_in_round(None, [festival_elo.Adjustment("a", 3, 1700, "too strong")], 4)
    assert adjusted is not None and adjusted.explanation == "arbiters' adjustment: from round 3, too strong"
    assert [prizes.ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "101st", "111th"]
    assert prizes.place_label(2) == "2nd place"
    assert [knockout.stage_name(n) for n in (2, 4, 8, 16)] == ["Final", "Semi-finals", "Quarter-finals", "Last 16"]
    assert str(TimeControl(90, 30)) == "90 min + 30 s byoyomi"
    assert str(TimeControl(60, 0, 10)) == "60 min + 10 s per move"
    assert str(TimeControl(25, 30, 5)) == "25 min + 30 s byoyomi + 5 s per move"
    assert f"{TimeControl(45)}" == "45 min"


def test_a_text_is_its_english_wherever_it_is_used_as_text() -> None:
    text = Text(N_("from {grade} grade"), grade=grade_name("1k"))
    assert text == "from 1 kyu grade" and hash(text) == hash("from 1 kyu grade")
    assert {"from 1 kyu grade": 1}[text] == 1
    assert json.dumps({"label": text}) == '{"label": "from 1 kyu grade"}'
    assert f"[{text}]" == "[from 1 kyu grade]" and type(str(text)) is str
    for again in (pickle.loads(pickle.dumps(text)), copy.deepcopy(text)):
        assert again == text and isinstance(again, Text)
        assert again.in_language(fake_gettext, fake_ngettext) == "aus dem Grad 1. Kyu"
    braces = Text(N_("{not a placeholder}"))  # a message without values is not formatted
    assert braces == "{not a placeholder}" and translate(braces, fake_gettext, fake_ngettext) == "{not a placeholder}"


def test_translated_with_its_values() -> None:
    assert translate(Rating(1620, Source.CLUB_GRADE, "1k").explanation, fake_gettext, fake_ngettext) \
        == "aus dem Grad 1. Kyu"
    assert translate(prizes.place_label(1), fake_gettext, fake_ngettext) == "1. Platz"
    assert translate(knockout.stage_name(32), fake_gettext, fake_ngettext) == "Letzte 32"
    assert translate(TimeControl(90, 30).text, fake_gettext, fake_ngettext) == "90 Min. + 30 s Byoyomi"
    assert translate(N_("Final"), fake_gettext, fake_ngettext) == "Finale"  # a plain marked text
    assert translate("Müller, Jan", fake_gettext, fake_ngettext) == "Müller, Jan"  # no message: as it is
    assert translate("", fake_gettext, fake_ngettext) == ""  # (gettext's "" is the catalogue's header)


def test_counted_texts_follow_the_number() -> None:
    one, three = (Text.counted(N_plural("{count} game", "{count} games"), n) for n in (1, 3))
    assert (one, three) == ("1 game", "3 games")
    assert [translate(t, fake_gettext, fake_ngettext) for t in (one, three)] == ["1 Partie", "3 Partien"]
    track = promotion.Track("a", "1k", None, "1k")
    assert track.to_go == "12 games, 125 points"
    assert translate(track.to_go, fake_gettext, fake_ngettext) == "12 Partien, 125 points"
    assert track.needed == "0 counted games, 0 points: 12 more games to make 12, and 125 more points to reach 125"


def test_templates_show_texts_from_below_in_the_pages_language(german: None) -> None:
    template = base._env().from_string(
        "{{ grade_name('1k') }} | {{ HANDICAP_KEY }} | {{ TIEBREAKS['sos'].name }} ({{ TIEBREAKS['sos'].abbr }}) | "
        "{% for c in COLUMNS %}{{ c.name }}{{ ', ' if not loop.last }}{% endfor %} | {{ translated(label) }} | "
        "{{ _('%(key)s', key=HANDICAP_KEY) }} | {{ points(p) }}")
    html = template.render(label=prizes.place_label(3), p=Fraction(1, 2))
    assert html.startswith("1. Kyu | L Lanze, B Läufer &lt;usw.&gt; | Summe der Gegnerpunkte (SOS) | Brettpunkte, "
                           "team points, ")
    assert " | 3. Platz | L Lanze, B Läufer &lt;usw.&gt; | " in html
    assert base.shown_tiebreak(base.TIEBREAKS["sos"]).name == "Summe der Gegnerpunkte"


def test_templates_in_english_as_before() -> None:
    template = base._env().from_string("{{ grade_name('2d') }} | {{ HANDICAP_KEY }} | {{ TIEBREAKS['sodos'].name }}")
    assert template.render() == ("2 dan | L lance, B bishop, R rook, RL rook and lance, 2P … 6P pieces | "
                                 "Sum of defeated opponents&#39; scores")
