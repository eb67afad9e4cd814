"""How the files fit together: every player known, once per round, rounds within the event, and so on."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

from . import beginners, knockout, oware, round_robin
from .games import oware as oware_game
from .games import shuuro as shuuro_game
from .diagnostics import Location, Report
from .late_entries import LAST_FROM_ROUND
from .model import Capture, DataSet, Event, Festival, Game, Player, Ref, Result, Round
from .pairing import shuffle
from .sources.yamltree import suggest


def validate(data: DataSet, report: Report) -> None:
    for festival in data.festivals:
        _festival(festival, data.players, report)
        for event in festival.events:
            validate_event(event, data.players, report)
            if event.eligibility == "beginners":
                _beginners(event, data, report)
            if festival.start and event.start and festival.end and not festival.start <= event.start <= festival.end:
                report.warning(event.loc, f"{event.short} starts on {event.start}, outside the festival's dates",
                               "check 'start' in event.yaml and festival.yaml")


def _festival(festival: Festival, players: dict[str, Player], report: Report) -> None:
    """The Grand Prix names events of the festival, each scored in a way it can be; programme people exist."""
    events = {e.id: e for e in festival.events}
    gp = festival.grand_prix
    for rule in gp.events if gp else ():
        event = events.get(rule.event)
        if event is None:
            report.error(rule.loc, f"the Grand Prix counts '{rule.event}', which is no event of {festival.name}",
                         suggest(rule.event, list(events)) or "use an event folder listed in 'events'")
        elif event.is_simul and rule.win is None:
            report.error(rule.loc, f"{event.short} is a simul: its Grand Prix points go by result",
                         "write win: 4, draw: 2, loss: 1")
        elif not event.is_simul and not rule.places:
            report.error(rule.loc, f"{event.short} scores Grand Prix points by final place",
                         "write places: [8, 7, 6, 5, 4, 3, 2, 1]")
    for item in festival.programme:
        for ref in item.people:
            _known(ref, players, report)


def _beginners(event: Event, data: DataSet, report: Report) -> None:
    """A beginners' session: at most four rounds, and only players who may take part."""
    if event.rounds_planned > beginners.MAX_ROUNDS:
        report.error(event.loc, f"{event.short} has {event.rounds_planned} rounds, but a beginners' session has "
                     f"at most {beginners.MAX_ROUNDS}", f"set rounds: {beginners.MAX_ROUNDS} or fewer")
    for ref in event.entrants:
        player = data.players.get(ref.id)
        if player is None:
            continue
        for reason in beginners.reasons(player, event, data):
            report.error(ref.loc, f"{player.name} may not play {event.short}: {reason}",
                         "the session is for players who never played an official tournament and were never "
                         "ranked above 10 kyu: remove the player from 'players'")


def _registry_unread(report: Report) -> bool:
    """players.yaml could not be read (its error says why): every id would look unknown, so none is called so."""
    return any(Path(f).name == "players.yaml" for f in report.unread)


def _known(ref: Ref, players: dict[str, Player], report: Report) -> bool:
    if ref.id in players:
        return True
    if _registry_unread(report):
        return False
    report.error(ref.loc, f"unknown player id '{ref.id}'",
                 suggest(ref.id, list(players)) or "add the player to players.yaml first")
    return False


