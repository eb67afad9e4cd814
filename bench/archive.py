"""Benchmark: a federation's whole archive, built as a user builds it, against plain MkDocs in the same run.

    .venv/bin/python bench/archive.py [PAGES [PAGES2]] [--pairs N] [--keep DIR] [--languages en,de,fr] [--pictures]

Writes a synthetic archive in the real data format into a temporary folder: festivals over 25 years drawing on
one players.yaml of returning players (one player for every five pages: FESA's list of some 3,000 players
against an archive of some 15,000 pages; so archives of every size have the same mix). A shogi festival has a
9-round Swiss championship of 40-120 players (rated by FESA, late entries, a knock-out in rounds 1-5), a team
match, a simul, a blitz and a Grand Prix; every other one a beginners' session of players new to tournaments,
every third an all-play-all of masters. Some festivals are of other games: a Shuuro-250 Swiss (armies, points
eliminated), an Oware all-play-all and an Oware Swiss (endings, seeds). Club tournaments are given only as
turnering.txt. It grows until it has about PAGES pages. Then:

- `generator check` on it (must pass), timed, with its peak memory;
- `generator build` (check + mkdocs build --strict), timed, with its peak memory, the site's size and the size
  of the search index;
- in the same run, a plain MkDocs + Material build of as many plain Markdown pages as the archive's site has
  (one 40-row table each, a sidebar of 20 entries, the same theme features and search), timed the same way;
- the ratio of the two builds' CPU seconds.

With two sizes, both are measured so, then built again in turn (N pairs in all, 3 by default) and the growth of
the build's CPU seconds from one to the other is printed pair by pair, with the median.

With --languages, the last archive is built in those languages and in English alone in turn (N pairs): what an
extra language costs. With --pictures, it is built with the race pictures and without them in turn (N pairs; the
generator with render/race.py's chart and lines drawn as nothing): their share of the build's CPU, and the most
bytes of them on one page. Every build is cold (BANZUKE_CACHE=off).

Players: one in seven is new to FESA (a declared grade, no rating: the rating preview rates him by performance);
the others have a rating and their FESA games so far (a few fewer than 9: still unrated).

Each command runs as a child process: seconds are wall-clock, CPU is user + system, peak RSS is the largest
resident size of the child and the processes it waited for.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from collections.abc import Callable
from typing import TypeVar

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.rules.knockout import bracket_for, standard_order  # noqa: E402
from generator.names import ascii_fold, slug  # noqa: E402
from generator.rules.pairing import shuffle  # noqa: E402
from generator.rules.round_robin import berger  # noqa: E402
from generator.rules.festival_elo import GRADES  # noqa: E402
from tests.support import CHROMIUM, CHROMIUM_ARGS, serving  # noqa: E402  (shared with the browser tests)

FAMILY = ["Müller", "Schmidt", "de Vries", "Jansen", "Bakker", "Smith", "Brown", "Dubois", "Lefèvre", "Rossi",
          "García", "Novák", "Dvořák", "Kowalski", "Nagy", "Andersson", "Virtanen", "Jensen", "Peeters", "Huber",
          "Tanaka", "Suzuki", "Kim", "Chen", "Ivanov", "Horvat", "Popescu", "O'Brien", "Murphy", "Öztürk",
          "Fischer", "Weber", "Visser", "Smit", "Mulder", "Wilson", "Taylor", "Moreau", "Conti", "Berg",
          "Lindqvist", "Nieminen", "Hansen", "Wouters", "Keller", "Steiner", "Evans", "Walker", "Ito", "Sato"]
GIVEN = ["Thomas", "Anna", "Pieter", "Eva", "Jan", "James", "Emma", "Claire", "Julien", "Marco", "Pablo",
         "Tomáš", "Petr", "Adam", "Gábor", "Erik", "Mikko", "Lars", "Koen", "Stefan", "Yuki", "Kenji", "Min-jun",
         "Wei", "Sergei", "Ana", "Ioana", "Seán", "Aoife", "Zeynep", "Lukas", "Nina", "Daan", "Lotte", "Sven",
         "Oliver", "George", "Lucas", "Luca", "Ingrid", "Sara", "Aino", "Mette", "Bram", "Rhys", "Ben", "Sakura"]
COUNTRIES = ["NL"] * 6 + ["DE"] * 6 + ["GB"] * 5 + ["FR"] * 4 + ["IT", "ES", "CZ", "PL", "HU", "SE", "FI", "DK",
             "BE", "AT", "CH", "NO", "RO", "IE", "RU"] + ["JP"] * 3 + ["US", "KR", "CN"]
CITIES = ["London", "Leiden", "Amsterdam", "Paris", "Berlin", "Prague", "Warsaw", "Budapest", "Helsinki", "Milan",
          "Barcelona", "Vienna", "Brussels", "Copenhagen", "Stockholm", "Dublin", "Mannheim", "Utrecht"]
T = TypeVar("T")
PLAIN_NAV = 20  # entries in the plain site's sidebar
PLAYERS_PER_PAGE = 0.2  # the archive's players grow with it, as new players come every year
MIN_PLAYERS = 200  # a championship takes up to 123 different players: a small archive has them all the same


@dataclass
class Person:
    id: str
    family: str
    given: str
    country: str
    elo: int
    new: bool = False  # new to FESA: no rating, no rated game (so not eligible for the knock-out)
    line: str = ""  # what players.yaml says of his rating

    @property
    def name(self) -> str:
        return f"{self.family}, {self.given}"

    def latin1(self) -> bool:
        try:
            self.name.encode("latin-1")
            return True
        except UnicodeEncodeError:
            return False


@dataclass
class Archive:
    root: Path
    people: list[Person] = field(default_factory=list)  # the returning players
    regulars: list[Person] = field(default_factory=list)  # who comes back most
    beginners: list[Person] = field(default_factory=list)  # players of one beginners' session each
    seen: set[str] = field(default_factory=set)  # the ids given
    festivals: int = 0
    clubs: int = 0
    pages: int = 0  # the pages the site will have, counted as they are written


def make_people(count: int, rng: random.Random, seen: set[str], beginners: bool = False) -> list[Person]:
    """New people with ids of their own. One returning player in seven is new to FESA (a declared grade, no
    rating: the preview rates him by performance); the others are rated, with their FESA games so far (a few
    still unrated: fewer than 9)."""
    people = []
    while len(people) < count:
        family, given = rng.choice(FAMILY), rng.choice(GIVEN)
        base = slug(f"{family} {given}")
        n = 1
        while (pid := base if n == 1 else f"{base}-{n}") in seen:
            n += 1
        seen.add(pid)
        given_shown = given if n == 1 else f"{given} {chr(64 + n % 26 or 26)}."  # a middle initial keeps names apart
        p = Person(pid, family, given_shown, rng.choice(COUNTRIES), int(rng.gauss(1550, 280)))
        if beginners:  # in his first tournament: no rating, no grade
            p.elo = 0
        elif len(people) % 7 == 3:
            grade = grade_of(p.elo)
            p.elo, p.new, p.line = GRADES[grade][0], True, f", grade: {grade}"  # his festival Elo: the midpoint
        else:
            p.elo = max(p.elo, 500)
            p.line = f", elo: {p.elo}, fesa_games: {(len(people) * 37) % 150}, last_rated_game: 1999-12-31"
        people.append(p)
    return people


def yaml_str(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def grade_of(elo: int) -> str:
    """The grade whose range holds the rating (FESA's table), for a newcomer's declaration."""
    for grade, (_, low) in GRADES.items():
        if elo >= low:
            return grade
    return "15k"


def write_players(archive: Archive) -> None:
    lines = ["# The registry of the synthetic archive: fictional players who come back year after year.\n"]
    for p in archive.people + archive.beginners:
        fesa = "" if p.latin1() else f", fesa_name: {yaml_str(ascii_fold(p.name))}"
        lines.append(f"{p.id}: {{family: {yaml_str(p.family)}, given: {yaml_str(p.given)}, country: {p.country}"
                     f"{p.line}{fesa}}}\n")
    (archive.root / "players.yaml").write_text("".join(lines), encoding="utf-8")


def result(a: Person, b: Person, rng: random.Random, draws: bool = True) -> str:
    expected = 1 / (1 + 10 ** ((b.elo - a.elo) / 400))
    x = rng.random()
    if draws and abs(x - expected) < 0.03:
        return "½-½"
    return "1-0" if x < expected else "0-1"


def swiss_pairs(present: list[Person], score: dict[str, float], met: set[frozenset[str]],
                had_bye: set[str]) -> tuple[list[tuple[Person, Person]], Person | None]:
    """Score order, each player against the next one he has not met (not a full Swiss: the checks accept any
    pairing, and the cost of building does not depend on it)."""
    order = sorted(present, key=lambda p: (-score[p.id], -p.elo, p.id))
    bye = None
    if len(order) % 2:
        bye = next(p for p in reversed(order) if p.id not in had_bye)
        order.remove(bye)
    return pair_off(order, lambda a, b: frozenset((a.id, b.id)) not in met), bye


def pair_off(order: list[T], fits: Callable[[T, T], bool]) -> list[tuple[T, T]]:
    """Each in turn against the first one below that fits, backtracking when the rest cannot be paired (a
    rematch only when no pairing avoids one within a few thousand steps)."""
    steps = 0

    def solve(rest: list[T]) -> list[tuple[T, T]] | None:
        nonlocal steps
        if not rest:
            return []
        a = rest[0]
        for i in range(1, len(rest)):
            steps += 1
            if steps > 5000:
                return None
            if fits(a, rest[i]):
                tail = solve(rest[1:i] + rest[i + 1:])
                if tail is not None:
                    return [(a, rest[i]), *tail]
        return None

    found = solve(order)
    return found if found is not None else [(order[i], order[i + 1]) for i in range(0, len(order), 2)]


def game_line(a: Person, b: Person, res: str) -> str:
    return f"  - [{a.id}, {b.id}, {res}]\n"


POINTS = {"1-0": 1.0, "0-1": 0.0, "½-½": 0.5}  # the first player's


def write_championship(folder: Path, start: dt.date, field_: list[Person], late: list[tuple[Person, int]],
                       rng: random.Random) -> int:
    """A 9-round Swiss with late entries and a European knock-out in rounds 1-5. Returns its pages."""
    folder.mkdir(parents=True)
    entries = "".join(f"  - {p.id}\n" for p in field_) + "".join(
        f"  - {{player: {p.id}, from_round: {r}}}\n" for p, r in late)
    (folder / "event.yaml").write_text(
        f"name: Championship\nshort: Championship\nformat: swiss\ngame: shogi\nrounds: 9\nstart: {start}\n"
        f"end: {start + dt.timedelta(days=2)}\ntime_control: {{minutes: 60, byoyomi: 30}}\n"
        "tiebreaks: [sos, sosos, sodos]\n"
        "prizes: {currency: EUR, places: [300, 200, 100, 50, 50], best_kyu: 50}\n"
        "knockout: {name: European Championship, short: EC, regions: europe, active_since: 1998-01-01, "
        "size: 32, final_round: 5}\n"
        f"players:\n{entries}", encoding="utf-8")
    europeans = sorted((p for p in field_ if p.country in EUROPEAN and not p.new),
                       key=lambda p: (-max(p.elo, 500), p.name))[:32]
    bracket = bracket_for(len(europeans))
    assert bracket is not None
    slots: list[Person | None] = [europeans[s - 1] if s <= len(europeans) else None
                                  for s in standard_order(bracket.size)]
    seed = {p.id: i for i, p in enumerate(europeans)}
    score = {p.id: 0.0 for p in field_} | {p.id: 0.0 for p, _ in late}
    met: set[frozenset[str]] = set()
    had_bye: set[str] = set()
    semi_losers: list[Person | None] = []
    for number in range(1, 10):
        ko_games: list[tuple[Person, Person, str]] = []
        if bracket.first_round <= number <= 5 and len(slots) >= 2:
            winners: list[Person | None] = []
            losers: list[Person | None] = []
            for x, y in zip(slots[0::2], slots[1::2], strict=True):
                if x is None or y is None:
                    winners.append(x or y)
                    losers.append(None)
                    continue
                a, b = sorted((x, y), key=lambda p: seed[p.id])
                res = result(a, b, rng, draws=False)
                ko_games.append((a, b, res))
                winners.append(a if res == "1-0" else b)
                losers.append(b if res == "1-0" else a)
            if len(slots) == 2 and semi_losers[0] and semi_losers[1]:
                a, b = sorted(semi_losers, key=lambda p: seed[p.id])  # type: ignore[arg-type, return-value]
                ko_games.append((a, b, result(a, b, rng, draws=False)))
            semi_losers = losers
            slots = winners
        in_ko = {p.id for a, b, _ in ko_games for p in (a, b)}
        present = [p for p in field_ if p.id not in in_ko] + [p for p, r in late if r <= number]
        pairs, bye = swiss_pairs(present, score, met, had_bye)
        text = [f"date: {start + dt.timedelta(days=(number - 1) // 3)}\n"]
        if ko_games:
            text.append("knockout:\n")
            text += [game_line(a, b, res) for a, b, res in ko_games]
        text.append("games:\n")
        for a, b in pairs:
            res = result(a, b, rng)
            ko_games.append((a, b, res))
            text.append(game_line(a, b, res))
        for a, b, res in ko_games:
            met.add(frozenset((a.id, b.id)))
            score[a.id] += POINTS[res]
            score[b.id] += 1 - POINTS[res]
        if bye is not None:
            text.append(f"bye: [{bye.id}]\n")
            had_bye.add(bye.id)
            score[bye.id] += 1
        (folder / f"round-{number}.yaml").write_text("".join(text), encoding="utf-8")
    return 6 + 9 + 2 * 9 + 1  # standings, crosstable, entries, rules, prizes, knock-out; 9 rounds; wall sheets


Play = Callable[[Person, Person], tuple[str, str]]  # a game's line in a round file, and its result


def shogi_game(rng: random.Random, draws: bool = True) -> Play:
    def play(a: Person, b: Person) -> tuple[str, str]:
        res = result(a, b, rng, draws)
        return game_line(a, b, res), res
    return play


def swiss_rounds(folder: Path, field_: list[Person], rounds: int, play: Play, start: dt.date,
                 drawn: list[Person] | None = None) -> None:
    """The round files of a Swiss; round 1 pairs neighbours in the order `drawn` when the lots gave one."""
    score = {p.id: 0.0 for p in field_}
    met: set[frozenset[str]] = set()
    had_bye: set[str] = set()
    for number in range(1, rounds + 1):
        if number == 1 and drawn is not None:
            pairs, bye = list(zip(drawn[0::2], drawn[1::2], strict=False)), drawn[-1] if len(drawn) % 2 else None
        else:
            pairs, bye = swiss_pairs(field_, score, met, had_bye)
        text = [f"date: {start}\ngames:\n"]
        for a, b in pairs:
            line, res = play(a, b)
            text.append(line)
            met.add(frozenset((a.id, b.id)))
            score[a.id] += POINTS[res]
            score[b.id] += 1 - POINTS[res]
        if bye is not None:
            text.append(f"bye: [{bye.id}]\n")
            had_bye.add(bye.id)
            score[bye.id] += 1
        (folder / f"round-{number}.yaml").write_text("".join(text), encoding="utf-8")


def ids(people: list[Person]) -> str:
    return f"[{', '.join(p.id for p in people)}]"


def write_swiss(folder: Path, name: str, start: dt.date, field_: list[Person], rounds: int, minutes: int,
                play: Play, game: str = "shogi", prizes: str = "[100, 60, 40]") -> int:
    """A Swiss of any game (shogi's with its tiebreaks; the other games break ties by their own rules)."""
    folder.mkdir(parents=True)
    tiebreaks = "tiebreaks: [sos, sosos, sodos]\n" if game == "shogi" else ""
    (folder / "event.yaml").write_text(
        f"name: {name}\nformat: swiss\ngame: {game}\nrounds: {rounds}\nstart: {start}\n"
        f"time_control: {{minutes: {minutes}}}\n{tiebreaks}"
        f"prizes: {{currency: EUR, places: {prizes}}}\nplayers: {ids(field_)}\n", encoding="utf-8")
    swiss_rounds(folder, field_, rounds, play, start)
    return 5 + rounds + 2 * rounds + 1  # standings, crosstable, entries, rules, prizes; rounds; wall sheets


def write_simul(folder: Path, start: dt.date, givers: list[Person], opponents: list[Person],
                rng: random.Random) -> int:
    """A simul: the givers each on as many boards, the handicaps by the simul rule."""
    folder.mkdir(parents=True)
    (folder / "event.yaml").write_text(
        f"name: Simultaneous Event\nshort: Simul\nformat: simul\ngame: shogi\nrounds: 1\nstart: {start}\n"
        "time_control: {minutes: 30, byoyomi: 30}\nhandicaps: simul\nprizes: {currency: EUR, fund: 200, cap: 50}\n"
        f"givers: {ids(givers)}\nplayers: {ids(opponents)}\n", encoding="utf-8")
    per_giver = -(-len(opponents) // len(givers))
    text = [f"date: {start}\ngames:\n"]
    text += [game_line(givers[n // per_giver], p, rng.choice(("1-0", "1-0", "0-1", "½-½")))
             for n, p in enumerate(opponents)]
    (folder / "round-1.yaml").write_text("".join(text), encoding="utf-8")
    return 4 + 1 + 1  # standings, entries, rules, prizes; the round; its wall sheet


def write_beginners(folder: Path, start: dt.date, field_: list[Person], rng: random.Random) -> int:
    """Shogi for beginners: players in their first tournament, 4 rounds of 20 minutes (not rated)."""
    folder.mkdir(parents=True)
    (folder / "event.yaml").write_text(
        f"name: Shogi for Beginners\nshort: Beginners\nformat: swiss\ngame: shogi\nrounds: 4\nstart: {start}\n"
        "time_control: {minutes: 20}\neligibility: beginners\ntiebreaks: [sos, sosos]\n"
        f"players: {ids(field_)}\n", encoding="utf-8")
    swiss_rounds(folder, field_, 4, shogi_game(rng, draws=False), start)
    return 4 + 4 + 2 * 4 + 1  # standings, crosstable, entries, rules; 4 rounds; wall sheets


def write_round_robin(folder: Path, name: str, game: str, start: dt.date, field_: list[Person], play: Play) -> int:
    """An all-play-all on the Berger tables (up to 8 players; one rests each round when they are odd)."""
    folder.mkdir(parents=True)
    tables = berger(len(field_))
    (folder / "event.yaml").write_text(
        f"name: {name}\nformat: round-robin\ngame: {game}\nrounds: {len(tables)}\nstart: {start}\n"
        f"time_control: {{minutes: {30 if game == 'shogi' else 15}}}\nprizes: {{currency: EUR, places: [50, 25]}}\n"
        f"players: {ids(field_)}\n", encoding="utf-8")
    for number, boards in enumerate(tables, start=1):
        text = [f"date: {start}\ngames:\n"]
        text += [play(field_[a - 1], field_[b - 1])[0] for a, b in boards if max(a, b) <= len(field_)]
        text += [f"bye: [{field_[min(a, b) - 1].id}]\n" for a, b in boards if max(a, b) > len(field_)]
        (folder / f"round-{number}.yaml").write_text("".join(text), encoding="utf-8")
    return 5 + len(tables) + 2 * len(tables) + 1  # standings, crosstable, entries, rules, prizes; rounds; sheets


def shuuro_game(rng: random.Random, armies: dict[str, dict[str, int]]) -> Play:
    """A Shuuro game: its ending and the points of the pieces each player eliminated from the other's army."""
    def taken(army: dict[str, int], most: int) -> int:
        pieces = [piece for piece, n in army.items() if piece != "king" for _ in range(n)]
        return sum(PIECES[piece] for piece in rng.sample(pieces, rng.randint(0, min(most, len(pieces)))))

    def play(a: Person, b: Person) -> tuple[str, str]:
        res = result(a, b, rng)
        first, second = taken(armies[b.id], 3 if res == "0-1" else 7), taken(armies[a.id], 3 if res == "1-0" else 7)
        ending = "draw" if res == "½-½" else rng.choice(("checkmate", "resignation", "time"))
        return f"  - [{a.id}, {b.id}, {'draw' if res == '½-½' else res}, {ending}, {first}, {second}]\n", res
    return play


def oware_game(rng: random.Random) -> Play:
    """An Oware game: its ending and the seeds each player took."""
    def play(a: Person, b: Person) -> tuple[str, str]:
        res = result(a, b, rng)
        if res == "½-½":
            return f"  - [{a.id}, {b.id}, ½-½, cycle, 24, 24]\n", res
        won = rng.randint(25, 30)
        first, second = (won, rng.randint(0, 48 - won)) if res == "1-0" else (rng.randint(0, 48 - won), won)
        return f"  - [{a.id}, {b.id}, {res}, 25-seeds, {first}, {second}]\n", res
    return play


ARMIES = [{"king": 1, "queen": 1, "rook": 1, "knight": 1, "pawn": 3}, {"king": 1, "queen": 2, "pawn": 3},
          {"king": 1, "rook": 3, "pawn": 4}, {"king": 1, "bishop": 4, "knight": 2, "pawn": 1}]  # 250 points each
PIECES = {"queen": 110, "rook": 70, "bishop": 40, "knight": 40, "pawn": 10}


def write_shuuro(folder: Path, start: dt.date, field_: list[Person], rng: random.Random) -> int:
    """A Shuuro-250 Swiss of 5 rounds, with each player's army."""
    folder.mkdir(parents=True)
    armies = {p.id: rng.choice(ARMIES) for p in field_}
    (folder / "armies.yaml").write_text("".join(
        f"{pid}: {{{', '.join(f'{piece}: {n}' for piece, n in army.items())}}}\n" for pid, army in armies.items()),
        encoding="utf-8")
    seed = rng.randint(1, 10**8)
    (folder / "event.yaml").write_text(
        f"name: Shuuro-250\nformat: swiss\ngame: shuuro\nrounds: 5\nstart: {start}\ntime_control: {{minutes: 15}}\n"
        f"shuffle_seed: {seed}\nprizes: {{currency: EUR, places: [60, 30]}}\n"
        f"players: {ids(field_)}\n", encoding="utf-8")
    place = {pid: n for n, pid in enumerate(shuffle(seed, [p.id for p in field_]))}  # round 1: drawn from the seed
    swiss_rounds(folder, field_, 5, shuuro_game(rng, armies), start, sorted(field_, key=lambda p: place[p.id]))
    return 5 + 5 + 2 * 5 + 1  # standings, crosstable, entries, rules, prizes; 5 rounds; wall sheets


def write_team_match(folder: Path, start: dt.date, field_: list[Person], rng: random.Random) -> int:
    folder.mkdir(parents=True)
    teams = [sorted(field_[i:i + 4], key=lambda p: (-p.elo, p.id)) for i in range(0, len(field_) - 3, 4)]
    if len(teams) % 2:
        teams.pop()
    lines = [f"  t{n + 1}: {{name: Team {n + 1}, players: [{', '.join(p.id for p in t)}]}}\n"
             for n, t in enumerate(teams)]
    (folder / "event.yaml").write_text(
        f"name: Team Match\nformat: team-swiss\ngame: shogi\nrounds: 5\nstart: {start}\n"
        f"time_control: {{minutes: 30, byoyomi: 30}}\nteam_size: 4\nteams:\n{''.join(lines)}", encoding="utf-8")
    points = [0] * len(teams)
    met: set[frozenset[int]] = set()
    for number in range(1, 6):
        order = sorted(range(len(teams)), key=lambda t: (-points[t], t))
        text = ["matches:\n"]
        for a, b in pair_off(order, lambda a, b: frozenset((a, b)) not in met):
            met.add(frozenset((a, b)))
            text.append(f"  - teams: [t{a + 1}, t{b + 1}]\n    boards:\n")
            won = 0
            for board, (x, y) in enumerate(zip(teams[a], teams[b], strict=True)):
                first, second = (x, y) if board % 2 == 0 else (y, x)
                res = result(first, second, rng)
                won += {"1-0": 1, "0-1": -1}.get(res, 0) * (1 if first is x else -1)
                text.append(f"      - [{first.id}, {second.id}, {res}]\n")
            points[a] += 2 if won > 0 else 1 if won == 0 else 0
            points[b] += 2 if won < 0 else 1 if won == 0 else 0
        (folder / f"round-{number}.yaml").write_text("".join(text), encoding="utf-8")
    return 4 + 1 + len(teams) + 5 + 2 * 5 + 1  # standings, entries, rules…; teams index and pages; rounds; sheets


def write_club_tournament(folder: Path, name: str, city: str, day: dt.date, field_: list[Person],
                          rng: random.Random) -> int:
    """A club tournament given only as turnering.txt: 4 rounds, even field (no byes)."""
    folder.mkdir(parents=True)
    number = {p.id: i for i, p in enumerate(field_, start=1)}
    cells: dict[str, list[str]] = {p.id: [] for p in field_}
    score = {p.id: 0.0 for p in field_}
    met: set[frozenset[str]] = set()
    for _ in range(4):
        pairs, _bye = swiss_pairs(field_, score, met, set())
        for a, b in pairs:
            res = result(a, b, rng)
            met.add(frozenset((a.id, b.id)))
            mark = {"1-0": ("+", "-"), "0-1": ("-", "+"), "½-½": ("=", "=")}[res]
            cells[a.id].append(f"{number[b.id]}{mark[0]}")
            cells[b.id].append(f"{number[a.id]}{mark[1]}")
            score[a.id] += {"+": 1, "=": 0.5, "-": 0}[mark[0]]
            score[b.id] += {"+": 1, "=": 0.5, "-": 0}[mark[1]]
    lines = [f"[{name}, {city}, Netherlands, {day}]", f"[{day}]", "[Time control: 30min + 30sec]",
             "Nr Name Nat 1 2 3 4 Pts"]
    for p in field_:
        pts = score[p.id]
        lines.append(f"{number[p.id]} [{p.family}][{p.given}] {p.country} [{' '.join(cells[p.id])}] "
                     f"{int(pts) if pts == int(pts) else pts}")
    (folder / "turnering.txt").write_bytes(("\r\n".join(lines) + "\r\n").encode("latin-1"))
    return 4 + 4 + 2 * 4 + 1  # standings, crosstable, entries, rules; 4 rounds; wall sheets


EUROPEAN = {"NL", "DE", "GB", "FR", "IT", "ES", "CZ", "PL", "HU", "SE", "FI", "DK", "BE", "AT", "CH", "NO", "RO",
            "IE", "RU"}


def draw(archive: Archive, n: int, rng: random.Random) -> list[Person]:
    """N players for an event: mostly regulars who come back, some others."""
    chosen: dict[str, Person] = {}
    n = min(n, len(archive.people))
    while len(chosen) < n:
        pool = archive.regulars if rng.random() < 0.7 else archive.people
        p = rng.choice(pool)
        chosen[p.id] = p
    return list(chosen.values())


def write_festival(archive: Archive, k: int, year: int, rng: random.Random) -> int:
    """A shogi festival as the MSO's: a team match, a beginners' session (every other festival), a simul, a blitz,
    an all-play-all of masters (every third festival) and the championship, with a Grand Prix."""
    city = CITIES[k % len(CITIES)]
    folder = archive.root / f"{year}-{slug(city)}-festival-{k + 1}"
    folder.mkdir()
    start = dt.date(year, 1 + k % 12, 10)
    size = rng.randint(40, 120)
    everyone = draw(archive, size + 3, rng)
    field_, late = everyone[:size], [(p, r) for p, r in zip(everyone[size:], (2, 3, 4), strict=True)]
    pages = write_championship(folder / "championship", start + dt.timedelta(days=2), field_, late, rng)
    pages += write_team_match(folder / "team-match", start, draw(archive, rng.choice((32, 40, 48)), rng), rng)
    pages += write_swiss(folder / "blitz", "Blitz", start + dt.timedelta(days=1),
                         draw(archive, rng.randint(20, 50), rng), 8, 8, shogi_game(rng, draws=False))
    present = draw(archive, rng.randint(18, 26), rng)
    givers = sorted((p for p in present if not p.new), key=lambda p: (-p.elo, p.id))[:2]
    pages += write_simul(folder / "simul", start + dt.timedelta(days=1), givers,
                         [p for p in present if p not in givers], rng)
    events = ["team-match", "simul", "blitz", "championship"]
    if k % 2 == 0:
        newcomers = make_people(rng.randint(8, 18), rng, archive.seen, beginners=True)
        archive.beginners += newcomers
        pages += write_beginners(folder / "beginners", start, newcomers, rng) + len(newcomers)  # their own pages
        events.insert(1, "beginners")
    if k % 3 == 0:
        pages += write_round_robin(folder / "masters", "Masters", "shogi", start + dt.timedelta(days=3),
                                   draw(archive, rng.randint(6, 8), rng), shogi_game(rng))
        events.insert(-1, "masters")
    (folder / "festival.yaml").write_text(
        f"name: {city} Shogi Festival {year}\ncity: {city}\ncountry: {rng.choice(sorted(EUROPEAN))}\n"
        f"start: {start}\nend: {start + dt.timedelta(days=4)}\nevents: [{', '.join(events)}]\n"
        "grand_prix:\n  name: Grand Prix\n  min_events: 2\n  events:\n"
        "    championship: {places: [10, 8, 6, 5, 4, 3, 2, 1]}\n    blitz: {places: [5, 3, 1]}\n"
        "    team-match: {places: [4, 2]}\n    simul: {win: 4, draw: 2, loss: 1}\n"
        "  prizes: {currency: EUR, places: [100, 50]}\n", encoding="utf-8")
    return pages + 3  # overview, prizes, Grand Prix


def write_games_festival(archive: Archive, k: int, year: int, rng: random.Random) -> int:
    """A festival of other games: a Shuuro-250 Swiss, an Oware all-play-all and an Oware Swiss."""
    city = CITIES[k % len(CITIES)]
    folder = archive.root / f"{year}-{slug(city)}-mind-sports-{k + 1}"
    folder.mkdir()
    start = dt.date(year, 1 + k % 12, 20)
    pages = write_shuuro(folder / "shuuro-250", start, draw(archive, rng.randint(9, 16), rng), rng)
    pages += write_round_robin(folder / "oware-masters", "Oware Masters", "oware", start,
                               draw(archive, rng.randint(6, 8), rng), oware_game(rng))
    pages += write_swiss(folder / "oware-open", "Oware Open", start + dt.timedelta(days=1),
                         draw(archive, rng.randint(10, 20), rng), 6, 15, oware_game(rng), "oware", "[50, 25]")
    (folder / "festival.yaml").write_text(
        f"name: {city} Mind Sports {year}\ncity: {city}\ncountry: {rng.choice(sorted(EUROPEAN))}\n"
        f"start: {start}\nend: {start + dt.timedelta(days=1)}\nevents: [shuuro-250, oware-masters, oware-open]\n",
        encoding="utf-8")
    return pages + 1  # overview


def write_archive(root: Path, target: int, seed: int = 2026) -> Archive:
    rng = random.Random(seed)
    archive = Archive(root)
    archive.people = make_people(max(MIN_PLAYERS, round(PLAYERS_PER_PAGE * target)), rng, archive.seen)
    archive.pages = len(archive.people) + 6  # player pages; home, players, promotion and three hand-written pages
    archive.regulars = archive.people[: max(60, len(archive.people) // 4)]
    latin = [p for p in archive.people if p.latin1()]
    per_year = max(1, round((target - archive.pages) / 25 / 100))  # a festival is about 100 pages
    k = 0
    while archive.pages < target:
        year = 2001 + (k // per_year) % 25
        if k % 3 == 2:
            city = CITIES[k % len(CITIES)]
            field_ = rng.sample(latin, 2 * rng.randint(4, 8))
            archive.pages += write_club_tournament(root / f"{year}-{slug(city)}-club-{k + 1}",
                                                   f"{city} Club Open {k + 1}", city, dt.date(year, 11, 5),
                                                   field_, rng)
            archive.clubs += 1
        elif k % 9 == 4:
            archive.pages += write_games_festival(archive, k, year, rng)
            archive.festivals += 1
        else:
            archive.pages += write_festival(archive, k, year, rng)
            archive.festivals += 1
        k += 1
    write_players(archive)
    return archive


def write_plain(root: Path, pages: int) -> None:
    """A plain MkDocs + Material site: PAGES Markdown pages with a 40-row table each, 20 in the sidebar."""
    docs = root / "docs"
    docs.mkdir(parents=True)
    rng = random.Random(7)
    for i in range(pages):
        rows = "".join(f"| {r} | {rng.choice(FAMILY)}, {rng.choice(GIVEN)} | {rng.randint(0, 9)} | "
                       f"{rng.randint(0, 60)} | {rng.choice(COUNTRIES)} |\n" for r in range(1, 41))
        (docs / f"page-{i}.md").write_text(f"# Page {i}\n\nStandings after round 9 of 9.\n\n"
                                           f"| # | Player | Pts | SOS | Nat |\n|--:|---|--:|--:|---|\n{rows}",
                                           encoding="utf-8")
    nav = "".join(f"  - Page {i}: page-{i}.md\n" for i in range(min(PLAIN_NAV, pages)))
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    theme = config[config.index("theme:"):config.index("plugins:")]
    (root / "mkdocs.yml").write_text(
        f"site_name: Plain\nstrict: true\n{theme}plugins:\n  - search\nmarkdown_extensions:\n  - tables\n"
        "  - attr_list\n  - admonition\n  - toc:\n      permalink: true\nvalidation:\n  nav:\n"
        f"    omitted_files: ignore\nnav:\n{nav}", encoding="utf-8")


@dataclass
class Run:
    seconds: float
    cpu: float
    rss_mb: float
    code: int
    output: str


def run(argv: list[str], cwd: Path, languages: str = "en") -> Run:
    """One command as a child process: wall-clock seconds, CPU seconds and peak RSS (of it and what it waited
    for). A build is of the site's `languages` (English alone unless asked)."""
    # (without the build cache: each build here is a cold one, the one before it left nothing to reuse)
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", BANZUKE_LANGUAGES=languages, BANZUKE_CACHE="off")
    out = tempfile.TemporaryFile()
    start = time.perf_counter()
    proc = subprocess.Popen(argv, cwd=cwd, stdout=out, stderr=subprocess.STDOUT, env=env)
    _, status, usage = os.wait4(proc.pid, 0)
    seconds = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    out.seek(0)
    return Run(seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, proc.returncode,
               out.read().decode("utf-8", "replace"))


def size_mb(folder: Path) -> float:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file()) / 1e6


def search_seconds(site: Path, family: str) -> tuple[float, float] | str:
    """Players looked up by surname in Chromium, as on a phone: (seconds from opening the home page to the
    first result that is a player of that surname, seconds from typing the surname to it). A text when it
    cannot be measured here."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return "not measured: Playwright is installed by scripts/setup --tests"
    with serving(site) as address, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 375, "height": 740}, is_mobile=True, has_touch=True)
        start = time.perf_counter()
        page.goto(address + "/")
        page.locator("label.md-header__button[for='__search']").click()
        typed = time.perf_counter()
        page.locator("input.md-search__input").press_sequentially(family)  # keys, as a person types
        player = page.locator(f".md-search-result__item a[href*='players/{slug(family)}-']").first
        player.wait_for(state="attached", timeout=30_000)
        found = time.perf_counter()
        browser.close()
    return found - start, found - typed


@dataclass
class Measured:
    archive: Archive
    data: Path
    site: Path
    check: Run
    build: Run
    plain: Run
    pages: int  # built


def measure(base: Path, target: int) -> Measured:
    """One size: write the archive, check it, build it, and build a plain site of as many pages; print a table."""
    python = sys.executable
    data, site, plain = base / "data", base / "site", base / "plain"
    data.mkdir(parents=True)
    archive = write_archive(data, target)
    check = run([python, "-m", "generator", "check", "--data", str(data)], ROOT)
    if check.code != 0:
        sys.exit("the synthetic archive does not pass check:\n" + check.output[-3000:])
    build = build_run(data, site)
    built = sum(1 for _ in site.rglob("index.html"))
    write_plain(plain, built)  # the baseline: as many pages as the archive's site has, in the same run
    base_run = run([python, "-m", "mkdocs", "build", "--strict", "-q"], plain)
    if base_run.code != 0:
        sys.exit("the plain MkDocs build failed:\n" + base_run.output[-3000:])
    plain_built = sum(1 for _ in (plain / "site").rglob("index.html"))
    index = site / "search" / "search_index.json"
    plain_index = plain / "site" / "search" / "search_index.json"
    print(f"\narchive of {target} pages: {archive.festivals} festivals, {archive.clubs} club tournaments, "
          f"{len(archive.people)} players (and {len(archive.beginners)} beginners)")
    print(f"{'':24}{'pages':>7}{'wall s':>8}{'CPU s':>8}{'peak MB':>9}{'site MB':>9}{'index MB':>10}")
    print(f"{'banzuke check':24}{'':>7}{check.seconds:>8.1f}{check.cpu:>8.1f}{check.rss_mb:>9.0f}")
    print(f"{'banzuke build':24}{built:>7}{build.seconds:>8.1f}{build.cpu:>8.1f}{build.rss_mb:>9.0f}"
          f"{size_mb(site):>9.1f}{index.stat().st_size / 1e6:>10.2f}")
    print(f"{'plain MkDocs + Material':24}{plain_built:>7}{base_run.seconds:>8.1f}{base_run.cpu:>8.1f}"
          f"{base_run.rss_mb:>9.0f}{size_mb(plain / 'site'):>9.1f}{plain_index.stat().st_size / 1e6:>10.2f}")
    print(f"build / plain: {build.cpu / base_run.cpu:.2f} (CPU), {build.seconds / base_run.seconds:.2f} (wall)")
    return Measured(archive, data, site, check, build, base_run, built)


# The generator started the same way with its race pictures and without them (render/race.py: the standings'
# chart and the player page's lines drawn as nothing), all else as it is: what the pictures cost is the difference.
STARTED = ("import sys, markupsafe, generator.render.race as race; {}"
           "from generator.__main__ import main; sys.exit(main())")
PICTURES = {True: STARTED.format(""),
            False: STARTED.format("race.chart = race.sparkline = lambda *args: markupsafe.Markup(''); ")}


def build_run(data: Path, site: Path, languages: str = "en", pictures: bool | None = None) -> Run:
    """The archive built (`pictures`: True or False, the generator started as PICTURES starts it)."""
    command = ["-m", "generator"] if pictures is None else ["-c", PICTURES[pictures]]
    build = run([sys.executable, *command, "build", "--data", str(data), "--site-dir", str(site)], ROOT, languages)
    if build.code != 0:
        sys.exit("the archive's build failed:\n" + build.output[-3000:])
    return build


def languages_cost(measured: Measured, codes: list[str], pairs: int) -> None:
    """What each extra language costs: the archive built in English alone and in `codes` (English first) in turn,
    PAIRS times; an extra language's CPU seconds (the difference over the extra languages) against the
    one-language build's, pair by pair, and the median."""
    extra = len(codes) - 1
    print(f"\n{measured.pages} pages in {len(codes)} languages ({', '.join(codes)}) against English alone, "
          f"build CPU s (wall s) pair by pair:")
    ratios = []
    for n in range(1, pairs + 1):
        order = ("one", "many") if n % 2 else ("many", "one")  # each goes first in turn
        runs = {which: build_run(measured.data, measured.site, "en" if which == "one" else ",".join(codes))
                for which in order}
        one, many = runs["one"], runs["many"]
        each = (many.cpu - one.cpu) / extra
        ratios.append(each / one.cpu)
        print(f"  pair {n}: {len(codes)} languages {many.cpu:.1f} ({many.seconds:.1f}), English {one.cpu:.1f} "
              f"({one.seconds:.1f}): each extra language {each:.1f} CPU s ({(many.seconds - one.seconds) / extra:.1f} "
              f"wall s) = {ratios[-1]:.2f} x the one-language build")
    print(f"an extra language costs {statistics.median(ratios):.2f} x the one-language build (median; from "
          f"{min(ratios):.2f} to {max(ratios):.2f})")


def pictures_cost(measured: Measured, pairs: int) -> None:
    """What the race pictures cost: the archive built with them and without them in turn, PAIRS times; their
    share of the build's CPU seconds pair by pair, and the median; and the most bytes of pictures on one page."""
    print(f"\n{measured.pages} pages with the race pictures and without them, build CPU s (wall s) pair by pair:")
    shares = []
    for n in range(1, pairs + 1):
        order = (True, False) if n % 2 else (False, True)  # each goes first in turn
        runs = {drawn: build_run(measured.data, measured.site, pictures=drawn) for drawn in order}
        shares.append((runs[True].cpu - runs[False].cpu) / runs[True].cpu)
        print(f"  pair {n}: with {runs[True].cpu:.1f} ({runs[True].seconds:.1f}), without {runs[False].cpu:.1f} "
              f"({runs[False].seconds:.1f}): the pictures {shares[-1]:.1%} of the build")
    print(f"the pictures cost {statistics.median(shares):.1%} of the build's CPU (median; from {min(shares):.1%} to "
          f"{max(shares):.1%})")
    build_run(measured.data, measured.site)  # (the site as built, with its pictures)
    most, where = 0, ""
    for page in measured.site.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        drawn = sum(len(m.encode()) for m in re.findall(r'<svg class="race-line".*?</svg>|<figure class="race-chart">'
                                                         r'.*?</figure>', html, re.S))
        if drawn > most:
            most, where = drawn, page.relative_to(measured.site).as_posix()
    print(f"the most bytes of race pictures on one page: {most:,} ({where})")


def growth(small: Measured, large: Measured, pairs: int) -> None:
    """How the build's cost grows from the smaller archive to the larger: the two built in turn, PAIRS times
    (the first pair is the builds above), the ratio of CPU seconds taken pair by pair, so that a slow minute of a
    shared machine weighs on both sides of one ratio; and the median of the ratios."""
    ratios = [large.build.cpu / small.build.cpu]
    print(f"\n{large.pages} against {small.pages} pages ({large.pages / small.pages:.2f} x the pages), "
          f"build CPU s pair by pair:")
    print(f"  pair 1: {large.build.cpu:.1f} / {small.build.cpu:.1f} = {ratios[0]:.2f}")
    for n in range(2, pairs + 1):
        first, second = (small, large) if n % 2 else (large, small)  # each goes first in turn
        runs = {id(m): build_run(m.data, m.site) for m in (first, second)}
        ratio = runs[id(large)].cpu / runs[id(small)].cpu
        ratios.append(ratio)
        print(f"  pair {n}: {runs[id(large)].cpu:.1f} / {runs[id(small)].cpu:.1f} = {ratio:.2f}")
    print(f"median {statistics.median(ratios):.2f} x (from {min(ratios):.2f} to {max(ratios):.2f}); in the runs above "
          f"plain MkDocs {large.plain.cpu / small.plain.cpu:.2f} x, check {large.check.cpu / small.check.cpu:.2f} x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pages", nargs="*", type=int, default=[1000],
                        help="the archive's size in pages; two sizes also time how the build grows between them")
    parser.add_argument("--pairs", type=int, default=3, help="with two sizes: how many times to build both in turn")
    parser.add_argument("--keep", type=Path, help="write the archives here and keep them (and their sites)")
    parser.add_argument("--languages", default="", help="also time the build in these languages (e.g. en,de,fr: "
                        "English first) against English alone: what each extra language costs")
    parser.add_argument("--pictures", action="store_true", help="also time the build without the race pictures "
                        "(the standings' chart, the player pages' lines): what they cost")
    args = parser.parse_args()
    if len(args.pages) > 2:
        parser.error("give one size, or two to compare")
    with tempfile.TemporaryDirectory() as tmp:
        base = args.keep.resolve() if args.keep else Path(tmp)
        measured = [measure(base / str(pages), pages) for pages in args.pages]
        if len(measured) == 2:
            growth(*sorted(measured, key=lambda m: m.pages), pairs=max(1, args.pairs))
        last = measured[-1]
        if args.languages:
            languages_cost(last, args.languages.split(","), pairs=max(1, args.pairs))
        if args.pictures:
            pictures_cost(last, pairs=max(1, args.pairs))
        person = last.archive.people[len(last.archive.people) // 2]
        found = search_seconds(last.site, person.family)
        if isinstance(found, str):
            print(f"player search: {found}")
        else:
            print(f"player search in Chromium for '{person.family}' ({last.pages} pages): {found[0]:.2f} s from "
                  f"opening the home page, {found[1]:.2f} s from typing the surname to the first player")


if __name__ == "__main__":
    main()
