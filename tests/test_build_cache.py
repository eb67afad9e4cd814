"""The build cache: a build renders again only the pages whose inputs changed, and its site is the same, byte for
byte, as a build without a cache, whatever changed; a damaged, foreign or linked cache is said and ignored."""

from __future__ import annotations

import gzip
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from generator.engine import cache
from generator.engine.build import _mb
from generator.engine.cache import FORMAT, PageCache
from generator.engine import kept as kept_module
from generator.engine.kept import FORMAT as KEPT_FORMAT, KeptSite, frame_raw, frame_text
from generator.engine.state import KeptParts

from .conftest import DEMO, MINI, ROOT, site_config_text

pytestmark = pytest.mark.build
USED = re.compile(r"INFO    -  (\w+): ([\d,]+) of ([\d,]+) generated pages from the build cache")
PARTS = re.compile(r"not rendered again: the pages of ([\d,]+) of ([\d,]+) festivals, of ([\d,]+) of ([\d,]+) events, "
                   r"of ([\d,]+) of ([\d,]+) players, ([\d,]+) of ([\d,]+) calendar feeds")
HELD = re.compile(r"INFO    -  (\w+): [\d,]+ of [\d,]+ generated pages from the build cache \(([\d,]+) of them not "
                  r"written again: the site's folder held them as written\)")
FILES_HELD = re.compile(r"INFO    -  (\w+): .* \(and ([\d,]+) other files, the theme's assets among them\)")
PATCHED = re.compile(r"INFO    -  (\w+): .*; the rest of its site as the last build left it \(the engine not run")
WORDS = re.compile(r"INFO    -  (\w+): .*; of them, put in this language's words from the pages in marks: the pages of "
                   r"([\d,]+) festivals, ([\d,]+) events, ([\d,]+) players")


def build(data: Path, site: Path, kept: Path | None, languages: str = "en", config: Path = ROOT / "mkdocs.yml",
          events: list[tuple[int, ...]] | None = None, words: list[tuple[str, ...]] | None = None,
          left: bool = False, said: list[str] | None = None) -> tuple[dict[str, bytes], dict[str, tuple[int, int]]]:
    """The site's files, and for each language how many of its generated pages came from the cache (of how many);
    into `events`, for each language (and the pages in marks, before the default), how many festivals', events' and
    players' pages were not rendered again (of how many); into `words`, for each language that put its words in
    the pages in marks, in how many festivals', events' and players'; into `said`, what the build printed. The site
    is removed after (the next build's then starts without one), unless `left`."""
    env = {**os.environ, "BANZUKE_LANGUAGES": languages, "BANZUKE_CACHE": str(kept) if kept else "off"}
    result = subprocess.run([sys.executable, "-m", "generator", "build", "--data", str(data), "--site-dir", str(site),
                             "--config", str(config)], check=False, capture_output=True, text=True, cwd=ROOT, env=env)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    files = {p.relative_to(site).as_posix(): p.read_bytes() for p in sorted(site.rglob("*")) if p.is_file()}
    used = {m[1]: (int(m[2].replace(",", "")), int(m[3].replace(",", ""))) for m in USED.finditer(result.stderr)}
    if events is not None:
        events.extend(tuple(int(n.replace(",", "")) for n in m.groups()) for m in PARTS.finditer(result.stderr))
    if words is not None:
        words.extend((m[1], *(n.replace(",", "") for n in m.groups()[1:])) for m in WORDS.finditer(result.stderr))
    if said is not None:
        said.append(result.stderr)
    if not left:
        shutil.rmtree(site)
    return files, used


def same(warm: dict[str, bytes], cold: dict[str, bytes]) -> None:
    assert warm.keys() == cold.keys()
    assert [name for name in warm if warm[name] != cold[name]] == []


@pytest.fixture
def festival(tmp_path: Path) -> Path:
    data = tmp_path / "data"
    shutil.copytree(MINI, data)
    return data


def replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def turn_a_game(round_file: Path) -> None:
    """The round's first decided game the other way round."""
    text = round_file.read_text(encoding="utf-8")
    result = re.search(r"\b(1-0|0-1)\b", text)
    assert result is not None
    round_file.write_text(text[:result.start()] + ("0-1" if result[0] == "1-0" else "1-0") + text[result.end():],
                          encoding="utf-8")


def test_an_unchanged_build_renders_nothing_again_and_is_the_same_site(festival: Path, tmp_path: Path) -> None:
    kept = tmp_path / "cache"
    counts: list[tuple[int, ...]] = []
    cold, first = build(festival, tmp_path / "site", kept, events=counts)
    warm, second = build(festival, tmp_path / "site", kept, events=counts)
    made = first["en"][1]
    assert first["en"] == (0, made) and made > 20  # nothing in the cache at first
    assert second["en"] == (made, made)  # every generated page from it
    # no festival's, event's, player's or feed's part made at first; every one taken from the cache then (1 festival,
    # 1 event, 5 players and their 5 feeds, 1 programme)
    assert counts == [(0, 1, 0, 1, 0, 5, 0, 6), (1, 1, 1, 1, 5, 5, 6, 6)]
    same(warm, cold)


@pytest.mark.parametrize("change", ["round result", "player name", "festival added"])
def test_after_a_change_of_the_data_a_warm_build_is_the_cold_one(festival: Path, tmp_path: Path, change: str) -> None:
    kept = tmp_path / "cache"
    build(festival, tmp_path / "site", kept)
    if change == "round result":
        turn_a_game(festival / "cup" / "open" / "round-1.yaml")
    elif change == "player name":
        replace(festival / "players.yaml", "family: Baker", "family: Bakker")
    else:  # a copy of the cup as another festival
        shutil.copytree(festival / "cup", festival / "second-cup")
        replace(festival / "second-cup" / "festival.yaml", "name: Test Cup", "name: Second Cup")
    warm, used = build(festival, tmp_path / "site", kept)
    cold, _ = build(festival, tmp_path / "site", None)
    same(warm, cold)
    reused, made = used["en"]
    assert 0 < reused < made  # some pages were rendered again, not all


def test_an_events_pages_are_rendered_again_when_a_festival_before_it_changes(festival: Path, tmp_path: Path) -> None:
    """FESA rates the events one after another: a result of an earlier festival changes the ratings a later
    festival's pages show, so a change there renders the later festival's event again; a change in the later one
    leaves the earlier one's as the cache has it."""
    later = festival / "later-cup"
    shutil.copytree(festival / "cup", later)
    replace(later / "festival.yaml", "name: Test Cup", "name: Later Cup")
    for name in ("festival.yaml", "open/event.yaml"):  # a year on: 2025-03-02 and 03
        text = (later / name).read_text(encoding="utf-8")
        (later / name).write_text(text.replace("2024-03-0", "2025-03-0"), encoding="utf-8")
    kept = tmp_path / "cache"
    before, _ = build(festival, tmp_path / "site", kept)
    turn_a_game(festival / "cup" / "open" / "round-1.yaml")
    counts: list[tuple[int, ...]] = []
    warm, _ = build(festival, tmp_path / "site", kept, events=counts)
    cold, _ = build(festival, tmp_path / "site", None)
    same(warm, cold)
    # both events rendered again, the earlier one changed, the later one follows it; so are the pages of the five
    # players, who played in both, and both festivals' own pages (the later one's prizes and winners follow too)
    assert [c[:6] for c in counts] == [(0, 2, 0, 2, 0, 5)]
    # (and the later festival's standings did change: the ratings it shows came from the earlier results)
    assert before["later-cup/open/index.html"] != cold["later-cup/open/index.html"]
    turn_a_game(later / "open" / "round-1.yaml")
    counts.clear()
    warm, _ = build(festival, tmp_path / "site", kept, events=counts)
    cold, _ = build(festival, tmp_path / "site", None)
    same(warm, cold)
    # the earlier festival's pages and its event from the cache, the later ones rendered again
    assert [c[:6] for c in counts] == [(1, 2, 1, 2, 0, 5)]


