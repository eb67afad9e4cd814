"""Builds every page and JSON file of the site from computed results. Computes nothing itself."""

from __future__ import annotations

import datetime as dt
import functools
import html
import json
from collections import Counter
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup

from ..countries import country_name
from .. import handicaps, oware, promotion, round_robin, shuuro, simul
from ..games import oware as oware_game
from ..games import shogi
from ..games import shuuro as shuuro_game
from ..model import Event, Festival, Game, Outcome, Player, Result, Round
from ..pipeline import Loaded, awarded, festival_prizes
from ..prizes import PrizeList, ordinal
from ..ratings import grade_name
from ..scoring import RoundRecord
from ..standings import EventResults, Standing, columns
from ..teams import COLUMNS, TeamStanding, board_points
from ..tiebreaks import TIEBREAKS
from . import api, bracket
from . import rating as rating_preview
from .text import Heading, date_range, esc, headings, link, long_date, points, signed, spellings, url

TEMPLATES = Path(__file__).parent / "templates"

STAGE_MARKS = {"Final": "F", "Third place": "3rd", "Semi-finals": "SF", "Quarter-finals": "QF",
               "Last 16": "L16", "Last 32": "L32", "Last 64": "L64"}

FLIPPED = {Result.SENTE_WINS: "0-1", Result.GOTE_WINS: "1-0", Result.DRAW: "½-½", Result.SENTE_WINS_UNPLAYED: "-+",
           Result.GOTE_WINS_UNPLAYED: "+-", Result.NEITHER_PLAYED: "--"}

SYMBOL = {
    Outcome.WIN: "+", Outcome.DRAW: "=", Outcome.LOSS: "-", Outcome.FORFEIT_WIN: "+",
    Outcome.FORFEIT_LOSS: "-", Outcome.PENDING: "?",
}


@dataclass(frozen=True)
class SearchEntry:
    """What the search index holds for a page: what people search for (a name, an event), not its tables."""

    title: str
    text: str


@dataclass(frozen=True)
class Page:
    """A generated page: its title, its content as HTML (no Markdown to parse) and its headings."""

    title: str
    html: str
    toc: tuple[Heading, ...]
    search: SearchEntry | None = None


@dataclass
class Site:
    """Generated pages and files (JSON, turnering.txt) by path, and the navigation: `nav` is the sidebar of
    every page outside a festival; each festival's pages have the sidebar `sections[festival id]`, which holds
    that festival alone, so a page's sidebar does not grow with the archive."""

    pages: dict[str, Page] = field(default_factory=dict)
    files: dict[str, str | bytes] = field(default_factory=dict)
    nav: list[Any] = field(default_factory=list)
    sections: dict[str, list[Any]] = field(default_factory=dict)
    section_of: dict[str, str] = field(default_factory=dict)  # page path -> festival id


@functools.cache
def _env() -> Environment:
    """The templates, compiled once per process (a live preview renders the site at every save)."""
    env = Environment(loader=FileSystemLoader(TEMPLATES), finalize=esc, undefined=StrictUndefined,
                      keep_trailing_newline=True, trim_blocks=True, lstrip_blocks=True, autoescape=True)
    env.globals.update(link=link, points=points, long_date=long_date, date_range=date_range, grade_name=grade_name,
                       country_name=country_name, TIEBREAKS=TIEBREAKS, Outcome=Outcome, signed=signed)
    return env


def event_page(event: Event, name: str = "index") -> str:
    return f"{event.path}/{name}.md"


def round_page(event: Event, number: int) -> str:
    return f"{event.path}/round-{number}.md"


def giver_page(event: Event, giver: str) -> str:
    return f"{event.path}/givers/{giver}.md"


def team_page(event: Event, team_id: str) -> str:
    return f"{event.path}/teams/{team_id}.md"


def player_page(pid: str) -> str:
    return f"players/{pid}.md"


