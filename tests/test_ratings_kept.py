"""The FESA ratings kept between builds (fesa/preview.py `rated` with a store, the build cache's `ratings-all`): a
tournament rated as an earlier build rated it (the same entrants, list entries and games) takes that build's
preview and the entries after it; anything else, or anything but what was written, is rated again. The ratings
are those of a load without a store in every case."""

from __future__ import annotations

import dataclasses
import json
import shutil
from pathlib import Path

import pytest

from generator.fesa import program
from generator.fesa.preview import KEY_FIELDS
from generator.pipeline import load

from .conftest import CountingStore as Store

DEMO = Path(__file__).parent / "fixtures" / "demo"
RATED = ("2000-mso-shogi/team-match", "2000-mso-shogi/championship")  # the demo's two rated events


def test_a_second_load_takes_every_tournament_from_the_store_and_rates_the_same() -> None:
    alone = load(DEMO)
    first = Store()
    assert load(DEMO, ratings=first).ratings == alone.ratings
    assert sorted(alone.ratings) == sorted(RATED)
    assert (first.asked, first.given, len(first.kept)) == (2, 0, 2)  # both asked for, none there, both kept
    second = Store(first.kept)
    again = load(DEMO, ratings=second)
    assert (second.asked, second.given) == (2, 2)
    assert again.ratings == alone.ratings
    # The entries after the championship (the later event) carry on: the Grand Prix and prizes see the same
    assert again.grand_prix == alone.grand_prix and again.prizes == alone.prizes


def test_what_is_kept_is_taken_as_written() -> None:
    """A kept preview is taken, not rated again: a kept figure changed (in a form the build writes) shows."""
    first = Store()
    load(DEMO, ratings=first)
    key, text = next((k, v) for k, v in first.kept.items() if '"changes":{' in v)
    found = json.loads(text)
    player = next(iter(found["changes"]))
    found["changes"][player][1] = 1234  # his rating after the event
    taken = load(DEMO, ratings=Store({**first.kept, key: json.dumps(found)}))
    assert any(p.changes.get(player) is not None and p.changes[player].after == 1234 for p in taken.ratings.values())


def _damaged(text: str, damage: str) -> str:
    if damage == "not JSON":
        return text[:-1]
    found = json.loads(text)
    player = next(iter(found["changes"]))
    if damage == "another format":
        found["format"] = "banzuke-ratings/0"
    elif damage == "a change cut short":
        found["changes"][player] = [1]
    elif damage == "a category unknown":
        found["changes"][player][2] = "mythical"
    elif damage == "a ratio not a number":
        found["changes"][player][3] = "1/0"
    elif damage == "a rating not a number":
        found["changes"][player][1] = "1234"
    elif damage == "a record not kept data":
        found["records"][0] = "#S(PLAYER)"
    elif damage == "a record missing":
        found["records"] = found["records"][:-1]
    elif damage == "a record of another structure":
        found["records"][0] = {"struct": "HOME", "slots": {"LIST": None, "NATIONALITY": None, "RESIDENS": None,
                                                           "LAST": None}}
    elif damage == "a slot unknown":
        found["records"][0]["slots"]["EVIL"] = 1
    elif damage == "a ratio not in lowest terms":
        found["records"][0]["slots"]["ELO-NUMBER"] = {"ratio": [2, 4]}
    elif damage == "nested too deep":
        deep: object = None
        for _ in range(20):
            deep = {"list": [deep]}
        found["records"][0]["slots"]["GAMES"] = deep
    else:
        raise AssertionError(damage)
    return json.dumps(found)


DAMAGES = ("not JSON", "another format", "a change cut short", "a category unknown", "a ratio not a number",
           "a rating not a number", "a record not kept data", "a record missing", "a record of another structure",
           "a slot unknown", "a ratio not in lowest terms", "nested too deep")


@pytest.mark.parametrize("damage", DAMAGES)
def test_anything_but_what_was_written_is_rated_again(damage: str) -> None:
    alone = load(DEMO)
    first = Store()
    load(DEMO, ratings=first)
    store = Store({key: _damaged(text, damage) for key, text in first.kept.items()})
    assert load(DEMO, ratings=store).ratings == alone.ratings
    assert (store.asked, store.given) == (2, 2)  # both were there, neither was taken …
    assert store.kept == first.kept  # … both rated again and kept anew, as written


def test_a_tournament_whose_games_changed_is_rated_again(tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(DEMO, data)
    first = Store()
    load(data, ratings=first)
    rounds = sorted((data / "2000-mso-shogi" / "championship").glob("round-*.yaml"))
    text = rounds[-1].read_text(encoding="utf-8")
    turned = text.replace("1-0", "0-1", 1) if "1-0" in text else text.replace("0-1", "1-0", 1)
    assert turned != text
    rounds[-1].write_text(turned, encoding="utf-8")
    second = Store(first.kept)
    changed = load(data, ratings=second)
    assert changed.ratings == load(data).ratings
    # The team match (before the championship, its games the same) is taken; the championship is rated again
    assert (second.asked, second.given) == (2, 1)
    assert changed.ratings["2000-mso-shogi/championship"] != load(DEMO).ratings["2000-mso-shogi/championship"]


def test_the_key_holds_every_figure_of_an_entrant() -> None:
    """A tournament's key is made of each entrant's figures, named one by one: a figure added to the program's
    entrants must be added to the key, or a tournament rated differently could take another's preview."""
    assert tuple(f.name for f in dataclasses.fields(program.Entrant)) == KEY_FIELDS
