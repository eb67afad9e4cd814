"""The race as a picture: ranks through an event's rounds, drawn at build time as inline SVG (nothing needs a
script to be read), as the rating chart is (render/rating.py). On an event's standings, the leaders' lines (rank 1
at the top, each line in its own colour and dash, its name at its end); on a player's page, his own line in each
event, as small as a word (a busy player's page carries dozens). They are drawn in the page's text colour and the
theme's colours, so the dark scheme follows, and scale to the column. A screen reader reads each one's label (the
leaders' numbers are in the table under it; a player's, in the label). On a standings page, assets/race-pick.js adds
the line of a player the reader picks from the table, on the chart's scale (the svg's data-x and data-y).

Own lines, not a charting library. Measured on eight players over nine rounds (CPU time, one chart): pygal 3.1.3
writes 40.7 KB in 32 ms, with its own stylesheet, fonts and script; leather 0.4.1 writes 5.7 KB in 5.7 ms, in fixed
colours (no dark scheme) and without a label for screen readers; these lines write 2.4 KB in 0.5 ms, in the theme's
colours, with the label."""

from __future__ import annotations

from markupsafe import Markup

from .i18n import _, current, ngettext
from .marks import MARKED, mark

WIDTH, PAD_LEFT, PAD_RIGHT, PAD_TOP, PAD_BOTTOM = 320, 24, 104, 10, 16
ROW = 11  # the height of a name at a line's end (font-size 10)
LEADERS = 8  # the lines a standings page draws
# Each line its own colour and dash, so that lines that cross can be told apart without colour
STROKES = [("var(--md-accent-fg-color)", ""), ("currentColor", ""), ("var(--md-primary-fg-color)", "5 3"),
           ("currentColor", "2 2"), ("var(--md-accent-fg-color)", "6 2 1 2"), ("var(--md-primary-fg-color)", ""),
           ("currentColor", "6 3"), ("var(--md-accent-fg-color)", "1 3")]


def chart(lines: list[tuple[str, list[int]]]) -> Markup:
    """An SVG of each (name, ranks after rounds 1, 2, …) line, the ranks down to the lowest drawn, each line's
    name at its end. Empty with fewer than two rounds."""
    rounds = max((len(ranks) for _name, ranks in lines), default=0)
    if rounds < 2:
        return Markup("")
    low = max(*(r for _name, ranks in lines for r in ranks), 2)
    height = PAD_TOP + PAD_BOTTOM + max(ROW * min(low, 10), ROW * len(lines))

    def x(i: int) -> int:
        return round(PAD_LEFT + i * (WIDTH - PAD_LEFT - PAD_RIGHT) / (rounds - 1))

    def y(rank: int) -> int:
        return round(PAD_TOP + (rank - 1) * (height - PAD_TOP - PAD_BOTTOM) / (low - 1))

    drawn: list[Markup] = []
    ends: list[tuple[float, str, float]] = []  # where each line ends: its height, its name, its x
    for n, (name, ranks) in enumerate(lines):
        colour, dash = STROKES[n % len(STROKES)]
        points = " ".join(f"{x(i)},{y(r)}" for i, r in enumerate(ranks))
        drawn.append(Markup('<polyline points="{}" stroke="{}"{}><title>{}</title></polyline>').format(
            points, colour, Markup(' stroke-dasharray="{}"').format(dash) if dash else "", name))
        ends.append((y(ranks[-1]), name, x(len(ranks) - 1)))
    ends.sort(key=lambda e: e[0])
    placed: list[tuple[float, str, float]] = []
    for end_y, name, end_x in ends:  # the names at the lines' ends, one under the other
        placed.append((max(end_y, placed[-1][0] + ROW) if placed else end_y, name, end_x))
    names = Markup("").join(Markup('<text x="{}" y="{}">{}</text>').format(end_x + 6, round(end_y + 4), name)
                            for end_y, name, end_x in placed)
    axis = Markup("").join(Markup('<text x="{}" y="{}" text-anchor="end">{}</text>').format(PAD_LEFT - 6, y(r) + 4, r)
                           for r in sorted({1, low}))
    round_numbers = Markup("").join(Markup('<text x="{}" y="{}" text-anchor="middle">{}</text>').format(
        x(i), height - 3, i + 1) for i in range(rounds))
    # Translators: a chart's text for screen readers: the first players' rank after each round
    label = ngettext("The first player's rank after each round; the table gives every player's.",
                     "The first {n} players' rank after each round; the table gives every player's.",
                     len(lines)).format(n=len(lines))
    # The scale, for assets/race-pick.js, which draws a player the reader picks on it with these same x(i) and
    # y(rank): data-x the first round's x, the last one's and the number of rounds; data-y rank 1's y, the lowest
    # rank's and that rank (the y of a rank below it: the script stretches the scale to it and draws every line again)
    return Markup(
        '<figure class="race-chart"><svg viewBox="0 0 {w} {h}" role="img" aria-label="{label}" data-x="{x}" '
        'data-y="{y}"><g fill="none" stroke-width="2" stroke-linejoin="round">{lines}</g>'
        '<g fill="currentColor" font-size="10">{axis}{rounds}{names}</g></svg></figure>').format(
        w=WIDTH, h=round(height), label=label, x=f"{x(0)} {x(rounds - 1)} {rounds}", y=f"{y(1)} {y(low)} {low}",
        lines=Markup("").join(drawn), axis=axis, rounds=round_numbers, names=names)


SPARK_WIDTH, SPARK_HEIGHT = 100, 20


def sparkline(ranks: list[int], field: int) -> Markup:
    """A player's own line in one event, as small as a word (his page draws one for each event he played): rank 1
    at the top, the field's last at the bottom; its label gives the ranks. Empty with fewer than two rounds."""
    if len(ranks) < 2:
        return Markup("")
    low = max(field, *ranks, 2)
    points = " ".join(f"{round(i * SPARK_WIDTH / (len(ranks) - 1))},{round((r - 1) * SPARK_HEIGHT / (low - 1))}"
                      for i, r in enumerate(ranks))
    return Markup('<svg class="race-line" viewBox="-2 -2 {} {}" preserveAspectRatio="none" role="img" '
                  'aria-label="{}"><polyline points="{}"/></svg>').format(
        # Translators: a small chart's text for screen readers: a player's rank after each round ("5, 3, 2 and 1")
        SPARK_WIDTH + 4, SPARK_HEIGHT + 4, _("Rank after each round: {ranks}").format(
            ranks=_listed([str(r) for r in ranks])), points)


def _listed(items: list[str]) -> str:
    """'5, 3, 2 and 1' as the page's language lists them (CLDR)."""
    from babel.lists import format_list

    if current().code == MARKED:
        return mark("F", "", tuple(items))
    return format_list(items, locale=current().locale)

