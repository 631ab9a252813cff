"""Keeping what Last Round holds in memory close to what the screen on show needs."""

from __future__ import annotations

import gc

# Private: Textual offers no public way to empty this cache, and emptying it keeps about
# 4 MiB off the peak of a 4-player game (tests/perf/bench_memory.py: 44.7 MiB, 48.6 without);
# tests/ui/test_textual_names.py fails when an upgrade changes it.
import textual._styles_cache as styles_cache


def release_removed_screens() -> None:
    """Once a screen has gone, give back what only it held (about 6 MiB over a whole
    4-player Race for the Galaxy end of game). A screen's widgets form reference cycles that
    only a full collection frees, which may not come for many screens."""
    forget_drawn_widgets()
    gc.collect()


def forget_drawn_widgets() -> None:
    """Let go of the widgets Textual's style cache holds after they are gone.

    StylesCache.get_inner_outer is cached with functools.lru_cache on the method, so each
    cache key holds a widget's StylesCache, and with it every line the widget drew, for up
    to 1024 widgets. Widgets still shown refill it as they draw.
    """
    styles_cache.StylesCache.get_inner_outer.cache_clear()
