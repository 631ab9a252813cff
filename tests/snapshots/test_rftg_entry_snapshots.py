"""Race for the Galaxy's tableau step while editing (issue 15): the list chosen into, a card
being replaced, used-up suggestions marked, and a 16-card tableau in a 76×22 window."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from tests.support.helpers import make_test_app
from tests.support.rftg_play import BO, FOUR_PLAYERS, pick_cards, saved_session

SIZE = (80, 24)
SIXTEEN = [*BO.cards, "Gem World", "Comet Zone", "Mining World", "New Vinland", "Alpha Centauri"]


def resume(saves: Path, upto: str) -> Any:
    path = saved_session(saves, FOUR_PLAYERS, upto=upto)
    return make_test_app(Path("saves"), command="resume", file=Path("saves") / path.name)


def listed_then(cards: list[str] | tuple[str, ...], *keys: str) -> Any:
    async def run_before(pilot: Pilot[Any]) -> None:
        await pick_cards(pilot, cards)
        await pilot.press(*keys)

    return run_before


def test_a_card_chosen_in_the_tableau_list(snap_compare: Any, saves: Path) -> None:
    """Tab, ↑ ↑: Rebel Outpost chosen (reverse video); the footer says Enter replaces it."""
    app = resume(saves, "tableau-1")
    assert snap_compare(app, run_before=listed_then(BO.cards[:5], "tab", "up", "up"),
                        terminal_size=SIZE)


def test_a_card_being_replaced(snap_compare: Any, saves: Path) -> None:
    app = resume(saves, "tableau-1")
    keys = ("tab", "up", "up", "enter", *"rebel w")
    assert snap_compare(app, run_before=listed_then(BO.cards[:5], *keys), terminal_size=SIZE)


def test_a_used_up_card_is_marked(snap_compare: Any, saves: Path) -> None:
    """Galactic Federation is in Ada's tableau, and the deck has one: "all 1 used"."""
    app = resume(saves, "tableau-1")
    assert snap_compare(app, run_before=listed_then(BO.cards[:2], *"gal"), terminal_size=SIZE)


def test_sixteen_cards_in_a_small_window(snap_compare: Any, saves: Path) -> None:
    """At 76×22 the list scrolls (a scrollbar), the card added last in view."""
    app = resume(saves, "tableau-1")
    assert snap_compare(app, run_before=listed_then(SIXTEEN), terminal_size=(76, 22))
