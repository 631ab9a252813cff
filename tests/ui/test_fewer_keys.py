"""Keys the table no longer presses: a count of nothing left empty, the phases nobody chose
passed with one key, and the steps a correction leaves as they were skipped."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.app import App
from textual.widgets import Input

from lastround.screens.step import StepScreen
from lastround.session.files import read_session
from lastround.widgets.checklist import Checklist
from tests.support import galileo_play
from tests.support.helpers import make_test_app
from tests.support.rftg_play import FOUR_PLAYERS, message, press, saved_session, shown

SIZE = (80, 24)


def step_id(app: App[Any]) -> str:
    assert isinstance(app.screen, StepScreen)
    return app.screen.step.id


async def test_an_empty_count_is_zero(saves: Path) -> None:
    path = saved_session(saves, FOUR_PLAYERS, upto="counts-0")
    async with make_test_app(saves, command="resume", file=path).run_test(size=SIZE) as pilot:
        app = pilot.app
        await pilot.pause()
        for key in ("chips", "hand", "goods"):
            field = app.screen.query_one(f"#field-{key}", Input)
            assert field.value == "" and field.placeholder == "0"  # shown as 0
        await press(pilot, *"9")
        assert "Chips 9" in shown(app, "#running-total")
        await press(pilot, "enter")
        assert step_id(app) == "tableau-1"
    ada = read_session(path)["players"][0]
    assert (ada["chips"], ada["hand"], ada["goods"]) == (9, 0, 0)


# Galileo's counts of nothing; the score track and the Tribunal are places read off the board.
GALILEO_COUNTS = ("met_1", "row_1", "met_2", "row_2", "row_3", "met_4", "row_4",
                  "cellar_1", "cellar_2", "cellar_3", "cellar_4", "farewell", "dice", "quadrants")


async def test_an_empty_galileo_count_is_zero(saves: Path) -> None:
    """Ada's scores form with every count emptied: Enter confirms each as 0; an empty score
    track position is still asked for."""
    path = galileo_play.saved_session(saves, galileo_play.THREE_PLAYERS, "scores-0")
    async with make_test_app(saves, command="resume", file=path).run_test(size=SIZE) as pilot:
        app = pilot.app
        await pilot.pause()
        await galileo_play.fill_form(pilot, {"track_position": "", "tribunal": 4})
        for key in GALILEO_COUNTS:
            await galileo_play.set_field(pilot, key, "")
            assert app.screen.query_one(f"#field-{key}", Input).placeholder == "0"
        await press(pilot, "enter")
        assert step_id(app) == "scores-0"
        assert "Fix the marked field" in message(app)
        assert app.focused is app.screen.query_one("#field-track_position")  # the one refused
        await galileo_play.set_field(pilot, "track_position", 62)
        await press(pilot, "enter")
        assert step_id(app) == "scores-1"
    ada = read_session(path)["players"][0]
    assert [tile["met"] for tile in ada["university"]] == [0, 0, 0, 0]
    assert [tile["multiplier"] for tile in ada["university"]] == [0, 0, 0, 0]
    assert (ada["cellar"], ada["farewell"], ada["dice"], ada["quadrants"]) == ([0] * 4, 0, 0, 0)
    assert (ada["track"], ada["tribunal"]) == (62, 4)


async def test_the_phases_nobody_chose_pass_with_one_key(saves: Path) -> None:
    """Explore was played; nobody chose the other phases: Space, n, Space, Enter."""
    path = saved_session(saves, FOUR_PLAYERS, upto="finish-round")
    async with make_test_app(saves, command="resume", file=path).run_test(size=SIZE) as pilot:
        app = pilot.app
        await pilot.pause()
        checklist = app.screen.query_one(Checklist)
        await press(pilot, "enter")
        assert step_id(app) == "finish-round"  # nothing ticked yet
        assert "n passes the phases nobody chose" in message(app)
        await press(pilot, "space", "n")
        assert checklist.ticked == {0} and checklist.passed == {1, 2, 3, 4}
        assert checklist.cursor == 5  # the discard: it always happens
        assert "[-] 2. Develop" in str(checklist.render())
        await press(pilot, "enter")
        assert step_id(app) == "finish-round"  # the discard is still to tick
        await press(pilot, "space", "enter")
        assert step_id(app) == "tableau-0"


async def test_going_on_after_a_correction_skips_the_steps_it_left_alone(saves: Path) -> None:
    """At Bo's counts, back to Ada's counts to fix her chips: Enter goes straight back to
    Bo's counts, not through Bo's tableau again."""
    path = saved_session(saves, FOUR_PLAYERS, upto="counts-1")
    async with make_test_app(saves, command="resume", file=path).run_test(size=SIZE) as pilot:
        app = pilot.app
        await pilot.pause()
        await press(pilot, "escape", "escape")
        assert step_id(app) == "counts-0"
        await press(pilot, "enter")  # unchanged: one step on, as before
        assert step_id(app) == "tableau-1"
        await press(pilot, "escape")
        chips = app.screen.query_one("#field-chips", Input)
        chips.value = "12"
        await press(pilot, "enter")
        assert step_id(app) == "counts-1"
    assert read_session(path)["players"][0]["chips"] == 12
