"""A file the reading refuses for a value a step records opens in the app on that step, by
keys at 80×24: the refusal said in the reading's own words, the refused value not shown as
if it were good, the file untouched until the table confirms an answer, then saved as its
reader accepts it. One family of refusal each: an answer of the whole table's (the options:
`advanced`, the goal tiles), an end check's answer, a seat's entry, a value in the log."""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lastround.screens.breakdown import BreakdownScreen
from lastround.screens.form import FormScreen
from lastround.screens.home import HomeScreen
from lastround.screens.step import StepScreen
from lastround.session.files import kept_note, write_session
from lastround.session.opening import open_file, open_session
from lastround.session.safe_read import SaveError
from lastround.session.session import Session
from tests.support.helpers import make_test_app, only_session
from tests.support.rftg_play import message, press
from tests.support.rftg_tied_play import tied_table

SIZE = (80, 24)
Edit = Callable[[dict[str, Any]], object]


def table(*, finished: bool = False) -> dict[str, Any]:
    session = tied_table()
    if finished:
        session.finish_with_breakdown()
    return copy.deepcopy(session.data)


def written(saves: Path, edit: Edit, *, finished: bool = False) -> Path:
    data = table(finished=finished)
    edit(data)
    path = saves / "session.toml"
    write_session(path, data)
    return path


def cli_line(path: Path) -> str:
    """What `lastround score` says of the file: one line naming the key."""
    try:
        open_session(path)
    except SaveError as refused:
        return str(refused).removeprefix(f"{path}: ").removesuffix(kept_note(path))
    raise AssertionError("the reading accepts it")


def form(app: Any) -> FormScreen:
    assert isinstance(app.screen, FormScreen), app.screen
    return app.screen


def field_text(app: Any, key: str) -> str:
    return str(form(app).field_widget_of(key).value)


def entry(data: dict[str, Any], step: str) -> dict[str, Any]:
    return next(e for e in reversed(data["log"]) if e["step"] == step)


async def test_the_advanced_game_out_of_bounds_is_asked_again_on_the_options(
        saves: Path) -> None:
    path = written(saves, lambda d: d.update(advanced=2))
    said, before = cli_line(path), path.read_bytes()
    assert said.startswith("advanced: must be 0 or 1")
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert form(app).step.id == "options" and message(app) == f"✗ {said}"
        assert path.read_bytes() == before  # opened, nothing written
        await press(pilot, "enter")
        assert not isinstance(app.screen, FormScreen) or form(app).step.id != "options"
    data = only_session(saves)
    assert "advanced" not in data and open_file(path).refused is None


async def test_a_goal_tile_named_twice_is_asked_again_on_the_options(saves: Path) -> None:
    path = written(saves, lambda d: d["goals"].append("PRODUCTION  leader"))
    said = cli_line(path)
    assert said == 'goals: names the goal tile "Production Leader" twice'
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert form(app).step.id == "options" and message(app) == f"✗ {said}"
        assert field_text(app, "production-leader") == "yes"  # the tile, once
        await press(pilot, "enter")
    assert only_session(saves)["goals"].count("Production Leader") == 1
    assert open_file(path).refused is None


async def test_an_end_check_answer_of_a_box_not_played_is_asked_again_there(
        saves: Path) -> None:
    path = written(saves, lambda d: d["end_checks"][0].update(most_prestige=16))
    said = cli_line(path)
    assert said == "end_checks[0].most_prestige: belongs to The Brink of War, not played"
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert form(app).step.id == "end-check-0" and message(app) == f"✗ {said}"
        await press(pilot, "enter")
    assert "most_prestige" not in only_session(saves)["end_checks"][0]
    assert open_file(path).refused is None