def validate_event(event: Event, players: dict[str, Player], report: Report) -> None:
    entrants: dict[str, Location] = {}
    for ref in event.entrants:
        if not _known(ref, players, report):
            continue
        if ref.id in entrants:
            report.error(ref.loc, f"'{ref.id}' is entered twice (first at line {entrants[ref.id].line})",
                         "remove one of them")
            continue
        entrants[ref.id] = ref.loc

    for ref in event.entrants:
        first = event.from_round.get(ref.id)
        if first is not None and first > LAST_FROM_ROUND:
            report.error(ref.loc, f"{players[ref.id].name if ref.id in players else ref.id} enters from round "
                         f"{first}, but late entries are accepted only until round {LAST_FROM_ROUND}",
                         f"from_round must be 2, 3 or {LAST_FROM_ROUND}")

    expected = 1
    for rnd in event.rounds:
        if rnd.number > event.rounds_planned:
            report.error(rnd.loc,
                         f"round {rnd.number} is beyond the event's {event.rounds_planned} rounds",
                         "check the file name, or raise 'rounds' in event.yaml")
        if rnd.number != expected:
            report.error(rnd.loc, f"round {rnd.number} comes after round {expected - 1}: "
                         f"round {expected} is missing", f"add round-{expected}.yaml")
        expected = rnd.number + 1
        if rnd.date and event.start and event.end and not event.start <= rnd.date <= event.end:
            report.warning(rnd.loc, f"round {rnd.number} is dated {rnd.date}, outside the event's dates")

        seen: dict[str, Location] = {}
        for game in rnd.games:
            if event.is_simul:  # the giver plays many boards (checked in _simul)
                _place(game.gote, rnd.number, event, entrants, seen, players, report)
                continue
            if game.sente.id == game.gote.id:
                report.error(game.gote.loc, f"'{game.sente.id}' is on both sides of board {game.board}",
                             "pair two different players")
                _place(game.sente, rnd.number, event, entrants, seen, players, report)
                continue
            _place(game.sente, rnd.number, event, entrants, seen, players, report)
            _place(game.gote, rnd.number, event, entrants, seen, players, report)
        for ref in (*rnd.byes, *rnd.absent, *rnd.half_byes, *rnd.no_shows):
            _place(ref, rnd.number, event, entrants, seen, players, report)
        for pid, loc in seen.items():
            if pid in event.withdrawn and rnd.number > event.withdrawn[pid] and pid in players:
                report.error(loc, f"{players[pid].name} withdrew after round {event.withdrawn[pid]} but plays in "
                             f"round {rnd.number}", "remove the game, or correct after_round in 'withdrawn'")
            first = event.from_round.get(pid, 1)
            if rnd.number < first and pid in players:
                report.error(loc, f"{players[pid].name} plays in round {rnd.number} but enters from round {first}",
                             "pair late entries only from their first round, or correct from_round")
        for pid in entrants if not event.is_team else ():  # a team's reserve may sit out a round
            if rnd.number < event.from_round.get(pid, 1) or rnd.number > event.withdrawn.get(pid, rnd.number):
                continue
            if pid not in seen and rnd.readable:
                report.error(rnd.pairings_end or rnd.loc,
                             f"{players[pid].name} ({pid}) is missing from round {rnd.number}",
                             "pair the player, or list the id under 'absent:' or 'bye:'")

    for pid in event.withdrawn:
        if pid not in entrants:
            report.error(event.loc, f"'{pid}' is in 'withdrawn' but not entered in {event.short}",
                         suggest(pid, list(entrants)) or "use the id of an entrant")
    for adj in event.adjustments:
        where = adj.loc or event.loc
        if adj.player not in players and not _registry_unread(report):
            report.error(where, f"unknown player id '{adj.player}' in rating_adjustments",
                         suggest(adj.player, list(players)) or "use an id from players.yaml")
        elif entrants and adj.player not in entrants:
            report.error(where, f"{players[adj.player].name} is not entered in {event.short}",
                         "adjust only the ratings of entrants")
        if adj.from_round > event.rounds_planned:
            report.error(where, f"from_round {adj.from_round} is beyond the event's {event.rounds_planned} rounds")
    _repeats(event, players, report)
    if event.playoff is not None:
        _playoff(event, players, entrants, report)
    _knockout(event, players, entrants, report)
    if event.is_team:
        _teams(event, players, report)
    if event.is_simul:
        _simul(event, players, entrants, report)
    if event.game == "shuuro":
        _shuuro(event, players, entrants, report)
    if event.format == "round-robin":
        _round_robin(event, players, entrants, report)
    if event.game == "oware":
        _oware(event, players, entrants, report)


def _round_robin(event: Event, players: dict[str, Player], entrants: dict[str, Location], report: Report) -> None:
    """An all-play-all: as many rounds as the Berger tables have, each round the tables' (a warning: the
    arbiter's round file is the record)."""
    n = len(event.entrants)
    if n < 2:
        return
    if event.rounds_planned != round_robin.rounds_for(n):
        report.error(event.loc, f"an all-play-all of {n} players has {round_robin.rounds_for(n)} rounds, not "
                     f"{event.rounds_planned}", f"write rounds: {round_robin.rounds_for(n)}")
        return
    if len(entrants) != n:
        return  # an unknown or repeated entrant is reported already; the numbering is not settled
    for rnd in event.rounds:
        if rnd.number > event.rounds_planned:
            continue
        boards, rest = round_robin.schedule(event, rnd.number)
        expected = {frozenset(b) for b in boards}
        written = {frozenset((g.sente.id, g.gote.id)) for g in rnd.games}
        if expected != written:
            shown = ", ".join(f"{players[a].family if a in players else a}–{players[b].family if b in players else b}"
                              for a, b in boards)
            report.warning(rnd.loc, f"round {rnd.number} is not the Berger table's round {rnd.number} ({shown}"
                           f"{'; rest: ' + (players[rest].family if rest in players else rest) if rest else ''})",
                           f"propose it with `python -m generator pair {event.path} --round {rnd.number} --force`, "
                           "or keep it if the arbiter numbered the players otherwise")


