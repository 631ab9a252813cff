"""The next player's copy of a step is shown in the widgets already on screen.

Building a screen of fields costs far more than filling one, so a step laid out like the one
on screen reuses it. What the table sees must not tell the difference: these tests compare
a reused screen with one built anew for the same step.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Input

from screens.cards import CardsScreen
from screens.form import FormScreen
from screens.home import HomeScreen
from tests import rftg_play
from tests.galileo_play import THREE_PLAYERS, confirm, fill_form, saved_session
from tests.helpers import make_test_app
from tui.widgets.error_line import ErrorLine

SIZE = (80, 24)


Look = tuple[str, str | None]


async def looks(pilot: Pilot[Any]) -> Look:
    """What a player sees once the screen is at rest (every cell with its colours and
    attributes, as an SVG) and which field the keys go to."""
    app = pilot.app
    for field in app.screen.query(Input):
        field.cursor_blink = False  # the cursor shows steadily, whenever the shot is taken
    shot = ""
    for _ in range(20):  # a footer fills in a frame after the rest of a screen
        await pilot.pause()
        shot, previous = app.export_screenshot(), shot
        if shot == previous:
            break
    focused = app.focused.id if isinstance(app.focused, Widget) else None
    return shot, focused


def text_of(svg: str) -> str:
    lines = re.findall(r"<text [^>]*>(.*?)</text>", svg)
    return html.unescape("\n".join(lines)).replace("\xa0", " ")


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


async def rftg_fresh_look(folder: Path, upto: str) -> Look:
    path = rftg_play.saved_session(folder, rftg_play.FOUR_PLAYERS, upto=upto)
    app = make_test_app(folder, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        return await looks(pilot)


async def test_each_players_tableau_and_counts_reuse_the_first_players_screens(
    tmp_path: Path,
) -> None:
    played, fresh = tmp_path / "played", tmp_path / "fresh"
    played.mkdir()
    fresh.mkdir()
    path = rftg_play.saved_session(played, rftg_play.FOUR_PLAYERS, upto="tableau-2")
    app = make_test_app(played, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        tableau = app.screen
        assert isinstance(tableau, CardsScreen)
        await rftg_play.play_tableau(pilot, rftg_play.CY)
        counts = app.screen
        await rftg_play.play_counts(pilot, rftg_play.CY)
        # Dee's tableau (quick entry) in Cy's picker, then Dee's counts in Cy's form.
        assert app.screen is tableau and tableau.step.id == "tableau-3"
        tableau_looks = await looks(pilot)
        await rftg_play.play_tableau(pilot, rftg_play.DEE)
        assert app.screen is counts and isinstance(counts, FormScreen)
        assert counts.step.id == "counts-3"
        counts_looks = await looks(pilot)
        assert "Dee" in text_of(counts_looks[0])
        steps = [tableau, counts]
        await rftg_play.play_counts(pilot, rftg_play.DEE)
        await pilot.press("enter")  # the breakdown: finished, back home
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert not any(screen.is_attached for screen in steps), "kept screens go with the session"
    assert tableau_looks == await rftg_fresh_look(fresh, "tableau-3")
    assert counts_looks == await rftg_fresh_look(fresh, "counts-3")


async def test_a_quick_entry_tableau_then_a_listed_one_shows_the_card_picker(
    tmp_path: Path,
) -> None:
    """Dee used quick entry; going back from Dee's counts to Cy's tableau lists cards again."""
    played, fresh = tmp_path / "played", tmp_path / "fresh"
    played.mkdir()
    fresh.mkdir()
    path = rftg_play.saved_session(played, rftg_play.FOUR_PLAYERS, upto="counts-3")
    app = make_test_app(played, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for _ in range(3):  # counts 3 → tableau 3 (quick) → counts 2 → tableau 2 (Cy's cards)
            await pilot.press("escape")
            await pilot.pause()
        assert isinstance(app.screen, CardsScreen) and app.screen.step.id == "tableau-2"
        assert not app.screen.quick and app.focused is app.screen.query_one("#search")
        back = await looks(pilot)
    shown = text_of(back[0])
    assert "Earth's Lost Colony" in shown and "Tableau: 10 cards" in shown
    assert "Quick entry" in shown and "List cards" not in shown, "the footer offers Ctrl+T"


async def test_going_home_mid_session_lets_the_kept_screens_go_and_a_reopened_session_works(
    tmp_path: Path,
) -> None:
    path = rftg_play.saved_session(tmp_path, rftg_play.FOUR_PLAYERS, upto="tableau-3")
    app = make_test_app(tmp_path, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await rftg_play.play_tableau(pilot, rftg_play.DEE)
        await pilot.press("escape")  # back to Dee's tableau: both screens are kept now
        await pilot.pause()
        kept = [app.screen]
        await pilot.press("ctrl+o")  # home, with a kept screen on top
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert not any(screen.is_attached for screen in kept)
        for _ in range(2):  # open it again, twice: its kept screens are made anew each time
            await pilot.press("enter")  # resumes at Dee's counts
            await pilot.pause()
            counts = app.screen
            assert isinstance(counts, FormScreen) and counts.step.id == "counts-3"
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, CardsScreen) and app.screen.step.id == "tableau-3"
            await pilot.press("enter")  # Dee's quick totals as confirmed before
            await pilot.pause()
            assert app.screen is counts
            await pilot.press("ctrl+o")
            await pilot.pause()
