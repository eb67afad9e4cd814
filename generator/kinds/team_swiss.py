"""The team Swiss (the handicap team match): teams of team_size or one fewer, paired by the Swiss on board
points and average Elo; each match's boards in rating order, with the handicap their Elo difference gives.
Teams are ranked by the team score's columns; prizes and Grand Prix points go to every player of a team."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

from ..rules.team_swiss import formation, pairing as team_pairing
from ..diagnostics import Location, Report
from ..rules.grand_prix import shared_places, groups
from ..model import KindRecord, Event, GrandPrixEvent, Player, PlayerId, Ref, Result, Team, TeamSetup
from ..numbers import points
from ..rules.pairing import pair
from ..rules.prizes import team_prizes
from ..sources import round_writer
from ..sources.common import SLUG, refs
from ..sources.fields import Fields, suggest
from ..sources.site_names import taken_in_list
from ..sources.yamltree import Mapping
from ..rules.team_swiss.scores import TeamResults, team_results
from .base import EventKind, PairRequest, Proposal
from ..rules.prizes import PrizeList
from ..rules.festival_elo import Rating
from ..rules.simul import GiverResult
from ..rules.standings import EventResults

FLIPPED = {Result.SENTE_WINS: "0-1", Result.GOTE_WINS: "1-0", Result.DRAW: "½-½", Result.SENTE_WINS_UNPLAYED: "-+",
           Result.GOTE_WINS_UNPLAYED: "+-", Result.NEITHER_PLAYED: "--"}


class TeamSwiss(EventKind):
    key = "team-swiss"
    fesa_mode = "team-swiss"
    everyone_every_round = False  # a team's reserve may sit out a round
    players_required = False  # the teams name their players
    byes_are_teams = True  # docs/rulings.md#team-byes

    def read_keys(self, fields: Fields, report: Report) -> TeamSetup:
        teams, unattached, together = _read_teams(fields, report)
        return TeamSetup(teams, fields.integer("team_size", minimum=2, maximum=50) or 4, tuple(unattached), together)

    def entrants(self, own: KindRecord | None, entrants: list[Ref]) -> list[Ref]:
        assert isinstance(own, TeamSetup)
        return [m for t in own.teams for m in t.members] + list(own.unattached) + entrants

    def check(self, event: Event, players: dict[PlayerId, Player], entrants: dict[PlayerId, Location],
              report: Report) -> None:
        _check(event, players, report)
        self.game.check(event, players, entrants, report, self)

    def team_results(self, event: Event, ratings: dict[PlayerId, list[Rating | None]], done: int) -> TeamResults:
        return team_results(event, ratings, done)

    def prizes(self, event: Event, res: EventResults, players: dict[PlayerId, Player]) -> PrizeList | None:
        return team_prizes(event, res.teams.final) if res.teams else None

    def grand_prix_points(self, event: Event, rule: GrandPrixEvent, res: EventResults,
                          givers: list[GiverResult]) -> dict[PlayerId, Fraction]:
        """Every player of a team gets the points of the team's place."""
        assert res.teams is not None
        members = {t.id: [r.id for r in t.members] for t in setup_of(event).teams}
        by_team = shared_places(groups([(s.team, s.rank) for s in res.teams.final]), rule.places)
        return {pid: value for team, value in by_team.items() for pid in members[team]}

    def pair(self, req: PairRequest) -> Proposal:
        return _pair(req)

    def form_teams(self, event: Event, res: EventResults, players: dict[PlayerId, Player]) -> Proposal:
        """Teams for the unattached players, written into event.yaml (its comments kept), for review."""
        setup = setup_of(event)
        if not setup.unattached:
            return Proposal(error=f"{event.short} has no players under 'unattached:' to form teams from")
        entrants = [formation.Entrant(r.id, (x.elo if (x := res.ratings[r.id][0]) else 0), players[r.id].country,
                                      r.id in setup.together) for r in setup.unattached]
        sizes = formation.team_sizes(len(entrants), len(setup.teams), setup.size)
        if sizes is None:
            return Proposal(error=f"{len(entrants)} players cannot be split into teams of {setup.size} and "
                            f"{setup.size - 1} with an even number of teams in all (find another player, or "
                            "put one in a registered team)")
        teams = formation.form(entrants, sizes, {t.id for t in setup.teams})
        comments = [f"average {round(t.average)}" + (" (nationals)" if t.national else "") for t in teams]
        text = round_writer.add_teams(Path(event.loc.file), [(t.id, t.name, [m.id for m in t.members])
                                                             for t in teams], comments)
        return Proposal(text, [f"{team.name} ({team.id}), {comment}: " + ", ".join(players[m.id].name
                                                                                for m in team.members)
                               for team, comment in zip(teams, comments, strict=True)])

