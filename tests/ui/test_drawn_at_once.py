"""A key that changes the step shows the next step in the first frame it draws.

The next step's screen is built, laid out and drawn offstage while the table reads the one
shown (tui.shell.ahead, StepScreen.lay_out_offstage); Enter fills it and it is drawn at once
(StepScreen.draw_now). Its first frame must already hold the step's values: Textual hears
of a changed widget only when that widget next idles, so a screen drawn at once could show
what it held offstage for a frame. These tests read the frames the app hands the terminal.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.console import RenderableType
from textual._compositor import LayoutUpdate
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Static

from screens.breakdown import BreakdownScreen
from screens.form import FormScreen
from screens.setup import SetupScreen
from tests import galileo_play
from tests.helpers import make_test_app
from tests.rftg_play import DEE, FOUR_PLAYERS, saved_session
from tests.ui.test_step_ahead import built_ahead
from tui.app import LastRoundApp
from tui.games import GAME_MODULES

SIZE = (80, 24)


def record_frames(app: LastRoundApp) -> list[list[str]]:
    """Every whole frame the app draws from now on, as lines of text."""
    frames: list[list[str]] = []
    display = app._display

    def recording(screen: Screen[Any], renderable: RenderableType | None) -> None:
        if isinstance(renderable, LayoutUpdate):
            frames.append(["".join(strip.text for strip in line) for line in renderable.strips])
        display(screen, renderable)

    app._display = recording  # type: ignore[method-assign]
    return frames


async def test_the_final_scores_are_in_the_first_frame_after_the_last_enter(
        tmp_path: Path) -> None:
    """Finding: the breakdown built ahead (before the game totalled) was drawn once as it was
    offstage, empty, before the scores it had been filled with were laid out."""
    path = saved_session(tmp_path, FOUR_PLAYERS, upto="counts-3")
    app = make_test_app(tmp_path, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        ahead = await built_ahead(pilot)
        assert isinstance(ahead, BreakdownScreen)
        await pilot.press(*str(DEE.chips), "tab", *str(DEE.hand), "tab", *str(DEE.goods))
        await pilot.pause()
        frames = record_frames(app)
        await pilot.press("enter")
        assert app.screen is ahead
        first = "\n".join(frames[0])
        assert "Final scores" in first
        assert "Total" in first and "★" in first, first


async def test_a_choice_of_players_built_before_they_were_named_offers_their_names(
        tmp_path: Path) -> None:
    """Galileo's first player is chosen among the players: its screen is built ahead while
    the seats are still being typed, and shows the names confirmed, in its first frame."""
    app = make_test_app(tmp_path, command="new", game="galileo")
    async with app.run_test(size=SIZE) as pilot:
        ahead = await built_ahead(pilot)
        assert isinstance(ahead, FormScreen) and ahead.step.id == "table"
        names = galileo_play.THREE_PLAYERS.players
        for seat, name in enumerate(names):
            await pilot.press(*name, *(["tab"] if seat < len(names) - 1 else []))
        await pilot.pause()
        frames = record_frames(app)
        await pilot.press("enter")
        assert app.screen is ahead, "the screen built ahead is shown, not a new one"
        first = "\n".join(frames[0])
        assert all(name in first for name in names), first


async def home_at_rest(pilot: Pilot[Any]) -> dict[str, Any]:
    """The home screen once the new sessions' first steps are built behind it."""
    app = pilot.app
    assert isinstance(app, LastRoundApp)
    for _ in range(500):
        built = app.new_sessions or {}
        if GAME_MODULES.keys() <= built.keys() and all(s.is_mounted for s in built.values()):
            return dict(built)
        await pilot.pause(0.02)
    raise AssertionError("the new sessions' first steps were never built")


async def test_a_new_session_is_shown_on_a_screen_built_while_home_was_read(
        tmp_path: Path) -> None:
    """`r` shows the setup built behind the home screen, its session stamped when the key
    was pressed (not when it was built), and the names typed at once land in it."""
    stamps = iter(f"2026-12-02T10:00:{second:02d}+00:00" for second in range(60))
    app = make_test_app(tmp_path)
    app.clock = lambda: next(stamps)
    async with app.run_test(size=SIZE) as pilot:
        built = await home_at_rest(pilot)
        built_at = max(screen.session.data["created"] for screen in built.values())
        frames = record_frames(app)
        await pilot.press("r", *"Ada")
        assert app.screen is built["rftg"] and isinstance(app.screen, SetupScreen)
        assert app.session is built["rftg"].session
        assert app.session.data["created"] > built_at, "stamped when r was pressed"
        assert app.screen.draft() is not None and app.screen.draft()["seats"][0] == "Ada"
        assert "Seat 1" in "\n".join(frames[0])
        await pilot.press("escape")  # home again: another new session is built for Race
        again = await home_at_rest(pilot)
        assert again["rftg"] is not built["rftg"] and again["galileo"] is built["galileo"]


async def test_the_final_scores_are_foreseen_while_the_last_values_are_typed(
        tmp_path: Path) -> None:
    """Once the last player's counts are typed and the typing pauses, the breakdown built
    ahead already holds the scores they give: Enter shows it without building them again."""
    path = saved_session(tmp_path, FOUR_PLAYERS, upto="counts-3")
    app = make_test_app(tmp_path, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        ahead = await built_ahead(pilot)
        assert isinstance(ahead, BreakdownScreen)
        await pilot.press(*str(DEE.chips), "tab", *str(DEE.hand), "tab", *str(DEE.goods))
        for _ in range(500):
            if ahead.query_one("#winner", Static).content:
                break
            await pilot.pause(0.02)
        scores = ahead.query_one("#scores", Static).content
        assert scores, "the scores typed are in the breakdown before Enter"
        await pilot.press("enter")
        assert app.screen is ahead and app.session is not None and app.session.finished
        assert ahead.query_one("#scores", Static).content is scores, "not built again"
