"""The knock-out bracket as an SVG picture: a column per stage, a box per tie, lines to the next stage.

Names link to the player pages; colours come from the theme's variables (extra.css), so the picture follows
the light and dark palettes. The same results are on the page as a table, for screen readers and search.
"""

from __future__ import annotations

import html
from collections.abc import Callable

from ..rules.knockout import Knockout, Tie
from ..model import Board, Outcome, Result
from .i18n import _
from .words import outcome_word, stage_word

BOX_W, ROW_H, GAP_Y, COL_GAP, TOP = 160, 22, 12, 24, 34
BOX_H = 2 * ROW_H
MARKS = {Result.SENTE_WINS: ("1", "0"), Result.GOTE_WINS: ("0", "1"), Result.DRAW: ("½", "½"),
         Result.SENTE_WINS_UNPLAYED: ("+", "−"), Result.GOTE_WINS_UNPLAYED: ("−", "+"),
         Result.NEITHER_PLAYED: ("−", "−")}


def _marks(game: Board | None, pid: str) -> str:
    """The player's results in the tie: the game, then any replays (e.g. "½ 1")."""
    if game is None or game.result is None:
        return ""
    return MARKS[game.result][0 if game.sente.id == pid else 1]


def svg(ko: Knockout, name: Callable[[str], str], href: Callable[[str], str]) -> str:
    """name(pid): the short name shown; href(pid): the URL of the player's page."""
    seed = {s.player: s.seed for s in ko.seeds}
    columns = ko.stages
    main = [stage[:1] if i == len(columns) - 1 else stage for i, stage in enumerate(columns)]  # no third place
    centres: list[list[float]] = []
    for c, stage in enumerate(main):
        if c == 0:
            centres.append([TOP + i * (BOX_H + GAP_Y) + BOX_H / 2 for i in range(len(stage))])
        else:
            prev = centres[-1]
            centres.append([(prev[2 * i] + prev[2 * i + 1]) / 2 for i in range(len(stage))])
    height: float = TOP + len(main[0]) * (BOX_H + GAP_Y)
    third = columns[-1][1] if len(columns[-1]) > 1 else None
    third_y = centres[-1][0] + BOX_H + 3 * GAP_Y
    height = max(height, third_y + BOX_H / 2 + GAP_Y) if third else height
    width = len(main) * (BOX_W + COL_GAP) - COL_GAP + 2
    # Translators: the knock-out bracket picture's title, for screen readers
    title = _("{knockout}: the knock-out bracket").format(knockout=ko.rules.name)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="bracket-svg" width="{width}" height="{height:.0f}" '
             f'viewBox="0 0 {width} {height:.0f}" role="group" aria-labelledby="bracket-title">',
             f'<title id="bracket-title">{html.escape(title)}</title>']
    for c, stage in enumerate(main):
        x = 1 + c * (BOX_W + COL_GAP)
        label = html.escape(stage_label(stage[0]))
        parts.append(f'<text class="stage" x="{x}" y="14">{label}</text>')
        for i, tie in enumerate(stage):
            parts.append(_box(tie, x, centres[c][i], seed, name, href))
            if c + 1 < len(main):
                parent = centres[c + 1][i // 2]
                mid = x + BOX_W + COL_GAP / 2
                parts.append(f'<path class="line" d="M{x + BOX_W} {centres[c][i]:.1f} H{mid} V{parent:.1f} '
                             f'H{x + BOX_W + COL_GAP}"/>')
    if third is not None:
        x = 1 + (len(main) - 1) * (BOX_W + COL_GAP)
        parts.append(f'<text class="stage" x="{x}" y="{third_y - BOX_H / 2 - 6:.1f}">'
                     f'{html.escape(stage_label(third))}</text>')
        parts.append(_box(third, x, third_y, seed, name, href))
    parts.append("</svg>")
    return "".join(parts)


def stage_label(tie: Tie) -> str:
    """A stage's head in the picture: 'Semi-finals · round 6'."""
    # Translators: the head of a knock-out stage's column in the bracket ("Semi-finals · round 6")
    return _("{stage} · round {round}").format(stage=stage_word(tie.stage), round=tie.round)


def _box(tie: Tie, x: float, cy: float, seed: dict[str, int], name: Callable[[str], str],
         href: Callable[[str], str]) -> str:
    top = cy - BOX_H / 2
    out = [f'<rect class="tie" x="{x}" y="{top:.1f}" width="{BOX_W}" height="{BOX_H}" rx="3"/>',
           f'<path class="divider" d="M{x} {cy:.1f} H{x + BOX_W}"/>']
    for row, pid in enumerate((tie.a, tie.b)):
        y = top + row * ROW_H + ROW_H / 2 + 4
        if pid is None:
            out.append(f'<text class="bye" x="{x + 26}" y="{y:.1f}">{html.escape(outcome_word(Outcome.BYE))}</text>')
            continue
        if not pid:
            out.append(f'<text class="bye" x="{x + 26}" y="{y:.1f}">…</text>')
            continue
        cls = "player won" if tie.winner == pid and not tie.bye else "player"
        out.append(f'<text class="seed" x="{x + 20}" y="{y:.1f}" text-anchor="end">{seed.get(pid, "")}</text>')
        out.append(f'<a href="{html.escape(href(pid))}"><text class="{cls}" x="{x + 26}" y="{y:.1f}">'
                   f'{html.escape(name(pid))}</text></a>')
        marks = " ".join(m for m in [_marks(tie.game, pid), *(_marks(r, pid) for r in tie.replays)] if m)
        out.append(f'<text class="{cls} mark" x="{x + BOX_W - 6}" y="{y:.1f}" text-anchor="end">{marks}</text>')
    return "".join(out)
