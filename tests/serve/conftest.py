"""The browser the page is tested in: Debian's chromium. Without it the tests fail and say
how to install it: a phone's way in that is never tried would pass unseen."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from playwright.async_api import Browser, async_playwright

from tests.serve.phone import ARGS, CHROMIUM, CHROMIUM_MISSING


@pytest.fixture
async def browser() -> AsyncIterator[Browser]:
    if not CHROMIUM.exists():
        pytest.fail(CHROMIUM_MISSING)
    async with async_playwright() as playwright:
        launched = await playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield launched
        await launched.close()