def _oware(event: Event, players: dict[str, Player], entrants: dict[str, Location], report: Report) -> None:
    """An Oware tournament (seeds/002): all-play-all up to 8 players, else a 6 or 7 round Swiss; every game's
    seeds and ending possible, and its moves, when written, legal and giving the score recorded."""
    n = len(event.entrants)
    if event.format == "round-robin" and n > oware.MOST_PLAYERS:
        report.error(event.loc, f"{n} players: an Oware all-play-all is for up to {oware.MOST_PLAYERS} players",
                     f"write format: swiss and rounds: {' or '.join(map(str, oware.SWISS_ROUNDS))}")
    elif event.format == "swiss" and n <= oware.MOST_PLAYERS:
        report.error(event.loc, f"{n} players: up to {oware.MOST_PLAYERS} players play an Oware tournament "
                     "all-play-all", f"write format: round-robin and rounds: {round_robin.rounds_for(n)}")
    elif event.format == "swiss" and event.rounds_planned not in oware.SWISS_ROUNDS:
        report.error(event.loc, f"an Oware Swiss has {' or '.join(map(str, oware.SWISS_ROUNDS))} rounds, not "
                     f"{event.rounds_planned}", "write rounds: 6 or rounds: 7")
    elif event.format not in ("swiss", "round-robin"):
        report.error(event.loc, f"an Oware tournament is all-play-all or a Swiss, not '{event.format}'",
                     "write format: round-robin (up to 8 players) or format: swiss")
    if event.handicap_rule != "none":
        report.error(event.loc, "Oware has no handicaps", "remove 'handicaps'")
    if event.tiebreaks:
        report.error(event.loc, "an Oware tournament breaks ties by the MSO criteria (head-to-head when one "
                     "player beat or lost to all the others, then Sonneborn-Berger), not by tiebreaks",
                     "remove 'tiebreaks'")

    def name(pid: str) -> str:
        return players[pid].family if pid in players else pid

    for rnd in event.rounds:
        for game in rnd.games:
            what = f"round {rnd.number}, board {game.board} ({name(game.sente.id)}–{name(game.gote.id)})"
            played = game.result in (Result.SENTE_WINS, Result.GOTE_WINS, Result.DRAW)
            if not played or game.result is None or game.captured is None:
                continue
            first, second = game.captured[0].points, game.captured[1].points
            for message, hint in oware_game.record_problems(game.result, game.ending, first, second):
                report.error(game.captured[0].loc, f"{what}: {message}", hint)
            if game.moves and game.ending is not None and game.moves_loc is not None:
                _oware_moves(game, what, report)


def _oware_moves(game: Game, what: str, report: Report) -> None:
    """The game replayed from its moves: every move legal, and the score the moves give the one recorded."""
    assert game.captured is not None and game.ending is not None and game.moves_loc is not None
    pos, problem, _ = oware_game.replay(list(game.moves))
    if problem is not None:
        report.error(game.moves_loc, f"{what}: {problem}", "check the move list against the score sheet")
        return
    score, wrong = oware_game.final_score(pos, game.ending)
    if score is None:
        report.error(game.moves_loc, f"{what}: {wrong}", "check the move list and the way the game ended")
        return
    recorded = (game.captured[0].points, game.captured[1].points)
    if score != recorded:
        report.error(game.captured[0].loc, f"{what}: the {len(game.moves)} moves give {score[0]}–{score[1]} seeds, "
                     f"the record says {recorded[0]}–{recorded[1]}", "correct the seeds or the move list")


