"""The Team Match's Swiss: teams ranked by board points, then average festival Elo; boards in rating order.

docs/mso-2000.md#handicap-team-match: "A Swiss pairing system based on average team ratings is employed (round 1: 1 vs
N/2+1, 2 vs N/2+2, etc.)". docs/rulings.md#team-match: "Board order by rating. A match between a 4- and a 3-player team
is played on 3 boards". Each board's handicap follows the Elo difference (docs/mso-2000.md#handicaps); the stronger
player gives it and is named first. On an even board the first team's player has sente on odd boards, the second team's
on even boards.
"""

from __future__ import annotations

from fractions import Fraction

from .. import handicaps
from ...model import Event, Player, PlayerId, Team, TeamSetup
from ...numbers import points
from ..pairing import Candidate
from ..festival_elo import Rating
from .scores import TeamResults


def candidates(event: Event, teams: TeamResults, round_number: int) -> list[Candidate]:
    """Every team, best first: board points before the round, average Elo in force for the round, name (with an
    odd number the Swiss gives the last without a bye the bye: docs/rulings.md#team-byes)."""
    before = {s.team: s.board_points for s in teams.by_round[round_number - 2]} if round_number > 1 else {}
    out = []
    for team in event.record(TeamSetup).teams:
        bp = before.get(team.id, Fraction(0))
        average = teams.ratings[team.id][round_number - 1] or Fraction(0)
        sides = [s for s in teams.sides[team.id] if s.round < round_number]
        out.append((bp, average, team.name, Candidate(
            team.id, bp, f"{team.name} ({points(bp)})", frozenset(s.opponent for s in sides if s.opponent),
            had_bye=any(s.opponent is None for s in sides))))
    out.sort(key=lambda t: (-t[0], -t[1], t[2]))
    return [c for *_, c in out]


def board_order(team: Team, ratings: dict[PlayerId, list[Rating | None]], players: dict[PlayerId, Player],
                round_number: int) -> list[PlayerId]:
    def key(pid: PlayerId) -> tuple[int, str]:
        rating = ratings[pid][round_number - 1]
        return (-(rating.elo if rating else 0), players[pid].name)
    return sorted((ref.id for ref in team.members), key=key)


def boards(a: Team, b: Team, ratings: dict[PlayerId, list[Rating | None]], players: dict[PlayerId, Player],
           round_number: int) -> list[tuple[PlayerId, PlayerId, str | None]]:
    """(first-named, second-named, handicap the first gives or None) for each board, board 1 first."""
    out: list[tuple[PlayerId, PlayerId, str | None]] = []
    pairs = zip(board_order(a, ratings, players, round_number), board_order(b, ratings, players, round_number),
                strict=False)  # a team of 3 against a team of 4: 3 boards
    for n, (x, y) in enumerate(pairs, start=1):
        rx, ry = ratings[x][round_number - 1], ratings[y][round_number - 1]
        ex, ey = (rx.elo if rx else 0), (ry.elo if ry else 0)
        code = handicaps.compute(max(ex, ey), min(ex, ey)).code
        if code is not None:
            out.append((x, y, code) if ex >= ey else (y, x, code))
        else:
            out.append((x, y, None) if n % 2 else (y, x, None))
    return out
