"""The checks of FESA's validator, with the guide's own wording (docs/fesa-turnering.md#validator-messages).

Messages the guide gives are quoted exactly; the others follow their style: "Player #n …", "in round r".
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Collection
from fractions import Fraction

from ..diagnostics import Location, Report, Severity
from .turnering import GIVER, GIVER_HINT, HANDICAPS, Line, Token, Tournament

# docs/fesa-turnering.md#minimum-time-control: "Minimum time controls must be either: 30 minutes + 30 seconds
# byoyomi, or 20 minutes + 40 seconds"
MINIMUM_TIME_CONTROLS = ((30, 30), (20, 40))

# docs/fesa-turnering.md#results: 0+ bye (a point), 0- skipped round (no point), 0= half a point, 0# no-show (a loss).
POINTS = {"+": Fraction(1), "=": Fraction(1, 2), "-": Fraction(0), "#": Fraction(0)}
# The guide's FAQ writes a no-show against a paired opponent as "3#": the opponent then wins without play, "n+".
AGREE = {("+", "-"), ("-", "+"), ("=", "="), ("#", "+"), ("+", "#")}


def meets_minimum(minutes: int, seconds: int) -> bool:
    return any(minutes >= m and seconds >= s for m, s in MINIMUM_TIME_CONTROLS)


def _date(text: str) -> dt.date | None:
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        return None


def validate(t: Tournament, shown: str, report: Report, rematches_allowed: bool = False,
             nameless: Collection[tuple[str, str]] = (), told: Collection[tuple[int, int]] = ()) -> None:
    """`nameless`: names FESA's own list holds without a first name (its anonymised lists), not empty names.
    `told`: (player's number, round) of results the caller has reported itself, in its own words (`fesa rate`, in
    the rating program's): what they are written with is not reported again."""
    def at(line: int) -> Location:
        return Location(shown, line)

    if t.dates is None:
        report.error(at(t.date_line), "Invalid date format.",
                     "line 2 must be [YYYY-MM-DD] or [YYYY-MM-DD - YYYY-MM-DD]")
    else:
        start, end = (_date(d) for d in t.dates)
        if start is None or end is None:
            report.error(at(t.date_line), "Invalid date format.", f"{t.date_text} is not a date that exists")
        elif end < start:
            report.error(at(t.date_line), "Invalid date format.", "the range ends before it starts")
    if t.time_control and not meets_minimum(*t.time_control):
        report.warning(at(t.date_line + 1),
                       f"Time control {t.time_control[0]}min + {t.time_control[1]}sec is below FESA's minimum "
                       "(30min + 30sec or 20min + 40sec byoyomi).", "such a tournament is not rated")

    players = t.players
    n = len(players)
    played = [p for p in players if not p.simul]  # a simul's givers have no rounds of their own
    given = all_giver_scores(players) if n > len(played) else {}
    usual = Counter(len(p.results) for p in played).most_common(1)[0][0] if played else 0
    for number, p in enumerate(players, start=1):
        here = at(p.line)
        expected = number
        if p.placement != expected and not (number > 1 and p.placement == players[number - 2].placement
                                            and p.placement < expected):
            report.error(here, f"Placement of player #{number} is {p.placement}, expected {expected}.",
                         "number the players 1, 2, 3 … in order of their final standing")
        if not p.last or not p.first and (p.last, p.first) not in nameless:
            report.error(here, f"Player #{number} has an empty name.", "write [LastName][FirstName]")
        if p.nationality is not None and not (len(p.nationality) == 2 and p.nationality.isalpha()):
            report.error(here, f'Invalid nationality "{p.nationality}" for player #{number}.',
                         "use a two-letter country code, e.g. GB")
        if p.simul and not given[number]:
            report.warning(here, f"Player #{number} is a simul giver ([&]), but no line names him: he played no "
                           "game.", f"give his opponents' results his number (e.g. {number}+ for a win against him), "
                           "or remove his line")
        if len(p.results) != usual and not p.simul:
            count = len(p.results)
            report.error(here, f"Player #{number} has {count} round{'s' * (count != 1)}, the others have {usual}.",
                         "give every player one result per round (0- for a round not played)")
        for rnd, word in p.bad_tokens:
            if (number, rnd) in told:
                continue
            report.error(here, f'Invalid result "{word}" for player #{number} in round {rnd}.',
                         GIVER_HINT if GIVER in word else "write <opponent><+|-|=|#>, e.g. 2+ or 0-")
        seen: dict[int, int] = {}
        for rnd, tok in enumerate(p.results, start=1):
            if tok.result == "?":
                continue
            if _invalid_handicap(tok) and (number, rnd) not in told:
                report.error(here, f'Invalid handicap notation "({tok.handicap})" for player #{number} in round {rnd}.',
                             "use -code for the giver and +code for the receiver, code one of "
                             + ", ".join(HANDICAPS))
            if tok.opponent == 0:
                if tok.handicap is not None:
                    report.error(here, f"Player #{number} has a handicap without an opponent in round {rnd}.")
                continue
            if tok.opponent > n:
                report.error(here, f"Player #{number} has opponent #{tok.opponent} in round {rnd}, "
                             f"but there {'is only 1 player' if n == 1 else f'are only {n} players'}.",
                             "opponents are numbered by line order")
                continue
            if tok.opponent == number:
                report.error(here, f"Player #{number} is paired against himself in round {rnd}.",
                             "opponents are numbered by line order")
                continue
            if tok.opponent in seen and not rematches_allowed:
                report.error(here, f"Player #{number} meets player #{tok.opponent} twice "
                             f"(rounds {seen[tok.opponent]} and {rnd}).", "correct the opponent numbers")
            seen.setdefault(tok.opponent, rnd)
            if players[tok.opponent - 1].simul:
                if tok.result not in "+-=":
                    report.error(here, f"Player #{number} has {tok.result} against the simul giver "
                                 f"#{tok.opponent} in round {rnd}.", "a game against a giver is won (+), lost (-) "
                                 "or drawn (=); a game not played is 0-")
                continue  # the giver's side of the game is this one, turned round (FESA's program)
            if tok.opponent < number:
                continue  # each pair is compared once, from the lower number
            other = players[tok.opponent - 1].results
            theirs = other[rnd - 1] if rnd <= len(other) else None
            if theirs is None or theirs.opponent != number or (tok.result, theirs.result) not in AGREE:
                report.error(here, f"Inconsistent results between player #{number} and player "
                             f"#{tok.opponent} in round {rnd}.",
                             "if one won, the other lost against him; a draw is = on both lines; a no-show "
                             "(#) against him is a win (+) on his line")
            elif _invalid_handicap(tok) or _invalid_handicap(theirs):
                continue  # reported as an invalid notation on its own line, and only there
            elif (tok.handicap is None) != (theirs.handicap is None) or (
                    tok.handicap is not None and theirs.handicap is not None
                    and (tok.handicap_code != theirs.handicap_code or tok.handicap_sign == theirs.handicap_sign)):
                report.error(here, f"Inconsistent handicap between player #{number} and player "
                             f"#{tok.opponent} in round {rnd}.",
                             "the giver writes (-code), the receiver (+code), with the same code")
        if p.points is not None and not p.bad_tokens:
            scores = (given.get(number, []) if p.simul
                      else [POINTS.get(t.result, Fraction(0)) for t in p.results])
            total = sum(scores, p.macmahon or Fraction(0))
            if total != p.points:
                report.error(here, f"Player #{number} has {_num(p.points)} points, but the results give "
                             f"{_num(total)}.", "correct the results or the points")


def all_giver_scores(players: tuple[Line, ...]) -> dict[int, list[Fraction]]:
    """Each simul giver's score (by his number) in each game against him, one less his opponent's, in line order:
    one pass over the file, however many givers it has (a giver's games are in his opponents' lines)."""
    scores: dict[int, list[Fraction]] = {number: [] for number, p in enumerate(players, start=1) if p.simul}
    for p in players:
        if p.simul:
            continue
        for t in p.results:
            if t.opponent in scores and t.result in "+-=":
                scores[t.opponent].append(1 - POINTS[t.result])
    return scores


MAX_SHOWN = 100  # a file's errors (and, apart, its warnings) shown, the first in line order, before "and N more"


def capped(found: Report, report: Report, limit: int = MAX_SHOWN) -> tuple[int, int]:
    """One file's problems (`found`, read and checked apart) into `report`: of its errors the first `limit` in line
    order, then one error where the first one not shown is, saying how many more there are; the same for its
    warnings. A file with a mistake on every line (10,000 simul givers, say) is not 10,000 lines of output. The
    file's errors and warnings, counted."""
    report.unread |= found.unread
    shown = found.sorted()
    counts = []
    for severity, add in ((Severity.ERROR, report.error), (Severity.WARNING, report.warning)):
        those = [d for d in shown if d.severity is severity]
        counts.append(len(those))
        report.diagnostics.extend(those[:limit])
        if len(those) > limit:
            more, word = len(those) - limit, severity.value
            add(those[limit].location, f"and {more:,} more {word}{'s' * (more != 1)} in this file from this line "
                f"on, not shown: correct the {word}s above and check again to see them")
    return counts[0], counts[1]


def _invalid_handicap(tok: Token) -> bool:
    return tok.handicap is not None and (tok.handicap_sign is None or tok.handicap_code not in HANDICAPS)


def _num(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"
