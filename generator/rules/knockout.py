"""The European Shogi Championship's knock-out bracket (docs/mso-2000.md#european-shogi-championship).

"A fully predetermined knock-out pairings system (round 1: 1 vs 32, 2 vs 31, etc.) based on Elo ratings";
"If there are less than 32 Europeans … present at the beginning of round 1, that round is employed to
reduce the number of ESC players to 16. In that case, during round 1 the highest rated players get an ESC
bye"; "During round 5, the winners of ESC round 4 play the ESC final, the losers play for third place."
docs/rulings.md#esc-bracket: bracket of 32 in the standard order (1 and 2 meet only in the final); with E Europeans,
16 <= E < 32, seeds 1..32-E have a round-1 bye; with fewer than 16, the smallest power of two >= E with
byes, starting late enough that the final is still in round 5. "A knock-out game needs a winner: a drawn game
is replayed and the data records the replay."

Layers: `select` picks and seeds the players, `bracket_for` lays out the bracket, `progress` follows it through
the committed round files (the knock-out games are marked in them) and lists what does not fit.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from ..diagnostics import Location
from ..messages import N_, Text
from ..model import Event, Board, KnockoutRules, KnockoutSetup, Player, PlayerId, Result, Round

FULL = 32
FINAL_ROUND = 5
UNDECIDED = ""  # a bracket slot whose player is not known yet (a tie before it is still to be played)
DECISIVE = {Result.SENTE_WINS: 0, Result.SENTE_WINS_UNPLAYED: 0, Result.GOTE_WINS: 1, Result.GOTE_WINS_UNPLAYED: 1}


def standard_order(size: int) -> list[int]:
    """Seed numbers in bracket order: [1, 4, 2, 3] for 4; 1 and 2 can meet only in the final."""
    order = [1]
    while len(order) < size:
        n = 2 * len(order)
        order = [s for seed in order for s in (seed, n + 1 - seed)]
    return order


@dataclass(frozen=True)
class Bracket:
    size: int  # a power of two
    entrants: int  # E, the players seeded 1..E
    first_round: int  # the event round of the bracket's first round

    @property
    def byes(self) -> list[int]:
        """Seeds with a bye in the bracket's first round (their slot's opponent does not exist)."""
        return [s for s in range(1, self.size + 1) if s <= self.entrants and self.size + 1 - s > self.entrants]

    @property
    def stages(self) -> int:
        return int(math.log2(self.size))

    def first_round_games(self) -> list[tuple[int, int]]:
        """(higher seed, lower seed) in bracket order, byes left out."""
        order = standard_order(self.size)
        pairs = [(order[i], order[i + 1]) for i in range(0, self.size, 2)]
        return [(min(a, b), max(a, b)) for a, b in pairs if max(a, b) <= self.entrants]


def bracket_for(europeans: int, full: int = FULL, final_round: int = FINAL_ROUND) -> Bracket | None:
    """The bracket for E Europeans present at round 1 (None below 2: no championship to play)."""
    if europeans < 2:
        return None
    size = full if europeans >= full // 2 else 1 << math.ceil(math.log2(europeans))
    return Bracket(size, min(europeans, full), final_round - int(math.log2(size)) + 1)


# --- Selection -----------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Seed:
    player: PlayerId
    seed: int
    elo: int


@dataclass(frozen=True)
class Passed:
    """A player of the region who is not in the knock-out, and why."""

    player: PlayerId
    reason: str


def in_region(player: Player, rules: KnockoutRules) -> bool:
    return player.country in rules.regions or player.residence in rules.regions


def select(event: Event, players: dict[PlayerId, Player], absent_round_1: set[PlayerId]) -> tuple[list[Seed],
                                                                                                   list[Passed]]:
    """The best `size` nationals or residents of the region present at round 1, by FESA Elo, who played a
    FESA-rated game since `active_since`; ties in Elo go by name. Also who of the region is left out, and why."""
    rules = event.record(KnockoutSetup).rules
    if rules is None:
        return [], []
    eligible: list[tuple[int, str, PlayerId]] = []
    passed = []
    for ref in event.entrants:
        player = players.get(ref.id)
        if player is None or not in_region(player, rules):
            continue
        if event.from_round.get(ref.id, 1) > 1 or ref.id in absent_round_1 or event.withdrawn.get(ref.id) == 0:
            # Translators: why a player of the region is not in the knock-out
            passed.append(Passed(ref.id, N_("not present at round 1")))
        elif player.elo is None:
            # Translators: why a player of the region is not in the knock-out: he has no Elo in FESA's list
            passed.append(Passed(ref.id, N_("no FESA Elo")))
        elif rules.active_since and (player.last_rated_game is None or player.last_rated_game < rules.active_since):
            if player.last_rated_game:
                # Translators: why a player of the region is not in the knock-out; {date} and {last} are days
                # (2000-08-01)
                reason = Text(N_("no FESA-rated game since {date} (last one {last})"), date=rules.active_since,
                              last=player.last_rated_game)
            else:
                # Translators: why a player of the region is not in the knock-out; {date} is a day (2000-08-01)
                reason = Text(N_("no FESA-rated game since {date} (none known)"), date=rules.active_since)
            passed.append(Passed(ref.id, reason))
        else:
            eligible.append((player.elo, player.name, ref.id))
    eligible.sort(key=lambda t: (-t[0], t[1]))
    seeds = [Seed(pid, n, elo) for n, (elo, _, pid) in enumerate(eligible[:rules.size], start=1)]
    # Translators: why a player of the region is not in the knock-out: {count} players with a higher Elo took the places
    passed += [Passed(pid, Text(N_("not among the best {count} by FESA Elo"), count=rules.size))
               for _, _, pid in eligible[rules.size:]]
    return seeds, passed


# --- Progress through the round files ------------------------------------------------------------------------

@dataclass(frozen=True)
class Tie:
    """One knock-out pairing: two players (None: a bye), the game and its replays, the winner once known."""

    stage: str
    round: int
    a: PlayerId | None
    b: PlayerId | None
    game: Board | None = None
    replays: tuple[Board, ...] = ()
    winner: PlayerId | None = None  # None: not decided yet (or a bye tie's player, see `bye`)

    @property
    def bye(self) -> bool:
        return self.a is None or self.b is None

    @property
    def playable(self) -> bool:
        """Both players are known: the game can be paired."""
        return not self.bye and UNDECIDED not in (self.a, self.b)

    @property
    def loser(self) -> PlayerId | None:
        if self.winner is None or self.bye:
            return None
        return self.b if self.winner == self.a else self.a


@dataclass(frozen=True)
class Problem:
    loc: Location
    message: str
    hint: str = ""


@dataclass
class Knockout:
    rules: KnockoutRules
    seeds: list[Seed]
    passed: list[Passed]
    bracket: Bracket | None
    stages: list[list[Tie]] = field(default_factory=list)  # in bracket order; the last is [final, third place]
    problems: list[Problem] = field(default_factory=list)

    def ties_in(self, round_number: int) -> list[Tie]:
        return [t for stage in self.stages for t in stage if t.round == round_number]

    @property
    def places(self) -> dict[int, PlayerId]:
        """1-4 once decided: the final's winner and loser, the game for third place's winner and loser."""
        out = {}
        for place, tie in zip((1, 3), self.stages[-1] if self.stages else [], strict=False):
            if tie.winner:
                out[place] = tie.winner
            if tie.loser:
                out[place + 1] = tie.loser
        return out


# A knock-out's stages by the number of players in them (a page translates them; the English names are also
# their keys).
STAGES = {
    # Translators: a knock-out's stage (the bracket, the list of games)
    2: Text(N_("Final")),
    # Translators: a knock-out's stage
    4: Text(N_("Semi-finals")),
    # Translators: a knock-out's stage
    8: Text(N_("Quarter-finals")),
}
# Translators: a knock-out's stage: the game between the losers of the semi-finals
THIRD_PLACE = Text(N_("Third place"))


def stage_name(players: int) -> Text:
    # Translators: a knock-out's stage with {count} players left in it (16, 32, 64 …)
    return STAGES.get(players) or Text(N_("Last {count}"), count=players)


def progress(event: Event, players: dict[PlayerId, Player],
             absent_round_1: set[PlayerId] | None = None) -> Knockout | None:
    """Follow the knock-out through the event's rounds. absent_round_1: who is away from round 1 when it is not
    written yet (pairing it); otherwise round 1's absent list."""
    rules = event.record(KnockoutSetup).rules
    if rules is None:
        return None
    rounds = {r.number: r for r in event.rounds}
    if absent_round_1 is None:
        absent_round_1 = {a.id for a in rounds[1].absent} if 1 in rounds else set()
    seeds, passed = select(event, players, absent_round_1)
    ko = Knockout(rules, seeds, passed, bracket_for(len(seeds), rules.size, rules.final_round))
    if ko.bracket is None:
        return ko
    if ko.bracket.first_round < 1:
        ko.problems.append(Problem(rules.loc, f"a knock-out of {ko.bracket.size} needs {ko.bracket.stages} rounds, "
                                   f"so its final cannot be in round {rules.final_round}",
                                   f"set final_round to {ko.bracket.stages} or more"))
        return ko
    slots: list[PlayerId | None] = [seeds[s - 1].player if s <= len(seeds) else None
                                    for s in standard_order(ko.bracket.size)]
    number = ko.bracket.first_round
    while len(slots) > 2:
        stage = [_decide(stage_name(len(slots)), number, slots[i], slots[i + 1], rounds.get(number), ko)
                 for i in range(0, len(slots), 2)]
        ko.stages.append(stage)
        slots = [(t.a or t.b) if t.bye else (t.winner or UNDECIDED) for t in stage]
        number += 1
    final = [_decide(STAGES[2], number, slots[0], slots[1], rounds.get(number), ko)]
    if ko.stages:  # semi-finals were played: their losers play for third place
        losers = [None if t.bye else (t.loser or UNDECIDED) for t in ko.stages[-1]]
        final.append(_decide(THIRD_PLACE, number, losers[0], losers[1], rounds.get(number), ko))
    ko.stages.append(final)
    _stray_games(event, ko, players)
    return ko


