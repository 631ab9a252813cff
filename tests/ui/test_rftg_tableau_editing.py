"""Race for the Galaxy's tableau step: editing any card, the points so far, used-up cards, the
end check's one pool answer, and a long tableau in a small window (issue 15)."""

from __future__ import annotations

from pathlib import Path

from textual.app import App, ComposeResult
from textual.widgets import OptionList

from lastround.app import LastRoundApp
from lastround.screens.rftg.cards import CardsScreen
from lastround.session.files import read_session
from lastround.widgets.choice import Choice
from lastround.widgets.tableau_list import TableauList
from tests.support.helpers import make_test_app
from tests.support.rftg_play import (
    ADA,
    FOUR_PLAYERS,
    message,
    pick_cards,
    press,
    saved_session,
    shown,
)
from tests.support.type_ahead import burst

SIZE = (80, 24)


def screen(app: LastRoundApp) -> CardsScreen:
    assert isinstance(app.screen, CardsScreen)
    return app.screen


def footer(app: LastRoundApp) -> set[str]:
    return {b.binding.description for b in app.screen.active_bindings.values() if b.binding.show}


def tableau_list(app: LastRoundApp) -> OptionList:
    return app.screen.query_one("#tableau-cards", OptionList)


def suggestion_labels(app: LastRoundApp) -> list[str]:
    options = app.screen.query_one("#suggestions", OptionList)
    return [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]


async def at_tableau(saves: Path, upto: str = "tableau-0", size: tuple[int, int] = SIZE
                     ) -> tuple[LastRoundApp, Path]:
    path = saved_session(saves, FOUR_PLAYERS, upto=upto)
    return make_test_app(saves, command="resume", file=path), path