def test_a_players_page_that_shows_what_it_showed_is_taken_from_the_cache_though_his_festival_changed(
        festival: Path, tmp_path: Path) -> None:
    """A player's page is kept by the festivals he played in, and by what it shows: a change of his festival that
    his page does not show (the festival's city) renders the festival's and the event's pages again, and the
    players' pages not."""
    kept = tmp_path / "cache"
    build(festival, tmp_path / "site", kept)
    replace(festival / "cup" / "festival.yaml", "city: Leiden", "city: Delft")
    counts: list[tuple[int, ...]] = []
    warm, _ = build(festival, tmp_path / "site", kept, events=counts)
    cold, _ = build(festival, tmp_path / "site", None)
    same(warm, cold)
    # the festival's own pages and its one event rendered again (the city is in the festival's folder, which
    # their keys hold); its 5 players' pages from the cache (each shows his games, places and ratings, as before);
    # the 6 calendar feeds (5 players', 1 programme) rendered again (a feed's events are where the festival is)
    assert counts == [(0, 1, 0, 1, 5, 5, 0, 6)]
    # and the same change once more, back: the pages as the first build made them, the players' again kept
    replace(festival / "cup" / "festival.yaml", "city: Delft", "city: Leiden")
    counts.clear()
    warm, _ = build(festival, tmp_path / "site", kept, events=counts)
    cold, _ = build(festival, tmp_path / "site", None)
    same(warm, cold)
    assert counts == [(0, 1, 0, 1, 5, 5, 0, 6)]


def test_after_a_round_result_the_players_whose_page_shows_it_are_rendered_and_the_others_kept(
        tmp_path: Path) -> None:
    """A result of the demo's last festival turned round (Oware Open, round 6: Brown beat Campbell, now Campbell
    wins): every player of the festival has a new key, and the pages rendered again are those that changed (the
    two players', and those whose place or race line moved); the others of the festival are kept by what they
    show, among them the six who played the Masters alone. Two languages, the second built in a forked process."""
    data = tmp_path / "data"
    shutil.copytree(DEMO, data)
    kept = tmp_path / "cache"
    before, _ = build(data, tmp_path / "site", kept, "en,de")  # (the cold site, and the cache for the warm build)
    replace(data / "2012-mso-oware" / "oware-open" / "round-6.yaml",  # (the seeds too: the winner has more)
            "[brown-oliver, campbell-marcia, 1-0, resignation, 21, 15]",
            "[brown-oliver, campbell-marcia, 0-1, resignation, 15, 21]")
    counts: list[tuple[int, ...]] = []
    words: list[tuple[str, ...]] = []
    warm, _ = build(data, tmp_path / "site", kept, "en,de", events=counts, words=words)
    cold, _ = build(data, tmp_path / "site", None, "en,de")
    same(warm, cold)
    changed = {name for name in cold if name.startswith("players/") and name.endswith("/index.html")
               and cold[name] != before[name]}
    # Brown 2 points and Campbell 1 before, 1 and 2 now: their games, scores and places changed; Thompson's 1½
    # stays between them, and two players stay on 2 points (Smith, and Campbell for Brown)
    assert {"players/brown-oliver/index.html", "players/campbell-marcia/index.html"} <= changed
    masters_alone = ("darko-efua", "reid-andre", "owusu-kwabena", "clarke-simone", "agyeman-nana", "horak-jakub")
    assert not changed & {f"players/{pid}/index.html" for pid in masters_alone}
    # The site in marks first (for every language's words): the players rendered again are exactly those whose
    # page changed; English and German render none: each takes every player's page from the site in marks, its
    # words put in, without a key of its own (as many as the site has players' pages, their index aside)
    marks, english, german = counts
    assert marks[5] - marks[4] == len(changed)
    assert english[5] - english[4] == 0 and german[5] - german[4] == 0
    pages = [name for name in cold if name.startswith("players/") and name.endswith("/index.html")]
    assert [(w[0], w[3]) for w in words] == [("en", str(len(pages) - 1)), ("de", str(len(pages) - 1))]
    # The calendar feeds are kept by what they show. A player's feed shows his own games: of the players', Brown's
    # and Campbell's alone changed (the result of their game). The festival's programme is kept by its folder. So
    # English and German each write three feeds again, the two players' and the programme, and keep the others
    feeds = {name for name in cold if name.startswith("players/") and name.endswith(".ics")
             and cold[name] != before[name]}
    assert feeds == {"players/brown-oliver.ics", "players/campbell-marcia.ics"}
    assert "2012-mso-oware/programme.ics" in cold
    for rendered in (english, german):
        feeds_kept, all_feeds = rendered[6], rendered[7]
        assert all_feeds - feeds_kept == 3


def test_a_language_added_is_built_and_the_others_pages_follow(festival: Path, tmp_path: Path) -> None:
    """The selector of every page lists the site's languages: adding one renders every page again."""
    kept = tmp_path / "cache"
    build(festival, tmp_path / "site", kept, "en")
    warm, used = build(festival, tmp_path / "site", kept, "en,de")
    cold, _ = build(festival, tmp_path / "site", None, "en,de")
    same(warm, cold)
    assert used["en"][0] == 0 and used["de"][0] == 0


def test_a_change_of_mkdocs_yml_renders_every_page_again(festival: Path, tmp_path: Path) -> None:
    config = tmp_path / "mkdocs.yml"
    text = site_config_text()
    config.write_text(text, encoding="utf-8")
    kept = tmp_path / "cache"
    build(festival, tmp_path / "site", kept, config=config)
    replace(config, "site_description: ", "site_description: Changed. ")
    warm, used = build(festival, tmp_path / "site", kept, config=config)
    cold, _ = build(festival, tmp_path / "site", None, config=config)
    same(warm, cold)
    assert used["en"][0] == 0


