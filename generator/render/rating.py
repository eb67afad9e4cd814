"""FESA's rating, previewed: the standings' ± cells, the player page's before → after lines and history chart,
and each rated event's rating.json. Everything says it is a preview: FESA's rating officer publishes the
official figures. The pages say it in the reader's language; rating.json keeps NOTE in English (the API is
language-neutral)."""

from __future__ import annotations

import json
import re
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from markupsafe import Markup

from ..fesa.preview import Change, Preview
from ..messages import N_
from ..model import Event
from ..rules.festival_elo import grade_name
from .i18n import _
from .text import signed, unbroken

# Translators: said of a FESA rating shown on the site
NOTE = N_("a preview: FESA's rating officer publishes the official figures")
# A player's FESA rating category (translated where shown)
CATEGORY = {"unrated": N_("unrated, rated by performance"), "provisional": N_("provisional rating"),
            "established": N_("established rating")}


def cell(change: Change | None) -> Markup:
    """The ± cell of a standings row: the change, or for an unrated player his performance; ↑ and the grade when
    the preview promotes him."""
    if change is None or not change.games:
        return Markup("")
    note, grade = _(NOTE), fesa_grade(change.grade_before)
    if change.delta is None:
        title = (_("unrated: performance rating {rating}; FESA grade {grade} ({note})") if grade else
                 _("unrated: performance rating {rating} ({note})")).format(rating=change.after, grade=grade, note=note)
        shown = Markup('<abbr title="{}">{}*</abbr>').format(title, change.after)
    else:
        # Translators: a FESA rating's change: before → after, the grade held, and NOTE
        title = (_("{before} → {after}; FESA grade {grade} ({note})") if grade else
                 _("{before} → {after} ({note})")).format(before=change.before, after=change.after, grade=grade,
                                                          note=note)
        shown = Markup('<abbr title="{}">{}</abbr>').format(title, signed(change.delta))
    if change.promoted:
        shown += Markup(' <abbr class="promoted" title="{}">↑{}</abbr>').format(
            _("promoted to {grade} (FESA), {note}").format(grade=fesa_grade(change.promoted), note=note),
            unbroken(fesa_grade(change.promoted)))
    return shown


def promotions(changes: dict[str, Change], names: dict[str, str]) -> list[str]:
    """'Name: promoted to 2 dan (FESA)', for the standings' note under the table."""
    return [_("{name}: promoted to {grade} (FESA)").format(name=names[pid], grade=fesa_grade(c.promoted))
            for pid, c in changes.items() if c.promoted]


_FESA_GRADE = re.compile(r"(\d+) (kyu|dan)")


def fesa_grade(grade: str | None) -> str:
    """A grade as FESA's program writes it ('1 kyu', '3 dan') in the reader's language."""
    found = _FESA_GRADE.fullmatch(grade or "")
    return _(grade_name(found[1] + found[2][0])) if found else (grade or "")


def line(change: Change) -> str:
    """The player page's sentences for one rated event: the rating, then the grade."""
    if change.delta is None and change.before is not None:
        text = _("FESA rating preview: unrated, performance rating {rating} (rating before: {before}).").format(
            rating=change.after, before=change.before)
    elif change.delta is None:
        text = _("FESA rating preview: unrated, performance rating {rating}.").format(rating=change.after)
    else:
        # Translators: a player's FESA rating before and after an event, the change, and his rating category
        text = _("FESA rating preview: {before} → {after} ({change}), {category}.").format(
            before=change.before, after=change.after, change=signed(change.delta),
            category=_(CATEGORY[change.category]))
    grade = ""
    before, promoted = fesa_grade(change.grade_before), fesa_grade(change.promoted)
    if before and promoted:
        grade = _("FESA grade: {grade}, promoted to {promoted} (FESA).").format(grade=before, promoted=promoted)
    elif before:
        grade = _("FESA grade: {grade}.").format(grade=before)
    elif promoted:
        grade = _("Promoted to {promoted} (FESA).").format(promoted=promoted)
    # Translators: two sentences of a player's page one after the other (his rating, then his grade), with the
    # space your language puts between sentences (none in Japanese)
    return _("{rating} {grade}").format(rating=text, grade=grade) if grade else text


