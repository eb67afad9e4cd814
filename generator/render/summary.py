"""The job summary of a pull request, in Markdown: the problems in plain words, or what the change does to the
results (rounds, standings movement, prizes now decided). Every data string goes through md()."""

from __future__ import annotations

from fractions import Fraction

from ..pipeline.changes import Changes, EventChange, Movement, PrizeChange
from ..diagnostics import Diagnostic, Report
from ..rules.prizes import ordinal
from .text import md, points

TITLE = "## Results check"
FOLDED = 12  # a longer standings table is folded away (click to open)


def problems(report: Report) -> list[str]:
    """The data cannot be published: every error, then every warning, each with where and how to fix it."""
    errors, warnings = report.errors, report.warnings
    out = [TITLE, ""]
    if errors:
        out += [f"**Not ready to publish: {_count(len(errors), 'problem')} to fix.** Nothing is published "
                "until they are fixed; in a pull request each is also marked on its line under *Files changed*.", ""]
        out += _listed(errors)
    if warnings:
        out += ["", f"**{_count(len(warnings), 'warning')}** (published anyway; worth a look):", ""]
        out += _listed(warnings)
    return out


def _listed(diagnostics: list[Diagnostic]) -> list[str]:
    lines = []
    for n, d in enumerate(diagnostics, start=1):
        loc = d.location
        where = f"**{md(loc.file)}**" + (f", line {loc.line}" if loc.line else "") \
            + (f", column {loc.col}" if loc.col else "")
        lines.append(f"{n}. {where}: {md(_sentence(d.message))}")  # as written: it may start with a name
        if d.hint:
            lines.append(f"   How to fix: {md(_sentence(d.hint[:1].upper() + d.hint[1:]))}")
    return lines


def _sentence(text: str) -> str:
    return text if text.endswith((".", "?", "!")) else text + "."


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"


def changes(report: Report, result: Changes, compared: bool) -> list[str]:
    """The data is fine: what changed (compared: there was a base to compare with), then any warnings."""
    out = [TITLE, ""]
    if not compared:
        out += ["No earlier version of the results could be checked, so every event is listed as new.", ""]
    if not result.events and not result.prizes and not result.removed_events:
        out += ["**The results are unchanged**: no round, standing or prize differs from before.", ""]
    for change in result.events:
        out += _event(change)
    for path in result.removed_events:
        out += [f"### {md(path)}", "", "The event is removed.", ""]
    if result.prizes:
        out += ["### Prizes now decided", ""]
        for prize in result.prizes:
            out += _prize(prize)
    if report.warnings:
        out += [f"**{_count(len(report.warnings), 'warning')}** (published anyway; worth a look):", ""]
        out += _listed(report.warnings)
    return out


def _rounds(numbers: tuple[int, ...]) -> str:
    """'round 3', 'rounds 1–5', 'rounds 2 and 4', 'rounds 1–3 and 5'."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and runs[-1][-1] == n - 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    names = [name for r in runs for name in ([f"{r[0]}–{r[-1]}"] if len(r) > 2 else map(str, r))]
    text = ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]
    return ("round " if len(numbers) == 1 else "rounds ") + text


def _event(change: EventChange) -> list[str]:
    event = change.event
    out = [f"### {md(event.name)} ({md(event.path)})" + (", new" if change.new else ""), ""]
    played = f"{change.completed} of {event.rounds_planned} rounds played"
    if change.rounds_added:
        out.append(f"- Results of {_rounds(change.rounds_added)} added: {played}"
                   + (", the event is finished." if change.finished else "."))
    if change.rounds_corrected:
        out.append(f"- Results of {_rounds(change.rounds_corrected)} corrected.")
    if change.rounds_in_progress:
        out.append(f"- Results entered in {_rounds(change.rounds_in_progress)}, still waiting for others.")
    if change.rounds_paired:
        out.append(f"- Pairings of {_rounds(change.rounds_paired)} added, waiting for results.")
    if change.rounds_removed:
        out.append(f"- {_rounds(change.rounds_removed).capitalize()} removed.")
    if not (change.rounds_added or change.rounds_corrected):
        out.append(f"- {played[:1].upper()}{played[1:]}.")
    if change.leaders:
        who = " and ".join(md(r.name) for r in change.leaders)
        verb = "First" if change.finished else "Leads" if len(change.leaders) == 1 else "Lead"
        out.append(f"- {verb}: {who}, {_points(change.leaders[0].points)}.")
    if change.movements:
        table = ["| Now | Name | Points | Before |", "|---:|---|---:|---|", *map(_movement, change.movements)]
        if len(change.movements) > FOLDED:
            table = [f"<details><summary>Standings movement ({len(change.movements)} lines)</summary>", "", *table,
                     "", "</details>"]
        out += ["", *table]
    out.append("")
    return out


def _place(rank: int, shared: bool) -> str:
    return f"{ordinal(rank)}{'=' if shared else ''}"


def _movement(m: Movement) -> str:
    now, before = m.now, m.before
    if before is None:
        was = "new in the standings"
    else:
        up = m.places_up
        arrow = "▲" if up > 0 else "▼" if up < 0 else "="
        was = f"{arrow}{f' {abs(up)}' if up else ''} (was {_place(before.rank, before.shared)}, " \
            f"{_points(before.points)})"
    return f"| {_place(now.rank, now.shared)} | {md(now.name)} | {md(points(now.points))} | {was} |"


def _points(value: Fraction) -> str:
    return f"{md(points(value))} point{'' if value == 1 else 's'}"


def _prize(prize: PrizeChange) -> list[str]:
    out = [f"**{md(prize.title)}**" + (" — corrected" if prize.corrected else ""), ""]
    if not prize.awards:
        return [*out, "No prize is awarded.", ""]
    out += ["| Name | Prize | Amount |", "|---|---|---:|"]
    out += [f"| {md(name)} | {md(label)} | {amount} {md(prize.currency)} |" for name, label, amount in prize.awards]
    out.append("")
    return out