DAMAGES = {  # what is done to a good cache (its index's text, its data file's bytes), and what the build says
    "index cut short": (lambda text, _: (text[:-100], None), "is ignored: its index cannot be read"),
    "another format": (lambda text, _: (text.replace(FORMAT, "other/1"), None), "is ignored: it is not a cache of"),
    "an entry not numbers": (lambda text, _: (re.sub(r'"pages":\{"([0-9a-f]{64})":\[\d+', r'"pages":{"\1":["a"',
                                                     text), None),
                             "is ignored: its index is not what the build writes"),
    "a data file elsewhere": (lambda text, _: (re.sub(r'"data":"[^"]*"', '"data":"../pages-en-0.bin"', text), None),
                              "is ignored: its index is not what the build writes"),
    "data cut short": (lambda text, data: (text, data[:-1]), "is ignored: its data file pages-en-"),
    "a page changed": (lambda text, data: (text, b"X" + data[1:]), ": a page's output is not as it was written"),
    # (every page then rendered anew, after the build took them for the cache's: with their contents beside them)
    "every page changed": (lambda text, data: (text, bytes(b ^ 0x20 for b in data)),
                           ": a page's output is not as it was written"),
}


@pytest.mark.parametrize("case", DAMAGES)
def test_a_damaged_or_foreign_cache_is_said_and_ignored(festival: Path, tmp_path: Path, case: str) -> None:
    kept = tmp_path / "cache"
    cold, _ = build(festival, tmp_path / "site", kept)
    index = kept / "pages-en.json"
    data = kept / json.loads(index.read_text(encoding="utf-8"))["data"]
    damage, said = DAMAGES[case]
    text, raw = damage(index.read_text(encoding="utf-8"), data.read_bytes())
    index.write_text(text, encoding="utf-8")
    if raw is not None:
        data.write_bytes(raw)
    env = {**os.environ, "BANZUKE_LANGUAGES": "en", "BANZUKE_CACHE": str(kept)}
    result = subprocess.run([sys.executable, "-m", "generator", "build", "--data", str(festival), "--site-dir",
                             str(tmp_path / "site")], check=False, capture_output=True, text=True, cwd=ROOT, env=env)
    assert result.returncode == 0, result.stderr
    assert f"WARNING -  The build cache {index}" in result.stderr and said in result.stderr, result.stderr
    counts = USED.search(result.stderr)
    assert counts is not None
    reused, made = int(counts[2].replace(",", "")), int(counts[3].replace(",", ""))
    # a page changed: the page whose bytes start the data file alone is rendered anew; else every page is
    assert reused == (made - 1 if case == "a page changed" else 0)
    site = tmp_path / "site"
    same({p.relative_to(site).as_posix(): p.read_bytes() for p in sorted(site.rglob("*")) if p.is_file()}, cold)


def test_a_cache_written_by_other_code_is_not_used(tmp_path: Path) -> None:
    """The cache's index says which code wrote it: other code's pages are not taken, silently (a cold build)."""
    page = "a" * 64
    written = PageCache.open(tmp_path, "old code", "en")
    written.put(page, "<html>old</html>")
    written.save()
    assert PageCache.open(tmp_path, "old code", "en").get(page) == "<html>old</html>"
    assert PageCache.open(tmp_path, "new code", "en").get(page) is None
    assert PageCache.open(tmp_path, "old code", "de").get(page) is None  # (another language's file: none there)


def test_a_build_appends_its_new_pages_and_the_data_file_is_compacted_when_half_is_unused(tmp_path: Path) -> None:
    """A build appends the pages it made to the last build's data file and writes none it took from there again;
    once more than half the file is pages no build uses, the next build writes a new file of its pages alone."""
    sizes = lambda: [p.stat().st_size for p in tmp_path.glob("pages-en-*.bin")]  # noqa: E731
    first = PageCache.open(tmp_path, "code", "en")
    first.put("a" * 64, "<p>a</p>")
    first.put("b" * 64, "<p>b</p>")
    first.save()
    [name] = [p.name for p in tmp_path.glob("pages-en-*.bin")]
    second = PageCache.open(tmp_path, "code", "en")
    assert second.get("b" * 64) == "<p>b</p>"
    second.put("c" * 64, "<p>c</p>")
    second.save()
    # "<p>a</p>", "<p>b</p>", "<p>c</p>" are 8 bytes each: the first build's 16, and c appended, 24 in the same file
    assert [p.name for p in tmp_path.glob("pages-en-*.bin")] == [name] and sizes() == [24]
    third = PageCache.open(tmp_path, "code", "en")
    assert [third.get(d * 64) for d in "abc"] == [None, "<p>b</p>", "<p>c</p>"]
    third.save()
    assert sizes() == [24]  # b and c used, 16 of 24 bytes: nothing written
    fourth = PageCache.open(tmp_path, "code", "en")
    assert fourth.get("c" * 64) == "<p>c</p>"
    fourth.save()
    assert sizes() == [24]  # 16 of 24 were in use when it began (half or more: it appended)
    fifth = PageCache.open(tmp_path, "code", "en")
    assert fifth.get("c" * 64) == "<p>c</p>"  # 8 of 24 bytes in use: less than half
    fifth.save()
    assert sizes() == [8] and [p.name for p in tmp_path.glob("pages-en-*.bin")] != [name]  # a new file, c alone
    sixth = PageCache.open(tmp_path, "code", "en")
    assert [sixth.get(d * 64) for d in "abc"] == [None, None, "<p>c</p>"]


def test_what_a_build_that_stopped_appended_is_no_pages_and_the_pages_before_it_are_used(tmp_path: Path) -> None:
    """A build that stopped after appending (its index not written) leaves the data file longer than the index
    says: the pages the index names are used, and the next build appends after what it left."""
    first = PageCache.open(tmp_path, "code", "en")
    first.put("a" * 64, "<p>a</p>")
    first.save()
    [data] = tmp_path.glob("pages-en-*.bin")
    with data.open("ab") as f:
        f.write(b"<p>hal")  # 6 bytes: 8 of the 14 in use, more than half (else a new file: the test above)
    second = PageCache.open(tmp_path, "code", "en")
    assert second.get("a" * 64) == "<p>a</p>"
    second.put("b" * 64, "<p>b</p>")
    second.save()
    assert data.stat().st_size == 8 + 6 + 8
    third = PageCache.open(tmp_path, "code", "en")
    assert [third.get(d * 64) for d in "ab"] == ["<p>a</p>", "<p>b</p>"]


