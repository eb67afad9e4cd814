"""Builds every page and JSON file of the site from computed results. Computes nothing itself."""

from __future__ import annotations

import datetime as dt
import functools
from collections import Counter
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from markupsafe import Markup

from ..messages import N_, Text
from ..model import Event, Festival, Outcome, Player, PlayoffSetup
from ..pipeline import Loaded
from ..pipeline.calendar import latest_day
from ..rules.festival_elo import SHOGIDOJO_BONUS, Rating, Source, grade_name
from ..rules.prizes import PrizeList
from ..rules.scoring import RoundRecord
from ..rules.standings import EventResults, Standing

from . import api, calendar, i18n, memo, now, race, sheets
from .base import Page, Site, shown_tiebreak
from . import rating as rating_preview
from .festival import FestivalPages, nav_labels, varying_labels
from .i18n import _, pgettext
from .keys import Memo
from .marks import MARKED
from .paths import event_page, event_search, player_page, round_page
from .players import PlayerPages
from .kinds import pages_of
from .kinds.knockout import knockout_page
from .kinds.team_swiss import teams_body
from .text import country_name, headings, link, points, points_cells, printed, url

__all__ = ["Page", "Renderer", "Site", "nav_labels", "render_site", "varying_labels", "with_problems"]

# A knock-out game's stage, in the round table's column (translated where shown).
STAGE_MARKS = {
    # Translators: short for the knock-out's final, in a narrow column
    "Final": N_("F"),
    # Translators: short for the knock-out's game for third place, in a narrow column
    "Third place": N_("3rd"),
    # Translators: short for semi-final, in a narrow column
    "Semi-finals": N_("SF"),
    # Translators: short for quarter-final, in a narrow column
    "Quarter-finals": N_("QF"),
    # Translators: short for the knock-out's last 16 (32, 64) players, in a narrow column
    "Last 16": N_("L16"), "Last 32": N_("L32"), "Last 64": N_("L64"),
}

SYMBOL = {
    Outcome.WIN: "+", Outcome.DRAW: "=", Outcome.LOSS: "-", Outcome.FORFEIT_WIN: "+",
    Outcome.FORFEIT_LOSS: "-", Outcome.PENDING: "?",
}


