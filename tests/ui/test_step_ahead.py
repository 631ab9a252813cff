"""The next step's screen is built while the table reads the one shown (lastround.shell.ahead).

Enter then only fills and shows widgets that exist. What the table sees must not tell the
difference: the screen built ahead, once shown, looks exactly like one built anew for the
same step; and when the answer changes what comes next, the screen built ahead is dropped.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from lastround.app import LastRoundApp
from lastround.screens.breakdown import BreakdownScreen
from lastround.screens.checklist import ChecklistScreen
from lastround.screens.form import FormScreen
from lastround.screens.galileo.turns import TurnsScreen
from lastround.screens.home import HomeScreen
from lastround.screens.rftg.cards import CardsScreen
from lastround.screens.step import StepScreen
from tests.support import galileo_play
from tests.support.helpers import looks, make_test_app
from tests.support.rftg_play import (
    ADA,
    DEE,
    FOUR_PLAYERS,
    play_counts,
    play_end_check,
    play_setup,
    play_tableau,
    saved_session,
)

SIZE = (80, 24)
Answer = Callable[[Pilot[Any]], Awaitable[None]]


async def built_ahead(pilot: Pilot[Any]) -> StepScreen:
    """The screen built ahead, once it is built (the app builds it when idle)."""
    app = pilot.app
    assert isinstance(app, LastRoundApp)
    for _ in range(500):
        ahead = app.walk.steps_ahead.ahead
        if ahead is not None and ahead.is_mounted:
            return ahead
        await pilot.pause(0.02)
    raise AssertionError("no screen was built ahead")


async def answer_end_check(pilot: Pilot[Any]) -> None:
    await play_end_check(pilot, FOUR_PLAYERS.largest)


async def answer_ada_tableau(pilot: Pilot[Any]) -> None:
    await play_tableau(pilot, ADA)


async def answer_ada_counts(pilot: Pilot[Any]) -> None:
    await play_counts(pilot, ADA)


@pytest.mark.parametrize(("shown_step", "answer", "next_step", "kind"), [
    ("end-check-0", answer_end_check, "finish-round", ChecklistScreen),
    ("tableau-0", answer_ada_tableau, "counts-0", FormScreen),
    ("counts-0", answer_ada_counts, "tableau-1", CardsScreen),
])
async def test_the_next_steps_screen_is_built_ahead_and_shown_as_if_built_anew(
    tmp_path: Path, shown_step: str, answer: Answer, next_step: str, kind: type[StepScreen],
) -> None:
    played, fresh = tmp_path / "played", tmp_path / "fresh"
    played.mkdir()
    fresh.mkdir()
    path = saved_session(played, FOUR_PLAYERS, upto=shown_step)
    app = make_test_app(played, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        ahead = await built_ahead(pilot)
        assert isinstance(ahead, kind) and ahead.step.id == next_step
        assert ahead not in app.screen_stack, "built offstage, not shown"
        await answer(pilot)
        assert app.screen is ahead, "Enter showed the screen built ahead"
        assert ahead.step.id == next_step and ahead.index == app.walk.step_index
        shown = await looks(pilot)
    path = saved_session(fresh, FOUR_PLAYERS, upto=next_step)
    app = make_test_app(fresh, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, kind) and app.screen.step.id == next_step
        built_anew = await looks(pilot)
    assert shown == built_anew


async def new_game(pilot: Pilot[Any]) -> None:
    await play_setup(pilot, FOUR_PLAYERS)


async def last_counts(pilot: Pilot[Any]) -> None:
    await play_counts(pilot, DEE)


async def galileo_trigger(pilot: Pilot[Any]) -> None:
    await galileo_play.play_trigger(pilot, galileo_play.THREE_PLAYERS)


@pytest.mark.parametrize(("shown_step", "answer", "next_step", "kind"), [
    ("setup", new_game, "end-check-0", FormScreen),  # built before any name was typed
    ("counts-3", last_counts, "breakdown", BreakdownScreen),  # before the game totalled
    ("trigger", galileo_trigger, "final-turns", TurnsScreen),  # before whose turn was known
])
async def test_a_step_looks_the_same_whether_its_screen_was_built_ahead_or_not(
    tmp_path: Path, shown_step: str, answer: Answer, next_step: str, kind: type[StepScreen],
) -> None:
    looked = []
    for ahead in (True, False):
        folder = tmp_path / str(ahead)
        folder.mkdir()
        if shown_step == "setup":
            app = make_test_app(folder, command="new", game="rftg")
        elif shown_step == "trigger":
            path = galileo_play.saved_session(folder, galileo_play.THREE_PLAYERS, shown_step)
            app = make_test_app(folder, command="resume", file=path)
        else:
            path = saved_session(folder, FOUR_PLAYERS, upto=shown_step)
            app = make_test_app(folder, command="resume", file=path)
        if not ahead:
            app.walk.steps_ahead.build_ahead = lambda: None  # type: ignore[method-assign]
        async with app.run_test(size=SIZE) as pilot:
            built = await built_ahead(pilot) if ahead else None
            await answer(pilot)
            assert isinstance(app.screen, kind) and app.screen.step.id == next_step
            assert (app.screen is built) == ahead
            looked.append(await looks(pilot))
    assert looked[0] == looked[1]


async def test_an_answer_that_ends_the_visit_drops_the_screen_built_ahead(
    tmp_path: Path,
) -> None:
    """The end check answered "the game goes on": the finish-round checklist built ahead is
    never shown, and is taken down with the session."""
    path = saved_session(tmp_path, FOUR_PLAYERS, upto="end-check-0")
    app = make_test_app(tmp_path, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        ahead = await built_ahead(pilot)
        assert isinstance(ahead, ChecklistScreen) and ahead.step.id == "finish-round"
        await play_end_check(pilot, 9)
        assert isinstance(app.screen, HomeScreen)
        assert app.walk.steps_ahead.ahead is None
        for _ in range(500):
            if not ahead.is_attached:
                break
            await pilot.pause(0.02)
        assert not ahead.is_attached, "the screen built ahead is removed"


async def test_asking_again_while_the_screen_ahead_is_still_being_built_keeps_it(
    tmp_path: Path,
) -> None:
    """Finding (a loaded machine): the app asked for the screen ahead again before the first
    one was built, and the card picker's answer queried widgets it did not have yet."""
    path = saved_session(tmp_path, FOUR_PLAYERS, upto="counts-0")
    app = make_test_app(tmp_path, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        await built_ahead(pilot)
        app.walk.steps_ahead.drop_ahead()
        app.walk.steps_ahead.build_ahead()
        building = app.walk.steps_ahead.ahead
        assert isinstance(building, CardsScreen) and not building.is_mounted
        app.walk.steps_ahead.build_ahead()  # before it is built
        assert app.walk.steps_ahead.ahead is building
        assert await built_ahead(pilot) is building
