"""A finished game's table folder left behind (its host ended between the last save and closing
the table) is closed the next time the app opens that session: no seat is left to enter, and
the players' terminals stop waiting for a host."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from lastround.session.keeper import Keeper
from lastround.session.locks import SessionLock
from lastround.session.table import Table, table_folder
from tests.conftest import FIXED_TIME

EXAMPLE = Path(__file__).parents[2] / "saves" / "examples" / "rftg-4-players.toml"


@pytest.fixture
def finished(tmp_path: Path) -> Iterator[Path]:
    """A finished session whose table folder is still there, with a seat's offer in it."""
    path = tmp_path / "night.toml"
    shutil.copy(EXAMPLE, path)
    Table(path).open()
    (table_folder(path) / "seat-0.offer").write_text('id = "x"\n')
    yield path


def test_opening_a_finished_session_closes_its_table_left_open(finished: Path) -> None:
    keeper = Keeper(finished.parent, clock=lambda: FIXED_TIME, seed=1)
    keeper.open(finished)
    assert not table_folder(finished).exists()
    keeper.release_lock()


def test_replaying_it_read_only_writes_nothing(finished: Path) -> None:
    """`lastround replay` changes nothing beside the session."""
    Keeper(finished.parent, clock=lambda: FIXED_TIME, seed=1).open(finished, read_only=True)
    assert table_folder(finished).is_dir()


def test_a_table_its_host_still_holds_is_left(finished: Path) -> None:
    """A host still running holds the session's lock: its table is its own to close."""
    lock = SessionLock.acquire(finished)
    try:
        Keeper(finished.parent, clock=lambda: FIXED_TIME, seed=1).open(finished)
        assert table_folder(finished).is_dir()
    finally:
        lock.release()
