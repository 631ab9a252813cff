"""Two copies of the app on one session: the first writes, the second looks; stale locks go."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from textual.widgets import Input

from lastround.screens.home import HomeScreen
from lastround.screens.setup import SetupScreen
from lastround.session.files import read_session, write_session
from lastround.session.locks import Holder, Locked, SessionLock, lock_path, read_holder
from lastround.session.session import Session
from tests.robust.support import notices
from tests.support.helpers import make_test_app


@pytest.fixture
def gone_pid() -> int:
    """A pid that no process has any more."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def toy_session(saves: Path) -> Path:
    session = Session.new("toy", seed=1, created="2026-11-29T20:30:00Z")
    session.confirm(session.steps()[0], {"players": ["Ada", "Bo"], "colour": "red"})
    path = saves / "toy.toml"
    write_session(path, session.data)
    return path


def plant_lock(session: Path, pid: int, host: str | None = None) -> Path:
    lock = lock_path(session)
    lock.write_text(f"{pid}\n{host or socket.gethostname()}\n")
    return lock


# --- the lock file ----------------------------------------------------------------------------


def test_the_lock_sits_beside_the_session_and_names_this_process(saves: Path) -> None:
    path = toy_session(saves)
    lock = SessionLock.acquire(path)
    assert lock.path == saves / ".toy.toml.lock"
    assert read_holder(lock.path) == Holder(os.getpid(), socket.gethostname())
    lock.release()
    assert not lock.path.exists()


def test_a_live_holder_keeps_the_lock(saves: Path, other_process: int) -> None:
    path = toy_session(saves)
    plant_lock(path, other_process)
    with pytest.raises(Locked) as caught:
        SessionLock.acquire(path)
    assert caught.value.holder.pid == other_process
    assert read_holder(lock_path(path)) == Holder(other_process, socket.gethostname())


def test_a_holder_on_another_host_is_assumed_alive(saves: Path, gone_pid: int) -> None:
    path = toy_session(saves)
    plant_lock(path, gone_pid, host="another-machine.example")
    with pytest.raises(Locked, match=r"another-machine\.example"):
        SessionLock.acquire(path)


@pytest.mark.parametrize("content", ["dead", "", "garbage\x00\xff", "-5\nhost\n", "12\n\n"])
def test_a_stale_or_garbled_lock_is_taken_over(saves: Path, gone_pid: int, content: str) -> None:
    path = toy_session(saves)
    lock = lock_path(path)
    if content == "dead":
        plant_lock(path, gone_pid)
    else:
        lock.write_text(content, errors="surrogateescape")
    taken = SessionLock.acquire(path)
    assert read_holder(lock) == Holder(os.getpid(), socket.gethostname())
    taken.release()
    assert not lock.exists()


@pytest.mark.parametrize("pid", [2**31, 2**63, 10**40])
def test_a_lock_naming_a_process_id_no_process_can_have_is_taken_over(
    saves: Path, pid: int
) -> None:
    """A process id is a 32-bit signed number: a larger one is garbled, not a live app."""
    path = toy_session(saves)
    lock = plant_lock(path, pid)
    assert read_holder(lock) is None
    taken = SessionLock.acquire(path)
    assert read_holder(lock) == Holder(os.getpid(), socket.gethostname())
    taken.release()


def test_release_leaves_a_lock_another_app_has_taken_since(
    saves: Path, other_process: int
) -> None:
    path = toy_session(saves)
    mine = SessionLock.acquire(path)
    plant_lock(path, other_process)  # it took the lock over (we looked stale to it)
    mine.release()
    assert read_holder(lock_path(path)) == Holder(other_process, socket.gethostname())


# --- in the app -------------------------------------------------------------------------------


async def test_a_session_open_in_another_app_opens_read_only_and_says_so(
    saves: Path, other_process: int
) -> None:
    path = toy_session(saves)
    plant_lock(path, other_process)
    before = path.read_bytes()
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.walk.read_only and app.session is not None
        shown = notices(app)
        assert any("open in another Last Round" in m and str(other_process) in m
                   and "read-only" in m for m in shown), shown
        await pilot.press("space", "down", "space", "enter")  # tick and confirm: looks only
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
    assert path.read_bytes() == before, "the read-only copy wrote nothing"
    assert read_holder(lock_path(path)) == Holder(other_process, socket.gethostname()), \
        "nor took or removed the other app's lock"


async def test_a_stale_lock_is_taken_over_on_opening_and_released_on_leaving(
    saves: Path, gone_pid: int
) -> None:
    path = toy_session(saves)
    plant_lock(path, gone_pid)
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not app.walk.read_only
        assert read_holder(lock_path(path)) == Holder(os.getpid(), socket.gethostname())
        await pilot.press("space", "down", "space", "enter")
        await pilot.pause()
        assert [e["step"] for e in read_session(path)["log"]][-1] == "round"
        await pilot.press("ctrl+o")  # home: the session is left
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert not lock_path(path).exists()


async def test_a_session_whose_lock_names_a_huge_process_id_resumes(saves: Path) -> None:
    path = toy_session(saves)
    plant_lock(path, 2147483648)
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.session is not None and not app.walk.read_only


async def test_quitting_releases_the_lock(saves: Path) -> None:
    path = toy_session(saves)
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert lock_path(path).exists()
        await pilot.press("ctrl+q")
        await pilot.pause()
    assert not lock_path(path).exists()


async def test_a_new_session_is_locked_from_its_first_save(saves: Path) -> None:
    app = make_test_app(saves, command="new", game="toy")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        app.screen.query_one("#seat-0", Input).value = "Ada"
        app.screen.query_one("#seat-1", Input).value = "Bo"
        await pilot.press("enter")
        await pilot.pause()
        (session,) = saves.glob("*.toml")
        assert read_holder(lock_path(session)) == Holder(os.getpid(), socket.gethostname())