class Renderer:
    def __init__(self, loaded: Loaded):
        self.data = loaded.data
        self.results = loaded.results
        self.fesa = loaded.fesa
        self.prizes = loaded.prizes
        self.knockout_prizes = loaded.knockout_prizes
        self.simuls = loaded.simuls
        self.grand_prix = loaded.grand_prix
        self.loaded = loaded
        self.env = _env()
        self.site = Site()

    def page(self, path: str, template: str, title: str, search: SearchEntry | None = None, **context: Any) -> None:
        body, toc = headings(self.env.get_template(template).render(page=path, player_name=self.player_name,
                                                                    **context))
        self.site.pages[path] = Page(title, body, toc, search)

    def player(self, pid: str) -> Player:
        return self.data.players[pid]

    def player_name(self, pid: str) -> str:
        return self.data.players[pid].name

    def build(self) -> Site:
        years: dict[int, list[Festival]] = {}
        for festival in sorted(self.data.festivals, key=lambda f: (f.start or dt.date.min, f.id), reverse=True):
            years.setdefault(festival.start.year if festival.start else 0, []).append(festival)
        self.page("index.md", "home.html.j2", "Results", years=list(years.items()), results=self.results)
        for festival in self.data.festivals:
            self.festival_pages(festival)
            for event in festival.events:
                self.event_pages(festival, event, self.results[event.path])
        self.player_pages()
        self.promotion_page()
        self.site.files.update(api.files(self.data, self.results, self.prizes, self.knockout_prizes, self.simuls))
        names = {pid: p.name for pid, p in self.data.players.items()}
        for path, rated in self.loaded.ratings.items():
            event = self.results[path].event
            self.site.files[f"api/{path}/rating.json"] = rating_preview.api(event, rated, names)
        self.site.nav = self.navigation()
        return self.site

    def standings_rows(self, res: EventResults, table: tuple[Standing, ...], page: str,
                       after: int | None = None) -> list[dict[str, Any]]:
        """The rows of a standings table after round `after` (the last completed by default): rank, name,
        festival Elo (the first rating in force in the event, with where it comes from), points, tiebreaks,
        games won, drawn and lost over the board, country."""
        after = res.completed if after is None else after
        rated = self.loaded.ratings.get(res.event.path)
        rows = []
        for s in table:
            p = self.player(s.player)
            rating = next((r for r in res.ratings.get(s.player, []) if r is not None), None)
            played = [r.outcome for r in res.records.get(s.player, []) if r.round <= after]
            rows.append({
                "rank": f"{s.rank}=" if s.shared else str(s.rank),
                "name": link(p.name, player_page(p.id), page),
                "elo": rating.elo if rating else "–",
                "elo_source": rating.explanation if rating else "no rating known",
                "wdl": "-".join(str(played.count(o)) for o in (Outcome.WIN, Outcome.DRAW, Outcome.LOSS)),
                "country": p.country,
                "points": s.points,
                "tiebreaks": s.tiebreaks,
                "played": s.played,
                "late": s.late,
                "separated_by": SEPARATED.get(s.separated_by, ""),
                "change": rating_preview.cell(rated.changes.get(s.player)) if rated else "",
            })
        return rows

    def ties(self, res: EventResults, table: tuple[Standing, ...] | None, after: int, page: str) -> list[Markup]:
        """For each player placed below another on the same points (events ranked by criteria): which criterion
        separated them, and how."""
        if table is None or not res.event.ranked_by_criteria:
            return []
        unit, reason = ("TP", tie_reason) if res.event.game == "shuuro" else ("VP", oware_tie_reason)
        out = []
        for above, below in zip(table, table[1:], strict=False):
            if not below.separated_by or below.separated_by in ("tp", "vp"):
                continue
            a, b = (link(self.player(s.player).name, player_page(s.player), page) for s in (above, below))
            why = reason(below.separated_by, above, below, res, after)
            out.append(Markup("<strong>{}</strong> {} above <strong>{}</strong> {}: equal on {} {}; {}.").format(
                above.rank, a, below.rank, b, points(below.points), unit, why))
        return out

    def round_robin(self, event: Event, page: str) -> dict[str, Any] | None:
        """An all-play-all's numbering and its Berger table, for the rules page."""
        if event.format != "round-robin":
            return None
        ids = round_robin.numbering(event)
        number = {pid: i for i, pid in enumerate(ids, start=1)}
        return {"players": [link(self.player(pid).name, player_page(pid), page) for pid in ids],
                "rounds": [{"boards": [f"{number[a]}–{number[b]}" for a, b in boards],
                            "rest": number[rest] if rest else None}
                           for r in range(1, event.rounds_planned + 1)
                           for boards, rest in [round_robin.schedule(event, r)]]}

    def oware_board(self, res: EventResults, round_number: int, game: Game) -> Markup:
        """A game's replay board: the final position as HTML, every position in data attributes for the small
        script that steps through them (assets/oware.js); without the script the final position shows."""
        positions = res.positions.get((round_number, game.board), [])
        if not positions:
            return Markup("")
        last = positions[-1]
        data = [[*p.houses, *p.stores] for p in positions]
        first, second = (html.escape(self.player(r.id).name) for r in (game.sente, game.gote))

        def house(i: int) -> str:
            name = oware_game.house_name(i // 6, i % 6)
            return f'<span class="house" data-house="{i}" title="{name}">{last.houses[i]}</span>'

        top = "".join(house(i) for i in range(11, 5, -1))  # F … A, so that sowing runs counter-clockwise
        bottom = "".join(house(i) for i in range(6))  # a … f

        def labels(indices: range) -> str:  # the houses' letters, as the moves are written
            return "".join(f'<span aria-hidden="true">{oware_game.house_name(i // 6, i % 6)}</span>' for i in indices)

        return Markup(
            f'<div class="oware" data-positions="{html.escape(json.dumps(data))}" '
            f'data-moves="{html.escape(json.dumps(list(game.moves[:len(positions) - 1])))}">'
            f'<p class="oware-player">{second} (A–F) · <span data-store="1">{last.stores[1]}</span> seeds</p>'
            f'<div class="oware-row oware-labels">{labels(range(11, 5, -1))}</div>'
            f'<div class="oware-row oware-top">{top}</div><div class="oware-row">{bottom}</div>'
            f'<div class="oware-row oware-labels">{labels(range(6))}</div>'
            f'<p class="oware-player">{first} (a–f) · <span data-store="0">{last.stores[0]}</span> seeds</p>'
            f'<p class="oware-controls"><button type="button" data-step="first" aria-label="Start">«</button>'
            f'<button type="button" data-step="back" aria-label="Back one move">‹</button>'
            f'<button type="button" data-step="next" aria-label="Forward one move">›</button>'
            f'<button type="button" data-step="last" aria-label="End">»</button> '
            f'<span class="oware-move">After move {len(positions) - 1} of {len(positions) - 1}</span></p>'
            f'</div>')

    def armies_page(self, event: Event, common: dict[str, Any]) -> None:
        """Every army as the pack's roster sheet: piece, allowed, cost, number, points, total."""
        page = event_page(event, "armies")
        armies = []
        for ref in sorted(event.entrants, key=lambda r: self.player(r.id).name):
            army = event.armies.get(ref.id)
            if army is None:
                continue
            rows: list[dict[str, Any]] = [{"piece": shuuro_game.NAMES[p],
                     "allowed": "1" if p in shuuro_game.LEAST else f"0-{shuuro_game.MOST[p]}",
                     "cost": shuuro_game.COST[p], "number": army.count(p),
                     "points": shuuro_game.COST[p] * army.count(p)} for p in shuuro_game.PIECES]
            armies.append({"id": ref.id, "name": link(self.player(ref.id).name, player_page(ref.id), page),
                           "title": self.player(ref.id).name, "rows": rows,
                           "total": sum(r["points"] for r in rows)})
        self.page(page, "armies.html.j2", f"{event.short} armies", armies=armies, cap=shuuro_game.CAP, **common)

    def event_pages(self, festival: Festival, event: Event, res: EventResults) -> None:
        fesa = self.fesa[event.path]
        if fesa.content:
            self.site.files[f"{event.path}/turnering.txt"] = fesa.content
        common: dict[str, Any] = {"festival": festival, "event": event, "res": res, "fesa": fesa,
                                  "late": bool(event.from_round), "COLUMNS": COLUMNS, "tiebreaks": list(columns(event))}
        if res.teams is not None:
            self.team_pages(event, res, common)
        if event.is_simul:
            self.simul_pages(event, common)
        else:
            self.standings_pages(event, res, common)
        if event.game == "shuuro":
            self.armies_page(event, common)
        page = event_page(event, "rules")
        self.page(page, f"{event.game}_rules.html.j2" if event.ranked_by_criteria else "rules.html.j2",
                  f"{event.short} rules", round_robin=self.round_robin(event, page), **common)
        prizes = self.prizes.get(event.path)
        if prizes is not None and event.prizes is not None:
            page = event_page(event, "prizes")
            self.page(page, "prizes.html.j2", f"{event.short} prizes", prizes=prizes, currency=event.prizes.currency,
                      rows=self.prize_rows(event, prizes, page), **common)
        if res.knockout is not None:
            self.knockout_page(event, res, common)
        page = event_page(event, "entries")
        self.page(page, "entries.html.j2", f"{event.short} entries", rows=self.entries(event, res, page),
                  adjustments=[{"name": link(self.player(a.player).name, player_page(a.player), page), "adj": a}
                               for a in sorted(event.adjustments, key=lambda a: (a.from_round, a.player))],
                  **common)
        if not event.is_simul:
            self.round_pages(event, res, common)

    def standings_pages(self, event: Event, res: EventResults, common: dict[str, Any]) -> None:
        page = event_page(event)
        held = [Counter(ranks.values()) for ranks in res.ranks]  # how many players hold each rank, by round
        progress = [{"name": link(self.player(s.player).name, player_page(s.player), page),
                     "ranks": [f"{rank}=" if held[i][rank] > 1 else str(rank)
                               for i, rank in enumerate(res.rank_after(s.player))]} for s in res.final]
        names = {pid: self.player(pid).name for pid in (res.knockout.places.values() if res.knockout else ())}
        template = ("team_standings.html.j2" if res.teams else
                    "criteria_standings.html.j2" if event.ranked_by_criteria else "standings.html.j2")
        event_links = [link("Teams" if res.teams else "Crosstable", event_page(event, "teams/index" if res.teams
                                                                            else "crosstable"), page)]
        if event.game == "shuuro":
            event_links.append(link("Armies", event_page(event, "armies"), page))
        event_links.append(link("Rules", event_page(event, "rules"), page))
        self.page(page, template, f"{event.short} standings", names=names, event_links=event_links,
                  search=event_search(common["festival"], event),
                  ties=self.ties(res, res.final, res.completed, page),
                  team_rows=self.team_rows(event, res.teams.final, page) if res.teams else [],
                  rows=self.standings_rows(res, res.final, page), progress=progress,
                  rated=event.path in self.loaded.ratings, rating_note=rating_preview.NOTE,
                  round_links=[link(f"Round {r.number}", round_page(event, r.number), page) for r in event.rounds],
                  **common)
        page = event_page(event, "crosstable")
        self.page(page, "crosstable.html.j2", f"{event.short} crosstable", rows=self.crosstable(res, page), **common)

    def round_pages(self, event: Event, res: EventResults, common: dict[str, Any]) -> None:
        for rnd in event.rounds:
            page = round_page(event, rnd.number)
            before = {pid: sum((r.points for r in recs if r.round < rnd.number), start=Fraction(0))
                      for pid, recs in res.records.items()}
            marks = {}
            for g in rnd.games:
                h = res.handicaps.get((rnd.number, g.board))
                if h is not None:
                    giver = self.player(h.giver)
                    marks[g.board] = f"{h.code.upper()} ({giver.family}){' *' if h.overrides_rule else ''}"
            stage = {frozenset((t.a, t.b)): t.stage for t in res.knockout.ties_in(rnd.number)} if res.knockout else {}
            games: list[dict[str, Any]] = [{
                "board": g.board,
                "stage": STAGE_MARKS.get(stage.get(frozenset((g.sente.id, g.gote.id)), ""), "") if g.knockout else "",
                "handicap": marks.get(g.board, ""),
                "sente": link(self.player(g.sente.id).name, player_page(g.sente.id), page),
                "gote": link(self.player(g.gote.id).name, player_page(g.gote.id), page),
                "sente_before": before.get(g.sente.id), "gote_before": before.get(g.gote.id),
                "result": g.result.value if g.result else "…",
            } for g in rnd.games]
            table = res.by_round[rnd.number - 1] if rnd.number <= res.completed else None
            if res.teams is not None:
                self.team_round(event, res, rnd, page, marks, common)
                continue
            if event.ranked_by_criteria:
                for g, row in zip(rnd.games, games, strict=True):
                    row["ending"] = oware_game.SHORT.get(g.ending or "", g.ending or "")
                    row["ending_text"] = oware_game.ENDINGS.get(g.ending or "", g.ending or "")
                    row["taken"] = (f"{g.captured[0].points}–{g.captured[1].points}" if g.captured else "")
                    row["pieces"] = [", ".join(shuuro_game.NAMES[p] for p in c.pieces) if c.pieces else ""
                                     for c in g.captured] if g.captured else ["", ""]
                    row["board_html"] = self.oware_board(res, rnd.number, g) if g.moves else ""
            replays = [{"sente": link(self.player(g.sente.id).name, player_page(g.sente.id), page),
                        "gote": link(self.player(g.gote.id).name, player_page(g.gote.id), page),
                        "result": g.result.value if g.result else "…"} for g in rnd.replays]
            self.page(page, f"{event.game}_round.html.j2" if event.ranked_by_criteria else "round.html.j2",
                      f"{event.short} round {rnd.number}", rnd=rnd, games=games,
                      ties=self.ties(res, table, rnd.number, page),
                      replays_count=event.replay_draws,
                      any_knockout=any(g.knockout for g in rnd.games), replays=replays,
                      knockout=res.knockout.rules if res.knockout else None,
                      any_handicap=bool(marks),
                      furigoma_open=event.sente == "furigoma" and any(g.result is None for g in rnd.games),
                      overridden=any(h.overrides_rule for (r, _), h in res.handicaps.items() if r == rnd.number),
                      byes=[link(self.player(r.id).name, player_page(r.id), page) for r in rnd.byes],
                      absent=[link(self.player(r.id).name, player_page(r.id), page) for r in rnd.absent],
                      rows=self.standings_rows(res, table, page, rnd.number) if table else None, **common)

    def simul_pages(self, event: Event, common: dict[str, Any]) -> None:
        """The simul: an overview of the givers and the winners, and a page per giver with the boards."""
        res = common["res"]
        page = event_page(event)
        givers = self.simuls.get(event.path, [])
        prizes = self.prizes.get(event.path)
        prize_of = {a.player: a.amount for a in prizes.awards} if prizes else {}

        def name(pid: str, where: str) -> Markup:
            return link(self.player(pid).name, player_page(pid), where)

        rows = [{"name": link(self.player(g.giver).name, giver_page(event, g.giver), page),
                 "professional": g.professional, "boards": len(g.boards),
                 "won": g.count(Outcome.WIN, Outcome.FORFEIT_WIN), "drawn": g.count(Outcome.DRAW),
                 "lost": g.count(Outcome.LOSS, Outcome.FORFEIT_LOSS), "score": g.score,
                 "share": percent(g.share) if g.share is not None else "–",
                 "gp": simul.giver_points(g.share) if g.share is not None and g.complete else None}
                for g in givers]
        giver_of = {b.gote.id: g.giver for g in givers for b in g.boards}
        winners = [{"name": name(pid, page), "giver": name(giver_of[pid], page), "amount": prize_of.get(pid)}
                   for pid in simul.winners(event)]
        self.page(page, "simul.html.j2", f"{event.short}", rows=rows, winners=winners,
                  search=event_search(common["festival"], event),
                  currency=event.prizes.currency if event.prizes else "", prizes=prizes, **common)
        for g in givers:
            page = giver_page(event, g.giver)
            boards = []
            for game in g.boards:
                h = res.handicaps.get((g.round, game.board))
                rating = res.ratings[game.gote.id][g.round - 1]
                outcome = shogi.OUTCOMES[game.result][1] if game.result else None
                boards.append({"board": game.board, "opponent": name(game.gote.id, page),
                               "elo": rating.elo if rating else "–",
                               "handicap": (h.code.upper() + (" *" if h.overrides_rule else "")) if h else "even",
                               "rule": (h.rule_code.upper() if h.rule_code else "an even game")
                               if h and h.overrides_rule else "",
                               "result": game.result.value if game.result else "…",
                               "gp": simul.OPPONENT_POINTS.get(outcome) if outcome else None})
            giver_rating = res.ratings[g.giver][g.round - 1]
            self.page(page, "simul_giver.html.j2", f"{event.short}: {self.player(g.giver).name}",
                      giver=self.player(g.giver), result=g, boards=boards,
                      elo=giver_rating.elo if giver_rating else "–",
                      effect=handicaps.simul_effect(len(g.boards)),
                      any_override=any(b["rule"] for b in boards), **common)

    def team_rows(self, event: Event, table: tuple[TeamStanding, ...], page: str) -> list[dict[str, Any]]:
        names = {t.id: t.name for t in event.teams}
        return [{"rank": f"{s.rank}=" if s.shared else str(s.rank),
                 "name": link(names[s.team], team_page(event, s.team), page), "cells": s.values} for s in table]

    def team_pages(self, event: Event, res: EventResults, common: dict[str, Any]) -> None:
        teams = res.teams
        assert teams is not None
        final = {s.team: s for s in teams.final}
        points_of = {s.player: s.points for s in res.final}
        page = f"{event.path}/teams/index.md"
        rows = [{"name": link(t.name, team_page(event, t.id), page), "size": len(t.members),
                 "average": round(avg) if (avg := teams.ratings[t.id][0]) is not None else "–"}
                for t in sorted(event.teams, key=lambda t: (-(teams.ratings[t.id][0] or 0), t.name))]
        self.page(page, "teams.html.j2", f"{event.short} teams", rows=rows, **common)
        names = {t.id: t.name for t in event.teams}
        for team in event.teams:
            page = team_page(event, team.id)
            order = sorted(team.members, key=lambda r: (-(x.elo if (x := res.ratings[r.id][0]) else 0),
                                                        self.player(r.id).name))
            members = [{"board": n, "name": link(self.player(r.id).name, player_page(r.id), page),
                        "elo": x.elo if (x := res.ratings[r.id][0]) else "–", "country": self.player(r.id).country,
                        "points": points_of.get(r.id, Fraction(0))} for n, r in enumerate(order, start=1)]
            matches = [{"round": link(str(m.round), round_page(event, m.round), page),
                        "opponent": link(names[m.opponent], team_page(event, m.opponent), page),
                        "ours": m.board_points, "theirs": m.opponent_points, "outcome": m.outcome,
                        "tp": m.team_points} for m in teams.sides[team.id]]
            self.page(page, "team.html.j2", team.name, team=team, members=members, matches=matches,
                      standing=final.get(team.id), of=len(event.teams), **common)

    def team_round(self, event: Event, res: EventResults, rnd: Round, page: str, marks: dict[int, str],
                   common: dict[str, Any]) -> None:
        teams = {t.id: t for t in event.teams}
        members = {t.id: {r.id for r in t.members} for t in event.teams}
        matches = []
        for match in rnd.matches:
            a, b = (teams[r.id] for r in match.teams)
            second = frozenset(members[b.id])
            boards = []
            for n, g in enumerate(match.games, start=1):
                a_first = g.sente.id not in second
                x, y = (g.sente.id, g.gote.id) if a_first else (g.gote.id, g.sente.id)
                result = "…"
                if g.result is not None:
                    result = g.result.value if a_first else FLIPPED[g.result]
                boards.append({"board": n, "a": link(self.player(x).name, player_page(x), page),
                               "b": link(self.player(y).name, player_page(y), page), "result": result,
                               "a_sente": a_first, "handicap": marks.get(g.board, "")})
            title = f"{a.name} – {b.name}"
            if all(g.result is not None for g in match.games):
                ours, theirs = board_points(match, second)
                title = f"{a.name} {points(ours)} – {points(theirs)} {b.name}"
            matches.append({"title": title, "a": link(a.name, team_page(event, a.id), page),
                            "b": link(b.name, team_page(event, b.id), page), "boards": boards})
        teams_res = res.teams
        table = teams_res.by_round[rnd.number - 1] if teams_res and rnd.number <= res.completed else None
        self.page(page, "team_round.html.j2", f"{event.short} round {rnd.number}", rnd=rnd, matches=matches,
                  overridden=any(h.overrides_rule for (r, _), h in res.handicaps.items() if r == rnd.number),
                  absent=[link(self.player(r.id).name, player_page(r.id), page) for r in rnd.absent],
                  team_rows=self.team_rows(event, table, page) if table else [], **common)

    def knockout_page(self, event: Event, res: EventResults, common: dict[str, Any]) -> None:
        ko = res.knockout
        assert ko is not None
        page = event_page(event, "knockout")

        def name(pid: str) -> Markup:
            return link(self.player(pid).name, player_page(pid), page)

        def short(pid: str) -> str:
            p = self.player(pid)
            return f"{p.family}, {p.given[:1]}." if p.given else p.family

        ties = []
        for stage in ko.stages:
            for t in stage:
                if t.bye or not t.playable:
                    continue
                game = t.game
                ties.append({"stage": t.stage, "round": link(str(t.round), round_page(event, t.round), page),
                             "a": name(t.a or ""), "b": name(t.b or ""),
                             "result": Markup("{} {} {}").format(
                                 name(game.sente.id), game.result.value if game.result else "…", name(game.gote.id))
                             if game else "not paired yet",
                             "replays": [Markup("{} {} {}").format(
                                 name(r.sente.id), r.result.value if r.result else "…", name(r.gote.id))
                                 for r in t.replays],
                             "winner": name(t.winner) if t.winner else ""})
        prizes = self.knockout_prizes.get(event.path)
        seeds = [{"seed": s.seed, "name": name(s.player), "country": self.player(s.player).country, "elo": s.elo,
                  "bye": any(t.bye and s.player in (t.a, t.b) for t in ko.stages[0]) if ko.stages else False}
                 for s in ko.seeds]
        self.page(page, "knockout.html.j2", ko.rules.name, ko=ko, ties=ties, seeds=seeds,
                  picture=Markup(bracket.svg(ko, short, lambda pid: url(player_page(pid), page))),
                  places=[{"place": n, "name": name(pid)} for n, pid in sorted(ko.places.items())],
                  passed=[{"name": name(p.player), "country": self.player(p.player).country, "reason": p.reason}
                          for p in ko.passed],
                  prizes=prizes, prize_rows=[{"label": a.label, "name": name(a.player), "amount": a.amount}
                                             for a in prizes.awards] if prizes else [],
                  currency=ko.rules.prizes.currency if ko.rules.prizes else "", **common)

    def prize_rows(self, event: Event, prizes: PrizeList, page: str) -> list[dict[str, Any]]:
        final = {s.player: s for s in self.results[event.path].final}
        return [{"label": a.label, "name": link(self.player(a.player).name, player_page(a.player), page),
                 "points": final[a.player].points, "amount": a.amount} for a in prizes.awards]

    def prize_blocks(self, festival: Festival, page: str) -> list[dict[str, Any]]:
        """Every prize of the festival, block by block (an event, its knock-out, the Grand Prix), each with its
        total and what its rules put up."""
        blocks = []
        for line in festival_prizes(festival, self.loaded):
            target = (event_page(line.event, "knockout" if line.kind == "knockout" else "prizes") if line.event
                      else f"{festival.id}/grand-prix.md")
            blocks.append({"title": link(line.title, target, page), "total": line.prizes.total,
                           "offered": line.prizes.offered, "currency": line.currency,
                           "awards": [{"label": a.label, "amount": a.amount,
                                       "name": link(self.player(a.player).name, player_page(a.player), page)}
                                      for a in line.prizes.awards]})
        return blocks

    def festival_pages(self, festival: Festival) -> None:
        page = f"{festival.id}/index.md"
        gp = self.grand_prix.get(festival.id)
        lines = festival_prizes(festival, self.loaded)
        items = self.programme(festival, f"{festival.id}/programme.md")
        where = ", ".join(x for x in (festival.city, country_name(festival.country) if festival.country else "") if x)
        self.page(page, "festival.html.j2", festival.name, festival=festival, results=self.results,
                  search=SearchEntry(festival.name, " · ".join(x for x in (
                      date_range(festival.start, festival.end), where,
                      ", ".join(e.name for e in festival.events)) if x)),
                  has_prizes=bool(lines), gp=gp, programme=bool(items))
        if lines:
            page = f"{festival.id}/prizes.md"
            totals = awarded(lines)
            fund = festival.prize_fund
            spent = totals.get(fund.currency, Decimal(0)) if fund else Decimal(0)
            self.page(page, "fund.html.j2", f"{festival.name}: prizes", festival=festival,
                      blocks=self.prize_blocks(festival, page), totals=totals, fund=fund,
                      offered=sum((line.prizes.offered for line in lines), Decimal(0)),
                      over=fund is not None and spent > fund.amount, spent=spent,
                      final=all(self.results[e.path].completed >= e.rounds_planned for e in festival.events))
        if gp is not None:
            page = f"{festival.id}/grand-prix.md"
            names = {e.id: e.short for e in gp.events}
            prize_of = {a.player: a for a in gp.prizes.awards} if gp.prizes else {}
            rows = [{"rank": f"{r.rank}=" if r.shared else str(r.rank),
                     "name": link(self.player(r.player).name, player_page(r.player), page),
                     "cells": [r.by_event.get(e.id) for e in gp.events], "total": r.total,
                     "prize": prize_of[r.player].amount if r.player in prize_of else None} for r in gp.rows]
            unranked = sorted(((self.player(pid).name, pid, per) for pid, per in gp.unranked.items()))
            self.page(page, "grand_prix.html.j2", gp.name, festival=festival, gp=gp, rows=rows,
                      events=[link(e.short, event_page(e), page) for e in gp.events], names=names,
                      rules={r.event: r for r in festival.grand_prix.events} if festival.grand_prix else {},
                      unranked=[{"name": link(n, player_page(pid), page),
                                 "points": sum(per.values(), Fraction(0)),
                                 "events": ", ".join(names[e] for e in per)} for n, pid, per in unranked])
        if items:
            days: dict[Any, list[dict[str, Any]]] = {}
            for item in items:
                days.setdefault(item["date"], []).append(item)
            self.page(f"{festival.id}/programme.md", "programme.html.j2", f"{festival.name}: programme",
                      festival=festival, days=days)

    def programme(self, festival: Festival, page: str) -> list[dict[str, Any]]:
        """The timetable: each event's sessions (from its schedule, else its round files' dates and times) and
        the festival's own items, by day and time."""
        items = []
        for event in festival.events:
            where = link(event.name, event_page(event), page)
            one_day = event.start if event.start is not None and event.end in (None, event.start) else None
            sessions = [(s.date, s.time, s.title) for s in event.schedule] or \
                [(day, r.time or "", f"Round {r.number}") for r in event.rounds if (day := r.date or one_day)]
            for date, time, title in sessions:
                items.append({"date": date, "time": time, "what": where, "title": title, "people": [], "note": ""})
        for item in festival.programme:
            items.append({"date": item.date, "time": item.time, "what": item.title, "title": "",
                          "people": [link(self.player(r.id).name, player_page(r.id), page) for r in item.people],
                          "note": item.note})
        return sorted(items, key=lambda i: (i["date"], i["time"].split("-")[0].zfill(5)))

    def entries(self, event: Event, res: EventResults, page: str) -> list[dict[str, Any]]:
        """The starting list: entrants by their round-1 rating, unrated last."""
        def key(pid: str) -> tuple[int, str]:
            first = res.ratings[pid][0]
            return (-(first.elo if first else -1), self.player(pid).name)
        rows = []
        for i, pid in enumerate(sorted((r.id for r in event.entrants), key=key), start=1):
            rating = res.ratings[pid][0]
            rows.append({"no": i, "id": pid, "name": link(self.player(pid).name, player_page(pid), page),
                         "elo": rating.elo if rating else "–",
                         "source": rating.explanation if rating else "no rating known",
                         "country": self.player(pid).country})
        return rows

    def crosstable(self, res: EventResults, page: str) -> list[dict[str, Any]]:
        number = {s.player: i for i, s in enumerate(res.final, start=1)}
        rows = []
        for s in res.final:
            cells = []
            for rec in res.records[s.player]:
                cells.append(cell(rec, number))
            rows.append({"no": number[s.player], "rank": s.rank, "shared": s.shared,
                         "name": link(self.player(s.player).name, player_page(s.player), page),
                         "cells": cells, "points": s.points})
        return rows

    def player_pages(self) -> None:
        entries: dict[str, list[dict[str, Any]]] = {pid: [] for pid in self.data.players}
        for festival in self.data.festivals:
            for event in festival.events:
                res = self.results[event.path]
                final = {s.player: s for s in res.final}
                for ref in event.entrants:
                    page = player_page(ref.id)
                    games = []
                    for rec in res.records[ref.id]:
                        opp = self.player(rec.opponent) if rec.opponent else None
                        h = res.handicaps.get((rec.round, rec.board or 0))
                        given = ""
                        if h is not None:
                            given = f" · {'gave' if h.giver == ref.id else 'received'} {h.code.upper()}"
                        material = ""
                        if rec.material and event.game == "oware":
                            material = f" · {rec.material[0]}–{rec.material[1]} seeds"
                        elif rec.material:
                            material = f" · Δ {signed(rec.delta)}"
                        rest = rec.outcome is Outcome.BYE and event.format == "round-robin"
                        games.append({
                            "round": link(str(rec.round), giver_page(event, rec.opponent) if event.is_simul and
                                          rec.opponent else round_page(event, rec.round), page),
                            "colour": {"sente": "☗", "gote": "☖"}.get(rec.colour or "", ""),
                            "board": rec.board or "",
                            "opponent": link(opp.name, player_page(opp.id), page) if opp else "",
                            "outcome": ("rest" if rest else rec.outcome.value)
                            + (" in the replay of a draw" if rec.replayed else "") + given + material,
                            "points": rec.points if rec.outcome is not Outcome.PENDING else None,
                        })
                    standing = final.get(ref.id) if not event.is_simul else None
                    ko_line = self.knockout_line(event, res, ref.id, page)
                    team = next((t for t in event.teams if any(r.id == ref.id for r in t.members)), None)
                    if team is not None:
                        ko_line = Markup("Played for ") + link(team.name, team_page(event, team.id), page) + "."
                    army = event.armies.get(ref.id)
                    if army is not None:
                        ko_line = link("Army", event_page(event, "armies"), page, ref.id) + Markup(": {}.").format(
                            army_text(army.counts))
                    rated = self.loaded.ratings.get(event.path)
                    change = rated.changes.get(ref.id) if rated else None
                    change = change if change and (change.steps or change.performance) else None  # he played
                    entries[ref.id].append({
                        "rating": rating_preview.line(change) if change else "",
                        "change": change,
                        "knockout": ko_line,
                        "festival": festival, "event": event,
                        "event_link": link(f"{event.name}", event_page(event), page),
                        "standing": standing, "of": len(res.final), "completed": res.completed,
                        "games": games,
                    })
                for g in self.simuls.get(event.path, []):
                    page = player_page(g.giver)
                    entries[g.giver].append({
                        "knockout": link(f"Gave a simul on {len(g.boards)} boards", giver_page(event, g.giver), page)
                        + Markup(": {} of {}.").format(points(g.score), g.decided),
                        "festival": festival, "event": event,
                        "event_link": link(f"{event.name}", event_page(event), page),
                        "standing": None, "of": 0, "completed": res.completed, "games": [], "rating": "",
                        "change": None})
        gp_lines: dict[str, list[Markup]] = {pid: [] for pid in self.data.players}
        for festival in self.data.festivals:
            gp = self.grand_prix.get(festival.id)
            if gp is None:
                continue
            shorts = {e.id: e.short for e in gp.events}
            for row in gp.rows:
                parts = ", ".join(f"{shorts[e]} {points(v)}" for e, v in row.by_event.items())
                gp_lines[row.player].append(
                    link(gp.name, f"{festival.id}/grand-prix.md", player_page(row.player)) +
                    Markup(" ({}): <strong>rank {}{}</strong>, {} points ({}).").format(
                        festival.name, row.rank, "=" if row.shared else "", points(row.total), parts))
            for pid, per in gp.unranked.items():
                gp_lines[pid].append(
                    link(gp.name, f"{festival.id}/grand-prix.md", player_page(pid)) +
                    Markup(" ({}): not ranked, in {} of its events ").format(festival.name, len(per)) + Markup(
                           f"({gp.min_events} needed)."))
        index = []
        for pid, player in sorted(self.data.players.items(), key=lambda kv: (kv[1].name, kv[0])):
            page = player_page(pid)
            played = list(dict.fromkeys(f"{e['event'].short} {e['festival'].start.year}" if e["festival"].start
                                        else e["event"].short for e in entries[pid]))
            history = [(f"{e['event'].short} · {e['festival'].name}", e["change"].before, e["change"].after)
                       for e in sorted(entries[pid], key=lambda e: (e["event"].start or dt.date.min, e["event"].id))
                       if e["change"] is not None]
            self.page(page, "player.html.j2", player.name, player=player, entries=entries[pid], gp_lines=gp_lines[pid],
                      rating_chart=rating_preview.chart(history) if history else "",
                      search=self.player_search(player, played),
                      promotion=self.promotion_rows(pid, page))
            index.append({"name": link(player.name, page, "players/index.md"), "country": player.country,
                          "events": ", ".join(e["event"].short for e in entries[pid])})
        self.page("players/index.md", "players.html.j2", "Players", rows=index)

    def promotion_rows(self, pid: str, page: str) -> dict[str, Any] | None:
        """A tracked player's games under the Dutch promotion system: points and why, or why not."""
        track = self.loaded.promotion.get(pid)
        if track is None or not track.considered:
            return None

        def row(g: promotion.Considered) -> dict[str, Any]:
            grade = grade_name(g.opponent_grade) if g.opponent_grade else "no grade"
            target = event_page(g.event) if g.event.is_simul else round_page(g.event, g.round)
            return {"date": g.date, "event": link(g.event.short, target, page),
                    "opponent": link(self.player(g.opponent).name, player_page(g.opponent), page),
                    "grade": grade, "result": g.result, "reason": g.reason,
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
                                "grade": grade_name(g.opponent_grade or ""), "result": g.result,
                                "points": promotion_points(g)} for g in p.games]}
                    for t in tracks for p in t.promotions]
        promoted.sort(key=lambda r: r["p"].date)
        rows = [{"name": link(self.player(t.player).name, player_page(t.player), page),
                 "grade": grade_name(t.grade), "games": len(t.window),
                 "points": sum(g.points or 0 for g in t.window), "to_go": t.to_go}
                for t in tracks if t.considered]
        self.page(page, "promotion.html.j2", "Promotion (NShB)", promoted=promoted, rows=rows,
                  rules=promotion)

    def knockout_line(self, event: Event, res: EventResults, pid: str, page: str) -> Markup | str:
        """The player's way through the knock-out inside the event: his seed, then his place or where he lost."""
        ko = res.knockout
        seed = next((s.seed for s in ko.seeds if s.player == pid), None) if ko else None
        if ko is None or seed is None:
            return ""
        place = next((n for n, p in ko.places.items() if p == pid), None)
        lost = next((t for stage in ko.stages[:-1] for t in stage if t.loser == pid), None)
        how = (f"{ordinal(place)} place" if place else
               f"lost in the {t_stage(lost.stage)} (round {lost.round})" if lost else "still in")
        return link(ko.rules.name, event_page(event, "knockout"), page) + Markup(": seed {}, {}.").format(seed, how)

    @staticmethod
    def player_search(player: Player, played: list[str]) -> SearchEntry:
        """A player's search entry: the name; the country, the events played and the other spellings people
        type (Dvorak for Dvořák, Mueller for Müller, devries for de Vries)."""
        other = spellings(player.family, player.given)
        return SearchEntry(player.name, " · ".join([country_name(player.country), *played,
                                                    *([" ".join(other)] if other else [])]))

    def navigation(self) -> list[Any]:
        """The site-wide sidebar. A festival's pages have their own: the site-wide one with that festival in it,
        its events, and the pages and rounds of the page's own event only (`sections`, by festival id or event
        path; `section_of` says which a page has). A page's sidebar does not grow with the archive."""
        top: list[Any] = [{"Players": "players/index.md"}, {"Promotion (NShB)": "promotion.md"},
                          {"For organizers": "organizers.md"}, {"Submitting results": "submitting.md"},
                          {"Results API": "api.md"}]
        for festival in self.data.festivals:
            for key, event in [(festival.id, None), *((e.path, e) for e in festival.events)]:
                section = self.festival_section(festival, event)
                self.site.sections[key] = [{"Home": "index.md"}, {html.escape(festival.name): section}, *top]
                head = len(section) - len(festival.events)  # the festival's own pages, then one item an event
                owned = _paths(section[head + festival.events.index(event)] if event else section[:head])
                for path in owned:
                    self.site.section_of[path] = key
        return [{"Home": "index.md"}, *top]

    def festival_section(self, festival: Festival, current: Event | None) -> list[Any]:
        """A festival's part of the sidebar: its own pages, then its events, `current` with all its pages and
        rounds, the others as one link each (None: every event as a link)."""
        section: list[Any] = [f"{festival.id}/index.md"]
        if f"{festival.id}/programme.md" in self.site.pages:
            section.append({"Programme": f"{festival.id}/programme.md"})
        if f"{festival.id}/prizes.md" in self.site.pages:
            section.append({"Prizes": f"{festival.id}/prizes.md"})
        gp = self.grand_prix.get(festival.id)
        if gp is not None:
            section.append({html.escape(gp.name): f"{festival.id}/grand-prix.md"})
        for event in festival.events:
            if event is not current:  # the other events: a link to each, their pages in their own sidebars
                section.append({html.escape(event.short): event_page(event)})
                continue
            rounds = [{f"Round {r.number}": round_page(event, r.number)} for r in event.rounds]
            pages: list[Any] = [{"Standings": event_page(event)},
                                {"Crosstable": event_page(event, "crosstable")},
                                {"Entries": event_page(event, "entries")}]
            if event.is_simul:
                pages = [{"Overview": event_page(event)},
                         {"Givers": [{html.escape(self.player(g.ref.id).name): giver_page(event, g.ref.id)}
                                     for g in event.givers
                                     if any(r.giver == g.ref.id for r in self.simuls.get(event.path, []))]},
                         {"Entries": event_page(event, "entries")}]
                rounds = []
            if event.is_team:
                pages[1:2] = [{"Teams": [f"{event.path}/teams/index.md",
                                         *[{html.escape(t.name): team_page(event, t.id)}
                                           for t in sorted(event.teams, key=lambda t: t.name)]]}]
            if event.game == "shuuro":
                pages.insert(2, {"Armies": event_page(event, "armies")})
            if rounds:
                pages.append({"Rounds": rounds})
            ko = self.results[event.path].knockout
            if ko is not None:
                pages.insert(1, {html.escape(ko.rules.short): event_page(event, "knockout")})
            if self.prizes.get(event.path) is not None:
                pages.append({"Prizes": event_page(event, "prizes")})
            pages.append({"Rules": event_page(event, "rules")})
            section.append({html.escape(event.short): pages})
        return section


