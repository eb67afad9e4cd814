"""The pages of the knock-out inside a Swiss: its bracket page and each player's way through it."""

from __future__ import annotations

from typing import Any

from markupsafe import Markup

from ...model import Event
from ...rules.standings import EventResults
from .. import bracket
from ..i18n import _
from ..paths import event_page, player_page, round_page
from ..text import link, url
from ..words import lost_in, place_text, stage_word
from .context import Context, Pages


def knockout_page(r: Pages, event: Event, res: EventResults, common: dict[str, Any]) -> None:
    """The bracket page of the knock-out inside the event."""
    ko = res.knockout
    assert ko is not None
    page = event_page(event, "knockout")

    def name(pid: str) -> Markup:
        return link(r.player(pid).name, player_page(pid), page)

    def short(pid: str) -> str:
        p = r.player(pid)
        return f"{p.family}, {p.given[:1]}." if p.given else p.family

    ties = []
    for stage in ko.stages:
        for t in stage:
            if t.bye or not t.playable:
                continue
            game = t.game
            ties.append({"stage": stage_word(t.stage), "round": link(str(t.round), round_page(event, t.round), page),
                         "a": name(t.a or ""), "b": name(t.b or ""),
                         "result": Markup("{} {} {}").format(
                             name(game.sente.id), game.result.value if game.result else "…", name(game.gote.id))
                         if game else _("not paired yet"),
                         "replays": [Markup("{} {} {}").format(
                             name(g.sente.id), g.result.value if g.result else "…", name(g.gote.id))
                             for g in t.replays],
                         "winner": name(t.winner) if t.winner else ""})
    prizes = r.knockout_prizes.get(event.path)
    seeds = [{"seed": s.seed, "name": name(s.player), "country": r.player(s.player).country, "elo": s.elo,
              "bye": any(t.bye and s.player in (t.a, t.b) for t in ko.stages[0]) if ko.stages else False}
             for s in ko.seeds]
    r.page(page, "knockout.html.j2", ko.rules.name, ko=ko, ties=ties, seeds=seeds,
           picture=Markup(bracket.svg(ko, short, lambda pid: url(player_page(pid), page))),
           places=[{"place": n, "name": name(pid)} for n, pid in sorted(ko.places.items())],
           passed=[{"name": name(p.player), "country": r.player(p.player).country, "reason": _(p.reason)}
                   for p in ko.passed],
           prizes=prizes, prize_rows=[{"label": a.label, "name": name(a.player), "amount": a.amount}
                                      for a in prizes.awards] if prizes else [],
           currency=ko.rules.prizes.currency if ko.rules.prizes else "", **common)


def knockout_line(r: Context, event: Event, res: EventResults, pid: str, page: str) -> Markup | str:
    """The player's way through the knock-out inside the event: his seed, then his place or where he lost."""
    ko = res.knockout
    seed = next((s.seed for s in ko.seeds if s.player == pid), None) if ko else None
    if ko is None or seed is None:
        return ""
    place = next((n for n, p in ko.places.items() if p == pid), None)
    lost = next((t for stage in ko.stages[:-1] for t in stage if t.loser == pid), None)
    # Translators: a player still playing in a knock-out
    how = place_text(place) if place else lost_in(lost.stage, lost.round) if lost else _("still in")
    # Translators: a player's way through a knock-out: its name (a link), his seed, then "2nd place", "lost in the
    # semi-finals (round 6)" or "still in"
    return Markup(_("{knockout}: seed {seed}, {how}.")).format(
        knockout=link(ko.rules.name, event_page(event, "knockout"), page), seed=seed, how=how)
