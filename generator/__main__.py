"""The command line: check the data, build the site, serve a live preview."""

from __future__ import annotations

import argparse
import io
import datetime as dt
import signal
import sys
import textwrap
from dataclasses import replace
from decimal import Decimal
from pathlib import Path
from typing import NoReturn

from .diagnostics import Location, Report, Severity, display_path, printable
from . import changes, fees, formation, handicaps, knockout, round_robin, sente, simul, swiss, team_pairing
from .fesa import messages, turnering
from .fesa import validate as fesa_validate
from .model import Event, Festival, Player
from .pairing import pair, shuffle
from .pipeline import Loaded, load
from .ratings import grade_name
from .render import summary
from .standings import EventResults
from .sources import round_writer
from .sources.yamltree import suggest

ROOT = Path(__file__).resolve().parent.parent
EXIT_OK, EXIT_DATA_ERRORS, EXIT_BUILD_FAILED, EXIT_ENVIRONMENT = 0, 1, 2, 3


def _print_report(loaded: Loaded, data: Path, github: bool = False) -> None:
    """Every problem, then the summary: on stderr when there are errors, else on stdout. github: the problems
    as GitHub Actions annotations, on stdout (where the runner reads workflow commands)."""
    stream = sys.stderr if loaded.report.errors and not github else sys.stdout
    for line in loaded.report.lines(github):
        print(line, file=stream)
    print(printable(f"{display_path(data)}: {loaded.report.summary()}"), file=stream)


def _check(data: Path, github: bool = False) -> bool:
    return _checked(data, github).ok


def _checked(data: Path, github: bool = False) -> Loaded:
    loaded = load(data)
    _print_report(loaded, data, github)
    return loaded


def cmd_check(args: argparse.Namespace) -> int:
    return EXIT_OK if _check(args.data, args.annotations == "github") else EXIT_DATA_ERRORS


def cmd_summary(args: argparse.Namespace) -> int:
    """The job summary: the problems in plain words, or what the data changes against --base. It is a report,
    not a check: it exits 0 either way (check fails the job)."""
    head = load(args.data)
    if not head.ok:
        lines = summary.problems(head.report)
    else:
        base = load(args.base) if args.base is not None and args.base.is_dir() else None
        compared = base is not None and base.ok
        lines = summary.changes(head.report, changes.compare(base, head), compared)
    print("\n".join(lines))
    return EXIT_OK


def cmd_build(args: argparse.Namespace) -> int:
    loaded = _checked(args.data)
    if not loaded.ok:
        print("nothing was built: fix the errors above and build again", file=sys.stderr)
        return EXIT_DATA_ERRORS
    from . import mkdocs_hooks  # MkDocs is imported only to build
    site_dir = args.site_dir.resolve() if args.site_dir else None
    built = mkdocs_hooks.build(args.config.resolve(), args.data.resolve(), loaded, site_dir)
    return EXIT_OK if built else EXIT_BUILD_FAILED


def cmd_serve(args: argparse.Namespace) -> int:
    """The live preview starts even when the data has errors: the pages show them until they are fixed."""
    _check(args.data)
    from . import mkdocs_hooks  # MkDocs is imported only to build
    mkdocs_hooks.serve(args.config.resolve(), args.data.resolve(), args.dev_addr)
    return EXIT_OK


def cmd_fesa_check(args: argparse.Namespace) -> int:
    report = Report()
    for path in args.files:
        shown = display_path(path)
        try:
            data = path.read_bytes()
        except OSError as exc:
            report.error(Location(shown), f"Cannot read the file: {exc.strerror}.")
            continue
        tournament = turnering.read(data, shown, report)
        if tournament is not None:
            fesa_validate.validate(tournament, shown, report, rematches_allowed=args.allow_rematches)
    for d in report.sorted():
        print(d.fesa_format(), file=sys.stderr if d.severity is Severity.ERROR else sys.stdout)
    files = len(args.files)
    print(f"{files} file{'s' * (files != 1)}: {report.summary()}", file=sys.stderr if report.errors else sys.stdout)
    return EXIT_DATA_ERRORS if report.errors else EXIT_OK


def _loaded_or_errors(data: Path, stop_at: tuple[str, int] | None = None) -> Loaded | None:
    loaded = load(data, stop_at)
    if not loaded.ok:
        _print_report(loaded, data)
        return None
    return loaded


