"""`.venv/bin/python -m generator fees`: entry fees, for the organizers."""

from __future__ import annotations

import argparse
import sys
from decimal import Decimal

from ..rules import fees
from .common import Commands, EXIT_DATA_ERRORS, EXIT_OK, command, loaded_or_errors


def run(args: argparse.Namespace) -> int:
    """Entry fees per event and per player, for the organizers' cash box (not on the public site)."""
    loaded = loaded_or_errors(args.data)
    if loaded is None:
        return EXIT_DATA_ERRORS
    festivals = [f for f in loaded.data.festivals if args.festival in (None, f.id)]
    if not festivals:
        known = ", ".join(f.id for f in loaded.data.festivals)
        print(f"error: no festival '{args.festival}' (festivals: {known})", file=sys.stderr)
        return EXIT_DATA_ERRORS
    players = loaded.data.players
    for festival in festivals:
        events = fees.festival_fees(festival, players)
        if not events:
            continue
        print(f"{festival.name}: entry fees (for the organizers, not published)")
        totals: dict[str, Decimal] = {}
        width = max(len(ef.event.short) for ef in events)
        for ef in events:
            rate = ef.event.entry_fee
            assert rate is not None
            if rate.standard == 0 and not rate.junior:
                print(f"  {ef.event.short:<{width}}  free: {len(ef.fees)} players")
                continue
            sum_text = f"{len(ef.fees) - ef.juniors} x {rate.standard:.2f}"
            if rate.junior is not None:
                sum_text += f" + {ef.juniors} x {rate.junior:.2f} (juniors)"
            print(f"  {ef.event.short:<{width}}  {sum_text} = {ef.total} {rate.currency}")
            totals[rate.currency] = totals.get(rate.currency, Decimal(0)) + ef.total
        for currency, total in totals.items():
            print(f"  {'Total':<{width}}  {total} {currency}")
        if args.players:
            print("\n  Per player:")
            owed = fees.by_player(events)
            for pid in sorted(owed, key=lambda p: (players[p].name, p)):
                items = [(e, f) for e, f in owed[pid] if f.amount]
                if not items:
                    continue
                parts = ", ".join(f"{e.short} {f.amount}{' (junior)' if f.junior else ''}" for e, f in items)
                money = sum((f.amount for _, f in items), Decimal(0))
                print(f"  {players[pid].name:<28} {money:>8}  {parts}")
        print()
    return EXIT_OK


def register(sub: Commands) -> None:
    fe = command(sub, "fees", "Entry fees per event (junior rates applied) and per player, for the organizers.")
    fe.add_argument("festival", metavar="FESTIVAL", nargs="?", help="a festival folder (default: all of them)")
    fe.add_argument("--players", action="store_true", help="also list what each player pays")
    fe.set_defaults(func=run)
