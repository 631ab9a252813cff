"""What each Galileo Galilei screen looks like at 80×24.

Sessions part-way through are written by `saved_session` with the fixed seed and clock, then
opened in the app; only the keys of the screen being shown are pressed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from lastround.app import LastRoundApp
from tests.support.galileo_play import THREE_PLAYERS, Table, saved_session, two_players
from tests.support.helpers import make_test_app

SIZE = (80, 24)
SAVES = Path("saves")  # the `saves` fixture's folder, as the working directory sees it


def opened_at(stop_at: str, table: Table = THREE_PLAYERS, turns_done: int = 0) -> LastRoundApp:
    """The app resuming a three-player session at the step `stop_at`."""
    path = saved_session(SAVES, table, stop_at, turns_done)
    return make_test_app(SAVES, command="resume", file=path)


def test_setup_with_three_players(snap_compare: Any, saves: Path) -> None:
    app = make_test_app(SAVES, command="new", game="galileo")
    keys = [*"Ada", "tab", *"Bo", "tab", *"Cy"]
    assert snap_compare(app, press=keys, terminal_size=SIZE)


def test_first_player_and_subjects(snap_compare: Any, saves: Path) -> None:
    assert snap_compare(opened_at("table"), terminal_size=SIZE)


def test_trigger_on_bos_turn(snap_compare: Any, saves: Path) -> None:
    assert snap_compare(opened_at("trigger"), press=["right"], terminal_size=SIZE)


def test_final_turns_with_a_draw_listed(snap_compare: Any, saves: Path) -> None:
    app = opened_at("final-turns", turns_done=2)  # Cy and Ada done; Ada drew a gap card
    assert snap_compare(app, terminal_size=SIZE)


def test_draw_modal_with_its_instruction(snap_compare: Any, saves: Path) -> None:
    app = opened_at("final-turns", turns_done=1)
    assert snap_compare(app, press=["d", "ctrl+a", "ctrl+k", *"12", "enter"],
                        terminal_size=SIZE)


def test_a_players_scores_form(snap_compare: Any, saves: Path) -> None:
    keys = [*"62", "tab", "tab", *"3", "tab", *"2"]
    assert snap_compare(opened_at("scores-0"), press=keys, terminal_size=SIZE)


def test_breakdown(snap_compare: Any, saves: Path) -> None:
    assert snap_compare(opened_at("breakdown"), terminal_size=SIZE)


def test_tie_decided_by_dice(snap_compare: Any, saves: Path) -> None:
    table = two_players(dice=(9, 4), quadrants=(0, 3))
    assert snap_compare(opened_at("breakdown", table), terminal_size=SIZE)


def test_shared_win(snap_compare: Any, saves: Path) -> None:
    table = two_players(dice=(6, 6), quadrants=(2, 2))
    assert snap_compare(opened_at("breakdown", table), terminal_size=SIZE)


def test_score_summary(snap_compare: Any, saves: Path) -> None:
    assert snap_compare(opened_at("table"), press=["f2"], terminal_size=SIZE)


def test_dice_screen(snap_compare: Any, saves: Path) -> None:
    assert snap_compare(opened_at("table"), press=["f3"], terminal_size=SIZE)
