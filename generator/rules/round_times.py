"""When a round is played, from its event's schedule (event.yaml `schedule:`): `pair` writes it into the round
file it proposes. An item names its rounds in its title: "Round 3", "Round 4 (last round for late entries)",
"Rounds 1-5", "Introductory lecture and rounds 1-4". A round is played on its item's day; it starts at the item's
time when the title begins with it (the first of "Rounds 1-5" at the item's start, the others one after another,
at times not given; "Lecture and rounds 1-4": the lecture starts then, not round 1). An event of one round whose
schedule is one item that names no round (a simul's session) plays it then."""

from __future__ import annotations

import re
import datetime as dt

from ..model import Event

ROUNDS = re.compile(r"\brounds?\s+([1-9][0-9]*)(?:\s*[-–]\s*([1-9][0-9]*))?(?![0-9])", re.IGNORECASE)


def round_time(event: Event, number: int) -> tuple[dt.date | None, str]:
    """Round `number`'s day and start time ("HH:MM", or "" when the schedule gives none); (None, "") when the
    schedule does not say when it is played."""
    for item in event.schedule:
        named = ROUNDS.search(item.title)
        if named is None:
            continue
        first = int(named.group(1))
        last = int(named.group(2) or first)
        if first <= number <= last:
            starts = number == first and not item.title[:named.start()].strip()
            return item.date, _start(item.time) if starts else ""
    only = event.schedule[0] if len(event.schedule) == 1 else None
    if event.rounds_planned == 1 and number == 1 and only is not None and not ROUNDS.search(only.title):
        return only.date, _start(only.time)
    return None, ""


def clock(text: str) -> tuple[dt.time | None, dt.time | None]:
    """"10:00" or "20:00-22:30" (as the readers accept them) as a start and an end; ("", …) gives no time."""
    if not text:
        return None, None
    parts = [dt.time(int(h), int(m)) for h, m in (p.strip().split(":") for p in text.replace("–", "-").split("-"))]
    return parts[0], parts[1] if len(parts) > 1 else None


def _start(span: str) -> str:
    """"9:45" -> "09:45"; "20:00-22:30" -> "20:00"."""
    start, _ = clock(span)
    return f"{start:%H:%M}" if start else ""