def test_the_code_digest_follows_every_file_of_the_generator(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    generator, sources = tmp_path / "generator", tmp_path / "site_src"
    (generator / "render" / "templates").mkdir(parents=True)
    sources.mkdir()
    template = generator / "render" / "templates" / "page.html.j2"
    template.write_text("{{ x }}", encoding="utf-8")
    (sources / "organizers.md").write_text("# For organizers", encoding="utf-8")
    monkeypatch.setattr(cache, "GENERATOR", generator)
    monkeypatch.setattr(cache, "SOURCES", sources)
    before = cache.code_digest()
    template.write_text("{{ x }}!", encoding="utf-8")
    changed = cache.code_digest()
    (sources / "organizers.md").write_text("# For organisers", encoding="utf-8")
    assert len({before, changed, cache.code_digest()}) == 3


def test_a_linked_cache_folder_is_neither_read_nor_written(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (tmp_path / "cache").symlink_to(elsewhere)
    pages = PageCache.open(tmp_path / "cache", "code", "en")
    assert "is ignored: it, or a folder it is in, is a link" in capsys.readouterr().err
    pages.put("b" * 64, "<html></html>")
    pages.save()
    assert list(elsewhere.iterdir()) == []
    assert FORMAT.startswith("banzuke-pages/")


def test_a_damaged_part_is_said_and_its_event_rendered_anew(festival: Path, tmp_path: Path) -> None:
    kept = tmp_path / "cache"
    cold, _ = build(festival, tmp_path / "site", kept)
    index = kept / "parts-en.json"
    data = kept / json.loads(index.read_text(encoding="utf-8"))["data"]
    data.write_bytes(b"X" + data.read_bytes()[1:])  # the first (and only) event's part
    env = {**os.environ, "BANZUKE_LANGUAGES": "en", "BANZUKE_CACHE": str(kept)}
    result = subprocess.run([sys.executable, "-m", "generator", "build", "--data", str(festival), "--site-dir",
                             str(tmp_path / "site")], check=False, capture_output=True, text=True, cwd=ROOT, env=env)
    assert result.returncode == 0, result.stderr
    assert f"WARNING -  The build cache {index}: a page's output is not as it was written" in result.stderr
    counts = PARTS.search(result.stderr)
    assert counts is not None and (counts[1], counts[2]) == ("0", "1")  # the event rendered anew
    site = tmp_path / "site"
    same({p.relative_to(site).as_posix(): p.read_bytes() for p in sorted(site.rglob("*")) if p.is_file()}, cold)


def test_a_festival_added_after_the_others_moves_the_calendar_feeds_and_the_warm_build_follows(
        tmp_path: Path) -> None:
    """Players' calendar feeds hold the latest festivals: one added two years after the demo's last moves them to its
    players, and the players of the last festival lose theirs; their pages change though nothing they played did.
    The warm build renders again the new festival's events and the pages that changed, and is the cold one."""
    data = tmp_path / "data"
    shutil.copytree(DEMO, data)
    kept = tmp_path / "cache"
    counts: list[tuple[int, ...]] = []
    before, _ = build(data, tmp_path / "site", kept, events=counts)
    festivals, events, players = counts[0][1], counts[0][3], counts[0][5]
    added = data / "2014-mso-shuuro"
    shutil.copytree(data / "2009-mso-shuuro", added)
    for path in added.rglob("*.yaml"):
        path.write_text(path.read_text(encoding="utf-8").replace("2009-08-22", "2014-08-23").replace(
            "MSO 2009 Shuuro-250", "MSO 2014 Shuuro-250"), encoding="utf-8")
    counts.clear()
    warm, _ = build(data, tmp_path / "site", kept, events=counts)
    cold, _ = build(data, tmp_path / "site", None)
    same(warm, cold)
    [(festivals_kept, festivals_now, events_kept, events_now, players_kept, players_now, _, _)] = counts
    # the old festivals' own pages and events all kept (the new festival comes after them all); the added one's
    # rendered
    assert (festivals_kept, festivals_now) == (festivals, festivals + 1)
    assert (events_kept, events_now) == (events, events + 1)
    assert players_now == players and 0 < players_kept < players
    # an Oware player's page had a calendar feed and has none now (the feeds hold the 2014 festival alone)
    oware = next(name for name in before if name.startswith("players/") and name.endswith(".html")
                 and b"2012-mso-oware" in before[name] and b".ics" in before[name])
    assert b".ics" not in cold[oware]


def test_the_previews_parts_are_those_its_last_rebuild_used() -> None:
    """The preview keeps in memory the parts its last rebuild took or made, and no others: a part left behind by
    a change is dropped at the next rebuild, so the preview does not grow save after save."""
    parts = KeptParts()
    parts.begin()
    parts.put("a" * 64, "first")
    parts.put("b" * 64, "second")
    parts.begin()  # the next rebuild: b's festival changed, b is made anew as c
    assert parts.get("a" * 64) == "first"
    parts.put("c" * 64, "third")
    parts.begin()
    assert (parts.get("a" * 64), parts.get("b" * 64), parts.get("c" * 64)) == ("first", None, "third")


def held(said: str, files: bool = False) -> dict[str, int]:
    """For each language, how many generated pages its build did not write (or, with `files`, how many of the other
    files it copies or writes as they are: the theme's assets, the results API …): the site's folder held them."""
    return {m[1]: int(m[2].replace(",", "")) for m in (FILES_HELD if files else HELD).finditer(said)}


# What the engine writes at every build that is not a file it is given: the sitemap and the search index (and the
# pages, whose are .html files)
WRITTEN_EACH_BUILD = ("sitemap.xml", "sitemap.xml.gz", "search/search_index.json")


def test_a_build_into_the_site_the_last_one_left_writes_only_what_changed_and_leaves_nothing_else(
        festival: Path, tmp_path: Path) -> None:
    """The site's folder as the last build left it: a page made from the same is not written again; what the last
    build did not write there (a stray file, a link, a page changed by hand) is removed or written anew; the site is
    a cold build's, byte for byte. A copy of the site that keeps the files' times (as actions/cache restores it) is
    found as it was."""
    kept, site = tmp_path / "cache", tmp_path / "site"
    said: list[str] = []
    build(festival, site, kept, left=True, said=said)
    assert held(said[-1]) == {}  # (no site before)
    (site / "stray.html").write_text("not the build's", encoding="utf-8")
    (site / "cup" / "stray").mkdir()
    (site / "cup" / "stray" / "index.html").write_text("not the build's", encoding="utf-8")
    outside = tmp_path / "outside.txt"
    outside.write_text("mine", encoding="utf-8")
    (site / "cup" / "open" / "linked.html").symlink_to(outside)
    rules = site / "cup" / "open" / "rules" / "index.html"
    text = rules.read_bytes()
    rules.write_bytes(text.replace(b"<title>", b"<TITLE>", 1))  # (as long as it was: its time tells)
    (site / "players" / "baker-ben" / "index.html").write_bytes(b"cut")
    style = site / "assets" / "extra.css"  # (a file copied as it is, changed by hand: copied again)
    style.write_bytes(b"/" + style.read_bytes()[1:])
    api = next(site.glob("api/**/*.json"))  # (a file written as the renderer gives it, changed by hand)
    api.write_bytes(b" " + api.read_bytes()[1:])
    turn_a_game(festival / "cup" / "open" / "round-1.yaml")
    warm, used = build(festival, site, kept, left=True, said=said)
    cold, _ = build(festival, tmp_path / "cold", None)
    same(warm, cold)
    assert outside.read_text(encoding="utf-8") == "mine"  # (the link removed, not followed)
    # not written: the pages neither the result changed nor touched by hand (the two touched are written anew)
    reused, made = used["en"]
    assert 0 < held(said[-1])["en"] <= reused - 2 < made
    # the same data again, into a copy of the site with its times (as `tar --posix` keeps them): every generated
    # page held but the theme's "page not found", which is written at every build (made counts it)
    copy = tmp_path / "copy"
    shutil.copytree(site, copy, symlinks=True)  # (copy2: the times to the nanosecond)
    again, used = build(festival, copy, kept, said=said)
    same(again, cold)
    assert held(said[-1]) == {"en": used["en"][1] - 1} and used["en"][0] == used["en"][1]
    # and every other file but those the engine writes anew at every build
    others = [name for name in cold if not name.endswith(".html") and name not in WRITTEN_EACH_BUILD]
    assert held(said[-1], files=True) == {"en": len(others)}
    assert "assets/extra.css" in others and api.relative_to(copy.parent / "site").as_posix() in others


WHOLE = re.compile(r"INFO    -  (\w+): .*; its folder written whole from the build cache \(the engine not run")


def test_without_the_sites_folder_a_language_is_written_whole_from_the_cache(festival: Path, tmp_path: Path) -> None:
    """As on the results job's runner, which restores the cache and not the site: after a round's result, the
    default language at the root is built by the engine (its pages from the cache and the pages in marks), and each
    other language is written whole without it, what the engine wrote from the same rest of its site (the search
    index, the sitemap, the hand-written pages, "page not found") taken from the cache. After a change of that rest
    (a player's name, which the search index holds) the engine builds them. Each time the site is a cold build's,
    byte for byte."""
    kept, site = tmp_path / "cache", tmp_path / "site"
    said: list[str] = []
    build(festival, site, kept, "en,de,fr", said=said)  # (the site's folder removed after each build)
    assert {m[1] for m in WHOLE.finditer(said[-1])} == set()
    changes = [
        (lambda: turn_a_game(festival / "cup" / "open" / "round-1.yaml"), {"de", "fr"}),
        (lambda: replace(festival / "players.yaml", "given: Amy", "given: Amelia"), set()),
        (lambda: turn_a_game(festival / "cup" / "open" / "round-1.yaml"), {"de", "fr"}),
    ]
    for change, expected in changes:
        change()
        warm, _ = build(festival, site, kept, "en,de,fr", said=said)
        assert {m[1] for m in WHOLE.finditer(said[-1])} == expected, said[-1]
        assert patched(said[-1]) == set()  # (none found its folder as the last build left it: there was none)
        same(warm, build(festival, tmp_path / "cold", None, "en,de,fr")[0])


QUICK = re.compile(r"INFO    -  (\w+): .*; its site not rendered: each page whose page in marks changed made from it")


def test_a_language_is_made_from_the_pages_in_marks_without_rendering_its_site(
        festival: Path, tmp_path: Path) -> None:
    """A language whose folder holds the site as the last build left it, from the same rest of the site in marks,
    under /<code>/ or the default at the root: after a round's result, the pages and files whose source in marks
    changed are made from the pages in marks (a player's calendar feed, which the site in marks has not, rendered)
    and its own site is not rendered at all. Not so after a player's name changed (the search index: each language
    built by the engine), nor where its folder is not as it was left (a file put in German's: German built; the
    default's folder, at the root, leaves German's to it); then so again. Each time the site is a cold build's, byte
    for byte, and each language's list says what each of its pages and files was made from in marks (the default's,
    the wall sheets and the results API among them). The cache keeps the pages made so (where it appends to its data
    file): without the site's folder, a language under /<code>/ is then written whole from it."""
    kept, site = tmp_path / "cache", tmp_path / "site"
    said: list[str] = []
    cold, _ = build(festival, site, kept, "en,de,fr", left=True, said=said)
    assert patched(said[-1]) == set() and quick(said[-1]) == set()
    stray = site / "de" / "stray.html"
    changes = [
        (lambda: turn_a_game(festival / "cup" / "open" / "round-1.yaml"), {"en", "de", "fr"}, True),
        (lambda: turn_a_game(festival / "cup" / "open" / "round-2.yaml"), {"en", "de", "fr"}, True),
        (lambda: replace(festival / "players.yaml", "given: Amy", "given: Amelia"), set(), False),
        (lambda: stray.write_text("not the build's", encoding="utf-8"), {"en", "fr"}, False),
        (lambda: turn_a_game(festival / "cup" / "open" / "round-1.yaml"), {"en", "de", "fr"}, True),
    ]
    # (a player's calendar feed in German and in English: its games, which a round's result changes)
    feeds = {name for name in cold if name.endswith(".ics") and name.startswith(("de/players/", "players/"))}
    assert {name.split("/")[0] for name in feeds} == {"de", "players"}
    for change, made, games in changes:
        before = {name: (site / name).read_bytes() for name in feeds}
        change()
        warm, _ = build(festival, site, kept, "en,de,fr", left=True, said=said)
        assert (quick(said[-1]), patched(said[-1])) == (made, made), said[-1]
        same(warm, build(festival, tmp_path / "cold", None, "en,de,fr")[0])
        if games:  # (a feed written again in each language: made by the language itself)
            assert {name.split("/")[0] for name in feeds if warm[name] != before[name]} == {"de", "players"}
        for code in ("de", "en"):
            listed = json.loads((kept / f"site-{code}.json").read_text(encoding="utf-8"))
            assert set(listed["sources"]) <= set(listed["pages"])
            assert "cup/open/round-1/index.html" in listed["sources"]
        # (English's, at the root: the wall sheets and the results API, the default language's alone)
        assert any(name.endswith("/print-boards/index.html") for name in listed["sources"])
        assert any(name.startswith("api/") for name in listed["sources"])
    # Then without the site's folder (as on the results job's runner): a language whose cache kept its pages (the
    # last build appended to its data file) written whole from it, the pages the last build made from the site in
    # marks among them, by their page in marks; the other built (German here, French not: their caches' sizes)
    shutil.rmtree(site)
    turn_a_game(festival / "cup" / "open" / "round-2.yaml")
    warm, _ = build(festival, site, kept, "en,de,fr", left=True, said=said)
    assert {m[1] for m in WHOLE.finditer(said[-1])} == {"de"}, said[-1]
    same(warm, build(festival, tmp_path / "cold", None, "en,de,fr")[0])


def quick(said: str) -> set[str]:
    """The languages made from the pages in marks without rendering their site (hooks.py _quick)."""
    return {m[1] for m in QUICK.finditer(said)}


def test_a_file_the_engine_wrote_is_kept_as_text_or_in_base64_and_read_back_as_it_was() -> None:
    """(The cache keeps text: a file the engine wrote is kept as it is, or in base64 where it is not UTF-8, as the
    sitemap's gzip; a text that is neither reads as none, and the engine builds the language.)"""
    for raw in (b"<html>\xc3\xa9</html>", gzip.compress(b"<urlset/>", mtime=0), b""):
        assert frame_raw(frame_text(raw)) == raw
    assert frame_text(b"{}") == "t{}" and frame_text(b"\xff").startswith("b")
    for bad in ("", "x{}", "b!!!", "bA"):  # (no kind, another kind, not base64, base64 cut short)
        assert frame_raw(bad) is None


def patched(said: str) -> set[str]:
    """The languages whose site was patched in the folder the last build left: the engine not run for them."""
    return {m[1] for m in PATCHED.finditer(said)}


def test_a_language_is_patched_where_only_its_pages_changed_and_built_where_the_rest_of_its_site_did(
        festival: Path, tmp_path: Path) -> None:
    """A language whose folder holds the site as the last build left it, under /<code>/ or the default at the root:
    after a round's result, its changed pages are written and the engine does not run for it (at the root, the
    theme's assets, every language's texts and the other languages' folders left as they are). After a change of
    what the rest of its site is made from (a hand-written page, a player's name, which the search index holds) the
    engine builds it. Each time the site is a cold build's, byte for byte."""
    config, sources = tmp_path / "mkdocs.yml", tmp_path / "site_src"
    shutil.copytree(ROOT / "site_src", sources)
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8").replace("docs_dir: site_src\n",
                                                                       f"docs_dir: {sources.as_posix()}\n")
    text = text.replace(" generator/engine/hooks.py\n", f" {(ROOT / 'generator/engine/hooks.py').as_posix()}\n")
    config.write_text(text.replace("  - generator\n", f"  - {(ROOT / 'generator').as_posix()}\n"), encoding="utf-8")
    kept, site = tmp_path / "cache", tmp_path / "site"
    said: list[str] = []
    build(festival, site, kept, "en,de", config=config, left=True, said=said)
    assert patched(said[-1]) == set()
    changes = [
        (lambda: turn_a_game(festival / "cup" / "open" / "round-1.yaml"), {"en", "de"}),
        # (the list a patched language's build left: as the folder holds it, so patched again)
        (lambda: turn_a_game(festival / "cup" / "open" / "round-1.yaml"), {"en", "de"}),
        (lambda: replace(sources / "organizers.md", "\n\n", "\n\nChanged by hand.\n\n"), set()),
        (lambda: replace(festival / "players.yaml", "given: Amy", "given: Amelia"), set()),
    ]
    for change, expected in changes:
        change()
        warm, _ = build(festival, site, kept, "en,de", config=config, left=True, said=said)
        assert patched(said[-1]) == expected
        same(warm, build(festival, tmp_path / "cold", None, "en,de", config=config)[0])
        # the site's pages and bytes said as the folder holds them, a language patched or built
        pages = sum(name.endswith(".html") for name in warm)
        size = sum(len(content) for content in warm.values())
        assert f"The site: 2 languages, {pages:,} pages, {_mb(size)}," in said[-1]


def test_a_file_of_the_themes_own_folder_changed_is_copied_again_though_no_page_changed(
        festival: Path, tmp_path: Path) -> None:
    """mkdocs.yml's `theme.custom_dir`: a folder of the theme outside the code, which the cache's digest of the code
    does not hold. After a round's result both languages are patched (the folder as it was); after a change of a
    file in it, the default language is built by the engine, its copy of the file as it now is, and every page
    made again (each page's output may come from the theme's templates there)."""
    overrides = tmp_path / "overrides"
    (overrides / "assets").mkdir(parents=True)
    css = overrides / "assets" / "custom.css"
    css.write_text("a{color:red}", encoding="utf-8")
    config = tmp_path / "mkdocs.yml"
    text = site_config_text().replace("theme:\n  name: material\n",
                                      f"theme:\n  name: material\n  custom_dir: {overrides.as_posix()}\n", 1)
    assert "custom_dir" in text
    config.write_text(text, encoding="utf-8")
    kept, site = tmp_path / "cache", tmp_path / "site"
    said: list[str] = []
    first, _ = build(festival, site, kept, "en,de", config=config, left=True)
    assert first["assets/custom.css"] == b"a{color:red}"
    turn_a_game(festival / "cup" / "open" / "round-1.yaml")
    build(festival, site, kept, "en,de", config=config, left=True, said=said)
    assert patched(said[-1]) == {"en", "de"}
    css.write_text("a{color:blue}", encoding="utf-8")
    warm, used = build(festival, site, kept, "en,de", config=config, left=True, said=said)
    assert patched(said[-1]) == set() and used["en"][0] == 0
    assert warm["assets/custom.css"] == b"a{color:blue}"
    same(warm, build(festival, tmp_path / "cold", None, "en,de", config=config)[0])


def test_a_language_is_patched_only_where_its_folder_holds_what_the_last_build_left_and_nothing_else(
        tmp_path: Path) -> None:
    """(What `intact` finds in a language's folder; where it finds otherwise, the engine builds the language.)"""
    folder, site = tmp_path / "cache", tmp_path / "site"
    (site / "players" / "ann").mkdir(parents=True)
    (site / "players" / "ann" / "index.html").write_text("Ann", encoding="utf-8")
    (site / "search").mkdir()
    (site / "search" / "search_index.json").write_text("{}", encoding="utf-8")
    frame = "f" * 64
    written = KeptSite(folder, "this code", "de")
    written.frame = frame
    written.wrote("players/ann/index.html", "a" * 64)
    written.save(site)  # (the search index listed with the frame: the engine wrote it)

    def intact(frame_now: str = frame) -> bool:
        kept = KeptSite.open(folder, "this code", "de")
        kept.frame = frame_now
        return kept.intact(site)

    assert intact() and not intact("e" * 64) and not intact("")
    (site / ".hidden").write_text("a host's", encoding="utf-8")
    assert intact()  # (an entry at the top whose name begins with a dot: left, as the engine's clean leaves it)
    stray = site / "players" / "stray.html"
    stray.write_text("not the build's", encoding="utf-8")
    assert not intact()
    stray.unlink()
    index = site / "search" / "search_index.json"
    mtime = index.stat().st_mtime_ns
    index.write_text("[]", encoding="utf-8")  # (as long as it was)
    os.utime(index, ns=(mtime, mtime + 1))
    assert not intact()
    os.utime(index, ns=(mtime, mtime))
    assert intact()  # (size and time as listed: trusted, as git's index trusts them)
    index.unlink()
    assert not intact()


def test_the_default_languages_folder_is_found_as_it_was_left_with_the_other_languages_folders_in_it(
        tmp_path: Path) -> None:
    """(At the root: the other languages' folders are theirs, neither listed nor looked into; a folder of another
    name is the root's own. The files the engine copied are listed, and a patched build keeps them.)"""
    folder, site = tmp_path / "cache", tmp_path / "site"
    (site / "assets").mkdir(parents=True)
    (site / "index.html").write_text("Home", encoding="utf-8")
    (site / "assets" / "extra.css").write_text("a{}", encoding="utf-8")
    frame = "f" * 64
    written = KeptSite(folder, "this code", "en", ("de", "fr"))
    written.frame = frame
    written.wrote("index.html", "a" * 64)
    written.wrote("assets/extra.css", "c" * 64)
    written.copied.add("assets/extra.css")
    (site / "de").mkdir()
    (site / "de" / "index.html").write_text("Start", encoding="utf-8")  # (German's build wrote it)
    written.save(site)
    kept = KeptSite.open(folder, "this code", "en", ("de", "fr"))
    assert set(kept.listed) == {"index.html", "assets/extra.css"} and kept.listed_copied == {"assets/extra.css"}
    kept.frame = frame
    assert kept.intact(site)
    assert kept.framed() == ["assets/extra.css"]  # (copied: kept by a patched build, with its digest)
    assert kept.left == {"assets/extra.css": "c" * 64}
    (site / "de" / "players").mkdir()  # (German's, changed by its own build)
    (site / "de" / "players" / "index.html").write_text("Spieler", encoding="utf-8")
    assert KeptSite.open(folder, "this code", "en", ("de", "fr")).intact(site) is False  # (no frame given)
    again = KeptSite.open(folder, "this code", "en", ("de", "fr"))
    again.frame = frame
    assert again.intact(site)
    (site / "nl").mkdir()  # (a language the site does not have: the root's, and not as listed)
    (site / "nl" / "index.html").write_text("Start", encoding="utf-8")
    again = KeptSite.open(folder, "this code", "en", ("de", "fr"))
    again.frame = frame
    assert not again.intact(site)


def test_a_language_left_out_is_removed_from_the_site_the_last_build_left(festival: Path, tmp_path: Path) -> None:
    kept, site = tmp_path / "cache", tmp_path / "site"
    said: list[str] = []
    build(festival, site, kept, "en,de", left=True)
    assert (site / "de" / "index.html").is_file()
    warm, _ = build(festival, site, kept, "en", said=said)
    cold, _ = build(festival, tmp_path / "cold", None, "en")
    same(warm, cold)  # (de/ and all it held gone)
    assert held(said[-1]) == {}  # (every page's language selector changed: each written anew)


# The folders' times in a list of the site whose one file is players/ann/index.html, and when it was written
FOLDERS = {"folders": {"": 5, "players/": 6, "players/ann/": 7}, "saved": 9}


@pytest.mark.parametrize("name", ["../index.html", "/etc/hostname", "a//index.html", "a/./index.html",
                                  "a/../../index.html", "a\\index.html", "", "players/", "players/..", ".",
                                  "a\0.html", "x" * 1000])
def test_a_list_of_the_site_that_names_a_file_outside_the_languages_folder_is_said_and_ignored(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str) -> None:
    """(A list ignored is no list: the build then empties the site's folder and writes every page, as the first
    build into the site's folder does, above.)"""
    good = {"format": KEPT_FORMAT, "code": "this code", "language": "en", "frame": "",
            "pages": {"players/ann/index.html": ["a" * 64, 10, 20]}, "copied": [], "sources": {}, **FOLDERS}
    (tmp_path / "site-en.json").write_text(json.dumps(good), encoding="utf-8")
    assert KeptSite.open(tmp_path, "this code", "en").listed == good["pages"]  # (as the build writes it)
    assert KeptSite.open(tmp_path, "other code", "en").listed == {}  # (other code's: not used, nothing said)
    assert capsys.readouterr().err == ""
    bad = {**good, "pages": {**good["pages"], name: ["a" * 64, 10, 20]}}
    (tmp_path / "site-en.json").write_text(json.dumps(bad), encoding="utf-8")
    assert KeptSite.open(tmp_path, "this code", "en").listed == {}
    assert "is ignored: it is not what the build writes" in capsys.readouterr().err


@pytest.mark.parametrize("copied", [["players/bob/index.html"], [7], "players/ann/index.html", None])
def test_a_list_of_the_site_whose_copied_files_are_not_files_it_lists_is_said_and_ignored(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], copied: object) -> None:
    """(The files the engine copied are named among those listed: a name not listed, or not a name, and the list is
    not the build's.)"""
    good = {"format": KEPT_FORMAT, "code": "this code", "language": "en", "frame": "",
            "pages": {"players/ann/index.html": ["a" * 64, 10, 20]}, "copied": ["players/ann/index.html"],
            "sources": {}, **FOLDERS}
    (tmp_path / "site-en.json").write_text(json.dumps(good), encoding="utf-8")
    assert KeptSite.open(tmp_path, "this code", "en").listed_copied == {"players/ann/index.html"}
    (tmp_path / "site-en.json").write_text(json.dumps({**good, "copied": copied}), encoding="utf-8")
    assert KeptSite.open(tmp_path, "this code", "en").listed == {}
    assert "is ignored: it is not what the build writes" in capsys.readouterr().err


