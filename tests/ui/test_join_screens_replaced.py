"""A player's between-steps screens while they are taken apart (`lastround join`): the host's
file can move the seat on while a screen's own handlers are still queued."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.app import App
from textual.screen import Screen
from textual.widgets import OptionList

from lastround.screens.join_wait import DoneScreen, SeatView, WaitScreen
from lastround.shell.join_app import JoinApp

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
        first = done.query_one("#own-steps", OptionList).get_option_at_index(0)
        assert "Maya: tableau" in str(first.prompt)
        replaced = app.switch_screen(WaitScreen())
        for _ in range(200):  # every turn of the loop while the done screen is removed
            done.show(VIEW)
            await asyncio.sleep(0)
        await replaced
        await pilot.pause()
        assert isinstance(app.screen, WaitScreen)


async def test_the_join_app_counts_its_screen_as_gone_once_it_is_taken_apart(
        tmp_path: Path) -> None:
    """The host's file is looked at a few times a second, also while the app ends: from the
    first widget of the shown screen removed, the app no longer counts it as showing, though
    its footer may still be there."""
    app = JoinApp(tmp_path)
    seen: list[tuple[int, bool]] = []  # (widgets left, showing) at each turn of the loop

    async def watch(screen: Screen[object]) -> None:
        while app.screen_stack:
            seen.append((len(screen.query("*")), app.showing()))
            await asyncio.sleep(0)

    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        widgets = len(app.screen.query("*"))
        assert app.showing() and widgets > 2
        watching = asyncio.create_task(watch(app.screen))
        await asyncio.sleep(0)
    await watching  # the app has ended: its screen stack is empty
    assert any(left < widgets for left, _showing in seen), "the screen was taken apart"
    assert not any(showing for left, showing in seen if left < widgets), seen
