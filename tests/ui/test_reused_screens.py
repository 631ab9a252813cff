"""The next player's copy of a step is shown in the widgets already on screen.

Building a screen of fields costs far more than filling one, so a step laid out like the one
on screen reuses it. What the table sees must not tell the difference: these tests compare
a reused screen with one built anew for the same step.
"""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input

from lastround.screens.form import FormScreen
from lastround.widgets.error_line import ErrorLine
from tests.support.galileo_play import THREE_PLAYERS, confirm, fill_form, saved_session
from tests.support.helpers import Look, looks, make_test_app, text_of

SIZE = (80, 24)


async def fresh_look(folder: Path, stop_at: str) -> Look:
    """The same step in an app opened at it, so its screen is built anew."""
    path = saved_session(folder, THREE_PLAYERS, stop_at=stop_at)
    app = make_test_app(folder, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, FormScreen) and app.screen.step.id == stop_at
        return await looks(pilot)


async def test_the_next_players_scores_reuse_the_form_and_look_as_if_built_anew(
    tmp_path: Path,
) -> None:
    played, fresh = tmp_path / "played", tmp_path / "fresh"
    path = saved_session(played, THREE_PLAYERS, stop_at="scores-0")
    app = make_test_app(played, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        form = app.screen
        assert isinstance(form, FormScreen) and form.step.id == "scores-0"
        # Ada's last field is typed last: the form is scrolled down, focus far from the top.
        await fill_form(pilot, {**THREE_PLAYERS.scores[0], "quadrants": 0})
        await confirm(pilot)
        assert app.screen is form, "Bo's scores are shown in the same widgets"
        assert form.step.id == "scores-1"
        reused = await looks(pilot)
    built_anew = await fresh_look(fresh, "scores-1")
    assert "Bo: final scoring" in text_of(reused[0])
    assert reused == built_anew


async def test_going_back_to_the_previous_player_shows_their_values_and_no_old_error(
    tmp_path: Path,
) -> None:
    path = saved_session(tmp_path, THREE_PLAYERS, stop_at="scores-1")
    app = make_test_app(tmp_path, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        form = app.screen
        assert isinstance(form, FormScreen)
        await fill_form(pilot, {"dice": "x"})  # refused at Enter: an error shows at the field
        await confirm(pilot)
        assert [error.id for error in form.query(ErrorLine) if error.display] == ["error-dice"]
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is form and form.step.id == "scores-0"
        assert form.query_one("#field-track_position", Input).value == "62", "Ada's own"
        assert [error.id for error in form.query(ErrorLine) if error.display] == []
        svg, focused = await looks(pilot)
        assert "Ada: final scoring" in text_of(svg) and "✗" not in text_of(svg)
        assert focused == "field-track_position"
        marked = form.query(".field-row.-current #field-track_position")
        assert len(marked) == 1, "the focused field's row is the one marked"
