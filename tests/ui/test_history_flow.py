"""Pilot tests: the history screen's list, sorting, filter, figures, export and replay."""

from __future__ import annotations

import csv
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import DataTable, Static

from lastround.app import LastRoundApp
from lastround.records.index import INDEX_NAME
from lastround.screens.history import HistoryScreen
from lastround.screens.home import HomeScreen
from lastround.screens.replay import ReplayScreen
from tests.support.galileo_play import shown_text
from tests.support.helpers import make_test_app
from tests.support.history_data import history_folder


def listed(app: LastRoundApp) -> list[str]:
    """The files in the list, top to bottom."""
    table = app.screen.query_one(DataTable)
    return [str(key.value) for key in table.rows]


def cells(app: LastRoundApp, file: str) -> list[str]:
    return [str(cell) for cell in app.screen.query_one(DataTable).get_row(file)][1:]  # not ▶


def figures_text(app: LastRoundApp) -> str:
    return shown_text(app.screen.query_one("#history-chart", Static))


async def press(pilot: Pilot[None], *keys: str) -> None:
    await pilot.press(*keys)
    await pilot.pause()


def saved_folder(saves: Path) -> dict[str, bytes]:
    history_folder(saves)
    return {p.name: p.read_bytes() for p in saves.glob("*.toml")}


async def test_h_at_home_lists_every_session_newest_first_with_unreadable_ones(
    saves: Path,
) -> None:
    files = saved_folder(saves)
    app = make_test_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "h")
        assert isinstance(app.screen, HistoryScreen)
        assert listed(app) == ["galileo-4-players.toml", "rftg-4-players.toml", "t4.toml",
                               "t3.toml", "t2.toml", "t1.toml", "broken.toml"]
        assert cells(app, "t2.toml") == ["2026-10-08 20:00", "Toy", "★ Ada & Bo",
                                         "Ada 25 · Bo 25 · Cy 10"]
        assert cells(app, "t4.toml")[2:] == ["in progress", "Bo · Cy"]
        broken = cells(app, "broken.toml")
        assert broken[2] == "✗ unreadable" and broken[3].startswith("broken.toml: not valid TOML")
        app.screen.query_one(DataTable).move_cursor(row=6)
        await pilot.pause()
        assert "✗ broken.toml: not valid TOML" in str(
            app.screen.query_one("#history-error", Static).render())
        await press(pilot, "escape")
        assert isinstance(app.screen, HomeScreen)
    assert {p.name: p.read_bytes() for p in saves.glob("*.toml")} == files, "nothing changed"
    assert (saves / INDEX_NAME).is_file()


async def test_sort_keys_order_by_date_game_and_winner_and_again_reverse(saves: Path) -> None:
    saved_folder(saves)
    app = make_test_app(saves, command="history")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        newest = listed(app)
        await press(pilot, "d")
        assert listed(app) == [*reversed(newest[:-1]), "broken.toml"]
        assert "Sorted by date, oldest first" in str(
            app.screen.query_one("#history-order", Static).render())
        await press(pilot, "g")
        assert listed(app)[:2] == ["galileo-4-players.toml", "rftg-4-players.toml"]
        await press(pilot, "g")
        assert listed(app)[-3:] == ["rftg-4-players.toml", "galileo-4-players.toml",
                                    "broken.toml"]
        await press(pilot, "w")
        assert listed(app) == ["t3.toml", "t1.toml", "t2.toml", "rftg-4-players.toml",
                               "galileo-4-players.toml", "t4.toml", "broken.toml"]


async def test_the_filter_shows_a_players_or_a_games_sessions_and_their_figures(
    saves: Path,
) -> None:
    saved_folder(saves)
    app = make_test_app(saves, command="history")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Galileo Galilei" in figures_text(app) and "Toy" in figures_text(app)
        await press(pilot, "slash", *"cy")
        assert listed(app) == ["t4.toml", "t3.toml", "t2.toml", "broken.toml"]
        assert "Galileo" not in figures_text(app)
        await press(pilot, "enter")  # done filtering: the list has the keys again
        assert app.screen.query_one(DataTable).has_focus
        await press(pilot, "slash", *["backspace"] * 2, *"galileo")
        assert listed(app) == ["galileo-4-players.toml", "broken.toml"]
        assert "Marta" in figures_text(app) and "Toy" not in figures_text(app)


