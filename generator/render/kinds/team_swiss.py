"""The team Swiss's pages: the teams, a page per team, the round pages by match, teams.json."""

from __future__ import annotations

import html
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from markupsafe import Markup

from ...kinds.team_swiss import FLIPPED, setup_of
from ...messages import N_
from ...model import Event, GrandPrixEvent, Outcome, PlayerId, Round, TeamSetup
from ...rules.prizes import PrizeList
from ...rules.simul import GiverResult
from ...rules.standings import EventResults
from ...rules.team_swiss.scores import COLUMNS, TeamStanding
from ..i18n import _
from ..paths import player_page, round_page, team_page
from ..text import link, number, points, points_cells, printed
from ..words import outcome_word, result_word
from .base import KindPages
from .context import Context, Pages


class TeamSwissPages(KindPages):
    key = "team-swiss"
    rules_format = "_rules_team.html.j2"

    def setup(self, event: Event) -> TeamSetup:
        return setup_of(event)

    def grand_prix_rule(self, rule: GrandPrixEvent) -> str:
        # Translators: the Grand Prix points of a team event's places ("10, 8, 6 to every player of the teams placed
        # 1st to 3.")
        return _("{points} to every player of the teams placed 1st to {n}.").format(
            points=", ".join(map(str, rule.places)), n=len(rule.places))

    def main_pages(self, r: Pages, event: Event, res: EventResults, common: dict[str, Any]) -> None:
        _pages(r, event, res, common)  # the teams' pages, then the standings
        super().main_pages(r, event, res, common)

    def round_page(self, r: Pages, event: Event, res: EventResults, rnd: Round, page: str, marks: dict[int, str],
                   common: dict[str, Any]) -> bool:
        _round(r, event, res, rnd, page, marks, common)
        return True

    def standings_links(self, event: Event) -> list[tuple[str, str]]:
        return [(N_("Teams"), "teams/index")]

    def standings_context(self, r: Pages, event: Event, res: EventResults, page: str) -> dict[str, Any]:
        assert res.teams is not None
        return {"template": "team_standings.html.j2", "team_rows": _rows(r, event, res.teams.final, page)}

    def nav(self, r: Context, event: Event) -> list[Any]:
        pages = super().nav(r, event)
        pages[1:2] = [{_("Teams"): [f"{event.path}/teams/index.md",
                                 *[{html.escape(t.name): team_page(event, t.id)}
                                   for t in sorted(setup_of(event).teams, key=lambda t: t.name)]]}]
        return pages

    def player_line(self, r: Context, event: Event, res: EventResults, pid: PlayerId, page: str) -> Markup | str:
        team = next((t for t in setup_of(event).teams if any(ref.id == pid for ref in t.members)), None)
        if team is None:
            return super().player_line(r, event, res, pid, page)
        return self.game.player_line(r, event, pid, page) or Markup(_("Played for {team}.")).format(
            team=link(team.name, team_page(event, team.id), page))

    def api_files(self, event: Event, res: EventResults, givers: Sequence[GiverResult], prizes: PrizeList | None,
                  winners: Sequence[PlayerId]) -> dict[str, Any]:
        assert res.teams is not None
        names = {t.id: t.name for t in setup_of(event).teams}
        return {"teams.json": {
            "event": event.path, "after_round": res.completed, "columns": [c.key for c in COLUMNS],
            "teams": [{"id": t.id, "name": t.name, "players": [r.id for r in t.members]}
                      for t in setup_of(event).teams],
            "rows": [{"rank": s.rank, "shared": s.shared, "team": s.team, "name": names[s.team],
                      **{c.key: number(v) for c, v in zip(COLUMNS, s.values, strict=True)}}
                     for s in res.teams.final],
            "matches": [{"round": m.round, "teams": [m.team, m.opponent],
                         "board_points": [number(m.board_points), number(m.opponent_points)]}
                        for t in setup_of(event).teams for m in res.teams.sides[t.id]
                        if m.match is not None and m.team == m.match.teams[0].id],
            "byes": sorted(({"round": m.round, "team": m.team, "board_points": number(m.board_points)}
                            for t in setup_of(event).teams for m in res.teams.sides[t.id] if m.match is None),
                           key=lambda b: b["round"])}}


def _rows(r: Pages, event: Event, table: tuple[TeamStanding, ...], page: str) -> list[dict[str, Any]]:
    names = {t.id: t.name for t in setup_of(event).teams}
    return [{"rank": f"{s.rank}=" if s.shared else str(s.rank),
             "name": link(names[s.team], team_page(event, s.team), page), "cells": s.values} for s in table]


