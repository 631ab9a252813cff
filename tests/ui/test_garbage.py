"""A key never waits for the cyclic garbage collector's clean-up of earlier steps.

Each screen is a web of reference cycles, freed only by the collector's full passes, which
stop the app for tens of milliseconds. So the app frees a finished step's screen itself,
while the player reads the next one.
"""

from __future__ import annotations

import gc
import weakref
from pathlib import Path

from tests.helpers import make_test_app


async def test_the_step_left_behind_is_freed_once_the_next_is_drawn(tmp_path: Path) -> None:
    app = make_test_app(tmp_path, command="new", game="rftg")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        setup = weakref.ref(app.screen)
        gc.disable()  # only the app's own collection may free it
        try:
            await pilot.press(*"Ada", "tab", *"Bo", "enter")
            await pilot.pause()
            assert app.screen.step.id != "setup"  # type: ignore[attr-defined]
            await pilot.pause(0.3)
            assert setup() is None
        finally:
            gc.enable()

