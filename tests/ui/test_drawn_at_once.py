"""A key that changes the step shows the next step in the first frame it draws.

The next step's screen is built, laid out and drawn offstage while the table reads the one
shown (lastround.shell.ahead, Offstage.lay_out_offstage); Enter fills it and it is drawn at once
(Offstage.draw_now). Its first frame must already hold the step's values: Textual hears
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
from textual.widgets import Input, Static

from lastround.app import LastRoundApp
from lastround.games import game_ids
from lastround.games.base import Result
from lastround.records.final_scores import Breakdown, final_scores
from lastround.screens.breakdown import BreakdownScreen
from lastround.screens.form import FormScreen
from lastround.screens.galileo.draw import DrawScreen
from lastround.screens.galileo.turns import TurnsScreen
from lastround.screens.setup import SetupScreen
from lastround.screens.step import StepScreen
from lastround.widgets.final_scores import FinalScores
from tests.support import galileo_play
from tests.support.helpers import make_test_app
from tests.support.rftg_play import DEE, FOUR_PLAYERS, saved_session
from tests.ui.test_step_ahead import built_ahead

SIZE = (80, 24)


class Frames(list[tuple[Screen[Any], str]]):
    """Every whole frame the app draws (as text), with the screen it drew."""

    def first_of(self, screen: Screen[Any]) -> str:
        """The first frame drawn of `screen` (one of the screen before may come first)."""
        return next(text for shown, text in self if shown is screen)


def record_frames(app: LastRoundApp) -> Frames:
    """Every whole frame the app draws from now on."""
    frames = Frames()
    display = app._display

    def recording(screen: Screen[Any], renderable: RenderableType | None) -> None:
        if isinstance(renderable, LayoutUpdate):
            frames.append((screen, "\n".join("".join(strip.text for strip in line)
                                              for line in renderable.strips)))
        display(screen, renderable)

    app._display = recording  # type: ignore[method-assign]
    return frames


async def type_last_counts(pilot: Pilot[Any]) -> None:
    """Dee's chips, hand and goods on the last step (counts-3), not confirmed."""
    await pilot.press(*str(DEE.chips), "tab", *str(DEE.hand), "tab", *str(DEE.goods))


