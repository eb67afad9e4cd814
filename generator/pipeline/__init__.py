"""Read all → check all → compute → check the results: a data set is computed only when it has no errors. The
checks are named stages (checks.py), run in their order."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from pathlib import Path

from ..rules import grand_prix, promotion, simul
from ..messages import N_
from ..diagnostics import Report
from ..fesa import export, turnering
from ..fesa.preview import Ratings, Store
from ..fesa import validate as fesa_validate
from ..kinds import REGISTRY, kind_of
from ..model import DataSet, Event
from ..rules.prizes import knockout_prizes
from ..rules.festival_elo import player_elo
from ..sources import kept_rounds
from ..sources.reader import read_data
from ..sources.site_config import beside, site_texts
from ..rules.standings import EventResults
from . import checks
from .loaded import FesaFile, Loaded, PrizeLine, awarded, festival_prizes

__all__ = ["FesaFile", "Loaded", "PrizeLine", "awarded", "festival_prizes", "load"]


def load(root: Path, stop_at: tuple[str, int] | None = None, ratings: Store | None = None,
         fesa_checks: Store | None = None, rounds: Store | None = None) -> Loaded:
    """stop_at=(festival/event, n): read that event's rounds only up to n - 1, to pair round n. `ratings`: the
    ratings an earlier build kept (the build cache), which a tournament rated as then is taken from; `fesa_checks`: the
    turnering.txt files an earlier build wrote that passed FESA's checks (`fesa_file`), not checked again; `rounds`:
    the round files as an earlier build read them (sources/kept_rounds.py), not parsed again where they did not
    change."""
    report = Report()
    site_texts(beside(root), report)  # the site's own texts, which the theme prints on every page
    data = read_data(root, report, REGISTRY, stop_at, kept_rounds.reader(rounds) if rounds is not None else None)
    checks.check_data(data, report)
    loaded = Loaded(data, report)
    if loaded.ok:
        compute(loaded, ratings, fesa_checks)
        checks.check_results(loaded, report)
    return loaded


def compute(loaded: Loaded, store: Store | None = None, fesa_checks: Store | None = None) -> None:
    """Every result the site shows, computed once: each event as its kind computes it, the promotions, the FESA
    files and rating previews (one tournament after another, as FESA rates them), prizes and the Grand Prix."""
    data, report = loaded.data, loaded.report
    loaded.festival_elo = {pid: player_elo(p) for pid, p in data.players.items()}
    loaded.results = {e.path: kind_of(e).results(e, data.players) for e in data.events()}
    loaded.promotion = promotion.compute(data, lambda e: kind_of(e).game.promotion)
    loaded.fesa = {e.path: fesa_file(e, loaded.results[e.path], data, report, fesa_checks) for e in data.events()}
    ratings = Ratings(data.players, {f.id: f.fesa_list for f in data.festivals if f.fesa_list}, store)
    for e in sorted(data.events(), key=lambda e: (e.end or e.start or dt.date.min, e.start or dt.date.min, e.path)):
        kind = kind_of(e)
        rated = ratings.rate(e, loaded.results[e.path], kind.fesa_reasons(e), kind.fesa_file_as_written,
                             kind.fesa_givers(e))
        if rated is not None:
            loaded.ratings[e.path] = rated
    loaded.unlisted = list(ratings.unlisted)
    for stop in ratings.stopped:  # the results are right; FESA's program cannot rate them
        entry = ratings.entries[stop.player] if stop.player else None
        where = (entry.loc if entry is not None and entry.loc else data.players[stop.player].loc) if stop.player \
            else stop.event.loc
        loaded.rating_stops.append((where, f"FESA's rating program stops on {stop.event.path}: {stop.message}; "
                                    "the event has no rating preview", stop.hint))
    for e in data.events():
        kind = kind_of(e)
        givers = kind.givers(e)
        if givers is not None:
            loaded.simuls[e.path] = givers
            loaded.simul_winners[e.path] = simul.winners(e)
        prizes = kind.prizes(e, loaded.results[e.path], data.players)
        if prizes is not None:
            loaded.prizes[e.path] = prizes
        ko = knockout_prizes(loaded.results[e.path].knockout)
        if ko is not None:
            loaded.knockout_prizes[e.path] = ko
    names = {pid: p.name for pid, p in data.players.items()}
    for festival in data.festivals:
        gp = grand_prix.compute(festival, loaded.results, loaded.simuls, names,
                                lambda e, *rest: kind_of(e).grand_prix_points(e, *rest))
        if gp is not None:
            loaded.grand_prix[festival.id] = gp


# The turnering.txt files that passed FESA's checks, kept between builds (`fesa_file`'s `kept`): by a digest of the
# file as written, its name and the names the festival's FESA list holds (all the checks read). The code that
# checks is the store's own (the build cache holds only what the same code wrote); a file that failed is not kept,
# so its errors are said at every build.
CHECKED_FORMAT = "banzuke-fesa-checked/1"
PASSED = "passed"


def _checked_key(shown: str, listed: set[tuple[str, str]], content: bytes) -> str:
    head = json.dumps([CHECKED_FORMAT, shown, sorted(listed)], ensure_ascii=False).encode("utf-8")
    return hashlib.sha256(head + b"\0" + content).hexdigest()


def fesa_file(event: Event, res: EventResults, data: DataSet, report: Report, kept: Store | None = None) -> FesaFile:
    """Build the event's turnering.txt and put it through FESA's checks, as the rating officer will. With `kept`
    (the build cache), a file as an earlier build wrote and checked it, which passed, is not checked again."""
    kind = kind_of(event)
    exported, reason = export.rating_status(event, res.completed, *kind.fesa_reasons(event))
    if kind.fesa_file_as_written:  # checked as it was read; offered and sent as the organizer wrote it
        return FesaFile(exported, reason, event.original)
    if not exported:
        return FesaFile(False, reason)
    festival = next((f for f in data.festivals if f.id == event.festival_id), None)
    listed = {(str(e.slots["LAST-NAME"]), str(e.slots["FIRST-NAME"])) for e in (festival.fesa_list if festival else ())}
    t = export.tournament(event, res, data.players, report, listed, kind.fesa_givers(event))
    if t is None:
        # Translators: why an event is not sent to FESA for rating (after "not exported, because")
        return FesaFile(False, N_("a name cannot be written in ISO 8859-1, FESA's character set"))
    content = turnering.write(t).encode(turnering.ENCODING)
    shown = f"{event.path}/turnering.txt"
    key = _checked_key(shown, listed, content) if kept is not None else ""
    if kept is not None and kept.get(key) == PASSED:
        return FesaFile(True, "", content)
    own = Report()
    back = turnering.read(content, shown, own)
    if back is not None:
        # A rematch in committed round files was played (check warned about it); in a hand-written
        # turnering.txt, which is not rewritten here, it is more likely a typo, unless the event allows it.
        fesa_validate.validate(back, shown, own, rematches_allowed=True, nameless=listed)
    for d in own.errors:
        report.error(event.loc, f"the exported turnering.txt fails FESA's check: {d.message}")
    if kept is not None and not own.errors:
        kept.put(key, PASSED)
    return FesaFile(not own.errors, "" if not own.errors else "the exported file fails FESA's check", content)
