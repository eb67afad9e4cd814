"""Elo for festival purposes: the five sources in the festival's order, the grade table, and adjustments.

docs/mso-2000.md#elo-for-festival-purposes: "Known Pan-Atlantic (USSF/FESA) Elo ratings are used when
available. If a player has a European or American club kyu/dan-grade, it will be converted to a
Pan-Atlantic midpoint Elo rating. If a player has a ShogiDojo rating, this rating is used after adding 450
points. Based on the player's own claim of his grade, converted to a Pan-Atlantic midpoint Elo rating
(possibly adjusted during the festival at the arbiters' discretion). The tournament arbiters try to assess
the player's strength in any other way they deem meaningful."
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from ..messages import N_, Text
from ..model import Adjustment, Player

__all__ = ["GRADES", "Adjustment", "Rating", "RatingData", "Source", "festival_elo", "grade_name", "parse_grade",
           "player_elo", "rating_in_round"]

# docs/fesa-ratings.md#grades, FESA's grade table: grade -> (midpoint Elo, lower bound).
GRADES: dict[str, tuple[int, int]] = {
    "6d": (2540, 2440), "5d": (2340, 2240), "4d": (2160, 2080), "3d": (2000, 1920), "2d": (1860, 1800),
    "1d": (1740, 1680), "1k": (1620, 1560), "2k": (1510, 1460), "3k": (1410, 1360), "4k": (1320, 1280),
    "5k": (1240, 1200), "6k": (1160, 1120), "7k": (1080, 1040), "8k": (1000, 960), "9k": (920, 880),
    "10k": (840, 800), "11k": (760, 720), "12k": (680, 640), "13k": (600, 560), "14k": (520, 480),
    "15k": (440, 400),
}
SHOGIDOJO_BONUS = 450

_GRADE = re.compile(r"^\s*(\d{1,2})\s*-?\s*(d|dan|k|kyu|kyū)\s*\Z", re.IGNORECASE)


def parse_grade(text: str) -> str | None:
    """'3 dan', '3d', '3-dan' and '3 Dan' are all '3d'; None when it is not a grade of the table."""
    m = _GRADE.match(text)
    if not m:
        return None
    grade = f"{int(m.group(1))}{m.group(2)[0].lower()}"
    return grade if grade in GRADES else None


def grade_name(grade: str) -> Text:
    """'3d' is '3 dan', '1k' '1 kyu' (a Text: a page gives it in the reader's language)."""
    if grade.endswith("d"):
        # Translators: a shogi grade (dan: the master grades), e.g. "3 dan"
        return Text(N_("{number} dan"), number=grade[:-1])
    # Translators: a shogi grade (kyu: the grades below 1 dan), e.g. "1 kyu"
    return Text(N_("{number} kyu"), number=grade[:-1])


class Source(Enum):
    PAN_ATLANTIC = "Pan-Atlantic Elo"
    CLUB_GRADE = "club grade"
    SHOGIDOJO = "ShogiDojo rating"
    CLAIMED_GRADE = "claimed grade"
    # Translators: where a player's festival Elo comes from: the arbiters assessed his strength
    ASSESSED = N_("arbiters' assessment")
    # Translators: where a player's festival Elo comes from: the arbiters changed it during the festival
    ADJUSTED = N_("arbiters' adjustment")


@dataclass(frozen=True)
class Rating:
    elo: int
    source: Source
    detail: str = ""  # the grade, the ShogiDojo number, the arbiters' note

    @property
    def explanation(self) -> str:
        """Where the number comes from, in words: 'from 1 kyu grade' (a page translates it)."""
        if self.source is Source.PAN_ATLANTIC:
            # Translators: where a player's festival Elo comes from: his Elo in FESA's or the USSF's rating list
            return N_("FESA/USSF Elo")
        if self.source is Source.CLUB_GRADE:
            # Translators: where a player's festival Elo comes from; {grade} is e.g. "1 kyu"
            return Text(N_("from {grade} grade"), grade=grade_name(self.detail))
        if self.source is Source.SHOGIDOJO:
            # Translators: where a player's festival Elo comes from: his ShogiDojo rating plus a fixed bonus
            return Text(N_("ShogiDojo {rating} + {bonus}"), rating=self.detail, bonus=SHOGIDOJO_BONUS)
        if self.source is Source.CLAIMED_GRADE:
            # Translators: where a player's festival Elo comes from: the grade he says he has, e.g. "1 kyu"
            return Text(N_("from claimed {grade}"), grade=grade_name(self.detail))
        if not self.detail:
            return Text(self.source.value)
        # Translators: where a player's festival Elo comes from ({source}, e.g. "arbiters' adjustment"), then
        # the arbiters' note ({detail}, e.g. "from round 3")
        return Text(N_("{source}: {detail}"), source=Text(self.source.value), detail=self.detail)

    def __str__(self) -> str:
        return f"{self.elo} · {self.explanation}"


@dataclass(frozen=True)
class RatingData:
    """What a player's record says about strength: any of the five sources, possibly none."""

    elo: int | None = None  # known FESA/USSF Elo
    grade: str | None = None  # European or American club grade, canonical ("1k")
    shogidojo: int | None = None
    claimed_grade: str | None = None
    assessed: int | None = None
    assessed_note: str = ""


def player_elo(player: Player) -> Rating | None:
    """Elo for festival purposes, from the first source that exists in the player's record."""
    return festival_elo(RatingData(player.elo, player.grade, player.shogidojo, player.claimed_grade, player.assessed,
                               player.assessed_note))


def festival_elo(data: RatingData) -> Rating | None:
    """The first source that exists, in the festival's order (docs/mso-2000.md#elo-for-festival-purposes)."""
    if data.elo is not None:
        return Rating(data.elo, Source.PAN_ATLANTIC)
    if data.grade is not None:
        return Rating(GRADES[data.grade][0], Source.CLUB_GRADE, data.grade)
    if data.shogidojo is not None:
        return Rating(data.shogidojo + SHOGIDOJO_BONUS, Source.SHOGIDOJO, str(data.shogidojo))
    if data.claimed_grade is not None:
        return Rating(GRADES[data.claimed_grade][0], Source.CLAIMED_GRADE, data.claimed_grade)
    if data.assessed is not None:
        return Rating(data.assessed, Source.ASSESSED, data.assessed_note)
    return None


def rating_in_round(base: Rating | None, adjustments: list[Adjustment], round_number: int) -> Rating | None:
    """The rating pairings and handicaps of `round_number` use: the latest adjustment in force, else base."""
    in_force = [a for a in adjustments if a.from_round <= round_number]
    if not in_force:
        return base
    latest = max(in_force, key=lambda a: a.from_round)
    if latest.note:
        # Translators: an adjusted festival Elo holds from round {round}; {note} is the arbiters' own note
        note = Text(N_("from round {round}, {note}"), round=latest.from_round, note=latest.note)
    else:
        # Translators: an adjusted festival Elo holds from round {round}
        note = Text(N_("from round {round}"), round=latest.from_round)
    return Rating(latest.elo, Source.ADJUSTED, note)
