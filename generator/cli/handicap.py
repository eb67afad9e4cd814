"""`.venv/bin/python -m generator handicap GIVER_ELO RECEIVER_ELO`: the handicap, with the arithmetic."""

from __future__ import annotations

import argparse
import sys

from ..rules import handicaps
from .common import BadInput, Commands, EXIT_DATA_ERRORS, EXIT_OK, whole


def run(args: argparse.Namespace) -> int:
    try:
        giver = whole(args.giver, "GIVER_ELO", 0)
        receiver = whole(args.receiver, "RECEIVER_ELO", 0)
        boards = whole(args.simul_boards, "--simul-boards", 1) if args.simul_boards is not None else None
    except BadInput as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_DATA_ERRORS
    result = handicaps.compute(giver, receiver, boards)
    for step in result.steps:
        print(step)
    if giver < receiver:
        print(f"note: the receiver is the stronger player by {receiver - giver}: swap the two ratings")
    if result.code is None:
        print("Handicap: none (an even game)")
    else:
        print(f"Handicap: {handicaps.label(result.code)}; in turnering.txt the giver writes "
              f"(-{result.code}), the receiver (+{result.code})")
    return EXIT_OK


def register(sub: Commands) -> None:
    hc = sub.add_parser("handicap", help="The handicap between two Elo ratings, with the arithmetic.",
                        description="The handicap between two Elo ratings (seed's table), with the arithmetic.")
    hc.add_argument("giver", metavar="GIVER_ELO")
    hc.add_argument("receiver", metavar="RECEIVER_ELO")
    hc.add_argument("--simul-boards", metavar="N", help="the giver plays a simultaneous exhibition on N boards")
    hc.set_defaults(func=run)
