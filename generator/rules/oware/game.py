"""Oware under the 2012 MSO rules (docs/oware.md): the board, a move, and a game replayed from its moves.

The board: twelve houses, four seeds each at the start. The first player owns houses a-f, the second A-F, each
row in sowing order: seeds go counter-clockwise a → b → … → f → A → … → F → a. A move names the house it
empties (a-f for the first player, A-F for the second; the record alternates, first player first).

- Sowing: one seed in each following house, skipping the house the move started from.
- Capture: when the last seed lands in an opponent's house making it 2 or 3, those seeds are taken, and so
  are those of each house before it, going backwards, while it is the opponent's and holds 2 or 3.
- Grand Slam (allowed, "takes priority over any other rule"): a capture that leaves the opponent's row empty
  takes every seed left on the board, and the game ends.
- Feeding: when the opponent's row is empty, the player must make a move that gives him seeds, if he has
  one; if he has none, the game ends and he takes the seeds left in his own row. (There is no duty to feed
  after a capture: a capture that empties the opponent's row is a Grand Slam and has already ended the game.)
- The game ends as soon as a player has 25 seeds (more than half), when the player to move has no seeds, or by
  agreement in a cycling position (each takes the seeds in his own row).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ...messages import N_
from ...model import Outcome, Result
from .. import shogi

SEEDS = 48
HOUSES = 6
TO_WIN = 25
FIRST_ROW = "abcdef"
SECOND_ROW = "ABCDEF"


@dataclass(frozen=True)
class Position:
    houses: tuple[int, ...]  # 12: the first player's a-f (0-5), then the second's A-F (6-11)
    stores: tuple[int, int]  # seeds taken by the first and the second player
    to_move: int  # 0: the first player, 1: the second
    over: bool = False

    @staticmethod
    def start() -> Position:
        return Position((4,) * 12, (0, 0), 0)

    def row(self, player: int) -> tuple[int, ...]:
        return self.houses[HOUSES * player:HOUSES * (player + 1)]


class IllegalMove(ValueError):
    pass


def house_name(player: int, index: int) -> str:
    return (FIRST_ROW if player == 0 else SECOND_ROW)[index]


def _sow(pos: Position, index: int) -> tuple[list[int], int]:
    """The houses after emptying the mover's house `index` (0-5), and the house the last seed fell in."""
    houses = list(pos.houses)
    start = HOUSES * pos.to_move + index
    seeds, houses[start] = houses[start], 0
    at = start
    while seeds:
        at = (at + 1) % 12
        if at == start:
            continue
        houses[at] += 1
        seeds -= 1
    return houses, at


def _feeds(pos: Position, index: int) -> bool:
    houses, _ = _sow(pos, index)
    other = 1 - pos.to_move
    return sum(houses[HOUSES * other:HOUSES * (other + 1)]) > 0


def legal_moves(pos: Position) -> list[int]:
    """The mover's houses (0-5) he may empty: non-empty ones, and only those that feed an empty opponent."""
    if pos.over:
        return []
    own = [i for i in range(HOUSES) if pos.houses[HOUSES * pos.to_move + i]]
    if sum(pos.row(1 - pos.to_move)) == 0:
        return [i for i in own if _feeds(pos, i)]
    return own


def play(pos: Position, index: int) -> Position:
    """The position after the mover empties his house `index` (0-5); IllegalMove when he may not."""
    if index not in legal_moves(pos):
        raise IllegalMove(_why(pos, index))
    mover, other = pos.to_move, 1 - pos.to_move
    houses, last = _sow(pos, index)
    stores = list(pos.stores)
    lo, hi = HOUSES * other, HOUSES * (other + 1)
    if lo <= last < hi and houses[last] in (2, 3):
        taken = []
        at = last
        while lo <= at < hi and houses[at] in (2, 3):
            taken.append(at)
            at -= 1
        for h in taken:
            stores[mover] += houses[h]
            houses[h] = 0
        if sum(houses[lo:hi]) == 0:  # Grand Slam: every seed left on the board
            stores[mover] += sum(houses)
            houses = [0] * 12
            return Position(tuple(houses), (stores[0], stores[1]), other, over=True)
    return _settle(Position(tuple(houses), (stores[0], stores[1]), other))


