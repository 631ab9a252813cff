"""Keeping what Last Round holds in memory close to what the screen on show needs."""

from __future__ import annotations

import gc
from collections.abc import Iterable

from textual.screen import Screen
from textual.widget import Widget


def widgets_of(screens: Iterable[Screen[object]]) -> list[Widget]:
    """Each widget of `screens`, the screens too: a screen taken away is soon left without
    its widgets (see forget_drawn_lines)."""
    return [widget for screen in screens for widget in screen.walk_children(Widget,
                                                                             with_self=True)]


def release_removed_screens(gone: list[Widget]) -> None:
    """Once screens have gone (`gone`: their widgets, emptied here), give back what only they
    held (about 6 MiB over a whole 4-player Race for the Galaxy end of game). A screen's
    widgets form reference cycles that only a full collection frees, which may not come for
    many screens."""
    forget_drawn_lines(gone)
    gone.clear()
    gc.collect()


def forget_drawn_lines(widgets: Iterable[Widget]) -> None:
    """Let widgets that are gone drop the lines they drew.

    Textual's style cache keeps each widget's cache of drawn lines for up to 1024 widgets
    after they are gone (a functools.lru_cache on a method, keyed by it): about 4 MiB over a
    4-player game (tests/perf/bench_memory.py). A widget refreshed lets go of its lines, and
    one already removed does only that (a widget still running would also be woken to draw
    again, in the middle of a key: so this waits until its screen has gone).
    """
    for widget in widgets:
        widget.refresh()
