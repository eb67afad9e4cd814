"""Oware Abapa (docs/oware.md): all-play-all up to 8 players, else a Swiss of 6 or 7 rounds; victory points, ranked
by head-to-head then Sonneborn-Berger; each game's seeds, and its moves replayed when they are written."""

from __future__ import annotations

from typing import TYPE_CHECKING


from ..rules.oware import ranking as oware
from ..rules import round_robin
from ..diagnostics import Location, Report
from ..messages import N_
from ..rules.oware import game as oware_game
from ..model import Event, Board, Player, PlayerId, Result
from ..rules.standings import criteria_standings
from ..rules.tiebreaks import Tiebreak
from .base import EventKind, Game

if TYPE_CHECKING:
    from ..rules.scoring import Records
    from ..rules.standings import Standing

# The abbreviations head the columns of the standings sheet (translated there).
COLUMNS = (
    Tiebreak(oware.SB,
             # Translators: abbreviation of Sonneborn-Berger (a tiebreak), a column head of Oware's standings
             N_("SB"), N_("Sonneborn-Berger"),
             N_("the VP of the opponents the player beat, plus half the VP of those he drew with"),
             oware.sonneborn_berger),
    Tiebreak("seeds",
             # Translators: a column head of Oware's standings: the seeds each player took
             N_("Seeds"), N_("Seeds taken"), N_("the seeds the player took in the games played (not a tiebreak)"),
             oware.seeds),
)


class Oware(Game):
    key = "oware"
    points = oware_game.POINTS
    formats = ("swiss", "round-robin")
    sente_recorded = False  # the first-named player moves first; no sente and gote
    by_criteria = True
    promotion = False
    endings = tuple(oware_game.ENDINGS)
    round_file_help = (
        "A finished game: [first, second, result, ending, seeds the first took, seeds the second took],",
        "e.g. [a, b, 1-0, 25-seeds, 26, 14]; the ending is 25-seeds, no-move, cycle, time or resignation;",
        "the moves may follow in quotes, e.g. \"c F a E …\" (the first-named player moves first).")

    def columns(self, event: Event) -> tuple[Tiebreak, ...]:
        return COLUMNS

    def table(self, event: Event, records: Records, after: int, names: dict[PlayerId, str]) -> list[Standing]:
        return criteria_standings(COLUMNS, oware.table, records, after, names)

    def fesa_reason(self) -> str:
        # Translators: why an event is not sent to FESA for rating (its rules page: "not rated, because …")
        return N_("FESA rates shogi games only, and this is Oware")

    def check(self, event: Event, players: dict[PlayerId, Player], entrants: dict[PlayerId, Location],
              report: Report, kind: EventKind) -> None:
        """An Oware tournament (docs/oware.md): all-play-all up to 8 players, else a 6 or 7 round Swiss; every game's
        seeds and ending possible, and its moves, when written, legal and giving the score recorded."""
        n = len(event.entrants)
        if kind.key not in self.formats:
            report.error(event.loc, f"an Oware tournament is all-play-all or a Swiss, not '{event.format}'",
                         "write format: round-robin (up to 8 players) or format: swiss")
        elif kind.all_play_all and n > oware.MOST_PLAYERS:
            report.error(event.loc, f"{n} players: an Oware all-play-all is for up to {oware.MOST_PLAYERS} players",
                         f"write format: swiss and rounds: {' or '.join(map(str, oware.SWISS_ROUNDS))}")
        elif not kind.all_play_all and n <= oware.MOST_PLAYERS:
            report.error(event.loc, f"{n} players: up to {oware.MOST_PLAYERS} players play an Oware tournament "
                         "all-play-all", f"write format: round-robin and rounds: {round_robin.rounds_for(n)}")
        elif not kind.all_play_all and event.rounds_planned not in oware.SWISS_ROUNDS:
            report.error(event.loc, f"an Oware Swiss has {' or '.join(map(str, oware.SWISS_ROUNDS))} rounds, not "
                         f"{event.rounds_planned}", "write rounds: 6 or rounds: 7")
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
                    _moves(game, what, report)


def _moves(game: Board, what: str, report: Report) -> None:
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