def _player(loaded: Loaded, pid: str) -> Player | None:
    """The player named on the command line; None after saying there is none (with the nearest id)."""
    player = loaded.data.players.get(pid)
    if player is None:
        hint = suggest(pid, list(loaded.data.players))
        print(f"error: no player '{pid}'" + (f" ({hint})" if hint else ""), file=sys.stderr)
    return player


def _find_event(loaded: Loaded, name: str) -> tuple[Festival, Event] | None:
    name = name.strip("/")
    for festival in loaded.data.festivals:
        for event in festival.events:
            if name in (event.path, festival.id if len(festival.events) == 1 else None):
                return festival, event
    known = ", ".join(e.path for e in loaded.data.events())
    print(f"error: no event '{name}' (events: {known})", file=sys.stderr)
    return None


def _event_of(args: argparse.Namespace, stop_at: tuple[str, int] | None = None) \
        -> tuple[Loaded, Festival, Event] | None:
    """The data, checked, and the event args.event names (errors printed when there is none)."""
    loaded = _loaded_or_errors(args.data, stop_at)
    found = _find_event(loaded, args.event) if loaded else None
    if loaded is None or found is None:
        return None
    return loaded, found[0], found[1]


def _export_name(event: Event) -> str:
    return f"{event.festival_id}-{event.id}-turnering.txt"


def cmd_fesa_export(args: argparse.Namespace) -> int:
    loaded = _loaded_or_errors(args.data)
    if loaded is None:
        return EXIT_DATA_ERRORS
    args.out.mkdir(parents=True, exist_ok=True)
    for event in loaded.data.events():
        fesa = loaded.fesa[event.path]
        if fesa.exported:
            target = args.out / _export_name(event)
            target.write_bytes(fesa.content)
            print(f"wrote {display_path(target)}")
        else:
            print(f"skipped {event.path}: {fesa.reason}")
    return EXIT_OK


def cmd_fesa_register(args: argparse.Namespace) -> int:
    found = _event_of(args)
    if found is None:
        return EXIT_DATA_ERRORS
    _, festival, event = found
    body, warnings = messages.registration(festival, event, today=args.today)
    for w in warnings:
        print(f"warning: {w}", file=sys.stderr)
    print(body)
    return EXIT_OK


def cmd_fesa_submit(args: argparse.Namespace) -> int:
    found = _event_of(args)
    if found is None:
        return EXIT_DATA_ERRORS
    loaded, _, event = found
    fesa = loaded.fesa[event.path]
    if not fesa.exported:
        print(f"error: {event.path} is not sent to FESA: {fesa.reason}", file=sys.stderr)
        return EXIT_DATA_ERRORS
    args.out.mkdir(parents=True, exist_ok=True)
    target = args.out / _export_name(event)
    target.write_bytes(fesa.content)
    res = loaded.results[event.path]
    correction = args.correction or event.fesa_submitted is not None
    print(messages.submission(event, display_path(target), len(res.final), res.completed, correction))
    return EXIT_OK


