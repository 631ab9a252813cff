"""A player's between-steps screens while they are taken apart (`lastround join`): the host's
file can move the seat on while a screen's own handlers are still queued."""

from __future__ import annotations

import asyncio

from textual.app import App

from screens.join_wait import DoneScreen, SeatView, WaitScreen

VIEW = SeatView("Race for the Galaxy", "Maya", [("tableau-0", "Maya: tableau", True)],
                ["Jonas waiting"])


async def test_a_done_screen_shown_while_it_is_taken_apart_waits_instead_of_failing() -> None:
    """Its widgets go one by one (the seat's list before the status line): showing the seat
    at any moment of that must do nothing, not fail on a line already gone."""
    app: App[None] = App()
    async with app.run_test(size=(80, 24)) as pilot:
        done = DoneScreen(lambda _step: None)
        await app.push_screen(done)
        await pilot.pause()
        done.show(VIEW)
        assert "Maya: tableau" in str(done.query_one("#own-steps").get_option_at_index(0).prompt)
        replaced = app.switch_screen(WaitScreen())
        for _ in range(200):  # every turn of the loop while the done screen is removed
            done.show(VIEW)
            await asyncio.sleep(0)
        await replaced
        await pilot.pause()
        assert isinstance(app.screen, WaitScreen)
