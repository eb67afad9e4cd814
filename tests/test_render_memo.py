"""The parts of a build kept for the next (render/memo.py): an event's pages written and read back as they were;
anything else read as nothing (the event rendered again), never an error; what an event's pages depend on."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from dataclasses import replace

import pytest

from generator.render.base import Page, Site
from generator.render.keys import FORMAT, Inputs, Memo, span
from generator.render.memo import decode, encode, kept_ranks
from generator.render.paths import SearchEntry
from generator.render.text import Heading

from .conftest import load_clean, MINI


def a_part() -> Site:
    part = Site()
    part.pages["cup/open/index.md"] = Page("Open standings", "<h2 id=\"s\">Standings</h2><p>Ö &amp; ✓</p>",
                                          (Heading(2, "s", "Standings"),), SearchEntry("Open", "Leiden 2024"))
    part.pages["cup/open/round-1.md"] = Page("Open round 1", "<p>1</p>", ())
    part.files["cup/open/turnering.txt"] = "Ö".encode("iso-8859-1")
    part.files["cup/open/sheet.html"] = "<p>sheet</p>"
    part.default_only.add("cup/open/sheet.md")
    return part


def test_a_part_is_read_back_as_it_was_written() -> None:
    part = a_part()
    back = decode(encode(part))
    assert back is not None
    assert back.pages == part.pages and list(back.pages) == list(part.pages)
    # each page with the digest of its HTML as it was made (what the engine's cache keys its output by), taken as
    # kept: not found again from the HTML
    for path, page in back.pages.items():
        assert page._source == hashlib.sha256(part.pages[path].html.encode("utf-8")).digest()
    assert back.files == part.files and back.default_only == part.default_only


def part_text(pages: object, files: object = (), body: str = "<p></p>", only: object = ()) -> str:
    """A part's text as `encode` writes it (its head, a line of JSON, then its body), with what the head holds."""
    head = {"format": FORMAT, "pages": pages, "files": list(files) if isinstance(files, tuple) else files,
            "default_only": list(only) if isinstance(only, tuple) else only}
    return json.dumps(head) + "\n" + body


PAGE = ["p.md", "T", 7, [], None, "0" * 64]  # (its HTML the body's 7 characters, "<p></p>")


@pytest.mark.parametrize("text", [
    "", "[", "null", "[]", '{"format": "other/1"}', "{}\n<p></p>",
    part_text({}),
    part_text([PAGE[:5]]),  # (a page without the digest of its HTML)
    part_text([[*PAGE, "one too many"]]),
    part_text([[*PAGE[:5], "0" * 63]]),
    part_text([[*PAGE[:5], "z" * 64]]),
    part_text([[*PAGE[:3], [[2, "a"]], *PAGE[4:]]]),
    part_text([[PAGE[0], 1, *PAGE[2:]]]),
    # lengths the body does not hold: longer than it, shorter (the body holds more), below nought, not a number
    part_text([[*PAGE[:2], 8, *PAGE[3:]]]),
    part_text([[*PAGE[:2], 6, *PAGE[3:]]]),
    part_text([[*PAGE[:2], -1, *PAGE[3:]]], body=""),
    part_text([[*PAGE[:2], True, *PAGE[3:]]], body="<"),
    part_text([[*PAGE[:2], "7", *PAGE[3:]]]),
    part_text([], [["t.txt", "s", 8]]),
    part_text([], [["t.txt", "b", "zz"]], body=""),
    part_text([], [["t.txt", "x", ""]], body=""),
    part_text([], body="", only=[1]),
    "[" * 100_000,
])
def test_anything_else_is_no_part(text: str) -> None:
    assert decode(text) is None


def test_a_part_as_encode_writes_it_is_read_by_its_lengths() -> None:
    """The head gives each page's HTML and text file's content by its length, in characters, one after another in
    the body; line breaks, quotes and characters beyond the first 65,536 are read back as they were."""
    found = decode(part_text([PAGE], [["t.json", "s", 10], ["t.txt", "b", "d6"]], body='<p></p>{"a":\n"🙂"}'))
    assert found is not None
    assert found.pages["p.md"].html == "<p></p>" and found.pages["p.md"].source() == bytes(32)
    assert found.files == {"t.json": '{"a":\n"🙂"}', "t.txt": b"\xd6"}


