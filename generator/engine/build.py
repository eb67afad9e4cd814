"""`generator build`: the engine's `build --strict` in the generator's own process."""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import mkdocs
from mkdocs.commands.build import build as engine_build
from mkdocs.config import load_config
from mkdocs.exceptions import MkDocsException

from generator.pipeline import Loaded

from .state import Build, CompiledTemplates, attach, languages, published_address


@contextmanager
def running() -> Iterator[logging.Logger]:
    """The engine in this process: its messages printed as its own command prints them."""
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")  # (the theme's notice, for its own command's users)
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(levelname)-7s -  %(message)s"))
    log = logging.getLogger(mkdocs.__name__)  # "mkdocs", or the name of the engine that answers for it
    if log.name != "mkdocs":  # the theme logs as mkdocs.*: under the engine's logger, as its command has it
        logging.getLogger("mkdocs").parent = log
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    try:
        yield log
    finally:
        log.removeHandler(handler)


def build(config_file: Path, data: Path, loaded: Loaded, site_dir: Path | None) -> bool:
    """`build --strict` in this process, on a data set this process has already loaded and checked (so it is
    not read twice), once for each of the site's languages: the default at the root, the others under /<code>/.
    Warnings and errors are printed as the engine prints them; False when the build failed."""
    with running():
        try:
            config = load_config(str(config_file), strict=True, **({"site_dir": str(site_dir)} if site_dir else {}))
            codes = languages(config)
            root, address, root_url = Path(config.site_dir), published_address(config.site_url), config.site_url or ""
            compiled = CompiledTemplates()  # the theme compiled once for every language
            for code in codes:
                under = "" if code == codes[0] else f"{code}/"  # the default at the root, the others below it
                if under:  # the same configuration, built under /<code>/ with its own address
                    config = load_config(str(config_file), strict=True, site_dir=str(root / code))
                    config.site_url = f"{root_url.rstrip('/')}/{under}" if root_url else None
                config.theme["language"] = code  # the theme's own texts, and its search's language
                engine_build(attach(config, Build(data, site_url=f"{address.rstrip('/')}/{under}" if address else "",
                                                  loaded=loaded, language=code, languages=codes, compiled=compiled,
                                                  site_root=root_url)))
            return True
        except MkDocsException as exc:
            print(f"ERROR   -  {exc}", file=sys.stderr)
            return False
