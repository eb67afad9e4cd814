"""Every player's page (events, games, rating preview, Grand Prix, promotion), the players' index and the
promotion page."""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from markupsafe import Markup, escape

from ..fesa.preview import Change
from ..rules import promotion
from ..model import Event, Festival, Outcome, Player
from ..kinds import kind_of
from ..rules.festival_elo import grade_name
from ..rules.scoring import RoundRecord, Standing
from ..rules.standings import EventResults
from . import calendar, memo, now, pending, race
from . import rating as rating_preview
from .base import RendererBase
from .i18n import _, ngettext
from .keys import Memo
from .kinds import KindPages, pages_of
from .paths import SearchEntry, event_page, giver_page, player_page, round_page
from .text import country_name, html_format, html_message, link, points, spellings
from .text import shown as shown_value
from .words import outcome_word, points_text, rest_word, result_word

# The mark of the colour a player had in a game (shogi's sente and gote), in his games' table
COLOURS = {"sente": "☗", "gote": "☖"}


@dataclass(frozen=True, slots=True)
class EventShown:
    """What the pages of an event's players look up in it, the same for each of them: found once for all of
    them, not once for every player."""

    festival: Festival
    res: EventResults
    kind: KindPages
    entrants: frozenset[str]
    standings: Mapping[str, Standing]  # each player's final place (none for a kind without standings)
    changes: Mapping[str, Change]  # each player's FESA rating change, when the event is rated
    heading: Markup  # the heading of its part of the page: the event's short name and the festival's


@dataclass(frozen=True, slots=True)
class PlayerLine:
    """A player's part of one event on his page (an event's each, and a simul he gave): what the template shows,
    and nothing else (his page is kept by these values: memo.kept). His place and his games' table rows are made
    here: a busy player's page has hundreds of cells."""

    heading: Markup  # the event's (EventShown.heading)
    place: Markup  # the event's link, with his place in its standings
    knockout: Markup | str = ""  # his knock-out, team or army line; a giver's simul
    ranks: tuple[int, ...] = ()  # his rank after each round (drawn as his race line), of `field` players
    field: int = 0
    rating: Markup | str = ""
    elo_shown: bool = False  # the event's game is one the festival Elo is shown for
    handicaps: bool = False  # a game with a handicap: the page gives the codes' key
    rows: Markup = Markup("")  # his games' table rows (nothing without games)

    @property
    def race(self) -> Markup:
        """His race line (drawn when the page is rendered: a page kept as it was does not draw it)."""
        return race.sparkline(list(self.ranks), self.field) if self.ranks else Markup("")


@dataclass(frozen=True, slots=True)
class Played:
    """A line of a player's page with the event it is of and his rating change there (his rating chart, and the
    events his search entry names)."""

    line: PlayerLine
    event: Event
    festival: Festival
    change: Change | None = None  # his FESA rating change, when he played rated games


def _played(shown: EventShown, pid: str) -> Change | None:
    """A player's FESA rating change in an event, where he played rated games there."""
    change = shown.changes.get(pid)
    return change if change and change.games else None


_TEXTS = ("heading", "place", "knockout", "rating", "rows")  # a PlayerLine's texts: HTML, or text to escape


def _lines_json(lines: list[PlayerLine]) -> list[dict[str, Any]]:
    """A player's lines of an event as JSON values (memo.kept_value): each text with whether it is HTML."""
    return [{**{f: [str.__str__(getattr(line, f)), isinstance(getattr(line, f), Markup)] for f in _TEXTS},
             "ranks": list(line.ranks), "field": line.field, "elo_shown": line.elo_shown,
             "handicaps": line.handicaps} for line in lines]


