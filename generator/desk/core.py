"""The festival as the desk sees it, and every action on it: no web here (app.py speaks HTTP).

The data is read and checked by the pipeline once; afterwards an event whose files changed (a save here, an edit
in an editor) is read and checked again on its own, and the whole data when a file outside the events changed.
Every write takes the desk's lock, reads the file as it is on disk at that moment, and goes through the
generator's writers (a splice that keeps every other byte, a temporary file renamed over the old one): two
arbiters and forty phones are served one after another, and an edit made meanwhile in an editor is kept, or the
save is refused with what the board now holds.
"""

from __future__ import annotations

import os
import re
import stat
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from ..diagnostics import Diagnostic, Report, display_path
from ..names import unaccented
from ..kinds import REGISTRY, EventKind, PairRequest, kind_of
from ..model import Board, Event, Festival, Outcome, Player, PlayerId, Ref, Round
from ..pipeline import load
from ..pipeline.checks import validate_event
from ..render.i18n import _
from ..rules import sente
from ..rules.boards import board_handicap, ratings_by_round
from ..rules.late_entries import LAST_FROM_ROUND
from ..rules.round_times import round_time
from ..rules.scoring import Records
from ..rules.standings import EventResults
from ..sources import round_writer
from ..sources.checkin import checkin_text
from ..sources.events import read_event
from ..sources.files import check_writable, write_file, write_files
from ..sources.round_dates import with_date_and_time
from ..sources.rounds import read_round

PLAYED = ("1-0", "0-1", "½-½")
UNPLAYED = ("+-", "-+", "--")
NUMBER = re.compile(r"^[0-9]{1,4}\Z")


class Refused(Exception):
    """An action the desk does not take, and why, in the reader's language (nothing was written)."""

    def __init__(self, message: str, problems: list[str] | None = None):
        super().__init__(message)
        self.message = message
        self.problems = problems or []


@dataclass
class EventState:
    event: Event
    res: EventResults | None  # None while the event's files have errors
    problems: list[Diagnostic]  # the event's errors and warnings, located
    signature: tuple[object, ...]


@dataclass(frozen=True)
class Seat:
    """A board as the desk shows it."""

    board: int
    first: str
    second: str
    fields: tuple[str, ...]  # the result as the round file holds it: () pending; ("1-0",); Shuuro's four items
    handicap: str | None
    match: str  # a team match's teams ("japan – great-britain"), else ""
    knockout: bool
    replayable: bool = False  # a draw here is replayed (the event's replay_draws, or a knock-out game)
    replay: tuple[str, ...] = ()  # the replay's result, when written


@dataclass
class PlayerReport:
    side: int  # 0: the first-named player reports, 1: the second
    fields: tuple[str, ...]
    device: str
    at: float


@dataclass
class Proposed:
    """A proposed round, waiting for the arbiter's changes and publication."""

    number: int
    text: str
    boards: list[tuple[str, str, str | None, bool]]  # first, second, handicap, a knock-out game
    bye: str | None
    absent: list[str]
    lines: list[str]
    editable: bool  # an individual event's games (a team round is published as proposed)


@dataclass
class RuleBreak:
    board: int  # 0: the bye
    rule: str  # rematch, colour, handicap, bye, absent, seating
    message: str
    blocking: bool = False  # the pairing cannot be saved so (a player twice, or missing)