def _check(event: Event, players: dict[PlayerId, Player], report: Report) -> None:
    """Teams of team_size or one fewer, each player in one team; every round, every team in one match, and
    each board between the two teams' players."""
    setup = setup_of(event)
    member_of: dict[str, str] = {}
    teams = {t.id: t for t in setup.teams}
    for team in setup.teams:
        if not setup.size - 1 <= len(team.members) <= setup.size:
            report.error(team.loc, f"team {team.name} has {len(team.members)} players",
                         f"a team has {setup.size - 1} or {setup.size} players")
        for ref in team.members:
            if ref.id in member_of and ref.id in players:
                report.error(ref.loc, f"{players[ref.id].name} is in team {teams[member_of[ref.id]].name} already",
                             "each player plays for one team")
            member_of.setdefault(ref.id, team.id)
    if setup.unattached:
        report.warning(setup.unattached[0].loc, f"{len(setup.unattached)} players have no team yet",
                       f"run: .venv/bin/python -m generator teams {event.path}")
    had_bye: dict[str, int] = {}
    for rnd in event.rounds:
        if not rnd.readable:
            continue
        seen: dict[str, Location] = {}
        for ref in rnd.team_byes:
            if ref.id not in teams:
                report.error(ref.loc, f"unknown team '{ref.id}'",
                             suggest(ref.id, list(teams)) or "use a team id from event.yaml 'teams'")
            elif seen:
                report.error(ref.loc, f"round {rnd.number} gives a second team a bye",
                             "with an odd number of teams one team sits out a round: bye: TEAM")
            else:
                seen[ref.id] = ref.loc
                if ref.id in had_bye:
                    report.warning(ref.loc, f"team {teams[ref.id].name} gets a second bye (round "
                                   f"{had_bye[ref.id]} was its first)", "the bye goes to the lowest-ranked "
                                   "team without one")
                had_bye.setdefault(ref.id, rnd.number)
        outside = len(rnd.games) - sum(len(m.games) for m in rnd.matches)
        if outside:
            report.error(rnd.loc, f"round {rnd.number} has {outside} games outside 'matches:'",
                         "in a team event every game is a board of a match: matches: - teams: [a, b] boards: […]")
        for match in rnd.matches:
            for ref in match.teams:
                if ref.id not in teams:
                    report.error(ref.loc, f"unknown team '{ref.id}'",
                                 suggest(ref.id, list(teams)) or "use a team id from event.yaml 'teams'")
                elif ref.id in seen:
                    report.error(ref.loc, f"team {teams[ref.id].name} plays twice in round {rnd.number} "
                                 f"(also at line {seen[ref.id].line})",
                                 "each team plays one match a round, or has the round's bye")
                else:
                    seen[ref.id] = ref.loc
            a, b = (teams.get(r.id) for r in match.teams)
            if a is None or b is None:
                continue
            if len(match.games) > min(len(a.members), len(b.members)):
                report.error(match.loc, f"{a.name} - {b.name} has {len(match.games)} boards, but a team of "
                             f"{min(len(a.members), len(b.members))} plays only that many",
                             "a match has as many boards as the smaller team has players")
            for game in match.games:
                sides = {member_of.get(game.sente.id), member_of.get(game.gote.id)}
                if sides != {a.id, b.id} and game.sente.id in players and game.gote.id in players:
                    report.error(game.loc, f"board {game.board} is not between a player of {a.name} and one of "
                                 f"{b.name}", "pair each board of a match across the two teams")
        for tid, team in teams.items():
            if tid not in seen and (rnd.matches or rnd.team_byes):
                report.error(rnd.pairings_end or rnd.loc, f"team {team.name} has no match in round {rnd.number}",
                             "add its match under 'matches:'" + ("; a round has one bye" if rnd.team_byes else
                                                                 ", or give it the bye: bye: TEAM"))


