"""The all-play-all (round-robin): every player meets every other once, by the Berger tables; with an odd
number of players each round one rests, and the rest round scores nothing."""

from __future__ import annotations

from dataclasses import replace

from ..rules import round_robin
from ..rules.standings import EventResults
from ..diagnostics import Location, Report
from ..model import Event, Player, PlayerId
from ..sources import round_writer
from .base import EventKind, PairRequest, Proposal


class RoundRobin(EventKind):
    key = "round-robin"
    fesa_mode = "round-robin"
    all_play_all = True

    def results(self, event: Event, players: dict[PlayerId, Player]) -> EventResults:
        """As every kind's, with the Berger table the rounds follow."""
        return replace(super().results(event, players), berger=round_robin.berger_table(event))

    def needs_previous_round(self) -> bool:
        return False  # the table is fixed in advance

    def check(self, event: Event, players: dict[PlayerId, Player], entrants: dict[PlayerId, Location],
              report: Report) -> None:
        """As many rounds as the Berger tables have, each round the tables' (a warning: the arbiter's round file
        is the record)."""
        self._table(event, players, entrants, report)
        self.game.check(event, players, entrants, report, self)

    @staticmethod
    def _table(event: Event, players: dict[PlayerId, Player], entrants: dict[PlayerId, Location],
               report: Report) -> None:
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
                shown = ", ".join(f"{players[a].family if a in players else a}–"
                                  f"{players[b].family if b in players else b}" for a, b in boards)
                rest_name = (players[rest].family if rest in players else rest) if rest else ""
                report.warning(rnd.loc, f"round {rnd.number} is not the Berger table's round {rnd.number} ({shown}"
                               f"{'; rest: ' + rest_name if rest else ''})",
                               f"propose it with `.venv/bin/python -m generator pair {event.path} --round {rnd.number} "
                               "--force`, or keep it if the arbiter numbered the players otherwise")

    def pair(self, req: PairRequest) -> Proposal:
        """The Berger table's round, whatever happened before (a player who does not come loses the game without
        play: the arbiter writes +- or -+)."""
        event, players, number = req.event, req.players, req.number
        ids = round_robin.numbering(event)
        if len(ids) < 2:
            return Proposal(error=f"{event.short} needs at least two players")
        boards, rest = round_robin.schedule(event, number)
        number_of = {pid: i for i, pid in enumerate(ids, start=1)}

        def label(pid: str) -> str:
            return f"{number_of[pid]}. {players[pid].name}"

        if req.target.exists():  # --force: new pairings, the file's other lines and comments kept
            text = round_writer.update_text(req.target, boards, rest, [])
        else:
            order = (f"numbered by shuffle_seed {event.shuffle_seed}" if event.shuffle_seed is not None else
                     "numbered in the order event.yaml lists them")
            header = [f"{event.short} round {number}: the Berger table's round {number} for {len(ids)} players "
                      f"({order}), from `.venv/bin/python -m generator pair`.",
                      "Add each result as the game ends, and commit.", *self.game.round_file_help,
                      *(["The bye is the player's rest round: no game, no points."] if rest else [])]
            text = round_writer.new_text(header, boards, rest, [], [f"{label(a)} - {label(b)}" for a, b in boards])
        lines = [f"{board:>3}  {label(a)}  -  {label(b)}" for board, (a, b) in enumerate(boards, start=1)]
        if rest:
            lines.append(f"rest: {label(rest)}")
        if req.absent:
            lines.append("note: an all-play-all keeps its table: write +- or -+ on the board of a player who does "
                         "not come")
        return Proposal(text, lines)
