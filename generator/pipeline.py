"""Read all → check all → compute: a data set is computed only when it has no errors."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .diagnostics import Report
from .model import DataSet
from .sources.reader import read_data
from .standings import EventResults, compute_event
from .validate import validate


@dataclass
class Loaded:
    data: DataSet
    report: Report
    results: dict[str, EventResults] = field(default_factory=dict)  # by event path

    @property
    def ok(self) -> bool:
        return not self.report.errors


def load(root: Path) -> Loaded:
    report = Report()
    data = read_data(root, report)
    validate(data, report)
    loaded = Loaded(data, report)
    if loaded.ok:
        names = {pid: p.name for pid, p in data.players.items()}
        loaded.results = {e.path: compute_event(e, names) for e in data.events()}
    return loaded
