"""The turnering.txt format (docs/fesa-turnering.md#the-file): records, reader and writer.

    [Tournament Name, City, Country, Date(range)]
    [YYYY-MM-DD]                      or [YYYY-MM-DD - YYYY-MM-DD]
    [Time control: 30min + 30sec]     recommended
    Nr Name Nat 1 2 3 MM Pts          optional column headers
    1 N [Smith][John] PL [2+ 3-(+m) 1=][1] 2.5 SOS 12

FESA's program reads the file as ISO 8859-1, ignores lines starting with ';' and numbers the players by
line order; we tolerate what it tolerates (blank lines, a trailing blank line, handicap codes in capitals).
A simul's giver has `[&]` for his results (nothing else in the brackets but spaces, as the program reads it):
his games are those of the lines that name his number (docs/rulings.md#simul).
The reader records what is there; validate.py judges it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction

from ..diagnostics import Location, Report

ENCODING = "iso-8859-1"
# docs/fesa-turnering.md#handicaps: "the permitted handicaps"
HANDICAPS = ("m", "l", "b", "r", "rl", "2p", "4p", "5p", "6p")

_PLAYER = re.compile(
    r"^(?P<placement>\d+)\s+(?P<new>N\s+)?\[(?P<last>[^\]]*)\]\s*\[(?P<first>[^\]]*)\]\s*"
    r"(?P<nat>[^\s\[\]]+\s+)?\[(?P<results>[^\]]*)\](?:\s*\[(?P<macmahon>[^\]]*)\])?"
    r"(?:\s+(?P<points>\d+(?:[.,]\d+)?½?|½))?(?P<extra>\s+.*)?\s*$")
_TOKEN = re.compile(r"^(?P<opp>\d+)(?P<res>[-+=#])(?:\((?P<hc>[^)]*)\))?$")
_TIME_CONTROL = re.compile(r"^\[\s*time control:\s*(\d+)\s*min\s*(?:\+\s*(\d+)\s*sec)?\s*\]$", re.IGNORECASE)
DATE = r"\d{4}-\d{2}-\d{2}"


@dataclass(frozen=True)
class Token:
    """One round of one player: `2+`, `0-`, `3-(+m)`."""

    opponent: int
    result: str  # one of + - = #
    handicap: str | None = None  # as written inside the brackets, e.g. "-2p"
    col: int = field(default=0, compare=False)

    def __str__(self) -> str:
        return f"{self.opponent}{self.result}" + (f"({self.handicap})" if self.handicap is not None else "")

    @property
    def handicap_sign(self) -> str | None:
        return self.handicap[0] if self.handicap and self.handicap[0] in "+-" else None

    @property
    def handicap_code(self) -> str | None:
        if self.handicap is None:
            return None
        return (self.handicap[1:] if self.handicap_sign else self.handicap).lower()


@dataclass(frozen=True)
class Line:
    """One player line."""

    placement: int
    new: bool
    last: str
    first: str
    nationality: str | None
    results: tuple[Token, ...]
    macmahon: Fraction | None = None
    points: Fraction | None = None
    extra: str = ""
    bad_tokens: tuple[tuple[int, str], ...] = field(default=(), compare=False)  # (round, text) not results
    line: int = field(default=0, compare=False)
    simul: bool = False  # a simul's giver: `[&]`, his games in the lines that name him


GIVER = "&"  # a simul giver's results, alone in the brackets
GIVER_HINT = "a simul giver's line has [&] alone for its results: his games are in his opponents' lines"


@dataclass(frozen=True)
class Tournament:
    name: str
    dates: tuple[str, str] | None  # as written: validate.py checks they are real dates
    time_control: tuple[int, int] | None = None  # minutes, seconds of byoyomi
    columns: str | None = None
    players: tuple[Line, ...] = ()
    name_line: int = field(default=0, compare=False)
    date_line: int = field(default=0, compare=False)
    date_text: str = field(default="", compare=False)

    @property
    def rounds(self) -> int:
        return max((len(p.results) for p in self.players), default=0)


def parse_points(text: str) -> Fraction:
    text = text.replace(",", ".")
    half = text.endswith("½")
    base = text.rstrip("½")
    return (Fraction(base) if base else Fraction(0)) + (Fraction(1, 2) if half else 0)


def decode(data: bytes, shown: str, report: Report) -> str:
    """ISO 8859-1, as FESA's program reads it; a file that is really UTF-8 is named line by line."""
    text = data.decode(ENCODING)
    try:
        as_utf8 = data.decode("utf-8")
    except UnicodeDecodeError:
        return text
    if as_utf8 != text:
        for number, (latin, utf) in enumerate(zip(text.split("\n"), as_utf8.split("\n"), strict=True), start=1):
            if latin != utf:
                words = set(utf.split())  # (once a line: a long line has many words)
                wrong = next(w for w in latin.split() if w not in words)
                report.warning(Location(shown, number),
                               f'The file looks like UTF-8, not ISO 8859-1: FESA will read "{wrong}" '
                               f'here instead of "{wrong.encode(ENCODING).decode("utf-8", "replace")}".',
                               "save the file in ISO 8859-1 (Latin-1)")
    return text


