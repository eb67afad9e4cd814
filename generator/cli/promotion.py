"""`.venv/bin/python -m generator promotion PLAYER_ID`: one player under the Dutch promotion system."""

from __future__ import annotations

import argparse
import datetime as dt

from ..rules.festival_elo import grade_name
from .common import Commands, EXIT_DATA_ERRORS, EXIT_OK, command, loaded_or_errors, named_player


def run(args: argparse.Namespace) -> int:
    """One player under the Dutch promotion system: promotions, every game considered, the current series."""
    loaded = loaded_or_errors(args.data)
    if loaded is None:
        return EXIT_DATA_ERRORS
    players = loaded.data.players
    player = named_player(loaded, args.player)
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


def register(sub: Commands) -> None:
    pm = command(sub, "promotion", "A player under the Dutch promotion system: promotions, games counted and why, "
                 "the current series.")
    pm.add_argument("player", metavar="PLAYER_ID")
    pm.set_defaults(func=run)
