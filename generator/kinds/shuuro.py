"""Shuuro-250 (docs/shuuro-250.md): a die decides who moves first; ranked by Tournament Points, then the last round's
Delta, the result between the players, the total Delta; every player brings an army list."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING


from ..rules.shuuro import ranking as shuuro
from ..diagnostics import Location, Report, display_path
from ..messages import N_
from ..rules.shuuro import game as shuuro_game
from ..model import Army, Capture, Event, Player, PlayerId, Ref, ShuuroSetup
from ..rules.pairing import shuffle
from ..sources.fields import Fields, as_int, suggest
from ..sources.yamltree import Mapping, load
from ..rules.standings import criteria_standings
from ..rules.tiebreaks import Tiebreak
from .base import EventKind, Game

if TYPE_CHECKING:
    from ..rules.scoring import Records, RoundRecord
    from ..rules.standings import Standing

# The abbreviations head the columns of the standings sheet (translated there).
COLUMNS = (
    Tiebreak(shuuro.LAST,
             # Translators: a column head of Shuuro's standings: the Delta (Δ) of the last round
             N_("Δ last"), N_("Delta in the last round"),
             N_("the player's Delta in the last round played (0 for a bye or an absence)"),
             lambda records, after: {p: Fraction(v) for p, v in shuuro.last_delta(records, after).items()}),
    Tiebreak(shuuro.TOTAL,
             # Translators: a column head of Shuuro's standings: the sum of the Deltas (Δ) of all rounds
             N_("Δ total"), N_("Total Delta"), N_("the sum of the player's Deltas over all rounds played"),
             lambda records, after: {p: Fraction(v) for p, v in shuuro.total_delta(records, after).items()}),
)


def read_armies(path: Path, report: Report) -> dict[str, Army]:
    """armies.yaml: player id → {king: 1, queen: 1, rook: 1, …}; a piece not written counts 0. The limits are
    checked below, against the pack's rules."""
    shown = display_path(path)
    top = Fields(load(path, shown, report), report, "armies.yaml", Location(shown, 1))
    armies: dict[str, Army] = {}
    if top.node is None:
        return armies
    for key, value in top.node.items:
        pid = str(key.value)
        if not isinstance(value, Mapping):
            report.error(value.loc, f"the army of '{pid}' is not a list of pieces",
                         "write e.g. {king: 1, queen: 1, rook: 1, knight: 1, pawn: 3}")
            continue
        counts: dict[str, int] = {}
        where: dict[str, Location] = {}
        before = len(report.errors)
        for pkey, pnode in value.items:
            word = str(pkey.value).strip().lower()
            piece = shuuro_game.ALIASES.get(word)
            if piece is None:
                report.error(pkey.loc, f"'{pkey.value}' is not a Shuuro piece",
                             suggest(word, list(shuuro_game.PIECES))
                             or f"the pieces are {', '.join(shuuro_game.PIECES)}")
                continue
            if piece in counts:
                report.error(pkey.loc, f"{shuuro_game.PLURAL[piece]} are written twice in the army of '{pid}'",
                             "write each piece once, with its number")
                continue
            n = as_int(pnode, report, f"the number of {shuuro_game.PLURAL[piece]}", minimum=0, maximum=64)  # a board
            if n is not None:
                counts[piece] = n
                where[piece] = pnode.loc
        armies[pid] = Army(Ref(pid, key.loc), counts, where, readable=len(report.errors) == before)
    return armies


class Shuuro(Game):
    key = "shuuro"
    points = shuuro_game.POINTS
    formats = ("swiss",)
    sente_recorded = False  # a die decides who moves first
    by_criteria = True
    prizes_by_rank = True  # docs/shuuro-250.md#winning-the-tournament: the criteria decide the prizes too
    promotion = False
    shuffle_seed_required = True
    endings = tuple(shuuro_game.ENDINGS)
    data_files = {"armies.yaml": lambda path, report: ShuuroSetup(read_armies(path, report))}
    round_file_help = (
        "A finished game: [first, second, result, ending, points the first eliminated, points the",
        "second eliminated], e.g. [a, b, 1-0, checkmate, 250, 60]; the ending is checkmate, stalemate,",
        "resignation, time or draw; the points may be the pieces taken, e.g. [queen, rook, rook].")

    def columns(self, event: Event) -> tuple[Tiebreak, ...]:
        return COLUMNS

    def table(self, event: Event, records: Records, after: int, names: dict[PlayerId, str]) -> list[Standing]:
        return criteria_standings(COLUMNS, shuuro.table, records, after, names)

    def fesa_reason(self) -> str:
        # Translators: why an event is not sent to FESA for rating (its rules page: "not rated, because …")
        return N_("FESA rates shogi games only, and this is Shuuro")

    def pairing_key(self, previous: RoundRecord | None, elo: int) -> int:
        return previous.delta if previous else 0  # the last round's Delta, not the Elo

    def adjacent_pairing(self) -> bool:
        return True

    def check(self, event: Event, players: dict[PlayerId, Player], entrants: dict[PlayerId, Location],
              report: Report, kind: EventKind) -> None:
        """A Shuuro-250 tournament: a Swiss of its own kind, every army within the pack's limits, every game's
        ending and eliminated points possible (docs/shuuro-250.md)."""
        if kind.key not in self.formats:
            report.error(event.loc, f"a Shuuro tournament is a Swiss, not '{event.format}'", "write format: swiss")
        if event.handicap_rule != "none":
            report.error(event.loc, "Shuuro has no handicaps", "remove 'handicaps'")
        if event.tiebreaks:
            report.error(event.loc, "a Shuuro-250 tournament is ranked by the pack's criteria (TP, last-round "
                         "Delta, the result between the players, total Delta), not by tiebreaks", "remove 'tiebreaks'")

        def name(pid: str) -> str:
            return players[pid].name if pid in players else pid

        if not armies_of(event):
            report.error(event.loc, f"{event.short} has no army lists", "write armies.yaml next to event.yaml: "
                         "each player id with its pieces, e.g. rossi-marco: {king: 1, queen: 1, rook: 1, pawn: 3}")
        else:
            for pid, loc in entrants.items():
                if pid not in armies_of(event):
                    report.error(loc, f"{name(pid)} has no army list", "add the player's army to armies.yaml")
        for pid, army in armies_of(event).items():
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
                    if victim in armies_of(event) and armies_of(event)[victim].readable:
                        _eliminated(took, armies_of(event)[victim].counts, name(victim), report)
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
                       f"propose it with `.venv/bin/python -m generator pair {event.path} --round 1 --force`, or "
                       "keep this one if the arbiter drew it otherwise")


def armies_of(event: Event) -> dict[PlayerId, Army]:
    """The tournament's army lists, by player."""
    return event.record(ShuuroSetup).armies
