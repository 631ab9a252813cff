"""Every kind of screen at 80×24 with NO_COLOR set: what colour would show is still there,
as a symbol or as bold/reverse text (▶ the highlighted row or current player, ★ the winner,
✗ a refused value, (•) the chosen option, [x] a ticked item).

NO_COLOR is set before the app is created: Textual reads it then and draws in monochrome,
in these pictures as in a terminal.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from tests.support import galileo_play, rftg_play
from tests.support.every_screen import open_screen
from tests.support.helpers import make_test_app

SIZE = (80, 24)
SAVES = Path("saves")  # the `saves` fixture's folder, as the working directory sees it
EXAMPLES = Path(__file__).resolve().parents[2] / "saves" / "examples"


@pytest.fixture(autouse=True)
def no_colour(keep_machine_out: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")


def opened(name: str) -> Any:
    app, keys = open_screen(name, SAVES)
    assert not keys
    return app


def test_home_marks_the_row_and_offers_the_unfinished_session(snap_compare: Any,
                                                              saves: Path) -> None:
    """The unfinished session is older than both finished ones, and listed first."""
    unfinished = rftg_play.saved_session(saves, rftg_play.FOUR_PLAYERS, upto="counts-1",
                                         name="unfinished.toml")
    os.utime(unfinished, (1_000, 1_000))
    for stamp, example in enumerate(sorted(EXAMPLES.glob("*.toml")), start=2):
        shutil.copy(example, saves / example.name)
        os.utime(saves / example.name, (stamp * 1_000, stamp * 1_000))
    assert snap_compare(make_test_app(SAVES), terminal_size=SIZE)


def test_setup_marks_the_focused_field(snap_compare: Any, saves: Path) -> None:
    app = make_test_app(SAVES, command="new", game="rftg")
    assert snap_compare(app, press=[*"Ada", "tab", *"Bo", "tab"], terminal_size=SIZE)


def test_a_refused_value_is_marked(snap_compare: Any, saves: Path) -> None:
    keys = ["ctrl+a", "ctrl+k", *"999", "enter"]  # more cards than the deck has
    assert snap_compare(opened("rftg-end-check"), press=keys, terminal_size=SIZE)


def test_checklist_half_ticked(snap_compare: Any, saves: Path) -> None:
    keys = ["space", "space"]  # each tick moves on: two ticked, on the third
    assert snap_compare(opened("rftg-finish-round"), press=keys, terminal_size=SIZE)


def test_picker_highlights_a_suggestion(snap_compare: Any, saves: Path) -> None:
    keys = [*rftg_play.letters_for("Alpha Centauri"), "enter", *"min", "down"]
    assert snap_compare(opened("rftg-tableau"), press=keys, terminal_size=SIZE)


def test_breakdown_shows_the_winner(snap_compare: Any, saves: Path) -> None:
    assert snap_compare(opened("rftg-breakdown"), terminal_size=SIZE)


def test_a_tie_broken_by_cards_and_goods(snap_compare: Any, saves: Path) -> None:
    path = rftg_play.saved_session(saves, rftg_play.two_players((3, 2), (4, 0)), upto="breakdown")
    app = make_test_app(SAVES, command="resume", file=SAVES / path.name)
    assert snap_compare(app, terminal_size=SIZE)


def test_choices_break_between_options(snap_compare: Any, saves: Path) -> None:
    assert snap_compare(opened("galileo-table"), press=["tab"], terminal_size=SIZE)


def test_turns_mark_the_current_player(snap_compare: Any, saves: Path) -> None:
    assert snap_compare(opened("galileo-turns"), terminal_size=SIZE)


def test_draw_box(snap_compare: Any, saves: Path) -> None:
    app = opened("galileo-turns")
    assert snap_compare(app, press=["d", "ctrl+a", "ctrl+k", *"12", "enter"], terminal_size=SIZE)


def test_scores_form(snap_compare: Any, saves: Path) -> None:
    assert snap_compare(opened("galileo-scores"), press=[*"62", "tab"], terminal_size=SIZE)


def test_a_shared_win(snap_compare: Any, saves: Path) -> None:
    table = galileo_play.two_players(dice=(6, 6), quadrants=(2, 2))
    path = galileo_play.saved_session(SAVES, table, "breakdown")
    assert snap_compare(make_test_app(SAVES, command="resume", file=path), terminal_size=SIZE)


def test_help(snap_compare: Any, saves: Path) -> None:
    assert snap_compare(opened("galileo-turns"), press=["f1"], terminal_size=SIZE)


def test_command_palette_on_a_step(snap_compare: Any, saves: Path) -> None:
    async def open_palette(pilot: Pilot[None]) -> None:
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.app.screen.workers.wait_for_complete()
        await pilot.pause()

    assert snap_compare(opened("galileo-turns"), run_before=open_palette, terminal_size=SIZE)


def test_too_small_a_window(snap_compare: Any, saves: Path) -> None:
    assert snap_compare(opened("rftg-counts"), terminal_size=(60, 18))