WIDTH, HEIGHT, PAD_X, PAD_Y = 320, 120, 44, 16


def chart(points: list[tuple[str, int | None, int]]) -> Markup:
    """A small line chart of a player's rating across rated events: (event label, before, after) in date order.
    Drawn in the page's text colour and the theme's accent (so dark mode follows); scales to the column."""
    if not points:
        return Markup("")
    values = [v for _label, b, a in points for v in (b, a) if v is not None]
    lo, hi = min(values), max(values)
    span = max(hi - lo, 40)
    lo -= (span - (hi - lo)) // 2

    def y(v: int) -> float:
        return round(HEIGHT - PAD_Y - (v - lo) / span * (HEIGHT - 2 * PAD_Y), 1)

    step = (WIDTH - 2 * PAD_X) / max(len(points), 1)
    xs = [round(PAD_X + step * (i + 0.5), 1) for i in range(len(points))]
    path: list[str] = []
    dots: list[Markup] = []
    labels: list[Markup] = []
    for i, ((label, before, after), x) in enumerate(zip(points, xs, strict=True)):
        if before is not None:
            path.append(f"{'M' if not path else 'L'}{x - step / 3:.1f} {y(before)}")
        path.append(f"{'M' if not path else 'L'}{x + step / 3:.1f} {y(after)}")
        dot = f"{x + step / 3:.1f}"  # the rating after the event; its number is written under it
        dots.append(Markup('<circle cx="{}" cy="{}" r="3"><title>{}: {}</title></circle>').format(
            dot, y(after), label,
            # Translators: an unrated player's performance rating in an event, in the rating chart
            f"{before} → {after}" if before is not None else _("performance {rating}").format(rating=after)))
        labels.append(Markup('<text x="{}" y="{}" text-anchor="middle">{}</text>').format(dot, HEIGHT - 2, i + 1))
    axis = Markup("").join(Markup('<text x="{}" y="{}" text-anchor="end">{}</text>').format(PAD_X - 6, y(v) + 4, v)
                           for v in sorted({min(values), max(values)}))
    legend = Markup("").join(Markup("<li>{}</li>").format(label) for label, _before, _after in points)
    return Markup(
        '<figure class="rating-chart"><figcaption>{caption}</figcaption>'
        '<svg viewBox="0 0 {w} {h}" role="img" aria-label="{aria}">'
        '<path d="{d}" fill="none" stroke="var(--md-accent-fg-color)" stroke-width="2"/>'
        '<g fill="var(--md-accent-fg-color)">{dots}</g>'
        '<g fill="currentColor" font-size="10">{axis}{labels}</g></svg>'
        "<ol>{legend}</ol></figure>").format(
        caption=Markup(_("Rating after each rated event (a preview: FESA's rating officer publishes the official "
                         "figures):")),
        w=WIDTH, h=HEIGHT, aria=_("FESA rating across events, a preview"), d=" ".join(path),
        dots=Markup("").join(dots), axis=axis, labels=Markup("").join(labels), legend=legend)


def _three(x: Fraction) -> str:
    """A sum of changes before rounding, to three decimals (as the rating officer's table may show it)."""
    return str((Decimal(x.numerator) / Decimal(x.denominator)).quantize(Decimal("0.001"), ROUND_HALF_UP))


def api(event: Event, rated: Preview, names: dict[str, str]) -> str:
    """rating.json: one player per line, as the rest of the API."""
    head = {"event": event.path, "preview": True, "note": NOTE, "settled": rated.settled, "passes": rated.passes}
    rows = []
    for pid, c in rated.changes.items():
        rows.append(json.dumps({"player": pid, "name": names[pid], "category": c.category, "before": c.before,
                                "after": c.after, "change": c.delta, "unrounded": _three(c.exact),
                                "performance": c.performance, "games": c.games,
                                "fesa_grade_before": c.grade_before or None,
                                "fesa_grade_after": c.grade_after or None, "promoted_to": c.promoted},
                               ensure_ascii=False))
    body = json.dumps(head, ensure_ascii=False)[:-1]
    return body + ', "players": [\n' + ",\n".join(rows) + "\n]}\n"

