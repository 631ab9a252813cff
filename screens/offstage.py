"""Screens built before they are shown, and drawn at once when they are.

Textual lays out and draws only the screen shown, so a new screen costs its whole layout
and every widget's first drawing on the key that shows it: about twice what a key may take
(tests/perf/bench_keys.py). A screen built ahead (the next step's: lastround.shell.ahead; the draw
box behind a turn: lastround.screens.galileo.turns) lays itself out and draws its widgets offstage
as they are
built, at the terminal's size; shown, it is laid out and drawn whole at once, from widgets
already sized and lines already drawn but for what changed since.

A screen built offstage is whole only once its own queue has composed and mounted it, a
moment after it is asked for. Textual takes a screen's widgets away at once when it is removed
or the app ends, and the screen's mount handlers, still to run, would then look for widgets
it no longer has. So a screen still being built is taken down only once it is whole
(`take_down`), and a screen's mount handlers do not run once the app is ending.

Textual has no public way to build a screen without showing it, nor to lay out or draw a
screen not shown, nor to draw a screen before its update timer's next tick: `build_offstage`
uses App._get_screen (what push_screen calls to register and start one), Screen._refresh_layout
and the screen's compositor lay it out and draw it offstage, and Screen._on_timer_update draws
it at once. Nothing else private is reached: rather than reading each widget's private flags
for what changed, a screen shown is laid out and drawn whole (Textual's public
`refresh(layout=True)`): on Galileo's larger forms, about 2-4 ms more of a key's CPU time.
tests/ui/test_textual_names.py fails when an upgrade changes any of them. Where Textual's
own handlers are joined (a screen shown again, or idle) it is through the public ones.
"""

from __future__ import annotations

from typing import Any

from textual import events
from textual.app import App
from textual.screen import Screen


def build_offstage(app: App[Any], screen: Screen[Any]) -> None:
    """Build `screen` without showing it: registered and started, as push_screen would."""
    app._get_screen(screen)


def take_down(screen: Screen[Any]) -> None:
    """Remove a screen built offstage (never shown): at once if it is whole, else as soon
    as it is (its own queue runs the removal after its mount handlers)."""
    if screen.is_mounted:
        screen.remove()
    else:
        screen.call_later(screen.remove)


class Offstage(Screen[Any]):
    """Mixed into a screen class (before Textual's Screen or ModalScreen)."""

    @property
    def offstage(self) -> bool:
        """Built (App._get_screen) but not shown: it keeps itself laid out. A screen shown
        is on the stack until it is taken down, under a box or not."""
        return self.is_mounted and self not in self.app.screen_stack

    async def on_event(self, event: events.Event) -> None:
        # Once the app is ending, Textual mounts no more widgets (a screen still being built
        # is left without its own) and takes apart those it has: nothing to fill or focus.
        if isinstance(event, events.Mount) and not (self.app.is_running and self.is_attached):
            return
        await super().on_event(event)

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        # Textual restyles every widget of a screen it shows again. These are styled as they
        # are built, and each widget whose classes, focus or values change restyles itself;
        # restyling all of them again only delayed the first frame (by about a quarter).
        # This handler runs before Screen's own, which reads the flag.
        event.refresh_styles = False
        # Drawn once Textual's own handler and what waits in the screen's queue are done: a
        # widget refilled just before the screen was shown may have asked for a layout there.
        self.call_later(self.draw_now)

    def draw_now(self) -> None:
        """Lay out and draw this screen at once, whole. Textual learns of a changed widget
        when the widget next idles, and draws on the next tick of its update timer; drawing
        at once saves about 4 ms of a key's CPU time and 15 ms of its wait on a busy machine.
        A screen laid out offstage has its widgets sized and drawn but for what changed."""
        self.refresh(layout=True)
        self._on_timer_update()

    def on_idle(self) -> None:
        # The screen idles once it has handled what its widgets told it (built, refilled,
        # restyled): each time, while offstage, it is laid out again.
        if self.offstage:
            self.lay_out_offstage()

    def lay_out_offstage(self) -> None:
        """Lay out and draw the screen at the terminal's size, each time its widgets change as
        they are built (a footer's keys come a moment after the rest). Nothing drawn here is
        written to the terminal: each widget keeps its lines for when it is shown."""
        self._refresh_layout(self.app.size)  # not shown: laid out, not written
        self._compositor.render_update(full=True)