def nav_labels(spec: Any) -> dict[str, str | None]:
    """Every page path in a piece of navigation, with its sidebar label ({label: path}; a bare path has none)."""
    if isinstance(spec, str):
        return {spec: None}
    if isinstance(spec, dict):
        return {path: label if isinstance(value, str) else found
                for label, value in spec.items() for path, found in nav_labels(value).items()}
    out: dict[str, str | None] = {}
    for item in spec:
        for path, label in nav_labels(item).items():
            if label is not None or path not in out:
                out[path] = label
    return out


def _paths(spec: Any) -> list[str]:
    """Every page path in a piece of navigation."""
    return list(nav_labels(spec))


def event_search(festival: Festival, event: Event) -> SearchEntry:
    """An event is found by its name, its short name and its festival's."""
    return SearchEntry(f"{event.name} · {festival.name}",
                       " · ".join(x for x in (event.short if event.short != event.name else "",
                                              date_range(event.start or festival.start, event.end or festival.end),
                                              festival.city) if x))


def percent(share: Fraction) -> str:
    """7/8 -> '87.5 %' (to a tenth, from the exact fraction)."""
    value = (Decimal(share.numerator) * 100 / Decimal(share.denominator)).quantize(Decimal("0.1"))
    return f"{value} %"


SEPARATED = {shuuro.LAST: "Δ last", shuuro.MEETING: "game", shuuro.TOTAL: "Δ total",
             oware.HEAD_TO_HEAD: "game", oware.SB: "SB"}


