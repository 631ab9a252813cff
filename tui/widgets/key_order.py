"""Every key lands where it was typed, at any speed: one ordered path for keys.

Textual hands a key to the focused widget's own message queue and runs most key bindings
only when the key comes back up to the app, a few messages later. Keys typed in a burst (an
SSH link delivers them so) then race each other: the letters after Tab reach the field Tab
left, and Enter confirms a step before its last digits are in. Here the app handles each key
whole (priority bindings, the focused widget and its parents, then the other bindings, and
the messages it made a screen post to the app) before it takes the next one, and holds the
keys typed while a new screen is being built until that screen can take them, so type-ahead
goes where the player would have typed it.

Each key is handled in its own turn of the app's message queue, at whose end Textual runs
what the key asked to happen next (`call_next`: a closed box's result, a new screen's
mounting) before the next key, as it would have had the player waited. The key is taken from
the focused widget up to the screen through each widget's public `on_event`, as a copy that
bubbles nowhere by itself (`InTurn`). Textual has no public way to run the priority bindings
of a key: App._check_bindings, the one private name used here, is guarded by
tests/ui/test_textual_names.py.
"""

from __future__ import annotations

from typing import Any

from textual import events
from textual.app import App
from textual.dom import DOMNode
from textual.message import Message
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


class InTurn(events.Event):
    """A key or paste handled in its turn (OrderedKeys.handle_key): the app hands it from the
    focused widget up to the screen itself, so it bubbles nowhere on its own, and it notes
    whether a handler there stopped it. To the app's own handling it is a key come back up
    from the screen (forwarded), as Textual hands the app the keys no widget took."""

    stopped = False

    def stop(self, stop: bool = True) -> Message:
        self.stopped = stop
        return super().stop(stop)

    @property
    def is_forwarded(self) -> bool:
        return True


class KeyInTurn(InTurn, events.Key, bubble=False):
    pass


class PasteInTurn(InTurn, events.Paste, bubble=False):
    pass


# Handled as the key or paste they copy: by `on_key`/`on_paste` and `@on(events.Key)`.
KeyInTurn.handler_name = events.Key.handler_name
PasteInTurn.handler_name = events.Paste.handler_name


def in_turn(event: events.Key | events.Paste) -> KeyInTurn | PasteInTurn:
    if isinstance(event, events.Key):
        return KeyInTurn(event.key, event.character)
    return PasteInTurn(event.text)


class OrderedKeys(App[Any]):
    """Mixed into the app: keys and pastes are handled one at a time, each to its end."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.held: list[events.Key | events.Paste] = []  # typed while a new screen is built
        self.in_hand = False  # a key is handled and what it asked by message is not yet done

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Paste) and len(event.text) > PASTE_LIMIT:
            self.notify(f"Not pasted: {len(event.text):,} characters, more than any field here "
                        f"takes (at most {PASTE_LIMIT:,}).", severity="warning")
            return
        if isinstance(event, (events.Key, events.Paste)) and not event.is_forwarded:
            self.app_focus = True
            self.held.append(event)
            await self.handle_first_held_key()
            return
        await super().on_event(event)

    def ready_for_keys(self) -> bool:
        """Whether the screen shown can take keys: it is built, and its field focused, and
        the key before is done."""
        return self.screen.is_mounted and not self.in_hand

    def held_back(self, event: events.Key | events.Paste) -> bool:
        """Whether the screen shown holds this key back until it has read what the key needs
        (a replay reading its log: its `holds_key`); it hands the keys over with hold_for."""
        holds_key = getattr(self.screen, "holds_key", None)
        return bool(holds_key(event)) if callable(holds_key) else False

    async def handle_first_held_key(self) -> None:
        """The first key typed and not yet handled, if the screen shown can take it; else it
        waits for the next screen to be built (see hold_for). One key a turn of the app's
        queue: what a key asks to happen next happens at the end of its turn."""
        if not (self.held and self.ready_for_keys()) or self.held_back(self.held[0]):
            return
        self.in_hand = True
        try:
            await self.handle_key(self.held.pop(0))
        finally:
            self.call_next(self.after_messages)  # once what the key asked for is done

    def after_messages(self) -> None:
        """What the key asked of the app by message (a step confirmed, Esc's step back)
        waits in the app's queue, posted by the key or by what it asked to happen next (a
        closed box's result): the key ends once those are handled too, before the next key."""
        if not self.call_later(self.key_done):
            self.key_done()

    def key_done(self) -> None:
        """What the key asked for is done: `after_key`, then the next key in its own turn."""
        self.in_hand = False
        self.after_key()
        if self.held:
            self.call_later(self.handle_first_held_key)

    def hold_for(self, screen: Screen[Any]) -> None:
        """A new screen is current: once it is built, hand it the keys typed meanwhile.
        (Subscribed to the app's screen changes.)"""
        if screen.is_mounted:
            if self.held:
                self.call_later(self.handle_first_held_key)
            return
        # The screen's own queue builds it first; then the app takes the held keys in turn.
        screen.call_later(self.call_later, self.handle_first_held_key)

    def after_key(self) -> None:
        """Called once each key or paste has been handled (and before the next)."""

    async def handle_key(self, event: events.Key | events.Paste) -> None:
        if isinstance(event, events.Key) and await self._check_bindings(event.key,
                                                                         priority=True):
            return
        # As Textual would bubble it: the focused widget, then each parent up to the screen,
        # each free to stop it; then the app's own handling (the other key bindings).
        handled = in_turn(event)
        node: DOMNode | None = self.focused or self.screen
        while node is not None and node is not self:
            await node.on_event(handled)
            if handled.stopped:
                return
            handled.prevent_default(False)
            node = node.parent
        if isinstance(handled, KeyInTurn):
            await super().on_event(handled)

    def action_focus_next(self) -> None:
        moved_to = self.screen.focus_next()
        if isinstance(moved_to, Input):
            moved_to.select_all()

    def action_focus_previous(self) -> None:
        moved_to = self.screen.focus_previous()
        if isinstance(moved_to, Input):
            moved_to.select_all()
