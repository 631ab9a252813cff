"""The goals steps of a tied "most" goal, by keys at 80×24: Enter on what each step shows
totals the tie; a file marking a "most" tile held twice opens on the second holder's goals,
saying why by name, and is set right there."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from lastround.screens.breakdown import BreakdownScreen
from lastround.screens.confirm_change import ConfirmChangeScreen
from lastround.screens.form import FormScreen
from lastround.session.files import write_session
from tests.support.helpers import make_test_app, only_session
from tests.support.rftg_play import message, press
from tests.support.rftg_tied_play import tied_table
from tests.unit.test_rftg_double_tile import BOTH, both_holding

SIZE = (80, 24)


def step_id(app: object) -> str:
    screen = app.screen  # type: ignore[attr-defined]
    assert isinstance(screen, FormScreen)
    return screen.step.id


async def test_enter_on_each_goals_step_scores_the_tie(saves: Path) -> None:
    session = tied_table("goals-0")
    write_session(saves / "session.toml", session.data)
    app = make_test_app(saves, command="resume", file=saves / "session.toml")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for seat in range(4):
            assert step_id(app) == f"goals-{seat}"
            await press(pilot, "enter")
        assert isinstance(app.screen, BreakdownScreen)
    ada, bo, cy, _ = only_session(saves)["players"]
    assert ada["goals"] == ["Production Leader"] and bo["goals_tied"] == ["Production Leader"]
    assert cy["goals"] == ["Greatest Military"]


async def test_a_tile_held_twice_opens_on_the_second_holders_goals(saves: Path) -> None:
    write_session(saves / "session.toml", both_holding())
    app = make_test_app(saves, command="resume", file=saves / "session.toml")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert step_id(app) == "goals-1"
        assert BOTH in message(app)
        await press(pilot, "enter")  # as shown: still refused, at the tile
        assert step_id(app) == "goals-1" and "Ada holds it already" in message(app)
        await press(pilot, "right", "enter")  # the refused tile has the focus: tied
        assert isinstance(app.screen, BreakdownScreen)
    bo = only_session(saves)["players"][1]
    assert (bo["goals"], bo["goals_tied"]) == ([], ["Production Leader"])


async def test_a_tile_put_in_play_says_so_and_asks_the_goals_again(saves: Path) -> None:
    session = tied_table("goals-3")
    write_session(saves / "session.toml", session.data)
    app = make_test_app(saves, command="resume", file=saves / "session.toml")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        while not isinstance(app.screen, FormScreen) or app.screen.step.id != "options":
            await press(pilot, "escape")  # back, step by step, to the tiles in play
        await press(pilot, *["tab"] * 7, "right", "enter")  # Largest Industry: yes
        assert isinstance(app.screen, ConfirmChangeScreen)
        said = " ".join(str(s.content) for s in app.screen.query(Static))
        assert "The goals of Ada, Bo and Cy are asked again for Largest Industry" in said
        await press(pilot, "enter")
        while not isinstance(app.screen, FormScreen) or not app.screen.step.id.startswith(
                "goals-"):
            await press(pilot, "enter")  # the steps between stand as confirmed
        assert step_id(app) == "goals-0"
        assert "Largest Industry is in play since Ada's goals were entered" in message(app)


async def test_a_finished_file_with_a_tile_held_twice_is_set_right_on_its_step(
        saves: Path) -> None:
    write_session(saves / "session.toml", both_holding() | {"status": "finished"})
    app = make_test_app(saves, command="resume", file=saves / "session.toml")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert step_id(app) == "goals-1" and BOTH in message(app)
        await press(pilot, *["tab"] * 5, "right", "enter")  # Production Leader: tied
        assert isinstance(app.screen, BreakdownScreen)
        await press(pilot, "enter")
    saved = only_session(saves)
    assert saved["status"] == "finished"
    assert saved["players"][1]["goals_tied"] == ["Production Leader"]