def army_text(counts: dict[str, int]) -> str:
    """'Queen, Rook, Knight, 3 Pawns: 250 points'."""
    parts = [f"{n} {shuuro_game.PLURAL[p]}" if n > 1 else shuuro_game.NAMES[p]
             for p in shuuro_game.PIECES[1:] if (n := counts.get(p, 0))]
    return f"{', '.join(parts) or 'the King alone'}: {shuuro_game.cost(counts)} points"


def tie_reason(key: str, above: Standing, below: Standing, res: EventResults, after: int) -> str:
    """Why `above` is placed above `below` (equal on TP) by criterion `key`, in words."""
    last = (signed(above.tiebreaks[0]), signed(below.tiebreaks[0]))
    if key == shuuro.LAST:
        return f"Delta in round {after} {last[0]} against {last[1]}"
    game = meeting(res, above, below, after)
    if key == shuuro.MEETING:
        if game is not None:
            return f"the same Delta in round {after} ({last[0]}); won their game in round {game.round}"
        return f"the same Delta in round {after} ({last[0]}), and the most TP in the games among the players tied"
    met = (f"their game in round {game.round} was drawn" if game is not None and game.outcome is Outcome.DRAW
           else "they did not meet" if game is None else "the result between them did not decide")
    return (f"the same Delta in round {after} ({last[0]}); {met}; total Delta "
            f"{signed(above.tiebreaks[1])} against {signed(below.tiebreaks[1])}")