def _shuuro(event: Event, players: dict[str, Player], entrants: dict[str, Location], report: Report) -> None:
    """A Shuuro-250 tournament: a Swiss of its own kind, every army within the pack's limits, every game's
    ending and eliminated points possible (seeds/001)."""
    if event.format != "swiss":
        report.error(event.loc, f"a Shuuro tournament is a Swiss, not '{event.format}'", "write format: swiss")
    if event.handicap_rule != "none":
        report.error(event.loc, "Shuuro has no handicaps", "remove 'handicaps'")
    if event.tiebreaks:
        report.error(event.loc, "a Shuuro-250 tournament is ranked by the pack's criteria (TP, last-round Delta, "
                     "the result between the players, total Delta), not by tiebreaks", "remove 'tiebreaks'")

    def name(pid: str) -> str:
        return players[pid].name if pid in players else pid

    if not event.armies:
        report.error(event.loc, f"{event.short} has no army lists", "write armies.yaml next to event.yaml: "
                     "each player id with its pieces, e.g. rossi-marco: {king: 1, queen: 1, rook: 1, pawn: 3}")
    else:
        for pid, loc in entrants.items():
            if pid not in event.armies:
                report.error(loc, f"{name(pid)} has no army list", "add the player's army to armies.yaml")
    for pid, army in event.armies.items():
        if pid not in entrants:
            report.error(army.player.loc, f"'{pid}' has an army list but is not entered in {event.short}",
                         suggest(pid, list(entrants)) or "enter the player in event.yaml, or remove the army")
        if not army.readable:
            continue
        for piece, message, hint in shuuro_game.army_problems(army.counts):
            where = army.where.get(piece, army.player.loc) if piece else army.player.loc
            report.error(where, f"{name(pid)}'s army: {message}", hint)
    for rnd in event.rounds:
        for game in rnd.games:
            if game.result is not None and game.ending is not None:
                wrong = shuuro_game.outcome_fits(game.result, game.ending)
                if wrong:
                    report.error(game.loc, f"board {game.board}: {wrong}",
                                 "correct the result or the way the game ended")
            for took, victim in zip(game.captured or (), (game.gote.id, game.sente.id), strict=False):
                if victim in event.armies and event.armies[victim].readable:
                    _eliminated(took, event.armies[victim].counts, name(victim), report)
    if event.shuffle_seed is not None and event.rounds and event.rounds[0].number == 1:
        _first_round(event, event.shuffle_seed, report)


def _eliminated(took: Capture, army: dict[str, int], victim: str, report: Report) -> None:
    """Points or pieces taken from `victim`'s army: possible only within the army, promoted pawns allowed
    and flagged."""
    if took.pieces is not None:
        errors, notes = shuuro_game.pieces_problems(list(took.pieces), army)
        for message in errors:
            report.error(took.loc, f"pieces taken from {victim}: {message}", "check the pieces against the army list")
        for message in notes:
            report.warning(took.loc, f"pieces taken from {victim}: {message}", "check the game with the players")
        return
    if took.points in shuuro_game.reachable(army, promotions=False):
        return
    pieces = ", ".join(f"{n} {shuuro_game.PLURAL[p] if n > 1 else shuuro_game.NAMES[p]}"
                       for p, n in army.items() if n and p != "king") or "no pieces"
    if took.points in shuuro_game.reachable(army, promotions=True):
        report.warning(took.loc, f"{took.points} points eliminated: {victim}'s army ({pieces}) makes this total "
                       "only with promoted pawns", "check the game with the players")
    else:
        report.error(took.loc, f"{took.points} points eliminated: no choice of pieces from {victim}'s army "
                     f"({pieces}) makes this total, even with promoted pawns", "count the pieces taken again")


def _first_round(event: Event, seed: int, report: Report) -> None:
    """Round 1 should be the pairing the stored seed gives (a warning: the arbiter's round file is the record)."""
    rnd = event.rounds[0]
    away = {r.id for r in (*rnd.absent, *rnd.no_shows, *rnd.half_byes)}
    order = shuffle(seed, [r.id for r in event.entrants if r.id not in away and
                                  event.from_round.get(r.id, 1) == 1])
    expected = {frozenset(order[i:i + 2]) for i in range(0, len(order) - 1, 2)}
    written = {frozenset((g.sente.id, g.gote.id)) for g in rnd.games}
    if expected != written:
        report.warning(rnd.loc, f"round 1 is not the random pairing that shuffle_seed {seed} gives",
                       f"propose it with `python -m generator pair {event.path} --round 1 --force`, or "
                       "keep this one if the arbiter drew it otherwise")


