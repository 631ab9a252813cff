"""What each Race for the Galaxy step looks like at 80×24.

Sessions part-way through are written straight through the Session (`saved_session`) and
opened with `resume`, then the last few keys are pressed, so each picture is quick to make.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from tests.support.helpers import make_test_app
from tests.support.rftg_play import (
    BO,
    EXAMPLE,
    FOUR_PLAYERS,
    letters_for,
    pick_cards,
    saved_session,
    two_players,
)

SIZE = (80, 24)


def resume(saves: Path, table: Any, upto: str) -> Any:
    path = saved_session(saves, table, upto=upto)
    return make_test_app(Path("saves"), command="resume", file=Path("saves") / path.name)


def test_setup(snap_compare: Any, saves: Path) -> None:
    app = make_test_app(Path("saves"), command="new", game="rftg")
    keys = [*"Ada", "tab", *"Bo", "tab", *"Cy", "tab", *"Dee", "tab"]
    assert snap_compare(app, press=keys, terminal_size=SIZE)


def test_end_check(snap_compare: Any, saves: Path) -> None:
    app = resume(saves, FOUR_PLAYERS, "end-check-0")
    assert snap_compare(app, press=[*"12", "tab", "right", "tab"], terminal_size=SIZE)


def test_finish_round_half_ticked_with_the_verdict(snap_compare: Any, saves: Path) -> None:
    app = resume(saves, EXAMPLE, "finish-round")
    keys = ["space", "space", "space"]  # each tick moves on: three ticked, on the fourth
    assert snap_compare(app, press=keys, terminal_size=SIZE)


def test_picker_mid_search(snap_compare: Any, saves: Path) -> None:
    """Bo's tableau: five cards listed, "gal" typed, the Galactic cards suggested."""
    app = resume(saves, FOUR_PLAYERS, "tableau-1")

    async def listed_then_typed(pilot: Pilot[Any]) -> None:
        await pick_cards(pilot, BO.cards[:5])
        await pilot.press(*"gal", "down")

    assert snap_compare(app, run_before=listed_then_typed, terminal_size=SIZE)


def test_picker_refusing_an_unknown_card(snap_compare: Any, saves: Path) -> None:
    app = resume(saves, FOUR_PLAYERS, "tableau-0")
    keys = [*letters_for("Old Earth"), "enter", *"Galactic Bankers", "enter"]
    assert snap_compare(app, press=keys, terminal_size=SIZE)


def test_picker_refusing_a_second_copy(snap_compare: Any, saves: Path) -> None:
    """Galactic Federation is already in Ada's tableau, and the deck has one."""
    app = resume(saves, FOUR_PLAYERS, "tableau-1")
    keys = [*letters_for("New Sparta"), "enter", *"gal fed", "enter"]
    assert snap_compare(app, press=keys, terminal_size=SIZE)


def test_quick_entry(snap_compare: Any, saves: Path) -> None:
    app = resume(saves, FOUR_PLAYERS, "tableau-3")
    assert snap_compare(app, press=["ctrl+t", *"24", "tab", "9"], terminal_size=SIZE)


def test_counts_form(snap_compare: Any, saves: Path) -> None:
    app = resume(saves, FOUR_PLAYERS, "counts-2")
    assert snap_compare(app, press=[*"16", "tab", "2", "tab", "3"], terminal_size=SIZE)


def test_breakdown_four_players(snap_compare: Any, saves: Path) -> None:
    """The example game (saves/examples/rftg-4-players.toml); README.md shows this picture."""
    assert snap_compare(resume(saves, EXAMPLE, "breakdown"), terminal_size=SIZE)


def test_breakdown_tie_break(snap_compare: Any, saves: Path) -> None:
    app = resume(saves, two_players((3, 2), (4, 0)), "breakdown")
    assert snap_compare(app, terminal_size=SIZE)
