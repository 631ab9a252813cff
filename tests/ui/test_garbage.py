"""A key never waits for the cyclic garbage collector's clean-up of earlier steps.

Each screen is a web of reference cycles, freed only by the collector's full passes, which
stop the app for tens of milliseconds. So the app frees a finished step's screen itself,
while the player reads the next one.
"""

from __future__ import annotations

import gc
import time
import weakref
from collections.abc import Callable
from pathlib import Path

from textual.pilot import Pilot

from tests.support.fresh_python import python_output
from tests.support.helpers import make_test_app


async def until(pilot: Pilot[None], check: Callable[[], bool], seconds: float = 20) -> None:
    """Until `check` holds (the app frees the old step a moment after the new one is drawn,
    later on a busy machine); else fail."""
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "never freed"
        await pilot.pause(0.02)


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
            await until(pilot, lambda: setup() is None)
        finally:
            gc.enable()



async def test_the_lines_a_finished_step_drew_are_let_go(tmp_path: Path) -> None:
    """Textual's style cache (an lru_cache on a method) would keep each gone widget's drawn
    lines alive: each widget of the step left behind lets go of them."""
    app = make_test_app(tmp_path, command="new", game="rftg")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        drawn = app.screen.query_one("#seat-0")._styles_cache
        await until(pilot, lambda: bool(drawn._cache))
        await pilot.press(*"Ada", "tab", *"Bo", "enter")
        await until(pilot, lambda: not drawn._cache)


def test_a_session_opened_from_the_command_line_warms_up_only_its_own_game() -> None:
    script = ("import sys\nfrom lastround.shell.warm_up import warm_up\nwarm_up('rftg')\n"
              "print('lastround.games.rftg.game' in sys.modules,\n"
              "      'lastround.games.galileo.game' in sys.modules,\n"
              "      'lastround.screens.rftg.cards' in sys.modules, "
              "'lastround.screens.galileo.turns' in sys.modules)\n"
              "warm_up()\n"
              "print('lastround.games.galileo.game' in sys.modules,\n"
              "      'lastround.screens.galileo.turns' in sys.modules)\n")
    assert python_output(script).split() == ["True", "False", "True", "False", "True", "True"]
