"""A tournament known only from the organizers' turnering.txt (a FESA archive): a Swiss whose files do not
say who had sente."""

from __future__ import annotations

from .swiss import Swiss


class FesaTable(Swiss):
    fesa_file_as_written = True

    @property
    def sente_recorded(self) -> bool:
        return False
