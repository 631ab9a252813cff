"""Pilot tests: the home screen's keys and the walker, with the toy game."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable, Input

from lastround.screens.breakdown import BreakdownScreen
from lastround.screens.checklist import ChecklistScreen
from lastround.screens.form import FormScreen
from lastround.screens.help import HelpScreen
from lastround.screens.home import HomeScreen
from lastround.screens.replay import ReplayScreen
from lastround.screens.setup import SetupScreen
from lastround.session.files import write_session
from lastround.session.session import Session
from lastround.widgets.error_line import ErrorLine
from tests.support.helpers import make_test_app, only_session


async def test_home_shows_the_name_and_both_games(saves: Path) -> None:
    app = make_test_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        text = " ".join(str(w.render()) for w in app.screen.query("Static"))
        assert "Last Round" in text and "Race for the Galaxy" in text and "Galileo" in text


async def test_ctrl_q_and_q_quit_from_home(saves: Path) -> None:
    for key in ("ctrl+q", "q"):
        app = make_test_app(saves)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press(key)
            await pilot.pause()
            assert not app.is_running


async def test_f1_opens_help_for_the_screen_and_escape_closes_it(saves: Path) -> None:
    app = make_test_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert "Start a new session" in app.screen.body and "Galileo" in app.screen.keys
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)


async def test_walking_the_toy_game_saves_every_confirmed_step(saves: Path) -> None:
    app = make_test_app(saves, command="new", game="toy")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        await pilot.press(*"Ada", "tab", *"Bo", "tab", "tab", "tab", "right", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ChecklistScreen)
        data = only_session(saves)
        assert [p["name"] for p in data["players"]] == ["Ada", "Bo"] and data["colour"] == "blue"
        await pilot.press("space", "down", "space", "enter")
        await pilot.pause()
        assert isinstance(app.screen, FormScreen)
        await pilot.press(*"12", "tab", "3", "enter")
        await pilot.pause()
        assert only_session(saves)["players"][0]["points"] == 12
        await pilot.press(*"6", "tab", "4", "tab", "space", "enter")
        await pilot.pause()
        assert isinstance(app.screen, BreakdownScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        data = only_session(saves)
        assert data["status"] == "finished"
        assert [e["step"] for e in data["log"]] == ["setup", "round", "points-0", "points-1",
                                                     "breakdown"]
        assert data["log"][-1]["values"]["winners"] == ["Ada"]


async def test_a_bad_number_is_refused_at_the_field_and_nothing_is_saved(saves: Path) -> None:
    app = make_test_app(saves, command="new", game="toy")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*"Ada", "tab", *"Bo", "enter", "space", "down", "space", "enter")
        await pilot.pause()
        before = only_session(saves)
        assert isinstance(app.screen, FormScreen)
        assert not app.screen.query(ErrorLine), "error lines are added when first needed"
        await pilot.press(*"120", "tab", "1", "enter")
        await pilot.pause()
        error = app.screen.query_one("#error-points", ErrorLine)
        assert "at most 99" in str(error.render())
        row = app.screen.query_one("#field-points").parent
        assert row is not None and error in row.parent.children  # type: ignore[union-attr]
        siblings = list(row.parent.children)  # type: ignore[union-attr]
        assert siblings.index(error) == siblings.index(row) + 1, "right under its field"
        assert only_session(saves) == before


async def test_too_few_or_repeated_players_are_refused(saves: Path) -> None:
    app = make_test_app(saves, command="new", game="toy")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*"Ada", "enter")
        await pilot.pause()
        assert "at least 2" in str(app.screen.query_one("#error-seats").render())
        await pilot.press("tab", *"ada", "enter")
        await pilot.pause()
        assert "seated twice" in str(app.screen.query_one("#error-seats").render())
        assert not list(saves.glob("*.toml"))


async def test_escape_goes_back_a_step_with_the_values_kept(saves: Path) -> None:
    app = make_test_app(saves, command="new", game="toy")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*"Ada", "tab", *"Bo", "enter")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert app.screen.query_one("#seat-1", Input).value == "Bo"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)


def half_done(saves: Path) -> Path:
    session = Session.new("toy", seed=1, created="2026-11-29T20:00:00Z")
    session.confirm(session.steps()[0], {"players": ["Ada", "Bo"], "colour": "red"})
    session.confirm(session.steps()[1], {"done": 2})
    path = saves / "half.toml"
    write_session(path, session.data)
    return path


async def test_enter_on_an_unfinished_session_resumes_at_the_first_unconfirmed_step(
    saves: Path,
) -> None:
    half_done(saves)
    app = make_test_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen.query_one(DataTable).row_count == 1
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, FormScreen) and app.screen.step.id == "points-0"


async def test_a_finished_session_opens_as_a_replay_at_its_final_scores(saves: Path) -> None:
    path = half_done(saves)
    session = Session(only_session(saves), path)
    for step in session.steps()[2:4]:
        session.confirm(step, {"points": 5, "coins": 0, "bonus": False})
    session.finish()
    write_session(path, session.data)
    before = path.read_bytes()
    app = make_test_app(saves, command="replay", file=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen) and app.screen.page == len(session.log)
        await pilot.press("escape")  # opened from the command line: back to the shell
        await pilot.pause()
        assert not app.is_running
    assert path.read_bytes() == before


async def test_an_unreadable_file_is_listed_and_not_opened(saves: Path) -> None:
    (saves / "bad.toml").write_text("= nonsense")
    app = make_test_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "unreadable" in str(app.screen.query_one(DataTable).get_row_at(0))
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
    assert (saves / "bad.toml").read_text() == "= nonsense"


async def test_the_home_list_shows_names_exactly_as_typed(saves: Path) -> None:
    """Brackets and colons are not read as markup or emoji codes."""
    names = ["[b]Ad[/b]", "Bo :smile:"]
    write_session(saves / "marked.toml", {
        "format": 1, "game": "toy", "status": "in-progress", "created": "2026-11-29T20:30:00Z",
        "seed": 7, "players": [{"name": name} for name in names],
        "log": [{"step": "setup", "at": "2026-11-29T20:30:00Z", "values": {"players": names}}],
    })
    app = make_test_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        shown = [str(cell) for cell in table.get_row_at(0)]
        assert "[b]Ad[/b], Bo :smile:" in shown
        assert "[b]Ad[/b], Bo :smile:" in app.export_screenshot().replace("&#160;", " ")
