"""A third game plugs in with its package and ONE registry line: the toy game
(tests/support/toy_game.py, its plugin beside its rules) gets its home key, history's short
title, the exports, the play logs, `lastround new` and table mode without any other file
knowing it.

Each check names what a game's plugin gives: the toy's title ("Toy Game") differs from its
short title ("Toy"), it names its own CSV columns and has no BoardGameGeek id, so a table
of games kept anywhere else shows here as a wrong cell or a missing one.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Iterator
from io import StringIO
from pathlib import Path
from xml.etree import ElementTree

import pytest
from textual.widgets import DataTable

from lastround.cli import parser
from lastround.games import GAME_PACKAGES
from lastround.records.export_command import every_session, one_session
from lastround.screens.breakdown import BreakdownScreen
from lastround.screens.history import HistoryScreen
from lastround.screens.home import HomeScreen
from lastround.screens.join_steps import JoinFormScreen
from lastround.screens.setup import SetupScreen
from lastround.session.files import read_session, write_session
from lastround.session.session import Session
from lastround.shell.join_app import JoinApp
from tests.support.helpers import FIXED_TIME, make_test_app, only_session
from tests.support.join_play import NARROW, Host, done, on_step, shown, take_seat, until


@pytest.fixture(autouse=True)
def registry_with_the_toy() -> Iterator[None]:
    """The registry as shipped (without the unlisted toy every other test knows, see
    tests/conftest.py), plus the toy's one line."""
    kept = list(GAME_PACKAGES)
    GAME_PACKAGES[:] = [package for package in kept if package.startswith("lastround.games.")]
    GAME_PACKAGES.append("tests.support.toy_game")  # the one line a third game adds
    yield
    GAME_PACKAGES[:] = kept


async def finished_from_the_home_key(saves: Path) -> Path:
    """A toy session started with the toy's home key and walked to its final scores."""
    app = make_test_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        footer = [binding.description for _, binding, *_ in app.active_bindings.values()]
        assert "New Toy" in footer
        assert "t for Toy Game" in str(app.screen.query_one("#new-line").render())
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        await pilot.press(*"Ada", "tab", *"Bo", "tab", "tab", "tab", "right", "enter")
        await pilot.pause()
        await pilot.press("space", "down", "space", "enter")
        await pilot.pause()
        await pilot.press(*"12", "tab", "3", "enter")
        await pilot.pause()
        await pilot.press(*"6", "tab", "4", "tab", "space", "enter")
        await pilot.pause()
        assert isinstance(app.screen, BreakdownScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        # History lists it by its short title.
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)
        table = app.screen.query_one(DataTable)
        rows = [[str(cell) for cell in table.get_row(key)] for key in table.rows]
        assert [row[2] for row in rows] == ["Toy"]  # after the ▶ mark and the date
    data = only_session(saves)
    assert data["game"] == "toy" and data["status"] == "finished"
    assert data["log"][-1]["values"]["winners"] == ["Ada"]
    return next(saves.glob("*.toml"))


async def test_a_game_registered_in_one_line_is_played_listed_and_exported(saves: Path) -> None:
    path = await finished_from_the_home_key(saves)

    markdown = one_session(path, as_csv=False)
    assert "Toy Game" in markdown and "Ada" in markdown
    rows = list(csv.DictReader(StringIO(one_session(path, as_csv=True))))
    assert [(r["player"], r["coins"], r["tiebreak_coins"]) for r in rows] == [
        ("Ada", "3", "3"), ("Bo", "4", "4")]
    assert "edition" not in rows[0], "the toy has one edition"
    every, left_out = every_session(saves)
    assert "tiebreak_coins" in every.splitlines()[0] and not left_out

    play = json.loads(one_session(path, as_csv=False, play_log="bgstats"))
    assert play["game"]["name"] == "Toy Game" and play["game"]["sourceGameId"] == "toy"
    assert "bggId" not in play["game"], "no BoardGameGeek id: left out"
    item = ElementTree.fromstring(one_session(path, as_csv=False, play_log="bgg")).find(
        "play/item")
    assert item is not None and item.get("name") == "Toy Game"
    assert item.get("objectid") is None

    assert parser().parse_args(["new", "toy"]).game == "toy"


def toy_ready_for_seats(folder: Path) -> Path:
    """A toy session with its table-wide steps confirmed: each player's points are next."""
    session = Session.new("toy", seed=1, created=FIXED_TIME)
    session.confirm(session.steps()[0], {"players": ["Ada", "Bo"], "colour": "red"},
                    at=FIXED_TIME)
    session.confirm(session.steps()[1], {}, at=FIXED_TIME)
    path = folder / "toy-table.toml"
    write_session(path, session.data)
    return path


async def test_a_player_at_the_table_enters_their_own_toy_points(tmp_path: Path) -> None:
    path = toy_ready_for_seats(tmp_path)
    host = Host(path)
    app = JoinApp(tmp_path)
    async with app.run_test(size=NARROW) as pilot:
        await until(pilot, lambda: "toy-table.toml" in shown(app, "#tables"), "the table")
        assert shown(app, "#tables") == "1. Toy Game · Ada, Bo · toy-table.toml"
        await take_seat(pilot, app, 1, host)
        await until(pilot, lambda: on_step(app, "points-1"), "Bo's points")
        assert isinstance(app.screen, JoinFormScreen)
        await pilot.press("7", "enter", "2", "enter", "enter")  # Enter: field by field, then sent
        await until(pilot, lambda: done(app, "1. ✓ Bo: points"), "entered", host)
    entry = next(e for e in read_session(path)["log"] if e["step"] == "points-1")
    assert entry["values"]["points"] == 7 and entry["by"] == "Bo"
    host.leave()
