"""Ratings per round and each board's handicap: written in the round file, or from the Elo difference.

A handicap written in the data (the arbiters' or the professional's choice) overrides the computed one, and
is marked so when the event follows the Elo rule and the two differ.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from . import handicaps
from ..model import Event, Board, Player, PlayerId, SimulSetup
from .festival_elo import Rating, player_elo, rating_in_round


@dataclass(frozen=True)
class BoardHandicap:
    giver: PlayerId
    receiver: PlayerId
    code: str
    written: bool  # from the round file
    rule_code: str | None = None  # what the Elo rule gives, when the event follows it
    rule_giver: PlayerId | None = None  # None: no rule applied; "": the rule gives an even game

    @property
    def overrides_rule(self) -> bool:
        return self.written and self.rule_giver is not None and (
            self.rule_code != self.code or self.rule_giver != self.giver)


def ratings_by_round(event: Event, players: dict[PlayerId, Player]) -> dict[PlayerId, list[Rating | None]]:
    """Each entrant's (and simul giver's) rating in rounds 1 … planned (index 0 is round 1)."""
    out = {}
    for ref in (*event.entrants, *(g.ref for g in event.record(SimulSetup).givers)):
        base = player_elo(players[ref.id])
        mine = [a for a in event.adjustments if a.player == ref.id]
        out[ref.id] = [rating_in_round(base, mine, r) for r in range(1, event.rounds_planned + 1)]
    return out


def board_handicap(game: Board, round_number: int, event: Event,
                   ratings: dict[PlayerId, list[Rating | None]], simul_boards: int = 1) -> BoardHandicap | None:
    """simul_boards: in a simul, how many boards the giver (named first) plays at once."""
    rule_code = rule_giver = None
    if event.handicap_rule == "simul":
        giver = ratings.get(game.sente.id, [None] * round_number)[round_number - 1]
        receiver = ratings.get(game.gote.id, [None] * round_number)[round_number - 1]
        if giver is not None and receiver is not None:
            rule_code = handicaps.compute(giver.elo, receiver.elo, simul_boards).code
            rule_giver = game.sente.id if rule_code else ""  # "": the rule gives an even game
            if game.handicap is None and rule_code is not None:
                return BoardHandicap(game.sente.id, game.gote.id, rule_code, written=False, rule_code=rule_code,
                                     rule_giver=rule_giver)
    elif event.handicap_rule == "elo":
        a = ratings.get(game.sente.id, [None] * round_number)[round_number - 1]
        b = ratings.get(game.gote.id, [None] * round_number)[round_number - 1]
        if a is not None and b is not None:
            stronger, weaker = (game.sente.id, game.gote.id) if a.elo >= b.elo else (game.gote.id, game.sente.id)
            rule_code = handicaps.compute(max(a.elo, b.elo), min(a.elo, b.elo)).code
            rule_giver = stronger if rule_code else ""  # "": the rule gives an even game
            if game.handicap is None and rule_code is not None:
                return BoardHandicap(stronger, weaker, rule_code, written=False, rule_code=rule_code,
                                     rule_giver=rule_giver)
    if game.handicap is None:
        return None
    return BoardHandicap(game.sente.id, game.gote.id, game.handicap, written=True, rule_code=rule_code,
                         rule_giver=rule_giver)


def event_handicaps(event: Event, ratings: dict[PlayerId, list[Rating | None]]) \
        -> dict[tuple[int, int], BoardHandicap]:
    out = {}
    for rnd in event.rounds:
        boards = Counter(g.sente.id for g in rnd.games)
        for game in rnd.games:
            h = board_handicap(game, rnd.number, event, ratings, boards[game.sente.id])
            if h is not None:
                out[(rnd.number, game.board)] = h
    return out
