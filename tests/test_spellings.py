"""The other spellings of a name that the search index holds, so that players typing on phones find it."""

from generator.render.text import spellings


def test_accents_umlauts_and_names_of_several_words():
    # ř, á → r, a; ü → u (unaccented) and ue (German); é/è/í → e/e/i; "de Vries" also as one word.
    assert spellings("Dvořák", "Petr") == ["Dvorak"]
    assert spellings("Müller", "Thomas") == ["Muller", "Mueller"]
    assert spellings("Murphy", "Seán") == ["Sean"]
    assert spellings("Lefèvre", "Julien") == ["Lefevre"]
    assert spellings("García", "Pablo") == ["Garcia"]
    assert spellings("de Vries", "Pieter") == ["deVries"]
    assert spellings("O'Brien", "Aoife") == ["OBrien"]
    # Letters with no accent to strip: ø → o, ł → l; ë → e.
    assert spellings("Øster-Łuk", "Zoë") == ["Oster-Luk", "OsterLuk", "Zoe"]


def test_a_plain_name_has_no_other_spelling():
    assert spellings("Smith", "John") == []