def _settle(pos: Position) -> Position:
    """End the game when it is decided: 25 seeds, or a player to move who has no seeds or cannot feed."""
    if max(pos.stores) >= TO_WIN:
        return Position(pos.houses, pos.stores, pos.to_move, over=True)
    if not legal_moves(pos):
        # The mover has no seeds (the opponent's row keeps them), or cannot feed (his row keeps his):
        # each side's seeds go to the player on that side.
        stores = (pos.stores[0] + sum(pos.row(0)), pos.stores[1] + sum(pos.row(1)))
        return Position((0,) * 12, stores, pos.to_move, over=True)
    return pos


def _why(pos: Position, index: int) -> str:
    name = house_name(pos.to_move, index) if 0 <= index < HOUSES else "?"
    if pos.over:
        return "the game is already over"
    if not pos.houses[HOUSES * pos.to_move + index]:
        return f"house {name} is empty"
    return f"house {name} does not give the opponent, who has no seeds, any seeds: a move that does must be made"


def parse_move(text: str, player: int) -> int | None:
    """'c' → 2 for the first player; 'C' → 2 for the second; None when it is not one of the player's houses."""
    row = FIRST_ROW if player == 0 else SECOND_ROW
    return row.index(text) if len(text) == 1 and text in row else None


def replay(moves: list[str]) -> tuple[Position, str | None, int]:
    """Play a game's record from the start: (the position reached, what is wrong or None, the number of moves
    played before it went wrong)."""
    pos = Position.start()
    for n, text in enumerate(moves):
        if pos.over:
            return pos, f"move {n + 1} ({text}) comes after the end of the game", n
        index = parse_move(text.strip(), pos.to_move)
        if index is None:
            whose = "first" if pos.to_move == 0 else "second"
            row = FIRST_ROW if pos.to_move == 0 else SECOND_ROW
            return pos, f"move {n + 1} ({text}) is not one of the {whose} player's houses {row[0]}-{row[-1]}", n
        try:
            pos = play(pos, index)
        except IllegalMove as exc:
            return pos, f"move {n + 1} ({text}) is illegal: {exc}", n
    return pos, None, len(moves)


def perft(pos: Position, depth: int) -> int:
    """The number of positions reached after exactly `depth` moves (a game over sooner adds nothing)."""
    if depth == 0:
        return 1
    moves = legal_moves(pos)
    if not moves:
        return 0
    return sum(perft(play(pos, m), depth - 1) for m in moves)


# docs/oware.md#tournament: 1 VP for the winner, 0 for the loser, ½ each for a 24-24 draw: shogi's table
# (docs/rulings.md#scores: a pairing-allocated bye a win's points; an absence or a no-show 0, the
# opponent a win). The rest round of an all-play-all with an odd number of players scores nothing
# (scoring.round_records).
POINTS: dict[Outcome, Fraction] = shogi.POINTS

# How a game ends (docs/oware.md#end-of-a-game): a player reaches 25 seeds; the player to move has no seeds, or cannot
# give the empty opponent any (the seeds left go to the side they are on); the players agree to end a position that only
# goes round in circles (each takes the seeds on his side); a player's time expires (the seeds left go to the opponent);
# a player resigns.
# The keys are the round files' words; the texts are shown on the round pages (translated there).
ENDINGS = {
    # Translators: how an Oware game ended (a round page, after the game's seeds)
    "25-seeds": N_("a player reached 25 seeds"),
    # Translators: how an Oware game ended
    "no-move": N_("no move was possible"),
    # Translators: how an Oware game ended: the players agreed to stop a position that only goes round in circles
    "cycle": N_("agreed end of a cycling position"),
    # Translators: how an Oware game ended: a player's clock ran out
    "time": N_("time expired"),
    # Translators: how a game ended: a player resigned
    "resignation": N_("resignation"),
}
# The same, briefly: under the result in a round's table (Oware's and Shuuro's).
SHORT = {
    # Translators: how an Oware game ended, briefly (under the result in a round's table)
    "25-seeds": N_("25 seeds"),
    # Translators: how an Oware game ended, briefly: no move was possible
    "no-move": N_("no move"),
    # Translators: how an Oware game ended, briefly: the agreed end of a cycling position
    "cycle": N_("cycle"),
    # Translators: how a game ended, briefly: a player's clock ran out
    "time": N_("time"),
    # Translators: how a game ended, briefly: a player resigned
    "resignation": N_("resigned"),
}
ALIASES = {**{e: e for e in ENDINGS}, "25": "25-seeds", "25 seeds": "25-seeds", "no move": "no-move",
           "agreed": "cycle", "cycling": "cycle", "resigned": "resignation", "resigns": "resignation"}
