"""Wall sheets: pages meant for printing and pinning up at the venue (the print stylesheet in assets/extra.css
drops the navigation and sets large type on A4, the table's header repeated on every sheet). For each round with
pairings, the boards in order and every player alphabetically with his board and colour ("find your board");
for each event, its standings. Each sheet carries the round's or event's address as a QR code, the site's published
address (mkdocs.yml `site_url`, else BANZUKE_SITE_URL; never the preview's own, which no phone can open); without
one, the sheet says that no address is configured and how to give one."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import segno
from markupsafe import Markup

from ..kinds import kind_of
from ..messages import N_
from ..model import Event, Outcome, PlayerId, Round, TeamSetup
from ..names import unaccented
from ..rules.standings import EventResults
from ..rules.team_swiss.scores import COLUMNS as TEAM_COLUMNS
from ..rules.tiebreaks import TIEBREAKS
from .i18n import _, pgettext
from .matches import seats
from .now import when
from .paths import boards_sheet, event_page, names_sheet, player_page, round_page, standings_sheet
from .text import link, points, url
from .words import outcome_word, rest_word

if TYPE_CHECKING:
    from .base import RendererBase


# Translators: on a printed sheet without a QR code; site_url, mkdocs.yml and BANZUKE_SITE_URL are names to keep
NO_ADDRESS = N_("No site address configured (no QR code): set site_url in mkdocs.yml or BANZUKE_SITE_URL.")
ROWS = 30  # lines of names on a printed A4 page of the "find your board" sheet (two names a line)
LONG, LONGER = 22, 32  # names longer than these print smaller (sheet-small, sheet-smaller in assets/extra.css)


def qr(site_url: str, target: str) -> Markup:
    """The address of the page built from `target` as an inline SVG QR code; without the site's address, a line
    saying so."""
    if not site_url:
        return Markup('<span class="sheet-no-address">{}</span>').format(_(NO_ADDRESS))
    address = site_url.rstrip("/") + "/" + url(target, "index.md")
    code = segno.make(address, error="m", micro=False)
    svg = code.svg_inline(scale=1, border=2, dark="#000", light="#fff", omitsize=True)
    named = Markup('<svg role="img" aria-label="{}" ').format(_("QR code leading to {address}").format(address=address))
    svg = named + Markup(svg.removeprefix("<svg "))  # a picture with a text alternative, for screen readers
    return Markup('<span class="sheet-qr" title="{}">').format(address) + svg + Markup("</span>")


def round_sheets(r: RendererBase, event: Event, res: EventResults, rnd: Round, site_url: str,
                 home: str | None = None) -> None:
    """The two sheets of a round with pairings; `home`, the page their QR code and link lead to (the round's
    page by default). A team round's boards are in their matches, numbered within them, the first-named team's
    player on the left and the results from its side, as on the round page."""
    sente = kind_of(event).sente_recorded and event.sente != "furigoma"
    home = home or round_page(event, rnd.number)
    code = qr(site_url, home)
    page = boards_sheet(event, rnd.number)
    matches = seats(event, rnd)

    def name(pid: PlayerId, mark: bool = False) -> Markup:
        return link(r.player_name(pid), player_page(pid), page) + (Markup(" ☗") if mark else Markup(""))

    groups: list[tuple[str, list[dict[str, Any]]]] = []
    for g in rnd.games:
        h = res.handicaps.get((rnd.number, g.board))
        row = {"board": g.board, "first": name(g.sente.id), "second": name(g.gote.id),
               "result": g.result.value if g.result else "", "handicap": h.code.upper() if h else ""}
        if (seat := matches.get(g.board)) is not None:
            row.update(board=seat.number, first=name(seat.left, sente and seat.left_first),
                       second=name(seat.right, sente and not seat.left_first), result=seat.result)
        if not groups or (seat is not None and seat.match != groups[-1][0]):
            groups.append((seat.match if seat else "", []))
        groups[-1][1].append(row)
    names_on = [r.player_name(p) for g in rnd.games for p in (g.sente.id, g.gote.id)] + \
        [r.player_name(b.id) for b in rnd.byes]
    common: dict[str, Any] = {"event": event, "rnd": rnd, "when": when(rnd), "qr": code, "sente": sente,
                              "size": size(names_on), "teams": bool(matches),
                              "round_link": link(_("the event's page") if home != round_page(event, rnd.number)
                                                 else _("the round's page"), home, page)}
    # Translators: a printed sheet's title: an event's round and its pairings
    r.site.default_only.add(page)
    r.page(page, "sheet_boards.html.j2", _("{event} · round {n}: pairings").format(event=event.name, n=rnd.number),
           groups=groups,
           handicaps=any(row["handicap"] for _match, rows in groups for row in rows), **common)
    page = names_sheet(event, rnd.number)
    seated: dict[PlayerId, list[tuple[int, str]]] = {}
    for g in rnd.games:
        for pid, first in ((g.sente.id, True), (g.gote.id, False)):
            if sente:
                side = "☗" if first else "☖"
            else:
                # Translators: on the "find your board" sheet, in a game without sente and gote: the player who
                # moves first (second)
                side = pgettext("moves", "1st") if first else pgettext("moves", "2nd")
            seated.setdefault(pid, []).append((g.board, side))
    names: list[tuple[str, str, str]] = []
    for pid, places in seated.items():
        if len(places) > 1:  # a simul's giver: his boards, no colour
            # Translators: a simul giver's boards on the "find your board" sheet ("boards 1–12")
            names.append((r.player_name(pid), _("boards {boards}").format(boards=boards_text([b for b, _b in places])),
                          ""))
            continue
        board, side = places[0]
        seat = matches.get(board)
        names.append((r.player_name(pid), seat.label if seat else str(board), side))
    names += [(r.player_name(b.id), rest_word() if kind_of(event).all_play_all else outcome_word(Outcome.BYE), "")
              for b in rnd.byes]
    names.sort(key=lambda n: (unaccented(n[0]).casefold(), n[0]))  # de Vries among the Ds, Ólafsson the Os
    # One printed page each: two columns of at most ROWS names, the first column read down before the second;
    # a team round's, whose places are long ("Japan – Great Britain, board 1"), one column.
    sheets = []
    per_line = 1 if matches else 2
    for chunk in (names[i:i + per_line * ROWS] for i in range(0, len(names), per_line * ROWS)):
        rows = (len(chunk) + per_line - 1) // per_line
        sheets.append([(chunk[n], chunk[n + rows] if per_line == 2 and n + rows < len(chunk) else None)
                       for n in range(rows)])
    # Translators: a printed sheet's title: an event's round, and every player's board in it
    r.site.default_only.add(page)
    r.page(page, "sheet_names.html.j2", _("{event} · round {n}: find your board").format(event=event.name,
                                                                                           n=rnd.number),
           sheets=sheets, per_line=per_line, **common)


def boards_text(boards: list[int]) -> str:
    """Board numbers as runs: [1, 2, 3, 5] -> '1–3, 5'."""
    runs: list[list[int]] = []
    for b in sorted(boards):
        if runs and b == runs[-1][-1] + 1:
            runs[-1].append(b)
        else:
            runs.append([b])
    return ", ".join(f"{run[0]}–{run[-1]}" if len(run) > 1 else str(run[0]) for run in runs)


def size(names: list[str]) -> str:
    """The class that sets a sheet's type smaller when its longest name would not fit a column at the full size
    (the name cells wrap as well, should a name be longer still)."""
    longest = max((len(n) for n in names), default=0)
    return "sheet-smaller" if longest > LONGER else "sheet-small" if longest > LONG else ""


def event_sheet(r: RendererBase, event: Event, res: EventResults, site_url: str) -> None:
    """The standings sheet: rank, name (or team), points and the tiebreak columns, after the last round."""
    page = standings_sheet(event)
    if res.teams is not None:
        names = {t.id: t.name for t in event.record(TeamSetup).teams}
        heads = [_(c.abbr) for c in TEAM_COLUMNS]
        rows = [(f"{s.rank}{'=' if s.shared else ''}", names[s.team], [points(v) for v in s.values])
                for s in res.teams.final]
    else:
        columns = kind_of(event).columns(event)
        # (the tiebreaks' abbreviations are codes, the same in every language: rules/tiebreaks.py; a game's own
        # columns have their words)
        # Translators: short for points, a column's head
        heads = [_("Pts"), *(c.abbr if TIEBREAKS.get(c.key) is c else _(c.abbr) for c in columns)]
        rows = [(f"{s.rank}{'=' if s.shared else ''}", r.player_name(s.player),
                 [points(s.points), *(points(v) for v in s.tiebreaks)]) for s in res.final]
    r.site.default_only.add(page)
    r.page(page, "sheet_standings.html.j2", _("{event}: standings").format(event=event.name), event=event,
           heads=heads, rows=rows, completed=res.completed, qr=qr(site_url, event_page(event)),
           size=size([name for _rank, name, _values in rows]),
           event_link=link(_("the event's page"), event_page(event), page))
