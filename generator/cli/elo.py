"""`.venv/bin/python -m generator elo PLAYER_ID`: a player's Elo for festival purposes and where it comes from."""

from __future__ import annotations

import argparse
import sys

from ..rules.festival_elo import player_elo
from .common import Commands, EXIT_DATA_ERRORS, EXIT_OK, command, find_event, loaded_or_errors, named_player


def run(args: argparse.Namespace) -> int:
    loaded = loaded_or_errors(args.data)
    if loaded is None:
        return EXIT_DATA_ERRORS
    player = named_player(loaded, args.player)
    if player is None:
        return EXIT_DATA_ERRORS
    if args.event is None:
        rating = player_elo(player)
        print(f"{player.name} ({player.id}): {rating if rating else 'no rating known'}")
        return EXIT_OK
    found = find_event(loaded, args.event)
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


def register(sub: Commands) -> None:
    elo = command(sub, "elo", "A player's Elo for festival purposes and where it comes from.")
    elo.add_argument("player", metavar="PLAYER_ID")
    elo.add_argument("--event", help="festival/event: the rating in each of its rounds, with adjustments")
    elo.set_defaults(func=run)
