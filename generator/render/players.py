"""Every player's page (events, games, rating preview, Grand Prix, promotion), the players' index and the
promotion page."""

from __future__ import annotations

import datetime as dt
import functools
from typing import Any

from markupsafe import Markup

from ..rules import promotion
from ..model import Festival, Outcome, Player
from ..kinds import kind_of
from ..rules.festival_elo import grade_name
from ..pipeline.calendar import player_feeds
from . import calendar, memo, now, pending, race
from . import rating as rating_preview
from .base import RendererBase
from .i18n import _, ngettext
from .keys import Memo
from .kinds import pages_of
from .paths import SearchEntry, event_page, giver_page, player_page, round_page
from .text import country_name, link, points, spellings
from .words import outcome_word, points_text, rest_word, result_word

class PlayerPages(RendererBase):
    """The Renderer's player pages and the promotion page."""

    @functools.cached_property
    def festival_of(self) -> dict[str, Festival]:
        """The festivals by id (made once: every player's lines look up theirs)."""
        return {f.id: f for f in self.data.festivals}

    def player_pages(self) -> None:
        """Every player's page (each as the last build made it where nothing it shows changed: memo.py), and the
        players' index."""
        gp_lines = self.grand_prix_lines()
        coming = now.next_games(self, self.data.festivals)
        coming_live = pending.next_game_lines([(e, r) for f in self.data.festivals for e in f.events
                                            if (r := now.pending_round(e)) is not None])
        feeds = set(player_feeds(self.loaded))  # the players with a calendar feed
        index = []
        for pid, player in sorted(self.data.players.items(), key=lambda kv: (kv[1].name, kv[0])):
            entered = self.data.entries.get(pid, [])
            lines = (gp_lines.get(pid, []), coming.get(pid, []), coming_live.get(pid, []))
            feed = pid in feeds
            memo.kept(self, "player", functools.partial(Memo.player_key, data=self.data, pid=pid,
                                                        festivals=[self.festival_of[e.festival_id] for e in entered],
                                                        shown=[*(str(line) for part in lines for line in part), feed]),
                      functools.partial(self.player_page, pid, player, *lines, feed))
            index.append({"name": link(player.name, player_page(pid), "players/index.md"), "country": player.country,
                          "events": ", ".join(str(e.short) for e in entered)})
        self.page("players/index.md", "players.html.j2", _("Players"), rows=index)

    def player_page(self, pid: str, player: Player, gp_lines: list[Markup], next_games: list[Markup],
                    next_live: list[Markup], feed: bool) -> None:
        page = player_page(pid)
        entries = self.player_entries(pid)
        played = list(dict.fromkeys(f"{e['event'].short} {e['festival'].start.year}" if e["festival"].start
                                    else str(e["event"].short) for e in entries))
        history = [(f"{e['event'].short} · {e['festival'].name}", e["change"].before, e["change"].after)
                   for e in sorted(entries, key=lambda e: (e["event"].start or dt.date.min, e["event"].id))
                   if e["change"] is not None]
        self.page(page, "player.html.j2", player.name, player=player, entries=entries, gp_lines=gp_lines,
                  rating=self.loaded.festival_elo.get(pid),
                  rating_chart=rating_preview.chart(history) if history else "",
                  search=self.player_search(player, played),
                  promotion=self.promotion_rows(pid, page), next_games=next_games, next_live=next_live,
                  calendar=calendar.subscribe(calendar.player_path(pid), page, self.site_url, player=True)
                  if feed else "")

    def player_entries(self, pid: str) -> list[dict[str, Any]]:
        """A player's lines on his page, an event's each (and a simul he gave), in the festivals' order."""
        page = player_page(pid)
        entries: list[dict[str, Any]] = []
        for event in self.data.entries.get(pid, []):
            festival = self.festival_of[event.festival_id]
            res = self.results[event.path]
            kind = pages_of(event)
            if any(ref.id == pid for ref in event.entrants):
                games = []
                handicaps = False  # a game with a handicap: the page gives the codes' key
                for rec in res.records[pid]:
                    opp = self.player(rec.opponent) if rec.opponent else None
                    h = res.handicaps.get((rec.round, rec.board or 0))
                    given = ""
                    if h is not None:
                        handicaps = True
                        # Translators: a game's handicap on a player's page: he gave (received) the pieces
                        # of the code ("gave 2P")
                        given = " · " + (_("gave {code}") if h.giver == pid else
                                         _("received {code}")).format(code=h.code.upper())
                    material = kind.game.material_text(rec)
                    outcome = rest_word() if rec.outcome is Outcome.BYE and kind.all_play_all else \
                        outcome_word(rec.outcome)
                    if rec.replayed:
                        # Translators: a player's result ("win", "loss") in a game that replayed a drawn one
                        outcome = _("{outcome} in the replay of a draw").format(outcome=outcome)
                    games.append({
                        "round": link(str(rec.round), kind.round_link(event, rec), page),
                        "colour": {"sente": "☗", "gote": "☖"}.get(rec.colour or "", ""),
                        "board": rec.board or "",
                        "opponent": link(opp.name, player_page(opp.id), page) if opp else "",
                        "outcome": outcome + given + material,
                        "points": rec.points if rec.outcome is not Outcome.PENDING else None,
                    })
                standing = next((s for s in res.final if s.player == pid), None) if kind.has_standings else None
                rated = self.loaded.ratings.get(event.path)
                change = rated.changes.get(pid) if rated else None
                change = change if change and change.games else None  # he played
                if standing:  # (his race line: the ranks after each round as the last build kept them, or made)
                    memo.kept_ranks(self.memo, self.data, festival, event.path, res)
                entries.append({
                    "race": race.sparkline(res.rank_after(pid), len(res.final)) if standing else "",
                    "rating": rating_preview.line(change) if change else "",
                    "change": change,
                    "knockout": kind.player_line(self, event, res, pid, page),
                    "festival": festival, "event": event, "elo_shown": kind.game.elo_shown,
                    "standing_text": kind.game.standing_text(standing) if standing else "",
                    "event_link": link(f"{event.name}", event_page(event), page),
                    "standing": standing, "of": len(res.final), "completed": res.completed,
                    "games": games, "handicaps": handicaps,
                })
            for g in self.simuls.get(event.path, []):
                if g.giver != pid:
                    continue
                n = len(g.boards)
                gave = link(ngettext("Gave a simul on {n} board", "Gave a simul on {n} boards", n).format(n=n),
                            giver_page(event, g.giver), page)
                entries.append({
                    # Translators: {simul} is the link "Gave a simul on 12 boards"; then the points he scored
                    # of the games decided ("7½ of 11")
                    "knockout": Markup(_("{simul}: {score} of {decided}.")).format(
                        simul=gave, score=points(g.score), decided=g.decided),
                    "festival": festival, "event": event,
                    "event_link": link(f"{event.name}", event_page(event), page),
                    "standing": None, "of": 0, "completed": res.completed, "games": [], "rating": "", "race": "",
                    "change": None, "handicaps": False})
        return entries

    def grand_prix_lines(self) -> dict[str, list[Markup]]:
        """Each player's lines for the Grand Prix of the festivals he played in."""
        gp_lines: dict[str, list[Markup]] = {pid: [] for pid in self.data.players}
        for festival in self.data.festivals:
            gp = self.grand_prix.get(festival.id)
            if gp is None:
                continue
            shorts = {e.id: e.short for e in gp.events}
            for row in gp.rows:
                parts = ", ".join(f"{shorts[e]} {points(v)}" for e, v in row.by_event.items())
                # Translators: a player's Grand Prix: its name (a link), the festival, his rank ("3=": shared), his
                # points ("12 points") and the points of each event
                gp_lines[row.player].append(Markup(_(
                    "{grand_prix} ({festival}): <strong>rank {rank}</strong>, {points} ({events}).")).format(
                    grand_prix=link(gp.name, f"{festival.id}/grand-prix.md", player_page(row.player)),
                    festival=festival.name, rank=f"{row.rank}{'=' if row.shared else ''}",
                    points=points_text(row.total), events=parts))
            for pid, per in gp.unranked.items():
                # Translators: a player in a Grand Prix who played too few of its events: its name (a link), the
                # festival, how many he played and how many are needed
                gp_lines[pid].append(Markup(ngettext(
                    "{grand_prix} ({festival}): not ranked, in {n} of its events ({needed} needed).",
                    "{grand_prix} ({festival}): not ranked, in {n} of its events ({needed} needed).", len(per))).format(
                    grand_prix=link(gp.name, f"{festival.id}/grand-prix.md", player_page(pid)),
                    festival=festival.name, n=len(per), needed=gp.min_events))
        return gp_lines

    def promotion_rows(self, pid: str, page: str) -> dict[str, Any] | None:
        """A tracked player's games under the Dutch promotion system: points and why, or why not."""
        track = self.loaded.promotion.get(pid)
        if track is None or not track.considered:
            return None

        def row(g: promotion.Considered) -> dict[str, Any]:
            grade = _(grade_name(g.opponent_grade)) if g.opponent_grade else _("no grade")
            target = round_page(g.event, g.round) if kind_of(g.event).has_standings else event_page(g.event)
            return {"date": g.date, "event": link(g.event.short, target, page),
                    "opponent": link(self.player(g.opponent).name, player_page(g.opponent), page),
                    "grade": grade, "result": result_word(g.result), "reason": _(g.reason) if g.reason else "",
                    "points": promotion_points(g)}

        return {"track": track, "rows": [row(g) for g in track.considered],
                "promotions": [{"p": p, "next": p.date + dt.timedelta(days=1)} for p in track.promotions]}

    def promotion_page(self) -> None:
        tracks = sorted(self.loaded.promotion.values(), key=lambda t: (self.player(t.player).name, t.player))
        page = "promotion.md"
        promoted: list[dict[str, Any]] = [
                    {"p": p, "name": link(self.player(t.player).name, player_page(t.player), page),
                     "next": p.date + dt.timedelta(days=1),
                     "games": [{"date": g.date, "opponent": self.player(g.opponent).name,
                                "grade": _(grade_name(g.opponent_grade or "")), "result": result_word(g.result),
                                "points": promotion_points(g)} for g in p.games]}
                    for t in tracks for p in t.promotions]
        promoted.sort(key=lambda r: r["p"].date)
        rows = [{"name": link(self.player(t.player).name, player_page(t.player), page),
                 "grade": _(grade_name(t.grade)), "games": len(t.window),
                 "points": sum(g.points or 0 for g in t.window), "to_go": _(t.to_go)}
                for t in tracks if t.considered]
        self.page(page, "promotion.html.j2", _("Promotion (NShB)"), promoted=promoted, rows=rows,
                  rules=promotion)

    @staticmethod
    def player_search(player: Player, played: list[str]) -> SearchEntry:
        """A player's search entry: the name; the country, the events played and the other spellings people
        type (Dvorak for Dvořák, Mueller for Müller, devries for de Vries)."""
        other = spellings(player.family, player.given)
        return SearchEntry(player.name, " · ".join([country_name(player.country), *played,
                                                    *([" ".join(other)] if other else [])]))


def promotion_points(g: promotion.Considered) -> str:
    """+45, -10, or – for a game not taken into account."""
    return f"{g.points:+d}" if g.points is not None else "–"

