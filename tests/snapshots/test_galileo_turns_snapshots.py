"""Galileo Galilei's final turns and Tier III draws as players see them (issue 15)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from lastround.app import LastRoundApp
from tests.support.galileo_play import THREE_PLAYERS, Draw, Table, saved_session
from tests.support.helpers import make_test_app

SAVES = Path("saves")  # the `saves` fixture's folder, as the working directory sees it
# Ann empties the deck as first player: the longest list there is, with six draws.
FOUR = Table(players=("Ann", "Bea", "Cal", "Dan"), first="Ann", trigger="Ann",
             draws={1: (Draw(12, "Vega"), Draw(11, "Rigel")),
                    2: (Draw(10, "Deneb"), Draw(9, "Altair")),
                    3: (Draw(8, "Sirius"), Draw(7, "Polaris"))})


def opened_at_turns(table: Table, turns_done: int) -> LastRoundApp:
    path = saved_session(SAVES, table, "final-turns", turns_done)
    return make_test_app(SAVES, command="resume", file=path)


def test_six_draws_scrolled_to_the_last_at_76_by_22(snap_compare: Any, saves: Path) -> None:
    assert snap_compare(opened_at_turns(FOUR, 3), press=["down"] * 5, terminal_size=(76, 22))


def test_a_removed_draw_stays_listed(snap_compare: Any, saves: Path) -> None:
    assert snap_compare(opened_at_turns(FOUR, 3), press=["down", "x"], terminal_size=(80, 24))


def test_the_rest_of_the_triggering_turn_is_played_first(snap_compare: Any, saves: Path) -> None:
    assert snap_compare(opened_at_turns(THREE_PLAYERS, 0), terminal_size=(80, 24))


def test_an_empty_draw_count_shows_its_placeholder(snap_compare: Any, saves: Path) -> None:
    assert snap_compare(opened_at_turns(THREE_PLAYERS, 1), press=["d"], terminal_size=(80, 24))
