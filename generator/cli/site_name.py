"""`new --name`: the site takes the festival's name (mkdocs.yml `site_name`, in the site's header and every
page's title). It is set in the mkdocs.yml beside the data folder (the repository's, which build and serve use),
its other lines and comments kept as they are; a data folder elsewhere leaves mkdocs.yml alone, and says so. A
link, a folder or a pipe in mkdocs.yml's place is refused before anything is changed (files.Unwritable)."""

from __future__ import annotations

import json
import os
from pathlib import Path

from ..diagnostics import display_path
from ..sources.files import check_writable
from ..sources.round_writer import Unreadable, splice
from ..sources.site_config import beside


def site_name_text(data: Path, name: str) -> tuple[Path | None, str, str]:
    """The mkdocs.yml to rewrite (None: none to), its new text, and the line that says what happens."""
    config = beside(data)
    if os.path.lexists(config):
        check_writable(config)  # never read or written through a link
    if not config.is_file():
        return None, "", (f"note: the site keeps its name: there is no mkdocs.yml beside {display_path(data)} "
                          "(set site_name in the mkdocs.yml you build with)")
    try:
        text = splice(config, {"site_name": [f"site_name: {json.dumps(name, ensure_ascii=False)}"]})
    except Unreadable as exc:
        where = exc.report.lines()[0] if exc.report.lines() else display_path(config)
        return None, "", f"note: the site keeps its name: {where} (set site_name there by hand)"
    return config, text, f"wrote {display_path(config)} (site_name: the festival's name)"