def test_an_event_depends_on_its_festival_and_those_that_may_come_before_it() -> None:
    data = load_clean(MINI).data
    cup = data.festivals[0]
    # Three more: one a year before, one a year after, one overlapping the cup's last day (2024-03-03)
    before = replace(cup, id="before", start=dt.date(2023, 3, 2), end=dt.date(2023, 3, 3),
                     events=tuple(replace(e, start=dt.date(2023, 3, 2), end=dt.date(2023, 3, 3)) for e in cup.events))
    after = replace(before, id="after", start=dt.date(2025, 3, 2), end=dt.date(2025, 3, 3),
                    events=tuple(replace(e, start=dt.date(2025, 3, 2), end=dt.date(2025, 3, 3)) for e in cup.events))
    overlapping = replace(before, id="overlapping", start=dt.date(2024, 3, 3), end=dt.date(2024, 3, 9),
                          events=())
    data = replace(data, festivals=(before, cup, overlapping, after))
    digests = {"before": "1", "cup": "2", "overlapping": "3", "after": "4"}

    def key(changed: str, festival: str) -> str:
        memo = Memo(store={}, inputs=Inputs("common", {**digests, changed: "changed"}))  # type: ignore[arg-type]
        return memo.event_key(data, next(f for f in data.festivals if f.id == festival), "x/open")

    unchanged = Memo(store={}, inputs=Inputs("common", digests))  # type: ignore[arg-type]
    for festival, follows in [("cup", {"before", "cup", "overlapping"}), ("before", {"before"}),
                              ("after", {"before", "cup", "overlapping", "after"})]:
        base = unchanged.event_key(data, next(f for f in data.festivals if f.id == festival), "x/open")
        for changed in digests:
            assert (key(changed, festival) != base) == (changed in follows), (festival, changed)
    # the festivals of a key in any order are the same festivals
    assert unchanged.key("event", "x", ["cup", "before"]) == unchanged.key("event", "x", ["before", "cup"])
    assert unchanged.key("event", "x", ["cup", "before"]) != unchanged.key("event", "x", ["cup"])
    # a day unknown anywhere: every festival counts
    assert span(replace(after, events=(replace(after.events[0], start=None),))) == (dt.date.min, dt.date.max)


class _Store(dict):  # type: ignore[type-arg]
    """A store as the engine's build cache is one: text by key."""

    def put(self, key: str, value: str) -> None:
        self[key] = value


def test_the_ranks_after_each_round_of_a_players_events_are_kept_and_taken_back() -> None:
    # A player's page draws his rank after each round of each event (the race line): made from the standings after
    # every round, which a build whose event parts all came from the cache would compute for that line alone.
    from generator.render.site import Renderer

    store = _Store()
    inputs = Inputs("common", {"cup": "1"})
    first = Renderer(load_clean(MINI), memo=Memo(store=store, inputs=inputs))
    open_ = first.data.festivals[0].events[0]
    made = kept_ranks(first.memo, first.data, first.data.festivals[0], open_.path, first.results[open_.path])
    # tests/test_scoring.py: adams-amy 1, 1, 1; evil 2, 3, 5; baker-ben 5, 5, 3 after rounds 1, 2, 3
    assert [[r[p] for r in made] for p in ("adams-amy", "evil", "baker-ben")] == [[1, 1, 1], [2, 3, 5], [5, 5, 3]]
    assert len(store) == 1
    # The next build (its results computed afresh) takes them from the store: the standings after each round are
    # not computed again
    second = Renderer(load_clean(MINI), memo=Memo(store=store, inputs=inputs))
    res = second.results[open_.path]
    assert kept_ranks(second.memo, second.data, second.data.festivals[0], open_.path, res) == made
    assert "by_round" not in vars(res) and res.rank_after("evil") == [2, 3, 5]
    # Anything but ranks for these players and rounds is computed again
    key = next(iter(store))
    for bad in ("[", "[]", json.dumps([{"adams-amy": 1}] * 3), json.dumps([dict(made[0])] * 2),
                json.dumps([{p: str(r) for p, r in made[0].items()}] * 3)):
        store[key] = bad
        third = Renderer(load_clean(MINI), memo=Memo(store=store, inputs=inputs))
        res = third.results[open_.path]
        assert kept_ranks(third.memo, third.data, third.data.festivals[0], open_.path, res) == made and \
            "by_round" in vars(res), bad
    # With another festival's digest, another key
    other = Renderer(load_clean(MINI), memo=Memo(store=store, inputs=Inputs("common", {"cup": "2"})))
    kept_ranks(other.memo, other.data, other.data.festivals[0], open_.path, other.results[open_.path])
    assert len(store) == 2


