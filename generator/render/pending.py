"""Live pages: what shows a round being played (the "Now" block, the round's table, a player's next game) names
the round's file in the results API in a data-live attribute; site_src/assets/live.js reads that file again
while the page is open and writes the results that came in since (site_src/api.md, "Live pages")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from markupsafe import Markup

from .i18n import current
from .paths import player_page
from .text import url

if TYPE_CHECKING:
    from ..model import Event, PlayerId, Round


def round_file(event: Event, number: int) -> str:
    """The round's file in the results API (render/api.py writes it)."""
    return f"{current().root}api/{event.path}/round-{number}.json"  # (one API for all the site's languages)


def live(event: Event, rnd: Round, page: str) -> Markup:
    """' data-live="…"' on the element that shows a round whose results are not all in; '' once they are."""
    if not any(g.result is None for g in rnd.games):
        return Markup("")
    return Markup(' data-live="{}"').format(url(round_file(event, rnd.number), page))


def next_game_lines(pending: list[tuple[Event, Round]]) -> dict[PlayerId, list[Markup]]:
    """For each line render/now.py's next_games gives a player, in the same order (the pending round of each
    event, festival by festival): the attributes that let the script find his game in the round's file
    (data-live, data-player, and data-board unless it is a bye)."""
    out: dict[PlayerId, list[Markup]] = {}
    for event, rnd in pending:
        seats = [(p, g.board) for g in rnd.games for p in (g.sente.id, g.gote.id)] + [(b.id, None) for b in rnd.byes]
        for pid, board in seats:
            attributes = Markup(' data-live="{}" data-player="{}"').format(
                url(round_file(event, rnd.number), player_page(pid)), pid)
            if board is not None:
                attributes += Markup(' data-board="{}"').format(board)
            out.setdefault(pid, []).append(attributes)
    return out
