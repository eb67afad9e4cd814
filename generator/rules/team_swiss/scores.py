"""The Handicap Team Match's scores: board points (A) and the tiebreaks B-F, exactly as the festival's rules list them.

docs/mso-2000.md#handicap-team-match: "Primary score: A) board points (sum of individual players' results). Tiebreakers:
B) team points (match win: 2, match draw: 1, match loss: 0); C) board points Buchholz (sum of opponents' board points);
D) team points Buchholz (sum of opponents' team points); E) board points SB (sum of defeated opponents' board points);
F) team points SB (sum of defeated opponents' team points)."
docs/rulings.md#team-match and docs/rulings.md#team-byes: "A match between a 4- and a 3-player team is played on 3
boards; the recorded games are scored as they are. … E and F count only opponents actually defeated." "Team byes. … it
scores a won match (2 team points) and half its boards in board points, and is nobody's opponent in the C-F tiebreaks."
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction

from .. import shogi
from ...messages import N_
from ..festival_elo import Rating
from ...model import Event, Match, PlayerId, TeamSetup

TEAM_POINTS = {"win": 2, "draw": 1, "loss": 0}


@dataclass(frozen=True)
class Column:
    key: str
    letter: str
    abbr: str
    name: str
    definition: str


# The letters are the rules' own; the abbreviations, names and definitions are translated where a page shows them.
COLUMNS = (
    Column("bp", "A",
           # Translators: abbreviation of "board points" (a team's score), a table's column head
           N_("BP"),
           # Translators: a team's score: the sum of its players' results
           N_("board points"),
           N_("the sum of the team's players' results: 1 a won board, ½ a draw")),
    Column("tp", "B",
           # Translators: abbreviation of "team points", a table's column head
           N_("TP"),
           # Translators: a team's score by matches: 2 a won match, 1 a drawn one
           N_("team points"),
           N_("2 for each match won (more board points), 1 drawn, 0 lost")),
    Column("bp_bh", "C",
           # Translators: abbreviation of "board-points Buchholz", a table's column head
           N_("BP-Bh"),
           # Translators: a team tiebreak (Buchholz: the sum of the opponents' scores)
           N_("board-points Buchholz"),
           N_("the sum of the opponents' board points")),
    Column("tp_bh", "D",
           # Translators: abbreviation of "team-points Buchholz", a table's column head
           N_("TP-Bh"),
           # Translators: a team tiebreak (Buchholz: the sum of the opponents' scores)
           N_("team-points Buchholz"),
           N_("the sum of the opponents' team points")),
    Column("bp_sb", "E",
           # Translators: abbreviation of "board-points Sonneborn-Berger", a table's column head
           N_("BP-SB"),
           # Translators: a team tiebreak (Sonneborn-Berger: the sum of the defeated opponents' scores)
           N_("board-points Sonneborn-Berger"),
           N_("the sum of the board points of the teams it defeated (drawn matches count nothing)")),
    Column("tp_sb", "F",
           # Translators: abbreviation of "team-points Sonneborn-Berger", a table's column head
           N_("TP-SB"),
           # Translators: a team tiebreak (Sonneborn-Berger: the sum of the defeated opponents' scores)
           N_("team-points Sonneborn-Berger"),
           N_("the sum of the team points of the teams it defeated (drawn matches count nothing)")),
)


@dataclass(frozen=True)
class MatchSide:
    """One team's view of one match, or of its bye (no opponent, no match)."""

    round: int
    team: str
    opponent: str | None
    board_points: Fraction
    opponent_points: Fraction
    boards: int
    match: Match | None

    @property
    def outcome(self) -> str:
        """The match for the team: win, draw or loss (its page shows it, translated)."""
        if self.opponent is None or self.board_points > self.opponent_points:
            # Translators: a team's result in one match (its page's list of matches)
            return N_("win")
        # Translators: a team's result in one match
        return N_("draw") if self.board_points == self.opponent_points else N_("loss")

    @property
    def team_points(self) -> int:
        return TEAM_POINTS[self.outcome]


@dataclass(frozen=True)
class TeamStanding:
    rank: int
    shared: bool
    team: str
    values: tuple[Fraction, ...]  # A-F in order
    matches: int

    @property
    def board_points(self) -> Fraction:
        return self.values[0]