def test_ranks_computed_by_the_events_pages_are_kept_and_those_of_an_event_taken_whole_are_not_computed() -> None:
    """The event's own pages draw its ranks after each round too (its race chart): the ranks they computed are
    kept, once a build, so that a later build's players' pages find them. An event whose pages came from the last
    build asks without computing: the kept ranks are taken (and so kept for the next build), none computed."""
    from generator.render.site import Renderer

    class Counted(_Store):
        puts = 0

        def put(self, key: str, value: str) -> None:
            Counted.puts += 1
            super().put(key, value)

    store = Counted()
    inputs = Inputs("common", {"cup": "1"})
    first = Renderer(load_clean(MINI), memo=Memo(store=store, inputs=inputs))
    open_, cup = first.data.festivals[0].events[0], first.data.festivals[0]
    res = first.results[open_.path]
    drawn = res.ranks  # (as the event's pages compute them)
    assert kept_ranks(first.memo, first.data, cup, open_.path, res) == drawn
    assert kept_ranks(first.memo, first.data, cup, open_.path, res) == drawn  # (a second player of the event)
    assert Counted.puts == 1 and json.loads(next(iter(store.values()))) == [dict(r) for r in drawn]
    # A build whose event came from the cache: taken, not computed
    second = Renderer(load_clean(MINI), memo=Memo(store=store, inputs=inputs))
    res = second.results[open_.path]
    assert kept_ranks(second.memo, second.data, cup, open_.path, res, compute=False) == drawn
    assert "by_round" not in vars(res)
    # Nothing kept: nothing computed either (and a player's page asking later computes them)
    third = Renderer(load_clean(MINI), memo=Memo(store=_Store(), inputs=inputs))
    res = third.results[open_.path]
    assert kept_ranks(third.memo, third.data, cup, open_.path, res, compute=False) is None
    assert "by_round" not in vars(res)
    assert kept_ranks(third.memo, third.data, cup, open_.path, res) == drawn and "by_round" in vars(res)


def test_what_a_part_shows_is_keyed_in_full() -> None:
    """`plain`: every value a part kept by what it shows is keyed by, as JSON values, in full; a text by its message
    and values (two messages alike in English may read differently in another language), an organizer's text in
    each of its languages; anything else stops the build rather than leave a page as it was."""
    from fractions import Fraction

    from generator.messages import N_, Text, Texts
    from generator.render.memo import plain
    from markupsafe import Markup

    shown = {"rows": Markup("<td>1</td>"), "points": Fraction(5, 2), "day": dt.date(2024, 3, 2),
             "entry": SearchEntry("Adams, Amy", "NL"), "none": None, "yes": True, "ranks": (3, 1)}
    assert plain(shown) == ["dict", [["rows", "<td>1</td>"], ["points", ["fraction", 5, 2]],
                                     ["day", ["date", "2024-03-02"]], ["entry", ["SearchEntry", "Adams, Amy", "NL"]],
                                     ["none", None], ["yes", True], ["ranks", [3, 1]]]]
    # a counted text keyed by its forms and number (its English alone would not tell 1 from the other forms' rule)
    counted = Text.counted(("{count} game", "{count} games"), 3)
    assert plain(counted) == ["text", "{count} game", "{count} games", 3, ["dict", [["count", 3]]]]
    one, other = Text(N_("from {grade} grade"), grade="1 kyu"), Text(N_("from {grade} grade"), grade="2 kyu")
    assert plain(one) == ["text", "from {grade} grade", None, 0, ["dict", [["grade", "1 kyu"]]]]
    assert plain(one) != plain(other)
    assert plain(Texts({"en": "Opening", "nl": "Opening"})) != plain(Texts({"en": "Opening", "nl": "Begin"}))
    with pytest.raises(TypeError, match="cannot hold a float"):
        plain({"elo": 1500.5})
    with pytest.raises(TypeError, match="cannot hold a object"):
        plain([object()])
    # (what a value is, found once for its type: a str made plain text, not kept a Markup; an int enum an int; a
    # moment by its type's name; a dataclass itself, not one of its values, stops the build as any other class)
    assert type(plain(Markup("<b>x</b>"))) is str and plain([Markup("a"), "b"]) == ["a", "b"]
    import enum as enum_module

    class Seat(enum_module.IntEnum):
        FIRST = 1

    class Side(enum_module.Enum):
        LEFT = "left"

    assert plain([Seat.FIRST, Side.LEFT]) == [Seat.FIRST, ["Side", "left"]] and plain(Seat.FIRST) == 1
    assert plain(dt.datetime(2024, 3, 2, 10, 30)) == ["datetime", "2024-03-02T10:30:00"]
    with pytest.raises(TypeError, match="cannot hold a type"):
        plain(SearchEntry)