def _teams(event: Event, players: dict[str, Player], report: Report) -> None:
    """Teams of team_size or one fewer, each player in one team; every round, every team in one match, and
    each board between the two teams' players."""
    member_of: dict[str, str] = {}
    teams = {t.id: t for t in event.teams}
    for team in event.teams:
        if not event.team_size - 1 <= len(team.members) <= event.team_size:
            report.error(team.loc, f"team {team.name} has {len(team.members)} players",
                         f"a team has {event.team_size - 1} or {event.team_size} players")
        for ref in team.members:
            if ref.id in member_of and ref.id in players:
                report.error(ref.loc, f"{players[ref.id].name} is in team {teams[member_of[ref.id]].name} already",
                             "each player plays for one team")
            member_of.setdefault(ref.id, team.id)
    if event.unattached:
        report.warning(event.unattached[0].loc, f"{len(event.unattached)} players have no team yet",
                       f"run: python -m generator teams {event.path}")
    if len(event.teams) % 2:
        report.warning(event.loc, f"{len(event.teams)} teams: an odd number, so one team would sit out each round",
                       "form the teams so that their number is even (some teams of 3)")
    for rnd in event.rounds:
        if not rnd.readable:
            continue
        outside = len(rnd.games) - sum(len(m.games) for m in rnd.matches)
        if outside:
            report.error(rnd.loc, f"round {rnd.number} has {outside} games outside 'matches:'",
                         "in a team event every game is a board of a match: matches: - teams: [a, b] boards: […]")
        seen: dict[str, Location] = {}
        for match in rnd.matches:
            for ref in match.teams:
                if ref.id not in teams:
                    report.error(ref.loc, f"unknown team '{ref.id}'",
                                 suggest(ref.id, list(teams)) or "use a team id from event.yaml 'teams'")
                elif ref.id in seen:
                    report.error(ref.loc, f"team {teams[ref.id].name} plays twice in round {rnd.number} "
                                 f"(also at line {seen[ref.id].line})", "each team plays one match a round")
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
            if tid not in seen and rnd.matches:
                report.error(rnd.pairings_end or rnd.loc, f"team {team.name} has no match in round {rnd.number}",
                             "add its match under 'matches:'")


def _knockout(event: Event, players: dict[str, Player], entrants: dict[str, Location], report: Report) -> None:
    """Knock-out games follow the bracket; replays are between known entrants."""
    for rnd in event.rounds:
        for game in rnd.replays:
            for ref in (game.sente, game.gote):
                if _known(ref, players, report) and entrants and ref.id not in entrants:
                    report.error(ref.loc, f"{players[ref.id].name} is in a replay but not entered in {event.short}",
                                 "replay only knock-out games of this event")
        if event.replay_draws:
            _replayed_draws(event, rnd, report)
            continue
        first = next(iter([g for g in rnd.games if g.knockout] + list(rnd.replays)), None)
        if event.knockout is None and first is not None:
            report.error(first.loc, f"round {rnd.number} has knock-out games, but {event.short} has no knock-out",
                         "move them under 'games:', or describe the knock-out under 'knockout:' in event.yaml")
    if event.knockout is None:
        return
    ko = knockout.progress(event, players)
    for problem in ko.problems if ko else []:
        report.error(problem.loc, problem.message, problem.hint)


def _playoff(event: Event, players: dict[str, Player], entrants: dict[str, Location], report: Report) -> None:
    po = event.playoff
    assert po is not None
    if event.playoff_over is None:
        report.error(po.loc, f"{event.short} has no play-off",
                     "remove playoff.yaml, or set playoff_when_more_than in event.yaml")
        return
    for game in po.games:
        for ref in (game.sente, game.gote):
            if _known(ref, players, report) and ref.id not in entrants:
                report.error(ref.loc, f"{players[ref.id].name} plays in the play-off but is not entered in "
                             f"{event.short}", "only players sharing first place play the play-off")


