"""A phone's first screen is drawn for the page's own size: upright (390×844, and a small
320×568), sideways (844×390), and again once the phone is turned. Read from where the app
drew (tests/serve/frames.py), not only what: a joiner drawing 80 columns into a page of 41
showed its title scrolled away and its fields twice. A screenshot of each is kept, to be
looked at: /tmp/lastround-phone-*.png."""

from __future__ import annotations

import asyncio
import re
import time
from pathlib import Path

import pytest
from playwright.async_api import Browser, ViewportSize, WebSocket

from tests.serve.frames import drawn_extent, last_whole_screen, title_widths
from tests.serve.phone import PAINTED, Phone, phone_context
from tests.serve.served import WAIT, serving
from tests.support.join_play import Host
from tests.support.table_sessions import ready_for_seats

SHOTS = Path("/tmp")
VIEWPORTS = {"upright": (390, 844), "small-upright": (320, 568), "sideways": (844, 390)}


async def drawn_whole(phone: Phone, name: str) -> tuple[int, int]:
    """Once the first screen reads whole (its title and its footer): the page's
    last size and a screenshot."""
    await phone.wait_for("Join a table")
    await phone.wait_for("Help")
    await phone.wait_for_size(lambda size: True, "its size")
    await phone.page.evaluate(PAINTED)
    await phone.page.screenshot(path=SHOTS / f"lastround-phone-{name}.png")
    return phone.sizes[-1]


async def drawn_at(phone: Phone, size: tuple[int, int]) -> None:
    """Until the app has drawn a whole screen at `size`, and nothing beyond it since. (Until
    a new size reaches the app, it may draw at the one before.)"""
    deadline = time.monotonic() + WAIT
    while drawn_extent(last_whole_screen(phone.drawn_raw, size[1])) != size:
        assert time.monotonic() < deadline, f"never drawn at {size}: {phone.text[-400:]!r}"
        await phone.page.wait_for_timeout(20)


@pytest.mark.parametrize("name", VIEWPORTS)
async def test_the_first_screen_is_drawn_at_the_pages_size_and_again_once_turned(
        name: str, tmp_path: Path, browser: Browser) -> None:
    width, height = VIEWPORTS[name]
    saves = tmp_path / "saves"
    host = Host(ready_for_seats("rftg", saves))
    with serving(saves, tmp_path) as served:
        # At 1 pixel a point, as the screenshots are read; the sizes are a phone's.
        phone = await Phone.open(browser, served.url, {"width": width, "height": height},
                                 scale=1)
        asked = await drawn_whole(phone, name)
        assert drawn_extent(phone.drawn_raw) == asked, (asked, phone.text)
        assert title_widths(phone.drawn_raw) == {asked[0]}, (asked, phone.text)
        phone.forget()
        await phone.page.set_viewport_size({"width": height, "height": width})
        await phone.wait_for_size(lambda size: size != asked, "the turned size")
        turned = phone.sizes[-1]
        await drawn_at(phone, turned)
        assert await drawn_whole(phone, f"{name}-turned") == turned
        await phone.close()
    host.leave()


async def test_a_page_that_changes_size_as_it_opens_is_drawn_at_its_last_size(
        tmp_path: Path, browser: Browser) -> None:
    """The page measures itself as it asks for its app, and again once connected (its font
    there, its bars gone): the size it sent last is the one drawn for, even when it came
    while the app was still starting."""
    saves = tmp_path / "saves"
    host = Host(ready_for_seats("rftg", saves))
    with serving(saves, tmp_path) as served:
        context = await phone_context(browser, scale=1)
        phone = Phone(context, await context.new_page())
        narrower: ViewportSize = {"width": 320, "height": 700}
        changes: list[asyncio.Task[None]] = []

        def narrow(_socket: WebSocket) -> None:
            changes.append(asyncio.ensure_future(phone.page.set_viewport_size(narrower)))

        phone.page.on("websocket", narrow)
        await phone.page.goto(served.url)
        await phone.wait_for_size(lambda size: size[0] < 40, "the narrower size")
        last = phone.sizes[-1]
        await phone.wait_for("Join a table")
        asked_first = re.search(r"browser in from \S+ \((\d+)×(\d+)\)", served.log())
        assert asked_first and int(asked_first[1]) > last[0], served.log()  # two sizes
        await drawn_at(phone, last)
        await phone.close()
    host.leave()
