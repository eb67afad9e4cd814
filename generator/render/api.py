"""The results API: every table of the site as JSON under api/ (schema documented on the site's API page)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..messages import default_text
from ..rules.knockout import Knockout
from ..model import Event, PlayoffSetup
from ..rules.prizes import PrizeList
from ..rules.standings import EventResults, Standing
from .kinds import pages_of
from .objects import awards, game_json
from .text import json_text, number

if TYPE_CHECKING:
    from ..pipeline import Loaded


def _standing(s: Standing, event: Event) -> dict[str, Any]:
    keys = [c.key for c in pages_of(event).rules.columns(event)]
    row = {"rank": s.rank, "shared": s.shared, "player": s.player, "points": number(s.points),
           "tiebreaks": {k: number(v) for k, v in zip(keys, s.tiebreaks, strict=True)}, "played": s.played}
    if pages_of(event).game.rules.by_criteria:
        row["separated_by"] = s.separated_by or None  # the criterion that put the player below the one above
    return row


def _prizes(event: Event, res: EventResults, p: PrizeList, currency: str) -> dict[str, Any]:
    return {"event": event.path, "currency": currency,
            "final": res.completed >= event.rounds_planned, "after_round": res.completed,
            "offered": str(p.offered), "awarded": str(p.total), "left_by_rounding": str(p.remainder),
            "awards": awards(p)}


def _knockout(event: Event, ko: Knockout, prizes: PrizeList | None) -> dict[str, Any]:
    currency = ko.rules.prizes.currency if ko.rules.prizes else None
    return {
        "event": event.path, "name": default_text(ko.rules.name), "short": default_text(ko.rules.short),
        "seeds": [{"seed": s.seed, "player": s.player, "elo": s.elo} for s in ko.seeds],
        "not_selected": [{"player": p.player, "reason": p.reason} for p in ko.passed],
        "ties": [{"stage": t.stage, "round": t.round, "players": [t.a, t.b], "winner": t.winner if not t.bye else None,
                  "bye": t.bye, "game": game_json(t.game) if t.game else None,
                  "replays": [game_json(r) for r in t.replays]} for stage in ko.stages for t in stage],
        "places": {str(n): pid for n, pid in sorted(ko.places.items())},
        "prizes": awards(prizes) if prizes else [],
        "currency": currency,
    }


def files(loaded: Loaded) -> dict[str, str]:
    """Every JSON file of the API, by path."""
    out: dict[str, str] = {}
    for event in loaded.data.events():
        out.update(event_files(loaded, event))
    out.update(index_files(loaded))
    return out


def event_files(loaded: Loaded, event: Event) -> dict[str, str]:
    """An event's JSON files (its standings, crosstable, rounds …), by path."""
    prizes, knockout_prizes = loaded.prizes, loaded.knockout_prizes
    res = loaded.results[event.path]
    base = f"api/{event.path}"
    out: dict[str, str] = {}
    out[f"{base}/standings.json"] = json_text({
        "event": event.path, "after_round": res.completed,
        "tiebreaks": [c.key for c in pages_of(event).rules.columns(event)],
        "rows": [dict(_standing(s, event), ranks_by_round=res.rank_after(s.player)) for s in res.final],
        "playoff": {"players": list(res.playoff.players), "winner": res.playoff.winner,
                    "points": {p: number(v) for p, v in res.playoff.points.items()},
                    "games": [game_json(g) for g in played.games]
                    if (played := event.record(PlayoffSetup).games) else []}
        if res.playoff and res.playoff.needed else None,
    })
    out[f"{base}/crosstable.json"] = json_text({
        "event": event.path, "after_round": res.completed,
        "rows": [{"player": s.player, "points": number(s.points), "rounds": [
            {"round": r.round, "outcome": r.outcome.name.lower(), "opponent": r.opponent,
             "colour": r.colour, "points": number(r.points), "replayed": r.replayed,
             **pages_of(event).game.record_json(r)}
            for r in res.records[s.player]]}
            for s in res.final],
    })
    if event.path in prizes and event.prizes is not None:
        out[f"{base}/prizes.json"] = json_text(_prizes(event, res, prizes[event.path], event.prizes.currency))
    for name, content in pages_of(event).api_files(event, res, loaded.simuls.get(event.path, []),
                                                      prizes.get(event.path),
                                                      loaded.simul_winners.get(event.path, [])).items():
        out[f"{base}/{name}"] = json_text(content)
    if res.knockout is not None:
        out[f"{base}/knockout.json"] = json_text(_knockout(event, res.knockout,
                                                           knockout_prizes.get(event.path)))
    for rnd in event.rounds:
        table = res.by_round[rnd.number - 1] if rnd.number <= res.completed else ()
        out[f"{base}/round-{rnd.number}.json"] = json_text({
            "event": event.path, "round": rnd.number,
            "date": rnd.date.isoformat() if rnd.date else None, "time": rnd.time,
            "games": [dict(game_json(g, pages_of(event).game.captured_json), knockout=g.knockout,
                           **({"sente_decided": False} if event.sente == "furigoma" and g.result is None
                              else {})) for g in rnd.games],
            "replays": [game_json(g) for g in rnd.replays],
            "byes": [r.id for r in rnd.byes], "absent": [r.id for r in rnd.absent],
            "standings_after": [_standing(s, event) for s in table] if table else None,
        })
    return out


def index_files(loaded: Loaded) -> dict[str, str]:
    """The API's index (every event's files) and its players."""
    data, results = loaded.data, loaded.results
    index = []
    for festival in data.festivals:
        for event in festival.events:
            res = results[event.path]
            base = f"api/{event.path}"
            # (one API for every language of the site: an organizer's name given in several, its first given)
            index.append({"festival": festival.id, "festival_name": default_text(festival.name), "event": event.id,
                          "name": default_text(event.name), "short": default_text(event.short),
                          "rounds": event.rounds_planned,
                          "completed": res.completed, "standings": f"{base}/standings.json",
                          "crosstable": f"{base}/crosstable.json",
                          "round_files": [f"{base}/round-{r.number}.json" for r in event.rounds]})
    out: dict[str, str] = {}
    out["api/index.json"] = json_text({"events": index, "players": "api/players.json"})
    out["api/players.json"] = json_text({"players": [
        {"id": p.id, "family": p.family, "given": p.given, "name": p.name, "country": p.country,
         "elo": p.elo, "grade": p.grade} for p in sorted(data.players.values(), key=lambda p: (p.name, p.id))]})
    return out
