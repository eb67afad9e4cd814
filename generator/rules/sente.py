"""Who has sente in a proposed Swiss round: the event's `sente:` rule.

- `balanced` (the default of Swiss events): of the two players of a board, sente goes to the one who has had it
  less (fewer sente than gote games so far, counting every game he was paired in), then to the one who had gote
  in the round before, then alternately down the boards: the higher-ranked player on board 1, 3, 5 …, the
  lower-ranked on board 2, 4, 6 ….
- `furigoma`: decided at the board by throwing pieces. The pairing names the higher-ranked player first; the
  arbiter writes the player who had sente first when entering the result, and until then pages show no ☗/☖.
"""

from __future__ import annotations

from .scoring import Records

RULES = ("balanced", "furigoma")
EXPLAINED = {
    "balanced": "Sente: the player who has had it less, then the one who had gote in the last round, then "
                "alternately down the boards; the first-named player has sente.",
    "furigoma": "Sente is decided at the board (furigoma): when you enter the result, write the player who had "
                "sente first.",
}


def balance(records: Records, pid: str, before: int) -> int:
    """Sente games less gote games in the rounds before `before`."""
    return sum(1 if r.colour == "sente" else -1 for r in records.get(pid, []) if r.round < before and r.colour)


def last_colour(records: Records, pid: str, before: int) -> str | None:
    """The colour the player had in round `before` - 1 (None without a game then)."""
    return next((r.colour for r in records.get(pid, []) if r.round == before - 1), None)


def order(pairs: list[tuple[str, str]], records: Records, round_number: int) -> list[tuple[str, str]]:
    """Each board (higher-ranked player first) as (sente, gote) by the balanced rule; boards in order."""
    out = []
    for board, (a, b) in enumerate(pairs, start=1):
        ba, bb = balance(records, a, round_number), balance(records, b, round_number)
        if ba != bb:
            a_first = ba < bb
        elif (la := last_colour(records, a, round_number)) != (lb := last_colour(records, b, round_number)) \
                and "gote" in (la, lb):
            a_first = la == "gote"
        else:
            a_first = board % 2 == 1
        out.append((a, b) if a_first else (b, a))
    return out