class OneLineErrors(argparse.ArgumentParser):
    """Bad input gets one line, not a usage dump."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_DATA_ERRORS, f"error: {message} (see {self.prog} --help)\n")


def _whole(text: str, what: str, minimum: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise BadInput(f"{what} must be a whole number, not '{text}'") from None
    if value < minimum:
        raise BadInput(f"{what} must be at least {minimum}, not {value}")
    return value


class BadInput(Exception):
    pass


def cmd_handicap(args: argparse.Namespace) -> int:
    try:
        giver = _whole(args.giver, "GIVER_ELO", 0)
        receiver = _whole(args.receiver, "RECEIVER_ELO", 0)
        boards = _whole(args.simul_boards, "--simul-boards", 1) if args.simul_boards is not None else None
    except BadInput as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_DATA_ERRORS
    result = handicaps.compute(giver, receiver, boards)
    for step in result.steps:
        print(step)
    if giver < receiver:
        print(f"note: the receiver is the stronger player by {receiver - giver}: swap the two ratings")
    if result.code is None:
        print("Handicap: none (an even game)")
    else:
        print(f"Handicap: {handicaps.label(result.code)}; in turnering.txt the giver writes "
              f"(-{result.code}), the receiver (+{result.code})")
    return EXIT_OK


def cmd_elo(args: argparse.Namespace) -> int:
    loaded = _loaded_or_errors(args.data)
    if loaded is None:
        return EXIT_DATA_ERRORS
    player = _player(loaded, args.player)
    if player is None:
        return EXIT_DATA_ERRORS
    if args.event is None:
        rating = player.rating
        print(f"{player.name} ({player.id}): {rating if rating else 'no rating known'}")
        return EXIT_OK
    found = _find_event(loaded, args.event)
    if found is None:
        return EXIT_DATA_ERRORS
    _, event = found
    by_round = loaded.results[event.path].ratings.get(player.id)
    if by_round is None:
        print(f"error: {player.name} is not entered in {event.path}", file=sys.stderr)
        return EXIT_DATA_ERRORS
    start = 1
    for r in range(1, len(by_round) + 1):
        if r == len(by_round) or by_round[r] != by_round[start - 1]:
            rounds = f"round {start}" if start == r else f"rounds {start}-{r}"
            rating = by_round[start - 1]
            print(f"{player.name} ({player.id}), {event.short} {rounds}: {rating if rating else 'no rating known'}")
            start = r + 1
    return EXIT_OK


def cmd_rating(args: argparse.Namespace) -> int:
    from .cli import rating
    if args.published is not None:
        return rating.published_table(args.published)
    if args.event is None:
        print("error: name an event (festival/event) or give --published FILE", file=sys.stderr)
        return EXIT_DATA_ERRORS
    found = _event_of(args)
    if found is None:
        return EXIT_DATA_ERRORS
    return rating.event_table(found[0], found[2])


def cmd_promotion(args: argparse.Namespace) -> int:
    """One player under the Dutch promotion system: promotions, every game considered, the current series."""
    loaded = _loaded_or_errors(args.data)
    if loaded is None:
        return EXIT_DATA_ERRORS
    players = loaded.data.players
    player = _player(loaded, args.player)
    if player is None:
        return EXIT_DATA_ERRORS
    track = loaded.promotion.get(player.id)
    if track is None:
        graded = f"graded {grade_name(player.grade)}" if player.grade else "without a grade"
        print(f"{player.name} is {graded}: the promotion system tracks players graded 2 kyu and stronger")
        return EXIT_OK
    since = f" since {track.since}" if track.since else ""
    print(f"{player.name} ({player.id}): {grade_name(track.grade)} now; "
          f"tracked from {grade_name(track.start)}{since}")
    for p in track.promotions:
        print(f"promoted on {p.date}: {grade_name(p.old)} -> {grade_name(p.new)} "
              f"(from {p.date + dt.timedelta(days=1)}), {p.rule}")
    if not track.promotions:
        print("no promotion yet")
    print("games:")
    for g in track.considered:
        opponent = players[g.opponent].name if g.opponent in players else g.opponent
        pts = f"{g.points:+d}" if g.points is not None else "--"
        print(f"  {g.date}  {g.event.short} r{g.round}  {g.result:<4}  v {opponent} "
              f"({grade_name(g.opponent_grade) if g.opponent_grade else 'no grade'})  {pts:>4}  {g.reason}")
    print(f"current series: {track.needed}")
    return EXIT_OK


def cmd_pair(args: argparse.Namespace) -> int:
    try:
        number = _whole(args.round, "--round", 1)
    except BadInput as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_DATA_ERRORS
    # The rounds from `number` on are what is being proposed: read only the ones before it.
    found = _event_of(args, (args.event.strip("/"), number))
    if found is None:
        return EXIT_DATA_ERRORS
    loaded, _, event = found
    res = loaded.results[event.path]
    if number > event.rounds_planned:
        print(f"error: {event.short} has {event.rounds_planned} rounds, not {number}", file=sys.stderr)
        return EXIT_DATA_ERRORS
    if res.completed < number - 1 and event.format != "round-robin":  # an all-play-all's table needs no results
        print(f"error: round {res.completed + 1} is not complete: pair round {number} when it is",
              file=sys.stderr)
        return EXIT_DATA_ERRORS
    entrants = {r.id for r in event.entrants}
    absent = sorted({a.strip() for a in (args.absent or "").split(",") if a.strip()})
    for pid in absent:
        if pid not in entrants:
            hint = suggest(pid, sorted(entrants))
            print(f"error: '{pid}' is not entered in {event.short}" + (f" ({hint})" if hint else ""),
                  file=sys.stderr)
            return EXIT_DATA_ERRORS
    target = Path(event.loc.file).parent / f"round-{number}.yaml"
    if target.exists() and not args.force:
        print(f"error: {display_path(target)} exists; pass --force to replace its pairings "
              "(its other lines and comments are kept)", file=sys.stderr)
        return EXIT_DATA_ERRORS
    players = loaded.data.players
    if event.is_team:
        return _pair_teams(event, res, players, number, absent, target, args.force)
    if event.is_simul:
        return _pair_simul(event, res, players, number, absent, target)
    if event.format == "round-robin":
        return _pair_round_robin(event, players, number, absent, target)
    ko = knockout.progress(event, players, set(absent) if number == 1 else None)
    ko_pairs, ko_notes = _knockout_pairs(ko, number, set(absent), players)
    in_knockout = {p for pair in ko_pairs for p in pair}
    absent = [p for p in absent if p not in in_knockout]  # a knock-out game is written even so: a no-show
    field = [c for c in swiss.candidates(event, res, players, number, set(absent)) if c.id not in in_knockout]
    shuffled = number == 1 and (event.game == "shuuro" or event.shuffle_seed is not None)
    if shuffled:
        if event.shuffle_seed is None:
            print("error: round 1 of a Shuuro tournament is drawn from shuffle_seed in event.yaml: add it",
                  file=sys.stderr)
            return EXIT_DATA_ERRORS
        place = {pid: i for i, pid in enumerate(shuffle(event.shuffle_seed, [c.id for c in field]))}
        field.sort(key=lambda c: place[c.id])
    proposal = pair(field, adjacent=event.game == "shuuro")
    proposal.notes = ko_notes + proposal.notes
    if event.colours_known and event.sente == "balanced":  # the first named has sente: balance who has it
        boards = sente.order([*ko_pairs, *proposal.pairs], res.records, number)
        ko_pairs, proposal.pairs = boards[:len(ko_pairs)], boards[len(ko_pairs):]
    labels = {c.id: c.label for c in field} | {p: players[p].name for p in in_knockout}
    if target.exists():
        text = round_writer.update_text(target, proposal.pairs, proposal.bye, absent, ko_pairs)
    else:
        header = [f"{event.short} round {number}: pairings proposed by `python -m generator pair` "
                  f"from {'round 1' if number == 2 else f'rounds 1-{number - 1}'}." if number > 1 else
                  f"{event.short} round 1: pairings proposed by `python -m generator pair` "
                  + (f"(random order from shuffle_seed {event.shuffle_seed})." if shuffled else "(by Elo)."),
                  "Check them, add each result as the game ends, and commit."]
        if event.game == "oware":
            header += OWARE_HEADER
        if event.game == "shuuro":
            header += ["A finished game: [first, second, result, ending, points the first eliminated, points the",
                       "second eliminated], e.g. [a, b, 1-0, checkmate, 250, 60]; the ending is checkmate, stalemate,",
                       "resignation, time or draw; the points may be the pieces taken, e.g. [queen, rook, rook]."]
        if event.colours_known:
            header += _wrapped(sente.EXPLAINED[event.sente])
        header += [f"Note: {n}." for n in proposal.notes]
        header.append("Add date: and time: if you like.")
        board_notes = [f"{labels[a]} - {labels[b]}" for a, b in proposal.pairs]
        stages = list(dict.fromkeys(t.stage for t in ko.ties_in(number) if t.playable)) if ko else []
        comment = f"{ko.rules.short} {' and '.join(stages)}: fixed by the bracket" if stages and ko else ""
        text = round_writer.new_text(header, proposal.pairs, proposal.bye, absent, board_notes, ko_pairs,
                                     [f"{labels[a]} - {labels[b]}" for a, b in ko_pairs], comment)
    target.write_text(text, encoding="utf-8")
    for board, (a, b) in enumerate([*ko_pairs, *proposal.pairs], start=1):
        tag = f"{ko.rules.short} " if ko and board <= len(ko_pairs) else ""
        print(f"{board:>3}  {tag}{labels[a]}  -  {labels[b]}")
    if proposal.bye:
        print(f"bye: {labels[proposal.bye]}")
    for note in proposal.notes:
        print(f"note: {note}")
    print(f"wrote {display_path(target)}")
    return EXIT_OK


OWARE_HEADER = ["A finished game: [first, second, result, ending, seeds the first took, seeds the second took],",
                "e.g. [a, b, 1-0, 25-seeds, 26, 14]; the ending is 25-seeds, no-move, cycle, time or resignation;",
                "the moves may follow in quotes, e.g. \"c F a E …\" (the first-named player moves first)."]


def _pair_round_robin(event: Event, players: dict[str, Player], number: int, absent: list[str],
                      target: Path) -> int:
    """An all-play-all's round: the Berger table's, whatever happened before (a player who does not come loses
    the game without play: the arbiter writes +- or -+)."""
    ids = round_robin.numbering(event)
    if len(ids) < 2:
        print(f"error: {event.short} needs at least two players", file=sys.stderr)
        return EXIT_DATA_ERRORS
    boards, rest = round_robin.schedule(event, number)
    number_of = {pid: i for i, pid in enumerate(ids, start=1)}

    def label(pid: str) -> str:
        return f"{number_of[pid]}. {players[pid].name}"

    if target.exists():  # --force: new pairings, the file's other lines and comments kept
        text = round_writer.update_text(target, boards, rest, [])
    else:
        order = (f"numbered by shuffle_seed {event.shuffle_seed}" if event.shuffle_seed is not None else
                 "numbered in the order event.yaml lists them")
        header = [f"{event.short} round {number}: the Berger table's round {number} for {len(ids)} players "
                  f"({order}), from `python -m generator pair`.",
                  "Add each result as the game ends, and commit.",
                  *(OWARE_HEADER if event.game == "oware" else []),
                  *(["The bye is the player's rest round: no game, no points."] if rest else [])]
        text = round_writer.new_text(header, boards, rest, [], [f"{label(a)} - {label(b)}" for a, b in boards])
    target.write_text(text, encoding="utf-8")
    for board, (a, b) in enumerate(boards, start=1):
        print(f"{board:>3}  {label(a)}  -  {label(b)}")
    if rest:
        print(f"rest: {label(rest)}")
    if absent:
        print("note: an all-play-all keeps its table: write +- or -+ on the board of a player who does not come")
    print(f"wrote {display_path(target)}")
    return EXIT_OK


def _pair_simul(event: Event, res: EventResults, players: dict[str, Player], number: int, absent: list[str],
                target: Path) -> int:
    """A simul's boards: the professional takes the strongest opponents present, the other givers the next;
    each board's handicap follows the simul rule (written as a comment: the rule applies it)."""
    def elo(pid: str) -> int:
        rating = res.ratings[pid][number - 1]
        return rating.elo if rating else 0

    present = sorted((r.id for r in event.entrants if r.id not in absent), key=lambda p: (-elo(p), players[p].name))
    boards = simul.assign([(g.ref.id, g.professional, g.boards) for g in event.givers], present)
    if boards is None:
        print(f"error: the givers' 'boards' in event.yaml add up to more than the {len(present)} opponents present",
              file=sys.stderr)
        return EXIT_DATA_ERRORS
    pairs, notes = [], []
    for giver, opponents in boards.items():
        for opp in opponents:
            h = handicaps.compute(elo(giver), elo(opp), len(opponents))
            pairs.append((giver, opp))
            adjusted = h.steps[-2].split(": ")[-1]
            notes.append(f"{players[opp].name}: {handicaps.label(h.code)} (adjusted ERD {adjusted})")
    if target.exists():
        text = round_writer.update_text(target, pairs, None, absent)
    else:
        header = [f"{event.short}: boards proposed by `python -m generator pair` (professionals first, against "
                  "the strongest opponents present).",
                  "Each board's handicap follows the simul rule; write one after the two ids only to override it "
                  "(the giver's recommendation), e.g. [giver, opponent, 2p].",
                  "Add each result from the giver's side (1-0: the giver won), and commit."]
        text = round_writer.new_text(header, pairs, None, absent, notes)
    target.write_text(text, encoding="utf-8")
    for giver, opponents in boards.items():
        print(f"{players[giver].name}: {len(opponents)} boards")
        for opp in opponents:
            print(f"    {players[opp].name} ({elo(opp)})")
    print(f"wrote {display_path(target)}")
    return EXIT_OK