class Renderer(FestivalPages, PlayerPages):
    """Renders every page; a kind's own pages by its pages module (render/kinds), given a narrow context."""

    def parts(self) -> None:
        """The festivals', events' and players' pages (memo.kept), and nothing else."""
        for festival in self.data.festivals:
            memo.kept(self, "festival", functools.partial(Memo.festival_key, data=self.data, festival=festival),
                      functools.partial(self.festival_pages, festival), name=festival.id)
            for event in festival.events:
                self.event_part(festival, event)
        self.player_pages()

    def build(self) -> Site:
        years: dict[int, list[Festival]] = {}
        for festival in sorted(self.data.festivals, key=lambda f: (f.start or dt.date.min, f.id), reverse=True):
            years.setdefault(festival.start.year if festival.start else 0, []).append(festival)

        def home() -> None:
            blocks = now.now_blocks(self, list(self.data.festivals), "index.md")
            self.page("index.md", "home.html.j2", _("Results"), years=list(years.items()), results=self.results,
                      now=blocks, find=now.finder(blocks))

        memo.made_each_build(self, "index.md", home)
        self.parts()
        memo.made_each_build(self, "promotion.md", self.promotion_page)
        self.site.nav = self.navigation()
        latest = latest_day(self.data)
        if latest is not None:
            self.site.updated = latest.isoformat()
        self.own_files()
        return self.site

    def own_files(self) -> None:
        """The files a language renders itself, not from the site in marks: at the root, the results API's index
        (each event's files are the event's part); the browser scripts' texts; the calendar feeds (the languages
        put their words in the pages in marks, not in feeds: the site in marks has none)."""
        if not i18n.current().root:
            self.site.files.update(api.index_files(self.loaded))
        self.site.files["assets/text.js"] = i18n.script_file()
        if i18n.current().code != MARKED:
            self.calendars()

    def calendars(self) -> None:
        """The calendar feeds (a festival's programme, a player's games), each as the last build made it where
        nothing it holds changed (memo.py): its festivals, the data's latest day (the feeds' date) and the time
        zones' rules."""
        updated = self.site.updated
        for festival in self.data.festivals:
            shown: list[str | bool] = [updated, calendar.zone_data(festival.timezone)]
            memo.kept(self, "feed", functools.partial(Memo.key, unit="programme", name=festival.id,
                                                      festivals=[festival.id], shown=shown),
                      functools.partial(self.programme_feed, festival, updated))
        # (a player's feed, by what it shows: a round's results write again the feeds of the two players of each
        # game that changed, not of every player of the festival)
        for pid, (feed, digest) in sorted(calendar.player_views(self.loaded).items()):
            shown = [pid, digest, updated, *(calendar.zone_data(z) for z in feed.zones)]
            memo.kept(self, "feed", functools.partial(Memo.shown_key, unit="player feed", shown=shown),
                      functools.partial(self.player_feed, feed, updated))

    def programme_feed(self, festival: Festival, updated: str) -> None:
        self.site.files.update(calendar.programme_file(self.loaded, festival, updated, self.site_url))

    def player_feed(self, feed: calendar.PlayerFeed, updated: str) -> None:
        self.site.files.update(calendar.player_file(feed, updated, self.site_url))

    @functools.cached_property
    def _entrant_cells(self) -> dict[str, dict[str, tuple[int | str, Markup | str, str]]]:
        """What a standings row shows of a player the same after every round of an event (`entrant_cells`), by
        event path."""
        return {}

    def entrant_cells(self, res: EventResults, pid: str) -> tuple[int | str, Markup | str, str]:
        """A player's festival Elo (the first rating in force in the event), FESA rating change and country: the
        same in the event's standings and on each of its round pages, so found once for all of them."""
        cells = self._entrant_cells.setdefault(res.event.path, {})
        found = cells.get(pid)
        if found is None:
            rated = self.loaded.ratings.get(res.event.path)
            rating = next((r for r in res.ratings.get(pid, []) if r is not None), None)
            found = cells[pid] = (rating.elo if rating else "–",
                                  rating_preview.cell(rated.changes.get(pid)) if rated else "",
                                  self.player(pid).country)
        return found

    def standings_rows(self, res: EventResults, table: tuple[Standing, ...], page: str,
                       after: int | None = None, names: PlayerLinks | None = None) -> list[dict[str, Any]]:
        """The rows of a standings table after round `after` (the last completed by default): rank, name,
        festival Elo, points, tiebreaks, games won, drawn and lost over the board, country, the FESA rating
        change. `names`: the page's links to its players, where it has them already."""
        after = res.completed if after is None else after
        separated = pages_of(res.event).game.separated
        names = PlayerLinks(self.data.players, page) if names is None else names
        rows = []
        for s in table:
            elo, change, country = self.entrant_cells(res, s.player)
            rows.append({
                "rank": f"{s.rank}=" if s.shared else str(s.rank),
                "name": names[s.player],
                "elo": elo,
                "wdl": won_drawn_lost(res.records.get(s.player, []), after),
                "country": country,
                "points": s.points,
                "tiebreaks": s.tiebreaks,
                "late": s.late,
                "separated_by": _(label) if (label := separated.get(s.separated_by)) else "",
                "change": change,
            })
        return rows

    def promotions(self, event: Event) -> list[str]:
        rated = self.loaded.ratings.get(event.path)
        changes = rated.changes if rated else {}
        return rating_preview.promotions(changes, {pid: self.player(pid).name for pid in changes})

    def event_part(self, festival: Festival, event: Event) -> None:
        """The event's pages, rendered or, where nothing they are made from changed, as the last build made them
        (memo.py)."""
        res = self.results[event.path]
        memo.kept(self, "event", lambda m: m.event_key(self.data, festival, event.path),
                  lambda: self.event_pages(festival, event, res), name=event.path)
        if pages_of(event).has_standings and res.completed:  # (its ranks kept for its players' pages)
            memo.kept_ranks(self.memo, self.data, festival, event.path, res, compute=False)

    def event_pages(self, festival: Festival, event: Event, res: EventResults) -> None:
        """The event's pages, as its kind lays them out (generator/kinds)."""
        fesa = self.fesa[event.path]
        if fesa.content:
            self.site.files[f"{event.path}/turnering.txt"] = fesa.content
        kind = pages_of(event)
        common: dict[str, Any] = {"festival": festival, "event": event, "res": res, "fesa": fesa, "kind": kind,
                                  "late": bool(event.from_round),
                                  "playoff": event.record(PlayoffSetup),
                                  "tiebreaks": [shown_tiebreak(t) for t in kind.rules.columns(event)],
                                  # (the bodies of the tables an event's pages repeat most: their templates call these)
                                  "standings_body": standings_body, "games_body": games_body,
                                  "crosstable_body": crosstable_body, "progress_body": progress_body,
                                  "teams_body": teams_body}
        # Every page of the event: the kind's own first, then the game's, the rules, prizes, knock-out, entries
        # and rounds.
        kind.main_pages(self, event, res, common)
        kind.game.pages(self, event, common)
        self.rules_page(event, res, common)
        self.prizes_page(event, common)
        if res.knockout is not None:
            knockout_page(self, event, res, common)
        self.entries_page(event, res, common)
        if kind.has_standings:
            self.round_pages(event, res, common)
        # The wall sheets are printed in the site's default language: made there alone (and in the site in marks,
        # which the default's pages are made from, render/after.py part)
        if i18n.current().root and i18n.current().code != MARKED:
            return
        # The results API: one for all the site's languages, at the root
        api_files = api.event_files(self.loaded, event)
        rated = self.loaded.ratings.get(event.path)
        if rated is not None:
            api_files[f"api/{event.path}/rating.json"] = rating_preview.api(
                event, rated, {pid: self.player_name(pid) for pid in rated.changes})
        self.site.files.update(api_files)
        self.site.default_only.update(api_files)
        if kind.has_standings and res.final:
            sheets.event_sheet(self, event, res, self.sheets_url)
        for rnd in event.rounds:  # (a simul's, which has no round pages, lead to its overview)
            if rnd.games:
                sheets.round_sheets(self, event, res, rnd, self.sheets_url,
                                    None if kind.has_standings else event_page(event))

    def rules_page(self, event: Event, res: EventResults, common: dict[str, Any]) -> None:
        page = event_page(event, "rules")
        kind = pages_of(event)
        self.page(page, kind.game.rules_template, _("{event} rules").format(event=event.short),
                  round_robin=kind.rules_table(self, event, res, page), **common)

    def prizes_page(self, event: Event, common: dict[str, Any]) -> None:
        prizes = self.prizes.get(event.path)
        if prizes is not None and event.prizes is not None:
            page = event_page(event, "prizes")
            self.page(page, "prizes.html.j2", _("{event} prizes").format(event=event.short), prizes=prizes,
                      currency=event.prizes.currency,
                      rows=self.prize_rows(event, prizes, page), **common)

    def entries_page(self, event: Event, res: EventResults, common: dict[str, Any]) -> None:
        page = event_page(event, "entries")
        self.page(page, "entries.html.j2", _("{event} entries").format(event=event.short),
                  rows=self.entries(event, res, page),
                  adjustments=[{"name": link(self.player(a.player).name, player_page(a.player), page), "adj": a}
                               for a in sorted(event.adjustments, key=lambda a: (a.from_round, a.player))],
                  **common)

    def standings_pages(self, event: Event, res: EventResults, common: dict[str, Any]) -> None:
        page = event_page(event)
        kind = pages_of(event)
        names = PlayerLinks(self.data.players, page)  # (each player is named in the standings and the progress)
        held = [Counter(ranks.values()) for ranks in res.ranks]  # how many players hold each rank, by round
        progress = [{"name": names[s.player],
                     "ranks": [f"{rank}=" if held[i][rank] > 1 else str(rank)
                               for i, rank in enumerate(res.rank_after(s.player))]} for s in res.final]
        winners = {pid: self.player(pid).name for pid in (res.knockout.places.values() if res.knockout else ())}
        own = kind.standings_context(self, event, res, page)
        linked = [*kind.standings_links(event), *kind.game.extra_pages, (N_("Rules"), "rules")]
        event_links = [link(_(label), event_page(event, name), page) for label, name in linked]
        self.page(page, own["template"], _("{event} standings").format(event=event.short), names=winners,
                  event_links=event_links,
                  search=event_search(common["festival"], event),
                  ties=kind.game.tie_lines(self, res, res.final, res.completed, page),
                  team_rows=own["team_rows"],
                  rows=self.standings_rows(res, res.final, page, names=names), progress=progress,
                  race=race.chart([(self.player_name(s.player), res.rank_after(s.player))
                                   for s in res.final[:race.LEADERS]]),
                  rated=event.path in self.loaded.ratings, rating_note=_(rating_preview.NOTE),
                  promotions=self.promotions(event),
                  round_links=[link(_("Round {n}").format(n=r.number), round_page(event, r.number), page)
                               for r in event.rounds],
                  **common)
        page = event_page(event, "crosstable")
        self.page(page, "crosstable.html.j2", _("{event} crosstable").format(event=event.short),
                  rows=self.crosstable(res, page), **common)

    def round_pages(self, event: Event, res: EventResults, common: dict[str, Any]) -> None:
        kind = pages_of(event)
        points_before = points_before_rounds(res, [rnd.number for rnd in event.rounds])
        known: dict[tuple[str, str], Markup] = {}  # (the players' links, shared by the round pages)
        for rnd in event.rounds:
            page = round_page(event, rnd.number)
            marks = {}
            for g in rnd.games:
                h = res.handicaps.get((rnd.number, g.board))
                if h is not None:
                    giver = self.player(h.giver)
                    marks[g.board] = f"{h.code.upper()} ({giver.family}){' *' if h.overrides_rule else ''}"
            if kind.round_page(self, event, res, rnd, page, marks, common):
                continue
            names = PlayerLinks(self.data.players, page, known)  # (named in the games and the standings)
            before = points_before[rnd.number]
            stage = {frozenset((t.a, t.b)): t.stage for t in res.knockout.ties_in(rnd.number)} if res.knockout else {}
            games: list[dict[str, Any]] = [{
                "board": g.board,
                "stage": stage_mark(stage.get(frozenset((g.sente.id, g.gote.id)), "")) if g.knockout else "",
                "handicap": marks.get(g.board, ""),
                "sente": names[g.sente.id],
                "gote": names[g.gote.id],
                "sente_before": before.get(g.sente.id), "gote_before": before.get(g.gote.id),
                "result": g.result.value if g.result else "…",
            } for g in rnd.games]
            table = res.by_round[rnd.number - 1] if rnd.number <= res.completed else None
            for g, row in zip(rnd.games, games, strict=True):
                kind.game.game_row(self, res, rnd.number, g, row)
            replays = [{"sente": names[g.sente.id], "gote": names[g.gote.id],
                        "result": g.result.value if g.result else "…"} for g in rnd.replays]
            self.page(page, kind.game.round_template,
                      _("{event} round {n}").format(event=event.short, n=rnd.number), rnd=rnd, games=games,
                      ties=kind.game.tie_lines(self, res, table, rnd.number, page),
                      replays_count=event.replay_draws,
                      any_knockout=any(g.knockout for g in rnd.games), replays=replays,
                      knockout=res.knockout.rules if res.knockout else None,
                      any_handicap=bool(marks),
                      furigoma_open=event.sente == "furigoma" and any(g.result is None for g in rnd.games),
                      overridden=any(h.overrides_rule for (r, _board), h in res.handicaps.items() if r == rnd.number),
                      byes=[names[r.id] for r in rnd.byes],
                      absent=[names[r.id] for r in rnd.absent],
                      rows=self.standings_rows(res, table, page, rnd.number, names) if table else None, **common)

    def prize_rows(self, event: Event, prizes: PrizeList, page: str) -> list[dict[str, Any]]:
        final = {s.player: s for s in self.results[event.path].final}
        return [{"label": a.label, "name": link(self.player(a.player).name, player_page(a.player), page),
                 "points": final[a.player].points, "amount": a.amount} for a in prizes.awards]

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
                         "source": elo_source(rating) if rating else _("no rating known"),
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



