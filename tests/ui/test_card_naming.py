"""The card picker adds a card on one Enter only when the letters name it among the cards the
deck still has, and says beforehand which card that is; letters several cards share add
nothing until the player chooses (a second Enter, or the arrows)."""

from __future__ import annotations

from pathlib import Path

from screens.cards import CardsScreen
from tests.helpers import make_test_app
from tests.rftg_play import FOUR_PLAYERS, message, press, saved_session, shown
from tui.app import LastRoundApp

SIZE = (80, 24)


def cards(app: LastRoundApp) -> list[str]:
    assert isinstance(app.screen, CardsScreen)
    return app.screen.cards


async def test_terraf_adds_nothing_until_the_player_chooses(saves: Path) -> None:
    """`terraf` begins Terraformed World and Terraforming Robots: it used to add the first."""
    path = saved_session(saves, FOUR_PLAYERS, upto="tableau-0")
    async with make_test_app(saves, command="resume", file=path).run_test(size=SIZE) as pilot:
        app = pilot.app
        await pilot.pause()
        await press(pilot, *"terraf", "enter")
        assert cards(app) == []
        assert "Terraformed World and Terraforming Robots" in message(app)
        assert shown(app, "#enter-adds") == "Enter adds Terraformed World, 5 VP"
        await press(pilot, "enter")  # the second Enter: the player chose the first
        assert cards(app) == ["Terraformed World"]


async def test_al_robot_adds_nothing_and_the_arrows_choose(saves: Path) -> None:
    path = saved_session(saves, FOUR_PLAYERS, upto="tableau-0")
    async with make_test_app(saves, command="resume", file=path).run_test(size=SIZE) as pilot:
        app = pilot.app
        await pilot.pause()
        await press(pilot, *"al robot")
        assert shown(app, "#enter-adds") == "3 cards match: type on, or ↓ ↑ to choose"
        await press(pilot, "enter")
        assert cards(app) == []
        await press(pilot, "down")  # Alien Robotic Factory, shown before Enter
        assert shown(app, "#enter-adds") == "Enter adds Alien Robotic Factory, 5 VP"
        await press(pilot, "enter")
        assert cards(app) == ["Alien Robotic Factory"]


async def test_letters_naming_one_card_left_add_it_at_once(saves: Path) -> None:
    """With Terraforming Robots already in this tableau, `terraf` can only mean the world."""
    path = saved_session(saves, FOUR_PLAYERS, upto="tableau-0")
    async with make_test_app(saves, command="resume", file=path).run_test(size=SIZE) as pilot:
        app = pilot.app
        await pilot.pause()
        await press(pilot, *"Terraforming Robots", "enter", *"terraf")
        assert shown(app, "#enter-adds") == "Enter adds Terraformed World, 5 VP"
        await press(pilot, "enter")
        assert cards(app) == ["Terraforming Robots", "Terraformed World"]
        await press(pilot, *"ars")  # three cards spell a+r+s; none is added on one Enter
        await press(pilot, "enter")
        assert cards(app) == ["Terraforming Robots", "Terraformed World"]
