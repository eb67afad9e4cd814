"""`fesa rate`'s engine (generator/fesa/tournament.py and program.py) against a small model of FESA's rating program
written apart from it (tests/fesa_model.py), on random tournaments without handicaps: rated players (with and
without the under-1800 bonus), newcomers with or without a declared grade, unrated players with earlier games,
byes. Every player's rating, games and bonus count after the tournament must be the same, exactly."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from generator.fesa.grades import ProgramError
from generator.fesa.lisp import SLOTS, Char, Struct
from generator.fesa.tournament import rate_tournament

from . import fesa_model

pytestmark = pytest.mark.slow  # hundreds of random tournaments: not in the fast rules' tests

CASES = 300
SCORES = [Fraction(1), Fraction(1, 2), Fraction(0)]
WRITTEN = {Fraction(1): "+", Fraction(1, 2): "=", Fraction(0): "-"}


def random_players(rng: random.Random, n: int) -> list[fesa_model.Player]:
    players = []
    for i in range(n):
        kind = rng.randrange(4)
        name = f"P{i}"
        if kind == 0:  # rated: established or provisional, bonus running or behind him
            players.append(fesa_model.Player(name, rng.randint(300, 2500), rng.randint(9, 80),
                                             rng.choice([0, rng.randint(0, 99), 100])))
        elif kind == 1:  # new, with a declared grade or none
            grade = rng.choice([(0, ""), (rng.randint(1, 20), "Kyu"), (rng.randint(1, 6), "Dan")])
            players.append(fesa_model.Player(name, 0, 0, grade=grade))
        else:  # unrated, with earlier games (some only wins or only losses)
            count = rng.randint(1, 8)
            only = rng.choice([None, Fraction(1), Fraction(0)])
            earlier = [(rng.randint(200, 2400), only if only is not None else rng.choice(SCORES)) for _ in range(count)]
            players.append(fesa_model.Player(name, rng.randint(1, 2300), earlier))
    return players


def play(rng: random.Random, players: list[fesa_model.Player], rounds: int) -> list[list[tuple[int, str]]]:
    """Random pairings, round by round (an odd one out gets a bye, 0+, or sits out, 0-); each line's (opponent's
    number, result)."""
    lines: list[list[tuple[int, str]]] = [[] for _ in players]
    for _ in range(rounds):
        order = list(range(len(players)))
        rng.shuffle(order)
        if len(order) % 2:
            alone = order.pop()
            result = rng.choice(["+", "-"])
            lines[alone].append((0, result))
            players[alone].results.append((None, Fraction(1) if result == "+" else Fraction(0)))
        for a, b in zip(order[::2], order[1::2], strict=True):
            score = rng.choice(SCORES)
            lines[a].append((b + 1, WRITTEN[score]))
            lines[b].append((a + 1, WRITTEN[1 - score]))
            players[a].results.append((players[b], score))
            players[b].results.append((players[a], 1 - score))
    return lines


def entry(p: fesa_model.Player) -> Struct:
    home = Struct("HOME", {"LIST": Char("E"), "NATIONALITY": "GB", "RESIDENS": "GB", "LAST": "2020-01-01"})
    games: object = p.games if isinstance(p.games, int) else [[r, s, 1] for r, s in p.games]
    return Struct("PLAYER", {**dict(SLOTS["PLAYER"]), "LAST-NAME": p.name, "FIRST-NAME": "", "NATIONALITY-LIST": [home],
                             "NSR-GRADE-LEVEL": p.grade[0], "NSR-GRADE-NAME": p.grade[1], "ELO-NUMBER": p.elo,
                             "GAMES": games, "BONUS-COUNT": p.bonus, "LAST-PLAYED": "2020-01-01"})


def test_the_engine_and_an_independent_model_agree_on_random_tournaments():
    rng = random.Random(41)
    compared = stopped = 0
    for case in range(CASES):
        model = random_players(rng, rng.randint(2, 10))
        lines = play(rng, model, rng.randint(1, 5))
        entries = [entry(p) for p in model]
        try:
            outcome = rate_tournament(entries, [(p.name, "", [(o, r, None) for o, r in line])
                                                for p, line in zip(model, lines, strict=True)], "2024-01-01")
        except ProgramError as exc:  # a performance that swings: the model must not settle it either
            assert "swings" in str(exc), (case, str(exc))
            with pytest.raises(fesa_model.Endless):
                fesa_model.rate(model)
            stopped += 1
            continue
        fesa_model.rate(model)
        for p in model:
            slots = next(e.slots for e in outcome.players if e.slots["LAST-NAME"] == p.name)
            games = slots["GAMES"] if isinstance(slots["GAMES"], int) else [(g[0], g[1]) for g in slots["GAMES"]]
            assert (slots["ELO-NUMBER"], games, slots["BONUS-COUNT"]) == (p.elo, p.games, p.bonus), (case, p.name)
            compared += 1
    assert compared > 1500 and stopped < CASES // 20  # (about six players a case; few that never settle)
