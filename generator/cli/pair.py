"""`python -m generator pair EVENT --round N`: a round's pairings proposed and written as its round file."""

from __future__ import annotations

import argparse
import sys
import textwrap
from dataclasses import replace
from pathlib import Path

from .. import handicaps, knockout, round_robin, sente, simul, swiss, team_pairing
from ..diagnostics import display_path
from ..model import Event, Player
from ..pairing import pair, shuffle
from ..sources import round_writer
from ..sources.yamltree import suggest
from ..standings import EventResults
from .common import BadInput, Commands, EXIT_DATA_ERRORS, EXIT_OK, command, event_of, whole


def run(args: argparse.Namespace) -> int:
    try:
        number = whole(args.round, "--round", 1)
    except BadInput as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_DATA_ERRORS
    # The rounds from `number` on are what is being proposed: read only the ones before it.
    found = event_of(args, (args.event.strip("/"), number))
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


def register(sub: Commands) -> None:
    pr = command(sub, "pair", "Propose the pairings of a round and write them as its round file, for review.")
    pr.add_argument("event", metavar="EVENT", help="festival/event, e.g. 2000-mso-shogi/championship")
    pr.add_argument("--round", required=True, metavar="N", help="the round to pair")
    pr.add_argument("--absent", metavar="IDS", help="comma-separated ids of players who miss this round")
    pr.add_argument("--force", action="store_true", help="replace the pairings of an existing round file")
    pr.set_defaults(func=run)
