"""Prize money: place prizes pooled and split among players on the same points, and category prizes.

docs/rulings.md#prize-ties: "Cash prizes are not tiebroken: players on the same score share equally the
prizes of the places they occupy together (pooled, then split). Titles and medals follow the tiebreak order.
One place prize per player per event (the larger)". Shares are rounded down to the penny, as the rulings do
for the simul; what rounding leaves is reported, never lost. Money is Decimal, never float.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from decimal import ROUND_DOWN, Decimal
from fractions import Fraction

from .knockout import Knockout
from ..messages import N_, Text
from ..model import Event, Player, TeamSetup
from .festival_elo import player_elo
from .team_swiss.scores import TeamStanding
from .standings import Standing

PENNY = Decimal("0.01")


@dataclass(frozen=True)
class Award:
    player: str
    kind: str  # "place", or a category: "best_kyu", "best_junior"
    label: str
    amount: Decimal


@dataclass
class PrizeList:
    awards: list[Award] = field(default_factory=list)
    remainder: Decimal = Decimal(0)  # pennies left over by rounding shares down
    offered: Decimal = Decimal(0)  # what the rules put up
    unawarded: list[tuple[str, Decimal]] = field(default_factory=list)  # category prizes nobody took: label, amount

    @property
    def total(self) -> Decimal:
        return sum((a.amount for a in self.awards), Decimal(0))


def ordinal(n: int) -> Text:
    """1st, 2nd, 3rd, 4th … 11th … 21st (a Text: a page gives it in the reader's language)."""
    if 10 <= n % 100 <= 20 or n % 10 not in (1, 2, 3):
        # Translators: an ordinal number (a place), English's form for 4, 5 … 20, 24 …: "4th"
        return Text(N_("{number}th"), number=n)
    if n % 10 == 1:
        # Translators: an ordinal number (a place), English's form for 1, 21, 31 …: "1st"
        return Text(N_("{number}st"), number=n)
    if n % 10 == 2:
        # Translators: an ordinal number (a place), English's form for 2, 22, 32 …: "2nd"
        return Text(N_("{number}nd"), number=n)
    # Translators: an ordinal number (a place), English's form for 3, 23, 33 …: "3rd"
    return Text(N_("{number}rd"), number=n)


def split(pool: Decimal, ways: int) -> tuple[Decimal, Decimal]:
    """(each share rounded down to the penny, what is left over)."""
    share = (pool / ways).quantize(PENNY, rounding=ROUND_DOWN)
    return share, pool - share * ways


def place_prizes(order: list[tuple[str, Fraction]], places: tuple[Decimal, ...], out_of: set[str]) \
        -> tuple[dict[str, Award], Decimal]:
    """Pool the prizes of the places each group of equal points occupies, split among its members who are
    not `out_of` (they took a larger category prize)."""
    awards: dict[str, Award] = {}
    remainder = Decimal(0)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and order[end + 1][1] == order[start][1]:
            end += 1
        pool = sum((places[k] for k in range(start, min(end + 1, len(places)))), Decimal(0))
        members = [pid for pid, _ in order[start:end + 1] if pid not in out_of]
        if pool and members:
            share, left = split(pool, len(members))
            remainder += left
            if end == start:
                label = place_label(start + 1)
            elif len(members) > 1:
                # Translators: a prize: the prizes of places {first} to {last}, pooled and split among the {count}
                # players on the same points
                label = Text(N_("places {first}–{last}, shared by {count}"), first=start + 1, last=end + 1,
                             count=len(members))
            else:
                # Translators: a prize: the prizes of places {first} to {last}, pooled, to the one player of them
                # who takes it (the others on his points took a larger prize)
                label = Text(N_("places {first}–{last} (tied on points)"), first=start + 1, last=end + 1)
            for pid in members:
                awards[pid] = Award(pid, "place", label, share)
        start = end + 1
    return awards, remainder


def place_label(place: int) -> Text:
    # Translators: a prize: the prize of one place; {place} is an ordinal, e.g. "1st"
    return Text(N_("{place} place"), place=ordinal(place))


KYU_BELOW = 1680  # the lower bound of 1 dan (docs/fesa-ratings.md#grades): below it a player without a grade is kyu


def is_kyu(player: Player) -> bool:
    grade = player.grade or player.claimed_grade
    if grade is not None:
        return grade.endswith("k")
    rating = player_elo(player)
    return rating is not None and rating.elo < KYU_BELOW


def is_junior(player: Player, first_day: dt.date | None) -> bool:
    """Under 18 on the first day of the event (docs/mso-2000.md#prize-money: "Best MSOWSC junior (under 18)")."""
    age = player.age_on(first_day) if first_day else None
    return age is not None and age < 18


def event_prizes(event: Event, final: tuple[Standing, ...], players: dict[str, Player],
                 by_rank: bool = False) -> PrizeList | None:
    """by_rank: prizes are pooled by shared place (a game whose seed ties prizes to its criteria), not by equal
    points."""
    rules = event.prizes
    if rules is None:
        return None
    # Cash prizes are pooled by equal points, Oware's too (docs/rulings.md#prize-ties: its tie-breaks order the table
    # and the titles); a Shuuro-250 tournament pools only those of a joint place
    # (docs/shuuro-250.md#winning-the-tournament: equal after every criterion, "the players share the first prize").
    order = [(s.player, Fraction(-s.rank) if by_rank else s.points) for s in final]
    categories = []
    if rules.best_kyu is not None:
        categories.append(("best_kyu", rules.best_kyu, [p for p, _ in order if is_kyu(players[p])]))
    if rules.best_junior is not None:
        categories.append(("best_junior", rules.best_junior,
                           [p for p, _ in order if is_junior(players[p], event.start)]))
    return award(order, rules.places, categories)


CATEGORY_LABELS = {
    # Translators: a category prize: to the best player with a kyu grade
    "best_kyu": Text(N_("best kyu player")),
    # Translators: a category prize: to the best player under 18
    "best_junior": Text(N_("best junior")),
}


def award(order: list[tuple[str, Fraction]], places: tuple[Decimal, ...],
          categories: list[tuple[str, Decimal, list[str]]]) -> PrizeList:
    """`order`: final standings (tiebreak order) with points; `categories`: (kind, amount, eligible players in tiebreak
    order). A category prize is pooled like a place prize: the best eligible players on the same points share it
    (docs/rulings.md#category-prizes; cash is never tiebroken). Then one prize per player: a player whose place share is
    at least his share of the category keeps it and leaves the category to the others of his group; when none is left,
    it passes to the next points group of eligible players. A player who takes the category gives his smaller place
    share back to his place group."""
    points_of = dict(order)
    out_of: set[str] = set()
    while True:
        by_place, remainder = place_prizes(order, places, out_of)
        taken: dict[str, Award] = {}
        restart = False
        for kind, amount, eligible in categories:
            label = CATEGORY_LABELS.get(kind, kind)
            for group in _point_groups([p for p in eligible if p not in taken], points_of):
                fair = amount / len(group)  # each member's share if all of them take it
                winners = [p for p in group if p not in by_place or by_place[p].amount < fair]
                if not winners:
                    continue  # every one keeps a larger place prize: the category passes on
                if any(p in by_place for p in winners):
                    out_of.update(p for p in winners if p in by_place)  # their place shares go back
                    restart = True
                    break
                share, left = split(amount, len(winners))
                remainder += left
                # Translators: a category prize ({label}, e.g. "best junior") split among {count} players
                shared = Text(N_("{label}, shared by {count}"), label=label, count=len(winners)) \
                    if len(winners) > 1 else label
                for p in winners:
                    taken[p] = Award(p, kind, shared, share)
                break
            if restart:
                break
        if not restart:
            break
    offered = (sum(places, Decimal(0)) + sum((amount for _, amount, _ in categories), Decimal(0))).quantize(PENNY)
    awards = sorted(by_place.values(), key=lambda a: [p for p, _ in order].index(a.player))
    given = {a.kind for a in taken.values()}
    unawarded = [(CATEGORY_LABELS.get(kind, kind), amount.quantize(PENNY)) for kind, amount, _ in categories
                 if kind not in given]
    return PrizeList(awards + list(taken.values()), remainder, offered, unawarded)


def _point_groups(players: list[str], points_of: dict[str, Fraction]) -> list[list[str]]:
    """Players in order, grouped by equal points."""
    groups: list[list[str]] = []
    for p in players:
        if groups and points_of[groups[-1][0]] == points_of[p]:
            groups[-1].append(p)
        else:
            groups.append([p])
    return groups


def knockout_prizes(ko: Knockout | None) -> PrizeList | None:
    """A knock-out's prizes by its places 1-4, which are never shared (every tie has a winner). A separate event: a
    player keeps these besides his prize in the event the knock-out is played in (docs/rulings.md#prize-ties)."""
    if ko is None or ko.rules.prizes is None:
        return None
    places = ko.places
    awards = [Award(places[n], "place", place_label(n), amount.quantize(PENNY))
              for n, amount in enumerate(ko.rules.prizes.places, start=1) if n in places]
    return PrizeList(awards, Decimal(0), sum(ko.rules.prizes.places, Decimal(0)).quantize(PENNY))


def team_prizes(event: Event, final: tuple[TeamStanding, ...]) -> PrizeList | None:
    """Per-player prizes of the best teams (docs/mso-2000.md#handicap-team-match: 100 GBP per player of the winning
    team, 50 of the second). Teams on the same board points pool the per-player amounts of the places they occupy and
    split them."""
    rules = event.prizes
    if rules is None or not rules.per_player or not final:
        return None
    teams = {t.id: t for t in event.record(TeamSetup).teams}
    shares, _ = place_prizes([(s.team, s.board_points) for s in final], rules.per_player, set())
    # Translators: a team prize to each of the team's players: the prize ({prize}, e.g. "1st place"), the team
    awards = [Award(ref.id, "team", Text(N_("{prize}: {team}"), prize=shares[s.team].label, team=teams[s.team].name),
                    shares[s.team].amount)
              for s in final if s.team in shares for ref in teams[s.team].members]
    offered = sum((amount * len(teams[s.team].members) for s, amount in zip(final, rules.per_player, strict=False)),
                  Decimal(0)).quantize(PENNY)
    total = sum((a.amount for a in awards), Decimal(0))
    return PrizeList(awards, offered - total, offered)