def _decide(stage: str, number: int, a: PlayerId | None, b: PlayerId | None, rnd: Round | None,
            ko: Knockout) -> Tie:
    if a is None or b is None:
        return Tie(stage, number, a, b, winner=(a or b) or None)
    if rnd is None or UNDECIDED in (a, b):
        return Tie(stage, number, a, b)
    pair = {a, b}
    game = next((g for g in rnd.games if g.knockout and {g.sente.id, g.gote.id} == pair), None)
    replays = tuple(g for g in rnd.replays if {g.sente.id, g.gote.id} == pair)
    if game is None:
        ko.problems.append(Problem(rnd.pairings_end or rnd.loc, f"the {ko.rules.short} game {a} - {b} ({stage}) is "
                                   f"missing from round {number}", f"add [{a}, {b}, result] under 'knockout:'"))
        return Tie(stage, number, a, b)
    winner = _winner(game)
    if game.result is not None and winner is None:
        if not replays:
            ko.problems.append(Problem(game.loc, f"{ko.rules.short} {stage}: {a} - {b} needs a winner",
                                       f"record the replay under 'replays:', e.g. [{b}, {a}, 1-0]"))
        for n, replay in enumerate(replays):
            winner = _winner(replay)
            last = n == len(replays) - 1
            if replay.result is not None and winner is None and last:
                ko.problems.append(Problem(replay.loc, f"the replay of {a} - {b} needs a winner too",
                                           "record the next replay under 'replays:' as well"))
            if not last and winner is not None:
                ko.problems.append(Problem(replays[n + 1].loc, f"{a} - {b} was already decided by an earlier replay",
                                           "remove this replay, or correct the earlier one"))
    elif replays:
        ko.problems.append(Problem(replays[0].loc, f"{a} - {b} was not drawn: it is not replayed",
                                   "remove the replay, or correct the result of the knock-out game"))
    return Tie(stage, number, a, b, game, replays, winner)


