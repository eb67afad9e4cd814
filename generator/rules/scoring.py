"""Each player's rounds, as explicit outcomes with exact points: a pure function of the event's rounds."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import TypeVar
from fractions import Fraction

from . import shogi
from ..numbers import total
from ..model import Event, Board, Outcome, PlayerId, Result, Round


@dataclass(frozen=True)
class RoundRecord:
    round: int
    outcome: Outcome
    points: Fraction
    opponent: PlayerId | None = None
    colour: str | None = None  # "sente" or "gote"
    board: int | None = None
    replayed: bool = False  # a drawn game decided by its replay
    material: tuple[int, int] | None = None  # Shuuro: points of enemy pieces (eliminated, lost) in the game

    @property
    def delta(self) -> int:
        """Shuuro's Delta: own eliminated points less the opponent's; 0 without a game (a bye, an absence)."""
        return self.material[0] - self.material[1] if self.material else 0


Records = dict[PlayerId, list[RoundRecord]]


def replay_of(game: Board, rnd: Round) -> Board | None:
    """The replay of a drawn game in the round: the first replay between the same two players."""
    players = {game.sente.id, game.gote.id}
    return next((r for r in rnd.replays if {r.sente.id, r.gote.id} == players), None)


def decided(game: Board, rnd: Round) -> tuple[Outcome, Outcome]:
    """(sente's, gote's) outcome of a game whose drawn result is replayed: the replay's result counts, seen
    from the original game's players (the replay may swap sente)."""
    if game.result is not Result.DRAW:
        return shogi.OUTCOMES[game.result] if game.result else (Outcome.PENDING, Outcome.PENDING)
    replay = replay_of(game, rnd)
    if replay is None or replay.result is None:
        return Outcome.PENDING, Outcome.PENDING
    pair = shogi.OUTCOMES[replay.result]
    return pair if replay.sente.id == game.sente.id else (pair[1], pair[0])


def round_records(rnd: Round, replayed_draws: bool = False, points: Mapping[Outcome, Fraction] = shogi.POINTS,
                  round_robin: bool = False) -> dict[PlayerId, RoundRecord]:
    """What every player named in one round got from it, scored by the game's table `points`. replayed_draws: a
    drawn game is decided by its replay (the blitz), whose result counts instead. round_robin: the bye is the
    rest round every player of an odd-numbered all-play-all has once, and scores nothing."""
    table = dict(points)
    if round_robin:
        table = {**table, Outcome.BYE: Fraction(0)}
    out: dict[PlayerId, RoundRecord] = {}
    for game in rnd.games:
        if replayed_draws:
            pair = decided(game, rnd)
        elif game.result is None:
            pair = (Outcome.PENDING, Outcome.PENDING)
        else:
            pair = shogi.OUTCOMES[game.result]
        took = (game.captured[0].points, game.captured[1].points) if game.captured else None
        for ref, other, outcome, colour, material in (
            (game.sente, game.gote, pair[0], "sente", took),
            (game.gote, game.sente, pair[1], "gote", (took[1], took[0]) if took else None),
        ):
            out[ref.id] = RoundRecord(rnd.number, outcome, table[outcome], other.id, colour, game.board,
                                      replayed_draws and game.result is Result.DRAW,
                                      material if outcome.played else None)
    for ref in rnd.byes:
        out[ref.id] = RoundRecord(rnd.number, Outcome.BYE, table[Outcome.BYE])
    for refs, outcome in ((rnd.absent, Outcome.ABSENT), (rnd.half_byes, Outcome.HALF_BYE),
                          (rnd.no_shows, Outcome.FORFEIT_LOSS)):
        for ref in refs:
            out[ref.id] = RoundRecord(rnd.number, outcome, table[outcome])
    return out


def event_records(event: Event, late_points: dict[PlayerId, Fraction] | None = None, all_play_all: bool = False,
                  sente_recorded: bool = True, points: Mapping[Outcome, Fraction] = shogi.POINTS) -> Records:
    """Every entrant's rounds in order. A round the player is not named in counts as absent; a late entry's
    rounds before it plays are LATE, the last of them carrying its McMahon-like points. In an all-play-all a
    bye is a rest round; where the round files do not say who had sente, no colour is recorded; `points`: what each
    outcome scores in the event's game."""
    late_points = late_points or {}
    records: Records = {ref.id: [] for ref in event.entrants}
    for rnd in event.rounds:
        this = round_records(rnd, event.replay_draws, points, all_play_all)
        if not sente_recorded:
            this = {pid: replace(rec, colour=None) for pid, rec in this.items()}
        elif event.sente == "furigoma":  # sente is decided at the board: known once the result is written
            this = {pid: replace(rec, colour=None) if rec.outcome is Outcome.PENDING else rec
                    for pid, rec in this.items()}
        for pid, recs in records.items():
            first = event.from_round.get(pid, 1)
            if rnd.number < first:
                bonus = late_points.get(pid, _ZERO) if rnd.number == first - 1 else _ZERO
                recs.append(RoundRecord(rnd.number, Outcome.LATE, bonus))
            else:  # (a record made only for a player the round does not name: most are named)
                rec = this.get(pid)
                recs.append(rec if rec is not None else RoundRecord(rnd.number, Outcome.ABSENT, _ZERO))
    return records


_ZERO = Fraction(0)  # (a Fraction is never changed: one for every record that scores nothing)


def late_total(records: Records, pid: PlayerId, after_round: int) -> Fraction:
    return total(r.points for r in records[pid] if r.round <= after_round and r.outcome is Outcome.LATE)


def completed_rounds(event: Event) -> int:
    """How many rounds, from the first, have every result in: the standings go that far."""
    done = 0
    for expected, rnd in enumerate(event.rounds, start=1):
        if rnd.number != expected or not rnd.complete:
            break
        done = expected
    return done


T = TypeVar("T")


def per_table(compute: Callable[[Records, int], T]) -> Callable[[Records, int], T]:
    """A standings table and each of its tiebreaks ask for the same scores (SOSOS for SOS as well): the last
    few answers of `compute` are kept, by the identity of the records (records are never changed once made,
    and an entry holds them, so an identity is never reused while it is kept)."""
    recent: list[tuple[Records, int, T]] = []

    @functools.wraps(compute)
    def kept(records: Records, after_round: int) -> T:
        for recs, n, found in recent:
            if recs is records and n == after_round:
                return found
        found = compute(records, after_round)
        recent.append((records, after_round, found))
        del recent[:-16]
        return found

    return kept


@per_table
def scores(records: Records, after_round: int) -> Mapping[PlayerId, Fraction]:
    """Each player's points after `after_round`."""
    return MappingProxyType({pid: total(r.points for r in recs if r.round <= after_round)
                             for pid, recs in records.items()})


@dataclass(frozen=True)
class Standing:
    rank: int
    shared: bool  # another player has exactly the same points and tiebreaks
    player: PlayerId
    points: Fraction
    tiebreaks: tuple[Fraction, ...]
    played: int  # games played over the board
    late: Fraction = Fraction(0)  # McMahon-like points of a late entry, included in `points`
    separated_by: str = ""  # Shuuro, Oware: the criterion that put the player below the one above (its key)