def meeting(res: EventResults, above: Standing, below: Standing, after: int) -> RoundRecord | None:
    """`above`'s game against `below` played over the board up to round `after`, if they met."""
    return next((r for r in res.records[above.player]
                 if r.round <= after and r.opponent == below.player and r.outcome.played), None)


def promotion_points(g: promotion.Considered) -> str:
    """+45, -10, or – for a game not taken into account."""
    return f"{g.points:+d}" if g.points is not None else "–"


def oware_tie_reason(key: str, above: Standing, below: Standing, res: EventResults, after: int) -> str:
    """Why `above` is placed above `below` (equal on VP) by the MSO criterion `key`, in words."""
    game = meeting(res, above, below, after)
    if key == oware.HEAD_TO_HEAD:
        won = f"won their game in round {game.round}" if game is not None and game.outcome is Outcome.WIN else ""
        return f"head-to-head: {won or 'one of them beat, or lost to, every other player tied with them'}"
    met = ("their game was drawn" if game is not None and game.outcome is Outcome.DRAW else
           "they did not meet" if game is None else "none of the players tied beat, or lost to, all the others")
    return (f"head-to-head does not apply ({met}); Sonneborn-Berger {points(above.tiebreaks[0])} against "
            f"{points(below.tiebreaks[0])}")


