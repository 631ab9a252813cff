"""Two tables, one saves folder: each table gets its own file, and only the app that holds a
session's lock writes it (issue "Hostile files, terminal injection and two tables at once")."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import socket
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from lastround.app import LastRoundApp
from lastround.session.files import read_session, write_session
from lastround.session.locks import Holder, lock_path, read_holder
from lastround.session.session import Session
from tests.robust.support import notices
from tests.support.helpers import FIXED_TIME, make_test_app

TRIALS = 50
COLOURS = ("red", "blue")  # what tells the two tables apart: same clock, same players


def table(colour: str) -> Session:
    """A new session with its players confirmed, not yet saved (it has no file)."""
    session = Session.new("toy", seed=1, created=FIXED_TIME)
    session.confirm(session.steps()[0], {"players": ["Ada", "Bo"], "colour": colour},
                    at=FIXED_TIME)
    return session


def colours_on_disk(saves: Path) -> list[str]:
    """Each session file's colour: one per table that reached the disk."""
    return sorted(read_session(path)["log"][0]["values"]["colour"]
                  for path in saves.glob("*.toml"))


def save_together(apps: list[LastRoundApp]) -> list[str | None]:
    """Each app saves its new session from its own thread, all released at once (as
    LastRoundApp.save does, without a screen to say a failure on); why each did not save."""
    start = threading.Barrier(len(apps))
    failed: list[str | None] = ["not run"] * len(apps)

    def save(index: int) -> None:
        start.wait()
        failed[index] = apps[index].keeper.save()

    threads = [threading.Thread(target=save, args=(i,)) for i in range(len(apps))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return failed


@pytest.mark.parametrize("trial", range(TRIALS))
def test_two_new_sessions_saved_at_once_get_two_files(saves: Path, trial: int) -> None:
    """Finding: two new sessions started in the same minute with the same players wrote one
    file; the first table's entries were overwritten by the second's while both said saved."""
    apps = [make_test_app(saves) for _ in COLOURS]
    for app, colour in zip(apps, COLOURS, strict=True):
        app.keeper.begin(table(colour))
    try:
        assert save_together(apps) == [None, None]
        assert colours_on_disk(saves) == sorted(COLOURS), "never one file for two tables"
        paths = [app.session.path for app in apps if app.session]
        assert len(set(paths)) == 2
        for app in apps:  # each holds its own file's lock
            session_path = app.session.path if app.session else None
            assert app.keeper.lock is not None and session_path is not None
            assert app.keeper.lock.path == lock_path(session_path) and app.keeper.lock.held()
    finally:
        for app in apps:
            app.keeper.release_lock()


def run_tables_in_two_processes(table_of: Callable[[list[Path], Any, str], None],
                                folders: list[Path]) -> None:
    """`table_of(folders, start, colour)` in a process of its own per colour, as two apps in
    two terminals are; both must end well."""
    context = multiprocessing.get_context("spawn")  # never fork a process with threads
    start = context.Barrier(len(COLOURS))
    processes = [context.Process(target=table_of, args=(folders, start, colour))
                 for colour in COLOURS]
    for process in processes:
        process.start()
    for process in processes:
        process.join(timeout=300)
    assert [process.exitcode for process in processes] == [0, 0]


def race_in_another_process(folders: list[Path], start: Any, colour: str) -> None:
    """One table per folder, each saved the moment the other process saves its own."""
    from lastround.games import GAME_PACKAGES

    GAME_PACKAGES.append("tests.support.toy_unlisted")  # the test registry is the parent's only
    for folder in folders:
        app = make_test_app(folder)
        app.keeper.begin(table(colour))
        start.wait(timeout=60)
        failed = app.keeper.save()
        app.keeper.release_lock()
        if failed:
            raise SystemExit(failed)


def test_two_processes_saving_new_sessions_at_once_get_two_files(tmp_path: Path) -> None:
    """Finding: two new sessions started in the same minute with the same players wrote one
    file (as two apps in two terminals do: two processes)."""
    folders = [tmp_path / f"trial-{n}" for n in range(TRIALS)]
    run_tables_in_two_processes(race_in_another_process, folders)
    shared = [f.name for f in folders if colours_on_disk(f) != sorted(COLOURS)]
    assert shared == [], f"{len(shared)} of {TRIALS} trials left one file for two tables"


# --- two apps as players run them --------------------------------------------------------------


async def until(pilot: Any, check: Any, what: str, seconds: float = 60) -> None:
    """Until `check()` holds (later on a busy machine); else fail saying what never came."""
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, f"never {what}: {notices(pilot.app)}"
        await pilot.pause(0.02)


async def play_one_table(saves: Path, colour: str, start: Any) -> list[str]:
    """Seat Ada and Bo, pick the colour, confirm together with the other table, then the
    round; the steps the app logged."""
    from lastround.screens.checklist import ChecklistScreen
    from lastround.screens.setup import SetupScreen

    app = make_test_app(saves, command="new", game="toy")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, SetupScreen), "set up")
        await pilot.press(*"Ada", "tab", *"Bo")
        if colour == "blue":
            await pilot.press("tab", "tab", "tab", "right")
        await asyncio.to_thread(start.wait, 60)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ChecklistScreen) or app.keeper.unsaved,
                    "saved the players")
        assert not app.keeper.unsaved, notices(app)
        await pilot.press("space", "down", "space", "enter")
        await until(pilot, lambda: app.walk.step_index == 2 or app.keeper.unsaved,
                    "saved the round")
        assert not app.keeper.unsaved, notices(app)
    return [entry["step"] for entry in app_log(saves, colour)]


