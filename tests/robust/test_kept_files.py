"""The files a save leaves: a backup that can't be written stops nothing, modes are kept, and a
killed save's temporary files are cleaned up (issue "Hostile files, terminal injection and two
tables at once")."""

from __future__ import annotations

import os
import stat
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from lastround.session.drafts import draft_path
from lastround.session.files import backup_path, read_session, write_session
from lastround.session.locks import lock_path
from tests.support.helpers import make_test_app
from tests.support.history_data import toy_data, write_toy


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture
def umask() -> Iterator[int]:
    """A known umask (the usual one) for the test, the process's own again afterwards."""
    before = os.umask(0o022)
    yield 0o022
    os.umask(before)


def test_a_backup_that_is_a_folder_does_not_stop_the_save(saves: Path) -> None:
    """Finding: a `.bak` that is a directory blocked every save although the session itself
    was writable. The backup is a safety net: the save goes on and the file stays sound."""
    path = saves / "s.toml"
    write_session(path, toy_data("2026-11-29T20:30:00Z", {"Ada": 1, "Bo": 2}))
    backup_path(path).mkdir()
    write_session(path, toy_data("2026-11-29T20:30:00Z", {"Ada": 3, "Bo": 2}))
    assert read_session(path)["players"][0]["points"] == 3
    assert backup_path(path).is_dir() and os.listdir(backup_path(path)) == []
    assert [p.name for p in saves.iterdir() if p.name.endswith(".tmp")] == []


def test_a_new_session_file_gets_the_usual_mode(saves: Path, umask: int) -> None:
    """Finding: every save reset the file mode to 600 (mkstemp); a new file gets
    0o666 & ~umask, as any other program's would."""
    path = write_toy(saves, "s.toml", "2026-11-29T20:30:00Z", {"Ada": 1, "Bo": 2})
    assert mode(path) == 0o666 & ~umask


@pytest.mark.parametrize("chosen", [0o640, 0o644, 0o600, 0o664])
def test_a_save_keeps_the_mode_of_the_file_and_gives_it_to_the_backup(
    saves: Path, umask: int, chosen: int
) -> None:
    """Finding: every save reset the file mode to 600. The file keeps the mode it has; the
    backup, a copy of it, gets the same."""
    path = write_toy(saves, "s.toml", "2026-11-29T20:30:00Z", {"Ada": 1, "Bo": 2})
    path.chmod(chosen)
    write_toy(saves, "s.toml", "2026-11-29T20:30:00Z", {"Ada": 5, "Bo": 2})
    assert mode(path) == chosen
    assert mode(backup_path(path)) == chosen
    assert read_session(backup_path(path))["players"][0]["points"] == 1


def test_an_export_keeps_its_mode_and_a_new_one_gets_the_usual(
    saves: Path, umask: int
) -> None:
    """Finding: every save reset the file mode to 600, exports too."""
    from lastround.records.export_command import main_export

    write_toy(saves, "s.toml", "2026-11-29T20:30:00Z", {"Ada": 1, "Bo": 2})
    out = saves / "exports" / "all.csv"
    assert main_export(None, as_csv=True, out=out, saves=str(saves)) == 0
    assert mode(out) == 0o666 & ~umask
    out.chmod(0o600)
    assert main_export(None, as_csv=True, out=out, saves=str(saves)) == 0
    assert mode(out) == 0o600


# Left by a save or a draft killed half-way (names as atomic_write and drafts make them).
OURS = (".s.toml.k3j_x9q2.tmp", ".s.toml.0a1b2c3d.tmp", "..s.toml.bak.zz9_y8x7.tmp",
        ".s.toml.draft.tmp")
# A lock is made under a temporary name for a moment: one an hour old was left by a killed app.
LOCK_BEING_MADE, LOCK_LEFT = "..s.toml.lock.0f1e2d3c.tmp", "..s.toml.lock.a1b2c3d4.tmp"
# Not ours to remove: another session's, a person's, or not a temporary file at all.
NOT_OURS = (".other.toml.k3j_x9q2.tmp", "s.toml.k3j_x9q2.tmp", ".s.toml.tmp", ".s.toml.notes.tmp",
            ".s.toml.k3j_x9q2.tmp.keep", ".s.toml.k3j.tmp", "notes.tmp", ".s.toml.bak")


async def test_a_killed_saves_temporary_files_go_when_the_session_is_next_opened(
    saves: Path
) -> None:
    """Finding: a kill mid-save left hidden temp files forever. They go once this app holds
    the session's lock (no other app can be writing it then); nothing else is touched."""
    path = write_toy(saves, "s.toml", "2026-11-29T20:30:00Z", {"Ada": 1, "Bo": 2},
                     finished=False)
    for name in (*OURS, *NOT_OURS, LOCK_BEING_MADE, LOCK_LEFT):
        (saves / name).write_text("half a sa")
    an_hour_ago = time.time() - 3600
    os.utime(saves / LOCK_LEFT, (an_hour_ago, an_hour_ago))
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not app.walk.read_only and lock_path(path).exists()
        left = {p.name for p in saves.iterdir()}
    assert left & {*OURS, LOCK_LEFT} == set(), "every temporary file of this session is gone"
    assert {*NOT_OURS, LOCK_BEING_MADE} <= left, "and nothing that is not one, nor a lock " \
        "another app may be making just now"
    assert draft_path(path).name not in OURS


async def test_temporary_files_stay_while_another_app_holds_the_session(saves: Path) -> None:
    """Finding: a kill mid-save left hidden temp files forever; but while another app holds
    the lock, what looks like a leftover may be its save in progress."""
    path = write_toy(saves, "s.toml", "2026-11-29T20:30:00Z", {"Ada": 1, "Bo": 2},
                     finished=False)
    lock_path(path).write_text(f"1\n{os.uname().nodename}-elsewhere\n")  # another host's app
    for name in OURS:
        (saves / name).write_text("half a sa")
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.walk.read_only
    assert set(OURS) <= {p.name for p in saves.iterdir()}
