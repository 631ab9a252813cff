"""Honest fields: a field holds exactly what was typed, says at once what is wrong with it, and
after a refusal the next keys replace the refused value.

Number fields used to drop what they could not take without a word: `2.5` became `25`,
`x7` became `7`, and `11` then `-11` gave `1111`; after an error, typing appended to it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input

from lastround.app import LastRoundApp
from lastround.screens.galileo.draw import DrawScreen
from lastround.session.files import read_session
from tests.support import galileo_play, rftg_play
from tests.support.helpers import make_test_app
from tests.support.type_ahead import burst

SIZE = (80, 24)


def error_under(app: LastRoundApp, key: str) -> str:
    found = app.screen.query(f"#error-{key}")
    return str(found.first().render()) if found else ""


def chips(app: LastRoundApp) -> Input:
    return app.screen.query_one("#field-chips", Input)


@pytest.mark.parametrize(("typed", "shown"), [("2.5", "2.5"), ("x7", "x7"), ("11-11", "11-11"),
                                              ("1 2", "1 2")])
async def test_a_character_a_number_field_cannot_take_stays_and_is_named_at_once(
    saves: Path, typed: str, shown: str,
) -> None:
    path = rftg_play.saved_session(saves, rftg_play.FOUR_PLAYERS, upto="counts-0")
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, [*typed])
        assert chips(app).value == shown  # nothing dropped
        assert "✗ VP chips: whole numbers only" in error_under(app, "chips")  # before Enter
        await burst(pilot, ["tab", *"3", "tab", *"1", "enter"])
        assert app.walk.current_step.id == "counts-0", "refused: the step stays"
        assert app.focused is chips(app)
        assert chips(app).selected_text == shown, "the refused value is selected"
        await burst(pilot, [*"12"])
        assert chips(app).value == "12" and error_under(app, "chips") == ""
        await burst(pilot, ["enter"])
        assert app.walk.current_step.id == "tableau-1"
    assert read_session(path)["players"][0]["chips"] == 12


async def test_a_value_the_rules_refuse_is_selected_so_typing_replaces_it(saves: Path) -> None:
    """A hand of 11 after the discard: refused at Enter; the next digits replace the 11."""
    path = rftg_play.saved_session(saves, rftg_play.FOUR_PLAYERS, upto="counts-0")
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, [*"9", "tab", *"11", "tab", *"1", "enter"])
        hand = app.screen.query_one("#field-hand", Input)
        assert "at most 10" in error_under(app, "hand") and app.focused is hand
        await burst(pilot, [*"4", "enter"])
        assert app.walk.current_step.id == "tableau-1"
    assert read_session(path)["players"][0]["hand"] == 4


async def test_a_long_name_is_kept_whole_and_refused_in_words(saves: Path) -> None:
    app = make_test_app(saves, command="new", game="rftg")
    name = "Bartholomew Fitzgerald-Smythe"  # 29 characters: the field once cut it at 30
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, [*"Ada", "tab", *name, "enter"])
        assert app.screen.query_one("#seat-1", Input).value == name
        assert "Seat 2: at most 20 characters" in error_under(app, "seats")
        assert app.focused is app.screen.query_one("#seat-1", Input), "the seat refused"
        await burst(pilot, [*"Bo", "enter"])  # replaces the selected name
        assert app.walk.current_step.id == "end-check-0"


async def test_the_draw_box_count_says_what_it_cannot_take(saves: Path) -> None:
    path = galileo_play.saved_session(saves, galileo_play.THREE_PLAYERS, "final-turns")
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, ["d", "ctrl+a", "ctrl+k", *"1.2"])
        assert isinstance(app.screen, DrawScreen)
        assert app.screen.query_one("#draw-count", Input).value == "1.2"
        assert "whole numbers only" in str(app.screen.query_one("#draw-error").render())