def _simul(event: Event, players: dict[str, Player], entrants: dict[str, Location], report: Report) -> None:
    """Givers are known and not opponents; each board has a giver first and an opponent second; the
    professional plays the strongest opponents present (seed: "preferentially", so a warning)."""
    givers: dict[str, Location] = {}
    for giver in event.givers:
        ref = giver.ref
        if not _known(ref, players, report):
            continue
        if ref.id in givers:
            report.error(ref.loc, f"{players[ref.id].name} is listed twice as a giver (first at line "
                         f"{givers[ref.id].line})", "list each giver once")
        elif ref.id in entrants:
            report.error(ref.loc, f"{players[ref.id].name} is both a giver and an opponent (line "
                         f"{entrants[ref.id].line})", "remove the player from 'players' or from 'givers'")
        givers.setdefault(ref.id, ref.loc)

    def elo(pid: str) -> int:
        rating = players[pid].rating if pid in players else None
        return rating.elo if rating else 0

    for rnd in event.rounds:
        boards: dict[str, list[str]] = defaultdict(list)
        for game in rnd.games:
            if game.sente.id not in givers:
                if game.sente.id in players:
                    report.error(game.sente.loc, f"{players[game.sente.id].name} is not a giver, but is named first "
                                 f"on board {game.board}", "name the giver first on every board: [giver-id, "
                                 "opponent-id, result], or list the player under 'givers:'")
                continue
            if game.gote.id in givers:
                report.error(game.gote.loc, f"{players[game.gote.id].name} is a giver and cannot be an opponent",
                             "pair each giver with opponents from 'players'")
                continue
            boards[game.sente.id].append(game.gote.id)
        for giver in event.givers:
            played = len(boards.get(giver.ref.id, []))
            if giver.boards is not None and played != giver.boards and rnd.readable and giver.ref.id in players:
                report.warning(giver.ref.loc, f"{players[giver.ref.id].name} plays {played} boards in round "
                               f"{rnd.number}, not the {giver.boards} given in event.yaml",
                               "correct 'boards' or the round file")
        for pro in (g for g in event.givers if g.professional and boards.get(g.ref.id)):
            weakest = min(boards[pro.ref.id], key=elo)
            stronger = sorted((pid for g, opps in boards.items() if g != pro.ref.id for pid in opps
                               if elo(pid) > elo(weakest)), key=lambda p: (-elo(p), p))
            if stronger:
                report.warning(rnd.loc, f"{players[pro.ref.id].name} (professional) plays {players[weakest].name} "
                               f"({elo(weakest)}) while {players[stronger[0]].name} "
                               f"({elo(stronger[0])}) plays another giver",
                               "the professional plays the strongest opponents present (seed)")


def _replayed_draws(event: Event, rnd: Round, report: Report) -> None:
    """Every drawn game has one replay, and every replay is of a drawn game of the round."""
    drawn = {frozenset((g.sente.id, g.gote.id)): g for g in rnd.games if g.result is Result.DRAW}
    replayed: dict[frozenset[str], Game] = {}
    for replay in rnd.replays:
        pair = frozenset((replay.sente.id, replay.gote.id))
        if pair not in drawn:
            report.error(replay.loc, f"this replay is not of a drawn game of round {rnd.number}",
                         "a replay is played by the two players of a drawn game, in the same round")
        elif pair in replayed:
            report.error(replay.loc, f"board {drawn[pair].board} is replayed twice (also at line "
                         f"{replayed[pair].loc.line})", "the first replay's result counts: keep one")
        else:
            replayed[pair] = replay
    for pair, game in drawn.items():
        if pair not in replayed:
            report.error(game.loc, f"board {game.board} was drawn, and in {event.short} a draw is replayed",
                         "add the replay under 'replays:', e.g. [gote-id, sente-id, 1-0]; its result counts")


def _place(ref: Ref, number: int, event: Event, entrants: dict[str, Location], seen: dict[str, Location],
           players: dict[str, Player], report: Report) -> None:
    """One player named in round `number`: known, entered, and not already placed in the round."""
    if not _known(ref, players, report):
        return
    if ref.id in seen:
        report.error(ref.loc, f"{players[ref.id].name} is in round {number} twice "
                     f"(also at line {seen[ref.id].line})", "each player plays once per round")
        return
    seen[ref.id] = ref.loc
    if entrants and ref.id not in entrants:
        report.error(ref.loc, f"{players[ref.id].name} plays in round {number} but is not entered "
                     f"in {event.short}", "add the id to 'players' in event.yaml")


def _repeats(event: Event, players: dict[str, Player], report: Report) -> None:
    met: dict[frozenset[str], int] = {}
    byes: dict[str, int] = defaultdict(int)
    for rnd in event.rounds:
        for game in rnd.games:
            pair = frozenset((game.sente.id, game.gote.id))
            # A knock-out pairing is fixed in advance: a rematch there is no arbiter's choice.
            if len(pair) == 2 and pair in met and not game.knockout and all(p in players for p in pair):
                report.warning(game.loc, f"{players[game.sente.id].name} and {players[game.gote.id].name} "
                               f"already met in round {met[pair]}", "a Swiss avoids rematches")
            met.setdefault(pair, rnd.number)
        for ref in rnd.byes:
            byes[ref.id] += 1
            if byes[ref.id] == 2 and ref.id in players:
                report.warning(ref.loc, f"{players[ref.id].name} gets a second bye",
                               "the bye goes to the lowest-ranked player without one")