def cell(rec: RoundRecord, number: dict[str, int]) -> str:
    """A crosstable cell: the opponent's number and the result ('3+'), or what the round was without a game."""
    if rec.outcome is Outcome.BYE:
        # Translators: a crosstable cell: a round without an opponent
        return pgettext("crosstable cell", "bye")
    if rec.outcome is Outcome.HALF_BYE:
        # Translators: a crosstable cell: a round without a game that scores half a point
        return pgettext("crosstable cell", "½ bye")
    if rec.outcome is Outcome.LATE:
        if rec.points:
            # Translators: a crosstable cell: a late entry's round before he joined, and the points it gives him
            return pgettext("crosstable cell", "late +{points}").format(points=points(rec.points))
        # Translators: a crosstable cell: a late entry's round before he joined
        return pgettext("crosstable cell", "late")
    if rec.outcome is Outcome.FORFEIT_LOSS and rec.opponent is None:
        # Translators: a crosstable cell, short for forfeit: a game lost without play
        return pgettext("crosstable cell", "ff")
    if rec.outcome is Outcome.ABSENT:
        return "–"
    text = f"{number[rec.opponent]}{SYMBOL[rec.outcome]}" if rec.opponent else ""
    if rec.replayed:
        # Translators: a crosstable cell's mark (after "3+"): the game was a replay of a drawn game
        text += pgettext("crosstable cell", "r")
    if rec.outcome in (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS):
        # Translators: a crosstable cell's mark (after "3+"), short for forfeit: won or lost without play
        text += pgettext("crosstable cell", "ff")
    return text


