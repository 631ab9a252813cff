"""A screen built ahead (lastround.shell.ahead, lastround.screens.offstage) may be dropped, or the
app ended,
at any moment of its build: on a busy machine a burst of Enters outruns it, and Ctrl+Q may
come just as the home screen builds each game's first step. Findings: the screen's own mount
handlers then ran with its widgets already taken away (`NoMatches: '#field-…'`, `'#seat-0'`)
and the app died.

Each test stops the build after a few turns of the event loop, to catch each stage of it
(composed, its widgets mounting, mounted).
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from lastround.screens.checklist import ChecklistScreen
from lastround.screens.home import HomeScreen
from tests.support.helpers import make_test_app
from tests.support.rftg_play import FOUR_PLAYERS, play_end_check, saved_session
from tests.ui.test_step_ahead import built_ahead

SIZE = (80, 24)
STAGES = range(8)  # turns of the event loop the build is given before it is stopped


async def loop_turns(count: int) -> None:
    for _ in range(count):
        await asyncio.sleep(0)


@pytest.mark.parametrize("turns", STAGES)
async def test_a_screen_dropped_while_it_is_built_is_taken_down_once_built(
    tmp_path: Path, turns: int
) -> None:
    path = saved_session(tmp_path, FOUR_PLAYERS, upto="end-check-0")
    app = make_test_app(tmp_path, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        ahead = app.walk.steps_ahead
        await built_ahead(pilot)
        ahead.drop_ahead()
        ahead.build_ahead()
        building = ahead.ahead
        assert isinstance(building, ChecklistScreen) and not building.is_mounted
        await loop_turns(turns)
        ahead.drop_ahead()  # as Enter does when the next step's screen is not yet built
        for _ in range(200):
            if not building.is_attached:
                break
            await pilot.pause(0.01)
        assert not building.is_attached, "the screen dropped is removed once built"
        await play_end_check(pilot, 9)  # the app goes on: the step after is shown
        assert isinstance(app.screen, HomeScreen)


@pytest.mark.parametrize("turns", STAGES)
async def test_quitting_while_the_first_steps_are_built_behind_home_ends_quietly(
    tmp_path: Path, turns: int
) -> None:
    app = make_test_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(500):
            if app.walk.steps_ahead.new_sessions:  # the warm-up is done, and one game built
                break
            await pilot.pause(0.01)
        await pilot.pause()
        app.walk.steps_ahead.new_sessions = {}
        app.walk.steps_ahead.build_new_sessions()  # the first game's first step, again
        await loop_turns(turns)
        await pilot.press("ctrl+q")
    assert app.return_code == 0
