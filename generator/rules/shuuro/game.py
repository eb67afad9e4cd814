"""Shuuro-250 (docs/shuuro-250.md, the tournament's information pack): the army limits, the cost of each piece, how a
game may end, tournament points and what the points of eliminated pieces can be."""

from __future__ import annotations

from fractions import Fraction

from ...messages import N_, N_plural
from ...model import Outcome, Result

# docs/shuuro-250.md#army-limits, "Limits" and the roster sheet: cost and the most of each piece an army may have.
PIECES = ("king", "queen", "rook", "bishop", "knight", "pawn")
COST = {"king": 0, "queen": 110, "rook": 70, "bishop": 40, "knight": 40, "pawn": 10}
MOST = {"king": 1, "queen": 2, "rook": 3, "bishop": 4, "knight": 4, "pawn": 6}
LEAST = {"king": 1}  # "King (mandatory) 1": exactly one
CAP = 250  # "a maximum total of 250 points"
# The pieces' names, as the armies page and the round pages show them (translated there).
NAMES = {
    # Translators: a Shuuro piece (as in chess)
    "king": N_("King"),
    # Translators: a Shuuro piece (as in chess)
    "queen": N_("Queen"),
    # Translators: a Shuuro piece (as in chess)
    "rook": N_("Rook"),
    # Translators: a Shuuro piece (as in chess)
    "bishop": N_("Bishop"),
    # Translators: a Shuuro piece (as in chess)
    "knight": N_("Knight"),
    # Translators: a Shuuro piece (as in chess)
    "pawn": N_("Pawn"),
}
PLURAL = {p: f"{n}s" for p, n in NAMES.items()}  # (the data checks' English)
# A number of pieces, as a page counts them: Text.counted(COUNTED["pawn"], 3) is '3 Pawns'.
COUNTED = {
    # Translators: a number of Shuuro pieces (an army: "Queen, Rook, 3 Pawns")
    "king": N_plural("{count} King", "{count} Kings"),
    # Translators: a number of Shuuro pieces
    "queen": N_plural("{count} Queen", "{count} Queens"),
    # Translators: a number of Shuuro pieces
    "rook": N_plural("{count} Rook", "{count} Rooks"),
    # Translators: a number of Shuuro pieces
    "bishop": N_plural("{count} Bishop", "{count} Bishops"),
    # Translators: a number of Shuuro pieces
    "knight": N_plural("{count} Knight", "{count} Knights"),
    # Translators: a number of Shuuro pieces
    "pawn": N_plural("{count} Pawn", "{count} Pawns"),
}
ALIASES = {**{p: p for p in PIECES}, **{f"{p}s": p for p in PIECES}}

# docs/shuuro-250.md#tournament-points: victory 3 TP, draw 1, loss 0. docs/rulings.md#shuuro: a bye is worth a win (3
# TP) and Delta 0. A win without play scores as a win; an absence or a no-show 0.
POINTS: dict[Outcome, Fraction] = {
    Outcome.WIN: Fraction(3),
    Outcome.DRAW: Fraction(1),
    Outcome.LOSS: Fraction(0),
    Outcome.FORFEIT_WIN: Fraction(3),
    Outcome.FORFEIT_LOSS: Fraction(0),
    Outcome.BYE: Fraction(3),
    Outcome.HALF_BYE: Fraction(1),
    Outcome.ABSENT: Fraction(0),
    Outcome.PENDING: Fraction(0),
    Outcome.LATE: Fraction(0),
}

# docs/shuuro-250.md#how-a-game-ends: checkmate, stalemate, resignation, loss on time, a draw agreed or automatic.
# The round files' words, shown as they are under a result (translated there; "time" and "resignation" are shown
# as Oware's SHORT has them).
ENDINGS = (
    # Translators: how a Shuuro game ended (under the result in a round's table)
    N_("checkmate"),
    # Translators: how a Shuuro game ended (under the result in a round's table)
    N_("stalemate"),
    "resignation", "time",
    # Translators: how a Shuuro game ended: a draw, agreed or automatic (under the result in a round's table)
    N_("draw"))