def stage_mark(stage: str) -> str:
    """A knock-out stage as the round table's narrow column shows it ('SF'); '' for none."""
    mark = STAGE_MARKS.get(stage)
    return _(mark) if mark else ""


class PlayerLinks(dict[str, Markup]):
    """Each player's name linked to his page, from one page: found the first time the page names him (a round page
    names each of its players twice, in the games and in the standings). `known`: the links other pages made, by
    player and address, which this page takes where its address is the same (an event's round pages, side by side
    in its folder, reach a player's page the same way)."""

    def __init__(self, players: Mapping[str, Player], page: str,
                 known: dict[tuple[str, str], Markup] | None = None):
        super().__init__()
        self.players, self.page = players, page
        self.known = {} if known is None else known

    def __missing__(self, pid: str) -> Markup:
        target = player_page(pid)
        key = (pid, url(target, self.page))  # (a link is its address and its text, the player's name)
        made = self.known.get(key)
        if made is None:
            made = self.known[key] = link(self.players[pid].name, target, self.page)
        self[pid] = made
        return made


def won_drawn_lost(records: list[RoundRecord], after: int) -> str:
    """'5-2-1': the games won, drawn and lost over the board up to round `after`."""
    played = [r.outcome for r in records if r.round <= after]
    return f"{played.count(Outcome.WIN)}-{played.count(Outcome.DRAW)}-{played.count(Outcome.LOSS)}"


