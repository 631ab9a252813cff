"""Every key lands where it was typed, at any speed: one ordered path for keys.

Textual hands a key to the focused widget's own message queue and runs most key bindings
only when the key comes back up to the app, a few messages later. Keys typed in a burst (an
SSH link delivers them so) then race each other: the letters after Tab reach the field Tab
left, and Enter confirms a step before its last digits are in. Here the app handles each key
whole (priority bindings, the focused widget and its parents, then the other bindings) before
it takes the next one, and holds the keys typed while a new screen is being built until that
screen can take them, so type-ahead goes where the player would have typed it.

Textual offers no public way to run a widget's key handlers in the caller's turn; the few
private names this needs are used here alone, and tests/ui/test_textual_names.py fails when
a Textual upgrade changes them.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from textual import events
from textual.app import App
from textual.dom import DOMNode
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Input

# The most a paste may bring: a whole tableau pasted into the card picker is a few thousand
# characters. Anything longer is refused whole, in words: taken in, a 20 MB paste once cost
# a gigabyte of memory, a draft as large, and a message line echoing it all.
PASTE_LIMIT = 10_000  # characters


def focus_now(widget: Widget) -> None:
    """Focus `widget` before the next key is handled (Widget.focus() waits its turn in the
    app's queue, behind keys already typed); a field's text is selected, so typing replaces
    it, as when Tab reaches a field."""
    widget.screen.set_focus(widget)
    if isinstance(widget, Input):
        widget.select_all()


class OrderedKeys(App[Any]):
    """Mixed into the app: keys and pastes are handled one at a time, each to its end."""

    held: list[events.Key | events.Paste]

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Paste) and len(event.text) > PASTE_LIMIT:
            self.notify(f"Not pasted: {len(event.text):,} characters, more than any field here "
                        f"takes (at most {PASTE_LIMIT:,}).", severity="warning")
            return
        if isinstance(event, (events.Key, events.Paste)) and not event.is_forwarded:
            self.app_focus = True
            self.held.append(event)
            await self.handle_held_keys()
            return
        await super().on_event(event)

    def ready_for_keys(self) -> bool:
        """Whether the screen shown can take keys: it is built, and its field focused."""
        return self.screen.is_mounted

    async def handle_held_keys(self) -> None:
        """The keys typed so far, in order, while the screen shown can take them; the rest
        wait for the next screen to be built (see hold_for)."""
        while self.held and self.ready_for_keys():
            await self.handle_now(self.held.pop(0))

    def hold_for(self, screen: Screen[Any]) -> None:
        """A new screen is current: once it is built, hand it the keys typed meanwhile.
        (Subscribed to the app's screen changes.)"""
        if screen.is_mounted:
            if self.held:
                self.call_later(self.handle_held_keys)
            return
        # The screen's own queue builds it first; then the app takes the held keys in turn.
        screen.call_later(self.call_later, self.handle_held_keys)

    async def handle_now(self, event: events.Key | events.Paste) -> None:
        await self.handle_key(event)
        # What the key asked to happen next (a closed box's result, a new screen's mounting)
        # happens now, before the next key, as it would have had the player waited; Textual
        # alone leaves it until no key is waiting.
        await self._flush_next_callbacks()
        self.after_key()

    def after_key(self) -> None:
        """Called once each key or paste has been handled (and before the next)."""

    async def handle_key(self, event: events.Key | events.Paste) -> None:
        if isinstance(event, events.Key) and await self._check_bindings(event.key,
                                                                         priority=True):
            return
        # As Textual would bubble it: the focused widget, then each parent up to the screen,
        # each free to stop it; then the app's own handling (the other key bindings).
        node: DOMNode | None = self.focused or self.screen
        while node is not None and node is not self:
            await run_handlers(node, event)
            if event._stop_propagation:
                return
            event.prevent_default(False)
            node = node.parent
        if isinstance(event, events.Key):
            await self._on_key(event)

    def action_focus_next(self) -> None:
        moved_to = self.screen.focus_next()
        if isinstance(moved_to, Input):
            moved_to.select_all()

    def action_focus_previous(self) -> None:
        moved_to = self.screen.focus_previous()
        if isinstance(moved_to, Input):
            moved_to.select_all()


async def run_handlers(node: DOMNode, event: events.Event) -> None:
    """Run `node`'s handlers of `event` now, as its own queue would, without passing it on."""
    with node.prevent(*event._prevent):
        for _cls, method in node._get_dispatch_methods(event.handler_name, event):
            handler: Callable[..., Any] = method
            result = handler(event) if takes_argument(handler) else handler()
            if inspect.isawaitable(result):
                await result


def takes_argument(handler: Callable[..., Any]) -> bool:
    """Whether a handler takes the event (Textual lets `def on_key(self)` leave it out)."""
    function = getattr(handler, "__func__", handler)
    known = _TAKES_ARGUMENT.get(function)
    if known is None:
        try:
            known = len(inspect.signature(handler).parameters) > 0
        except (TypeError, ValueError):
            known = True
        _TAKES_ARGUMENT[function] = known
    return known


_TAKES_ARGUMENT: dict[Any, bool] = {}