def app_log(saves: Path, colour: str) -> list[dict[str, Any]]:
    for path in saves.glob("*.toml"):
        log: list[dict[str, Any]] = read_session(path)["log"]
        if log[0]["values"].get("colour") == colour:
            return log
    raise AssertionError(f"the {colour} table is not on disk")


def pilot_table(folders: list[Path], start: Any, colour: str) -> None:
    from lastround.games import GAME_PACKAGES

    GAME_PACKAGES.append("tests.support.toy_unlisted")
    for folder in folders:
        logged = asyncio.run(play_one_table(folder, colour, start))
        if logged != ["setup", "round"]:
            raise SystemExit(f"{folder}: {colour} logged {logged}")


def test_two_apps_starting_the_same_new_session_at_once_keep_both_tables(tmp_path: Path) -> None:
    """Finding: two new sessions started in the same minute with the same players wrote one
    file. Two apps (two processes, as two terminals), same clock, same players, confirmed at
    once: two files, each table's every entry on disk."""
    folders = [tmp_path / f"trial-{n}" for n in range(3)]
    for folder in folders:
        folder.mkdir()
    run_tables_in_two_processes(pilot_table, folders)
    for folder in folders:
        assert colours_on_disk(folder) == sorted(COLOURS)
        for colour in COLOURS:
            assert [e["step"] for e in app_log(folder, colour)] == ["setup", "round"]


# --- a lock this app does not hold ------------------------------------------------------------


def toy_file(saves: Path) -> Path:
    path = saves / "toy.toml"
    write_session(path, table("red").data)
    return path


async def test_a_save_after_the_lock_was_taken_over_is_refused_and_says_why(
    saves: Path, other_process: int
) -> None:
    """Finding: an app that doesn't hold the session's lock wrote it anyway (save() ignored
    what take_lock() returned); the lock file must still name this app at every save."""
    path = toy_file(saves)
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not app.walk.read_only and app.keeper.lock is not None
        lock_path(path).write_text(f"{other_process}\n{socket.gethostname()}\n")  # taken over
        before = path.read_bytes()
        await pilot.press("space", "down", "space", "enter")
        await until(pilot, lambda: app.keeper.unsaved, "refused the save")
        assert path.read_bytes() == before, "the other app's file is left alone"
        (message,) = notices(app)
        assert message.startswith(f"Could not save {path}") and "Ctrl+S" in message
        assert f"process {other_process}" in message and "\n" not in message
    assert read_holder(lock_path(path)) == Holder(other_process, socket.gethostname()), \
        "nor is its lock removed on leaving"


async def test_a_lock_that_is_a_folder_opens_the_session_read_only(saves: Path) -> None:
    """Finding: a lock file that is a directory disabled locking (two writable copies):
    the app that can't hold the lock opens the session read-only and says why in one line."""
    path = toy_file(saves)
    lock_path(path).mkdir()
    before = path.read_bytes()
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.walk.read_only and app.keeper.lock is None
        (message,) = notices(app)
        assert path.name in message and "read-only" in message and lock_path(path).name in message
        assert "\n" not in message
        await pilot.press("space", "down", "space", "enter")  # looks only
        await pilot.pause()
    assert path.read_bytes() == before
    assert lock_path(path).is_dir(), "what is in the lock's place is not ours to remove"
    assert os.listdir(lock_path(path)) == []