def points_before_rounds(res: EventResults, numbers: list[int]) -> dict[int, dict[str, Fraction]]:
    """Each player's points before each of the rounds `numbers` (the sum of his rounds before it), by round: one
    pass over his rounds for all of them."""
    out: dict[int, dict[str, Fraction]] = {n: {} for n in numbers}
    ascending = sorted(out)
    for pid, records in res.records.items():
        by_round = sorted(records, key=lambda r: r.round)
        total, i = Fraction(0), 0
        for n in ascending:
            while i < len(by_round) and by_round[i].round < n:
                total += by_round[i].points
                i += 1
            out[n][pid] = total
    return out


# The bodies of the tables an event's pages repeat most, made here rather than in their templates (which call
# these): every round page shows its games and the standings after it, so an event's players fill those rows once
# a round, in every language; the crosstable and the progress table have a cell for each player and round. Each
# cell is printed exactly as a template prints a value (`printed`).

def standings_body(rows: list[dict[str, Any]], rated: bool, late: bool, countries: bool) -> Markup:
    """The rows of a standings table (_table.html.j2), from `standings_rows`: the FESA rating change where the
    event is `rated`, the points a late entry started with where some did (`late`), the country's name on hover
    where `countries`."""
    cell = points_cells()
    country_names: dict[str, str] = {}
    out = []
    for row in rows:
        country = row["country"]
        if country and countries:
            name = country_names.get(country)
            if name is None:
                name = country_names[country] = printed(country_name(country))
            nationality = f'<abbr title="{name}">{printed(country)}</abbr>'
        else:
            nationality = printed(country)
        out.append(f"<tr><td>{printed(row['rank'])}</td><td>{printed(row['name'])}</td><td>{printed(row['elo'])}</td>"
                   + (f"<td>{printed(row['change'])}</td>" if rated else "")
                   + f"<td><strong>{cell(row['points'])}</strong></td>"
                   + (f"<td>{cell(row['late']) if row['late'] else ''}</td>" if late else "")
                   + "".join([f"<td>{cell(v)}</td>" for v in row["tiebreaks"]])
                   + f"<td>{printed(row['wdl'])}</td><td>{nationality}</td></tr>\n")
    return Markup("".join(out))


