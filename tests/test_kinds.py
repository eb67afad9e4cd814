"""Event kinds: each event gets the kind its files say, a new kind is one class and one registration line, and
no module tests an event's kind by name (the layers are tests/test_lint.py's)."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from generator import kinds
from generator.diagnostics import Report
from generator.fesa import messages
from generator.kinds.beginners import Beginners
from generator.kinds.fesa_table import FesaTable
from generator.kinds.oware import Oware
from generator.kinds.round_robin import RoundRobin
from generator.kinds.shogi import Shogi
from generator.kinds.shuuro import Shuuro
from generator.kinds.simul import Simul
from generator.kinds.swiss import Swiss
from generator.kinds.team_swiss import TeamSwiss
from generator.model import Event, Player, PlayerId, ShuuroSetup, SimulSetup, TeamSetup
from generator.diagnostics import Location
from generator.pipeline import load
from generator.render.site import render_site

from .conftest import DEMO

ROOT = Path(__file__).resolve().parent.parent
NAME_TEST = re.compile(r"is_simul|is_team|\.format (==|!=|in)|\.game (==|!=|in)|ranked_by_criteria|colours_known")


def test_every_demo_event_gets_the_kind_and_game_its_files_name():
    # From the demo's */*/event.yaml (format, game, eligibility) and the two turnering.txt-only folders.
    expected = {
        "2000-mso-shogi/championship": (Swiss, Shogi), "2000-mso-shogi/blitz": (Swiss, Shogi),
        "2000-mso-shogi/beginners": (Swiss, Shogi), "2000-mso-shogi/team-match": (TeamSwiss, Shogi),
        "2000-mso-shogi/simul": (Simul, Shogi), "2009-mso-shuuro/shuuro-250": (Swiss, Shuuro),
        "2012-mso-oware/oware-masters": (RoundRobin, Oware), "2012-mso-oware/oware-open": (Swiss, Oware),
        "2000-leiden-autumn-open/tournament": (FesaTable, Shogi),
        "2001-kurpfalz-new-year-open/tournament": (FesaTable, Shogi),
    }
    loaded = load(DEMO)
    assert loaded.ok, loaded.report.lines()
    got = {e.path: kinds.kind_of(e) for e in loaded.data.events()}
    assert set(got) == set(expected)
    for path, (kind, game) in expected.items():
        assert isinstance(got[path], kind), path
        assert type(got[path].game) is game, path
    assert isinstance(got["2000-mso-shogi/beginners"], Beginners)  # eligibility: beginners
    assert not isinstance(got["2000-mso-shogi/blitz"], Beginners)
    # Who had sente is recorded in shogi round files only: not in Shuuro (a die), Oware, or a turnering.txt.
    assert {p for p, k in got.items() if k.sente_recorded} == {p for p in expected if p.startswith("2000-mso-shogi/")}


def test_each_kind_keeps_its_own_fields_in_its_own_record():
    loaded = load(DEMO)
    events = {e.path: e for e in loaded.data.events()}
    team, simul, shuuro, swiss = (events[p] for p in ("2000-mso-shogi/team-match", "2000-mso-shogi/simul",
                                                      "2009-mso-shuuro/shuuro-250", "2000-mso-shogi/blitz"))
    assert team.record(TeamSetup).teams and team.record(SimulSetup).givers == ()
    assert simul.record(SimulSetup).givers and simul.record(TeamSetup).teams == ()
    assert shuuro.record(ShuuroSetup).armies and swiss.record(ShuuroSetup).armies == {}
    assert swiss.own == ()  # a plain Swiss has no record of its own


class RapidSwiss(Swiss):
    """A kind made here as a contributor would: a Swiss played in one day, with its own mode and check."""

    key = "rapid-swiss"
    fesa_mode = "Rapid Swiss system"

    def check(self, event: Event, players: dict[PlayerId, Player], entrants: dict[PlayerId, Location],
              report: Report) -> None:
        if event.start != event.end:
            report.warning(event.loc, f"a rapid Swiss is played in one day, not {event.start} to {event.end}")
        super().check(event, players, entrants, report)


@pytest.fixture
def rapid_registered(monkeypatch: pytest.MonkeyPatch):
    """RapidSwiss registered as format: rapid-swiss (the one line a new kind adds), for one test."""
    monkeypatch.setitem(kinds.FORMATS, RapidSwiss.key, RapidSwiss)
    kinds.kind_for.cache_clear()
    yield
    kinds.kind_for.cache_clear()


def test_a_new_kind_is_one_class_and_one_registration(datadir, rapid_registered):
    event_yaml = datadir.root / "cup/open/event.yaml"
    event_yaml.write_text(event_yaml.read_text(encoding="utf-8").replace("format: swiss", "format: rapid-swiss"),
                          encoding="utf-8")
    loaded = load(datadir.root)
    assert loaded.ok, loaded.report.lines()
    (event,) = loaded.data.events()
    assert isinstance(kinds.kind_of(event), RapidSwiss)
    # The mini cup's event.yaml: start 2024-03-02, end 2024-03-03 — two days, so the kind's own check warns.
    assert [w.message for w in loaded.report.warnings] == [
        "a rapid Swiss is played in one day, not 2024-03-02 to 2024-03-03"]
    # The registration e-mail names the kind's mode and the event's 3 rounds.
    body, _ = messages.registration(loaded.data.festivals[0], event, today=dt.date(2024, 1, 1),
                                    mode=kinds.kind_of(event).fesa_mode)
    assert "Tournament mode: Rapid Swiss system, 3 rounds" in body
    # Everything else is the Swiss's: the same standings page, word for word, as the unchanged cup's.
    swiss = load(ROOT / "tests/fixtures/mini")
    assert render_site(loaded).pages["cup/open/index.md"].html == render_site(swiss).pages["cup/open/index.md"].html


def test_an_unregistered_format_is_a_located_error_that_lists_the_registered_ones(datadir):
    datadir("cup/open/event.yaml", (datadir.root / "cup/open/event.yaml").read_text(encoding="utf-8")
            .replace("format: swiss", "format: mcmahon"))
    loaded = load(datadir.root)
    assert [line for line in loaded.report.lines() if "unknown format" in line] == [
        "data/cup/open/event.yaml:3:9: error: unknown format 'mcmahon' "
        "(known: swiss, team-swiss, simul, round-robin)"]


def test_no_module_tests_an_event_kind_by_name():
    # The kinds answer what differs (generator/kinds: kind_of(event)).
    hits = [f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
            for path in sorted((ROOT / "generator").rglob("*")) if path.suffix in (".py", ".j2")
            and path.name != "model.py"
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
            if NAME_TEST.search(line)]
    assert hits == []


def test_an_empty_record_stands_in_for_a_kind_that_has_none():
    event = Event("e", "f", "E", "E", "swiss", "shogi", 1, Location("x"))
    assert event.record(TeamSetup) == TeamSetup()
    assert event.record(TeamSetup).size == 4  # the default team size, as before records