@pytest.mark.parametrize("sources", [{"players/bob/index.html": "b" * 64}, {"players/ann/index.html": "b" * 63},
                                     {"players/ann/index.html": 7}, ["players/ann/index.html"], None])
def test_a_list_of_the_site_whose_sources_are_not_of_files_it_lists_is_said_and_ignored(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], sources: object) -> None:
    """(What each file was made from in the site in marks: a file not listed, or not a digest, and the list is not
    the build's.)"""
    good = {"format": KEPT_FORMAT, "code": "this code", "language": "de", "frame": "",
            "pages": {"players/ann/index.html": ["a" * 64, 10, 20]}, "copied": [],
            "sources": {"players/ann/index.html": "b" * 64}, **FOLDERS}
    (tmp_path / "site-de.json").write_text(json.dumps(good), encoding="utf-8")
    assert KeptSite.open(tmp_path, "this code", "de").listed_sources == {"players/ann/index.html": "b" * 64}
    (tmp_path / "site-de.json").write_text(json.dumps({**good, "sources": sources}), encoding="utf-8")
    found = KeptSite.open(tmp_path, "this code", "de")
    assert (found.listed, found.listed_sources) == ({}, {})
    assert "is ignored: it is not what the build writes" in capsys.readouterr().err


@pytest.mark.parametrize("folders", [
    {**FOLDERS, "folders": {"players/bob/": 6}}, {**FOLDERS, "folders": {"players": 6}},
    {**FOLDERS, "folders": {"players/": -1}}, {**FOLDERS, "folders": {"players/": True}},
    {**FOLDERS, "folders": ["players/"]}, {**FOLDERS, "saved": "9"}, {"folders": FOLDERS["folders"]}])
