"""Every check of the data, as named stages run in order: how the files fit together (every player known, once
per round, rounds within the event, and so on), each kind's own checks, then the checks of computed results
(play-offs, FESA's list, prize funds). Each stage reports every problem it finds, located."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from decimal import Decimal

from ..rules import knockout
from ..diagnostics import Location, Report
from ..rules.late_entries import LAST_FROM_ROUND
from ..model import (DataSet, Event, Festival, Board, KnockoutSetup, Player, PlayoffSetup, Ref, Result, Round,
                     RoundCheckIn)
from ..fesa.export import fesa_name
from ..kinds import kind_of
from ..sources.common import known, name_of, registry_unread
from ..sources.fields import suggest
from ..rules.standings import EventResults
from .loaded import Loaded, awarded, festival_prizes


def check_data(data: DataSet, report: Report) -> None:
    """The stages that check the data as read, in order."""
    for _name, stage in DATA_STAGES:
        stage(data, report)


def check_results(loaded: Loaded, report: Report) -> None:
    """The stages that check computed results, in order."""
    for _name, stage in RESULT_STAGES:
        stage(loaded, report)


def _festivals(data: DataSet, report: Report) -> None:
    for festival in data.festivals:
        _festival(festival, data.players, report)


def _events(data: DataSet, report: Report) -> None:
    for event in data.events():
        validate_event(event, data.players, report)


def _checkins(data: DataSet, report: Report) -> None:
    for event in data.events():
        for checkin in event.checkin:
            _checkin(event, checkin, data.players, report)


def _entries(data: DataSet, report: Report) -> None:
    """Who may enter an event, against the whole archive (its kind says)."""
    for event in data.events():
        kind_of(event).check_entries(event, data, report)


def _dates(data: DataSet, report: Report) -> None:
    for festival in data.festivals:
        for event in festival.events:
            if festival.start and event.start and festival.end and not festival.start <= event.start <= festival.end:
                report.warning(event.loc, f"{event.short} starts on {event.start}, outside the festival's dates",
                               "check 'start' in event.yaml and festival.yaml")


def _playoffs(loaded: Loaded, report: Report) -> None:
    for e in loaded.data.events():
        _playoff_result(e, loaded.results[e.path], report)


def _fesa_lists(loaded: Loaded, report: Report) -> None:
    """A player with a FESA rating whom the festival's FESA list does not hold under his FESA name."""
    for pid, listed_in in loaded.unlisted:
        player = loaded.data.players[pid]
        last, first = fesa_name(player)
        report.warning(player.loc, f"{player.name} has a FESA rating (elo: {player.elo}) but is not in the FESA "
                       f"list of {listed_in} as '{last}, {first}': his rating preview starts from players.yaml",
                       f'give him the list\'s spelling, e.g. fesa_name: "{last}, {first}", or leave it if he '
                       "is not on the list")


def _rating_program(loaded: Loaded, report: Report) -> None:
    """An event FESA's rating program cannot rate (a rating past its tables, ratings that never settle): a
    warning, at the player or the event; the event has no rating preview."""
    for where, message, hint in loaded.rating_stops:
        report.warning(where, message, hint)


def _prize_funds(loaded: Loaded, report: Report) -> None:
    for festival in loaded.data.festivals:
        _prize_fund(festival, loaded, report)


def _festival(festival: Festival, players: dict[str, Player], report: Report) -> None:
    """The Grand Prix names events of the festival, each scored in a way it can be; programme people exist."""
    events = {e.id: e for e in festival.events}
    gp = festival.grand_prix
    for rule in gp.events if gp else ():
        event = events.get(rule.event)
        if event is None:
            report.error(rule.loc, f"the Grand Prix counts '{rule.event}', which is no event of {festival.name}",
                         suggest(rule.event, list(events)) or "use an event folder listed in 'events'")
        elif (problem := kind_of(event).grand_prix_problem(event, rule)) is not None:
            report.error(rule.loc, *problem)
    for item in festival.programme:
        for ref in item.people:
            known(ref, players, report)


def _prize_fund(festival: Festival, loaded: Loaded, report: Report) -> None:
    """Prizes awarded within the festival's prize fund, in its currency."""
    fund = festival.prize_fund
    if fund is None:
        return
    lines = festival_prizes(festival, loaded)
    total = awarded(lines).get(fund.currency, Decimal(0))
    if total > fund.amount:
        report.warning(fund.loc, f"{festival.name}: {total} {fund.currency} of prizes are awarded, more than the "
                       f"{fund.amount} {fund.currency} prize fund", "check the prizes in the events' event.yaml, "
                       "or raise 'prize_fund'")
    for line in lines:
        if line.currency != fund.currency:
            report.warning(fund.loc, f"{line.title} prizes are in {line.currency}, the fund in {fund.currency}",
                           "give every prize in the fund's currency")


