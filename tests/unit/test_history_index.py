"""History's index: kept beside the files, trusted only while each file is unchanged."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from lastround.records import index as history_index
from lastround.records.history import read_record
from lastround.records.index import INDEX_NAME, index_path, load_history
from lastround.records.listing import list_sessions
from tests.support.history_data import history_folder, write_toy


def by_file(saves: Path) -> dict[str, object]:
    return {r.file: r for r in load_history(saves)}


def indexed_names(saves: Path) -> set[str]:
    with sqlite3.connect(index_path(saves)) as connection:
        return {row[0] for row in connection.execute("SELECT name FROM sessions")}


def files_are_not_read(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Record every file history reads from here on."""
    read: list[str] = []
    real = read_record

    def spy(folder: Path, name: str) -> object:
        read.append(name)
        return real(folder, name)

    monkeypatch.setattr(history_index, "read_record", spy)
    return read


def test_the_index_is_a_hidden_file_in_the_saves_folder_and_lists_every_file(
    saves: Path,
) -> None:
    history_folder(saves)
    first = by_file(saves)
    assert INDEX_NAME.startswith(".") and index_path(saves) == saves / INDEX_NAME
    assert index_path(saves).is_file()
    assert indexed_names(saves) == set(first) == {p.name for p in saves.glob("*.toml")}


def test_a_warm_index_reads_no_file_and_gives_the_same_records(
    saves: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    history_folder(saves)
    cold = by_file(saves)
    read = files_are_not_read(monkeypatch)
    assert by_file(saves) == cold and read == []


def test_a_changed_file_is_read_again(saves: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = write_toy(saves, "t.toml", "2026-10-01T20:00:00Z", {"Ada": 30, "Bo": 20})
    assert by_file(saves)["t.toml"].winners == ("Ada",)  # type: ignore[attr-defined]
    write_toy(saves, "t.toml", "2026-10-01T20:00:00Z", {"Ada": 30, "Bo": 50})
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))  # a coarse clock
    read = files_are_not_read(monkeypatch)
    assert by_file(saves)["t.toml"].winners == ("Bo",)  # type: ignore[attr-defined]
    assert read == ["t.toml"]


def test_a_removed_file_is_dropped_from_the_index(saves: Path) -> None:
    history_folder(saves)
    load_history(saves)
    (saves / "t1.toml").unlink()
    assert "t1.toml" not in by_file(saves)
    assert "t1.toml" not in indexed_names(saves)


@pytest.mark.parametrize("damage", [b"not a database at all", b"SQLite format 3\x00" + b"x" * 200,
                                    b""])
def test_a_broken_index_is_deleted_and_rebuilt(saves: Path, damage: bytes) -> None:
    history_folder(saves)
    good = by_file(saves)
    index_path(saves).write_bytes(damage)
    assert by_file(saves) == good
    assert indexed_names(saves) == set(good)


