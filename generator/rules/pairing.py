"""Swiss pairing, shared by every Swiss event: the caller decides the ranking order and the score groups.

docs/rulings.md#swiss-pairing: "score groups, inside a group top half against bottom half by rating, no
rematch, an odd player floats down; the bye goes to the lowest-ranked player without one." Round 1 is the
same rule with everybody on 0: docs/mso-2000.md#msowsc, "round 1: 1 vs N/2+1, 2 vs N/2+2, etc.".

The matcher takes the highest-ranked unpaired player and tries opponents in order of preference: his score
group's bottom half from its top, then the rest of his group, then lower groups in ranking order (a float).
It backtracks when a choice leaves the rest unpairable, so it finds a pairing without rematches whenever
one exists within its step budget; past that it allows rematches, fresh opponents first, and says so.

With adjacent=True (the Shuuro-250 pack, docs/shuuro-250.md#pairing: players on the same TP "matched in descending
'delta' order") the preference is simply the ranking order: 1st against 2nd, 3rd against 4th, ….
"""

from __future__ import annotations

import hashlib
from collections.abc import Hashable
from dataclasses import dataclass, field

STEP_BUDGET = 200_000


@dataclass(frozen=True)
class Candidate:
    id: str
    group: Hashable  # players with equal groups form a score group (e.g. their points)
    label: str = ""  # for the notes: "Smith, John (3½)"
    opponents: frozenset[str] = frozenset()
    had_bye: bool = False


@dataclass
class Proposal:
    pairs: list[tuple[str, str]] = field(default_factory=list)  # higher-ranked player first
    bye: str | None = None
    notes: list[str] = field(default_factory=list)


def pair(ranked: list[Candidate], adjacent: bool = False) -> Proposal:
    """Pair players given in ranking order (best first)."""
    proposal = Proposal()
    players = list(ranked)
    if len(players) % 2:
        without = [c for c in players if not c.had_bye]
        chosen = without[-1] if without else players[-1]
        if not without:
            proposal.notes.append(f"every player has had a bye: {chosen.label or chosen.id} gets a second one")
        proposal.bye = chosen.id
        players.remove(chosen)
    matched = _match(players, allow_rematch=False, adjacent=adjacent)
    if matched is None:
        matched = _match(players, allow_rematch=True, adjacent=adjacent)
        proposal.notes.append("no pairing without a rematch was found: rematches were allowed where needed")
    assert matched is not None  # with rematches allowed any even list pairs
    by_id = {c.id: c for c in players}
    for a, b in matched:
        proposal.pairs.append((a, b))
        ca, cb = by_id[a], by_id[b]
        if ca.group != cb.group:
            proposal.notes.append(f"{ca.label or a} floats down to {cb.label or b}")
        if b in ca.opponents:
            proposal.notes.append(f"rematch: {ca.label or a} and {cb.label or b} have met before")
    return proposal


def _preferences(remaining: list[Candidate], allow_rematch: bool, adjacent: bool = False) -> list[Candidate]:
    p = remaining[0]
    if adjacent:
        order = remaining[1:]
    else:
        group = [c for c in remaining if c.group == p.group]
        half = len(group) // 2
        preferred = group[max(half, 1):] + group[1:half]  # never the player himself
        others = [c for c in remaining[1:] if c.group != p.group]
        order = preferred + others
    if allow_rematch:
        return sorted(order, key=lambda c: c.id in p.opponents)  # stable: fresh opponents first
    return [c for c in order if c.id not in p.opponents]


def _match(players: list[Candidate], allow_rematch: bool, adjacent: bool = False) -> list[tuple[str, str]] | None:
    """Depth-first search over the preference lists; None when no pairing exists (or the budget ran out).

    frames[k] holds the players left at depth k, their first player's options and the next one to try;
    chosen[k] is the pair taken at depth k while that frame is being explored.
    """
    if not players:
        return []
    frames: list[tuple[list[Candidate], list[Candidate], list[int]]] = [
        (players, _preferences(players, allow_rematch, adjacent), [0])]
    chosen: list[tuple[str, str]] = []
    steps = 0
    while frames:
        steps += 1
        if steps > STEP_BUDGET:
            return None
        remaining, options, position = frames[-1]
        if len(chosen) == len(frames):
            chosen.pop()  # back at this depth: its last choice led nowhere
        if position[0] >= len(options):
            frames.pop()
            continue
        q = options[position[0]]
        position[0] += 1
        chosen.append((remaining[0].id, q.id))
        rest = [c for c in remaining[1:] if c is not q]
        if not rest:
            return chosen
        frames.append((rest, _preferences(rest, allow_rematch, adjacent), [0]))
    return None


def shuffle(seed: int, players: list[str]) -> list[str]:
    """A random order anyone can repeat: players sorted by the SHA-256 of "<seed>:<player id>" (hex digest),
    e.g. `printf '4711:rossi-marco' | sha256sum`. Round 1 of a Shuuro tournament pairs 1-2, 3-4, … in it; an
    all-play-all numbers its players in it."""
    return sorted(players, key=lambda pid: (hashlib.sha256(f"{seed}:{pid}".encode()).hexdigest(), pid))