class Desk:
    def __init__(self, data: Path):
        self.data = data.resolve()
        self.lock = threading.RLock()
        self.players: dict[PlayerId, Player] = {}
        self.festivals: tuple[Festival, ...] = ()
        self.report = Report()
        self.states: dict[str, EventState] = {}
        self.reports: dict[tuple[str, int, int], list[PlayerReport]] = {}
        self.proposals: dict[str, Proposed] = {}
        self.version = 0  # grows with every change the desk sees: the pages ask whether to refresh
        self._signature: tuple[object, ...] = ()
        self._round_files: dict[str, dict[Path, _RoundFile]] = {}  # by event: its round files as last read
        self.reload()

    # Reading -------------------------------------------------------------------------------------------------
    def reload(self) -> None:
        """Everything read and checked again (the whole pipeline, as `check` runs it)."""
        with self.lock:
            loaded = load(self.data)
            self.report = loaded.report
            self.players = dict(loaded.data.players)
            self.festivals = loaded.data.festivals
            states = {}
            for event in loaded.data.events():
                if event.source != "yaml":
                    continue
                folder = self.folder(event)
                where = display_path(folder) + "/"
                problems = [d for d in loaded.report.diagnostics if d.location.file.startswith(where)]
                states[event.path] = EventState(event, loaded.results.get(event.path), problems,
                                                _files(folder))
            self.states = states
            self._signature = self._outer_signature()
            self.version += 1

    def _outer_signature(self) -> tuple[object, ...]:
        """What a change outside the events' folders changes: players.yaml, the festival files, the folders."""
        out: list[object] = [_stat(self.data / "players.yaml")]
        for folder in sorted(p for p in self.data.iterdir() if p.is_dir() and not p.name.startswith(".")) \
                if self.data.is_dir() else []:
            out.append((folder.name, _stat(folder / "festival.yaml"), _stat(folder / "turnering.txt"),
                        tuple(sorted(p.name for p in folder.iterdir() if p.is_dir()))))
        return tuple(out)

    def fresh(self) -> None:
        """The data as it is on disk now: the events whose files changed read again, or everything."""
        with self.lock:
            if self._outer_signature() != self._signature:
                self.reload()
                return
            for path, state in list(self.states.items()):
                if _files(self.folder(state.event)) != state.signature:
                    self._refresh(path)

    def _refresh(self, path: str) -> EventState:
        """One event read and checked again on its own (the players and festivals as last read)."""
        state = self.states[path]
        folder = self.folder(state.event)
        report = Report()
        signature = _files(folder)
        before = self._round_files.get(path, {})
        after: dict[Path, _RoundFile] = {}

        def round_file(file: Path, number: int, into: Report, game: str) -> Round:
            """read_round's Round and problems: those of the last read while the file holds the same bytes (a save
            rewrites one round file: the others are not parsed again)."""
            key = (display_path(file), number, game)
            now = _round_bytes(file)
            known = before.get(file)
            if now is None or known is None or known.key != key or known.data != now[1]:
                mine = Report()
                found = read_round(file, number, mine, game)
                known = _RoundFile(key, now[1] if now else b"", found, tuple(mine.diagnostics), frozenset(mine.unread))
                if now is not None and _round_bytes(file) == now:  # kept unless it changed while it was read
                    after[file] = known
            else:
                after[file] = known
            into.diagnostics.extend(known.problems)
            into.unread.update(known.unread)
            return known.round

        event = read_event(folder, state.event.festival_id, report, REGISTRY, round_reader=round_file)
        self._round_files[path] = after
        if event is not None:
            validate_event(event, self.players, report)
        if event is None or report.errors:
            state = EventState(event or state.event, None, report.sorted(), signature)
        else:  # the results computed when first asked for (the screen's table, the next pairing), not by a save
            state = _LaterResults(event, report.sorted(), signature, kind_of(event), self.players)
        self.states[path] = state
        self.version += 1
        return state

    def folder(self, event: Event) -> Path:
        return self.data / event.festival_id / event.id

    def events(self) -> list[EventState]:
        self.fresh()
        return list(self.states.values())

    def state(self, path: str) -> EventState:
        """The event `festival/event` (a name, never a path on disk: it is looked up among the events read)."""
        self.fresh()
        found = self.states.get(path)
        if found is None:
            raise Refused(_("There is no event %(name)s.") % {"name": path})
        return found

    def name(self, pid: str) -> str:
        player = self.players.get(pid)
        return player.name if player else pid

    # Rounds --------------------------------------------------------------------------------------------------
    @staticmethod
    def pending(state: EventState) -> Round | None:
        """The round being played: the first whose boards are not all decided."""
        return next((r for r in state.event.rounds if r.readable and any(g.result is None for g in r.games)), None)

    @staticmethod
    def next_number(state: EventState) -> int | None:
        """The round to pair next, when none is being played and the event has one left."""
        if Desk.pending(state) is not None:
            return None
        n = len(state.event.rounds) + 1
        return n if n <= state.event.rounds_planned else None

    def seats(self, state: EventState, rnd: Round) -> list[Seat]:
        labels = {}
        for match in rnd.matches:
            label = f"{match.teams[0].id} – {match.teams[1].id}"
            labels.update({g.board: label for g in match.games})
        replays = {frozenset((r.sente.id, r.gote.id)): r for r in rnd.replays}
        return [Seat(g.board, g.sente.id, g.gote.id, fields_of(g), g.handicap, labels.get(g.board, ""), g.knockout,
                     state.event.replay_draws or g.knockout,
                     fields_of(replays.get(frozenset((g.sente.id, g.gote.id)))))
                for g in rnd.games]

    def round_of(self, state: EventState, number: int) -> Round:
        rnd = next((r for r in state.event.rounds if r.number == number), None)
        if rnd is None:
            raise Refused(_("Round %(round)d has no pairings yet.") % {"round": number})
        return rnd

    def choices(self, event: Event) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The results a board of the event may take, and (Shuuro, Oware) how a played game may end."""
        return PLAYED + UNPLAYED, kind_of(event).game.endings

    def valid_fields(self, event: Event, fields: list[object]) -> tuple[str, ...]:
        """The result items as sent, when the event's kind allows them (else Refused): nothing else is ever
        written into a round file."""
        if not isinstance(fields, list) or not all(isinstance(f, str) for f in fields) or len(fields) > 4:
            raise Refused(_("That is not a result."))
        items = tuple(str(f).strip() for f in fields)
        if not items:
            return ()
        results, endings = self.choices(event)
        if items[0] not in results:
            raise Refused(_("That is not a result."))
        scored = bool(endings) and items[0] in PLAYED
        if not scored and len(items) > 1:
            raise Refused(_("That is not a result."))
        if scored and (len(items) != 4 or items[1] not in endings or not all(NUMBER.match(x) for x in items[2:])):
            raise Refused(_("Give how the game ended and what each player took."))
        return items

    # Results -------------------------------------------------------------------------------------------------
    def save_result(self, path: str, number: int, board: int, players: tuple[str, str], fields: list[object],
                    was: list[object] | None) -> EventState:
        """Board `board` of round `number` gets `fields` (the arbiter's, or the players' agreed report). `players`
        and `was`: the board as the sender saw it; when the file holds something else now, Refused says what."""
        with self.lock:
            state = self.state(path)
            items = self.valid_fields(state.event, fields)
            target, now, game = self._board_now(state, number, board, players)
            if was is not None and list(fields_of(game)) != [str(w) for w in was]:
                raise Refused(_("Board %(board)d has a result saved meanwhile: %(now)s. Nothing was saved; "
                                "look again.") % {"board": board, "now": self._board_text(game)})
            try:
                text = round_writer.with_result(target, board, players, list(items) or None)
            except round_writer.Changed as exc:
                raise Refused(_("The round file has changed meanwhile. Nothing was saved; look again."),
                              [exc.message]) from None
            except round_writer.Unreadable as exc:
                raise Refused(_("The round file cannot be rewritten. Nothing was saved."), exc.report.lines()) \
                    from None
            except ValueError:
                raise Refused(_("That is not a result.")) from None
            write_file(target, text)
            self.reports.pop((path, number, board), None)
            return self._refresh(path)

    def save_replay(self, path: str, number: int, board: int, players: tuple[str, str], result: str) -> EventState:
        """The replay of board `board`'s draw gets `result` (its players' order: an existing replay's, else the
        board's with colours swapped); '' takes it out."""
        with self.lock:
            state = self.state(path)
            if result not in ("1-0", "0-1", ""):
                raise Refused(_("That is not a result."))
            target, now, game = self._board_now(state, number, board, players)
            if not (state.event.replay_draws or game.knockout) or fields_of(game)[:1] != ("½-½",):
                raise Refused(_("Only a drawn game that the rules replay has a replay."))
            pair = {game.sente.id, game.gote.id}
            old = next((r for r in now.replays if {r.sente.id, r.gote.id} == pair), None)
            first, second = (old.sente.id, old.gote.id) if old else (game.gote.id, game.sente.id)
            try:
                text = round_writer.with_replay(target, first, second, result or None)
            except round_writer.Unreadable as exc:
                raise Refused(_("The round file cannot be rewritten. Nothing was saved."), exc.report.lines()) \
                    from None
            write_file(target, text)
            return self._refresh(path)

    def _board_now(self, state: EventState, number: int, board: int, players: tuple[str, str]) \
            -> tuple[Path, Round, Board]:
        """The round file, the round as it is on disk now and its board `board`, when it still holds `players`."""
        target = self.folder(state.event) / f"round-{number}.yaml"
        if not any(r.number == number for r in state.event.rounds) or not target.is_file():
            raise Refused(_("Round %(round)d has no pairings yet.") % {"round": number})
        check_writable(target)
        now = read_round(target, number, Report(), state.event.game)
        game = next((g for g in now.games if g.board == board), None)
        if game is None or (game.sente.id, game.gote.id) != tuple(players):
            raise Refused(_("Board %(board)d has changed meanwhile: it is now %(now)s. Nothing was saved; "
                            "look again.") % {"board": board, "now": self._board_text(game)})
        return target, now, game

    def _board_text(self, game: Board | None) -> str:
        if game is None:
            return _("no such board")
        result = " ".join(fields_of(game)) or _("no result")
        return f"{self.name(game.sente.id)} – {self.name(game.gote.id)}, {result}"

    # Players' reports ----------------------------------------------------------------------------------------
    def report_result(self, path: str, number: int, board: int, side: int, fields: list[object],
                      device: str) -> str:
        """A player's report of his board: 'saved' when it agrees with his opponent's (the result is written),
        'waiting' for the other's report or the arbiter's confirmation, 'disagree' when the two differ."""
        with self.lock:
            state = self.state(path)
            rnd = self.pending(state)
            if rnd is None or rnd.number != number:
                raise Refused(_("This round is not being played."))
            game = next((g for g in rnd.games if g.board == board), None)
            if game is None or side not in (0, 1):
                raise Refused(_("There is no such board."))
            if game.result is not None:
                raise Refused(_("This board's result is in already."))
            items = self.valid_fields(state.event, fields)
            if not items or items[0] not in PLAYED:
                raise Refused(_("Report a game you played; the arbiter enters the others."))
            key = (path, number, board)
            reports = [r for r in self.reports.get(key, []) if r.side != side]
            if any(r.device == device for r in reports):
                raise Refused(_("This phone has reported for the other player of this board."))
            reports.append(PlayerReport(side, items, device, time.time()))
            self.reports[key] = reports
            if len(reports) == 2 and reports[0].fields == reports[1].fields:
                self.save_result(path, number, board, (game.sente.id, game.gote.id), list(items), [])
                return "saved"
            self.version += 1
            return "disagree" if len(reports) == 2 else "waiting"

    def reports_of(self, path: str, number: int) -> dict[int, list[PlayerReport]]:
        return {b: sorted(r, key=lambda x: x.side) for (p, n, b), r in self.reports.items()
                if p == path and n == number}

    # Check-in ------------------------------------------------------------------------------------------------
    def checkin(self, path: str, number: int, player: str, status: str) -> EventState:
        """The player's check-in for round `number`: present, absent, or not yet checked in ('' ); 'withdrawn'
        withdraws him from the round on (event.yaml's withdrawn: after_round number - 1)."""
        with self.lock:
            state = self.state(path)
            event = state.event
            if player not in {r.id for r in event.entrants}:
                raise Refused(_("%(player)s is not entered in this event.") % {"player": player})
            if not 1 <= number <= event.rounds_planned:
                raise Refused(_("There is no such round."))
            if status == "withdrawn":
                return self._withdraw(state, player, number - 1)
            if status not in ("present", "absent", ""):
                raise Refused(_("That is not a check-in."))
            mine = event.checked_in(number)
            present = [r.id for r in mine.present] if mine else []
            absent = [r.id for r in mine.absent] if mine else []
            present = [p for p in present if p != player] + ([player] if status == "present" else [])
            absent = [p for p in absent if p != player] + ([player] if status == "absent" else [])
            target = self.folder(event) / "checkin.yaml"
            check_writable(target)
            try:
                text = checkin_text(target, number, present, absent)
            except round_writer.Unreadable as exc:
                raise Refused(_("checkin.yaml cannot be rewritten. Nothing was saved."), exc.report.lines()) \
                    from None
            write_file(target, text)
            return self._refresh(path)

    def late_candidates(self, state: EventState, number: int) -> list[tuple[str, str]]:
        """Who may enter the event late from round `number`: the players of players.yaml not entered, while the
        round is not paired yet and the rules take late entries (rounds 2 to LAST_FROM_ROUND)."""
        if not 2 <= number <= LAST_FROM_ROUND or self.next_number(state) != number \
                or not kind_of(state.event).players_required:
            return []
        entered = {r.id for r in state.event.entrants}
        return sorted(((pid, p.name) for pid, p in self.players.items() if pid not in entered),
                      key=lambda x: _sort_key(x[1]))

    def enter_late(self, path: str, number: int, player: str) -> EventState:
        """`player` entered from round `number` (event.yaml's players: {player: id, from_round: n})."""
        with self.lock:
            state = self.state(path)
            if player not in {pid for pid, _n in self.late_candidates(state, number)}:
                raise Refused(_("%(player)s cannot enter this event late from round %(round)d.")
                              % {"player": player, "round": number})
            target = self.folder(state.event) / "event.yaml"
            check_writable(target)
            try:
                text = round_writer.add_late_entry(target, player, number)
            except round_writer.Unreadable as exc:
                raise Refused(_("event.yaml cannot be rewritten. Nothing was saved."), exc.report.lines()) from None
            write_file(target, text)
            return self._refresh(path)

    def _withdraw(self, state: EventState, player: str, after: int) -> EventState:
        """event.yaml's withdrawn: gets the player; his check-in for the rounds he no longer plays goes with it.
        Both files' new texts are made before either is written."""
        event = state.event
        withdrawn = {**event.withdrawn, player: after}
        lines = ["withdrawn:", *(f"  - {{player: {pid}, after_round: {n}}}" for pid, n in withdrawn.items())]
        target = self.folder(event) / "event.yaml"
        checkin = self.folder(event) / "checkin.yaml"
        check_writable(target)
        check_writable(checkin)
        later = [c for c in event.checkin if c.number > after and player in {r.id for r in (*c.present, *c.absent)}]
        try:
            text = round_writer.splice(target, {"withdrawn": lines})
            checked = None
            if later:
                with tempfile.TemporaryDirectory(prefix="banzuke-desk-") as tmp:
                    draft = Path(tmp) / "checkin.yaml"
                    draft.write_bytes(checkin.read_bytes())
                    for c in later:
                        draft.write_text(checkin_text(draft, c.number, [r.id for r in c.present if r.id != player],
                                                      [r.id for r in c.absent if r.id != player]), encoding="utf-8",
                                         newline="")
                    checked = draft.read_bytes().decode("utf-8")
        except round_writer.Unreadable as exc:
            raise Refused(_("event.yaml cannot be rewritten. Nothing was saved."), exc.report.lines()) from None
        write_files({target: text, **({checkin: checked} if checked is not None else {})})  # both, or neither
        return self._refresh(state.event.path)

    # Pairing -------------------------------------------------------------------------------------------------
    def propose(self, path: str) -> Proposed:
        """The next round proposed by the event's own pairing (as `pair` proposes it, with the check-in's
        absentees), kept until published or proposed again."""
        with self.lock:
            state = self.state(path)
            number = self.next_number(state)
            if number is None:
                raise Refused(_("No round can be paired now: a round is being played, or the last is over."))
            if state.res is None:
                raise Refused(_("The event's files have errors: correct them first."))
            event = state.event
            mine = event.checked_in(number)
            absent = sorted(r.id for r in mine.absent) if mine else []
            target = self.folder(event) / f"round-{number}.yaml"
            if target.exists():
                raise Refused(_("Round %(round)d has pairings already.") % {"round": number})
            kind = kind_of(event)
            proposal = kind.pair(PairRequest(event, state.res, self.players, number, absent, target, False))
            if proposal.error:
                raise Refused(proposal.error)
            text = with_date_and_time(proposal.text, *round_time(event, number))
            rnd = _read_text(text, number, event.game)
            boards = [(g.sente.id, g.gote.id, g.handicap, g.knockout) for g in rnd.games]
            found = Proposed(number, text, boards, rnd.byes[0].id if rnd.byes else None, absent, proposal.lines,
                             editable=not rnd.matches and kind.everyone_every_round)
            self.proposals[path] = found
            self.version += 1
            return found

    def check_pairing(self, path: str, boards: list[object], bye: object) -> list[RuleBreak]:
        """What the arbiter's changes to the proposal break: a rematch, the sente rule, a handicap, a second bye,
        an absentee seated (each said before anything is saved); a player seated twice or left out blocks it."""
        state = self.state(path)
        proposed = self.proposals.get(path)
        if proposed is None:
            raise Refused(_("Propose the round first."))
        pairs = _pairs(boards)
        if bye is not None and not isinstance(bye, str):
            raise Refused(_("That is not a pairing."))
        event, res, number = state.event, state.res, proposed.number
        expected = {p for a, b, _h, _k in proposed.boards for p in (a, b)} | ({proposed.bye} if proposed.bye else set())
        out: list[RuleBreak] = []
        seen: dict[str, int] = {}
        for n, (a, b) in enumerate(pairs, start=1):
            for pid in (a, b):
                if pid not in expected:
                    out.append(RuleBreak(n, "seating", _("%(player)s is not one of this round's players.")
                                         % {"player": pid}, True))
                elif pid in seen:
                    out.append(RuleBreak(n, "seating", _("%(player)s is seated twice.") % {"player": self.name(pid)},
                                         True))
                seen[pid] = n
        if isinstance(bye, str):
            if bye in seen or bye not in expected:
                out.append(RuleBreak(0, "seating", _("%(player)s is seated twice.") % {"player": self.name(bye)},
                                     True))
            seen[bye] = 0
        for pid in sorted(expected - set(seen)):
            out.append(RuleBreak(0, "seating", _("%(player)s has no board.") % {"player": self.name(pid)}, True))
        if res is None:
            return out
        records = res.records
        ratings = ratings_by_round(event, self.players)
        handicaps = {(a, b): h for a, b, h, _k in proposed.boards if h}
        for n, (a, b) in enumerate(pairs, start=1):
            met = [r.round for r in records.get(a, []) if r.opponent == b and r.outcome.played and r.round < number]
            if met:
                out.append(RuleBreak(n, "rematch", _("Rematch: %(a)s and %(b)s played each other in round %(round)d.")
                                     % {"a": self.name(a), "b": self.name(b), "round": met[0]}))
            if kind_of(event).sente_recorded and event.sente == "balanced" and (a, b) not in handicaps \
                    and _sente_wrong(records, a, b, number):
                out.append(RuleBreak(n, "colour", _("Sente: %(b)s should have sente rather than %(a)s (fewer sente "
                                                    "games, or gote in the last round).")
                                     % {"a": self.name(a), "b": self.name(b)}))
            handicap = handicaps.get((a, b))
            if handicaps.get((b, a)):
                out.append(RuleBreak(n, "handicap", _("Handicap: %(b)s gives the handicap and must be named first.")
                                     % {"a": self.name(a), "b": self.name(b)}))
            elif event.handicap_rule != "none":
                game = Board(n, Ref(a, event.loc), Ref(b, event.loc), None, event.loc, handicap=handicap)
                found = board_handicap(game, number, event, ratings)
                if found is not None and found.written and found.overrides_rule:
                    out.append(RuleBreak(n, "handicap", _("Handicap: the ratings give %(code)s on this board.")
                                         % {"code": found.rule_code or "—"}))
            for pid in (a, b):
                if pid in proposed.absent:
                    out.append(RuleBreak(n, "absent", _("%(player)s is checked in as absent.")
                                         % {"player": self.name(pid)}))
        if isinstance(bye, str) and any(r.outcome is Outcome.BYE for r in records.get(bye, [])):
            out.append(RuleBreak(0, "bye", _("%(player)s has had a bye already.") % {"player": self.name(bye)}))
        return out

    def publish(self, path: str, boards: list[object] | None, bye: object, accept: bool) -> EventState:
        """The proposal written as the round file (`pair` writes the same), with the arbiter's changes when he
        made any; a change that breaks a rule is written only when he accepts it (`accept`)."""
        with self.lock:
            state = self.state(path)
            proposed = self.proposals.get(path)
            if proposed is None or self.next_number(state) != proposed.number:
                raise Refused(_("Propose the round first."))
            mine = state.event.checked_in(proposed.number)
            if (sorted(r.id for r in mine.absent) if mine else []) != proposed.absent:
                raise Refused(_("The check-in has changed since the round was proposed: propose it again."))
            text = proposed.text
            if boards is not None:
                if not proposed.editable:
                    raise Refused(_("This round is published as proposed."))
                breaks = self.check_pairing(path, boards, bye)
                if any(b.blocking for b in breaks) or (breaks and not accept):
                    raise Refused(_("The changes break the rules below."), [b.message for b in breaks])
                text = self._edited(state, proposed, _pairs(boards), bye if isinstance(bye, str) else None)
            target = self.folder(state.event) / f"round-{proposed.number}.yaml"
            check_writable(target)
            if target.exists():
                raise Refused(_("Round %(round)d has pairings already.") % {"round": proposed.number})
            write_file(target, text)
            self.proposals.pop(path, None)
            return self._refresh(path)

    def _edited(self, state: EventState, proposed: Proposed, pairs: list[tuple[str, str]], bye: str | None) -> str:
        """The proposal's text with the arbiter's games (its knock-out games, header and notes as proposed)."""
        knockout = sum(1 for *_x, k in proposed.boards if k)
        handicaps = {(a, b): h for a, b, h, _k in proposed.boards if h}
        games = pairs[knockout:]
        width = max((len(a) for a, _b in games), default=0) + 1
        lines = ["games:"]
        for a, b in games:
            inner = f"{a + ',':<{width}} {b}" + (f", {handicaps[(a, b)]}" if (a, b) in handicaps else "")
            lines.append(f"  - [{inner}]   # {self.name(a)} - {self.name(b)}")
        with tempfile.TemporaryDirectory(prefix="banzuke-desk-") as tmp:
            draft = Path(tmp) / f"round-{proposed.number}.yaml"
            draft.write_text(proposed.text, encoding="utf-8")
            return round_writer.splice(draft, {"games": lines, "bye": [f"bye: [{bye}]"] if bye else None})

    # Screens -------------------------------------------------------------------------------------------------
    def shown_round(self, state: EventState) -> Round | None:
        """The round a screen shows: the one being played, else the last one paired."""
        return self.pending(state) or (state.event.rounds[-1] if state.event.rounds else None)

    def alphabetical(self, state: EventState, rnd: Round) -> list[tuple[str, int, int, str]]:
        """Every player of the round by name: (name, board, side 0/1, opponent's name); a bye as board 0."""
        rows = []
        for g in rnd.games:
            rows.append((self.name(g.sente.id), g.board, 0, self.name(g.gote.id)))
            rows.append((self.name(g.gote.id), g.board, 1, self.name(g.sente.id)))
        rows += [(self.name(r.id), 0, 0, "") for r in rnd.byes]
        return sorted(rows, key=lambda row: _sort_key(row[0]))

    def find(self, state: EventState, rnd: Round, text: str) -> list[Seat]:
        """The boards whose players' names (or ids) hold every word of `text`, without accents."""
        words = _sort_key(text).split()
        out = []
        for seat in self.seats(state, rnd):
            hay = " ".join(_sort_key(x) for x in (self.name(seat.first), self.name(seat.second), seat.first,
                                                  seat.second))
            if all(w in hay for w in words):
                out.append(seat)
        return out


