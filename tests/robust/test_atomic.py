"""A save is never half-written, the previous good save is kept, and no save leaves the folder."""

from __future__ import annotations

import errno
import os
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lastround.records.listing import list_sessions
from lastround.session.files import backup_path, read_session, write_session
from lastround.session.folder import new_session_path


def toy(points: int = 3, **extra: Any) -> dict[str, Any]:
    return {
        "format": 1, "game": "toy", "status": "in-progress", "created": "2026-11-29T20:30:00Z",
        "seed": 7, "players": [{"name": "Ada", "points": points}, {"name": "Bo", "points": 1}],
        "log": [{"step": "setup", "at": "2026-11-29T20:30:00Z",
                 "values": {"players": ["Ada", "Bo"]}}],
    } | extra


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


# --- the previous good save -------------------------------------------------------------------


def test_a_save_and_its_backup_are_on_disk_when_the_save_returns(
        saves: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Both files' contents are synced, then the folder once, after both are renamed into
    it (a folder's sync keeps every name it holds): three syncs, not four."""
    path = saves / "s.toml"
    write_session(path, toy(1))
    synced: list[str] = []
    renamed: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(handle: int) -> None:
        synced.append("folder" if os.path.isdir(f"/proc/self/fd/{handle}") else "file")
        real_fsync(handle)

    def replace(source: Any, target: Any) -> None:
        renamed.append(Path(target).name)
        synced.append(f"renamed {Path(target).name}")
        real_replace(source, target)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    write_session(path, toy(2))
    assert renamed == [".s.toml.bak", "s.toml"]
    assert synced == ["file", "renamed .s.toml.bak", "file", "renamed s.toml", "folder"]


def test_each_good_save_keeps_the_one_before_as_a_hidden_backup(saves: Path) -> None:
    path = saves / "s.toml"
    write_session(path, toy(1))
    assert not backup_path(path).exists(), "nothing to keep before the first save"
    write_session(path, toy(2))
    assert backup_path(path).name == ".s.toml.bak"
    assert read_session(backup_path(path))["players"][0]["points"] == 1
    write_session(path, toy(3))
    assert read_session(backup_path(path))["players"][0]["points"] == 2
    assert read_session(path)["players"][0]["points"] == 3


def test_a_save_that_changes_nothing_keeps_the_backup_as_it_was(saves: Path) -> None:
    path = saves / "s.toml"
    write_session(path, toy(1))
    write_session(path, toy(2))
    write_session(path, toy(2))
    assert read_session(backup_path(path))["players"][0]["points"] == 1


def test_a_broken_file_never_replaces_the_good_backup(saves: Path) -> None:
    path = saves / "s.toml"
    write_session(path, toy(1))
    write_session(path, toy(2))
    path.write_text("format = 1\ngame = \n")  # damaged between two saves
    write_session(path, toy(3))
    assert read_session(backup_path(path))["players"][0]["points"] == 1
    assert read_session(path)["players"][0]["points"] == 3


def test_an_unreadable_file_points_at_its_backup(saves: Path) -> None:
    path = saves / "s.toml"
    write_session(path, toy(1))
    write_session(path, toy(2))
    path.write_bytes(path.read_bytes()[:40])  # cut short
    with pytest.raises(Exception, match=r"the previous save is kept in \.s\.toml\.bak"):
        read_session(path)


# --- interrupted saves ------------------------------------------------------------------------


@pytest.mark.parametrize("failure", [
    OSError(errno.ENOSPC, "No space left on device"),
    PermissionError(errno.EACCES, "Permission denied"),
    KeyboardInterrupt(),  # the process told to stop half-way through
])
def test_a_save_interrupted_while_writing_leaves_the_previous_file_whole(
    saves: Path, monkeypatch: pytest.MonkeyPatch, failure: BaseException
) -> None:
    path = saves / "s.toml"
    write_session(path, toy(1))
    write_session(path, toy(2))
    before, kept = path.read_bytes(), backup_path(path).read_bytes()
    real_fsync = os.fsync
    written: list[int] = []

    def fail_on_the_session(fd: int) -> None:
        # Fails the new s.toml once its bytes are written, before it replaces the old one.
        name = Path(os.readlink(f"/proc/self/fd/{fd}")).name
        if name.startswith(".s.toml.") and name.endswith(".tmp") and ".bak" not in name:
            written.append(os.fstat(fd).st_size)
            raise failure
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fail_on_the_session)
    with pytest.raises(type(failure)):
        write_session(path, toy(3))
    assert written and written[0] > 0, "the write had started"
    assert path.read_bytes() == before
    assert read_session(path)["players"][0]["points"] == 2
    assert backup_path(path).read_bytes() == before, "the backup holds the last good save"
    assert tomllib.loads(kept.decode())["players"][0]["points"] == 1
    assert leftovers(saves) == [], "no temporary file is left behind"


def test_a_save_interrupted_before_the_replace_keeps_the_old_file(
    saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = saves / "s.toml"
    write_session(path, toy(1))
    before = path.read_bytes()
    real_replace = os.replace

    def cut_before_the_session(source: str, target: Any) -> None:
        if Path(target) == path:
            raise OSError(errno.EIO, "Input/output error")
        real_replace(source, target)

    monkeypatch.setattr(os, "replace", cut_before_the_session)
    with pytest.raises(OSError):
        write_session(path, toy(2))
    assert path.read_bytes() == before
    assert backup_path(path).read_bytes() == before, "the backup already holds the good save"
    assert leftovers(saves) == []


def test_backups_temporary_files_and_locks_are_not_listed(saves: Path) -> None:
    path = saves / "s.toml"
    write_session(path, toy(1))
    write_session(path, toy(2))
    (saves / ".s.toml.x1y2.tmp").write_text("half a sa")  # left by a killed process
    (saves / ".s.toml.lock").write_text("1\nhost\n")
    (saves / ".hidden.toml").write_text(path.read_text())
    assert backup_path(path).exists()
    assert [s.path.name for s in list_sessions(saves)] == ["s.toml"]


# --- no way out of the saves folder -------------------------------------------------------------


def test_a_link_to_a_file_outside_is_replaced_not_written_through(
    saves: Path, tmp_path: Path
) -> None:
    outside = tmp_path / "outside.toml"
    write_session(outside, toy(1))
    before = outside.read_bytes()
    link = saves / "s.toml"
    link.symlink_to(outside)
    write_session(link, toy(9))
    assert outside.read_bytes() == before, "the file outside the folder is untouched"
    assert not link.is_symlink() and read_session(link)["players"][0]["points"] == 9
    assert not backup_path(link).exists(), "nothing outside is copied in as a backup either"


def test_a_planted_backup_link_is_replaced_not_written_through(
    saves: Path, tmp_path: Path
) -> None:
    outside = tmp_path / "precious.txt"
    outside.write_text("keep me")
    path = saves / "s.toml"
    write_session(path, toy(1))
    backup_path(path).symlink_to(outside)
    write_session(path, toy(2))
    assert outside.read_text() == "keep me"
    assert not backup_path(path).is_symlink()
    assert read_session(backup_path(path))["players"][0]["points"] == 1


def test_a_link_to_a_folder_outside_is_not_followed_for_a_new_name(
    saves: Path, tmp_path: Path
) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (saves / "2026-11-29-2030-toy-ada-bo.toml").symlink_to(elsewhere)
    path = new_session_path(saves, "toy", ["Ada", "Bo"], "2026-11-29T20:30:00Z")
    assert path.parent == saves and path.name == "2026-11-29-2030-toy-ada-bo-2.toml"
    write_session(path, toy())
    assert list(elsewhere.iterdir()) == []


@pytest.mark.parametrize("name", [
    "../../etc/passwd", "..", ".", "~root", "/", "C:\\Windows\\system32", "CON", "nul.toml",
    ".bashrc", "-rf", "Ada\x00Bo", "Ada\nBo", "\u202eevil", "名前", "🎲🎲", " " * 10, "a" * 300,
    "%2e%2e%2f", "$(rm -rf ~)", "`id`", "a/b\\c:d*e?f\"g<h>i|j",
])
def test_a_typed_name_becomes_a_plain_file_name_inside_the_folder(saves: Path, name: str) -> None:
    path = new_session_path(saves, "rftg", [name, "Bo"], "2026-11-29T20:30:00Z")
    assert path.parent == saves
    assert path.name.startswith("2026-11-29-2030-rftg-") and path.name.endswith(".toml")
    assert set(path.name) <= set("abcdefghijklmnopqrstuvwxyz0123456789-."), path.name
    assert len(path.name) <= 90


@settings(max_examples=300, deadline=None)
@given(names=st.lists(st.text(), min_size=1, max_size=4), created=st.text(), game=st.text())
def test_any_names_stay_inside_the_folder(
    names: list[str], created: str, game: str
) -> None:
    folder = Path("/nonexistent-saves")
    path = new_session_path(folder, game, names, created)
    assert path.parent == folder
    assert not path.name.startswith(".") and "/" not in path.name
    assert set(path.name) <= set("abcdefghijklmnopqrstuvwxyz0123456789-."), path.name
