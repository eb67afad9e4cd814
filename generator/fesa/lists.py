"""The files of FESA's rating program: its rating list (ratingliste.pre/.post) and a tournament's new players
(nye-spillere), read with located errors. A list is data, never code (lisp.py reads nothing else)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

from ..diagnostics import Location, Report, display_path
from .lisp import MAX_BYTES, Char, Keyword, Struct, read_all, write
from .tournament import newcomer

ENCODING = "iso-8859-1"  # the program reads and writes its files in it


def _text(path: Path, report: Report) -> str | None:
    try:
        if path.is_file() and path.stat().st_size > MAX_BYTES:
            report.error(Location(display_path(path)), f"the file is larger than {MAX_BYTES // 1_000_000} MB, "
                         "more than a rating list ever is", "check it is the right file")
            return None
        return path.read_bytes().decode(ENCODING)
    except OSError as exc:
        report.error(Location(display_path(path)), f"cannot read the file: {exc.strerror}", "check the path")
        return None


def _one_list(path: Path, report: Report, problem: str, hint: str,
              lines: list[int] | None = None) -> list[object] | None:
    """The file's one top-level list (ISO 8859-1, as the program writes it)."""
    text = _text(path, report)
    return None if text is None else _one_of(text, display_path(path), report, problem, hint, lines)


def _one_of(text: str, shown: str, report: Report, problem: str, hint: str,
            lines: list[int] | None = None) -> list[object] | None:
    forms = read_all(text, shown, report, lines)
    if forms is None:
        return None
    if len(forms) != 1 or not isinstance(forms[0], list) and forms[0] is not None:
        report.error(Location(shown, 1), problem, hint)
        return None
    return forms[0] or []


def read_list(path: Path, report: Report) -> list[Struct] | None:
    """A rating list: one list of #S(PLAYER …) entries."""
    text = _text(path, report)
    return None if text is None else list_entries(text, display_path(path), report)


def list_entries(text: str, shown: str, report: Report) -> list[Struct] | None:
    """A rating list's entries, each checked to hold what the program keeps in it (None and located errors
    otherwise: nothing of a bad list is rated)."""
    before = len(report.errors)
    lines: list[int] = []
    entries = _one_of(text, shown, report, "a rating list is one list: ( #S(PLAYER …) … )",
                      "the file should start with ( and end with )", lines)
    if entries is None:
        return None
    problems = Capped(report, shown)
    for n, entry in enumerate(entries, start=1):
        if not isinstance(entry, Struct) or entry.name != "PLAYER":
            problems.error(Location(shown, lines[n - 1]), f"entry {n} of the list is not a #S(PLAYER …)",
                           "each line of the list is one player")
        else:
            for problem in _problems(entry.slots):
                problems.error(entry.loc or Location(shown), f"{write(entry.slots['LAST-NAME'])[:60]}: {problem}",
                               "write the entry as the rating program does (see the other entries)")
    problems.close()
    _twice([e for e in entries if isinstance(e, Struct) and e.name == "PLAYER"], shown, report)
    return None if len(report.errors) > before else [e for e in entries if isinstance(e, Struct)]


def _twice(entries: list[Struct], shown: str, report: Report) -> None:
    """A name twice in the list: the program finds the first (find-players), and so does the site; warned about
    (the first MAX_ERRORS of them)."""
    first: dict[tuple[object, object], Struct] = {}
    warned = 0
    for e in entries:
        name = (e.slots["LAST-NAME"], e.slots["FIRST-NAME"])
        if not isinstance(name[0], str) or not isinstance(name[1], str):
            continue
        if name in first and warned < MAX_ERRORS:
            warned += 1
            at = first[name].loc
            report.warning(e.loc or Location(shown), f"{write(name[0])[:60]} {write(name[1])[:60]} is in the list "
                           f"twice (first at line {at.line if at else '?'}): FESA's rating program takes the first "
                           "entry, and so does the preview", "remove or rename the other entry")
        first.setdefault(name, e)


class Capped:
    """A list's problems, the first MAX_ERRORS of them reported, then how many more (a hostile list has one in
    every entry: millions)."""

    def __init__(self, report: Report, shown: str):
        self.report, self.shown, self.count = report, shown, 0
        self.rest = Location(shown)  # where the first problem not reported is

    def error(self, location: Location, message: str, hint: str) -> None:
        self.count += 1
        if self.count <= MAX_ERRORS:
            self.report.error(location, message, hint)
        elif self.count == MAX_ERRORS + 1:
            self.rest = location

    def close(self) -> None:
        if self.count > MAX_ERRORS:
            more = self.count - MAX_ERRORS
            self.report.error(self.rest, f"and {more:,} more problem{'s' * (more != 1)} in the list, from this line "
                              "on", "correct the ones above and check again")