def fields_of(game: Board | None) -> tuple[str, ...]:
    """A board's result as items of its round file: () while pending."""
    if game is None or game.result is None:
        return ()
    out = [game.result.value]
    if game.ending is not None and game.captured is not None:
        out += [game.ending, str(game.captured[0].points), str(game.captured[1].points)]
    return tuple(out)


def _sente_wrong(recs: Records, a: str, b: str, number: int) -> bool:
    """`a` has sente against `b` although the balanced rule gives it to `b` (the board parity aside)."""
    ba, bb = sente.balance(recs, a, number), sente.balance(recs, b, number)
    if ba != bb:
        return ba > bb
    la, lb = sente.last_colour(recs, a, number), sente.last_colour(recs, b, number)
    return la != lb and "gote" in (la, lb) and la != "gote"


def _pairs(boards: list[object]) -> list[tuple[str, str]]:
    if not isinstance(boards, list) or len(boards) > 5000:
        raise Refused(_("That is not a pairing."))
    out = []
    for item in boards:
        if not (isinstance(item, list) and len(item) == 2 and all(isinstance(x, str) for x in item)):
            raise Refused(_("That is not a pairing."))
        out.append((str(item[0]), str(item[1])))
    return out


def _read_text(text: str, number: int, game: str) -> Round:
    """A proposed round's text read as its round file will be."""
    with tempfile.TemporaryDirectory(prefix="banzuke-desk-") as tmp:
        draft = Path(tmp) / f"round-{number}.yaml"
        draft.write_text(text, encoding="utf-8")
        return read_round(draft, number, Report(), game)


