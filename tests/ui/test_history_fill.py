"""History over many sessions fills its list as a worker reads them: the first rows and
"reading N of M sessions…" show at once, keys work meanwhile, and once every file is read
the list, its order and the figures are exactly those of a folder read at once."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from textual.widgets import Static

from lastround.app import LastRoundApp
from lastround.records.index import load_history
from lastround.screens.history import HistoryScreen
from tests.support.galileo_play import shown_text
from tests.support.helpers import make_test_app
from tests.support.history_data import history_folder
from tests.support.history_fill import read_one_by_one, rows_listed, until
from tests.ui.test_history_flow import figures_text, listed


def order_line(app: LastRoundApp) -> str:
    return shown_text(app.screen.query_one("#history-order", Static))


async def read_at_once(saves: Path, *keys: str) -> tuple[list[str], str, str]:
    """The list, its order line and the figures of history opened the usual way."""
    app = make_test_app(saves, command="history")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(*keys)
        await pilot.pause()
        return listed(app), order_line(app), figures_text(app)


@pytest.mark.parametrize("indexed", [False, True], ids=["files", "index"])
async def test_the_first_rows_show_before_the_last_file_is_read_then_all_of_them(
    saves: Path, monkeypatch: pytest.MonkeyPatch, indexed: bool,
) -> None:
    history_folder(saves)
    if indexed:
        load_history(saves)  # a warm index: its rows come newest first
    expected = await read_at_once(saves)
    gate = threading.Event()
    read_one_by_one(monkeypatch, gate)
    app = make_test_app(saves, command="history")
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: rows_listed(app) > 0)
            assert rows_listed(app) == 1, "shown before the other files are read"
            assert "reading 1 of 7 sessions…" in order_line(app)
            gate.set()
            await until(pilot, lambda: "reading" not in order_line(app))
            assert (listed(app), order_line(app), figures_text(app)) == expected
    finally:
        gate.set()


async def test_a_key_typed_while_the_list_fills_works(
    saves: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """G sorts by game while the files are still being read; the rows read after are
    listed in that order too, as if G had been pressed once every file was read."""
    history_folder(saves)
    expected = await read_at_once(saves, "g")
    gate = threading.Event()
    read_one_by_one(monkeypatch, gate)
    app = make_test_app(saves, command="history")
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: rows_listed(app) > 0)
            await pilot.press("g")
            await pilot.pause()
            assert "Sorted by game, A to Z · reading 1 of 7 sessions…" in order_line(app)
            gate.set()
            await until(pilot, lambda: "reading" not in order_line(app))
            assert (listed(app), order_line(app), figures_text(app)) == expected
    finally:
        gate.set()


async def test_leaving_history_while_it_fills_goes_home_at_once(
    saves: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Esc while the files are read: home, and the reading stops (the app quits at once)."""
    history_folder(saves)
    gate = threading.Event()
    read_one_by_one(monkeypatch, gate)
    app = make_test_app(saves)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("h")
            await until(pilot, lambda: rows_listed(app) > 0)
            await pilot.press("escape")
            await pilot.pause()
            assert not isinstance(app.screen, HistoryScreen)
            assert "Sessions" in shown_text(app.screen.query_one("#sessions-heading", Static))
    finally:
        gate.set()
