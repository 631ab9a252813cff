"""Xeno Counterstrike by keys: the box at setup (a fifth seat only with Xeno Invasion), its end
at 15 tableau cards said where it is checked, the counterstrike game's own end check (no
tableau end, a military victory), and Scorched-Earth Defense's -1 VP totalled as it is picked.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from lastround.app import LastRoundApp
from lastround.screens.form import FormScreen
from lastround.screens.home import HomeScreen
from lastround.screens.setup import SetupScreen
from lastround.screens.step import StepScreen
from lastround.widgets.tableau_list import TableauList
from tests.support.helpers import make_test_app, only_session
from tests.support.rftg_counterstrike_play import four_answers, saved
from tests.support.rftg_play import SEATS, message, press, shown

SIZE = (80, 24)
FIVE = ("Ada", "Bo", "Cy", "Dee", "Ed")
XC_RIGHT = 6  # "+ Xeno Counterstrike", right of the base game
XI_XC_RIGHT = 7  # "+ Xeno Invasion, Counterstrike"


def new_rftg(saves: Path) -> LastRoundApp:
    return make_test_app(saves, command="new", game="rftg")


def help_text(app: LastRoundApp) -> str:
    """What F1 shows for the step on screen."""
    screen = app.screen
    assert isinstance(screen, FormScreen)
    return screen.help_text()


def step_id(app: LastRoundApp) -> str:
    screen = app.screen
    assert isinstance(screen, StepScreen)
    return screen.step.id


async def seat(pilot: Pilot[Any], names: tuple[str, ...], boxes_right: int) -> None:
    """Each name in its seat, the edition left at 2nd, the expansions moved right."""
    for index in range(SEATS):
        await pilot.press(*(names[index] if index < len(names) else ""), "tab")
    await press(pilot, "tab", *["right"] * boxes_right, "enter")


async def test_a_fifth_player_needs_xeno_invasion_with_the_box(saves: Path) -> None:
    """The designer's description: 'its fifth player and optional counterstrike game require
    Xeno Invasion'."""
    app = new_rftg(saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await seat(pilot, FIVE, XC_RIGHT)
        assert isinstance(app.screen, SetupScreen)
        assert "2 to 4" in message(app) and "Xeno Invasion" in message(app)
        await press(pilot, "right", "enter")  # both boxes of the arc
        assert step_id(app) == "options"
        assert app.screen.query("#field-counterstrike")
        assert "designer's description" in help_text(app)  # F1 says where it comes from
    assert only_session(saves)["expansions"] == ["xeno-invasion", "xeno-counterstrike"]


async def test_with_the_box_twelve_cards_go_on_and_fifteen_end_it(saves: Path) -> None:
    app = new_rftg(saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await seat(pilot, ("Ada", "Bo", "Cy"), XC_RIGHT)
        assert step_id(app) == "end-check-0"  # no goals or options to ask
        text = shown(app, ".step-text")
        assert "reaches 15 face-up cards" in text and "designer's description" in text
        assert "pool started with 45 chips" in text
        await press(pilot, "home", "ctrl+k", *"12", "enter")
        assert isinstance(app.screen, HomeScreen)  # the game goes on
        await press(pilot, "enter")
        await press(pilot, "home", "ctrl+k", *"15", "enter")
        assert step_id(app) == "finish-round"
        assert "a tableau has 15 cards (15 or more)" in shown(app, ".step-text")
    assert [c["ends"] for c in only_session(saves)["end_checks"]] == [False, True]


async def test_the_counterstrike_game_ends_on_a_military_victory_not_its_tableaux(
        saves: Path) -> None:
    app = new_rftg(saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await seat(pilot, ("Ada", "Bo"), XI_XC_RIGHT)
        assert step_id(app) == "options"
        await press(pilot, "tab", "right", "enter")  # the invasion game no, counterstrike yes
        assert step_id(app) == "end-check-0"
        text = shown(app, ".step-text")
        assert "last VP chip is taken" in text and "reaches" not in text
        assert "military victory" in text and "pool started with 60 chips" in text
        await press(pilot, "home", "ctrl+k", *"30", "enter")
        assert isinstance(app.screen, HomeScreen)  # 30 cards end nothing
        await press(pilot, "enter")
        assert app.screen.query("#field-military_victory")
        assert "Military victory over the Xenos: " in help_text(app)
        assert "rulebook was not at hand" in help_text(app)
        await press(pilot, "home", "ctrl+k", *"31", "tab", "tab", "right", "enter")
        assert step_id(app) == "finish-round"
        assert "military victory" in shown(app, ".step-text")
    saved = only_session(saves)
    assert saved["counterstrike"] is True and saved["invasion"] is False
    assert saved["end_checks"][-1]["military_victory"] is True


async def test_both_xeno_games_at_once_are_refused_where_typed(saves: Path) -> None:
    app = new_rftg(saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await seat(pilot, ("Ada", "Bo"), XI_XC_RIGHT)
        await press(pilot, "right", "tab", "right", "enter")
        assert step_id(app) == "options"
        assert "instead of the invasion game" in message(app)
    assert "counterstrike" not in only_session(saves)


async def test_frontier_worlds_by_a_few_letters_and_minus_one_vp_as_picked(saves: Path) -> None:
    """A few letters name each card (initials too: 'xhpw' Xeno-Held Populous World); the
    running total takes Scorched-Earth Defense's printed -1 as soon as it is listed."""
    path = saved(saves / "session.toml", four_answers(), upto="tableau-0")
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert step_id(app) == "tableau-0"
        for letters in ("frontier min", "xhpw", "scorched"):
            await press(pilot, *letters, "enter")
        listed = app.screen.query_one("#tableau-cards", TableauList)
        lines = [str(listed.get_option_at_index(i).prompt) for i in range(listed.option_count)]
        assert [line.strip() for line in lines] == [
            "1. Frontier Miners 1", "2. Xeno-Held Populous World 5",
            "3. Scorched-Earth Defense -1"]
        total = shown(app, "#tableau-total")
        assert total.endswith("= 5"), total  # 1 + 5 - 1