def test_a_players_page_reads_nothing_but_what_it_is_given() -> None:
    """A player's page is kept by what it shows (players.player_view): its template may name nothing but the
    values it is given and the templates' own functions, which read no data (base._env)."""
    from jinja2 import meta

    from generator.render.base import TEMPLATES, _env

    env = _env()
    source = (TEMPLATES / "player.html.j2").read_text(encoding="utf-8")
    names = meta.find_undeclared_variables(env.parse(source))
    given = {"page", "fragment", "games_head", "rating_chart", "player", "entries", "gp_lines", "rating", "history",
             "search", "elo_shown", "handicaps", "promotion", "next_games", "next_live", "calendar"}
    functions = {"_", "ngettext", "link", "grade_name", "country_name", "translated", "long_date", "HANDICAP_KEY"}
    assert names - given - functions == set()
    assert functions <= set(env.globals) | {"_", "ngettext"}
    # (the data's own are not among them: `player_name` and `first_place` are left out with given_only)
    assert not names & {"player_name", "first_place"}


def test_a_players_lines_of_an_event_are_kept_and_taken_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """A player's page rendered again takes his lines of the events whose festivals did not change (his place,
    games and rating there) from the last build, rather than making them again; anything but lines as they were
    written is made anew."""
    from markupsafe import Markup

    from generator.render.players import PlayerPages
    from generator.render.site import Renderer

    store = _Store()
    inputs = Inputs("common", {"cup": "1"})
    first = Renderer(load_clean(MINI), memo=Memo(store=store, inputs=inputs))
    made = first.player_entries("adams-amy")
    # tests/test_scoring.py: Amy Adams is first after each of the Open's three rounds, of its five players
    assert [(p.event.path, p.line.ranks, p.line.field) for p in made] == [("cup/open", (1, 1, 1), 5)]
    open_ = made[0].event
    key = first.memo.lines_key(first.data, first.data.festivals[0], "adams-amy", open_.path)
    assert key in store

    def not_again(*_: object) -> None:
        raise AssertionError("a player's lines made again")

    second = Renderer(load_clean(MINI), memo=Memo(store=store, inputs=inputs))
    with monkeypatch.context() as patched:
        patched.setattr(PlayerPages, "event_lines", not_again)
        taken = second.player_entries("adams-amy")
    assert [p.line for p in taken] == [p.line for p in made]
    assert [p.change for p in taken] == [p.change for p in made]  # (his rating change: the event's, as then)
    for field in ("heading", "place", "rows"):  # (HTML, as made: not escaped again when shown)
        assert type(getattr(taken[0].line, field)) is Markup
    # Anything but the lines as written: made again, the same
    written = store[key]
    for bad in ("[", "{}", "[1]", written.replace('"field":5', '"field":"5"'), written.replace(",true]", ",1]"),
                written.replace('"ranks":[1,1,1]', '"ranks":[1,1,"1"]')):
        store[key] = bad
        third = Renderer(load_clean(MINI), memo=Memo(store=store, inputs=inputs))
        assert [p.line for p in third.player_entries("adams-amy")] == [p.line for p in made], bad
        assert store[key] == written
    # Another digest of his festival: another key, the lines made again
    other = Renderer(load_clean(MINI), memo=Memo(store=store, inputs=Inputs("common", {"cup": "2"})))
    with monkeypatch.context() as patched:
        patched.setattr(PlayerPages, "event_lines", not_again)
        with pytest.raises(AssertionError, match="made again"):
            other.player_entries("adams-amy")