def _pair(req: PairRequest) -> Proposal:
    """A team round: teams paired by the Swiss, each match's boards in rating order with their handicaps."""
    event, res, players, number, absent, target = req.event, req.res, req.players, req.number, req.absent, req.target
    assert res.teams is not None  # (a team event's results have their team standings)
    proposal = pair(team_pairing.candidates(event, res.teams, number))
    teams = {t.id: t for t in setup_of(event).teams}
    away = set(absent)
    matches = []
    for a_id, b_id in proposal.pairs:
        a, b = (replace(teams[t], members=tuple(r for r in teams[t].members if r.id not in away)) for t in (a_id, b_id))
        boards = team_pairing.boards(a, b, res.ratings, players, number)
        averages = [res.teams.ratings[t][number - 1] if res.teams else None for t in (a_id, b_id)]
        comment = " - ".join(f"{teams[t].name} (average {round(avg) if avg is not None else '?'})"
                             for t, avg in zip((a_id, b_id), averages, strict=True))
        notes = []
        for n, (x, y, code) in enumerate(boards, start=1):
            elo = [r.elo if (r := res.ratings[p][number - 1]) else 0 for p in (x, y)]
            given = f"{players[x].family} gives {code.upper()} ({elo[0]} - {elo[1]} = {elo[0] - elo[1]})" if code \
                else f"even ({elo[0]} v {elo[1]})"
            notes.append(f"board {n}: {given}")
        matches.append((a_id, b_id, comment, boards, notes))
    bye = proposal.bye
    if target.exists() and req.force:
        text = round_writer.update_team_text(target, matches, absent, bye)
    else:
        header = [f"{event.short} round {number}: pairings proposed by `.venv/bin/python -m generator pair`"
                  + (f" from rounds 1-{number - 1}." if number > 2 else " from round 1." if number == 2
                     else " (by average Elo)."),
                  "Boards in rating order; the player named first gives the handicap written after the two ids.",
                  "Add each result after it, e.g. [a, b, l, 1-0] or [a, b, 0-1] on an even board, and commit."]
        header += [f"Note: {n}." for n in proposal.notes]
        text = round_writer.team_text(header, matches, absent, bye)
    lines = []
    for _, _, comment, boards, notes in matches:
        lines.append(comment)
        lines += [f"    {players[x].name} - {players[y].name}   {note}"
                  for (x, y, _), note in zip(boards, notes, strict=True)]
    if bye is not None:
        lines.append(f"bye: {teams[bye].name} (a won match, {points(Fraction(len(teams[bye].members), 2))} board "
                     "points)")
    lines += [f"note: {note}" for note in proposal.notes]
    return Proposal(text, lines)


def _read_teams(f: Fields, report: Report) -> tuple[tuple[Team, ...], list[Ref], frozenset[str]]:
    """teams: {id: {name: …, players: [ids]}}; unattached: ids, or {player: id, nationals: true} for a player
    who asks to play with his nationals."""
    teams = []
    node = f.raw("teams")
    if isinstance(node, Mapping):
        for key, value in node.items:
            tid = str(key.value)
            if not SLUG.match(tid):
                report.error(key.loc, f"team id '{tid}' is not a simple id",
                             "use lower-case letters, digits and hyphens, e.g. netherlands or team-a")
            elif why := taken_in_list(tid, "teams"):
                report.error(key.loc, f"team id '{tid}' is a name the site keeps for itself: {why}",
                             "give the team another id, e.g. netherlands or team-a")
            t = Fields(value, report, f"team '{tid}'", key.loc)
            name = t.line("name") or tid
            members = refs(t.items("players", required=True), report, "players")
            t.finish()
            teams.append(Team(tid, name, tuple(members), key.loc))
    elif node is not None:
        report.error(node.loc, "'teams' should be a mapping of team ids",
                     "write e.g. teams: {netherlands: {name: Netherlands, players: [a, b, c, d]}}")
    unattached, together = [], set()
    for item in f.items("unattached"):
        if isinstance(item, Mapping):
            u = Fields(item, report, "an unattached player", item.loc)
            pid = u.text("player", required=True)
            nationals = u.flag("nationals")
            u.finish()
            if pid is not None:
                unattached.append(Ref(pid, item.loc))
                if nationals:
                    together.add(pid)
        else:
            unattached.extend(refs([item], report, "unattached"))
    return tuple(teams), unattached, frozenset(together)


def setup_of(event: Event) -> TeamSetup:
    """The team event's teams."""
    return event.record(TeamSetup)
