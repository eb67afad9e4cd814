"""The only module that imports MkDocs: adds the generated pages, the JSON API and the navigation.

Data errors stop the build with the full list of located problems; the site is never half built.
`python -m generator build` checks first and prints the same list, so this is the last line of defence.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import Abort
from mkdocs.structure.files import File, Files

from generator.pipeline import load
from generator.render import Site, render_site

DATA_ENV = "BANZUKE_DATA"
_built: dict[str, Site] = {}  # hooks are module functions: the site generated in on_config, for on_files


def data_dir(config: MkDocsConfig) -> Path:
    base = Path(config.config_file_path).parent
    return (base / os.environ.get(DATA_ENV, "data")).resolve()


def on_config(config: MkDocsConfig, **_: Any) -> MkDocsConfig:
    root = data_dir(config)
    loaded = load(root)
    if not loaded.ok:
        raise Abort("the data has errors; nothing was built:\n" + "\n".join(loaded.report.lines()))
    site = _built["site"] = render_site(loaded)
    config.nav = site.nav
    if str(root) not in [str(w) for w in config.watch]:
        config.watch.append(str(root))
    return config


def on_files(files: Files, config: MkDocsConfig, **_: Any) -> Files:
    for path, content in sorted(_built["site"].files.items()):
        if files.get_file_from_path(path) is not None:
            raise Abort(f"site_src/{path} is also a generated page: rename or remove it")
        files.append(File.generated(config, path, content=content))
    return files