def board_points(match: Match, second_team: frozenset[PlayerId]) -> tuple[Fraction, Fraction]:
    """The two teams' board points as the games are recorded; `second_team`: the members of match.teams[1]."""
    a = b = Fraction(0)
    for game in match.games:
        if game.result is None:
            continue
        sente, gote = (shogi.POINTS[o] for o in shogi.OUTCOMES[game.result])
        if game.sente.id in second_team:
            sente, gote = gote, sente
        a += sente
        b += gote
    return a, b


def match_sides(event: Event) -> dict[str, list[MatchSide]]:
    """Every team's complete matches and byes, in round order. A bye is worth a won match and half the team's
    boards (one a player: a team of 3 gets 1½)."""
    members = {t.id: frozenset(r.id for r in t.members) for t in event.record(TeamSetup).teams}
    out: dict[str, list[MatchSide]] = {t.id: [] for t in event.record(TeamSetup).teams}
    for rnd in event.rounds:
        for ref in rnd.team_byes:
            if ref.id in members:
                out[ref.id].append(MatchSide(rnd.number, ref.id, None, Fraction(len(members[ref.id]), 2),
                                             Fraction(0), 0, None))
        for match in rnd.matches:
            a_id, b_id = match.teams[0].id, match.teams[1].id
            if a_id not in members or b_id not in members or any(g.result is None for g in match.games):
                continue
            a, b = board_points(match, members[b_id])
            out[a_id].append(MatchSide(rnd.number, a_id, b_id, a, b, len(match.games), match))
            out[b_id].append(MatchSide(rnd.number, b_id, a_id, b, a, len(match.games), match))
    return out


def team_standings(event: Event, sides: dict[str, list[MatchSide]], after_round: int) -> list[TeamStanding]:
    """Ranked by A, then B-F; teams equal on all six share the rank and are listed by name."""
    mine = {t: [s for s in ss if s.round <= after_round] for t, ss in sides.items()}
    bp = {t: sum((s.board_points for s in ss), Fraction(0)) for t, ss in mine.items()}
    tp = {t: Fraction(sum(s.team_points for s in ss)) for t, ss in mine.items()}
    values = {}
    for t, ss in mine.items():
        met = [s.opponent for s in ss if s.opponent is not None]  # a bye is nobody
        won = [s.opponent for s in ss if s.opponent is not None and s.outcome == "win"]
        values[t] = (bp[t], tp[t], sum((bp[o] for o in met), Fraction(0)), sum((tp[o] for o in met), Fraction(0)),
                     sum((bp[o] for o in won), Fraction(0)), sum((tp[o] for o in won), Fraction(0)))
    names = {t.id: t.name for t in event.record(TeamSetup).teams}
    order = sorted(mine, key=lambda t: ([-v for v in values[t]], names[t], t))
    counts = Counter(values.values())
    table: list[TeamStanding] = []
    for index, t in enumerate(order):
        rank = table[-1].rank if table and values[table[-1].team] == values[t] else index + 1
        table.append(TeamStanding(rank, counts[values[t]] > 1, t, values[t], len(mine[t])))
    return table


@dataclass(frozen=True)
class TeamResults:
    sides: dict[str, list[MatchSide]]  # each team's complete matches
    completed: int
    final: tuple[TeamStanding, ...]  # after the last completed round
    ratings: dict[str, list[Fraction | None]]  # each team's average festival Elo, by round (index 0 = round 1)
    table: Callable[[int], tuple[TeamStanding, ...]] = field(repr=False, compare=False)

    @functools.cached_property
    def by_round(self) -> tuple[tuple[TeamStanding, ...], ...]:
        """After round 1, 2, … completed: made when a page asks (`check` needs only the final table)."""
        return (*(self.table(r) for r in range(1, self.completed)), self.final) if self.completed else ()


def team_results(event: Event, ratings: dict[PlayerId, list[Rating | None]], done: int) -> TeamResults:
    """A team event's team standings, round by round, and each team's average Elo."""
    sides = match_sides(event)
    averages: dict[str, list[Fraction | None]] = {}
    for team in event.record(TeamSetup).teams:
        averages[team.id] = []
        for r in range(event.rounds_planned):
            elos = [x.elo for ref in team.members if (x := ratings[ref.id][r]) is not None]
            averages[team.id].append(Fraction(sum(elos), len(elos)) if elos else None)

    def table(after: int) -> tuple[TeamStanding, ...]:
        return tuple(team_standings(event, sides, after))

    return TeamResults(sides, done, table(done) if done else (), averages, table)
