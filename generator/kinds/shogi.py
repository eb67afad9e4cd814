"""Shogi: the game the defaults of `Game` describe (who had sente is recorded, ranked by points and the
event's tiebreaks, rated by FESA, counted by the promotion system)."""

from __future__ import annotations

from .base import Game


class Shogi(Game):
    key = "shogi"
