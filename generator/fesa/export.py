"""Our events as FESA tournaments: which events are rated, and the turnering.txt of each.

docs/rulings.md#fesa-export: events below FESA's minimum time control are not exported and the site
says so; a name ISO 8859-1 cannot hold is an error naming the player and the characters until the player's
data gives a fesa_name; nothing is dropped silently.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import replace
from fractions import Fraction

from ..countries import country_name
from ..diagnostics import Report
from ..messages import N_, Text, default_text
from ..model import Event, Outcome, Player
from ..names import unaccented
from ..rules.standings import EventResults
from .turnering import ENCODING, Line, Token, Tournament
from .validate import all_giver_scores, meets_minimum

# Our outcomes in FESA's notation. docs/fesa-turnering.md#results: "0+" bye, "0-" skipped round, "0=" half-point bye,
# "0#" no-show; docs/rulings.md#scores: the no-show's opponent gets a win without playing, "0+".
_UNPAIRED = {Outcome.BYE: "+", Outcome.FORFEIT_WIN: "+", Outcome.FORFEIT_LOSS: "#", Outcome.ABSENT: "-",
             Outcome.HALF_BYE: "=", Outcome.LATE: "-"}
_PLAYED = {Outcome.WIN: "+", Outcome.LOSS: "-", Outcome.DRAW: "="}


def rating_status(event: Event, completed: int, game_reason: str = "", kind_reason: str = "") -> tuple[bool, str]:
    """(exported, why not): the sentence the site shows for an event that is not sent to FESA; `game_reason` and
    `kind_reason` say why FESA cannot rate the event's game or its kind of event ('' when it can)."""
    if game_reason:
        return False, game_reason
    if not event.rated:
        # Translators: why an event is not sent to FESA for rating (after "not rated, because")
        return False, N_("the organizers do not submit this event for FESA rating")
    if kind_reason:
        return False, kind_reason
    tc = event.time_control
    if tc is None:
        # Translators: why an event is not sent to FESA for rating (after "not rated, because")
        return False, N_("no time control is given, so it cannot be shown to meet FESA's minimum")
    if not meets_minimum(tc.minutes, tc.byoyomi):
        # Translators: why an event is not sent to FESA for rating; {time_control} is e.g. "20 min"
        return False, Text(N_("its time control ({time_control}) is below FESA's minimum of 30 min + 30 s or 20 min + "
                              "40 s byoyomi"), time_control=tc.text)
    if completed < event.rounds_planned or completed < len(event.rounds):
        # Translators: why an event is not sent to FESA for rating (yet)
        return False, Text(N_("it is not finished: {completed} of {planned} rounds have every result in"),
                           completed=completed, planned=event.rounds_planned)
    return True, ""


def unencodable(text: str) -> list[str]:
    return sorted({c for c in text if not c.encode(ENCODING, "ignore")})


def fesa_name(player: Player) -> tuple[str, str]:
    return player.fesa_name or (player.family, player.given)


def name_problems(player: Player, nameless: Collection[tuple[str, str]] = ()) -> str | None:
    """Why the player's name cannot go into turnering.txt as it is, or None. `nameless`: names FESA's own list
    holds without a first name (its anonymised lists: N12 and nothing), which its program reads as they are."""
    last, first = fesa_name(player)
    bad = unencodable(last + first)
    if bad:
        return (f"the name of {player.name} ({player.id}) has characters ISO 8859-1 cannot hold: "
                + " ".join(f"'{c}'" for c in bad))
    if any(c in last + first for c in "[]"):
        return f"the name of {player.name} ({player.id}) has square brackets, which turnering.txt cannot hold"
    if not last or not first and (last, first) not in nameless:
        return f"{player.name} ({player.id}) needs a family and a given name for FESA"
    return None


def round_tokens(res: EventResults, pid: str, number: dict[str, int]) -> list[Token]:
    """A player's rounds in FESA's notation, opponents by their line `number`."""
    tokens = []
    for rec in res.records[pid]:
        if rec.outcome in _PLAYED and rec.opponent is not None:
            h = res.handicaps.get((rec.round, rec.board or 0))
            # docs/fesa-turnering.md#handicaps: "The player giving the handicap uses a minus sign, the player
            # receiving a plus".
            written = f"{'-' if h.giver == pid else '+'}{h.code}" if h else None
            tokens.append(Token(number[rec.opponent], _PLAYED[rec.outcome], written))
        else:
            tokens.append(Token(0, _UNPAIRED.get(rec.outcome, "-")))
    return tokens


