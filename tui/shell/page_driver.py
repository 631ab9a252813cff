"""The driver of a browser's joiner (`lastround serve`): Textual's web driver, the page's later
sizes reaching the app in the order the page sent them.

Textual's web driver gives the app its first size (the page's, from COLUMNS and ROWS) through
the event loop twice over (a callback, then a task that posts it), while a size the page sends
meanwhile is posted at once from the input thread. A page that measured itself again as it
opened (its font arrived, its keyboard rose) then had its new size overtaken by its first one,
and the joiner stayed drawn for a size the page no longer had. Here every later size goes the
same way as the first: the last the page sent is the last the app takes.

Its standard input is the page's link: once it closes (the server let the page go, or is gone),
nobody can see or type into the app again, so it ends at once, and the seat it holds is free
for the player's next page. (Textual's driver would only stop reading, and the app would hold
the seat until its process was ended.)
"""

from __future__ import annotations

import asyncio
from contextlib import suppress
from typing import Any

from textual import events
from textual.app import App
from textual.drivers.web_driver import WebDriver
from textual.geometry import Size


class PageDriver(WebDriver):
    def __init__(self, app: App[Any], **options: Any) -> None:
        super().__init__(app, **options)
        self.sized = app  # the app the page's sizes go to
        self.loop: asyncio.AbstractEventLoop | None = None

    def start_application_mode(self) -> None:
        self.loop = asyncio.get_running_loop()  # the app's: this runs on it
        super().start_application_mode()

    def on_meta(self, packet_type: str, payload: dict[str, object]) -> None:
        """(On the input thread.) A size goes the way the first one went; the rest as ever."""
        if packet_type != "resize" or self.loop is None:
            super().on_meta(packet_type, payload)
            return
        size = Size(int(str(payload["width"])), int(str(payload["height"])))
        asyncio.run_coroutine_threadsafe(self.resize(size), self.loop)

    def run_input_thread(self) -> None:
        """(The input thread.) Once the input has ended, however it ended, the app ends."""
        try:
            super().run_input_thread()
        finally:
            if self.loop is not None:
                with suppress(RuntimeError):  # the loop already closed: the app has ended
                    self.loop.call_soon_threadsafe(self.sized.exit)

    async def resize(self, size: Size) -> None:
        self.sized.post_message(events.Resize(size, size))