def _pair_teams(event: Event, res: EventResults, players: dict[str, Player], number: int, absent: list[str],
                target: Path, force: bool) -> int:
    """A team round: teams paired by the Swiss, each match's boards in rating order with their handicaps."""
    field = team_pairing.candidates(event, res, number)
    if len(field) % 2:
        print(f"error: {len(field)} teams: an odd number cannot be paired (form the teams so that their number "
              "is even)", file=sys.stderr)
        return EXIT_DATA_ERRORS
    proposal = pair(field)
    teams = {t.id: t for t in event.teams}
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
    if target.exists() and force:
        text = round_writer.update_team_text(target, matches, absent)
    else:
        header = [f"{event.short} round {number}: pairings proposed by `python -m generator pair`"
                  + (f" from rounds 1-{number - 1}." if number > 2 else " from round 1." if number == 2
                     else " (by average Elo)."),
                  "Boards in rating order; the player named first gives the handicap written after the two ids.",
                  "Add each result after it, e.g. [a, b, l, 1-0] or [a, b, 0-1] on an even board, and commit."]
        header += [f"Note: {n}." for n in proposal.notes]
        text = round_writer.team_text(header, matches, absent)
    target.write_text(text, encoding="utf-8")
    for _, _, comment, boards, notes in matches:
        print(comment)
        for (x, y, _), note in zip(boards, notes, strict=True):
            print(f"    {players[x].name} - {players[y].name}   {note}")
    for note in proposal.notes:
        print(f"note: {note}")
    print(f"wrote {display_path(target)}")
    return EXIT_OK


