"""How the files fit together: every player known, once per round, rounds within the event, and so on."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

from . import knockout
from .diagnostics import Location, Report
from .late_entries import LAST_FROM_ROUND
from .model import DataSet, Event, Festival, Game, Player, Ref, Result, Round
from .sources.fields import suggest


def validate(data: DataSet, report: Report) -> None:
    for festival in data.festivals:
        _festival(festival, data.players, report)
        for event in festival.events:
            validate_event(event, data.players, report)
            event.kind.check_entries(event, data, report)
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
        elif (problem := event.kind.grand_prix_problem(event, rule)) is not None:
            report.error(rule.loc, *problem)
    for item in festival.programme:
        for ref in item.people:
            known(ref, players, report)


def _registry_unread(report: Report) -> bool:
    """players.yaml could not be read (its error says why): every id would look unknown, so none is called so."""
    return any(Path(f).name == "players.yaml" for f in report.unread)


def name_of(players: dict[str, Player], pid: str) -> str:
    """A player's name for a message, or his id when players.yaml does not have him (it may be unreadable, or
    the id mistyped: that has its own error)."""
    player = players.get(pid)
    return player.name if player is not None else pid


def known(ref: Ref, players: dict[str, Player], report: Report) -> bool:
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
        if not known(ref, players, report):
            continue
        if ref.id in entrants:
            report.error(ref.loc, f"'{ref.id}' is entered twice (first at line {entrants[ref.id].line})",
                         "remove one of them")
            continue
        entrants[ref.id] = ref.loc

    for ref in event.entrants:
        first = event.from_round.get(ref.id)
        if first is not None and first > LAST_FROM_ROUND:
            report.error(ref.loc, f"{name_of(players, ref.id) if ref.id in players else ref.id} enters from round "
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
            seated = event.kind.seated(game)  # a simul's giver plays many boards (the simul checks them)
            if len(seated) == 2 and game.sente.id == game.gote.id:
                report.error(game.gote.loc, f"'{game.sente.id}' is on both sides of board {game.board}",
                             "pair two different players")
                seated = seated[:1]
            for ref in seated:
                _place(ref, rnd.number, event, entrants, seen, players, report)
        for ref in (*rnd.byes, *rnd.absent, *rnd.half_byes, *rnd.no_shows):
            _place(ref, rnd.number, event, entrants, seen, players, report)
        for pid, loc in seen.items():
            if pid in event.withdrawn and rnd.number > event.withdrawn[pid] and pid in players:
                report.error(loc, f"{name_of(players, pid)} withdrew after round {event.withdrawn[pid]} but plays in "
                             f"round {rnd.number}", "remove the game, or correct after_round in 'withdrawn'")
            first = event.from_round.get(pid, 1)
            if rnd.number < first and pid in players:
                report.error(loc, f"{name_of(players, pid)} plays in round {rnd.number} but enters from round {first}",
                             "pair late entries only from their first round, or correct from_round")
        for pid in entrants if event.kind.everyone_every_round else ():  # a team's reserve may sit out a round
            if rnd.number < event.from_round.get(pid, 1) or rnd.number > event.withdrawn.get(pid, rnd.number):
                continue
            if pid not in seen and rnd.readable:
                # (a round file: after its pairings; a turnering.txt: the player's own line)
                report.error(rnd.pairings_end or (entrants[pid] if entrants[pid].line else rnd.loc),
                             f"{name_of(players, pid)} ({pid}) is missing from round {rnd.number}",
                             "pair the player, or list the id under 'absent:' or 'bye:'")

    for pid in event.withdrawn:
        if pid not in entrants:
            report.error(event.loc, f"'{pid}' is in 'withdrawn' but not entered in {event.short}",
                         suggest(pid, list(entrants)) or "use the id of an entrant")
    for adj in event.adjustments:
        where = adj.loc or event.loc
        if adj.player not in players:
            if not _registry_unread(report):
                report.error(where, f"unknown player id '{adj.player}' in rating_adjustments",
                             suggest(adj.player, list(players)) or "use an id from players.yaml")
        elif entrants and adj.player not in entrants:
            report.error(where, f"{name_of(players, adj.player)} is not entered in {event.short}",
                         "adjust only the ratings of entrants")
        if adj.from_round > event.rounds_planned:
            report.error(where, f"from_round {adj.from_round} is beyond the event's {event.rounds_planned} rounds")
    _repeats(event, players, report)
    if event.playoff is not None:
        _playoff(event, players, entrants, report)
    _knockout(event, players, entrants, report)
    event.kind.check(event, players, entrants, report)


def _knockout(event: Event, players: dict[str, Player], entrants: dict[str, Location], report: Report) -> None:
    """Knock-out games follow the bracket; replays are between known entrants."""
    for rnd in event.rounds:
        for game in rnd.replays:
            for ref in (game.sente, game.gote):
                if known(ref, players, report) and entrants and ref.id not in entrants:
                    report.error(ref.loc, f"{name_of(players, ref.id)} is in a replay but not entered in {event.short}",
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
            if known(ref, players, report) and ref.id not in entrants:
                report.error(ref.loc, f"{name_of(players, ref.id)} plays in the play-off but is not entered in "
                             f"{event.short}", "only players sharing first place play the play-off")


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
    if not known(ref, players, report):
        return
    if ref.id in seen:
        report.error(ref.loc, f"{name_of(players, ref.id)} is in round {number} twice "
                     f"(also at line {seen[ref.id].line})", "each player plays once per round")
        return
    seen[ref.id] = ref.loc
    if entrants and ref.id not in entrants:
        report.error(ref.loc, f"{name_of(players, ref.id)} plays in round {number} but is not entered "
                     f"in {event.short}", "add the id to 'players' in event.yaml")


def _repeats(event: Event, players: dict[str, Player], report: Report) -> None:
    met: dict[frozenset[str], int] = {}
    byes: dict[str, int] = defaultdict(int)
    for rnd in event.rounds:
        for game in rnd.games:
            pair = frozenset((game.sente.id, game.gote.id))
            # A knock-out pairing is fixed in advance: a rematch there is no arbiter's choice.
            if len(pair) == 2 and pair in met and not game.knockout and all(p in players for p in pair):
                report.warning(game.loc, f"{name_of(players, game.sente.id)} and {name_of(players, game.gote.id)} "
                               f"already met in round {met[pair]}", "a Swiss avoids rematches")
            met.setdefault(pair, rnd.number)
        for ref in rnd.byes:
            byes[ref.id] += 1
            if byes[ref.id] == 2 and ref.id in players:
                report.warning(ref.loc, f"{name_of(players, ref.id)} gets a second bye",
                               "the bye goes to the lowest-ranked player without one")