def _lines_from_json(found: Any) -> list[PlayerLine] | None:
    """The lines `_lines_json` wrote; None for anything else (never trusted: checked throughout)."""
    if not isinstance(found, list):
        return None
    lines = []
    for d in found:
        if not (isinstance(d, dict) and d.keys() == {*_TEXTS, "ranks", "field", "elo_shown", "handicaps"}
                and all(isinstance(d[f], list) and len(d[f]) == 2 and isinstance(d[f][0], str)
                        and type(d[f][1]) is bool for f in _TEXTS)
                and isinstance(d["ranks"], list) and all(type(r) is int for r in d["ranks"])
                and type(d["field"]) is int and type(d["elo_shown"]) is bool and type(d["handicaps"]) is bool):
            return None
        texts = {f: Markup(d[f][0]) if d[f][1] else d[f][0] for f in _TEXTS}
        lines.append(PlayerLine(**texts, ranks=tuple(d["ranks"]), field=d["field"], elo_shown=d["elo_shown"],
                                handicaps=d["handicaps"]))
    return lines


class PlayerPages(RendererBase):
    """The Renderer's player pages and the promotion page."""

    @functools.cached_property
    def festival_of(self) -> dict[str, Festival]:
        """The festivals by id (made once: every player's lines look up theirs)."""
        return {f.id: f for f in self.data.festivals}

    @functools.cached_property
    def _events_shown(self) -> dict[str, EventShown]:
        """Each event's EventShown by path, as the players' pages first ask for it."""
        return {}

    @functools.cached_property
    def _player_links(self) -> dict[tuple[str, str], Markup]:
        """The links the players' pages share (`player_link`), by text and target."""
        return {}

    @functools.cached_property
    def _opponent_links(self) -> dict[str, Markup]:
        """Links to the players' pages from the other players' pages (`opponent_link`), by player."""
        return {}

    @functools.cached_property
    def _result_cells(self) -> dict[tuple[Outcome, bool, bool], Markup]:
        """A game's result as HTML (`result_cell`), by outcome, rest round and replay."""
        return {}

    @functools.cached_property
    def _handicap_cells(self) -> dict[tuple[bool, str], Markup]:
        """A game's handicap as HTML (`handicap_cell`), by who gave it and its code."""
        return {}

    @functools.cached_property
    def _points_cells(self) -> dict[tuple[int, int], Markup]:
        """A game's points as HTML (`points_cell`), by numerator and denominator."""
        return {}

    @functools.cached_property
    def games_head(self) -> Markup:
        """The head of a player's games table, in the language of the pages (rendered once: it is the same on
        every table of every player's page)."""
        return Markup(self.env.get_template("_player_games_head.html.j2").render().removesuffix("\n"))

    def player_pages(self) -> None:
        """Every player's page (each as the last build made it where nothing it shows changed: memo.py), and the
        players' index."""
        @functools.cache
        def found() -> tuple[dict[str, list[Markup]], dict[str, list[Markup]], dict[str, list[Markup]]]:
            """Each player's Grand Prix lines, next games and next games being played (found once, when a page
            is not taken from the site in marks: memo.kept)."""
            return (self.grand_prix_lines(), now.next_games(self, self.data.festivals),
                    pending.next_game_lines([(e, r) for f in self.data.festivals for e in f.events
                                             if (r := now.pending_round(e)) is not None]))

        @functools.cache
        def feeds() -> set[str]:  # the players with a calendar feed
            return set(calendar.player_views(self.loaded))

        def lines(pid: str) -> tuple[list[Markup], list[Markup], list[Markup]]:
            gp, coming, live = found()
            return gp.get(pid, []), coming.get(pid, []), live.get(pid, [])

        def key(pid: str, entered: list[Event], m: Memo) -> str:
            return m.player_key(self.data, pid, [self.festival_of[e.festival_id] for e in entered],
                                [*(str(line) for part in lines(pid) for line in part), pid in feeds()])

        def shows(pid: str, player: Player) -> tuple[dict[str, Any], Callable[[], None]]:
            return self.player_view(pid, player, *lines(pid), pid in feeds())

        players = sorted(self.data.players.items(), key=lambda kv: (kv[1].name, kv[0]))
        for pid, player in players:
            memo.kept(self, "player", functools.partial(key, pid, self.data.entries.get(pid, [])),
                      shows=functools.partial(shows, pid, player), name=pid)

        def index() -> None:
            rows = [{"name": link(player.name, player_page(pid), "players/index.md"), "country": player.country,
                     "events": ", ".join(str(e.short) for e in self.data.entries.get(pid, []))}
                    for pid, player in players]
            self.page("players/index.md", "players.html.j2", _("Players"), rows=rows)

        memo.made_each_build(self, "players/index.md", index)

    def player_view(self, pid: str, player: Player, gp_lines: list[Markup], next_games: list[Markup],
                    next_live: list[Markup], feed: bool) -> tuple[dict[str, Any], Callable[[], None]]:
        """What a player's page shows, as values (his page is kept by them: memo.kept), and how it is rendered from
        them alone (the template is given nothing else, memo.plain holds all of it)."""
        page = player_page(pid)
        played = self.player_entries(pid)
        events = list(dict.fromkeys(f"{p.event.short} {p.festival.start.year}" if p.festival.start
                                    else str(p.event.short) for p in played))
        history = [(f"{p.event.short} · {p.festival.name}", p.change.before, p.change.after)
                   for p in sorted(played, key=lambda p: (p.event.start or dt.date.min, p.event.id))
                   if p.change is not None]
        entries = [p.line for p in played]
        shown: dict[str, Any] = {
            "player": player, "entries": entries, "gp_lines": gp_lines, "rating": self.loaded.festival_elo.get(pid),
            "history": history, "search": self.player_search(player, events),
            "elo_shown": any(e.elo_shown for e in entries), "handicaps": any(e.handicaps for e in entries),
            "promotion": self.promotion_rows(pid, page), "next_games": next_games, "next_live": next_live,
            "calendar": calendar.subscribe(calendar.player_path(pid), page, self.site_url, player=True) if feed else ""}

        def render() -> None:
            self.page(page, "player.html.j2", player.name, given_only=True, games_head=self.games_head,
                      rating_chart=rating_preview.chart(history) if history else "", **shown)

        return {"page": page, **shown}, render

    def player_entries(self, pid: str) -> list[Played]:
        """A player's lines on his page, an event's each (and a simul he gave), in the festivals' order: an event's as
        the last build kept them where its festival, and those before it, did not change (memo.kept_value)."""
        page = player_page(pid)
        entries: list[Played] = []
        for event in self.data.entries.get(pid, []):
            shown = self.event_shown(event)
            lines = memo.kept_value(
                self.memo, functools.partial(Memo.lines_key, data=self.data, festival=shown.festival, pid=pid,
                                             path=event.path),
                functools.partial(self.event_lines, pid, event, shown, page), _lines_json, _lines_from_json)
            change = _played(shown, pid) if pid in shown.entrants else None
            for n, line in enumerate(lines):  # (his own line first, then a simul he gave)
                entries.append(Played(line, event, shown.festival, change if n == 0 else None))
        return entries

    def event_lines(self, pid: str, event: Event, shown: EventShown, page: str) -> list[PlayerLine]:
        """A player's lines of one event on his page `page`: his place and games (when he played in it), then a
        simul he gave there."""
        lines: list[PlayerLine] = []
        festival, res, kind = shown.festival, shown.res, shown.kind
        event_link = self.player_link(f"{event.name}", event_page(event), page)
        if pid in shown.entrants:
            rows = []
            handicaps = False  # a game with a handicap: the page gives the codes' key
            all_play_all, round_link, material_text = kind.all_play_all, kind.round_link, kind.game.material_text
            for rec in res.records[pid]:
                # Each cell as HTML: text escaped (the result cell part by part: escaping goes character by
                # character), a link as it is; no points for a game not yet played.
                result = self.result_cell(rec, all_play_all)
                h = res.handicaps.get((rec.round, rec.board or 0))
                if h is not None:
                    handicaps = True
                    result += self.handicap_cell(h.giver == pid, h.code)
                if material := material_text(rec):
                    result += escape(material)
                opponent = self.opponent_link(rec.opponent, pid, page) if rec.opponent else ""
                score = self.points_cell(rec.points) if rec.outcome is not Outcome.PENDING else ""
                # (a board's number and a colour's mark have nothing to escape)
                rows.append(f"<tr><td>{self.player_link(str(rec.round), round_link(event, rec), page)}</td>"
                            f"<td>{rec.board or ''}</td><td>{COLOURS.get(rec.colour or '', '')}</td>"
                            f"<td>{opponent}</td><td>{result}</td><td>{score}</td></tr>\n")
            standing = shown.standings.get(pid)
            change = _played(shown, pid)
            if standing:
                # (his race line: the ranks after each round as the last build kept them, or made)
                memo.kept_ranks(self.memo, self.data, festival, event.path, res)
                place = html_message(
                    # Translators: a player's place in an event: "Leiden Open: rank 3= of 24, 4 points after
                    # round 5." (3=: the place is shared).
                    _("%(event)s: <strong>rank %(rank)s of %(total)s</strong>, %(score)s after round %(round)s."),
                    event=event_link, rank=f"{standing.rank}{'=' if standing.shared else ''}",
                    total=len(res.final), score=kind.game.standing_text(standing), round=res.completed)
            else:
                place = event_link + "."
            lines.append(PlayerLine(
                heading=shown.heading, place=place, knockout=kind.player_line(self, event, res, pid, page),
                ranks=tuple(res.rank_after(pid)) if standing else (), field=len(res.final),
                rating=rating_preview.line(change) if change else "",
                elo_shown=kind.game.elo_shown, handicaps=handicaps, rows=Markup("".join(rows))))
        for g in self.simuls.get(event.path, []):
            if g.giver != pid:
                continue
            n = len(g.boards)
            gave = link(ngettext("Gave a simul on {n} board", "Gave a simul on {n} boards", n).format(n=n),
                        giver_page(event, g.giver), page)
            lines.append(PlayerLine(
                heading=shown.heading, place=event_link + ".",
                # Translators: {simul} is the link "Gave a simul on 12 boards"; then the points he scored
                # of the games decided ("7½ of 11")
                knockout=html_format(_("{simul}: {score} of {decided}."), simul=gave, score=points(g.score),
                                     decided=g.decided)))
        return lines

    def event_shown(self, event: Event) -> EventShown:
        """What every player's page looks up in `event`, found at the first that asks."""
        shown = self._events_shown.get(event.path)
        if shown is None:
            res = self.results[event.path]
            kind = pages_of(event)
            standings: dict[str, Standing] = {}
            if kind.has_standings:
                for s in res.final:
                    standings.setdefault(s.player, s)
            rated = self.loaded.ratings.get(event.path)
            festival = self.festival_of[event.festival_id]
            # The festival's name alone for an event that has it for its name (and short name), else both
            if event.short in (festival.name, event.name) and event.name == festival.name:
                heading = escape(shown_value(festival.name))
            else:
                heading = Markup(f"{escape(shown_value(event.short))} · {escape(shown_value(festival.name))}")
            shown = self._events_shown[event.path] = EventShown(
                festival, res, kind, frozenset(ref.id for ref in event.entrants), standings,
                rated.changes if rated else {}, heading)
        return shown

    def player_link(self, text: str, target: str, page: str) -> Markup:
        """`link(text, target, page)` from the player's page `page`. Every player's page is a folder of the same
        depth (players/<id>/; no player is called "index": sources/site_names.py), so a link from one of them to
        anything outside its own folder is the same from all of them: an event's link, its rounds' and its Grand
        Prix's are made once a build, not once for every page that has them. (A target whose path begins as the
        page's own, the page itself or anything in its folder, is linked afresh.)"""
        if target.startswith(page.removesuffix(".md")):
            return link(text, target, page)
        found = self._player_links.get((text, target))
        if found is None:
            found = self._player_links[text, target] = link(text, target, page)
        return found

    def opponent_link(self, opponent: str, pid: str, page: str) -> Markup:
        """The link to an opponent's page from player `pid`'s page `page`. Another player's page is reached the same
        way from every other player's page (../<id>/, as `player_link` says): made once a build, found by his id."""
        found = self._opponent_links.get(opponent) if opponent != pid else None
        if found is None:
            opp = self.player(opponent)
            found = link(opp.name, player_page(opp.id), page)
            if opponent != pid:
                self._opponent_links[opponent] = found
        return found

    def result_cell(self, rec: RoundRecord, all_play_all: bool) -> Markup:
        """A player's result in a game in words, as HTML: 'win'; 'rest' for an all-play-all's bye; the result of a
        replay said so. The same few words on every page: looked up and escaped once."""
        rest = rec.outcome is Outcome.BYE and all_play_all
        key = (rec.outcome, rest, rec.replayed)
        found = self._result_cells.get(key)
        if found is None:
            words = rest_word() if rest else outcome_word(rec.outcome)
            if rec.replayed:
                # Translators: a player's result ("win", "loss") in a game that replayed a drawn one
                words = _("{outcome} in the replay of a draw").format(outcome=words)
            found = self._result_cells[key] = escape(words)
        return found

    def handicap_cell(self, gave: bool, code: str) -> Markup:
        """A game's handicap after its result, as HTML: " · gave 2P" when the player gave the pieces, else
        " · received 2P"."""
        found = self._handicap_cells.get((gave, code))
        if found is None:
            # Translators: a game's handicap on a player's page: he gave (received) the pieces of the code ("gave 2P")
            words = (_("gave {code}") if gave else _("received {code}")).format(code=code.upper())
            found = self._handicap_cells[gave, code] = escape(" · " + words)
        return found

    def points_cell(self, value: Fraction | None) -> Markup:
        """A game's points as HTML (nothing for none)."""
        if value is None:
            return Markup("")
        key = (value.numerator, value.denominator)  # (a Fraction's own hash is slow to compute)
        found = self._points_cells.get(key)
        if found is None:
            found = self._points_cells[key] = escape(points(value))
        return found

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
                gp_lines[row.player].append(html_format(_(
                    "{grand_prix} ({festival}): <strong>rank {rank}</strong>, {points} ({events})."),
                    grand_prix=self.player_link(gp.name, f"{festival.id}/grand-prix.md", player_page(row.player)),
                    festival=festival.name, rank=f"{row.rank}{'=' if row.shared else ''}",
                    points=points_text(row.total), events=parts))
            for pid, per in gp.unranked.items():
                # Translators: a player in a Grand Prix who played too few of its events: its name (a link), the
                # festival, how many he played and how many are needed
                gp_lines[pid].append(html_format(ngettext(
                    "{grand_prix} ({festival}): not ranked, in {n} of its events ({needed} needed).",
                    "{grand_prix} ({festival}): not ranked, in {n} of its events ({needed} needed).", len(per)),
                    grand_prix=self.player_link(gp.name, f"{festival.id}/grand-prix.md", player_page(pid)),
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
            return {"date": g.date, "event": self.player_link(g.event.short, target, page),
                    "opponent": self.opponent_link(g.opponent, pid, page),
                    "grade": grade, "result": result_word(g.result), "reason": _(g.reason) if g.reason else "",
                    "points": promotion_points(g)}

        return {"grade": track.grade, "needed": track.needed, "rows": [row(g) for g in track.considered],
                "promotions": [{"new": p.new, "date": p.date, "rule": p.rule} for p in track.promotions]}

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
        other = other_spellings(player.family, player.given)
        return SearchEntry(player.name, " · ".join([country_name(player.country), *played,
                                                    *([" ".join(other)] if other else [])]))


@functools.lru_cache(maxsize=100_000)
def other_spellings(family: str, given: str) -> tuple[str, ...]:
    """`spellings` of a player's name, worked out once: they are the same in every language the site is built in."""
    return tuple(spellings(family, given))


def promotion_points(g: promotion.Considered) -> str:
    """+45, -10, or – for a game not taken into account."""
    return f"{g.points:+d}" if g.points is not None else "–"

