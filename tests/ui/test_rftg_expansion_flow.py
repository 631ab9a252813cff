"""Race for the Galaxy with expansions, by keys: the boxes at setup, the goal tiles in play, a
fifth seat, each player's goals, and the final scores with the goals as their own part."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from lastround.app import LastRoundApp
from lastround.screens.breakdown import BreakdownScreen
from lastround.screens.form import FormScreen
from lastround.screens.setup import SetupScreen
from tests.support.helpers import make_test_app, only_session
from tests.support.rftg_play import SEATS, message, press, shown

SIZE = (80, 24)
FIVE = ("Ada", "Bo", "Cy", "Dee", "Ed")


def new_rftg(saves: Path) -> LastRoundApp:
    return make_test_app(saves, command="new", game="rftg")


def step_id(app: LastRoundApp) -> str:
    screen = app.screen
    assert isinstance(screen, FormScreen)
    return screen.step.id


async def seat(pilot: Pilot[Any], names: tuple[str, ...], boxes_right: int) -> None:
    """Each name in its seat, the edition left at 2nd, the expansions moved right."""
    for index in range(SEATS):
        await pilot.press(*(names[index] if index < len(names) else ""), "tab")
    await press(pilot, "tab", *["right"] * boxes_right, "enter")


async def test_five_players_need_a_box_that_seats_them(saves: Path) -> None:
    app = new_rftg(saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await seat(pilot, FIVE, 0)  # the base game alone
        assert isinstance(app.screen, SetupScreen)
        assert "The Gathering Storm" in message(app) and "2 to 4" in message(app)
        assert "The Gathering Storm" in shown(app, "#error-boxes")
        await press(pilot, "right", "enter")  # the focus is on the refused expansions
        assert isinstance(app.screen, FormScreen) and step_id(app) == "options"
    assert only_session(saves)["expansions"] == ["gathering-storm"]


async def test_setup_with_the_gathering_storm_and_goals_scores_them(saves: Path) -> None:
    app = new_rftg(saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await seat(pilot, ("Ada", "Bo"), 1)
        assert step_id(app) == "options"
        assert "First goals in play" in shown(app, "#group-first-goals-in-play")
        # Galactic Standard of Living (the first tile) and Greatest Military (the seventh).
        await press(pilot, "right", *["tab"] * 6, "right", "enter")
        assert step_id(app) == "end-check-0"
        await press(pilot, "home", "ctrl+k", *"12", "enter")
        for _ in range(7):  # the five phases, the goals awarded, the discard
            await pilot.press("space")
        await press(pilot, "enter")
        for _ in range(2):
            await press(pilot, "ctrl+t", *"20", "tab", "0", "enter")  # quick entry
            await press(pilot, *"5", "tab", "1", "tab", "0", "enter")  # chips, hand, goods
        for goals in (("right", "tab", "right"), ("tab", "right", "right")):
            assert step_id(app).startswith("goals-")  # asked once every tableau is in
            await press(pilot, *goals, "enter")
        assert isinstance(app.screen, BreakdownScreen)
        scores = shown(app, "#scores")
        assert "Goals" in scores
    saved = only_session(saves)
    assert saved["goals"] == ["Galactic Standard of Living", "Greatest Military"]
    ada, bo = saved["players"]
    assert (ada["goals"], ada["goals_tied"]) == (
        ["Galactic Standard of Living", "Greatest Military"], [])
    assert (bo["goals"], bo["goals_tied"]) == ([], ["Greatest Military"])
    assert saved["status"] == "finished"