def crosstable_body(rows: list[dict[str, Any]]) -> Markup:
    """The rows of the crosstable (crosstable.html.j2), from `Renderer.crosstable`."""
    cell = points_cells()
    return Markup("".join([
        f"<tr><td>{printed(row['no'])}</td><td>{printed(row['name'])}</td>"
        + "".join([f"<td>{printed(c)}</td>" for c in row["cells"]])
        + f"<td><strong>{cell(row['points'])}</strong></td><td>{printed(row['rank'])}{'=' if row['shared'] else ''}"
          "</td></tr>\n" for row in rows]))


def progress_body(progress: list[dict[str, Any]]) -> Markup:
    """The rows of the table of each player's rank after each round (_progress.html.j2)."""
    return Markup("".join([f"<tr><td>{printed(p['name'])}</td>"
                           + "".join([f"<td>{printed(rank)}</td>" for rank in p["ranks"]]) + "</tr>\n"
                           for p in progress]))


def games_body(games: list[dict[str, Any]], handicaps: bool, knockout: bool) -> Markup:
    """The rows of a round's table of games (round.html.j2): board, each player with his points before the round,
    the result; the handicap and the knock-out's stage where the round has any."""
    cell = points_cells()
    out = []
    for g in games:
        out.append(f"<tr><td>{printed(g['board'])}</td><td>{printed(g['sente'])} ({cell(g['sente_before'])})</td>"
                   f"<td>{printed(g['result'])}</td><td>{printed(g['gote'])} ({cell(g['gote_before'])})</td>"
                   + (f"<td>{printed(g['handicap'])}</td>" if handicaps else "")
                   + (f"<td>{printed(g['stage'])}</td>" if knockout else "") + "</tr>\n")
    return Markup("".join(out))