def _stat(path: Path) -> tuple[int, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return st.st_mtime_ns, st.st_size


def _files(folder: Path) -> tuple[object, ...]:
    """An event folder's files as last changed: a change by anyone (the desk, an editor) changes it."""
    try:
        return tuple(sorted((e.name, e.stat().st_mtime_ns, e.stat().st_size, e.inode()) for e in os.scandir(folder)))
    except OSError:
        return ()


class _LaterResults(EventState):
    """An event read without errors whose results are computed when first asked for, once, from the event and the
    players as they were read: the same results as computed at once, but a save, which shows none of them, does
    not wait for them (nor does a state that another save replaces before anyone looks)."""

    def __init__(self, event: Event, problems: list[Diagnostic], signature: tuple[object, ...], kind: EventKind,
                 players: dict[PlayerId, Player]):
        self._computing = threading.Lock()
        self._later: tuple[EventKind, dict[PlayerId, Player]] | None = None
        self._res: EventResults | None = None
        super().__init__(event, None, problems, signature)
        self._later = (kind, players)

    @property
    def res(self) -> EventResults | None:
        with self._computing:
            if self._later is not None:
                kind, players = self._later
                self._res, self._later = kind.results(self.event, players), None
            return self._res

    @res.setter
    def res(self, value: EventResults | None) -> None:
        with self._computing:
            self._res, self._later = value, None


@dataclass(frozen=True)
class _RoundFile:
    """A round file as the desk last read it: what it was read as, its bytes, and read_round's answer."""

    key: tuple[str, int, str]  # the path as shown, the round's number, the game
    data: bytes
    round: Round
    problems: tuple[Diagnostic, ...]
    unread: frozenset[str]


_CACHED_BYTES = 1_000_000  # a larger file (a 5,000-board round is some 150 kB) is read each time, never kept


def _round_bytes(file: Path) -> tuple[tuple[int, ...], bytes] | None:
    """A regular file's status (device, inode, size, times) and bytes, as they are now; None for a link, a folder,
    a pipe, a file too large to keep, or one that cannot be read (read_round reads it each time, and says why)."""
    try:
        fd = os.open(file, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return None
    try:
        with os.fdopen(fd, "rb") as handle:
            st = os.fstat(handle.fileno())
            if not stat.S_ISREG(st.st_mode) or st.st_size > _CACHED_BYTES:
                return None
            data = handle.read(_CACHED_BYTES + 1)
    except OSError:
        return None
    if len(data) > _CACHED_BYTES:
        return None
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns), data


def _sort_key(name: str) -> str:
    """A name to compare and sort: without accents (names.unaccented, as the site's search), case folded."""
    return unaccented(name).casefold()