async def test_the_final_scores_are_in_the_first_frame_after_the_last_enter(
        tmp_path: Path) -> None:
    """Finding: the breakdown built ahead (before the game totalled) was drawn once as it was
    offstage, empty, before the scores it had been filled with were laid out."""
    path = saved_session(tmp_path, FOUR_PLAYERS, upto="counts-3")
    app = make_test_app(tmp_path, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        ahead = await built_ahead(pilot)
        assert isinstance(ahead, BreakdownScreen)
        await type_last_counts(pilot)
        await pilot.pause()
        frames = record_frames(app)
        await pilot.press("enter")
        assert app.screen is ahead
        first = frames.first_of(ahead)
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
        first = frames.first_of(ahead)
        assert all(name in first for name in names), first


async def home_at_rest(pilot: Pilot[Any]) -> dict[str, StepScreen]:
    """The home screen once the new sessions' first steps are built behind it."""
    app = pilot.app
    assert isinstance(app, LastRoundApp)
    for _ in range(500):
        built = app.walk.steps_ahead.new_sessions or {}
        if set(game_ids()) <= built.keys() and all(s.is_mounted for s in built.values()):
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
        setup = built["rftg"]
        assert app.screen is setup and isinstance(setup, SetupScreen)
        assert app.session is setup.session
        assert app.session.data["created"] > built_at, "stamped when r was pressed"
        draft = setup.draft()
        assert draft is not None and draft["seats"][0] == "Ada"
        assert "Seat 1" in frames.first_of(built["rftg"])
        await pilot.press("escape")  # home again: another new session is built for Race
        again = await home_at_rest(pilot)
        assert again["rftg"] is not built["rftg"] and again["galileo"] is built["galileo"]


def scores_shown(breakdown: BreakdownScreen) -> Breakdown | None:
    return breakdown.query_one(FinalScores).shown


def scores_of(breakdown: BreakdownScreen, result: Result) -> Breakdown:
    """The final scores `breakdown` shows for `result`, its step's notes under them."""
    return final_scores(result, [breakdown.step.notes])


async def last_counts_foreseen(pilot: Pilot[Any]) -> BreakdownScreen:
    """Dee's counts typed on the last step, and the breakdown built ahead once it shows the
    scores they give (the typing has paused)."""
    ahead = await built_ahead(pilot)
    assert isinstance(ahead, BreakdownScreen)
    await type_last_counts(pilot)
    # The scores of every count typed: an empty count is 0, so scores were foreseen before
    # (with the counts on screen at each pause in the typing).
    shown = pilot.app.screen
    assert isinstance(shown, FormScreen) and shown.typed_values() is not None
    typed = shown.session.foresee(shown.step, shown.typed_values() or {})
    for _ in range(500):
        if typed is not None and scores_shown(ahead) == scores_of(ahead, typed):
            return ahead
        await pilot.pause(0.02)
    raise AssertionError("the scores typed were never foreseen")


async def test_the_final_scores_are_foreseen_while_the_last_values_are_typed(
        tmp_path: Path) -> None:
    """Once the last player's counts are typed and the typing pauses, the breakdown built
    ahead already holds the scores they give: Enter shows it without building them again."""
    path = saved_session(tmp_path, FOUR_PLAYERS, upto="counts-3")
    app = make_test_app(tmp_path, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        ahead = await last_counts_foreseen(pilot)
        scores = ahead.query_one("#scores", Static).content
        assert scores, "the scores typed are in the breakdown before Enter"
        await pilot.press("enter")
        assert app.screen is ahead and app.session is not None and app.session.finished
        assert ahead.query_one("#scores", Static).content is scores, "not built again"


async def a_draw_box_built_behind(pilot: Pilot[Any]) -> DrawScreen:
    turns = pilot.app.screen
    assert isinstance(turns, TurnsScreen)
    for _ in range(500):
        if turns.draw_box is not None and turns.draw_box.is_mounted:
            return turns.draw_box
        await pilot.pause(0.02)
    raise AssertionError("no draw box was built behind the turns")


async def test_a_draw_opens_a_box_built_behind_the_turns_counting_the_draws_since(
        tmp_path: Path) -> None:
    """`d` shows a box built while the turns were read, drawn in the first frame; the next
    box is built once the turns are back, and `w` makes it a reward's, counting the card
    drawn meanwhile."""
    table = galileo_play.THREE_PLAYERS
    path = galileo_play.saved_session(tmp_path, table, "final-turns")
    app = make_test_app(tmp_path, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        box = await a_draw_box_built_behind(pilot)
        frames = record_frames(app)
        await pilot.press("d")
        assert app.screen is box
        assert "Tier III draw for a gap on the display" in frames.first_of(box)
        await pilot.press("ctrl+a", "ctrl+k", "5", "enter")
        await pilot.press(*"Orion", "enter")
        await pilot.pause()
        assert isinstance(app.screen, TurnsScreen)
        second = await a_draw_box_built_behind(pilot)
        assert second is not box and not box.is_attached, "a box is used once"
        await pilot.press("w")
        assert app.screen is second
        assert "Tier III draw for a constellation reward" in frames.first_of(second)
        assert second.query_one("#draw-count", Input).value == "4", "5 less the card drawn"


async def test_scores_foreseen_from_values_changed_before_enter_are_replaced(
        tmp_path: Path) -> None:
    """The scores foreseen are only a guess: a value changed and confirmed before the typing
    pauses (keys in a burst) shows the scores confirmed, not the ones foreseen."""
    path = saved_session(tmp_path, FOUR_PLAYERS, upto="counts-3")
    app = make_test_app(tmp_path, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        ahead = await last_counts_foreseen(pilot)
        foreseen = scores_shown(ahead)
        await pilot.press("shift+tab", "shift+tab", "ctrl+a", "ctrl+k", "1", "2", "enter")
        assert app.screen is ahead and app.session is not None
        assert app.session.data["players"][3]["chips"] == DEE.chips + 1
        shown = scores_shown(ahead)
        assert shown != foreseen and shown == scores_of(ahead, app.session.score())


async def test_scores_foreseen_as_the_app_closes_end_it_quietly(tmp_path: Path) -> None:
    """Finding (the suite under load): the pause timer fired as the app began to close, and
    its callback ran once the screens were gone: a ScreenStackError on the way out."""
    path = saved_session(tmp_path, FOUR_PLAYERS, upto="counts-3")
    app = make_test_app(tmp_path, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(await built_ahead(pilot), BreakdownScreen)
        await type_last_counts(pilot)
    assert not app.screen_stack
    app.walk.steps_ahead.foresee()  # as the timer's callback ran, once the screens had gone