def teams_body(rows: list[dict[str, Any]]) -> Markup:
    """The rows of a team standings table (_teams.html.j2), from `_rows`: rank, team, then the columns A-F, A in
    bold; each value printed as a template prints it."""
    cell = points_cells()
    out = []
    for row in rows:
        cells = [f'<td class="r"><strong>{cell(v)}</strong></td>' if i == 0 else f'<td class="r">{cell(v)}</td>'
                 for i, v in enumerate(row["cells"])]
        out.append(f'<tr><td class="r">{printed(row["rank"])}</td><td>{printed(row["name"])}</td>{"".join(cells)}'
                   "</tr>\n")
    return Markup("".join(out))


def _pages(r: Pages, event: Event, res: EventResults, common: dict[str, Any]) -> None:
    teams = res.teams
    assert teams is not None
    final = {s.team: s for s in teams.final}
    points_of = {s.player: s.points for s in res.final}
    page = f"{event.path}/teams/index.md"
    rows = [{"name": link(t.name, team_page(event, t.id), page), "size": len(t.members),
             "average": round(avg) if (avg := teams.ratings[t.id][0]) is not None else "–"}
            for t in sorted(setup_of(event).teams, key=lambda t: (-(teams.ratings[t.id][0] or 0), t.name))]
    r.page(page, "teams.html.j2", _("{event} teams").format(event=event.short), rows=rows, **common)
    names = {t.id: t.name for t in setup_of(event).teams}
    for team in setup_of(event).teams:
        page = team_page(event, team.id)
        order = sorted(team.members, key=lambda ref: (-(x.elo if (x := res.ratings[ref.id][0]) else 0),
                                                      r.player(ref.id).name))
        members = [{"board": n, "name": link(r.player(ref.id).name, player_page(ref.id), page),
                    "elo": x.elo if (x := res.ratings[ref.id][0]) else "–", "country": r.player(ref.id).country,
                    "points": points_of.get(ref.id, Fraction(0))} for n, ref in enumerate(order, start=1)]
        matches = [{"round": link(str(m.round), round_page(event, m.round), page),
                    "opponent": link(names[m.opponent], team_page(event, m.opponent), page) if m.opponent else "",
                    "ours": m.board_points, "theirs": m.opponent_points,
                    "outcome": result_word(m.outcome) if m.opponent else outcome_word(Outcome.BYE),
                    "tp": m.team_points} for m in teams.sides[team.id]]
        r.page(page, "team.html.j2", team.name, team=team, members=members, matches=matches,
               standing=final.get(team.id), of=len(setup_of(event).teams), **common)


def _round(r: Pages, event: Event, res: EventResults, rnd: Round, page: str, marks: dict[int, str],
           common: dict[str, Any]) -> None:
    teams = {t.id: t for t in setup_of(event).teams}
    members = {t.id: {ref.id for ref in t.members} for t in setup_of(event).teams}
    matches = []
    for match in rnd.matches:
        a, b = (teams[ref.id] for ref in match.teams)
        second = frozenset(members[b.id])
        boards = []
        for n, g in enumerate(match.games, start=1):
            a_first = g.sente.id not in second
            x, y = (g.sente.id, g.gote.id) if a_first else (g.gote.id, g.sente.id)
            result = "…"
            if g.result is not None:
                result = g.result.value if a_first else FLIPPED[g.result]
            boards.append({"board": n, "a": link(r.player(x).name, player_page(x), page),
                           "b": link(r.player(y).name, player_page(y), page), "result": result,
                           "a_sente": a_first, "handicap": marks.get(g.board, "")})
        title = f"{a.name} – {b.name}"
        side = next((m for m in res.teams.sides[a.id] if m.match is match), None) if res.teams else None
        if side is not None:  # the match is complete: its board points as computed
            title = f"{a.name} {points(side.board_points)} – {points(side.opponent_points)} {b.name}"
        matches.append({"title": title, "a": link(a.name, team_page(event, a.id), page),
                        "b": link(b.name, team_page(event, b.id), page), "boards": boards})
    teams_res = res.teams
    table = teams_res.by_round[rnd.number - 1] if teams_res and rnd.number <= res.completed else None
    byes = [{"team": link(teams[ref.id].name, team_page(event, ref.id), page),
             "bp": Fraction(len(teams[ref.id].members), 2)} for ref in rnd.team_byes if ref.id in teams]
    r.page(page, "team_round.html.j2", _("{event} round {n}").format(event=event.short, n=rnd.number), rnd=rnd,
           matches=matches, byes=byes,
           overridden=any(h.overrides_rule for (n, _board), h in res.handicaps.items() if n == rnd.number),
           absent=[link(r.player(ref.id).name, player_page(ref.id), page) for ref in rnd.absent],
           team_rows=_rows(r, event, table, page) if table else [], **common)
