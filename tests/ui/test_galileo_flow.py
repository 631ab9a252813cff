"""Pilot tests: a Galileo Galilei end of game walked with the keys a table would press."""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from lastround.app import LastRoundApp, make_app
from lastround.games.galileo import turns as galileo_turns
from lastround.records.score_command import main_score
from lastround.screens.breakdown import BreakdownScreen
from lastround.screens.form import FormScreen
from lastround.screens.galileo.extras import DiceScreen, ScoreSummaryScreen
from lastround.screens.galileo.turns import TurnsScreen
from lastround.screens.home import HomeScreen
from lastround.screens.replay import ReplayScreen
from lastround.screens.setup import SetupScreen
from lastround.session.files import read_session
from tests.support.galileo_play import (
    THREE_PLAYER_TURNS,
    THREE_PLAYERS,
    Draw,
    Table,
    confirm,
    play_scores,
    play_setup,
    play_table,
    play_to_breakdown,
    play_trigger,
    play_turns,
    saved_session,
    set_field,
    shown_text,
    two_players,
)
from tests.support.helpers import make_test_app, only_session
from tests.ui.test_replay_flow import page_text

EXAMPLES = Path(__file__).resolve().parents[2] / "saves" / "examples"
EXAMPLE_NAME = "galileo-4-players.toml"

# What the example file in saves/examples tells: four players, Luna, two Tier III draws.
FOUR_PLAYERS = Table(
    players=("Marta", "Jonas", "Priya", "Luis"),
    first="Marta",
    trigger="Priya",
    how="reward",
    luna=True,
    subjects=("Major Objects", "Comets", "Inquisitors", "Constellations"),
    draws={
        1: (Draw(box=14, card="Andromeda Nebula"),),
        3: (Draw(box=13, card="Orion Nebula", reason="reward"),),
    },
    scores=(
        {"track_position": 78, "met_1": 4, "row_1": 3, "met_2": 3, "row_2": 2, "row_3": 1,
         "met_4": 2, "row_4": 2, "cellar_2": 1, "cellar_4": 1, "farewell": 1, "tribunal": 5,
         "dice": 11, "quadrants": 2},
        {"track_position": 4, "flipped": True, "met_1": 2, "row_1": 2, "met_2": 1, "row_2": 1,
         "cellar_1": 1, "cellar_3": 1, "tribunal": -2, "dice": 7, "quadrants": 1},
        {"track_position": 86, "met_1": 3, "row_1": 3, "met_2": 4, "row_2": 3, "row_3": 2,
         "met_4": 3, "row_4": 1, "cellar_3": 1, "cellar_4": 2, "tribunal": 3, "dice": 14},
        {"track_position": 63, "met_1": 1, "row_1": 1, "met_2": 2, "row_2": 2, "met_4": 5,
         "row_4": 3, "farewell": 2, "tribunal": 8, "dice": 5, "quadrants": 3},
    ),
)
FOUR_PLAYER_TURNS = 5  # Luis finishes the round, then Marta, Jonas, Priya, Luis


def new_galileo(saves: Path) -> LastRoundApp:
    return make_test_app(saves, command="new", game="galileo")


def saved_file(saves: Path) -> Path:
    files = sorted(saves.glob("*.toml"))
    assert len(files) == 1, files
    return files[0]


def text_of(app: LastRoundApp, selector: str) -> str:
    return shown_text(app.screen.query_one(selector, Static))


def words(text: str) -> str:
    """Text with its line wrapping undone."""
    return " ".join(text.split())


async def reach_turns(pilot: Pilot[Any], table: Table) -> None:
    await play_setup(pilot, table)
    await play_table(pilot, table)
    await play_trigger(pilot, table)


# --- the example file ------------------------------------------------------------------------


def ticking_clock(start: datetime, step: timedelta = timedelta(minutes=2)) -> Callable[[], str]:
    """A clock that moves on by `step` each time it is read, so the log reads like an evening."""
    ticks = itertools.count()
    return lambda: (start + step * next(ticks)).strftime("%Y-%m-%dT%H:%M:%SZ")


async def write_example(folder: Path) -> Path:
    """Play FOUR_PLAYERS through the app into `folder` and name the file EXAMPLE_NAME.

    Run once to refresh saves/examples:
    python -c "import asyncio, pathlib; from tests.ui.test_galileo_flow import write_example;
    asyncio.run(write_example(pathlib.Path('saves/examples')))"
    """
    clock = ticking_clock(datetime(2026, 11, 28, 22, 41, tzinfo=UTC))
    app = make_app(folder, clock=clock, seed=1577, command="new", game="galileo")
    async with app.run_test(size=(80, 24)) as pilot:
        await play_to_breakdown(pilot, FOUR_PLAYERS, FOUR_PLAYER_TURNS)
        assert isinstance(app.screen, BreakdownScreen)
        written = app.screen.session.path
        await confirm(pilot)
    assert written is not None
    return written.replace(folder / EXAMPLE_NAME)


