"""Table mode's mailboxes (lastround.session.table): the files through which the host's app and
the players' own terminals talk. "A seat is held by one terminal at a time", what a seat
sends reads back exactly, and every file read is distrusted like a session."""

from __future__ import annotations

import os
import socket
import stat
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from lastround.session.locks import Locked, SessionLock, lock_path, read_holder
from lastround.session.table import (
    FILE_MODE,
    LARGEST_MESSAGE,
    Answer,
    Table,
    open_tables,
    session_of,
    table_folder,
)
from tests.support.table_sessions import ready_for_seats

COUNTS = {"chips": 14, "hand": 4, "goods": 2}


@pytest.fixture
def table(saves: Path) -> Table:
    opened = Table(ready_for_seats("rftg", saves))
    opened.open()
    return opened


@pytest.fixture
def host(table: Table) -> Iterator[SessionLock]:
    """The host's app holding its session (in this process: a token tells it apart)."""
    lock = SessionLock.acquire(table.session_path)
    yield lock
    lock.release()


# opening and closing --------------------------------------------------------------------
def test_the_table_is_a_hidden_folder_beside_the_session(saves: Path) -> None:
    session = saves / "game.toml"
    assert table_folder(session) == saves / ".game.toml.table"
    assert session_of(table_folder(session)) == session


def test_a_table_is_open_until_closed_and_reopening_keeps_what_was_sent(table: Table) -> None:
    assert table.is_open()
    offer = table.send(0, "counts-0", COUNTS)
    table.open()  # the host resumed
    assert table.offer_of(0) == offer, "what was sent meanwhile still waits"
    table.close()
    assert not table.is_open()
    assert not table.folder.exists()
    table.close()  # closing twice is harmless


def test_a_file_in_the_table_folder_s_place_is_a_clear_error(saves: Path) -> None:
    table = Table(ready_for_seats("rftg", saves))
    table.folder.write_text("not a folder")
    with pytest.raises(OSError, match="is in the way and is not a folder"):
        table.open()
    assert not table.is_open()
    assert table.folder.read_text() == "not a folder", "never removed"


def test_files_the_host_writes_are_readable_by_the_players_group(table: Table) -> None:
    """The players' terminals usually run as another account sharing a group with the host."""
    table.close()
    previous = os.umask(0o077)  # a strict umask must not lock the players out
    try:
        table.open()
        table.answer(0, Answer("1", "counts-0", "entered"))
        table.notify(1, "Priya also listed Gem World")
    finally:
        os.umask(previous)
    assert stat.S_IMODE(table.folder.stat().st_mode) & 0o770 == 0o770
    for name in ("seat-0.answer", "seat-1.notice"):
        mode = stat.S_IMODE((table.folder / name).stat().st_mode)
        assert mode == FILE_MODE == 0o660, name


# what goes through the mailboxes --------------------------------------------------------
def test_an_offer_and_its_answer_read_back_exactly(table: Table) -> None:
    assert (table.offer_of(0), table.answer_of(0), table.notice_of(0)) == (None, None, None)
    tableau = {"tableau": ["Earth's Lost Colony", 'A "quoted" name', "Back\\slash"]}
    offer = table.send(0, "tableau-0", tableau)
    assert table.offer_of(0) == offer
    assert (offer.step, offer.values) == ("tableau-0", tableau)
    answer = Answer(offer.id, "tableau-0", "refused", "tableau", "Gem World: all 1 used")
    table.answer(0, answer)
    assert table.answer_of(0) == answer
    table.notify(0, "Luis also listed Gem World")
    notice = table.notice_of(0)
    assert notice is not None and notice.text == "Luis also listed Gem World"
    assert table.offer_of(1) is None, "one seat's mailbox is not another's"


