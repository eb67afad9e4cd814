"""A team round's boards as its round page shows them, for the pages of the round being played (the wall sheets,
the Now block, a player's next game): each board in its match ("Japan – Great Britain, board 1", the boards
numbered 1, 2 … within the match, not through the round), the first-named team's player on the left, and the
results from a player's own side."""

from __future__ import annotations

from dataclasses import dataclass

from ..kinds.team_swiss import FLIPPED, setup_of
from ..model import Board, Event, PlayerId, Round
from .i18n import _


@dataclass(frozen=True)
class Seat:
    """A board of a team match: the match, the board's number within it, the players left and right (the
    first-named team's on the left) and the result from the left-hand player's side."""

    match: str  # "Japan – Great Britain"
    number: int
    left: PlayerId
    right: PlayerId
    left_first: bool  # the left-hand player moves first (☗)
    result: str  # '' while the game is not played

    @property
    def label(self) -> str:
        """'Japan – Great Britain, board 1', in the reader's language."""
        # Translators: a board of a team match: the match ("Japan – Great Britain") and the board's number in it
        return _("{match}, board {n}").format(match=self.match, n=self.number)


def seats(event: Event, rnd: Round) -> dict[int, Seat]:
    """A team round's boards by their number in the round file; {} for a round without matches."""
    if not rnd.matches:
        return {}
    teams = {t.id: t for t in setup_of(event).teams}
    out = {}
    for match in rnd.matches:
        a, b = (teams[ref.id] for ref in match.teams)
        second = {ref.id for ref in b.members}
        for n, g in enumerate(match.games, start=1):
            left_first = g.sente.id not in second
            left, right = (g.sente.id, g.gote.id) if left_first else (g.gote.id, g.sente.id)
            out[g.board] = Seat(f"{a.name} – {b.name}", n, left, right, left_first, own_result(g, left))
    return out


def own_result(game: Board, pid: PlayerId) -> str:
    """The game's result from `pid`'s side ('1-0': he won); '' while it is not played."""
    if game.result is None:
        return ""
    return game.result.value if game.sente.id == pid else FLIPPED[game.result]
