"""`.venv/bin/python -m generator check`: read and check every data file; every problem located."""

from __future__ import annotations

import argparse

from .common import Commands, EXIT_DATA_ERRORS, EXIT_OK, check_data, command


def run(args: argparse.Namespace) -> int:
    return EXIT_OK if check_data(args.data, args.annotations == "github") else EXIT_DATA_ERRORS


def register(sub: Commands) -> None:
    ck = command(sub, "check", "Read and check every data file; list every problem as file:line:col.")
    ck.add_argument("--annotations", choices=["github"],
                    help="github: print the problems as GitHub Actions annotations (they show on the changed lines)")
    ck.set_defaults(func=run)