def test_offers_lists_only_the_offers_without_their_answer(table: Table) -> None:
    first = table.send(0, "counts-0", COUNTS)
    second = table.send(2, "tableau-2", {"tableau": ["New Sparta"]})
    assert list(table.offers(4)) == [(0, first), (2, second)]
    table.answer(0, Answer(first.id, "counts-0", "entered"))
    assert list(table.offers(4)) == [(2, second)]
    again = table.send(0, "counts-0", {**COUNTS, "chips": 15})
    assert again.id != first.id
    assert list(table.offers(4)) == [(0, again), (2, second)], "an old answer is not its answer"
    assert list(table.offers(1)) == [(0, again)], "only the seats asked about"


# seats -----------------------------------------------------------------------------------
def test_a_seat_is_held_by_one_terminal_at_a_time(table: Table) -> None:
    """Two claims in one process are two terminals (two SessionLock holders: tokens)."""
    assert not table.held(0)
    mine = table.claim(0)
    assert table.held(0)
    with pytest.raises(Locked):
        table.claim(0)
    other = table.claim(1)  # another seat is free
    mine.release()
    assert not table.held(0)
    again = table.claim(0)  # a reconnecting player gets the seat back
    assert again.held()
    again.release()
    other.release()


def gone_pid() -> int:
    """The id of a process that has ended (and been reaped)."""
    ended = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                           capture_output=True, text=True, check=True)
    return int(ended.stdout)


def test_a_dropped_terminal_s_seat_lock_is_stale_and_taken_over(table: Table) -> None:
    lock = lock_path(table.seat_path(0))
    lock.write_text(f"{gone_pid()}\n{socket.gethostname()}\nleft-by-a-dropped-link\n")
    assert not table.held(0)
    claimed = table.claim(0)
    holder = read_holder(lock)
    assert holder is not None and holder.pid == os.getpid()
    assert table.held(0)
    claimed.release()


def test_typing_is_a_draft_of_the_seat_on_disk(table: Table) -> None:
    assert not table.typing(1)
    table.drafts(1).keep("counts-1", 0, {"chips": "1"})
    assert table.typing(1)
    assert table.drafts(1).get("counts-1", 0) == {"chips": "1"}
    assert not table.typing(0)


# distrust ----------------------------------------------------------------------------------
HOSTILE = {
    "not TOML": 'id = "1"\nstep = "counts-0\nvalues = {[',
    "an escape character in a value": 'id = "1"\nstep = "tableau-0"\n'
                                      'values = {tableau = ["Gem World\\u001b[2J"]}\n',
    "an escape character in a key": 'id = "1"\nstep = "counts-0"\nvalues = {"\\u001b]0;x" = 1}\n',
    "values not a table": 'id = "1"\nstep = "counts-0"\nvalues = 3\n',
    "a step that is no name": 'id = "1"\nstep = 7\nvalues = {chips = 1}\n',
    "a number beyond any count": 'id = "1"\nstep = "counts-0"\nvalues = {chips = 9999999999}\n',
    "not UTF-8": b'id = "\xff"\nstep = "counts-0"\nvalues = {}\n'.decode("latin-1"),
    "nested past the stack": "values = " + "[" * 5000 + "]" * 5000 + "\n",
}


@pytest.mark.parametrize("contents", HOSTILE.values(), ids=list(HOSTILE))
def test_a_hostile_offer_reads_as_none(table: Table, contents: str) -> None:
    (table.folder / "seat-0.offer").write_bytes(contents.encode("latin-1"))
    assert table.offer_of(0) is None
    assert list(table.offers(1)) == []


