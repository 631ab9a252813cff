"""Pilot tests: what a first-time player's keys ran into (an emptied name, Esc in the
history's filter, Esc leaving a replay opened from the command line)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable, Input

from lastround.screens.form import FormScreen
from lastround.screens.history import HistoryScreen
from lastround.screens.home import HomeScreen
from lastround.screens.replay import ReplayScreen
from lastround.screens.setup import SetupScreen
from lastround.widgets.checklist import Checklist
from tests.support import rftg_play
from tests.support.helpers import make_test_app, only_session
from tests.support.history_data import copy_examples, write_toy
from tests.support.type_ahead import burst


async def test_a_name_emptied_by_tab_and_backspace_is_asked_about_not_dropped(
    saves: Path,
) -> None:
    app = make_test_app(saves, command="new", game="toy")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*"Ada", "tab", *"Bea", "tab", *"Cyd", "enter")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        await pilot.press("tab", "tab", "backspace", "enter")  # Tab selects Cyd: Backspace empties
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen), "not confirmed with a player gone"
        assert "Enter again takes Cyd out" in str(app.screen.query_one("#error-seats").render())
        assert app.focused is app.screen.query_one("#seat-2", Input)
        assert [p["name"] for p in only_session(saves)["players"]] == ["Ada", "Bea", "Cyd"]
        await pilot.press("enter")  # asked and answered: Cyd leaves
        await pilot.pause()
        assert not isinstance(app.screen, SetupScreen)
        assert [p["name"] for p in only_session(saves)["players"]] == ["Ada", "Bea"]


async def test_a_name_typed_back_into_the_emptied_seat_confirms_at_once(saves: Path) -> None:
    app = make_test_app(saves, command="new", game="toy")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*"Ada", "tab", *"Bea", "tab", *"Cyd", "enter")
        await pilot.pause()
        await pilot.press("escape", "tab", "tab", "backspace", "enter", *"Cy", "enter")
        await pilot.pause()
        assert not isinstance(app.screen, SetupScreen)
        assert [p["name"] for p in only_session(saves)["players"]] == ["Ada", "Bea", "Cy"]


async def test_esc_in_the_history_filter_empties_it_and_stays_in_history(saves: Path) -> None:
    write_toy(saves, "t1.toml", "2026-10-01T20:00:00Z", {"Ada": 20, "Bo": 10})
    write_toy(saves, "t2.toml", "2026-10-08T20:00:00Z", {"Cy": 20, "Bo": 10})
    app = make_test_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("h", "slash", *"ada")
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        assert table.row_count == 1
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)
        assert app.screen.query_one("#history-filter", Input).value == ""
        assert app.focused is table and table.row_count == 2
        await pilot.press("g")  # sorts the list; on the home screen it would start a game
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen) and app.screen.sort_by == "game"
        await pilot.press("escape")  # from the list: history closes
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)


async def test_esc_leaves_a_replay_opened_from_the_command_line_for_the_shell(
    saves: Path,
) -> None:
    path = copy_examples(saves)[0]
    app = make_test_app(saves, command="replay", file=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert not app.is_running


async def test_esc_leaves_a_replay_opened_from_history_for_history(saves: Path) -> None:
    copy_examples(saves)
    app = make_test_app(saves, command="history")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert app.is_running and isinstance(app.screen, HistoryScreen)


async def test_resuming_a_draft_puts_the_cursor_on_the_first_field_left_empty(
    saves: Path,
) -> None:
    path = rftg_play.saved_session(saves, rftg_play.FOUR_PLAYERS, upto="counts-0")
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await burst(pilot, [*"9", "tab", *"3"])
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, FormScreen) and app.walk.current_step.id == "counts-0"
        assert app.focused is app.screen.query_one("#field-goods", Input)


async def test_resuming_a_draft_with_every_field_typed_goes_to_the_last_one_typed_in(
    saves: Path,
) -> None:
    app = make_test_app(saves, command="new", game="toy")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*"Ada", "tab", *"Bea", "enter", "space", "down", "space", "enter")
        await pilot.pause()
        await burst(pilot, [*"12", "tab", "3", "ctrl+o"])
        await burst(pilot, ["enter"])
        assert isinstance(app.screen, FormScreen)
        assert app.focused is app.screen.query_one("#field-coins", Input)


async def test_the_line_asking_to_tick_each_item_goes_once_all_are_ticked(saves: Path) -> None:
    path = rftg_play.saved_session(saves, rftg_play.FOUR_PLAYERS, upto="finish-round")
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        message = app.screen.query_one("#message")
        assert "Tick each item" in str(message.render())
        items = len(app.screen.query_one(Checklist).items)
        await pilot.press(*["space"] * (items - 1))
        await pilot.pause()
        assert "Tick each item" in str(message.render()), "not all ticked yet"
        await pilot.press("space")
        await pilot.pause()
        assert "Tick each item" not in str(message.render())
