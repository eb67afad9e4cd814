"""`.venv/bin/python -m generator build`: check the data, then build the site."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .. import engine
from ..sources.files import check_site_folder
from .common import Commands, EXIT_BUILD_FAILED, EXIT_DATA_ERRORS, EXIT_OK, ROOT, checked, command


def run(args: argparse.Namespace) -> int:
    loaded = checked(args.data)
    if not loaded.ok:
        print("nothing was built: fix the errors above and build again", file=sys.stderr)
        return EXIT_DATA_ERRORS
    check_site_folder(args.site_dir or args.config.parent / "site")  # (mkdocs.yml's site_dir)
    try:
        engine.use(args.engine)
    except ImportError:
        print(f"the site engine {args.engine} is not installed", file=sys.stderr)
        return EXIT_BUILD_FAILED
    from ..engine.build import build  # the engine is imported only to build
    site_dir = args.site_dir.resolve() if args.site_dir else None
    built = build(args.config.resolve(), args.data.resolve(), loaded, site_dir)
    return EXIT_OK if built else EXIT_BUILD_FAILED


def register(sub: Commands) -> None:
    build = command(sub, "build", "Check the data, then build the website into site/ (mkdocs build --strict).")
    build.add_argument("--site-dir", type=Path, help="where to write the site (default: site/)")
    build.add_argument("--config", type=Path, default=ROOT / "mkdocs.yml", help=argparse.SUPPRESS)
    build.add_argument("--engine", choices=engine.ENGINES, default=engine.ENGINE, help=argparse.SUPPRESS)
    build.set_defaults(func=run)
