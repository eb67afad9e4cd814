"""Festival day: the round being played. A player's next game (round, time, board, opponent, colour, handicap),
the "Now" block of the home and festival pages (the round's pairings and a box that finds a player's board),
and the rows both share."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from markupsafe import Markup

from ..kinds import kind_of
from ..model import Event, Festival, Board, PlayerId, Round
from .i18n import _
from .matches import Seat, own_result, seats
from .paths import player_page, round_page
from .text import link, long_date, url

if TYPE_CHECKING:
    from .base import RendererBase

NEXT_GAME = "next-game"  # the anchor of a player page's next game, where the search box leads


def pending_round(event: Event) -> Round | None:
    """The first round whose pairings are written and whose games are not all played yet."""
    return next((r for r in event.rounds if any(g.result is None for g in r.games)), None)


def when(rnd: Round) -> str:
    return ", ".join(x for x in (long_date(rnd.date) if rnd.date else "", rnd.time or "") if x)


def _sente_known(event: Event) -> bool:
    """Whether the round file says who has sente (not in a game without sente, nor before a furigoma)."""
    return kind_of(event).sente_recorded and event.sente != "furigoma"


def next_games(r: RendererBase, festivals: tuple[Festival, ...]) -> dict[PlayerId, list[Markup]]:
    """Each player's lines for the pending rounds that give him a game or a bye, for the top of his page."""
    out: dict[PlayerId, list[Markup]] = {}
    for festival in festivals:
        for event in festival.events:
            rnd = pending_round(event)
            if rnd is None:
                continue
            matches = seats(event, rnd)
            seated = [(p, g) for g in rnd.games for p in (g.sente.id, g.gote.id)] + [(b.id, None) for b in rnd.byes]
            for pid, game in seated:
                page = player_page(pid)
                line = Markup("<strong>{}</strong>").format(round_link(event, rnd, page))
                line += Markup(" · {}").format(when(rnd)) if when(rnd) else Markup("")
                line += Markup(" · ") + (_game_text(r, event, rnd, game, pid, page, matches) if game is not None
                                         else Markup(_("a bye (a win's points, no game)")))
                out.setdefault(pid, []).append(line)
    return out


def _game_text(r: RendererBase, event: Event, rnd: Round, game: Board, pid: PlayerId, page: str,
               matches: dict[int, Seat]) -> Markup:
    """Where and against whom; a team event's board in its match, numbered within it. A result from the
    player's own side."""
    other = game.gote.id if game.sente.id == pid else game.sente.id
    seat = matches.get(game.board)
    # Translators: a player's next game: where ("board 3", or his board in a team match) and his opponent
    text = Markup(_("<strong>{board}</strong> against {opponent}")).format(
        board=seat.label if seat else _("board {n}").format(n=game.board),
        opponent=link(r.player_name(other), player_page(other), page))
    if game.result is not None:
        # Translators: a player's next game, already played: its result from his side ("1-0")
        text += Markup(" · {}").format(_("played: {result}").format(result=own_result(game, pid)))
    elif _sente_known(event):
        # Translators: the player has sente (moves first), or gote (second): keep the shogi words
        text += Markup(" · {}").format(_("☗ sente") if game.sente.id == pid else _("☖ gote"))
    h = r.results[event.path].handicaps.get((rnd.number, game.board))
    if h is not None:
        # Translators: the player gives (receives) the handicap of this code ("gives 2P")
        text += Markup(" · {}").format((_("gives {code}") if h.giver == pid else _("receives {code}")).format(
            code=h.code.upper()))
    return text


def round_link(event: Event, rnd: Round, page: str) -> Markup:
    """'MSO Shogi, round 3', linked to the round's page."""
    # Translators: an event's short name and a round of it, linked to the round's page
    return link(_("{event}, round {n}").format(event=event.short, n=rnd.number), round_page(event, rnd.number), page)


def finder(blocks: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """The one "Find your board" box's players: everyone seated in any of the blocks' rounds, once, by name. A
    player in several rounds is one name, which leads to his page: it gives each of his games."""
    return sorted(dict.fromkeys(pair for b in blocks for pair in b["find"]))


def now_blocks(r: RendererBase, festivals: list[Festival], page: str) -> list[dict[str, Any]]:
    """The pending round of every event of these festivals: its pairings, and the players to find in it."""
    blocks = []
    for festival in festivals:
        for event in festival.events:
            rnd = pending_round(event)
            if rnd is None:
                continue
            handicaps = r.results[event.path].handicaps
            matches, sente = seats(event, rnd), _sente_known(event)
            rows = []
            for g in rnd.games:
                row = {"board": g.board, "first": link(r.player_name(g.sente.id), player_page(g.sente.id), page),
                       "second": link(r.player_name(g.gote.id), player_page(g.gote.id), page),
                       "result": g.result.value if g.result else "…",
                       "handicap": h.code.upper() if (h := handicaps.get((rnd.number, g.board))) else ""}
                if (seat := matches.get(g.board)) is not None:  # as on the round page: in its match
                    row.update(board=seat.number, result=seat.result or "…", match=seat.match,
                               first=link(r.player_name(seat.left), player_page(seat.left), page)
                               + (Markup(" ☗") if sente and seat.left_first else Markup("")),
                               second=link(r.player_name(seat.right), player_page(seat.right), page)
                               + (Markup(" ☗") if sente and not seat.left_first else Markup("")))
                rows.append(row)
            seated = sorted({p for g in rnd.games for p in (g.sente.id, g.gote.id)} | {b.id for b in rnd.byes},
                            key=lambda p: (r.player_name(p), p))
            blocks.append({
                "festival": festival, "with_festival": len(festivals) > 1, "event": event, "rnd": rnd,
                "when": when(rnd), "rows": rows,
                "colours": sente, "teams": bool(matches), "handicaps": any(row["handicap"] for row in rows),
                "round_link": round_link(event, rnd, page),
                "find": [(r.player_name(p), url(player_page(p), page) + "#" + NEXT_GAME) for p in seated]})
    return blocks
