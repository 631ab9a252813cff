"""The card picker adds a card on one Enter only when the letters name it among the cards the
deck still has, and says beforehand which card that is; letters several cards share add
nothing until the player chooses (a second Enter, or the arrows)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.app import App
from textual.widgets import OptionList

from lastround.screens.rftg.cards import CardsScreen
from lastround.session.files import write_session
from tests.support.helpers import make_test_app
from tests.support.rftg_boxes_play import brink_of_war
from tests.support.rftg_play import FOUR_PLAYERS, message, press, saved_session, shown

SIZE = (80, 24)


def cards(app: App[Any]) -> list[str]:
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


def suggestion_lines(app: App[Any]) -> list[str]:
    """Each suggestion as the list shows it, checked to take one line of the list."""
    options = app.screen.query_one("#suggestions", OptionList)
    assert options.virtual_size.height == options.option_count, "a suggestion wrapped"
    lines = [str(options.get_option_at_index(n).prompt)[2:] for n in range(options.option_count)]
    assert all(len(line) <= options.scrollable_content_region.width - 2 for line in lines)
    return lines


async def test_a_long_suggestion_keeps_to_one_line_with_its_vp(saves: Path) -> None:
    """Rebel vs Imperium's long names at 80×24: the kind is shortened or left out, the name
    cut last; the VP always shows. A wider window shows the whole line again."""
    session = brink_of_war(upto="tableau-0")
    assert session.path is None
    path = saves / "boxes.toml"
    write_session(path, session.data)
    async with make_test_app(saves, command="resume", file=path).run_test(size=SIZE) as pilot:
        app = pilot.app
        await pilot.pause()
        await press(pilot, *"imperium")
        lines = suggestion_lines(app)
        assert all("VP" in line for line in lines)
        assert "Imperium Planet Buster  (dev, 9 VP)" in lines
        await pilot.resize_terminal(120, 30)
        await pilot.pause()
        assert "Imperium Planet Buster  (development, 9 VP)" in suggestion_lines(app)
        await pilot.resize_terminal(76, 22)
        await pilot.pause()
        assert all("VP" in line for line in suggestion_lines(app))
        await press(pilot, *" blaster gem")
        [line, *_] = suggestion_lines(app)
        assert line.startswith("Imperium Blaster Gem") and "VP" in line


async def test_a_card_of_a_box_not_in_play_names_its_box_and_is_never_added(saves: Path) -> None:
    """In a base game "Rebel Council" said only "did you mean Rebel Outpost…? Enter adds the
    highlighted one", and a second Enter added Rebel Outpost (5 VP): a silent wrong card."""
    path = saved_session(saves, FOUR_PLAYERS, upto="tableau-0")
    async with make_test_app(saves, command="resume", file=path).run_test(size=SIZE) as pilot:
        app = pilot.app
        await pilot.pause()
        await press(pilot, *"Rebel Council", "enter")
        assert "The Brink of War" in message(app) and "Enter adds nothing" in message(app)
        assert shown(app, "#enter-adds") == "Enter adds nothing: not in this game"
        await press(pilot, "enter")
        assert cards(app) == []
        await press(pilot, *["backspace"] * 6)  # "Rebel C", then the name begun: "Rebel Coun"
        await press(pilot, *"oun", "enter", "enter")
        assert cards(app) == [] and "The Brink of War" in message(app)
        await press(pilot, "down", "enter")  # the arrows choose a card in play: it is added
        assert len(cards(app)) == 1