def test_a_list_of_the_site_whose_folders_are_not_those_of_the_files_it_lists_is_said_and_ignored(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], folders: dict[str, object]) -> None:
    """(The folders' times: a folder that holds none of the files listed, or a time that is not a count of
    nanoseconds, or no time of the list's writing, and the list is not the build's.)"""
    good = {"format": KEPT_FORMAT, "code": "this code", "language": "de", "frame": "",
            "pages": {"players/ann/index.html": ["a" * 64, 10, 20]}, "copied": [], "sources": {}, **FOLDERS}
    (tmp_path / "site-de.json").write_text(json.dumps(good), encoding="utf-8")
    assert KeptSite.open(tmp_path, "this code", "de").listed_folders == FOLDERS["folders"]
    bad = {key: value for key, value in good.items() if key not in ("folders", "saved")} | folders
    (tmp_path / "site-de.json").write_text(json.dumps(bad), encoding="utf-8")
    found = KeptSite.open(tmp_path, "this code", "de")
    assert (found.listed, found.listed_folders) == ({}, {})
    assert "is ignored: it is not what the build writes" in capsys.readouterr().err


def test_a_folder_whose_time_is_as_listed_is_not_looked_into_unless_it_was_written_just_before_the_list(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """(`intact` looks at each folder's time: one as the list has it holds the entries listed in it, as git's index
    trusts a file's. A folder changed within the clock's tick of the list's writing may keep its time: one whose
    time is within RACY_NS of the list's writing is looked into.)"""
    folder, site = tmp_path / "cache", tmp_path / "site"
    (site / "players" / "ann").mkdir(parents=True)
    (site / "players" / "ann" / "index.html").write_text("Ann", encoding="utf-8")
    frame = "f" * 64
    # (the margin widened to 30 s, so that a folder written just before the list is within it however slow the
    # machine; a minute before it is not)
    monkeypatch.setattr(kept_module, "RACY_NS", 30 * 10**9)
    long_ago = time.time_ns() - 60 * 10**9
    for path in (site, site / "players", site / "players" / "ann"):
        os.utime(path, ns=(long_ago, long_ago))
    written = KeptSite(folder, "this code", "de")
    written.frame = frame
    written.wrote("players/ann/index.html", "a" * 64)
    written.save(site)
    assert KeptSite.open(folder, "this code", "de").listed_folders == {"": long_ago, "players/": long_ago,
                                                                      "players/ann/": long_ago}
    looked: list[str] = []
    own = KeptSite._looked_into

    def looked_into(kept: KeptSite, top: int, name: str) -> set[str]:
        looked.append(name)
        return own(kept, top, name)

    monkeypatch.setattr(KeptSite, "_looked_into", looked_into)

    def intact() -> bool:
        kept = KeptSite.open(folder, "this code", "de")
        kept.frame = frame
        return kept.intact(site)

    assert intact() and looked == []  # (no folder listed: their times as listed, a minute before)
    stray = site / "players" / "stray.html"
    stray.write_text("not the build's", encoding="utf-8")  # (players/ has another time)
    assert not intact() and looked == ["players/"]
    os.utime(site / "players", ns=(long_ago, long_ago))
    assert intact()  # (its time as listed: trusted, as a file's is)
    stray.unlink()
    os.utime(site / "players", ns=(long_ago, long_ago))
    (site / "players" / "ann" / "index.html").unlink()
    (site / "players" / "ann" / "index.html").mkdir()  # (a folder in place of the file, the folders' times kept)
    os.utime(site / "players" / "ann", ns=(long_ago, long_ago))
    assert not intact()
    (site / "players" / "ann" / "index.html").rmdir()
    (site / "players" / "ann" / "index.html").write_text("Ann", encoding="utf-8")
    # Written again now: players/ann/, whose time is now (a file made in it), within RACY_NS of the list, looked into
    written = KeptSite(folder, "this code", "de")
    written.frame = frame
    written.wrote("players/ann/index.html", "a" * 64)
    written.save(site)
    looked.clear()
    assert intact() and looked == ["players/ann/"]
    os.utime(site / "players", ns=(time.time_ns(), time.time_ns()))
    written.save(site)
    looked.clear()
    assert intact() and sorted(looked) == ["players/", "players/ann/"]
    when = (site / "players").stat().st_mtime_ns
    stray.write_text("not the build's", encoding="utf-8")
    os.utime(site / "players", ns=(when, when))  # (as if made in the same tick as the list's writing)
    assert not intact()
    stray.unlink()
    os.utime(site / "players", ns=(when, when))
    (site / "players" / "link").symlink_to(site / "players" / "ann")
    assert not intact()  # (an entry not listed, if only a link)


def test_the_margin_of_a_folders_time_is_the_coarser_where_the_file_system_keeps_whole_seconds() -> None:
    """(A file system that keeps times to the second, or two (FAT), may leave a folder changed a second after the
    list with the time it had; one that keeps finer times is within the kernel's few milliseconds.)"""
    second = 10**9
    assert kept_module._racy([5 * second, 7 * second + 1]) == kept_module.RACY_NS == 50_000_000
    assert kept_module._racy([5 * second, 7 * second]) == kept_module.RACY_COARSE_NS == 2 * second


def test_a_generated_page_or_file_is_written_where_the_engine_writes_it() -> None:
    """(`dest_of`, without making the engine's File: the same as File.dest_uri, with the folders' index pages and
    without.)"""
    from mkdocs.structure.files import File

    from generator.engine.hooks import dest_of

    for path in ["index.md", "README.md", "players/ann.md", "players/index.md", "cup/open/round-1.md",
                 "cup/README.md", "players/ann.ics", "api/index.json", "assets/text-de.js", "a.markdown"]:
        for directories in (True, False):
            assert dest_of(path, directories) == File(path, None, "site", directories).dest_uri, (path, directories)


# What the site in marks rendered, and the pages its engine was given, of how many
MARKS_LINE = re.compile(r"The site in marks, for the other languages' words: ([\d,]+) pages rendered \(its engine "
                        r"given ([\d,]+) of ([\d,]+):")


def test_the_site_in_marks_gives_its_engine_only_the_pages_it_renders_and_those_their_sidebars_name(
        festival: Path, tmp_path: Path) -> None:
    """The site in marks writes none of its pages; its engine is given those it renders and those their pages'
    navigation names (the site's, and the sidebar of their festival). The others are kept in its cache as they
    were: the next build renders only what changed again (where the cache writes a new data file, a page the
    engine is not given could not be kept without being read: it is then given, and read). Each build is the same
    site as a cold build's."""
    kept, site = tmp_path / "cache", tmp_path / "site"
    said: list[str] = []
    build(festival, site, kept, "en,de", said=said)
    first = MARKS_LINE.search(said[-1])
    assert first is not None
    pages = int(first[3].replace(",", ""))
    assert int(first[1].replace(",", "")) == int(first[2].replace(",", "")) == pages  # (cold: every page)
    turn_a_game(festival / "cup" / "open" / "round-1.yaml")
    warm, _ = build(festival, site, kept, "en,de", said=said)
    found = MARKS_LINE.search(said[-1])
    assert found is not None
    rendered, given = int(found[1].replace(",", "")), int(found[2].replace(",", ""))
    assert 0 < rendered < given < pages and found[3] == first[3]
    same(warm, build(festival, tmp_path / "cold", None, "en,de")[0])
    turn_a_game(festival / "cup" / "open" / "round-1.yaml")  # (back: the pages as the first build made them)
    warm, _ = build(festival, site, kept, "en,de", said=said)
    again = MARKS_LINE.search(said[-1])
    assert again is not None and again[1] == found[1] and again[2] == found[2]  # (the others kept, not rendered)
    same(warm, build(festival, tmp_path / "cold", None, "en,de")[0])


def test_a_language_whose_pages_cache_is_gone_is_built_from_the_parts_in_marks(festival: Path, tmp_path: Path) -> None:
    """English's pages gone from the cache, the site in marks' kept: the site in marks renders none of its pages
    again, and English renders each from its part in marks, in its words (the standings' wall sheet among them,
    whose tiebreaks' abbreviations are codes). It is the same site as a cold build's, byte for byte."""
    kept, site = tmp_path / "cache", tmp_path / "site"
    build(festival, site, kept, "en,de")
    (kept / "pages-en.json").unlink()
    said: list[str] = []
    warm, used = build(festival, site, kept, "en,de", said=said)
    assert "The site in marks, for the other languages' words: 0 pages rendered" in said[-1]
    assert used["en"][0] == 0
    assert any(name.endswith("/print-standings/index.html") for name in warm)
    same(warm, build(festival, tmp_path / "cold", None, "en,de")[0])
