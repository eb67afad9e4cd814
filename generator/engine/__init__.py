"""The site engine, MkDocs 1.x, behind one seam: the only package that imports it.

- `hooks.py`: the hooks mkdocs.yml names, which hand the generated pages, navigation and search entries to it;
- `state.py`: what one build knows (the data, and in the preview what it keeps from one rebuild to the next),
  handed to the hooks on the engine's config;
- `pages.py`: the generated pages as the engine's pages, their sidebars, the white space taken out of them;
- `build.py`: `generator build`; `serve.py`: `generator serve`, the live preview.

The engine's modules import `mkdocs.*`. ProperDocs, a maintained MkDocs 1.x, has the same modules under its own
name and answers `mkdocs.*` imports once `properdocs.replacement` is imported (as its own command does, for the
theme's sake): moving engine is changing ENGINE below (and pinning the engine in pyproject.toml).
"""

from __future__ import annotations

import importlib
import sys

ENGINE = "mkdocs"  # the site engine: "mkdocs" (MkDocs 1.6.1) or "properdocs" (ProperDocs, the same API)
ENGINES = ("mkdocs", "properdocs")


def use(engine: str = ENGINE) -> None:
    """Make `mkdocs` name `engine` in this process; before any of the engine's modules is imported."""
    if engine == "mkdocs":
        return
    if "mkdocs.config" in sys.modules and not sys.modules["mkdocs.config"].__name__.startswith(f"{engine}."):
        raise RuntimeError(f"MkDocs was imported before the engine {engine} was chosen")
    importlib.import_module(f"{engine}.replacement")  # its own alias: every mkdocs.* import gets {engine}.*