async def test_any_card_in_the_list_can_be_removed(saves: Path) -> None:
    """Item 14: Tab moves into the list, ↑ chooses an early card, Delete removes it."""
    app, path = await at_tableau(saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pick_cards(pilot, ["Old Earth", "Gem World", "Comet Zone", "Mining World"])
        await press(pilot, "tab")
        assert app.focused is tableau_list(app)
        assert {"Remove card", "Replace card"} <= footer(app)
        await press(pilot, "up", "up", "delete")  # from the last card up to Gem World
        assert screen(app).cards == ["Old Earth", "Comet Zone", "Mining World"]
        await press(pilot, "home", "backspace")
        assert screen(app).cards == ["Comet Zone", "Mining World"]
        await press(pilot, "tab")  # back to the search: more cards go on the end
        await pick_cards(pilot, ["Old Earth"])
        await press(pilot, "enter")
    assert read_session(path)["players"][0]["tableau"] == ["Comet Zone", "Mining World",
                                                           "Old Earth"]


async def test_any_card_in_the_list_can_be_replaced_in_place(saves: Path) -> None:
    """Item 14: Enter on a card in the list opens the search to replace it."""
    app, _ = await at_tableau(saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pick_cards(pilot, ["Old Earth", "Gem World", "Comet Zone"])
        await press(pilot, "tab", "home", "down", "enter")
        assert app.focused is app.screen.query_one("#search")
        assert "Gem World" in shown(app, "#tableau-heading")  # what is being replaced
        await press(pilot, *"lostsp", "enter")
        assert screen(app).cards == ["Old Earth", "Lost Species Ark World", "Comet Zone"]
        await pick_cards(pilot, ["Mining World"])  # the next card goes on the end again
        assert screen(app).cards[-1] == "Mining World"


async def test_lostsp_adds_lost_species_ark_world(saves: Path) -> None:
    """Item 13, as filed: `lostsp` Enter added Lost Alien Warship."""
    app, _ = await at_tableau(saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await press(pilot, *"lostsp", "enter")
        assert screen(app).cards == ["Lost Species Ark World"]


async def test_the_points_so_far_follow_the_cards(saves: Path) -> None:
    """Item 15: the tableau step shows the player's VP so far, cards and bonus, as cards are
    added and removed."""
    app, _ = await at_tableau(saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pick_cards(pilot, ["Old Earth", "Galactic Federation", "Public Works"])
        # Old Earth 2 + Public Works 1; Galactic Federation: itself 2 + Public Works 1.
        assert shown(app, "#tableau-total") == "Ada so far: Tableau 3 + Bonus 3 = 6"
        await press(pilot, "ctrl+r")
        assert shown(app, "#tableau-total") == "Ada so far: Tableau 2 + Bonus 2 = 4"


async def test_the_counts_step_shows_the_chips_in_the_running_total(saves: Path) -> None:
    """Item 15: the counts step's running total includes the chips typed."""
    path = saved_session(saves, FOUR_PLAYERS, upto="counts-0")
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await press(pilot, *"9")
        total = shown(app, "#running-total")
        assert "Chips 9" in total and total.startswith("Ada so far:")


async def test_used_up_cards_are_marked_in_the_suggestions(saves: Path) -> None:
    """Item 16: a card whose copies are all in tableaux is marked in words before Enter."""
    app, _ = await at_tableau(saves, upto="tableau-1")  # Ada holds Galactic Federation
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await press(pilot, *"gal fed")
        assert "all 1 used" in suggestion_labels(app)[0]
        await press(pilot, "home", "ctrl+k", *"space mar", "enter", *"space mar")
        assert "already listed" in suggestion_labels(app)[0]  # one development a tableau
        await press(pilot, "home", "ctrl+k", *"gem w")
        assert "used" not in suggestion_labels(app)[0]


async def test_a_second_copy_of_a_development_is_refused_where_typed(saves: Path) -> None:
    """Item 17: "A tableau never holds two copies of the same development"."""
    app, _ = await at_tableau(saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await press(pilot, *"space mar", "enter", *"space mar", "enter")
        assert screen(app).cards == ["Space Marines"]
        assert "Space Marines is listed twice" in message(app)


async def test_sixteen_cards_scroll_in_a_small_window(saves: Path) -> None:
    """Item 23: at 76×22 a 16-card tableau scrolls, and the card added last is in view."""
    app, _ = await at_tableau(saves)
    cards = [*ADA.cards, "Gem World", "Comet Zone", "Mining World", "New Vinland"]
    async with app.run_test(size=(76, 22)) as pilot:
        await pilot.pause()
        await pick_cards(pilot, cards)
        listed = tableau_list(app)
        assert listed.option_count == 16
        assert listed.max_scroll_y > 0 and listed.show_vertical_scrollbar
        assert listed.scroll_y == listed.max_scroll_y, "the card added last is in view"
        await press(pilot, "tab", "home")
        assert listed.scroll_y == 0, "the list follows the card chosen"


async def test_a_listed_card_is_in_view_as_soon_as_the_list_is_refilled() -> None:
    """Item 23, without waiting on frames: a key typed right after Enter (a burst, a busy
    machine) meets a list already scrolled to the card added last, not one a frame behind."""

    class OneList(App[None]):
        def compose(self) -> ComposeResult:
            yield TableauList(id="tableau-cards")

    app = OneList()
    async with app.run_test(size=(40, 6)) as pilot:
        await pilot.pause()
        listed = app.query_one(TableauList)
        listed.show([f"card {n}" for n in range(16)])
        assert listed.max_scroll_y == 10
        assert listed.scroll_y == listed.max_scroll_y, "scrolled before any frame is drawn"


async def test_the_end_check_cannot_say_chips_left_but_ran_out_in_consume(saves: Path) -> None:
    """Item 20: one answer about the pool, three choices; no contradictory pair to store."""
    app = make_test_app(saves, command="new", game="rftg")
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, *"Ada", "tab", *"Bo", "enter")
        assert not app.screen.query("#field-mid_consume")
        pool = app.screen.query_one("#field-pool", Choice)
        assert pool.options == ["chips left", "empty", "ran out in Consume"]


async def test_list_editing_typed_in_one_burst_lands_where_typed(saves: Path) -> None:
    """Tab, Home, Delete, Tab and the next card's letters at once: each key in its place."""
    app, _ = await at_tableau(saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pick_cards(pilot, ["Old Earth", "Gem World"])
        await burst(pilot, ["tab", "home", "delete", "tab", *"comet", "enter"])
        assert screen(app).cards == ["Gem World", "Comet Zone"]
