"""Wall sheets: pages meant for printing and pinning up at the venue (the print stylesheet in assets/extra.css
drops the navigation and sets large type on A4, the table's header repeated on every sheet). For each round with
pairings, the boards in order and every player alphabetically with his board and colour ("find your board");
for each event, its standings. Each sheet carries the round's or event's address as a QR code, when the site's
address is known (mkdocs.yml `site_url`, or BANZUKE_SITE_URL when it is built)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import segno
from markupsafe import Markup

from ..kinds import kind_of
from ..model import Event, Round, TeamSetup
from ..names import unaccented
from ..rules.standings import EventResults
from ..rules.team_swiss.scores import COLUMNS as TEAM_COLUMNS
from .now import when
from .paths import boards_sheet, event_page, names_sheet, player_page, round_page, standings_sheet
from .text import link, points, url

if TYPE_CHECKING:
    from .base import RendererBase


ROWS = 30  # lines of names on a printed A4 page of the "find your board" sheet (two names a line)


def qr(site_url: str, target: str) -> Markup:
    """The address of the page built from `target` as an inline SVG QR code ('' without the site's address)."""
    if not site_url:
        return Markup("")
    address = site_url.rstrip("/") + "/" + url(target, "index.md")
    code = segno.make(address, error="m", micro=False)
    svg = code.svg_inline(scale=1, border=2, dark="#000", light="#fff", omitsize=True)
    return Markup('<span class="sheet-qr" title="{}">').format(address) + Markup(svg) + Markup("</span>")


def round_sheets(r: RendererBase, event: Event, res: EventResults, rnd: Round, site_url: str) -> None:
    """The two sheets of a round with pairings."""
    sente = kind_of(event).sente_recorded and event.sente != "furigoma"
    code = qr(site_url, round_page(event, rnd.number))
    title = f"{event.name} · round {rnd.number}"
    page = boards_sheet(event, rnd.number)
    boards = [{"board": g.board, "first": link(r.player_name(g.sente.id), player_page(g.sente.id), page),
               "second": link(r.player_name(g.gote.id), player_page(g.gote.id), page),
               "result": g.result.value if g.result else "",
               "handicap": h.code.upper() if (h := res.handicaps.get((rnd.number, g.board))) else ""}
              for g in rnd.games]
    common: dict[str, Any] = {"event": event, "rnd": rnd, "when": when(rnd), "qr": code, "sente": sente}
    r.page(page, "sheet_boards.html.j2", f"{title}: pairings", boards=boards,
           handicaps=any(b["handicap"] for b in boards),
           round_link=link("the round's page", round_page(event, rnd.number), page), **common)
    page = names_sheet(event, rnd.number)
    seats = [(g.sente.id, g.board, "☗" if sente else "1st") for g in rnd.games] + \
            [(g.gote.id, g.board, "☖" if sente else "2nd") for g in rnd.games]
    names = sorted([(r.player_name(pid), board, side) for pid, board, side in seats] +
                   [(r.player_name(b.id), "rest" if kind_of(event).all_play_all else "bye", "") for b in rnd.byes],
                   key=lambda n: (unaccented(n[0]).casefold(), n[0]))  # de Vries among the Ds, Ólafsson the Os
    # One printed page each: two columns of at most ROWS names, the first column read down before the second.
    sheets = []
    for chunk in (names[i:i + 2 * ROWS] for i in range(0, len(names), 2 * ROWS)):
        rows = (len(chunk) + 1) // 2
        sheets.append([(chunk[n], chunk[n + rows] if n + rows < len(chunk) else None) for n in range(rows)])
    r.page(page, "sheet_names.html.j2", f"{title}: find your board", sheets=sheets,
           round_link=link("the round's page", round_page(event, rnd.number), page), **common)


def event_sheet(r: RendererBase, event: Event, res: EventResults, site_url: str) -> None:
    """The standings sheet: rank, name (or team), points and the tiebreak columns, after the last round."""
    page = standings_sheet(event)
    if res.teams is not None:
        names = {t.id: t.name for t in event.record(TeamSetup).teams}
        heads = [c.abbr for c in TEAM_COLUMNS]
        rows = [(f"{s.rank}{'=' if s.shared else ''}", names[s.team], [points(v) for v in s.values])
                for s in res.teams.final]
    else:
        columns = kind_of(event).columns(event)
        heads = ["Pts", *(c.abbr for c in columns)]
        rows = [(f"{s.rank}{'=' if s.shared else ''}", r.player_name(s.player),
                 [points(s.points), *(points(v) for v in s.tiebreaks)]) for s in res.final]
    r.page(page, "sheet_standings.html.j2", f"{event.name}: standings", event=event, heads=heads, rows=rows,
           completed=res.completed, qr=qr(site_url, event_page(event)),
           event_link=link("the event's page", event_page(event), page))
