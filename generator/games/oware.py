"""Oware under the 2012 MSO rules (seeds/002): the board, a move, and a game replayed from its moves.

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