def test_an_index_of_another_version_is_rebuilt(
    saves: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    history_folder(saves)
    load_history(saves)
    version = f"VALUES ('version', '{history_index.INDEX_VERSION}')"
    monkeypatch.setattr(history_index, "INDEX_VERSION", "999")
    monkeypatch.setattr(history_index, "REBUILD", history_index.REBUILD.replace(
        version, "VALUES ('version', '999')"))
    read = files_are_not_read(monkeypatch)
    load_history(saves)
    assert len(read) == 7
    read.clear()
    load_history(saves)
    assert read == []


def test_unreadable_files_are_listed_with_their_error_and_left_unchanged(saves: Path) -> None:
    history_folder(saves)
    before = (saves / "broken.toml").read_bytes()
    for _ in range(2):  # read, then from the index
        broken = by_file(saves)["broken.toml"]
        assert broken.error.startswith("not valid TOML")  # type: ignore[attr-defined]
    assert (saves / "broken.toml").read_bytes() == before


def test_hidden_and_other_files_are_not_sessions(saves: Path) -> None:
    write_toy(saves, "t.toml", "2026-10-01T20:00:00Z", {"Ada": 30, "Bo": 20})
    (saves / ".t.toml.bak").write_text("format = 1")
    (saves / "notes.txt").write_text("hello")
    (saves / "exports").mkdir()
    (saves / "exports" / "x.toml").write_text("format = 1")
    assert set(by_file(saves)) == {"t.toml"}


def test_without_a_usable_index_history_reads_the_files(
    saves: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    history_folder(saves)
    expected = by_file(saves)

    def refuse(*args: object, **kwargs: object) -> sqlite3.Connection:
        raise sqlite3.OperationalError("unable to open database file")

    monkeypatch.setattr(sqlite3, "connect", refuse)  # the module the index opens it with
    assert by_file(saves) == expected


def test_a_locked_index_is_left_alone(saves: Path) -> None:
    history_folder(saves)
    expected = by_file(saves)
    holder = sqlite3.connect(index_path(saves))
    holder.execute("BEGIN EXCLUSIVE")
    try:
        assert by_file(saves) == expected
    finally:
        holder.rollback()
        holder.close()
    assert indexed_names(saves) == set(expected), "not deleted while another app held it"


def test_an_empty_or_missing_folder_has_no_history_and_no_index(tmp_path: Path) -> None:
    assert load_history(tmp_path / "nowhere") == []
    (tmp_path / "empty").mkdir()
    assert load_history(tmp_path / "empty") == []
    assert not index_path(tmp_path / "empty").exists()


def test_a_damaged_row_is_read_again_from_its_file_and_the_others_are_kept(
    saves: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    history_folder(saves)
    good = by_file(saves)
    with sqlite3.connect(index_path(saves)) as connection:
        connection.execute("UPDATE sessions SET players = '[[' WHERE name = 't2.toml'")
    read = files_are_not_read(monkeypatch)
    assert by_file(saves) == good
    assert read == ["t2.toml"]


def test_the_home_list_reads_only_the_files_changed_since_it_was_last_shown(
    saves: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    history_folder(saves)
    first = list_sessions(saves)
    read = files_are_not_read(monkeypatch)
    assert list_sessions(saves) == first and read == []
    changed = saves / "t1.toml"
    changed.write_text(changed.read_text("utf-8") + "# looked at\n", "utf-8")
    list_sessions(saves)
    assert read == ["t1.toml"]


def with_first_player(change: object) -> object:
    """A damage to the players' JSON: `change` applied to the first player's row."""
    def damage(players: list[list[object]]) -> list[list[object]]:
        first = list(players[0])
        change(first)  # type: ignore[operator]
        return [first, *players[1:]]
    return damage


INDEX_DAMAGE = {
    "a total as text": with_first_player(lambda p: p.__setitem__(1, "abc")),
    "a total of 1e999": with_first_player(lambda p: p.__setitem__(1, 10**400)),  # see below
    "a total of 4,000 digits": with_first_player(lambda p: p.__setitem__(1, 10**3999)),
    "parts as a string": with_first_player(lambda p: p.__setitem__(2, "abc")),
    "a part as text": with_first_player(lambda p: p.__setitem__(2, {"points": "3"})),
    "a place as a list": with_first_player(lambda p: p.__setitem__(3, [1])),
    "a tie-break as text": with_first_player(lambda p: p.__setitem__(4, "12")),
    "a name as a number": with_first_player(lambda p: p.__setitem__(0, 7)),
    "10,000 players": lambda players: [[f"P{n}", 1, {}, 1, [], {}] for n in range(10_000)],
}


@pytest.mark.parametrize("case", INDEX_DAMAGE)
def test_a_row_edited_by_hand_is_read_again_from_its_file(
    saves: Path, monkeypatch: pytest.MonkeyPatch, case: str,
) -> None:
    """The index is a cache: a row no file could have made is rebuilt from its file."""
    import json

    history_folder(saves)
    good = by_file(saves)
    with sqlite3.connect(index_path(saves)) as connection:
        (players,) = connection.execute(
            "SELECT players FROM sessions WHERE name = 't2.toml'").fetchone()
        damaged = json.dumps(INDEX_DAMAGE[case](json.loads(players)))  # type: ignore[operator]
        damaged = damaged.replace("1" + "0" * 400, "1e999")  # JSON's way to infinity
        connection.execute("UPDATE sessions SET players = ? WHERE name = 't2.toml'", (damaged,))
    connection.close()
    read = files_are_not_read(monkeypatch)
    assert by_file(saves) == good
    assert read == ["t2.toml"]