def tournament(event: Event, res: EventResults, players: dict[str, Player], report: Report,
               listed: Collection[tuple[str, str]] = (), givers: Sequence[str] = ()) -> Tournament | None:
    """The event as a FESA tournament; problems with names are reported at the player's line. `listed`: the names
    on the festival's FESA list: not new to FESA, and known there even without a first name. `givers`: a simul's
    givers, the first lines, each `[&]` as FESA's program reads a giver (docs/rulings.md#simul); their games are
    in their opponents' lines."""
    number = {pid: i for i, pid in enumerate([*givers, *(s.player for s in res.final)], start=1)}
    lines = []
    ok = True
    for pid in givers:
        problem = name_problems(players[pid], listed)
        if problem:
            ok = False
            report.error(players[pid].loc, f"{problem} ({event.short} is exported to FESA)",
                         f'give the player a fesa_name, e.g. fesa_name: "{_ascii(players[pid].family)}, '
                         f'{_ascii(players[pid].given)}"')
            continue
        last, first = fesa_name(players[pid])
        lines.append(Line(placement=number[pid], new=False, last=last, first=first,
                          nationality=players[pid].country or None, results=(), simul=True))
    for s in res.final:
        player = players[s.player]
        problem = name_problems(player, listed)
        if problem:
            ok = False
            report.error(player.loc, f"{problem} ({event.short} is exported to FESA)",
                         f'give the player a fesa_name, e.g. fesa_name: "{_ascii(player.family)}, '
                         f'{_ascii(player.given)}"')
            continue
        tokens = round_tokens(res, s.player, number)
        last, first = fesa_name(player)
        new = player.fesa_new if player.fesa_new is not None else player.elo is None and (last, first) not in listed
        lines.append(Line(placement=number[s.player], new=new, last=last, first=first,
                          nationality=player.country or None, results=tuple(tokens),
                          macmahon=s.late if event.from_round else None, points=s.points))
    # (FESA's file is in one language: a name given in several, its first given)
    for key, text, where in (("name", event.fesa_name or default_text(event.name), event.name_loc),
                             ("city", event.fesa_city or event.city, event.city_loc)):
        bad = unencodable(text)
        if bad:
            ok = False
            report.error(where or event.loc, f"the {key} '{text}' has {', '.join(bad)}, which FESA's file (ISO 8859-1) "
                         f"cannot hold ({event.short} is exported to FESA)",
                         f'add fesa_{key}: with a plain spelling, e.g. fesa_{key}: "{_ascii(text)}"')
    if not ok:
        return None
    given = all_giver_scores(tuple(lines)) if givers else {}  # (here a line's placement is its number)
    lines = [replace(p, points=sum(given[p.placement], Fraction(0))) if p.simul else p for p in lines]
    start, end = event.start, event.end or event.start
    # docs/fesa-turnering.md#header-lines: line 2 is the *last* tournament date; the range goes into the name line.
    dates = (end.isoformat(), end.isoformat()) if end else None
    country = country_name(event.country) if event.country else ""
    place = ", ".join(x for x in (event.fesa_city or event.city, _ascii(country) if unencodable(country) else country)
                      if x)
    when = ""
    if start and end:
        when = start.isoformat() if start == end else f"{start.isoformat()} - {end.isoformat()}"
    title = ", ".join(x for x in (event.fesa_name or default_text(event.name), place, when) if x)
    tc = event.time_control
    rounds = " ".join(str(r) for r in range(1, res.completed + 1))
    return Tournament(name=title, dates=dates, time_control=(tc.minutes, tc.byoyomi) if tc else None,
                      columns=f"Nr Name Nat {rounds}{' MM' if event.from_round else ''} Pts", players=tuple(lines))


def _ascii(text: str) -> str:
    """A suggestion for fesa_name: accents dropped, brackets removed."""
    return unaccented(text).encode("ascii", "ignore").decode().replace("[", "").replace("]", "").strip()
