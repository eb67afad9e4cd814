"""Each kind's and each game's pages, found here by the key of their rules (generator/kinds): every module of
this package is imported, and each `KindPages` or `GamePages` class in it that names a `key` of its own is the
pages of the format, game, eligibility or source of that key. `pages_of` gives the pages of an event, as
`kinds.kind_of` gives its rules; a key with no pages of its own has the defaults (a shogi Swiss's)."""

from __future__ import annotations

import functools
import importlib
import pkgutil

from ...kinds import kind_for
from ...model import Event
from .base import GamePages, KindPages, registered
from .context import Context, Pages

for _module in pkgutil.iter_modules(__path__):  # (the registry below is filled as each module is read)
    importlib.import_module(f"{__name__}.{_module.name}")

__all__ = ["Context", "GamePages", "KindPages", "Pages", "pages_for", "pages_of"]


def pages_of(event: Event) -> KindPages:
    return pages_for(event.format, event.game, event.eligibility, event.source)


@functools.cache
def pages_for(fmt: str, game: str, eligibility: str, source: str) -> KindPages:
    """The pages of an event of this format, game, eligibility and source, over the rules of its kind."""
    rules = kind_for(fmt, game, eligibility, source)
    kinds = registered(KindPages)
    cls = kinds.get(("source", source)) or kinds.get(("format", fmt), KindPages)
    mixin = kinds.get(("eligibility", eligibility))
    if mixin is not None:
        cls = type(f"{mixin.__name__}{cls.__name__}", (mixin, cls), {})
    return cls(rules, registered(GamePages).get(("game", game), GamePages)(rules.game))