# The grades the program's tables reach: above 8 dan its promotion test runs off them.
_GRADES = {"": range(1), "dan": range(1, 9), "kyu": range(1, 21), "pro": range(10)}
MAX_GAMES = 100_000
MAX_UNRATED_GAMES = 1000  # an unrated player's games, each kept: more than anyone plays without being rated
MAX_RATING = 9999
MAX_ERRORS = 20  # problems reported of one list, before "and N more"


def _whole(value: object, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _game(value: object) -> bool:
    """(opponent's rating, score, weight), as an unrated player's games are kept."""
    return (isinstance(value, list) and len(value) == 3 and _whole(value[0], 0, MAX_RATING)
            and value[1] in (0, 1, Fraction(1, 2)) and not isinstance(value[1], bool) and _whole(value[2], 1, 1))


def _home(value: object) -> bool:
    """#S(HOME :LIST #\\E :NATIONALITY "GB" …): the program reads its list and its nationality."""
    return isinstance(value, Struct) and value.name == "HOME" and (value.slots["LIST"] is None or isinstance(
        value.slots["LIST"], Char)) and isinstance(value.slots["NATIONALITY"], (str, type(None)))


def _problems(slots: dict[str, Any]) -> list[str]:
    out = [f"{key} is not a string" for key in ("LAST-NAME", "FIRST-NAME") if not isinstance(slots[key], str)]
    for level, name in (("GRADE-LEVEL", "GRADE-NAME"), ("NSR-GRADE-LEVEL", "NSR-GRADE-NAME")):
        kind = slots[name]
        if not isinstance(kind, str) or kind.lower() not in _GRADES:
            out.append(f"{name} {write(kind)} is not \"Dan\", \"Kyu\", \"Pro\" or \"\"")
        elif not _whole(slots[level] or 0, 0, 99) or (slots[level] or 0) not in _GRADES[kind.lower()]:
            out.append(f"{level} {write(slots[level])} is not a grade of {kind or 'no grade (0)'}")
    if slots["ELO-NUMBER"] is not None and not _whole(slots["ELO-NUMBER"], 0, MAX_RATING):
        out.append(f"ELO-NUMBER {write(slots['ELO-NUMBER'])} is not a rating from 0 to {MAX_RATING}")
    homes = slots["NATIONALITY-LIST"]
    if not (homes is None or isinstance(homes, list) and all(_home(h) for h in homes)):
        out.append("NATIONALITY-LIST is not NIL or a list of #S(HOME …)")
    games = slots["GAMES"]
    if isinstance(games, list) and len(games) > MAX_UNRATED_GAMES:
        out.append(f"GAMES lists {len(games):,} games of an unrated player: more than {MAX_UNRATED_GAMES:,}, which "
                   "nobody plays unrated")
    elif not (games is None or _whole(games, 0, MAX_GAMES)
              or isinstance(games, list) and all(_game(g) for g in games)):
        out.append("GAMES is neither a number of games nor a list of (rating score 1) games")
    if not _whole(slots["BONUS-COUNT"] or 0, 0, MAX_GAMES):
        out.append(f"BONUS-COUNT {write(slots['BONUS-COUNT'])} is not a number of games")
    for key, size, flag in (("LB-COUNT", 3, True), ("MP-COUNT", 2, False)):
        value = slots[key]
        if value is not None and not (isinstance(value, list) and len(value) == size
                                      and value[0] == Keyword(key[:2]) and _whole(value[1], 0, MAX_GAMES)
                                      and (not flag or value[2] in (None, True))):
            out.append(f"{key} is not NIL or (:{key[:2]} games{' T/NIL' if flag else ''})")
    return out


def read_newcomers(path: Path, report: Report) -> list[Struct] | None:
    """nye-spillere: a list of (last first (homes…) grade-level grade-name elo games last-played)."""
    shown = display_path(path)
    before = len(report.errors)
    lines: list[int] = []
    entries = _one_list(path, report, "the new players are one list: ((\"Last\" \"First\" (…) 2 \"Kyu\" 0 0 nil) …)",
                        "a second form (the program's code) is not run here: remove it", lines)
    if entries is None:
        return None
    out = []
    problems = Capped(report, shown)
    for n, entry in enumerate(entries, start=1):
        ok = isinstance(entry, list) and 8 <= len(entry) <= 10 and isinstance(entry[0], str) \
            and isinstance(entry[1], str) and isinstance(entry[2], list) and all(_home(h) for h in entry[2]) \
            and isinstance(entry[3], int) and isinstance(entry[4], str)
        if not ok:
            problems.error(Location(shown, lines[n - 1]), f"new player {n} is not (\"Last\" \"First\" (#S(HOME …)) "
                           "grade-level \"Dan\"/\"Kyu\" elo games last-played)", "write it as the others are")
            continue
        player = newcomer(entry)
        for problem in _problems(player.slots):
            problems.error(Location(shown, lines[n - 1]), f"new player {n}: {problem}", "write it as the others are")
        out.append(player)
    problems.close()
    return None if len(report.errors) > before else out
