"""The individual Swiss: the kind `EventKind`'s defaults describe. Its pairing lives here: by score groups, the
knock-out's games first when the event holds one, round 1 by Elo or drawn from the shuffle seed."""

from __future__ import annotations

import textwrap

from ..rules import sente, swiss
from ..rules.pairing import pair, shuffle
from ..sources import round_writer
from . import knockout
from .base import EventKind, PairRequest, Proposal


class Swiss(EventKind):
    key = "swiss"

    def pair(self, req: PairRequest) -> Proposal:
        return _pair(self, req)


def _pair(kind: EventKind, req: PairRequest) -> Proposal:
    """Score groups paired top half against bottom half (the game may pair neighbours), the knock-out's ties
    on the top boards; who has sente balanced when the round files record it."""
    event, res, players, number, target = req.event, req.res, req.players, req.number, req.target
    game = kind.game
    ko, ko_pairs, ko_notes = knockout.round_pairs(event, players, number, set(req.absent))
    in_knockout = {p for pair in ko_pairs for p in pair}
    absent = [p for p in req.absent if p not in in_knockout]  # a knock-out game is written even so: a no-show
    field = [c for c in swiss.candidates(event, res, players, number, set(absent), game.pairing_key)
             if c.id not in in_knockout]
    shuffled = number == 1 and game.shuffled_first_round(event)
    if shuffled:
        if event.shuffle_seed is None:
            return Proposal(error="round 1 of a Shuuro tournament is drawn from shuffle_seed in event.yaml: add it")
        place = {pid: i for i, pid in enumerate(shuffle(event.shuffle_seed, [c.id for c in field]))}
        field.sort(key=lambda c: place[c.id])
    proposal = pair(field, adjacent=game.adjacent_pairing())
    proposal.notes = ko_notes + proposal.notes
    if kind.sente_recorded and event.sente == "balanced":  # the first named has sente: balance who has it
        boards = sente.order([*ko_pairs, *proposal.pairs], res.records, number)
        ko_pairs, proposal.pairs = boards[:len(ko_pairs)], boards[len(ko_pairs):]
    labels = {c.id: c.label for c in field} | {p: players[p].name for p in in_knockout}
    if target.exists():
        text = round_writer.update_text(target, proposal.pairs, proposal.bye, absent, ko_pairs)
    else:
        header = [f"{event.short} round {number}: pairings proposed by `.venv/bin/python -m generator pair` "
                  f"from {'round 1' if number == 2 else f'rounds 1-{number - 1}'}." if number > 1 else
                  f"{event.short} round 1: pairings proposed by `.venv/bin/python -m generator pair` "
                  + (f"(random order from shuffle_seed {event.shuffle_seed})." if shuffled else "(by Elo)."),
                  "Check them, add each result as the game ends, and commit.", *game.round_file_help]
        if kind.sente_recorded:
            header += textwrap.wrap(sente.EXPLAINED[event.sente], 110)
        header += [f"Note: {n}." for n in proposal.notes]
        header.append("date: and time: are from the event's schedule when it gives them; add or correct them by hand.")
        board_notes = [f"{labels[a]} - {labels[b]}" for a, b in proposal.pairs]
        stages = list(dict.fromkeys(t.stage for t in ko.ties_in(number) if t.playable)) if ko else []
        comment = f"{ko.rules.short} {' and '.join(stages)}: fixed by the bracket" if stages and ko else ""
        text = round_writer.new_text(header, proposal.pairs, proposal.bye, absent, board_notes, ko_pairs,
                                     [f"{labels[a]} - {labels[b]}" for a, b in ko_pairs], comment)
    lines = []
    for board, (a, b) in enumerate([*ko_pairs, *proposal.pairs], start=1):
        tag = f"{ko.rules.short} " if ko and board <= len(ko_pairs) else ""
        lines.append(f"{board:>3}  {tag}{labels[a]}  -  {labels[b]}")
    if proposal.bye:
        lines.append(f"bye: {labels[proposal.bye]}")
    lines += [f"note: {note}" for note in proposal.notes]
    return Proposal(text, lines)
