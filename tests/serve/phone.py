"""A phone's browser for the tests and the benchmark: Debian's chromium driven by Playwright
(never a browser Playwright downloads), at a phone's size, on `lastround serve`'s page.

The terminal in the page is drawn on a canvas, so what it shows is read where it arrives: the
websocket's frames from the app, their escapes taken away (each run of text Textual writes
reads whole). Every request the page makes is noted, to check none leaves the machine.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.async_api import Browser, BrowserContext, Page, ViewportSize, WebSocket

from tests.serve.served import WAIT, screen_text

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_MISSING = (f"chromium is not installed at {CHROMIUM}: `apt-get install -y chromium` "
                    "(`python3 dev.py test` installs it when run as root)")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
# Once the page has painted what it was sent (the terminal paints at the next animation frame).
PAINTED = "new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"
PHONE_VIEWPORT: ViewportSize = {"width": 390, "height": 844}
PHONE_SCALE = 3


async def phone_context(browser: Browser, viewport: ViewportSize | None = None,
                        scale: int | None = None) -> BrowserContext:
    """A phone's browser: touch, mobile, at PHONE's size and pixels or `viewport`'s and
    `scale`'s."""
    return await browser.new_context(
        viewport=viewport or PHONE_VIEWPORT, is_mobile=True, has_touch=True,
        device_scale_factor=PHONE_SCALE if scale is None else scale)


class Phone:
    """One phone's page: what it requested, what the app drew, the sizes it reported."""

    def __init__(self, context: BrowserContext, page: Page) -> None:
        self.context = context
        self.page = page
        self.text = ""
        self.drawn_raw = ""  # what the app wrote, escapes and all (for the frames' widths)
        self.requests: list[str] = []
        self.sizes: list[tuple[int, int]] = []
        self.closed = False
        page.on("request", lambda request: self.requests.append(request.url))
        page.on("websocket", self.watch)

    @classmethod
    async def open(cls, browser: Browser, url: str, viewport: ViewportSize | None = None,
                   scale: int | None = None) -> Phone:
        """The page at PHONE's size and pixels, or at `viewport`'s and `scale`'s."""
        context = await phone_context(browser, viewport, scale)
        phone = cls(context, await context.new_page())
        await phone.page.goto(url)
        return phone

    def watch(self, socket: WebSocket) -> None:
        self.closed = False
        socket.on("framereceived", lambda payload: self.drawn(payload))
        socket.on("framesent", lambda payload: self.sent(payload))
        socket.on("close", lambda _socket: setattr(self, "closed", True))

    def drawn(self, payload: str | bytes) -> None:
        if isinstance(payload, bytes):
            self.text += screen_text(payload)
            self.drawn_raw += payload.decode("utf-8", "replace")

    def sent(self, payload: str | bytes) -> None:
        found = re.match(r'\["resize", ?\{"width": ?(\d+), ?"height": ?(\d+)', str(payload))
        if found:
            self.sizes.append((int(found[1]), int(found[2])))

    async def wait_for(self, words: str, meanwhile: Callable[[], Any] | None = None,
                       seconds: float = WAIT) -> None:
        """Until the app has drawn `words` (since the last `forget`)."""
        deadline = time.monotonic() + seconds
        while words not in self.text:
            assert time.monotonic() < deadline, (
                f"never on the phone: {words!r}; it last showed {self.text[-400:]!r}")
            if meanwhile is not None:
                meanwhile()
            await self.page.wait_for_timeout(20)

    async def wait_for_size(self, fits: Callable[[tuple[int, int]], bool], what: str,
                            seconds: float = WAIT) -> None:
        """Until the last size the page reported `fits`."""
        deadline = time.monotonic() + seconds
        while not (self.sizes and fits(self.sizes[-1])):
            assert time.monotonic() < deadline, f"never reported {what}: {self.sizes}"
            await self.page.wait_for_timeout(20)

    def forget(self) -> None:
        """What was drawn so far no longer counts for wait_for."""
        self.text = ""
        self.drawn_raw = ""

    async def tap_terminal(self) -> None:
        """A tap on the terminal: its hidden text field takes focus (a phone opens its
        keyboard)."""
        await self.page.locator(".xterm-helper-textarea").focus()

    async def claim_seat(self, table: int, seat: int) -> None:
        """From the page's first screen: a tap on the terminal, then the table and the seat
        by their numbers, as a phone's keyboard types them."""
        await self.wait_for("Join a table")
        await self.tap_terminal()
        await self.type(str(table))
        await self.wait_for("Which seat is yours?")
        await self.type(str(seat))

    async def type(self, text: str, delay: float = 0) -> None:
        await self.page.keyboard.type(text, delay=delay * 1000)

    async def enter(self) -> None:
        await self.page.keyboard.press("Enter")

    async def backspace(self) -> None:
        await self.page.keyboard.press("Backspace")

    async def close(self) -> None:
        await self.context.close()
