"""Screens built before they are shown, and drawn at once when they are.

Textual lays out and draws only the screen shown, so a new screen costs its whole layout
and every widget's first drawing on the key that shows it: about twice what a key may take
(tests/perf/bench_keys.py). A screen built ahead (the next step's: tui.shell.ahead; the draw
box behind a turn: screens.turns) lays itself out and draws its widgets offstage as they are
built, at the terminal's size; shown, it lays out and draws only what changed since.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from textual import events, messages
from textual.screen import Screen
from textual.widget import Widget


class Offstage(Screen[Any]):
    """Mixed into a screen class (before Textual's Screen or ModalScreen)."""

    @property
    def offstage(self) -> bool:
        """Built (App._get_screen) but not shown: it keeps itself laid out. A screen shown
        is on the stack until it is taken down, under a box or not."""
        return self.is_mounted and self not in self.app.screen_stack

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        # Textual restyles every widget of a screen it shows again. These are styled as they
        # are built, and each widget whose classes, focus or values change restyles itself;
        # restyling all of them again only delayed the first frame (by about a quarter).
        event.refresh_styles = False
        super()._on_screen_resume(event)
        self.draw_now()

    def draw_now(self) -> None:
        """Lay out and draw what changed on this screen at once. Textual learns of a changed
        widget when the widget next idles, and draws on the next tick of its update timer
        (up to a frame later); a screen laid out offstage has only what changed to lay out."""
        if self.layout_queued():
            self._layout_required = True
        for widget in self.walk_children(Widget):
            if widget._layout_required:
                self._layout_required = True
            if widget._layout_required or widget._repaint_required:
                self._dirty_widgets.add(widget)
                widget._check_refresh()  # its parents' layouts are cleared for it
        if self._layout_required and self._repaint_required:
            # The whole screen is drawn once, after the layout (Textual would draw what the
            # layout moved, then all of it again).
            self._repaint_required = False
            self._compositor._dirty_regions.add(self.app.size.region)
        self._on_timer_update()

    def layout_queued(self) -> bool:
        """Whether a widget's request for a layout waits in the screen's queue: one refilled
        just before the screen was shown may have sent it, and the screen reads it only once
        this frame is drawn (it was drawn without the widget's new size)."""
        queued: Iterable[object] = self._message_queue.values
        return any(isinstance(message, messages.Layout) for message in queued)

    async def _on_idle(self, event: events.Idle) -> None:
        await super()._on_idle(event)
        if self.offstage and (self._layout_required or self._dirty_widgets):
            self.lay_out_offstage()

    def lay_out_offstage(self) -> None:
        """Lay out and draw the screen at the terminal's size, each time its widgets change as
        they are built (a footer's keys come a moment after the rest). Nothing drawn here is
        written to the terminal: each widget keeps its lines for when it is shown."""
        self._layout_required = False
        self._refresh_layout(self.app.size)  # not shown: laid out, not written
        self._compositor.render_update(full=True)
        self._dirty_widgets.clear()