def _winner(game: Board) -> PlayerId | None:
    side = DECISIVE.get(game.result) if game.result is not None else None
    return None if side is None else (game.sente.id, game.gote.id)[side]


def _stray_games(event: Event, ko: Knockout, players: dict[PlayerId, Player]) -> None:
    """Knock-out games and replays that are not a pairing of the bracket."""
    expected = {(t.round, frozenset((t.a, t.b))) for stage in ko.stages for t in stage if t.playable}
    # A round whose players wait on an undecided tie cannot be checked yet (what keeps it open is reported).
    unknown = {t.round for stage in ko.stages for t in stage if not t.bye and UNDECIDED in (t.a, t.b)}
    for rnd in event.rounds:
        if rnd.number in unknown:
            continue
        for g in (*[g for g in rnd.games if g.knockout], *rnd.replays):
            pair = frozenset((g.sente.id, g.gote.id))
            if (rnd.number, pair) in expected:
                continue
            wanted = [f"{t.a} - {t.b}" for t in ko.ties_in(rnd.number) if t.playable]
            ko.problems.append(Problem(g.loc, f"{g.sente.id} - {g.gote.id} is not one of the {ko.rules.short} "
                                       f"pairings of round {rnd.number}",
                                       f"this round's {ko.rules.short} games are {', '.join(wanted)}" if wanted else
                                       f"round {rnd.number} has no {ko.rules.short} games: move it under 'games:'"))