# --- a whole end of game ---------------------------------------------------------------------


async def test_a_whole_three_player_end_is_saved_scored_and_replayed_alike(
    saves: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Cold start to a finished file with a gap draw; `lastround score` and a replay agree."""
    app = new_galileo(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await reach_turns(pilot, THREE_PLAYERS)
        await play_turns(pilot, THREE_PLAYERS, THREE_PLAYER_TURNS)
        drawn_in_game = shown_text(app.screen.query_one("#draw-table"))
        await confirm(pilot)
        for entries in THREE_PLAYERS.scores:
            await play_scores(pilot, entries)
        assert isinstance(app.screen, BreakdownScreen)
        shown = app.screen.session.score()
        shown_table = text_of(app, "#scores")
        await confirm(pilot)
        assert isinstance(app.screen, HomeScreen)

    path = saved_file(saves)
    data = read_session(path)
    assert data["status"] == "finished" and data["turns_done"] == THREE_PLAYER_TURNS
    [draw] = data["draws"]
    assert (draw["turn"], draw["reason"], draw["box"], draw["card"]) == (
        2, "gap", 12, "Andromeda Nebula")
    assert draw["position"] == galileo_turns.draw_position(data["seed"], 0, 12)
    the_draw = galileo_turns.describe_draw(draw, "Ada")
    assert the_draw in drawn_in_game

    capsys.readouterr()
    assert main_score(path, as_json=True) == 0
    printed = json.loads(capsys.readouterr().out)
    totals = {p["name"]: p["total"] for p in printed["players"]}
    assert totals == {p.name: p.total for p in shown.players} == {"Ada": 64, "Bo": 116, "Cy": 71}
    assert all(f" {total} " in shown_table for total in totals.values())
    assert printed["winners"] == list(shown.winners) == ["Bo"]

    before = path.read_bytes()
    app = make_test_app(saves, command="replay", file=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen) and app.walk.read_only
        assert the_draw in page_text(app)
        await pilot.press("escape")  # opened from the command line: back to the shell
        await pilot.pause()
        assert not app.is_running
    assert path.read_bytes() == before


# --- ties ------------------------------------------------------------------------------------


async def breakdown_of(saves: Path, table: Table) -> tuple[str, str]:
    """The winner line and the tie-break explanation the breakdown shows for `table`."""
    path = saved_session(saves, table, stop_at="breakdown")
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, BreakdownScreen)
        return text_of(app, "#winner"), words(text_of(app, "#tiebreak"))


async def test_a_tie_on_points_is_decided_by_the_dice_left(saves: Path) -> None:
    winner, explanation = await breakdown_of(saves, two_players(dice=(9, 4), quadrants=(0, 3)))
    assert "★ Ada wins on the tie-break" in winner
    assert "Ada and Bo tie on 50." in explanation
    assert "Tie-break 1, dice values left: Ada 9, Bo 4. Ada wins." in explanation


async def test_a_tie_on_points_dice_and_quadrants_is_a_shared_win(saves: Path) -> None:
    winner, explanation = await breakdown_of(saves, two_players(dice=(6, 6), quadrants=(2, 2)))
    assert "★ Ada and Bo share the victory" in winner
    assert "Tie-break 2, Quadrant tokens left: Ada 2, Bo 2." in explanation
    assert explanation.endswith("Ada and Bo share the win.")


# Two draws in each of the seven turns after the one that emptied the deck (the first player's):
# more than a table meets, the lines as long as the longest names make them.
SIXTEEN_DRAWS = Table(
    players=("Annabelle Fitzgerald", "Bartholomew Quincey", "Priya", "Luis"),
    first="Annabelle Fitzgerald", trigger="Annabelle Fitzgerald",
    draws={turn: (Draw(box=34 - 2 * turn, card="Great Andromeda Nebula"),
                  Draw(box=33 - 2 * turn, card="Orion Nebula", reason="reward"))
           for turn in range(1, 8)},
    scores=tuple({"track_position": 60 + seat, "tribunal": seat} for seat in range(4)),
)


async def test_the_totals_stay_on_screen_above_a_long_list_of_draws(saves: Path) -> None:
    """At 80×24 the final scores show the totals and the winner first; the draws follow."""
    path = saved_session(saves, SIXTEEN_DRAWS, stop_at="breakdown")
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, BreakdownScreen)
        body = app.screen.query_one(".step-body").region
        for shown in ("#scores", "#winner"):
            assert body.contains_region(app.screen.query_one(shown).region), shown
        assert "★ Luis wins" in text_of(app, "#winner")
        assert "14. turn 7, Luis, constellation reward: the 14th of 19" in words(
            text_of(app, "#notes"))


# --- the Galileo keys ------------------------------------------------------------------------


def fits_unscrolled(app: LastRoundApp, box: str) -> bool:
    """The box is at most 76×20 and shows everything without scrolling."""
    widget = app.screen.query_one(box)
    return widget.region.width <= 76 and widget.region.height <= 20 and widget.max_scroll_y == 0


async def test_f2_and_f3_open_the_summary_and_the_dice_on_a_galileo_step(saves: Path) -> None:
    app = new_galileo(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, ScoreSummaryScreen)
        assert text_of(app, "#summary-table").count("(final scoring)") == 3
        assert fits_unscrolled(app, "#summary-box")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        await pilot.press("f3")
        await pilot.pause()
        assert isinstance(app.screen, DiceScreen)
        dice = text_of(app, "#dice")
        assert all(colour in dice for colour in ("Yellow", "Red", "Blue"))
        assert fits_unscrolled(app, "#dice-box")
        await pilot.press("f3")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)


async def test_f2_and_f3_do_nothing_on_the_home_screen(saves: Path) -> None:
    app = make_test_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        stack = list(app.screen_stack)
        await pilot.press("f2", "f3")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen) and app.screen_stack == stack


# --- the final turns -------------------------------------------------------------------------


def now_playing(app: LastRoundApp) -> str:
    """The turn-list line marked as the current turn (by text, not colour)."""
    [line] = [line for line in text_of(app, "#turn-list").splitlines() if "▶" in line]
    assert "now playing" in line
    return line


async def test_the_turn_list_marks_the_current_player_and_saves_each_turn(saves: Path) -> None:
    app = new_galileo(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await reach_turns(pilot, THREE_PLAYERS)
        assert isinstance(app.screen, TurnsScreen)
        assert "▶ Bo: the rest of this turn" in now_playing(app)  # the deck emptied on it
        for done, player in enumerate(("Cy", "Ada", "Bo", "Cy")):
            await confirm(pilot)
            assert only_session(saves)["turns_done"] == done
            assert f"▶ {done + 1}. {player}" in now_playing(app)
        await pilot.press("u")
        await pilot.pause()
        assert only_session(saves)["turns_done"] == 2
        assert "▶ 3. Bo" in now_playing(app)


async def test_resuming_mid_turns_lands_on_the_turn_in_progress(saves: Path) -> None:
    path = saved_session(saves, THREE_PLAYERS, stop_at="final-turns")
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_turns(pilot, THREE_PLAYERS, 2)  # Cy, then Ada with her gap draw
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TurnsScreen) and not app.walk.read_only
        assert "▶ 3. Bo" in now_playing(app)
        assert "Andromeda Nebula" in shown_text(app.screen.query_one("#draw-table"))
        await confirm(pilot)
        assert read_session(path)["turns_done"] == 3


# --- the scores form -------------------------------------------------------------------------


async def test_bad_scores_are_refused_at_the_field_and_nothing_is_saved(saves: Path) -> None:
    path = saved_session(saves, THREE_PLAYERS, stop_at="scores-0")
    before = path.read_bytes()
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, FormScreen) and app.screen.step.id == "scores-0"
        await set_field(pilot, "tribunal", 11)
        await set_field(pilot, "track_position", "")
        await confirm(pilot)
        assert isinstance(app.screen, FormScreen) and app.screen.step.id == "scores-0"
        assert "at most 10" in words(text_of(app, "#error-tribunal"))
        assert "enter a number" in words(text_of(app, "#error-track_position"))
        assert "Fix the marked field" in text_of(app, "#message")
    assert path.read_bytes() == before


# --- saves/examples --------------------------------------------------------------------------


def example_files() -> list[Path]:
    return sorted(EXAMPLES.glob("*.toml"))


def test_the_galileo_example_is_there() -> None:
    assert EXAMPLES / EXAMPLE_NAME in example_files()


@pytest.mark.parametrize("path", example_files(), ids=lambda path: path.name)
def test_every_example_is_finished_and_scores(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert read_session(path)["status"] == "finished"
    assert main_score(path, as_json=True) == 0
    assert json.loads(capsys.readouterr().out)["winners"]
