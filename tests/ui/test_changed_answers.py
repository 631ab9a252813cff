"""Changing an earlier answer (issue 15, items 3 and 21), with the toy game.

Item 3: an answer that undoes what was recorded after it is asked about first (the game's
`resets` sentence in a small box: Enter/y makes the change, Esc/n keeps the earlier answer).
Item 21: Esc back and Enter on an unchanged step records nothing; a change is logged once.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.screen import ModalScreen
from textual.widgets import Input

from lastround.records.replay import replay
from lastround.screens.checklist import ChecklistScreen
from lastround.screens.form import FormScreen
from lastround.screens.setup import SetupScreen
from tests.support.helpers import make_test_app, only_session


async def seat_and_score_ada(pilot: Pilot[Any]) -> None:
    """Ada and Bo seated, the round finished, Ada's points confirmed: Bo's points shown."""
    await pilot.press(*"Ada", "tab", *"Bo", "enter")
    await pilot.pause()
    await pilot.press("space", "down", "space", "enter")
    await pilot.pause()
    await pilot.press(*"12", "tab", "3", "enter")
    await pilot.pause()


async def back_to_setup(pilot: Pilot[Any]) -> None:
    for _ in range(3):
        await pilot.press("escape")
        await pilot.pause()


def modal_text(screen: Any) -> str:
    return " ".join(str(w.render()) for w in screen.query("Static"))


async def test_a_change_that_drops_entries_is_asked_about_and_esc_keeps_the_answer(
    saves: Path,
) -> None:
    app = make_test_app(saves, command="new", game="toy")
    async with app.run_test(size=(80, 24)) as pilot:
        await seat_and_score_ada(pilot)
        await back_to_setup(pilot)
        assert isinstance(app.screen, SetupScreen)
        before = only_session(saves)
        app.screen.query_one("#seat-0", Input).value = "Cy"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ModalScreen), "the change is asked about first"
        assert "drops the points entered for Ada" in modal_text(app.screen)
        assert only_session(saves) == before, "nothing changes while the table decides"
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert app.screen.query_one("#seat-0", Input).value == "Ada", "the earlier answer"
        assert "earlier answer is kept" in str(app.screen.query_one("#message").render())
        assert only_session(saves) == before


async def test_enter_in_the_box_makes_the_change_and_resets_what_depends_on_it(
    saves: Path,
) -> None:
    app = make_test_app(saves, command="new", game="toy")
    async with app.run_test(size=(80, 24)) as pilot:
        await seat_and_score_ada(pilot)
        await back_to_setup(pilot)
        app.screen.query_one("#seat-0", Input).value = "Cy"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ModalScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ChecklistScreen)
        data = only_session(saves)
        assert data["players"] == [{"name": "Cy"}, {"name": "Bo"}]


async def test_a_change_undoing_nothing_is_not_asked_about(saves: Path) -> None:
    app = make_test_app(saves, command="new", game="toy")
    async with app.run_test(size=(80, 24)) as pilot:
        await seat_and_score_ada(pilot)
        await back_to_setup(pilot)
        app.screen.query_one("#seat-1", Input).value = "Cy"  # Bo has no points yet
        await pilot.press("enter")
        await pilot.pause()
        # Not asked, and on to the first step left to answer (past the round, done already).
        assert isinstance(app.screen, FormScreen) and app.screen.step.id == "points-1"


async def test_esc_back_and_enter_again_on_unchanged_steps_records_nothing(saves: Path) -> None:
    """Item 21: re-confirming a step as it was appends no entry (nor saves)."""
    app = make_test_app(saves, command="new", game="toy")
    async with app.run_test(size=(80, 24)) as pilot:
        await seat_and_score_ada(pilot)
        path = next(saves.glob("*.toml"))
        written = path.stat().st_mtime_ns
        await back_to_setup(pilot)
        for _ in range(3):  # setup, the round, Ada's points: each as it was
            await pilot.press("enter")
            await pilot.pause()
        assert isinstance(app.screen, FormScreen) and app.screen.step.id == "points-1"
        data = only_session(saves)
        assert [e["step"] for e in data["log"]] == ["setup", "round", "points-0"]
        assert path.stat().st_mtime_ns == written, "nothing new was saved"
        assert len(replay(data)) == 3


async def test_a_changed_value_is_logged_once_and_replayed_once(saves: Path) -> None:
    app = make_test_app(saves, command="new", game="toy")
    async with app.run_test(size=(80, 24)) as pilot:
        await seat_and_score_ada(pilot)
        await pilot.press("escape")
        await pilot.pause()
        app.screen.query_one("#field-points", Input).value = "13"
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("enter")  # unchanged this time
        await pilot.pause()
        data = only_session(saves)
        assert [e["step"] for e in data["log"]] == ["setup", "round", "points-0", "points-0"]
        assert [e["values"]["points"] for e in data["log"][2:]] == [12, 13]
        assert [m.step_id for m in replay(data)] == ["setup", "round", "points-0", "points-0"]


async def test_galileo_a_changed_trigger_after_two_turns_resets_the_turn_marks(
    saves: Path,
) -> None:
    """The issue as filed: Esc back to the trigger after turns were ended, another player
    named, the change confirmed in the box: no ✓ is left on a player who has not played."""
    from tests.support import galileo_play
    from tests.support.galileo_play import THREE_PLAYERS

    app = make_test_app(saves, command="new", game="galileo")
    async with app.run_test(size=(80, 24)) as pilot:
        await galileo_play.play_setup(pilot, THREE_PLAYERS)
        await galileo_play.play_table(pilot, THREE_PLAYERS)
        await galileo_play.play_trigger(pilot, THREE_PLAYERS)
        await galileo_play.play_turns(pilot, THREE_PLAYERS, 2)
        ended = only_session(saves)["turns_done"]
        turn_list = galileo_play.shown_text(app.screen.query_one("#turn-list"))
        assert ended == 2 and turn_list.count("✓") >= 2, turn_list
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, FormScreen) and app.screen.step.id == "trigger"
        await galileo_play.set_field(pilot, "trigger_player", "Cy")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ModalScreen)
        assert "turns ended in the final turns are marked not played" in modal_text(
            app.screen)
        await pilot.press("enter")
        await pilot.pause()
        assert app.walk.current_step.id == "final-turns"
        await pilot.pause()
        turn_list = galileo_play.shown_text(app.screen.query_one("#turn-list"))
        assert "✓" not in turn_list, turn_list
        assert only_session(saves)["turns_done"] == 0
