"""The step heading (issue 15, item 19): a number, no total that later changes.

The procedure grows as it is answered (players seated, RftG end checks reopened each
round), so "Step 3 of 3" followed by "Step 4 of 9" was a total that lied.
"""

from __future__ import annotations

from pathlib import Path

from lastround.screens.step import StepScreen
from tests.support import rftg_play
from tests.support.helpers import make_test_app


async def test_the_toy_steps_count_up_without_a_total(saves: Path) -> None:
    app = make_test_app(saves, command="new", game="toy")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen.sub_title == "Step 1"
        await pilot.press(*"Ada", "tab", *"Bo", "enter")
        await pilot.pause()
        assert app.screen.sub_title == "Step 2"
        await pilot.press("space", "down", "space", "enter")
        await pilot.pause()
        assert app.screen.sub_title == "Step 3"


async def test_a_reopened_end_check_and_the_step_after_it_count_honestly(saves: Path) -> None:
    app = make_test_app(saves, command="new", game="rftg")
    async with app.run_test(size=(80, 24)) as pilot:
        await rftg_play.play_setup(pilot, rftg_play.FOUR_PLAYERS)
        await rftg_play.play_end_check(pilot, 8)  # the game goes on: home
    path = next(saves.glob("*.toml"))
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StepScreen) and app.screen.step.id == "end-check-1"
        assert app.screen.sub_title == "Step 3"
        await rftg_play.play_end_check(pilot, 12)
        assert app.screen.sub_title == "Step 4"
