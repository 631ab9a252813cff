"""Finishing (issue 15, item 18): the game is finished when its last value is confirmed.

The last value step's Enter saves the session finished, with the breakdown's entry (the
totals and winners as shown), in the same write; the final scores are then only shown
(Enter or Esc goes home), so a kill on that screen leaves nothing unfinished.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.app import App
from textual.pilot import Pilot

from lastround.records.replay import replay
from lastround.screens.breakdown import BreakdownScreen
from lastround.screens.home import HomeScreen
from lastround.screens.replay import ReplayScreen
from lastround.session.files import write_session
from lastround.session.session import Session
from tests.support.helpers import make_test_app, only_session
from tests.ui.test_changed_answers import seat_and_score_ada


async def play_toy(pilot: Pilot[Any]) -> None:
    """Every value of a toy game confirmed with keys: Ada 12 points, Bo 6 and the bonus."""
    await seat_and_score_ada(pilot)
    await pilot.press(*"6", "tab", "4", "tab", "space", "enter")
    await pilot.pause()


def footer_text(app: App[Any]) -> str:
    return app.export_screenshot().replace("&#160;", " ")


async def test_the_last_value_finishes_and_saves_the_game_in_one_write(saves: Path) -> None:
    app = make_test_app(saves, command="new", game="toy")
    async with app.run_test(size=(80, 24)) as pilot:
        await play_toy(pilot)
        assert isinstance(app.screen, BreakdownScreen)
        data = only_session(saves)  # as a kill right now would leave it
        assert data["status"] == "finished"
        assert [e["step"] for e in data["log"]] == ["setup", "round", "points-0", "points-1",
                                                     "breakdown"]
        assert data["log"][-1]["values"] == {"totals": {"Ada": 12, "Bo": 11},
                                             "winners": ["Ada"]}
        assert "Home" in footer_text(app)
        assert "the game is finished" in str(app.screen.query_one("#message").render())
        assert not list(saves.glob(".*.draft")), "nothing is left to type"


async def test_enter_on_the_final_scores_goes_home_and_writes_nothing(saves: Path) -> None:
    app = make_test_app(saves, command="new", game="toy")
    async with app.run_test(size=(80, 24)) as pilot:
        await play_toy(pilot)
        path = next(saves.glob("*.toml"))
        before = path.read_bytes()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert path.read_bytes() == before


async def test_esc_on_the_final_scores_goes_home_not_back(saves: Path) -> None:
    app = make_test_app(saves, command="new", game="toy")
    async with app.run_test(size=(80, 24)) as pilot:
        await play_toy(pilot)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert only_session(saves)["status"] == "finished"


def stopped_at_the_breakdown(saves: Path) -> Path:
    """A file an earlier version left: every value confirmed, the final scores not."""
    session = Session.new("toy", seed=1, created="2026-11-29T20:00:00Z")
    session.confirm(session.steps()[0], {"players": ["Ada", "Bo"], "colour": "red"})
    session.confirm(session.steps()[1], {})
    session.confirm(session.steps()[2], {"points": 7, "coins": 0, "bonus": False})
    session.confirm(session.steps()[3], {"points": 5, "coins": 1, "bonus": False})
    path = saves / "old.toml"
    write_session(path, session.data)
    return path


async def test_an_old_file_stopped_at_the_final_scores_is_finished_on_opening(
    saves: Path,
) -> None:
    path = stopped_at_the_breakdown(saves)
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, BreakdownScreen)
        data = only_session(saves)
        assert data["status"] == "finished"
        assert data["log"][-1]["step"] == "breakdown"
        assert data["log"][-1]["values"]["winners"] == ["Ada"]
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
    assert len(replay(only_session(saves))) == 5


async def test_a_finished_game_replays_with_its_final_scores(saves: Path) -> None:
    app = make_test_app(saves, command="new", game="toy")
    async with app.run_test(size=(80, 24)) as pilot:
        await play_toy(pilot)
    path = next(saves.glob("*.toml"))
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen) and app.screen.page == 5


async def test_final_scores_that_do_not_total_show_only_the_keys_that_work(
    saves: Path,
) -> None:
    """Every value confirmed but Bo's points gone from the table (a hand edit): the final
    scores say why they don't total; Enter can't finish and Esc goes back to the steps, so
    the footer offers Esc back, not "⏎/esc Home"."""
    path = stopped_at_the_breakdown(saves)
    text = path.read_text().replace("points = 5\n", "", 1)
    assert text != path.read_text()
    path.write_text(text)
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, BreakdownScreen)
        assert "Can't total yet" in str(app.screen.query_one("#no-total").render())
        footer = footer_text(app)
        assert "Home" not in footer and "Back" in footer and "Finish" not in footer
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, BreakdownScreen) and path.read_text() == text
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen.step.id == "points-1"
