"""`.venv/bin/python -m generator fesa …`: FESA turnering.txt files: check, export, register, submit; and rate (FESA's
rating program, in fesa_rate.py)."""

from __future__ import annotations

import argparse
import datetime as dt
import sys
from pathlib import Path

from ..diagnostics import Location, Report, Severity, display_path
from ..fesa import messages, turnering
from ..fesa import validate as fesa_validate
from ..kinds import kind_of
from ..pipeline import Loaded
from ..sources.files import check_folder, write_files
from . import fesa_rate
from .common import Commands, EXIT_DATA_ERRORS, EXIT_OK, OneLineErrors, command, event_of, export_name, loaded_or_errors


def cmd_fesa_check(args: argparse.Namespace) -> int:
    report = Report()
    errors = warnings = 0  # every file's, those not shown too
    for path in args.files:
        shown = display_path(path)
        try:
            data = path.read_bytes()
        except OSError as exc:
            report.error(Location(shown), f"Cannot read the file: {exc.strerror}.")
            errors += 1
            continue
        found = Report()  # the file's problems, the first of them shown (fesa_validate.capped)
        tournament = turnering.read(data, shown, found)
        if tournament is not None:
            fesa_validate.validate(tournament, shown, found, rematches_allowed=args.allow_rematches)
        counted = fesa_validate.capped(found, report)
        errors, warnings = errors + counted[0], warnings + counted[1]
    for d in report.sorted():
        print(d.fesa_format(), file=sys.stderr if d.severity is Severity.ERROR else sys.stdout)
    files = len(args.files)
    print(f"{files} file{'s' * (files != 1)}: {errors} error{'s' * (errors != 1)}, {warnings} warning"
          f"{'s' * (warnings != 1)}", file=sys.stderr if report.errors else sys.stdout)
    return EXIT_DATA_ERRORS if report.errors else EXIT_OK


def cmd_fesa_export(args: argparse.Namespace) -> int:
    loaded = loaded_or_errors(args.data)
    if loaded is None:
        return EXIT_DATA_ERRORS
    check_folder(args.out)
    export(loaded, args.out)
    return EXIT_OK


def export(loaded: Loaded, out: Path) -> None:
    """Every rated event's turnering.txt into `out` (checked by check_folder first), each said: written, or
    skipped and why (`fesa export`, and `build --fesa-out` from the data it built)."""
    exported = {out / export_name(e): loaded.fesa[e.path].content for e in loaded.data.events()
                if loaded.fesa[e.path].exported}
    write_files(exported)  # all of them, or none and no folder made
    for event in loaded.data.events():
        fesa = loaded.fesa[event.path]
        if fesa.exported:
            print(f"wrote {display_path(out / export_name(event))}")
        else:
            print(f"skipped {event.path}: {fesa.reason}")


def cmd_fesa_register(args: argparse.Namespace) -> int:
    found = event_of(args)
    if found is None:
        return EXIT_DATA_ERRORS
    _, festival, event = found
    body, warnings = messages.registration(festival, event, today=args.today, mode=kind_of(event).fesa_mode)
    for w in warnings:
        print(f"warning: {w}", file=sys.stderr)
    print(body)
    return EXIT_OK


def cmd_fesa_submit(args: argparse.Namespace) -> int:
    found = event_of(args)
    if found is None:
        return EXIT_DATA_ERRORS
    loaded, _, event = found
    fesa = loaded.fesa[event.path]
    if not fesa.exported:
        print(f"error: {event.path} is not sent to FESA: {fesa.reason}", file=sys.stderr)
        return EXIT_DATA_ERRORS
    check_folder(args.out)
    target = args.out / export_name(event)
    write_files({target: fesa.content})  # (and the folder, which a failure leaves unmade)
    res = loaded.results[event.path]
    correction = args.correction or event.fesa_submitted is not None
    print(messages.submission(event, display_path(target), len(res.final), res.completed, correction))
    return EXIT_OK


def register(sub: Commands) -> None:
    fesa = sub.add_parser("fesa", help="FESA turnering.txt files: check, export, register, submit; rate.",
                          description="FESA turnering.txt files: check, export, register, submit; rate "
                                      "tournaments as FESA's rating program does.")
    fesa_sub = fesa.add_subparsers(dest="fesa_command", required=True, metavar="FESA_COMMAND",
                                   parser_class=OneLineErrors)
    fcheck = fesa_sub.add_parser("check", help="Validate turnering.txt files as FESA's validator does.",
                                 description="Validate turnering.txt files as FESA's validator does; "
                                             "exit 1 on any ERROR.")
    fcheck.add_argument("files", nargs="+", type=Path, metavar="FILE")
    fcheck.add_argument("--allow-rematches", action="store_true",
                        help="the event allows two players to meet more than once")
    fcheck.set_defaults(func=cmd_fesa_check)
    fexport = command(fesa_sub, "export", "Write every rated event's turnering.txt into one folder.")
    fexport.add_argument("--out", type=Path, default=Path("fesa"), help="the folder (default: fesa/)")
    fexport.set_defaults(func=cmd_fesa_export)
    freg = command(fesa_sub, "register", "Print the registration e-mail FESA asks for, with warnings.")
    freg.add_argument("event", metavar="EVENT", help="festival/event, e.g. 2000-mso-shogi/championship")
    freg.add_argument("--today", type=dt.date.fromisoformat, default=dt.date.today(),
                      help="the date to count the two weeks' notice from (default: today)")
    freg.set_defaults(func=cmd_fesa_register)
    fsub = command(fesa_sub, "submit", "Write the event's turnering.txt and print the e-mail to send it with.")
    fsub.add_argument("event", metavar="EVENT", help="festival/event, e.g. 2000-mso-shogi/championship")
    fsub.add_argument("--out", type=Path, default=Path("fesa"), help="where to write the file (default: fesa/)")
    fsub.add_argument("--correction", action="store_true",
                      help="a corrected file for results sent before (automatic when event.yaml has fesa_submitted)")
    fsub.set_defaults(func=cmd_fesa_submit)
    fesa_rate.register(fesa_sub)
