"""`.venv/bin/python -m generator new`: start an organizer's own festival in a data folder, in place of what it
holds. Everything is checked before anything is changed, and a failure at any step (a refusal, a full disk, a
file-size limit, no permission, Ctrl-C) leaves the data folder and mkdocs.yml as they were:

1. the options: --name and --city as `check` reads festival.yaml's name and city (sources/fields.py `Fields.line`:
   one line, no control character, at most 120 characters; surrounding spaces dropped, as the reader drops
   them); the festival's folder is its year and its name's words, cut to an id's length (cli/starter.py);
2. the places: the data folder is a folder (or nothing yet), not a link, and holds no link at any depth (none is
   followed, and none is removed: what an organizer linked in is his to sort out); every folder in it can be
   changed, so that it can be emptied; mkdocs.yml beside it is a regular file, not a link (cli/site_name.py);
3. the question (or --force);
4. the starter is written into a hidden folder inside the data folder (`.banzuke-new-…`) and checked there as
   `check` checks a data folder; mkdocs.yml's new text is written to a temporary file beside it;
5. the swap: the data folder's entries are moved into another hidden folder inside it (`.banzuke-old-…`), the
   starter's moved in, then mkdocs.yml replaced; when any of these fails, every move is undone;
6. last, the old entries are removed.

Why inside the data folder, not beside it: the folder itself is never renamed or replaced, so it keeps its owner
and permissions, and it may be a mount point or have a parent nobody may write (only the folder itself must be
writable, as it must be to be emptied at all); every move is a rename in one file system, never a copy. A data
folder that does not exist is made (with its missing parents) and removed again on failure. A run killed half-way
(a power cut) leaves the organizer's files in `.banzuke-old-…` (check ignores hidden folders) until removed.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date
from pathlib import Path

from ..countries import COUNTRIES
from ..diagnostics import Location, Report, display_path, printable
from ..pipeline import load
from ..sources.fields import Fields
from ..sources.files import Unwritable, WriteFailed, check_folder, make_folder, put_file, stage_file, write_file
from ..sources.yamltree import Mapping, Scalar
from .site_name import site_name_text
from .starter import STARTERS, starter_files
from .common import BadInput, Commands, EXIT_DATA_ERRORS, EXIT_ENVIRONMENT, EXIT_OK, checked, command

DEFAULT_EVENTS = "championship"
STAGED, OLD = ".banzuke-new-", ".banzuke-old-"  # the hidden folders of a replacement, inside the data folder
UNCHANGED = "nothing was changed"


def events_asked(text: str) -> list[str]:
    names = [x.strip() for x in text.split(",") if x.strip()]
    unknown = [x for x in names if x not in STARTERS]
    if unknown or not names:
        raise BadInput(f"--events takes names from: {', '.join(STARTERS)} (not {', '.join(unknown) or 'nothing'})")
    if len(set(names)) != len(names):
        raise BadInput("--events names an event twice")
    return names


def refused_by_check(key: str, value: str) -> str | None:
    """Why `check` would refuse `value` as festival.yaml's `key` (name, city), in its own words: the reader's
    validator asked (None: it takes it)."""
    where = Location(f"--{key}")
    report = Report()
    tree = Mapping(where, [(Scalar(where, key, key), Scalar(where, value, value))])
    Fields(tree, report, "festival.yaml", where).line(key)
    problem = next(iter(report.errors), None)
    if problem is None:
        return None
    return problem.message + (f" ({problem.hint})" if problem.hint else "")


def check_emptiable(data: Path) -> None:
    """Raises Unwritable unless `data` can be emptied without following or removing a link: no link in it, at
    any depth, and every folder in it (and it) changeable; a folder not yet there must be one its nearest
    existing parent lets be made. (Nothing is changed here.)"""
    if not data.is_dir():
        parent = next(p for p in data.absolute().parents if p.exists())
        if not os.access(parent, os.W_OK | os.X_OK):
            raise Unwritable(parent, "no permission to make the data folder in it (make the folder, or name "
                             "another one with --data)")
        return

    def unreadable(exc: OSError) -> None:
        raise WriteFailed(Path(exc.filename or data), exc, "look into the folder", UNCHANGED)

    for folder, dirs, names in os.walk(data, onerror=unreadable):  # (links are not followed)
        here = Path(folder)
        if not os.access(here, os.W_OK | os.X_OK):
            raise Unwritable(here, "no permission to change the folder, so new cannot empty it (give yourself "
                             "write permission, or empty it yourself)")
        for name in sorted(dirs + names):
            if (here / name).is_symlink():
                raise Unwritable(here / name, "it is a link to another place, in the data folder new would empty "
                                 "(remove the link yourself: new neither follows nor removes one)")


def confirmed(data: Path, present: list[Path], force: bool) -> bool:
    """Whether what is in the data folder may go: --force, or 'y' typed at the question."""
    if force or not present:
        return True
    shown = ", ".join(p.name for p in present[:6]) + (" …" if len(present) > 6 else "")
    if sys.stdin is None or sys.stdin.closed or not sys.stdin.isatty():  # (None: started with stdin closed)
        print(printable(f"error: {display_path(data)} is not empty ({shown}): run again with --force to replace "
                        "it with the starter"), file=sys.stderr)
        return False
    try:
        answer = input(printable(f"{display_path(data)} holds {shown}. Remove it all and write the starter? [y/N] "))
    except (EOFError, KeyboardInterrupt):  # Ctrl-D or Ctrl-C at the question: a no
        print(file=sys.stderr)
        return False
    return answer.strip().lower() in ("y", "yes")


@contextmanager
def undone(path: Path, doing: str = "write") -> Iterator[None]:
    """What the system refuses inside, said of `path`, ending 'nothing was changed' (the replacement undoes it)."""
    try:
        yield
    except Unwritable:
        raise
    except WriteFailed as exc:
        raise WriteFailed(path, exc, exc.doing, UNCHANGED) from exc
    except OSError as exc:
        raise WriteFailed(path, exc, doing, UNCHANGED) from exc


class StarterRefused(Exception):
    """The starter, written aside, does not pass check (a fault of the generator's): its report."""

    def __init__(self, report: Report):
        super().__init__("the starter does not pass check")
        self.report = report


class Replacement:
    """The data folder's contents replaced by `files` (texts by relative path) and mkdocs.yml by `config_text`,
    all or nothing (the module's docstring says how)."""

    def __init__(self, data: Path, files: dict[str, str], config: Path | None, config_text: str):
        self.data, self.files, self.config, self.config_text = data, files, config, config_text
        self.made: list[Path] = []  # folders made for the data folder, outermost first
        self.staged: Path | None = None
        self.old: Path | None = None
        self.config_temp: Path | None = None
        self.moved_out: list[str] = []
        self.moved_in: list[str] = []

    def run(self) -> None:
        """Staged, checked and swapped in; on any failure, everything as it was, and the failure raised."""
        try:
            self._make_data_folder()
            with undone(self.data, "write in the folder"):
                present = sorted(os.listdir(self.data))
                self.staged = Path(tempfile.mkdtemp(dir=self.data, prefix=STAGED))
                self.old = Path(tempfile.mkdtemp(dir=self.data, prefix=OLD))
            self._write_staged()
            loaded = load(self.staged)  # as `check` reads it (the old data is not read: it is not there)
            if not loaded.ok:
                raise StarterRefused(loaded.report)
            if self.config is not None:
                with undone(self.config):
                    self.config_temp = stage_file(self.config, self.config_text)
            for name in present:
                self._move(self.data / name, self.old / name, self.data / name)
                self.moved_out.append(name)
            for name in sorted(os.listdir(self.staged)):
                self._move(self.staged / name, self.data / name, self.data / name)
                self.moved_in.append(name)
            if self.config is not None and self.config_temp is not None:
                temp, self.config_temp = self.config_temp, None
                with undone(self.config):
                    put_file(temp, self.config)
        except BaseException:
            self._undo()
            raise

    def _make_data_folder(self) -> None:
        missing = [p for p in (self.data, *self.data.absolute().parents) if not os.path.lexists(p)]
        for folder in reversed(missing):
            make_folder(folder)
            self.made.append(folder)
        check_folder(self.data)

    def _write_staged(self) -> None:
        assert self.staged is not None
        for relative, text in self.files.items():
            target = self.staged / relative
            with undone(self.data / relative):  # named as the file the organizer will have, not its staged copy
                make_folder(target.parent)
                write_file(target, text)

    @staticmethod
    def _move(source: Path, target: Path, shown: Path) -> None:
        if os.path.lexists(target):  # (something put there meanwhile: never replaced)
            raise Unwritable(target, "something appeared there while new was writing (run new again)")
        with undone(shown, "move"):
            os.rename(source, target)

    def _undo(self) -> None:
        """Everything moved back, everything made removed. A move back that fails raises WriteFailed saying where
        the organizer's files are, and what is left is kept."""
        if self.config_temp is not None:
            self.config_temp.unlink(missing_ok=True)
        try:
            for name in reversed(self.moved_in):
                assert self.staged is not None
                os.rename(self.data / name, self.staged / name)
            for name in reversed(self.moved_out):
                assert self.old is not None
                os.rename(self.old / name, self.data / name)
        except OSError as exc:  # (raised in place of the failure being undone: this one is what the user must know)
            raise WriteFailed(Path(exc.filename or self.data), exc, "move it back",
                              f"the data folder's own files are in {display_path(self.old or self.data)}: move them "
                              "back by hand") from exc
        for folder in (self.staged, self.old):
            if folder is not None:
                shutil.rmtree(folder, ignore_errors=True)
        for folder in reversed(self.made):
            try:
                folder.rmdir()
            except OSError:
                break

    def finish(self) -> str | None:
        """The old entries removed, and the staging folder (empty now): None, or what could not be removed."""
        for folder in (self.old, self.staged):
            if folder is None:
                continue
            try:
                shutil.rmtree(folder)
            except OSError as exc:
                return printable(f"error: {display_path(folder)}: cannot remove the old files there: "
                                 f"{exc.strerror or exc} (the starter is written; remove the folder yourself)")
        return None


def run(args: argparse.Namespace) -> int:
    try:
        events = events_asked(args.events)
        first = date.fromisoformat(args.start) if args.start else date.today()
    except ValueError:
        print(f"error: --start must be a date as 2027-03-06, not '{args.start}'", file=sys.stderr)
        return EXIT_DATA_ERRORS
    except BadInput as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_DATA_ERRORS
    if args.country not in COUNTRIES:
        print(f"error: --country must be a two-letter ISO 3166 code as NL, not '{args.country}'", file=sys.stderr)
        return EXIT_DATA_ERRORS
    name, city = args.name.strip(), args.city.strip()  # (as the reader takes them from festival.yaml)
    for key, value in (("name", name), ("city", city)):
        why = refused_by_check(key, value)
        if why is not None:
            print(printable(f"error: --{key}: check would refuse it in festival.yaml: {why}; {UNCHANGED}"),
                  file=sys.stderr)
            return EXIT_DATA_ERRORS
    data: Path = args.data
    if data.exists() and not data.is_dir():
        print(printable(f"error: {display_path(data)} is not a folder"), file=sys.stderr)
        return EXIT_DATA_ERRORS
    check_folder(data)  # a link to another folder is not emptied
    check_emptiable(data)
    config, config_text, config_line = site_name_text(data, name)  # read before anything is changed
    present = sorted(data.iterdir()) if data.is_dir() else []
    if not confirmed(data, present, args.force):
        print(UNCHANGED, file=sys.stderr)
        return EXIT_DATA_ERRORS
    files = starter_files(events, name, city, args.country, first)
    replacement = Replacement(data, files, config, config_text)
    try:
        replacement.run()
    except StarterRefused as exc:
        for line in exc.report.lines():
            print(line, file=sys.stderr)
        print(f"error: the starter does not pass check (a fault of the generator's: please report it); {UNCHANGED}",
              file=sys.stderr)
        return EXIT_DATA_ERRORS
    for relative in files:
        print(printable(f"wrote {display_path(data / relative)}"))
    print(printable(config_line))
    left = replacement.finish()
    if left is not None:
        print(left, file=sys.stderr)
        return EXIT_ENVIRONMENT
    if not checked(data).ok:  # the starter passes `check` at once: shown here, not to be taken on trust
        return EXIT_DATA_ERRORS
    print("next: put your players in players.yaml and the events' lists, then `.venv/bin/python -m generator serve`")
    return EXIT_OK


def register(sub: Commands) -> None:
    new = command(sub, "new", "Start your own festival: empty the data folder (asking first, or --force) and write "
                  "a commented starter that passes check: players.yaml, festival.yaml and the events asked for.")
    new.add_argument("--events", default=DEFAULT_EVENTS,
                     help=f"comma-separated, from: {', '.join(STARTERS)} (default: {DEFAULT_EVENTS})")
    new.add_argument("--name", default="My Shogi Festival",
                     help="the festival's name, and the site's (site_name in the mkdocs.yml beside the data folder)")
    new.add_argument("--city", default="Amsterdam", help="where it is held (FESA's spelling)")
    new.add_argument("--country", default="NL", help="ISO 3166 two-letter code (default NL)")
    new.add_argument("--start", help="first day, as 2027-03-06 (default: today); the festival lasts two days")
    new.add_argument("--force", action="store_true", help="empty the data folder without asking")
    new.set_defaults(func=run)
