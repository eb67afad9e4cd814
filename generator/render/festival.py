"""A festival's pages (its front page, prizes, Grand Prix, programme) and the sidebar navigation."""

from __future__ import annotations

import html
from decimal import Decimal
from fractions import Fraction
from typing import Any

from ..model import Event, Festival
from ..pipeline import awarded, festival_prizes
from ..pipeline.calendar import sessions
from . import calendar
from .base import RendererBase, Site
from .i18n import _
from .kinds import pages_of
from .paths import SearchEntry, event_page, player_page, round_page
from .now import finder, now_blocks
from .text import country_name, date_range, link

class FestivalPages(RendererBase):
    """The Renderer's festival pages and navigation."""

    def festival_pages(self, festival: Festival) -> None:
        page = f"{festival.id}/index.md"
        gp = self.grand_prix.get(festival.id)
        lines = festival_prizes(festival, self.loaded)
        items = self.programme(festival, f"{festival.id}/programme.md")
        where = ", ".join(x for x in (festival.city, country_name(festival.country) if festival.country else "") if x)
        self.page(page, "festival.html.j2", festival.name, festival=festival, results=self.results,
                  now=(blocks := now_blocks(self, [festival], page)), find=finder(blocks),
                  search=SearchEntry(festival.name, " · ".join(x for x in (
                      date_range(festival.start, festival.end), where,
                      ", ".join(str(e.name) for e in festival.events)) if x)),
                  has_prizes=bool(lines), gp=gp, programme=bool(items))
        if lines:
            page = f"{festival.id}/prizes.md"
            totals = awarded(lines)
            fund = festival.prize_fund
            spent = totals.get(fund.currency, Decimal(0)) if fund else Decimal(0)
            self.page(page, "fund.html.j2", _("{festival}: prizes").format(festival=festival.name), festival=festival,
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
                      earned={e.id: pages_of(e).grand_prix_rule(r) for r in festival.grand_prix.events
                              for e in gp.events if e.id == r.event} if festival.grand_prix else {},
                      unranked=[{"name": link(n, player_page(pid), page),
                                 "points": sum(per.values(), Fraction(0)),
                                 "events": ", ".join(names[e] for e in per)} for n, pid, per in unranked])
        if items:
            days: dict[Any, list[dict[str, Any]]] = {}
            for item in items:
                days.setdefault(item["date"], []).append(item)
            page = f"{festival.id}/programme.md"
            self.page(page, "programme.html.j2", _("{festival}: programme").format(festival=festival.name),
                      festival=festival, days=days,
                      calendar=calendar.subscribe(calendar.programme_path(festival), page, self.site_url))

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

    def programme(self, festival: Festival, page: str) -> list[dict[str, Any]]:
        """The timetable: each event's sessions (from its schedule, else its round files' dates and times) and
        the festival's own items, by day and time."""
        items = []
        for event in festival.events:
            where = link(event.name, event_page(event), page)
            for date, time, title, rnd in sessions(event):
                items.append({"date": date, "time": time, "what": where,
                              "title": _("Round {n}").format(n=rnd.number) if rnd else title, "people": [], "note": ""})
        for item in festival.programme:
            items.append({"date": item.date, "time": item.time, "what": item.title, "title": "",
                          "people": [link(self.player(r.id).name, player_page(r.id), page) for r in item.people],
                          "note": item.note})
        return sorted(items, key=lambda i: (i["date"], i["time"].split("-")[0].zfill(5)))

    def navigation(self) -> list[Any]:
        """The site-wide sidebar. A festival's pages have their own: the site-wide one with that festival in it,
        its events, and the pages and rounds of the page's own event only (`sections`, by festival id or event
        path; `section_of` says which a page has). A page's sidebar does not grow with the archive."""
        top: list[Any] = [{_("Players"): "players/index.md"},
                          # Translators: the page of the Dutch shogi federation's (NShB) promotion system
                          {_("Promotion (NShB)"): "promotion.md"},
                          {_("For organizers"): "organizers.md"}, {_("Submitting results"): "submitting.md"},
                          {_("Results API"): "api.md"}]
        for festival in self.data.festivals:
            for key, event in [(festival.id, None), *((e.path, e) for e in festival.events)]:
                section = self.festival_section(festival, event)
                self.site.sections[key] = [{_("Home"): "index.md"}, {html.escape(str(festival.name)): section}, *top]
                head = len(section) - len(festival.events)  # the festival's own pages, then one item an event
                owned = _paths(section[head + festival.events.index(event)] if event else section[:head])
                for path in owned:
                    self.site.section_of[path] = key
        return [{_("Home"): "index.md"}, *top]

    def festival_section(self, festival: Festival, current: Event | None) -> list[Any]:
        """A festival's part of the sidebar: its own pages, then its events, `current` with all its pages and
        rounds, the others as one link each (None: every event as a link)."""
        section: list[Any] = [f"{festival.id}/index.md"]
        if f"{festival.id}/programme.md" in self.site.pages:
            section.append({_("Programme"): f"{festival.id}/programme.md"})
        if f"{festival.id}/prizes.md" in self.site.pages:
            section.append({_("Prizes"): f"{festival.id}/prizes.md"})
        gp = self.grand_prix.get(festival.id)
        if gp is not None:
            section.append({html.escape(str(gp.name)): f"{festival.id}/grand-prix.md"})
        for event in festival.events:
            if event is not current:  # the other events: a link to each, their pages in their own sidebars
                section.append({html.escape(str(event.short)): event_page(event)})
                continue
            kind = pages_of(event)
            pages = kind.nav(self, event)
            if kind.has_standings and event.rounds:
                pages.append({_("Rounds"): [{_("Round {n}").format(n=r.number): round_page(event, r.number)}
                                            for r in event.rounds]})
            ko = self.results[event.path].knockout
            if ko is not None:
                pages.insert(1, {html.escape(str(ko.rules.short)): event_page(event, "knockout")})
            if self.prizes.get(event.path) is not None:
                pages.append({_("Prizes"): event_page(event, "prizes")})
            pages.append({_("Rules"): event_page(event, "rules")})
            section.append({html.escape(str(event.short)): pages})
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


def varying_labels(site: Site) -> dict[str, dict[str, str]]:
    """The labels a page has in some sidebars only (an event's standings: "Standings" in the event's own, the
    event's name in the others), by sidebar ("" the site-wide one, else `site.sections`' keys), for each page's
    sidebar to be labelled as its own spec says."""
    by_key = {"": nav_labels(site.nav), **{key: nav_labels(spec) for key, spec in site.sections.items()}}
    seen: dict[str, set[str]] = {}
    for labels in by_key.values():
        for path, label in labels.items():
            if label is not None:
                seen.setdefault(path, set()).add(label)
    return {key: {path: label for path, label in labels.items() if label is not None and len(seen[path]) > 1}
            for key, labels in by_key.items()}


def _paths(spec: Any) -> list[str]:
    """Every page path in a piece of navigation."""
    return list(nav_labels(spec))
