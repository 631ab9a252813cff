"""What a long session's replay looks like at 80×24 while its log is read."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

import lastround.screens.replay
import lastround.session.early
from lastround.records.whole_reading import WholeReading, read_whole
from lastround.session.files import write_session
from tests.support.helpers import make_test_app
from tests.support.long_log import rftg_session

SAVES = Path("saves")  # the `saves` fixture's folder, as the working directory sees it


def test_the_final_scores_while_the_log_is_read_two_keys_waiting(
    snap_compare: Any, saves: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The final scores from the file's head; "reading the log…" in the title and where
    its corrections will show, saying the two keys typed wait for it."""
    path = SAVES / "rftg-long.toml"
    write_session(path, rftg_session(40).data)
    gate = threading.Event()
    monkeypatch.setattr(lastround.session.early, "EARLY_FROM", 1)

    def held_reading(path: Path) -> WholeReading:
        gate.wait(timeout=30)
        return read_whole(path)

    monkeypatch.setattr(lastround.screens.replay, "read_whole", held_reading)

    async def two_keys(pilot: Pilot[Any]) -> None:
        await pilot.pause()
        await pilot.press("left", "home")

    try:
        assert snap_compare(make_test_app(SAVES, command="replay", file=path),
                            run_before=two_keys, terminal_size=(80, 24))
    finally:
        gate.set()
