"""Texts a reader sees that are written below the renderer (a tiebreak's name, a grade): marked with `N_` so that
the catalogues' extraction finds them; the renderer translates them where it shows them (render/i18n.py)."""

from __future__ import annotations


def N_(text: str) -> str:  # noqa: N802 (gettext's own name for it)
    """Marks `text` for translation and returns it as it is: it is translated where a page shows it."""
    return text