BOM = "\N{LATIN SMALL LETTER I WITH DIAERESIS}\N{RIGHT-POINTING DOUBLE ANGLE QUOTATION MARK}\N{INVERTED QUESTION MARK}"
# UTF-8's byte order mark read as ISO 8859-1, as FESA's program sees it ("ï»¿"); decode() warns about it.
DOS_EOF = "\x1a"  # Ctrl-Z, which old DOS editors write at the end of a file
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")  # (a tab, a line's end and Ctrl-Z: read as they are)


def read(data: bytes, shown: str, report: Report) -> Tournament | None:
    text = decode(data, shown, report)
    text = text.removeprefix(BOM)
    if DOS_EOF in text:
        text, after = text.split(DOS_EOF, 1)
        if after.strip():
            report.warning(Location(shown, text.count("\n") + 1), "Text after Ctrl-Z (end of file) is ignored.",
                           "remove the Ctrl-Z character if the lines after it belong to the file")
    for n, raw in enumerate(text.split("\n"), start=1):
        if control := _CONTROL.search(raw):
            report.error(Location(shown, n, control.start() + 1),
                         f"A control character (U+{ord(control[0]):04X}) is not text: FESA's program and the site "
                         "would show it as nothing, or as something else.",
                         "delete it: it is often pasted by accident")
    lines = [(n, raw.rstrip("\r\n").strip()) for n, raw in enumerate(text.split("\n"), start=1)]
    lines = [(n, s) for n, s in lines if s and not s.startswith(";")]
    if not lines:
        report.error(Location(shown, 1), "Tournament name cannot be empty.", "the file is empty")
        return None
    name_line, first = lines[0]
    name = first[1:-1].strip() if first.startswith("[") and first.endswith("]") else ""
    if not name:
        report.error(Location(shown, name_line), "Tournament name cannot be empty.",
                     "line 1 must be the tournament name in brackets: [Name, City, Country, Date]")
    rest = lines[1:]
    dates = None
    date_line, date_text = (rest[0] if rest else (name_line, ""))
    match = re.fullmatch(rf"\[\s*({DATE})\s*(?:-\s*({DATE})\s*)?\]", date_text)
    if match:
        dates = (match.group(1), match.group(2) or match.group(1))
        rest = rest[1:]
    elif rest and not _PLAYER.match(date_text) and date_text.startswith("["):
        rest = rest[1:]  # a date line in the wrong format: reported by the validator
    time_control = None
    if rest and rest[0][1].lower().startswith("[time control"):
        tc = _TIME_CONTROL.match(rest[0][1])
        if tc:
            time_control = (int(tc.group(1)), int(tc.group(2) or 0))
        else:
            report.error(Location(shown, rest[0][0]), "Invalid time control format.",
                         "write it as [Time control: 30min + 30sec]")
        rest = rest[1:]
    columns = None
    if rest and not rest[0][1][:1].isdigit():
        columns = rest[0][1]
        rest = rest[1:]
    players = []
    for number, s in rest:
        line = _player(number, s, shown, report)
        if line is not None:
            players.append(line)
    return Tournament(name, dates, time_control, columns, tuple(players), name_line=name_line,
                      date_line=date_line, date_text=date_text)


