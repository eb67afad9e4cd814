"""Ratings per round and each board's handicap: written in the round file, or from the Elo difference.

A handicap written in the data (the arbiters' or the professional's choice) overrides the computed one, and
is marked so when the event follows the Elo rule and the two differ.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import handicaps
from .model import Event, Game, Player, PlayerId
from .ratings import Rating, rating_in_round


@dataclass(frozen=True)
class BoardHandicap:
    giver: PlayerId
    receiver: PlayerId
    code: str
    written: bool  # from the round file
    rule_code: str | None = None  # what the Elo rule gives, when the event follows it
    rule_giver: PlayerId | None = None

    @property
    def overrides_rule(self) -> bool:
        return self.written and self.rule_giver is not None and (
            self.rule_code != self.code or self.rule_giver != self.giver)


def ratings_by_round(event: Event, players: dict[PlayerId, Player]) -> dict[PlayerId, list[Rating | None]]:
    """Each entrant's rating in rounds 1 … planned (index 0 is round 1)."""
    out = {}
    for ref in event.entrants:
        base = players[ref.id].rating
        mine = [a for a in event.adjustments if a.player == ref.id]
        out[ref.id] = [rating_in_round(base, mine, r) for r in range(1, event.rounds_planned + 1)]
    return out


def board_handicap(game: Game, round_number: int, event: Event,
                   ratings: dict[PlayerId, list[Rating | None]]) -> BoardHandicap | None:
    rule_code = rule_giver = None
    if event.handicap_rule == "elo":
        a = ratings.get(game.sente.id, [None] * round_number)[round_number - 1]
        b = ratings.get(game.gote.id, [None] * round_number)[round_number - 1]
        if a is not None and b is not None:
            stronger, weaker = (game.sente.id, game.gote.id) if a.elo >= b.elo else (game.gote.id, game.sente.id)
            rule_code = handicaps.compute(max(a.elo, b.elo), min(a.elo, b.elo)).code
            rule_giver = stronger if rule_code else None
            if game.handicap is None and rule_code is not None:
                return BoardHandicap(stronger, weaker, rule_code, written=False, rule_code=rule_code,
                                     rule_giver=rule_giver)
    if game.handicap is None:
        return None
    return BoardHandicap(game.sente.id, game.gote.id, game.handicap, written=True, rule_code=rule_code,
                         rule_giver=rule_giver if event.handicap_rule == "elo" else None)


def event_handicaps(event: Event, ratings: dict[PlayerId, list[Rating | None]]) \
        -> dict[tuple[int, int], BoardHandicap]:
    out = {}
    for rnd in event.rounds:
        for game in rnd.games:
            h = board_handicap(game, rnd.number, event, ratings)
            if h is not None:
                out[(rnd.number, game.board)] = h
    return out
