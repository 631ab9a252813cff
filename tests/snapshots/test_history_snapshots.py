"""What replay, history and a corrected breakdown look like at 80×24."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from lastround.records.corrections import corrected
from lastround.records.index import load_history
from lastround.session.files import read_session, write_session
from lastround.session.session import Session
from tests.support.helpers import FIXED_TIME, make_test_app
from tests.support.history_data import copy_examples, history_folder
from tests.support.history_fill import read_one_by_one, rows_listed, until

SIZE = (80, 24)
SAVES = Path("saves")  # the `saves` fixture's folder, as the working directory sees it


def test_replay_of_a_middle_step_with_a_card_drawn(snap_compare: Any, saves: Path) -> None:
    _, galileo = copy_examples(SAVES)
    app = make_test_app(SAVES, command="replay", file=galileo)
    assert snap_compare(app, press=["home", *["right"] * 6], terminal_size=SIZE)


def test_replay_at_its_last_page_the_final_scores(snap_compare: Any, saves: Path) -> None:
    rftg, _ = copy_examples(SAVES)
    assert snap_compare(make_test_app(SAVES, command="replay", file=rftg), terminal_size=SIZE)


def test_history_with_the_chart(snap_compare: Any, saves: Path) -> None:
    history_folder(SAVES)
    app = make_test_app(SAVES, command="history")
    assert snap_compare(app, press=["slash", *"toy", "enter"], terminal_size=SIZE)


def test_history_while_its_list_fills(snap_compare: Any, saves: Path,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The newest session listed at once (from the index), "reading 1 of 7 sessions…"."""
    history_folder(SAVES)
    load_history(SAVES)
    gate = threading.Event()
    read_one_by_one(monkeypatch, gate)

    async def first_row(pilot: Pilot[Any]) -> None:
        await until(pilot, lambda: rows_listed(pilot.app) > 0)

    try:
        assert snap_compare(make_test_app(SAVES, command="history"), run_before=first_row,
                            terminal_size=SIZE)
    finally:
        gate.set()


def test_corrected_breakdown(snap_compare: Any, saves: Path) -> None:
    rftg, _ = copy_examples(SAVES)
    session = Session(read_session(rftg), rftg)
    fixed = corrected(session, "counts-0", {"chips": 30, "hand": 4, "goods": 2}, at=FIXED_TIME)
    write_session(rftg, fixed.data)
    assert snap_compare(make_test_app(SAVES, command="replay", file=rftg), terminal_size=SIZE)