def _checkin(event: Event, checkin: RoundCheckIn, players: dict[str, Player], report: Report) -> None:
    """One round of the desk's check-in (checkin.yaml): a round of the event; entrants, each listed once and only
    for a round he is in (not before his late entry, not after he withdrew). An absentee whom the round file
    pairs is a warning: one of the two files is wrong."""
    number = checkin.number
    if number > event.rounds_planned:
        report.error(checkin.loc, f"round {number} of the check-in is beyond the event's {event.rounds_planned} "
                     "rounds", f"correct round-{number} in checkin.yaml, or raise 'rounds' in event.yaml")
    entrants = {r.id: r for r in event.entrants}
    rnd = next((r for r in event.rounds if r.number == number), None)
    plays = {ref.id: ref.loc for game in (rnd.games if rnd else ()) for ref in kind_of(event).seated(game)}
    plays.update({ref.id: ref.loc for ref in rnd.byes} if rnd else {})
    listed: dict[str, tuple[Ref, bool]] = {}
    for ref, absent in [*((r, False) for r in checkin.present), *((r, True) for r in checkin.absent)]:
        name = name_of(players, ref.id)
        if ref.id not in entrants:
            unknown = ref.id not in players and not registry_unread(report)
            report.error(ref.loc, f"unknown player id '{ref.id}'" if unknown else
                         f"{name} is in the check-in of round {number} but not entered in {event.short}",
                         suggest(ref.id, list(entrants)) or "use the id of an entrant ('players' in event.yaml)")
            continue
        if ref.id in listed:
            first, first_absent = listed[ref.id]
            report.error(ref.loc, f"{name} is both present and absent in round {number} (present at line "
                         f"{first.loc.line})" if first_absent != absent else
                         f"{name} is listed twice in round {number} (also at line {first.loc.line})",
                         "keep him in one of the two lists" if first_absent != absent else "remove one of them")
            continue
        listed[ref.id] = (ref, absent)
        if ref.id in event.withdrawn and number > event.withdrawn[ref.id]:
            report.error(ref.loc, f"{name} withdrew after round {event.withdrawn[ref.id]} but is in the check-in "
                         f"of round {number}", "remove him from this round of checkin.yaml (he is not paired), "
                         "or correct after_round in 'withdrawn'")
        if number < event.from_round.get(ref.id, 1):
            report.error(ref.loc, f"{name} enters from round {event.from_round[ref.id]} but is in the check-in of "
                         f"round {number}", "remove him from this round of checkin.yaml, or correct from_round")
        if absent and ref.id in plays:
            report.warning(ref.loc, f"{name} is absent in the check-in of round {number} but is paired in "
                           f"round-{number}.yaml (line {plays[ref.id].line})",
                           "correct checkin.yaml or the round file")


def _playoff_result(event: Event, res: EventResults, report: Report) -> None:
    """A play-off only between those sharing first place, only when the rules ask for one; a warning while
    it is still to be played."""
    setup = event.record(PlayoffSetup)
    po, games = res.playoff, setup.games
    if games is not None and (po is None or not po.needed):
        why = (f"{event.short} is not finished" if po is None else
               "first place is not shared" if len(res.final) < 2 or res.final[1].points < res.final[0].points
               else f"only {len(event.entrants)} took part (a play-off needs more than {setup.over})")
        report.error(games.loc, f"no play-off is needed: {why}", "remove playoff.yaml")
        return
    if po is None or not po.needed:
        return
    for game in games.games if games else ():
        for ref in (game.sente, game.gote):
            if ref.id not in po.players:
                report.error(ref.loc, f"'{ref.id}' does not share first place, so does not play the play-off",
                             f"the play-off is between {', '.join(po.players)}")
    if not po.decided:
        where = games.loc if games else event.loc
        report.warning(where, f"{event.short}: {len(po.players)} players share first place and a play-off "
                       "decides the winner", "add its games to playoff.yaml in the event folder"
                       if games is None else "the play-off has no single winner yet: add its next game")


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
            seated = kind_of(event).seated(game)  # a simul's giver plays many boards (the simul checks them)
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
        for pid in entrants if kind_of(event).everyone_every_round else ():  # a team's reserve may sit out a round
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
            if not registry_unread(report):
                report.error(where, f"unknown player id '{adj.player}' in rating_adjustments",
                             suggest(adj.player, list(players)) or "use an id from players.yaml")
        elif entrants and adj.player not in entrants:
            report.error(where, f"{name_of(players, adj.player)} is not entered in {event.short}",
                         "adjust only the ratings of entrants")
        if adj.from_round > event.rounds_planned:
            report.error(where, f"from_round {adj.from_round} is beyond the event's {event.rounds_planned} rounds")
    _repeats(event, players, report)
    if event.record(PlayoffSetup).games is not None:
        _playoff(event, players, entrants, report)
    _knockout(event, players, entrants, report)
    kind_of(event).check(event, players, entrants, report)


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
        if event.record(KnockoutSetup).rules is None and first is not None:
            report.error(first.loc, f"round {rnd.number} has knock-out games, but {event.short} has no knock-out",
                         "move them under 'games:', or describe the knock-out under 'knockout:' in event.yaml")
    if event.record(KnockoutSetup).rules is None:
        return
    ko = knockout.progress(event, players)
    for problem in ko.problems if ko else []:
        report.error(problem.loc, problem.message, problem.hint)


def _playoff(event: Event, players: dict[str, Player], entrants: dict[str, Location], report: Report) -> None:
    po = event.record(PlayoffSetup).games
    assert po is not None
    if event.record(PlayoffSetup).over is None:
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
    replayed: dict[frozenset[str], Board] = {}
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


# The stages, in the order they run: the data as read, then (when it has no errors) the computed results.
DATA_STAGES: tuple[tuple[str, Callable[[DataSet, Report], None]], ...] = (
    ("festivals: Grand Prix rules and programme", _festivals),
    ("events: players, rounds, pairings and each kind's own checks", _events),
    ("the desk's check-in (checkin.yaml)", _checkins),
    ("entries against the archive", _entries),
    ("event dates within the festival's", _dates),
)
RESULT_STAGES: tuple[tuple[str, Callable[[Loaded, Report], None]], ...] = (
    ("play-offs", _playoffs),
    ("FESA rating lists", _fesa_lists),
    ("FESA's rating program", _rating_program),
    ("prize funds", _prize_funds),
)