def cmd_teams(args: argparse.Namespace) -> int:
    found = _event_of(args)
    if found is None:
        return EXIT_DATA_ERRORS
    loaded, _, event = found
    if not event.is_team:
        print(f"error: {event.short} is not a team event (format: team-swiss)", file=sys.stderr)
        return EXIT_DATA_ERRORS
    if not event.unattached:
        print(f"error: {event.short} has no players under 'unattached:' to form teams from", file=sys.stderr)
        return EXIT_DATA_ERRORS
    res = loaded.results[event.path]
    players = loaded.data.players
    entrants = [formation.Entrant(r.id, (x.elo if (x := res.ratings[r.id][0]) else 0), players[r.id].country,
                                  r.id in event.together) for r in event.unattached]
    sizes = formation.team_sizes(len(entrants), len(event.teams), event.team_size)
    if sizes is None:
        print(f"error: {len(entrants)} players cannot be split into teams of {event.team_size} and "
              f"{event.team_size - 1} with an even number of teams in all (find another player, or put one in a "
              "registered team)", file=sys.stderr)
        return EXIT_DATA_ERRORS
    teams = formation.form(entrants, sizes, {t.id for t in event.teams})
    comments = [f"average {round(t.average)}" + (" (nationals)" if t.national else "") for t in teams]
    path = Path(event.loc.file)
    path.write_text(round_writer.add_teams(path, [(t.id, t.name, [m.id for m in t.members]) for t in teams],
                                           comments), encoding="utf-8")
    for team, comment in zip(teams, comments, strict=True):
        print(f"{team.name} ({team.id}), {comment}: " + ", ".join(players[m.id].name for m in team.members))
    print(f"wrote {display_path(path)}: review the teams and commit")
    return EXIT_OK


