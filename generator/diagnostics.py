"""Located problems in data files: collected, sorted and printed all at once."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from enum import Enum
from typing import NamedTuple
from pathlib import Path


class Severity(Enum):
    ERROR = "error"
    WARNING = "warning"


class Location(NamedTuple):
    """A place in a file: 1-based line and column (0 means 'the whole file' or 'the whole line'). A named
    tuple: every value read from a data file carries one, and tuples are made fastest."""

    file: str
    line: int = 0
    col: int = 0

    def __str__(self) -> str:
        out = self.file
        if self.line:
            out += f":{self.line}"
            if self.col:
                out += f":{self.col}"
        return out


@dataclass(frozen=True)
class Diagnostic:
    location: Location
    severity: Severity
    message: str
    hint: str = ""

    def fesa_format(self) -> str:
        """As FESA's validator prints it: path:line: ERROR: message."""
        return printable(f"{self.location}: {self.severity.value.upper()}: {self.message}")

    def github_format(self) -> str:
        """As a GitHub Actions workflow command, so that the problem shows on the line of the pull request:
        ::error file=F,line=L,col=C::message (hint). Property values escape % CR LF : and ,; the message
        % CR LF (GitHub's rules for workflow commands)."""
        props = [f"file={_escape(self.location.file, True)}"]
        if self.location.line:
            props.append(f"line={self.location.line}")
            if self.location.col:
                props.append(f"col={self.location.col}")
        text = self.message + (f" ({self.hint})" if self.hint else "")
        return f"::{self.severity.value} {','.join(props)}::{_escape(text, False)}"

    def format(self) -> str:
        """One line: place, severity, message (hint). What the data put in a name or a path is shown escaped, so
        that no line break or control character (nor a line that begins '::', which GitHub Actions would obey)
        can come from it."""
        text = f"{self.location}: {self.severity.value}: {self.message}"
        if self.hint:
            text += f" ({self.hint})"
        return printable(text)


@dataclass
class Report:
    """Every problem found while reading and checking; nothing is ever thrown at the user."""

    diagnostics: list[Diagnostic] = field(default_factory=list)
    unread: set[str] = field(default_factory=set)  # files that could not be read at all (syntax, limits, access)

    def error(self, location: Location, message: str, hint: str = "") -> None:
        self.diagnostics.append(Diagnostic(location, Severity.ERROR, message, hint))

    def warning(self, location: Location, message: str, hint: str = "") -> None:
        self.diagnostics.append(Diagnostic(location, Severity.WARNING, message, hint))

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.sorted() if d.severity is Severity.ERROR]

    @property
    def warnings(self) -> list[Diagnostic]:
        return [d for d in self.sorted() if d.severity is Severity.WARNING]

    def sorted(self) -> list[Diagnostic]:
        """File by file; in a file, the problems on a line in line order, then those of the whole file, which
        they often cause (a mistyped id on line 12, then "… is missing from round 9")."""
        unique = dict.fromkeys(self.diagnostics)
        return sorted(unique, key=lambda d: (d.location.file, d.location.line == 0, d.location, d.severity.value,
                                             d.message))

    def lines(self, github: bool = False) -> list[str]:
        """Every problem, one per line; github: as GitHub Actions annotations."""
        return [d.github_format() if github else d.format() for d in self.sorted()]

    def summary(self) -> str:
        e, w = len(self.errors), len(self.warnings)
        return f"{e} error{'s' * (e != 1)}, {w} warning{'s' * (w != 1)}"


def printable(text: str) -> str:
    """Control and format characters (line breaks, tabs, bidirectional overrides …) and lone surrogates as
    escapes such as \\n or \\u202e: a printed line stays one line, shows what is really there, and can always be
    written out."""
    return "".join(c if c.isprintable() and not 0xD800 <= ord(c) <= 0xDFFF else
                   c.encode("unicode_escape").decode("ascii") for c in text)


def _escape(text: str, property_value: bool) -> str:
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return text.replace(":", "%3A").replace(",", "%2C") if property_value else text


def display_path(path: Path) -> str:
    """A path as the user should see it: relative to the working directory when inside it."""
    try:
        rel = os.path.relpath(path)
    except ValueError:
        return path.as_posix()
    if rel.startswith(".."):
        return path.as_posix()
    return Path(rel).as_posix()
