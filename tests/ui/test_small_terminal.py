"""Small terminals: every screen is usable down to the minimum size; below it a message asks
for a larger window, and what was typed is still there once the window is large enough."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Footer, Input, Static

from lastround.app import LastRoundApp
from lastround.screens.help import HelpScreen
from lastround.screens.home import HomeScreen
from lastround.screens.setup import SetupScreen
from lastround.screens.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen
from tests.support.every_screen import SCREENS, open_screen
from tests.support.helpers import make_test_app, only_session


def typed(app: LastRoundApp) -> list[str]:
    return [app.screen.query_one(f"#seat-{seat}", Input).value for seat in range(4)]


def overlay_text(app: LastRoundApp) -> str:
    return str(app.screen.query_one("#too-small", Static).render())


async def test_shrinking_below_the_minimum_covers_the_step_and_keeps_what_was_typed(
    saves: Path,
) -> None:
    app = make_test_app(saves, command="new", game="toy")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*"Ada", "tab", *"Bo")
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert "60×20" in overlay_text(app) and f"{MIN_WIDTH}×{MIN_HEIGHT}" in overlay_text(app)
        await pilot.press("x", "enter", "f1", "ctrl+p", "escape")  # nothing happens meanwhile
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(70, 30)  # wide enough? not yet
        await pilot.pause()
        assert "70×30" in overlay_text(app)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert typed(app) == ["Ada", "Bo", "", ""]
        assert app.focused is not None and app.focused.id == "seat-1"
        await pilot.press("y", "enter")
        await pilot.pause()
    assert [p["name"] for p in only_session(saves)["players"]] == ["Ada", "Boy"]


async def test_resizing_above_the_minimum_keeps_the_step_as_it_was(saves: Path) -> None:
    app = make_test_app(saves, command="new", game="toy")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*"Ada", "tab", *"Bo")
        for size in ((120, 40), (MIN_WIDTH, MIN_HEIGHT), (80, 24)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            assert isinstance(app.screen, SetupScreen)
            assert typed(app) == ["Ada", "Bo", "", ""]


async def test_starting_in_a_small_terminal_shows_the_message_first(saves: Path) -> None:
    app = make_test_app(saves)
    async with app.run_test(size=(50, 12)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert "50×12" in overlay_text(app)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)


async def test_a_help_box_open_when_the_window_shrinks_is_there_afterwards(saves: Path) -> None:
    app = make_test_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f1")
        await pilot.resize_terminal(40, 10)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)


async def test_ctrl_q_still_quits_while_the_window_is_too_small(saves: Path) -> None:
    app = make_test_app(saves)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert not app.is_running


@pytest.mark.parametrize("size", [(80, 24), (MIN_WIDTH, MIN_HEIGHT)], ids=["80x24", "minimum"])
@pytest.mark.parametrize("name", SCREENS)
async def test_every_screen_fits(name: str, size: tuple[int, int], saves: Path) -> None:
    """The focused field is on screen, not hidden or cut, and every footer key is shown."""
    app, keys = open_screen(name, saves)
    async with app.run_test(size=size) as pilot:
        await pilot.press(*keys)
        await pilot.pause()
        screen = app.screen
        assert not isinstance(screen, TooSmallScreen)
        focused = screen.focused
        if focused is not None:
            x, y = focused.region.offset
            assert screen.get_widget_at(x, y)[0] is focused, f"{focused} is not visible"
            assert focused.region.bottom <= size[1] - 1, "the footer covers the focused field"
        footer = screen.query_one(Footer)
        for key in footer.query("FooterKey"):  # by type name: the class is Textual's own
            described = getattr(key, "description", key)
            assert key.region.right <= footer.region.right, f"{described} is cut off"