def elo_source(rating: Rating) -> str:
    """Where a festival Elo comes from, in words: 'from 1 kyu grade' (as the rules' Rating.explanation)."""
    detail = rating.detail
    match rating.source:
        case Source.PAN_ATLANTIC:
            return _("FESA/USSF Elo")
        case Source.CLUB_GRADE:
            # Translators: where a rating comes from: the player's club grade ("from 1 kyu grade")
            return _("from {grade} grade").format(grade=_(grade_name(detail)))
        case Source.SHOGIDOJO:
            # Translators: where a rating comes from: the player's ShogiDojo rating and the bonus added to it
            return _("ShogiDojo {rating} + {bonus}").format(rating=detail, bonus=SHOGIDOJO_BONUS)
        case Source.CLAIMED_GRADE:
            # Translators: where a rating comes from: the grade the player says he has ("from claimed 1 kyu")
            return _("from claimed {grade}").format(grade=_(grade_name(detail)))
        case Source.ASSESSED:
            if detail:
                # Translators: where a rating comes from: the arbiters' assessment, with their note
                return _("arbiters' assessment: {note}").format(note=detail)
            return _("arbiters' assessment")
        case Source.ADJUSTED:
            if detail:
                # Translators: where a rating comes from: the arbiters' adjustment, with their note
                return _("arbiters' adjustment: {note}").format(note=_(detail) if isinstance(detail, Text) else detail)
            return _("arbiters' adjustment")


def render_site(loaded: Loaded, site_url: str = "", kept: Memo | None = None, sheets_url: str | None = None) -> Site:
    """The site; `site_url`, the address it is published at, goes into the calendars' links and the wall sheets' QR
    codes (the sheets' own address where `sheets_url` gives one: the root's, for the site in marks); `kept`, the
    parts of the last build, which events' pages may come from."""
    return Renderer(loaded, site_url, kept, sheets_url).build()



def own_files(loaded: Loaded, updated: str, site_url: str = "", kept: Memo | None = None) -> dict[str, str | bytes]:
    """The files a language renders itself (Renderer.own_files), as render_site writes them in the current language
    on a site whose date (the data's latest day) is `updated`: those a language whose pages all come from the site
    in marks renders (engine/hooks.py _quick)."""
    renderer = Renderer(loaded, site_url, kept)
    renderer.site.updated = updated
    renderer.own_files()
    return renderer.site.files


def with_problems(site: Site | None, problems: list[str]) -> Site:
    """The live preview while the data has errors: every generated page of the last site built without errors
    opens with the located list of problems (or, before any such site, a page with the list alone)."""
    items = Markup("").join(Markup("<li><code>{}</code></li>").format(line) for line in problems)
    # The banner is escaped here, once, and joined to the pages' HTML as the text it is (a Markup on the right
    # of a plain string would escape the page itself: its tags shown as text).
    shown = (_("The data has errors: this preview shows the results as they were before them. Fix these and save; "
               "the page comes back by itself.") if site is not None else
             _("The data has errors: the preview has no results to show until they are fixed (it was started on "
               "them). Fix these and save; the site comes by itself."))
    banner = str(Markup('<div class="admonition failure"><p class="admonition-title">{}</p>'
                        '<ol class="problems">{}</ol></div>\n').format(shown, items))
    if site is None:
        title = _("The data has errors")
        body, toc = headings(str(Markup("<h1>{}</h1>\n").format(title)) + banner)
        return Site({"index.md": Page(title, body, toc)}, nav=[{_("Home"): "index.md"}], banner=banner)
    out = Site(dict(site.pages), dict(site.files), site.nav, site.sections, site.section_of, site.updated, banner,
               set(site.default_only))
    for path, page in site.pages.items():
        h1_end = page.html.find("</h1>") + len("</h1>\n") if "</h1>" in page.html else 0
        out.pages[path] = Page(page.title, page.html[:h1_end] + banner + page.html[h1_end:], page.toc, page.search)
    return out