DECISIVE_ENDINGS = ("checkmate", "resignation", "time")


def cost(counts: dict[str, int]) -> int:
    """What an army costs, by the roster sheet's prices."""
    return sum(COST[p] * n for p, n in counts.items())


def army_problems(counts: dict[str, int]) -> list[tuple[str | None, str, str]]:
    """Every rule the army breaks: (piece or None for the whole army, what is wrong, how to fix it)."""
    out: list[tuple[str | None, str, str]] = []
    kings = counts.get("king")
    if kings is None:
        out.append((None, "the army list has no King (every army has exactly one)", "add king: 1"))
    elif kings != 1:
        out.append(("king", f"the army list has {kings} Kings; every army has exactly one", "write king: 1"))
    for piece in PIECES[1:]:
        n = counts.get(piece, 0)
        if n > MOST[piece]:
            out.append((piece, f"{n} {PLURAL[piece]}: an army may have at most {MOST[piece]}",
                        f"take out {n - MOST[piece]} {PLURAL[piece] if n - MOST[piece] > 1 else NAMES[piece]}"))
    total = cost(counts)
    if total > CAP:
        out.append((None, f"the army costs {total} points: at most {CAP} are allowed",
                    f"take out pieces worth at least {total - CAP} points"))
    return out


def reachable(army_counts: dict[str, int], promotions: bool) -> set[int]:
    """Every total of enemy pieces that can be eliminated from this army (the King is never taken). With
    promotions, a pawn may have become any other piece before it was taken (docs/shuuro-250.md#delta: promoted pawns
    increase the best Delta "even further")."""
    pawn_values = {0, COST["pawn"]} | ({COST[p] for p in PIECES[1:5]} if promotions else set())
    totals = {0}
    for piece in PIECES[1:]:
        values = pawn_values if piece == "pawn" else {0, COST[piece]}
        for _ in range(army_counts.get(piece, 0)):
            totals = {t + v for t in totals for v in values}
    return totals


def pieces_problems(taken: list[str], army_counts: dict[str, int]) -> tuple[list[str], list[str]]:
    """Pieces said to be taken from an army: (errors, notes). More of a piece than the army had can only be
    promoted pawns — allowed, and noted — as long as enough pawns were still on the board to promote."""
    errors, notes = [], []
    if "king" in taken:
        errors.append("a King is never taken: the game ends at checkmate")
    extra = 0
    for piece in PIECES[1:]:
        n = taken.count(piece)
        have = army_counts.get(piece, 0)
        if n > have:
            if piece == "pawn":
                errors.append(f"{n} Pawns taken but the army had {have}")
            else:
                extra += n - have
                notes.append(f"{n} {PLURAL[piece] if n > 1 else NAMES[piece]} taken but the army had {have}: "
                             f"{n - have} promoted pawn{'s' if n - have > 1 else ''}")
    pawns_left = army_counts.get("pawn", 0) - min(taken.count("pawn"), army_counts.get("pawn", 0))
    if extra > pawns_left:
        errors.append(f"{extra} more {'piece' if extra == 1 else 'pieces'} taken than the army had, but only "
                      f"{pawns_left} of its pawns could have promoted")
    return errors, notes


def points_of(taken: list[str]) -> int:
    return sum(COST[p] for p in taken)


def outcome_fits(result: Result, ending: str) -> str | None:
    """What is wrong when the result and the way the game ended disagree, or None."""
    if result is Result.DRAW and ending in DECISIVE_ENDINGS:
        return f"a game that ended by {ending} has a winner, but the result is a draw"
    if result in (Result.SENTE_WINS, Result.GOTE_WINS) and ending == "draw":
        return "the game ended in a draw, but the result gives a winner"
    return None