async def test_a_seats_count_is_asked_again_empty_on_its_step_then_the_game_finishes(
        saves: Path) -> None:
    """A finished game: opened in progress on Bo's counts, the -3 not shown; the answer
    typed finishes the game again, its final scores logged after it."""
    path = written(saves, lambda d: d["players"][1].update(chips=-3), finished=True)
    said, before = cli_line(path), path.read_bytes()
    assert said == "players[1].chips: must be 0 or more, not -3"
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert form(app).step.id == "counts-1" and message(app) == f"✗ {said}"
        assert field_text(app, "chips") == ""  # neither the refused -3 nor a guess
        assert str(form(app).query_one("#error-chips").render()) == f"✗ {said}"  # under it
        await press(pilot, "escape")  # looked at, left: nothing written
        assert isinstance(app.screen, StepScreen) and app.screen.step.id == "tableau-1"
        assert path.read_bytes() == before
        await press(pilot, "enter")  # the step before, as it stands
        assert form(app).step.id == "counts-1"
        await press(pilot, *"4", "enter")
        assert isinstance(app.screen, BreakdownScreen)
    data = only_session(saves)
    assert data["status"] == "finished" and data["players"][1]["chips"] == 4
    assert data["log"][-1]["step"] == "breakdown" and open_file(path).refused is None
    answered = data["log"][-2]  # after the first final scores: a correction, the -3 left out
    assert answered["step"] == "counts-1" and answered["correction"] is True
    assert "chips" not in answered["old"]


async def test_a_logged_answer_no_screen_sends_is_asked_again_on_its_step(
        saves: Path) -> None:
    path = written(saves, lambda d: entry(d, "options")["values"].update(timer=True))
    said = cli_line(path)
    assert said.startswith("log[1].values.timer: is no goal tile or option")
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert form(app).step.id == "options" and message(app) == f"✗ {said}"
        await press(pilot, "enter")
    data = only_session(saves)
    assert "timer" not in entry(data, "options")["values"] and open_file(path).refused is None


async def test_every_second_holder_the_log_alone_names_is_asked_again_in_turn(
        saves: Path) -> None:
    """Four players holding one "most" tile by the log alone: Bo's, Cy's and Di's goals are
    each asked again, the tile not pre-filled as held (their tables' answer shows)."""
    def all_hold(data: dict[str, Any]) -> None:
        for logged in data["log"]:
            if logged["step"].startswith("goals-"):
                logged["values"]["production-leader"] = "holds the tile"

    path = written(saves, all_hold)
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for seat, name in ((1, "Bo"), (2, "Cy"), (3, "Di")):
            assert form(app).step.id == f"goals-{seat}"
            assert f"{name} is marked holding Production Leader, which Ada holds" in \
                message(app)
            assert field_text(app, "production-leader") != "holds the tile"
            await press(pilot, "enter")
        assert isinstance(app.screen, BreakdownScreen)
    assert open_file(path).refused is None


async def test_the_home_list_offers_it_to_resume_not_as_unreadable(saves: Path) -> None:
    written(saves, lambda d: d["players"][1].update(chips=-3))
    app = make_test_app(saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        row = app.screen.query_one("DataTable").get_row_at(0)  # type: ignore[attr-defined]
        assert str(row[-1]) == "in progress"
        await press(pilot, "enter")
        assert form(app).step.id == "counts-1" and "players[1].chips" in message(app)


async def test_a_refusal_no_step_answers_stays_one_line_unreadable(saves: Path) -> None:
    """An entry after the final scores that is no correction: a log that contradicts itself."""
    path = written(saves, lambda d: d["log"].append({"step": "counts-0", "values": {}}),
                   finished=True)
    assert open_file(path).fixes is None
    app = make_test_app(saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        row = app.screen.query_one("DataTable").get_row_at(0)  # type: ignore[attr-defined]
        assert str(row[-1]) == "✗ unreadable"


def test_the_session_in_memory_asks_the_step_until_it_is_answered() -> None:
    opened = open_file_data(lambda d: d["players"][1].update(chips=-3))
    session = Session(dict(opened.data), None, dict(opened.fixes or {}))
    step = session.steps()[session.resume_index()]
    assert step.id == "counts-1" and "chips" not in session.values_for(step)
    session.confirm(step, {"chips": 2, "hand": 4, "goods": 0})
    assert not session.fixes and not session.steps()[session.index_of("counts-1")].ask_again


def open_file_data(edit: Edit) -> Any:
    from lastround.session.opening import checked

    data = table()
    edit(data)
    return checked(data)