def test_an_offer_that_is_a_link_is_never_followed(table: Table, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere.offer"
    elsewhere.write_text('id = "1"\nstep = "counts-0"\nvalues = {chips = 1}\n')
    (table.folder / "seat-0.offer").symlink_to(elsewhere)
    assert table.offer_of(0) is None


def test_an_offer_that_is_a_pipe_is_never_waited_on(table: Table) -> None:
    os.mkfifo(table.folder / "seat-0.offer")
    read: list[object] = []
    reader = threading.Thread(target=lambda: read.append(table.offer_of(0)), daemon=True)
    reader.start()
    reader.join(timeout=10)
    assert not reader.is_alive(), "reading the offer blocked on a pipe"
    assert read == [None]


def test_a_huge_offer_is_not_read(table: Table) -> None:
    offer = 'id = "1"\nstep = "counts-0"\nvalues = {chips = 1}\n'
    padding = "# " + "x" * 78 + "\n"
    huge = offer + padding * (LARGEST_MESSAGE // len(padding) + 1)
    (table.folder / "seat-0.offer").write_text(huge)
    assert table.offer_of(0) is None
    (table.folder / "seat-0.offer").write_text(offer)
    assert table.offer_of(0) is not None, "the same offer, of a sensible size, is read"


def test_an_answer_with_an_unknown_outcome_reads_as_none(table: Table) -> None:
    (table.folder / "seat-0.answer").write_text('id = "1"\nstep = "counts-0"\n'
                                                'outcome = "maybe"\n')
    assert table.answer_of(0) is None
    (table.folder / "seat-0.notice").write_text('id = "1"\ntext = ["not", "a", "line"]\n')
    assert table.notice_of(0) is None


# the tables waiting for players -----------------------------------------------------------
def test_open_tables_lists_a_table_only_while_its_host_holds_the_session(
    saves: Path, table: Table,
) -> None:
    assert open_tables(saves) == [], "no host: a killed host's table waits for nobody"
    lock = SessionLock.acquire(table.session_path)
    try:
        assert [t.session_path for t in open_tables(saves)] == [table.session_path]
        assert table.host_present()
    finally:
        lock.release()
    assert open_tables(saves) == []
    assert not table.host_present()


def test_open_tables_skips_a_closed_table_a_missing_session_and_a_stray_file(
    saves: Path, table: Table, host: SessionLock,
) -> None:
    (saves / ".stray.toml.table").write_text("a file, not a table")
    (saves / "stray.toml").write_text((table.session_path).read_text())
    stray_host = SessionLock.acquire(saves / "stray.toml")
    try:
        assert [t.session_path for t in open_tables(saves)] == [table.session_path]
    finally:
        stray_host.release()
    moved = table.session_path.rename(saves / "elsewhere.toml")
    assert open_tables(saves) == [], "the session file is gone"
    moved.rename(table.session_path)
    table.close()
    assert open_tables(saves) == []
    assert open_tables(saves / "no such folder") == []


# the folder swapped while the table is open ----------------------------------------------
def swap_folder(table: Table, tmp_path: Path) -> Path:
    """What anyone in the folder's group can do: move the open table's folder away."""
    moved = tmp_path / "moved-away"
    table.folder.rename(moved)
    return moved


def test_the_host_never_writes_through_a_link_put_in_the_table_folder_s_place(
        table: Table, tmp_path: Path) -> None:
    """The host's next answer once went through the link, outside the saves folder."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    swap_folder(table, tmp_path)
    table.folder.symlink_to(elsewhere)
    assert not table.in_place()
    with pytest.raises(OSError, match="moved or replaced"):
        table.answer(0, Answer("x", "tableau-0", "entered"))
    with pytest.raises(OSError, match="moved or replaced"):
        table.notify(1, "Maya listed it too")
    assert list(elsewhere.iterdir()) == []


def test_a_folder_put_in_the_table_folder_s_place_is_neither_written_nor_removed(
        table: Table, tmp_path: Path) -> None:
    moved = swap_folder(table, tmp_path)
    table.folder.mkdir()
    (table.folder / "theirs").write_text("not the host's")
    with pytest.raises(OSError, match="moved or replaced"):
        table.answer(0, Answer("x", "tableau-0", "entered"))
    table.close()
    assert sorted(p.name for p in table.folder.iterdir()) == ["theirs"]
    assert not (moved / "seat-0.answer").exists()
