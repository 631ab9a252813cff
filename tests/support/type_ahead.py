"""Keys pressed as a burst: every key of a procedure sent before the app has handled any.

An SSH link delivers what was typed in bursts, and a busy machine handles keys late; the app
must then do exactly what it does with keys typed one by one. `Recorder` notes the keys a
slow run presses (each handled before the next, as Pilot presses them), and `burst` sends a
list of keys to the app all at once, as one write from the terminal would.
"""

from __future__ import annotations

import asyncio
import unicodedata
from typing import Any

from textual import events
from textual.keys import REPLACED_KEYS, _character_to_key, _get_unicode_name_from_key
from textual.pilot import Pilot

from lastround.app import LastRoundApp


class Recorder:
    """Stands in for a Pilot in the play_* helpers, noting each key they press."""

    def __init__(self, pilot: Pilot[Any]) -> None:
        self.pilot = pilot
        self.keys: list[str] = []

    @property
    def app(self) -> Any:
        return self.pilot.app

    async def press(self, *keys: str) -> None:
        self.keys += keys
        await self.pilot.press(*keys)

    async def pause(self, delay: float | None = None) -> None:
        await self.pilot.pause(delay)


def key_event(key: str) -> events.Key:
    """The event Pilot.press makes for `key` (a character or a key name)."""
    if len(key) == 1 and not key.isalnum():
        key = _character_to_key(key)
    try:
        char: str | None = unicodedata.lookup(_get_unicode_name_from_key(REPLACED_KEYS.get(key,
                                                                                       key)))
    except KeyError:
        char = key if len(key) == 1 else None
    return events.Key(key, char)


async def burst(pilot: Pilot[Any], keys: list[str] | str) -> None:
    """Send every key at once, then wait until the app has handled them all."""
    app = pilot.app
    assert isinstance(app, LastRoundApp)
    for key in keys:
        app.post_message(key_event(key))
    await handled(pilot)


async def paste(pilot: Pilot[Any], text: str) -> None:
    """Text pasted into the terminal (bracketed paste): one event."""
    pilot.app.post_message(events.Paste(text))
    await handled(pilot)


async def handled(pilot: Pilot[Any]) -> None:
    """Until the app's queue has reached a mark posted after the keys, and no key is held
    for a screen still being built."""
    app = pilot.app
    assert isinstance(app, LastRoundApp)
    for _ in range(1000):
        reached = asyncio.Event()
        app.call_later(reached.set)
        await asyncio.wait_for(reached.wait(), timeout=30)
        await pilot.pause()
        if not getattr(app, "held", None):
            return
    raise AssertionError(f"keys still held: {app.held}")


# What a terminal sends for each key Pilot names (xterm's sequences; Esc is left out: typed
# in a burst, a lone ESC would join the next key as Alt+key, in any terminal program).
TERMINAL_BYTES = {
    "tab": "\t", "enter": "\r", "space": " ", "backspace": "\x7f",
    "up": "\x1b[A", "down": "\x1b[B", "right": "\x1b[C", "left": "\x1b[D",
    "home": "\x1b[H", "end": "\x1b[F",
    **{f"ctrl+{letter}": chr(ord(letter) - ord("a") + 1) for letter in "abcdefghklnoprstuvwxyz"},
}


def terminal_text(keys: list[str]) -> str:
    """The bytes a terminal sends for `keys`, as one string."""
    return "".join(key if len(key) == 1 else TERMINAL_BYTES[key] for key in keys)