def cmd_fees(args: argparse.Namespace) -> int:
    """Entry fees per event and per player, for the organizers' cash box (not on the public site)."""
    loaded = _loaded_or_errors(args.data)
    if loaded is None:
        return EXIT_DATA_ERRORS
    festivals = [f for f in loaded.data.festivals if args.festival in (None, f.id)]
    if not festivals:
        known = ", ".join(f.id for f in loaded.data.festivals)
        print(f"error: no festival '{args.festival}' (festivals: {known})", file=sys.stderr)
        return EXIT_DATA_ERRORS
    players = loaded.data.players
    for festival in festivals:
        events = fees.festival_fees(festival, players)
        if not events:
            continue
        print(f"{festival.name}: entry fees (for the organizers, not published)")
        totals: dict[str, Decimal] = {}
        width = max(len(ef.event.short) for ef in events)
        for ef in events:
            rate = ef.event.entry_fee
            assert rate is not None
            if rate.standard == 0 and not rate.junior:
                print(f"  {ef.event.short:<{width}}  free: {len(ef.fees)} players")
                continue
            sum_text = f"{len(ef.fees) - ef.juniors} x {rate.standard:.2f}"
            if rate.junior is not None:
                sum_text += f" + {ef.juniors} x {rate.junior:.2f} (juniors)"
            print(f"  {ef.event.short:<{width}}  {sum_text} = {ef.total} {rate.currency}")
            totals[rate.currency] = totals.get(rate.currency, Decimal(0)) + ef.total
        for currency, total in totals.items():
            print(f"  {'Total':<{width}}  {total} {currency}")
        if args.players:
            print("\n  Per player:")
            owed = fees.by_player(events)
            for pid in sorted(owed, key=lambda p: (players[p].name, p)):
                items = [(e, f) for e, f in owed[pid] if f.amount]
                if not items:
                    continue
                parts = ", ".join(f"{e.short} {f.amount}{' (junior)' if f.junior else ''}" for e, f in items)
                money = sum((f.amount for _, f in items), Decimal(0))
                print(f"  {players[pid].name:<28} {money:>8}  {parts}")
        print()
    return EXIT_OK


