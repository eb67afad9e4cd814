"""`.venv/bin/python -m generator build`: check the data, then build the site; with --summary, first a pull
request's job summary, and with --fesa-out, then the FESA files, from the same data (the results workflow reads the
data once for all four)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .. import engine
from ..engine import cache
from ..engine.cache import PageCache
from ..sources.files import check_folder, check_site_folder
from .fesa import export
from .summary import summary_of
from .common import Commands, EXIT_BUILD_FAILED, EXIT_DATA_ERRORS, EXIT_OK, ROOT, checked, command


def run(args: argparse.Namespace) -> int:
    ratings, checks, rounds = _kept(args, "ratings"), _kept(args, "checks"), _kept(args, "rounds")
    loaded = checked(args.data, args.annotations == "github", ratings, checks, rounds)
    if args.summary is not None:  # (first, and whatever the data holds: its problems in plain words)
        with args.summary.open("a", encoding="utf-8") as out:
            out.write("\n".join(summary_of(loaded, args.base, ratings, checks)) + "\n")
    for store in (ratings, checks, rounds):  # (the data read, and it and the summary's base rated and checked: kept
        # for the next build)
        if store is not None:
            store.save()
    if not loaded.ok:
        print("nothing was built: fix the errors above and build again", file=sys.stderr)
        return EXIT_DATA_ERRORS
    check_site_folder(args.site_dir or args.config.parent / "site")  # (mkdocs.yml's site_dir)
    if args.fesa_out is not None:
        check_folder(args.fesa_out)
    try:
        engine.use(args.engine)
    except ImportError:
        print(f"the site engine {args.engine} is not installed", file=sys.stderr)
        return EXIT_BUILD_FAILED
    from ..engine.build import build  # the engine is imported only to build
    site_dir = args.site_dir.resolve() if args.site_dir else None
    built = build(args.config.resolve(), args.data.resolve(), loaded, site_dir)
    if not built:
        return EXIT_BUILD_FAILED
    if args.fesa_out is not None:  # (from the data just built, not read again)
        export(loaded, args.fesa_out)
    return EXIT_OK


def _kept(args: argparse.Namespace, kind: str) -> PageCache | None:
    """The FESA ratings (`kind` "ratings"), FESA files' checks ("checks") or round files read ("rounds") of the last
    build (engine/cache.py, beside its pages): a tournament rated as then is not rated again, a turnering.txt written
    as then and passed is not checked again, a round file as it was then is not parsed again. None without a build
    cache, or when the engine cannot be loaded (the build says so later)."""
    folder = cache.folder_for((args.site_dir or args.config.parent / "site").resolve())
    if folder is None:
        return None
    try:
        engine.use(args.engine)  # (before the code's digest, which names the engine in use)
    except ImportError:
        return None
    return cache.PageCache.open(folder, cache.code_digest(), "all", kind=kind)


def register(sub: Commands) -> None:
    build = command(sub, "build", "Check the data, then build the website into site/ (mkdocs build --strict).")
    build.add_argument("--site-dir", type=Path, help="where to write the site (default: site/)")
    build.add_argument("--annotations", choices=["github"],
                       help="github: print the data's problems as GitHub Actions annotations, as check does")
    build.add_argument("--fesa-out", type=Path, metavar="DIR", help="then write every rated event's turnering.txt "
                       "into DIR, as fesa export --out DIR does (the data read once for both)")
    build.add_argument("--summary", type=Path, metavar="FILE", help="first add to FILE the Markdown of summary "
                       "(a pull request's job summary; with --base DIR, what the data changes against DIR)")
    build.add_argument("--base", type=Path, metavar="DIR", help="with --summary: the data before the change")
    build.add_argument("--config", type=Path, default=ROOT / "mkdocs.yml", help=argparse.SUPPRESS)
    build.add_argument("--engine", choices=engine.ENGINES, default=engine.ENGINE, help=argparse.SUPPRESS)
    build.set_defaults(func=run)
