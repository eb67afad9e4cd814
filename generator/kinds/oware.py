"""Oware Abapa (seeds/002): all-play-all up to 8 players, else a Swiss of 6 or 7 rounds; victory points, ranked
by head-to-head then Sonneborn-Berger; each game's seeds, and its moves replayed when they are written."""

from __future__ import annotations

import html
import json
from typing import TYPE_CHECKING, Any

from markupsafe import Markup

from .. import oware, round_robin
from ..diagnostics import Location, Report
from ..games import oware as oware_game
from ..model import Capture, Event, Game as Board, Outcome, Player, PlayerId, Result
from ..render.text import points
from ..standings import criteria_standings
from ..tiebreaks import Tiebreak
from .base import Game
from .criteria import game_row, meeting, ties

if TYPE_CHECKING:
    from ..render.site import Renderer
    from ..scoring import Records, RoundRecord
    from ..standings import EventResults, Standing

COLUMNS = (
    Tiebreak(oware.SB, "SB", "Sonneborn-Berger",
             "the VP of the opponents the player beat, plus half the VP of those he drew with",
             oware.sonneborn_berger),
    Tiebreak("seeds", "Seeds", "Seeds taken", "the seeds the player took in the games played (not a tiebreak)",
             oware.seeds),
)


class Oware(Game):
    key = "oware"
    formats = ("swiss", "round-robin")
    sente_recorded = False  # the first-named player moves first; no sente and gote
    by_criteria = True
    promotion = False
    elo_shown = False
    rules_template = "oware_rules.html.j2"
    standings_template = "criteria_standings.html.j2"
    round_template = "oware_round.html.j2"
    separated = {oware.HEAD_TO_HEAD: "game", oware.SB: "SB"}
    round_file_help = (
        "A finished game: [first, second, result, ending, seeds the first took, seeds the second took],",
        "e.g. [a, b, 1-0, 25-seeds, 26, 14]; the ending is 25-seeds, no-move, cycle, time or resignation;",
        "the moves may follow in quotes, e.g. \"c F a E …\" (the first-named player moves first).")

    def columns(self, event: Event) -> tuple[Tiebreak, ...]:
        return COLUMNS

    def table(self, event: Event, records: Records, after: int, names: dict[PlayerId, str]) -> list[Standing]:
        return criteria_standings(COLUMNS, oware.table, records, after, names)

    def fesa_reason(self) -> str:
        return "FESA rates shogi games only, and this is Oware"

    def standing_text(self, standing: Standing) -> str:
        return f"{points(standing.points)} VP, {points(standing.tiebreaks[1])} seeds"

    def material_text(self, record: RoundRecord) -> str:
        return f" · {record.material[0]}–{record.material[1]} seeds" if record.material else ""

    def record_json(self, record: RoundRecord) -> dict[str, Any]:
        return {"seeds": list(record.material)} if record.material else {}

    def captured_json(self, captured: tuple[Capture, Capture]) -> dict[str, Any]:
        """The seeds each player took (the first-named player's first)."""
        return {"seeds": [c.points for c in captured]}

    def tie_lines(self, r: Renderer, res: EventResults, table: tuple[Standing, ...] | None, after: int,
                  page: str) -> list[Any]:
        return ties(r, res, table, after, page, "VP", tie_reason)

    def game_row(self, r: Renderer, res: EventResults, round_number: int, game: Board, row: dict[str, Any]) -> None:
        game_row(game, row, board(r, res, round_number, game) if game.moves else "")

    def check(self, event: Event, players: dict[PlayerId, Player], entrants: dict[PlayerId, Location],
              report: Report) -> None:
        """An Oware tournament (seeds/002): all-play-all up to 8 players, else a 6 or 7 round Swiss; every game's
        seeds and ending possible, and its moves, when written, legal and giving the score recorded."""
        n = len(event.entrants)
        kind = event.kind
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


def tie_reason(key: str, above: Standing, below: Standing, res: EventResults, after: int) -> str:
    """Why `above` is placed above `below` (equal on VP) by the MSO criterion `key`, in words."""
    game = meeting(res, above, below, after)
    if key == oware.HEAD_TO_HEAD:
        won = f"won their game in round {game.round}" if game is not None and game.outcome is Outcome.WIN else ""
        return f"head-to-head: {won or 'one of them beat, or lost to, every other player tied with them'}"
    met = ("their game was drawn" if game is not None and game.outcome is Outcome.DRAW else
           "they did not meet" if game is None else "none of the players tied beat, or lost to, all the others")
    return (f"head-to-head does not apply ({met}); Sonneborn-Berger {points(above.tiebreaks[0])} against "
            f"{points(below.tiebreaks[0])}")


def board(r: Renderer, res: EventResults, round_number: int, game: Board) -> Markup:
    """A game's replay board: the final position as HTML, every position in data attributes for the small
    script that steps through them (assets/oware.js); without the script the final position shows."""
    positions = res.positions.get((round_number, game.board), [])
    if not positions:
        return Markup("")
    last = positions[-1]
    data = [[*p.houses, *p.stores] for p in positions]
    first, second = (html.escape(r.player(ref.id).name) for ref in (game.sente, game.gote))

    def house(i: int) -> str:
        name = oware_game.house_name(i // 6, i % 6)
        return f'<span class="house" data-house="{i}" title="{name}">{last.houses[i]}</span>'

    top = "".join(house(i) for i in range(11, 5, -1))  # F … A, so that sowing runs counter-clockwise
    bottom = "".join(house(i) for i in range(6))  # a … f

    def labels(indices: range) -> str:  # the houses' letters, as the moves are written
        return "".join(f'<span aria-hidden="true">{oware_game.house_name(i // 6, i % 6)}</span>' for i in indices)

    return Markup(
        f'<div class="oware" data-positions="{html.escape(json.dumps(data))}" '
        f'data-moves="{html.escape(json.dumps(list(game.moves[:len(positions) - 1])))}">'
        f'<p class="oware-player">{second} (A–F) · <span data-store="1">{last.stores[1]}</span> seeds</p>'
        f'<div class="oware-row oware-labels">{labels(range(11, 5, -1))}</div>'
        f'<div class="oware-row oware-top">{top}</div><div class="oware-row">{bottom}</div>'
        f'<div class="oware-row oware-labels">{labels(range(6))}</div>'
        f'<p class="oware-player">{first} (a–f) · <span data-store="0">{last.stores[0]}</span> seeds</p>'
        f'<p class="oware-controls"><button type="button" data-step="first" aria-label="Start">«</button>'
        f'<button type="button" data-step="back" aria-label="Back one move">‹</button>'
        f'<button type="button" data-step="next" aria-label="Forward one move">›</button>'
        f'<button type="button" data-step="last" aria-label="End">»</button> '
        f'<span class="oware-move">After move {len(positions) - 1} of {len(positions) - 1}</span></p>'
        f'</div>')