def _wrapped(text: str) -> list[str]:
    """A comment for a round file's header, in lines of at most 110 characters."""
    return textwrap.wrap(text, 110)


def _knockout_pairs(ko: knockout.Knockout | None, number: int, absent: set[str],
                    players: dict[str, Player]) -> tuple[list[tuple[str, str]], list[str]]:
    """The knock-out games of the round, the better seed first; notes for absent players (they forfeit)."""
    if ko is None:
        return [], []
    seed = {s.player: s.seed for s in ko.seeds}
    pairs, notes = [], []
    for tie in ko.ties_in(number):
        if not tie.playable or tie.a is None or tie.b is None:
            continue
        a, b = sorted((tie.a, tie.b), key=lambda p: seed[p])
        pairs.append((a, b))
        for pid in (a, b):
            if pid in absent:
                notes.append(f"{players[pid].name} is absent but paired in the {ko.rules.short} {tie.stage}: "
                             "record the game as a no-show (+- or -+)")
    return pairs, notes


def parser() -> argparse.ArgumentParser:
    top = OneLineErrors(
        prog="python -m generator",
        description="Banzuke: check festival result files and publish them as a website.",
        epilog="Exit codes: 0 fine, 1 errors in the data, 2 the site build failed, 3 a file or folder could not be "
               "written or read (permissions, a file where a folder is needed, a full disk).")
    sub = top.add_subparsers(dest="command", required=True, metavar="COMMAND", parser_class=OneLineErrors)

    def add(name: str, help_text: str) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_text, description=help_text)
        p.add_argument("--data", type=Path, default=ROOT / "data",
                       help="the data directory (default: data/ of this repository)")
        return p

    ck = add("check", "Read and check every data file; list every problem as file:line:col.")
    ck.add_argument("--annotations", choices=["github"],
                    help="github: print the problems as GitHub Actions annotations (they show on the changed lines)")
    ck.set_defaults(func=cmd_check)
    sm = add("summary", "Markdown for a pull request's job summary: what the data changes against --base "
             "(rounds, standings movement, prizes now decided), or its problems in plain words.")
    sm.add_argument("--base", type=Path, metavar="DIR",
                    help="the data directory before the change (e.g. the base branch's data/ checked out apart)")
    sm.set_defaults(func=cmd_summary)
    build = add("build", "Check the data, then build the website into site/ (mkdocs build --strict).")
    build.add_argument("--site-dir", type=Path, help="where to write the site (default: site/)")
    build.add_argument("--config", type=Path, default=ROOT / "mkdocs.yml", help=argparse.SUPPRESS)
    build.set_defaults(func=cmd_build)
    serve = add("serve", "Serve a live preview that rebuilds when a file is saved (data errors show in the page).")
    serve.add_argument("--dev-addr", default="127.0.0.1:8000", help="address to serve on (default 127.0.0.1:8000)")
    serve.add_argument("--config", type=Path, default=ROOT / "mkdocs.yml", help=argparse.SUPPRESS)
    serve.set_defaults(func=cmd_serve)
    pr = add("pair", "Propose the pairings of a round and write them as its round file, for review.")
    pr.add_argument("event", metavar="EVENT", help="festival/event, e.g. 2000-mso-shogi/championship")
    pr.add_argument("--round", required=True, metavar="N", help="the round to pair")
    pr.add_argument("--absent", metavar="IDS", help="comma-separated ids of players who miss this round")
    pr.add_argument("--force", action="store_true", help="replace the pairings of an existing round file")
    pr.set_defaults(func=cmd_pair)
    tm = add("teams", "Propose teams for a team event's unattached players and add them to its event.yaml.")
    tm.add_argument("event", metavar="EVENT", help="festival/event, e.g. 2000-mso-shogi/team-match")
    tm.set_defaults(func=cmd_teams)
    fe = add("fees", "Entry fees per event (junior rates applied) and per player, for the organizers.")
    fe.add_argument("festival", metavar="FESTIVAL", nargs="?", help="a festival folder (default: all of them)")
    fe.add_argument("--players", action="store_true", help="also list what each player pays")
    fe.set_defaults(func=cmd_fees)
    hc = sub.add_parser("handicap", help="The handicap between two Elo ratings, with the arithmetic.",
                        description="The handicap between two Elo ratings (seed's table), with the arithmetic.")
    hc.add_argument("giver", metavar="GIVER_ELO")
    hc.add_argument("receiver", metavar="RECEIVER_ELO")
    hc.add_argument("--simul-boards", metavar="N", help="the giver plays a simultaneous exhibition on N boards")
    hc.set_defaults(func=cmd_handicap)
    elo = add("elo", "A player's Elo for festival purposes and where it comes from.")
    elo.add_argument("player", metavar="PLAYER_ID")
    elo.add_argument("--event", help="festival/event: the rating in each of its rounds, with adjustments")
    elo.set_defaults(func=cmd_elo)
    rt = add("rating", "FESA's rating of an event, previewed, as FESA publishes its tables; or, with --published, "
             "one of FESA's published tables recomputed, with how many changes agree.")
    rt.add_argument("event", metavar="EVENT", nargs="?", help="festival/event, e.g. 2000-mso-shogi/championship")
    rt.add_argument("--published", type=Path, metavar="FILE", help="a result table as FESA publishes it")
    rt.set_defaults(func=cmd_rating)
    pm = add("promotion", "A player under the Dutch promotion system: promotions, games counted and why, "
             "the current series.")
    pm.add_argument("player", metavar="PLAYER_ID")
    pm.set_defaults(func=cmd_promotion)

    fesa = sub.add_parser("fesa", help="FESA turnering.txt files: check, export, register, submit.",
                          description="FESA turnering.txt files: check, export, register, submit.")
    fesa_sub = fesa.add_subparsers(dest="fesa_command", required=True, metavar="FESA_COMMAND",
                                   parser_class=OneLineErrors)
    fcheck = fesa_sub.add_parser("check", help="Validate turnering.txt files as FESA's validator does.",
                                 description="Validate turnering.txt files as FESA's validator does; "
                                             "exit 1 on any ERROR.")
    fcheck.add_argument("files", nargs="+", type=Path, metavar="FILE")
    fcheck.add_argument("--allow-rematches", action="store_true",
                        help="the event allows two players to meet more than once")
    fcheck.set_defaults(func=cmd_fesa_check)

    def fesa_cmd(name: str, help_text: str) -> argparse.ArgumentParser:
        p = fesa_sub.add_parser(name, help=help_text, description=help_text)
        p.add_argument("--data", type=Path, default=ROOT / "data",
                       help="the data directory (default: data/ of this repository)")
        return p

    fexport = fesa_cmd("export", "Write every rated event's turnering.txt into one folder.")
    fexport.add_argument("--out", type=Path, default=Path("fesa"), help="the folder (default: fesa/)")
    fexport.set_defaults(func=cmd_fesa_export)
    freg = fesa_cmd("register", "Print the registration e-mail FESA asks for, with warnings.")
    freg.add_argument("event", metavar="EVENT", help="festival/event, e.g. 2000-mso-shogi/championship")
    freg.add_argument("--today", type=dt.date.fromisoformat, default=dt.date.today(),
                      help="the date to count the two weeks' notice from (default: today)")
    freg.set_defaults(func=cmd_fesa_register)
    fsub = fesa_cmd("submit", "Write the event's turnering.txt and print the e-mail to send it with.")
    fsub.add_argument("event", metavar="EVENT", help="festival/event, e.g. 2000-mso-shogi/championship")
    fsub.add_argument("--out", type=Path, default=Path("fesa"), help="where to write the file (default: fesa/)")
    fsub.add_argument("--correction", action="store_true",
                      help="a corrected file for results sent before (automatic when event.yaml has fesa_submitted)")
    fsub.set_defaults(func=cmd_fesa_submit)
    return top


def main(argv: list[str] | None = None) -> int:
    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `... | head` ends quietly, as other tools do
    for stream in (sys.stdout, sys.stderr):  # a terminal that cannot show a name gets an escape, not a crash
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="backslashreplace")
    args = parser().parse_args(argv)
    try:
        code: int = args.func(args)
    except round_writer.Unreadable as exc:  # a file to update that is not valid YAML: located, left untouched
        for line in exc.report.lines():
            print(line, file=sys.stderr)
        print("error: the file was left as it is: correct it, then run the command again", file=sys.stderr)
        return EXIT_DATA_ERRORS
    except OSError as exc:  # the machine, not the data: one line, its own exit code
        where = f" {display_path(Path(exc.filename))}" if exc.filename else ""
        print(printable(f"error: cannot use{where}: {exc.strerror or exc}"), file=sys.stderr)
        return EXIT_ENVIRONMENT
    return code


if __name__ == "__main__":
    sys.exit(main())
