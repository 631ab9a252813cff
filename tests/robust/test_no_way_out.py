"""Nothing of Last Round's is written outside the saves folder through a link: not the index,
its journal, nor exports (issue "Hostile files, terminal injection and two tables at once")."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from lastround.cli import main
from lastround.records.index import index_path, load_history
from tests.robust.support import notices
from tests.support.helpers import make_test_app
from tests.support.history_data import copy_examples, write_toy


def some_sessions(saves: Path) -> None:
    for n in range(6):  # more than the home list reads without the index
        write_toy(saves, f"t{n}.toml", f"2026-10-0{n + 1}T20:00:00Z", {"Ada": n, "Bo": 3})


def outside_database(tmp_path: Path) -> Path:
    """Someone's own database, with tables named as the index's are."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    other = elsewhere / "other.db"
    with sqlite3.connect(other) as connection:
        connection.executescript("CREATE TABLE meta (key TEXT, value TEXT);"
                                 "CREATE TABLE sessions (name TEXT);"
                                 "INSERT INTO sessions VALUES ('precious');")
    connection.close()
    return other


@pytest.mark.parametrize("how", ["history", "export"])
def test_an_index_that_is_a_link_is_replaced_never_written_through(
    saves: Path, tmp_path: Path, how: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Finding: the SQLite index was opened through a symlink: with
    `<saves>/.lastround-index.sqlite -> /elsewhere/other.db`, export dropped and recreated
    tables in that outside database. History removes the link (never its target) and
    rebuilds the index; export only reads, and uses no index it finds behind a link."""
    some_sessions(saves)
    other = outside_database(tmp_path)
    before = other.read_bytes()
    index_path(saves).symlink_to(other)
    if how == "history":
        assert len(load_history(saves)) == 6
    else:
        assert main(["--saves", str(saves), "export"]) == 0
        assert capsys.readouterr().out.count("t5.toml") == 2
    assert other.read_bytes() == before, "the outside database is untouched"
    assert sorted(p.name for p in other.parent.iterdir()) == ["other.db"], "no journal there"
    if how == "export":
        assert index_path(saves).is_symlink(), "export writes nothing in the saves folder"
        return
    assert not index_path(saves).is_symlink() and index_path(saves).is_file()
    with sqlite3.connect(index_path(saves)) as connection:
        assert connection.execute("SELECT count(*) FROM sessions").fetchone() == (6,)
    connection.close()


@pytest.mark.parametrize("suffix", ["-journal", "-wal", "-shm"])
def test_a_link_beside_the_index_is_removed_never_written_through(
    saves: Path, tmp_path: Path, suffix: str
) -> None:
    """Finding: the SQLite index's journal/wal files beside it were opened through links
    too. (An index left in WAL mode, as a planted one may be, keeps a -wal and a -shm.)"""
    some_sessions(saves)
    load_history(saves)
    if suffix != "-journal":
        with sqlite3.connect(index_path(saves)) as connection:
            connection.execute("PRAGMA journal_mode=WAL")
        connection.close()
    precious = tmp_path / "precious.txt"
    precious.write_text("keep me" * 10_000)
    link = Path(f"{index_path(saves)}{suffix}")
    link.symlink_to(precious)
    write_toy(saves, "t9.toml", "2026-10-09T20:00:00Z", {"Ada": 9, "Bo": 3})  # a row to write
    assert len(load_history(saves)) == 7
    assert precious.read_text() == "keep me" * 10_000
    assert not link.is_symlink()
    with sqlite3.connect(index_path(saves)) as connection:  # the index works again
        assert connection.execute("SELECT count(*) FROM sessions").fetchone() == (7,)
    connection.close()


def linked_exports(saves: Path, tmp_path: Path) -> Path:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (saves / "exports").symlink_to(elsewhere, target_is_directory=True)
    return elsewhere


@pytest.mark.parametrize("command", ["replay", "history"])
async def test_the_app_refuses_to_export_through_a_linked_exports_folder(
    saves: Path, tmp_path: Path, command: str
) -> None:
    """Finding: exports were written through a symlinked `exports/` folder (`x` in a replay
    writes its Markdown, `x` in history the CSV of every session)."""
    elsewhere = linked_exports(saves, tmp_path)
    path, _ = copy_examples(saves)
    app = make_test_app(saves, command=command, file=path if command == "replay" else None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("x")
        await pilot.pause()
        (message,) = notices(app)
    assert message.startswith("Not exported") and "link" in message and "\n" not in message
    assert list(elsewhere.iterdir()) == []


def test_the_export_command_refuses_a_linked_exports_folder(
    saves: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Finding: exports were written through a symlinked `exports/` folder (`lastround
    export` too): refused in one line, nothing written."""
    elsewhere = linked_exports(saves, tmp_path)
    copy_examples(saves)
    out = saves / "exports" / "sessions.csv"
    assert main(["--saves", str(saves), "export", "--csv", "--out", str(out)]) == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith("lastround: ") and "link" in line
    assert list(elsewhere.iterdir()) == []