MAX_NAME = 120  # characters of a player's name, as the reader of the other files allows


def _player(number: int, text: str, shown: str, report: Report) -> Line | None:
    m = _PLAYER.match(text) if len(text) <= 4000 else None  # a line that long is no player line
    if not m:
        report.error(Location(shown, number), "Invalid player line.",
                     "write <Placement> [<LastName>][<FirstName>] <Nat> [<Results>] <Points>, "
                     "e.g. 1 [Smith][John] GB [2+ 3- 1=] 2.5")
        return None
    if len(m.group("last")) + len(m.group("first")) > MAX_NAME:
        report.error(Location(shown, number), f"Player name longer than {MAX_NAME} characters.",
                     "shorten the name")  # read on, so that the rest of the file is checked too
    tokens, bad = [], []
    giver = m.group("results").strip(" ") == GIVER  # (the program trims spaces only)
    for rnd, found in enumerate(re.finditer(r"\S+", "" if giver else m.group("results")), start=1):
        word, col = found.group(), m.start("results") + found.start() + 1  # (the column in the line as read)
        t = _TOKEN.match(word)
        if t:
            tokens.append(Token(int(t.group("opp")), t.group("res"), t.group("hc"), col))
        else:
            bad.append((rnd, word))
            tokens.append(Token(0, "?", col=col))
    macmahon = None
    if m.group("macmahon") is not None:
        try:
            macmahon = parse_points(m.group("macmahon").strip() or "0")
        except (ValueError, ZeroDivisionError):
            report.error(Location(shown, number), f'Invalid MacMahon points "{m.group("macmahon")}".',
                         "write a number, e.g. [1]")
    return Line(
        placement=int(m.group("placement")), new=bool(m.group("new")), last=m.group("last").strip(),
        first=m.group("first").strip(), nationality=(m.group("nat") or "").strip() or None,
        results=tuple(tokens), macmahon=macmahon,
        points=parse_points(m.group("points")) if m.group("points") else None,
        extra=(m.group("extra") or "").strip(), bad_tokens=tuple(bad), line=number, simul=giver)


def points_text(value: Fraction) -> str:
    whole, rest = divmod(value, 1)
    return str(whole) if rest == 0 else f"{float(value):g}" if value.denominator in (2, 4) else str(value)


def write(t: Tournament) -> str:
    """The file as text (encode with ENCODING); the mirror image of read()."""
    out = [f"[{t.name}]"]
    if t.dates:
        start, end = t.dates
        out.append(f"[{end}]" if start == end else f"[{start} - {end}]")
    if t.time_control:
        out.append(f"[Time control: {t.time_control[0]}min + {t.time_control[1]}sec]")
    if t.columns:
        out.append(t.columns)
    for p in t.players:
        parts = [str(p.placement)]
        if p.new:
            parts.append("N")
        parts.append(f"[{p.last}][{p.first}]")
        if p.nationality:
            parts.append(p.nationality)
        results = f"[{GIVER}]" if p.simul else f"[{' '.join(str(r) for r in p.results)}]"
        if p.macmahon is not None:
            results += f"[{points_text(p.macmahon)}]"
        parts.append(results)
        if p.points is not None:
            parts.append(points_text(p.points))
        if p.extra:
            parts.append(p.extra)
        out.append(" ".join(parts))
    return "\n".join(out) + "\n"