async def test_the_figures_give_plays_wins_shared_rate_average_best_and_a_chart(
    saves: Path,
) -> None:
    saved_folder(saves)
    app = make_test_app(saves, command="history")
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "slash", *"toy")
        rows = {line.split()[0]: line.split()[1:] for line in figures_text(app).splitlines()
                if line.split() and line.split()[0] in ("Ada", "Bo", "Cy")}
        assert rows["Ada"] == ["3", "3", "1", "100%", "31.7", "40", "▆▅█", "40"]
        assert rows["Bo"] == ["2", "1", "1", "50%", "22.5", "25", "▃▅", "25"]
        assert rows["Cy"] == ["2", "0", "0", "0%", "22.5", "35", "▁▇", "35"]
        assert "Toy: scores over time, one bar a game, ▁ 10 … █ 40" in figures_text(app)


async def test_x_exports_every_finished_session_as_one_csv(saves: Path) -> None:
    saved_folder(saves)
    app = make_test_app(saves, command="history")
    said: list[str] = []
    app.notify = lambda message, **options: said.append(message)  # type: ignore[method-assign]
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "slash", *"ada", "enter")  # a filter does not narrow the export
        await press(pilot, "x")
    target = saves / "exports" / "sessions.csv"
    assert said == [f"5 finished sessions (15 rows) written to {target}"]
    with target.open(encoding="utf-8") as stream:
        rows = list(csv.DictReader(stream))
    assert len(rows) == 15 and {r["file"] for r in rows} == {
        "t1.toml", "t2.toml", "t3.toml", "rftg-4-players.toml", "galileo-4-players.toml"}


async def test_enter_replays_the_highlighted_session_and_escape_comes_back(saves: Path) -> None:
    saved_folder(saves)
    app = make_test_app(saves, command="history")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "down", "enter")
        assert isinstance(app.screen, ReplayScreen)
        assert app.screen.session.path == saves / "rftg-4-players.toml"
        await press(pilot, "escape")
        assert isinstance(app.screen, HistoryScreen) and app.session is None
        app.screen.query_one(DataTable).move_cursor(row=6)
        await press(pilot, "enter")  # the broken file is not opened
        assert isinstance(app.screen, HistoryScreen)


async def test_history_fits_at_the_minimum_size_with_its_whole_footer(saves: Path) -> None:
    from textual.widgets import Footer

    saved_folder(saves)
    app = make_test_app(saves, command="history")
    async with app.run_test(size=(76, 22)) as pilot:
        await pilot.pause()
        footer = app.screen.query_one(Footer)
        assert all(key.region.right <= footer.region.right for key in footer.query("FooterKey"))
        table = app.screen.query_one(DataTable)
        assert table.has_focus and table.region.bottom <= 21


async def test_a_long_history_lists_its_first_rows_and_every_unreadable_file(
    saves: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    import lastround.screens.history

    monkeypatch.setattr(lastround.screens.history, "ROW_LIMIT", 2)
    saved_folder(saves)
    app = make_test_app(saves, command="history")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert listed(app) == ["galileo-4-players.toml", "rftg-4-players.toml", "broken.toml"]
        assert "7 of 7 sessions, 1 unreadable; the first 2 listed" in str(
            app.screen.query_one("#history-order", Static).render())
        assert "Ada" in figures_text(app), "the figures count every session"


async def test_a_large_saves_folder_is_read_by_worker_processes_inside_the_app(
    saves: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Inside the app stderr is Textual's, with no file descriptor: the workers still start."""
    import concurrent.futures
    import os
    import shutil

    from lastround.records import index as history_index
    from tests.support.history_data import EXAMPLE_FILES, EXAMPLES
    for copy in range(4):
        for name in EXAMPLE_FILES:
            shutil.copy(EXAMPLES / name, saves / f"{copy}-{name}")
    mapped: list[int] = []

    class CountedPool(concurrent.futures.ProcessPoolExecutor):
        def map(self, *args: Any, **options: Any) -> Iterator[Any]:
            chunks = list(super().map(*args, **options))
            mapped.append(len(chunks))
            return iter(chunks)

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", CountedPool)
    monkeypatch.setattr(history_index, "PARALLEL_FROM", 2)
    monkeypatch.setattr(os, "sched_getaffinity", lambda _pid: {0, 1}, raising=False)
    app = make_test_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "h")
        assert len(listed(app)) == 8
        assert cells(app, "2-rftg-4-players.toml")[2] == "★ Luis"
    assert mapped == [8], "every file was read by a worker, in 8 chunks of one"
