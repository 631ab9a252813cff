"""Keeping what Last Round holds in memory close to what the screen on show needs."""

from __future__ import annotations

import gc


def release_removed_screens() -> None:
    """Once a screen has gone, give back what only it held (about 6 MiB over a whole
    4-player Race for the Galaxy end of game).

    Textual caches StylesCache.get_inner_outer with functools.lru_cache on the method, so
    each cache key holds a widget's StylesCache, and with it every line the widget drew,
    for up to 1024 widgets after they are gone. And a screen's widgets form reference
    cycles that only a full collection frees, which may not come for many screens.
    """
    from textual._styles_cache import StylesCache

    StylesCache.get_inner_outer.cache_clear()  # widgets still shown refill it as they draw
    gc.collect()
