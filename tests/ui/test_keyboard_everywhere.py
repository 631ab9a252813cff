"""Keyboard only: on every screen the footer, F1 and the command palette name the same keys,
and the palette's commands do what the keys do."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Footer, Input

from lastround.app import LastRoundApp
from lastround.screens.help import HelpScreen
from lastround.screens.home import HomeScreen
from lastround.screens.setup import SetupScreen
from tests.support.every_screen import SCREENS, open_screen, palette
from tests.support.helpers import make_test_app, only_session


def footer_keys(app: LastRoundApp) -> list[Any]:
    """The footer's keys (by type name: the class is Textual's own)."""
    return list(app.screen.query_one(Footer).query("FooterKey"))


def palette_titles(app: LastRoundApp) -> list[str]:
    return [command.title for command in app.get_system_commands(app.screen)]


@pytest.mark.parametrize("name", SCREENS)
async def test_f1_explains_the_screen_and_lists_every_footer_key(name: str, saves: Path) -> None:
    app, keys = open_screen(name, saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*keys)
        await pilot.pause()
        shown = footer_keys(app)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        # What to enter and the rule it serves: a few sentences of the screen's own.
        assert len(app.screen.body.split()) >= 25, app.screen.body
        rows = app.screen.keys.splitlines()
        for key in shown:  # a row of its own: the key, then what it does
            assert any(row.startswith(f"  {key.key_display:<10} ") for row in rows), (
                key.key_display, app.screen.keys)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, HelpScreen)


@pytest.mark.parametrize("name", SCREENS)
async def test_the_palette_offers_every_footer_action(name: str, saves: Path) -> None:
    app, keys = open_screen(name, saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*keys)
        await pilot.pause()
        titles = palette_titles(app)
        for key in footer_keys(app):
            if key.action != "command_palette":  # the palette itself
                assert key.description in titles, (key.description, titles)
        assert "Theme…" in titles and "Quit" in titles


async def test_the_palette_confirms_a_step_as_enter_does(saves: Path) -> None:
    app = make_test_app(saves, command="new", game="toy")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*"Ada", "tab", *"Bo")
        await palette(pilot, "confirm")
        assert app.walk.current_step.id == "round"
        assert [p["name"] for p in only_session(saves)["players"]] == ["Ada", "Bo"]
        await palette(pilot, "back")
        assert isinstance(app.screen, SetupScreen)


async def test_the_palette_starts_either_game_from_home(saves: Path) -> None:
    for query, game in (("new race", "rftg"), ("new galileo", "galileo")):
        app = make_test_app(saves)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await palette(pilot, query)
            assert isinstance(app.screen, SetupScreen)
            assert app.session is not None and app.session.game_id == game


async def test_home_from_the_palette_or_ctrl_o_keeps_what_was_confirmed(saves: Path) -> None:
    app = make_test_app(saves, command="new", game="toy")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*"Ada", "tab", *"Bo", "enter")
        await pilot.pause()
        await palette(pilot, "home")
        assert isinstance(app.screen, HomeScreen)
        assert "Home" not in palette_titles(app), "no session is open"
        await pilot.press("enter")  # the session, first in the list
        await pilot.pause()
        assert app.walk.current_step.id == "round"
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
    assert [p["name"] for p in only_session(saves)["players"]] == ["Ada", "Bo"]


async def test_the_palette_quits(saves: Path) -> None:
    app = make_test_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await palette(pilot, "quit")
        assert not app.is_running


async def test_tab_and_shift_tab_move_between_fields(saves: Path) -> None:
    app = make_test_app(saves, command="new", game="toy")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.focused is not None and app.focused.id == "seat-0"
        await pilot.press("tab", "tab")
        assert app.focused.id == "seat-2"
        await pilot.press("shift+tab")
        assert app.focused.id == "seat-1"
        await pilot.press(*"Bo")
        assert app.screen.query_one("#seat-1", Input).value == "Bo"


async def test_the_draw_box_shows_enter_and_f1_in_its_footer(saves: Path) -> None:
    app, keys = open_screen("galileo-draw", saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*keys)
        await pilot.pause()
        shown = {key.description for key in footer_keys(app)}
        assert {"Confirm", "Cancel", "Help"} <= shown


async def test_ctrl_q_quits_from_a_modal_box(saves: Path) -> None:
    app, keys = open_screen("galileo-draw", saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*keys)
        await pilot.pause()
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert not app.is_running