def t_stage(stage: str) -> str:
    """'Last 16' -> 'last 16', 'Quarter-finals' -> 'quarter-finals' (inside a sentence)."""
    return stage[0].lower() + stage[1:]


def cell(rec: RoundRecord, number: dict[str, int]) -> str:
    if rec.outcome is Outcome.BYE:
        return "bye"
    if rec.outcome is Outcome.HALF_BYE:
        return "½ bye"
    if rec.outcome is Outcome.LATE:
        return f"late +{points(rec.points)}" if rec.points else "late"
    if rec.outcome is Outcome.FORFEIT_LOSS and rec.opponent is None:
        return "ff"
    if rec.outcome is Outcome.ABSENT:
        return "–"
    text = f"{number[rec.opponent]}{SYMBOL[rec.outcome]}" if rec.opponent else ""
    if rec.replayed:
        text += "r"
    if rec.outcome in (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS):
        text += "ff"
    return text


def render_site(loaded: Loaded) -> Site:
    return Renderer(loaded).build()


def with_problems(site: Site | None, problems: list[str]) -> Site:
    """The live preview while the data has errors: every generated page of the last site built without errors
    opens with the located list of problems (or, before any such site, a page with the list alone)."""
    items = Markup("").join(Markup("<li><code>{}</code></li>").format(line) for line in problems)
    banner = Markup('<div class="admonition failure"><p class="admonition-title">The data has errors: this '
                    "preview shows the results as they were before them. Fix these and save; the page comes "
                    'back by itself.</p><ol class="problems">{}</ol></div>\n').format(items)
    if site is None:
        body, toc = headings(f"<h1>The data has errors</h1>\n{banner}")
        return Site({"index.md": Page("The data has errors", body, toc)}, nav=[{"Home": "index.md"}])
    out = Site(dict(site.pages), dict(site.files), site.nav, site.sections, site.section_of)
    for path, page in site.pages.items():
        h1_end = page.html.find("</h1>") + len("</h1>\n") if "</h1>" in page.html else 0
        out.pages[path] = Page(page.title, page.html[:h1_end] + banner + page.html[h1_end:], page.toc, page.search)
    return out