# Endings after which every seed is in a store: the two counts make 48.
ALL_SEEDS = {
    "no-move": "when no move is possible the seeds left on the board go to the player on whose side they are",
    "cycle": "at the agreed end of a cycling position each player takes the seeds on his side",
    "time": "when a player's time expires the seeds left on the board are credited to the opponent",
}


def record_problems(result: Result, ending: str | None, first: int, second: int) -> list[tuple[str, str]]:
    """What is wrong with a played game's record (result, ending, seeds of the first and the second player):
    (message, hint) pairs; none for a record the rules allow."""
    out = []
    if first + second > SEEDS:
        out.append((f"the seeds taken add up to {first + second}, more than the {SEEDS} in the game",
                    "count the seeds again"))
        return out
    if result is Result.DRAW and (first, second) != (24, 24):
        out.append((f"the result is a draw but the seeds are {first}–{second}: only 24–24 is a draw",
                    "correct the result or the seeds"))
    elif result is not Result.DRAW and (first, second) == (24, 24):
        out.append(("24–24 is a draw, but the result gives a winner", "write the result as ½-½"))
    elif result in (Result.SENTE_WINS, Result.GOTE_WINS):
        win, lose = (first, second) if result is Result.SENTE_WINS else (second, first)
        if win <= lose:
            out.append((f"the winner has {win} seeds and the loser {lose}: the winner must have more",
                        "correct the result or the seeds"))
    if ending == "25-seeds" and max(first, second) < TO_WIN:
        out.append((f"the game ended at 25 seeds but the counts are {first}–{second}",
                    "correct the seeds or the way the game ended"))
    if ending in ALL_SEEDS and first + second != SEEDS:
        out.append((f"the seeds are {first}–{second}, {first + second} in all, but {ALL_SEEDS[ending]}, so the "
                    f"two counts make {SEEDS}", f"credit the {SEEDS - first - second} seeds left on the board"))
    if ending == "resignation" and result is Result.DRAW:
        out.append(("a resigned game has a winner, but the result is a draw", "correct the result or the ending"))
    return out


def final_score(pos: Position, ending: str) -> tuple[tuple[int, int] | None, str]:
    """The score a replayed game must be recorded with, given how the record says it ended, or None with
    what is wrong. The game is over in `pos` (25 seeds, a Grand Slam, no move) or stopped there."""
    if pos.over:
        how = "25-seeds" if max(pos.stores) >= TO_WIN else "no-move"
        if ending != how:
            return None, f"the moves end the game ({ENDINGS[how]}), not by {ENDINGS[ending]}"
        return pos.stores, ""
    if ending in ("25-seeds", "no-move"):
        return None, f"after the moves recorded the game is not over, so it did not end because {ENDINGS[ending]}"
    if ending == "cycle":
        return (pos.stores[0] + sum(pos.row(0)), pos.stores[1] + sum(pos.row(1))), ""
    if ending == "time":  # the player to move ran out of time: the seeds left go to the opponent
        left = sum(pos.houses)
        return ((pos.stores[0], pos.stores[1] + left) if pos.to_move == 0 else
                (pos.stores[0] + left, pos.stores[1])), ""
    return pos.stores, ""  # resignation: the seeds taken until then


def positions(moves: list[str]) -> list[Position]:
    """Every position of a game record, the start first, up to its first wrong move (for the replay board)."""
    out = [Position.start()]
    for text in moves:
        index = parse_move(text, out[-1].to_move)
        try:
            out.append(play(out[-1], -1 if index is None else index))
        except IllegalMove:
            break
    return out
