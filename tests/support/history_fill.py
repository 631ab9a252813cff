"""History's list filled as a worker reads the files, held at a gate: the tests see the list
after its first record and type keys while the rest waits to be read."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Generator
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import DataTable
from textual.worker import NoActiveWorker, Worker, get_current_worker

import lastround.screens.history
from lastround.records.index import HistoryReading
from lastround.records.session_record import SessionRecord
from lastround.screens.history import HistoryScreen

HANG_GUARD = 30.0  # seconds: the list fills in well under a second on any machine


def read_one_by_one(monkeypatch: pytest.MonkeyPatch, gate: threading.Event) -> None:
    """Every folder fills its list (FILL_FROM), one record a batch; after the first, each
    waits for `gate` (or for the worker to be cancelled: the app is leaving)."""
    original = HistoryReading.batches

    def batches(self: HistoryReading) -> Generator[list[SessionRecord], None, None]:
        inner = original(self)
        try:
            worker = get_current_worker()
        except NoActiveWorker:  # the home list, read at once
            yield from inner
            return
        first = True
        try:
            for batch in inner:
                for record in batch:
                    if not first and not opened(gate, worker):
                        return
                    first = False
                    yield [record]
        finally:
            inner.close()

    monkeypatch.setattr(lastround.screens.history, "FILL_FROM", 1)
    monkeypatch.setattr(HistoryReading, "batches", batches)


def opened(gate: threading.Event, worker: Worker[Any]) -> bool:
    while not gate.wait(0.02):
        if worker.is_cancelled:
            return False
    return True


async def until(pilot: Pilot[Any], condition: Callable[[], bool]) -> None:
    """Wait for what a worker thread sends: the Pilot's own wait does not see the thread."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + HANG_GUARD
    while not condition():
        assert loop.time() < deadline, "the condition never came"
        await pilot.pause()
        await asyncio.sleep(0.01)
    await pilot.pause()  # and what it set off: the layout, the screen drawn


def rows_listed(app: Any) -> int:
    screen = app.screen
    if not isinstance(screen, HistoryScreen) or not screen.is_mounted:
        return 0
    return screen.query_one("#history-table", DataTable).row_count
