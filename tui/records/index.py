"""History's index: what each session file says, kept beside them so history opens at once.

The files stay the only truth. The index (`<saves>/.lastround-index.sqlite`, sqlite3 from the
standard library) keeps one row per file, keyed by its name, size and mtime_ns: a file whose
size or time changed is read again, a removed file's row is dropped, and an index that is
missing, of another version or broken is deleted and rebuilt. When the index can't be
written (a read-only folder, another Last Round holding it) history still works: it reads
the files and keeps nothing. `lastround export` only reads it (read_only_index). History
takes the records a batch at a time (HistoryReading), the newest first, to fill its list.
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import sys
from collections.abc import Generator, Iterable, Iterator
from contextlib import redirect_stderr
from pathlib import Path
from typing import Any, TextIO

from tui.games import plugins
from tui.records.history import read_record
from tui.records.session_record import PlayerResult, SessionRecord
from tui.session.folder import Stat, session_stats
from tui.session.safe_read import LARGEST_NUMBER
from tui.session.terminal_safe import UNSAFE

SURROGATE = re.compile("[\ud800-\udfff]")

INDEX_NAME = ".lastround-index.sqlite"
# Bump when a record's shape or the rules' totals change: every row is then read again.
INDEX_VERSION = "3"  # 3: each player's tie-break values and counts, the session's edition
# A record's columns (Row), then the file's size and time (Stat).
RECORD_COLUMNS = ("name", "game", "created", "status", "players", "winners", "decided_by",
                  "corrected", "error", "edition")
COLUMNS = (*RECORD_COLUMNS, "size", "mtime_ns")
REBUILD = f"""
DROP TABLE IF EXISTS meta;
DROP TABLE IF EXISTS sessions;
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE sessions (
    name TEXT PRIMARY KEY,      -- the file's name in the saves folder
    size INTEGER NOT NULL,      -- with mtime_ns: a file that changed is read again
    mtime_ns INTEGER NOT NULL,
    game TEXT NOT NULL, created TEXT NOT NULL, status TEXT NOT NULL,
    players TEXT NOT NULL,      -- JSON: [[name, total, {{part: points}}, place, [tie-break],
                                --         {{count: number}}]], seat order
    winners TEXT NOT NULL,      -- JSON: ["name", ...]
    decided_by TEXT NOT NULL, corrected INTEGER NOT NULL,
    error TEXT NOT NULL,        -- one line when the file can't be used, else ""
    edition TEXT NOT NULL       -- the edition whose card values scored, else ""
);
INSERT INTO meta VALUES ('version', '{INDEX_VERSION}');
"""

Row = tuple[Any, ...]  # a record as its RECORD_COLUMNS: plain text and numbers


def index_path(folder: Path) -> Path:
    return folder / INDEX_NAME


def read_chunk(folder: Path, names: list[str]) -> list[Row]:
    """The files' records as index rows: a worker process sends these back, and plain text
    and numbers pickle far quicker than records."""
    return [row_of(read_record(folder, name)) for name in names]


# Below this many files, reading them takes less time than starting worker processes.
PARALLEL_FROM = 400
# At most this many files to a chunk: the last chunk a worker ends with is short, so the
# other workers are not left waiting long for it (a chunk's result comes back all at once).
CHUNK_MOST = 250


# The first chunks are small, so the first files read show at once; later ones grow to this.
FIRST_CHUNKS = (25, 100)


def chunked(names: list[str], size: int) -> list[list[str]]:
    """The names in chunks of `size`, the first ones smaller (FIRST_CHUNKS)."""
    sizes = [min(first, size) for first in FIRST_CHUNKS]
    chunks, start = [], 0
    while start < len(names):
        step = sizes.pop(0) if sizes else size
        chunks.append(names[start:start + step])
        start += step
    return chunks


def read_fresh_rows(folder: Path, names: list[str]) -> Iterator[list[Row]]:
    """Read and total the files in order, a chunk of rows at a time as each is ready; many
    files are shared among the machine's cores (tomllib is pure Python, so threads would not
    help), and the caller turns each chunk into records while the next are read."""
    workers = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (
        os.cpu_count() or 1)
    stderr = sys.__stderr__  # see below
    if workers < 2 or len(names) < PARALLEL_FROM or stderr is None:
        for chunk in chunked(names, CHUNK_MOST):
            yield read_chunk(folder, chunk)
        return
    yield from read_in_workers(folder, names, workers, stderr)


def read_in_workers(folder: Path, names: list[str], workers: int, stderr: TextIO
                    ) -> Iterator[list[Row]]:
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool
    from functools import partial

    size = min(-(-len(names) // (workers * 4)), CHUNK_MOST)  # several chunks per worker
    chunks = chunked(names, size)
    # Never fork: the app has threads. A fork server starts clean, then forks each worker.
    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    # The rules modules are not preloaded in the fork server: on Python 3.11 it imports with
    # its own sys.path (the current directory first), which may find another copy of the app;
    # each worker imports them after taking this process's sys.path.
    context = multiprocessing.get_context(method)
    done = 0
    try:
        # Inside the app, Textual captures sys.stderr (it has no file descriptor), and the
        # helper processes multiprocessing starts, with the pool and as the chunks are handed
        # out, need a real one. The caller's code, between chunks, runs outside the redirect.
        with redirect_stderr(stderr):
            pool = ProcessPoolExecutor(workers, mp_context=context)
        try:
            with redirect_stderr(stderr):
                chunks_read = pool.map(partial(read_chunk, folder), chunks)
            for rows in chunks_read:
                done += 1
                yield rows
        finally:  # the reader stopped early (history closed): the chunks not begun are dropped
            pool.shutdown(wait=True, cancel_futures=True)
    except (OSError, ValueError, BrokenProcessPool):  # no processes here: read the rest here
        for chunk in chunks[done:]:
            yield read_chunk(folder, chunk)


def load_history(folder: Path, *, use_index: bool = True, keep_index: bool = True
                 ) -> list[SessionRecord]:
    """A record for every session file in the folder (unreadable ones included), unsorted.
    `keep_index=False` only reads the index, if there is one: nothing is written."""
    reading = HistoryReading(folder, use_index=use_index, keep_index=keep_index)
    return [record for batch in reading.batches() for record in batch]


class HistoryReading:
    """A folder's records a batch at a time, as history fills its list: the index's rows
    newest first, then each chunk of the files it lacks (changed, new) as it is read. The
    index is brought up to date with what was read when reading ends, or stops early."""

    def __init__(self, folder: Path, *, use_index: bool = True, keep_index: bool = True
                 ) -> None:
        self.folder = folder
        self.stats = session_stats(folder)
        self.use_index = use_index
        self.keep_index = keep_index

    @property
    def total(self) -> int:
        return len(self.stats)

    def connect(self) -> sqlite3.Connection | None:
        if not self.use_index or not self.stats:
            return None
        return open_index(self.folder) if self.keep_index else read_only_index(self.folder)

    def batches(self) -> Generator[list[SessionRecord], None, None]:
        connection = self.connect()
        fresh: list[Row] = []
        indexed: set[str] = set()
        try:
            listed: set[str] = set()
            for pairs in cached_batches(connection) if connection else ():
                indexed.update(record.file for record, _ in pairs)
                batch = [record for record, stat in pairs if self.stats.get(record.file) == stat]
                listed.update(record.file for record in batch)
                yield batch
            unread = [name for name in self.stats if name not in listed]
            for rows in read_fresh_rows(self.folder, unread):
                fresh += rows
                # Built from the rows as a warm index would build them: cold and warm agree.
                yield [record for record, _ in records_of(rows)]
        finally:
            if connection:
                self.keep(connection, fresh, [name for name in indexed
                                              if name not in self.stats])
                connection.close()

    def keep(self, connection: sqlite3.Connection, fresh: list[Row], gone: list[str]) -> None:
        if self.keep_index and (fresh or gone):
            write_rows(connection, [(*row, *self.stats[row[0]]) for row in fresh
                                    if is_utf8(row[0])], gone)


def is_utf8(name: str) -> bool:
    """Whether SQLite can keep a row under the file's name: a name that is not UTF-8 (its
    bytes stand in it as lone surrogates, os.fsdecode) is read from its file every time."""
    return SURROGATE.search(name) is None


# --- the index -----------------------------------------------------------------------------


def open_index(folder: Path) -> sqlite3.Connection | None:
    """The folder's index, made ready; rebuilt when broken or of another version.

    None when it can't be used just now (locked by another Last Round, a read-only folder):
    history then reads the files and the index is left as it is.
    """
    path = index_path(folder)
    if not remove_links(path):
        return None
    for _attempt in range(2):
        try:
            connection = sqlite3.connect(path, timeout=0.5)
        except sqlite3.Error:
            return None
        try:
            if current_version(connection) != INDEX_VERSION:
                connection.executescript(REBUILD)
            return connection
        except sqlite3.OperationalError:
            connection.close()
            return None
        except sqlite3.DatabaseError:  # not a database, or a damaged one: start again
            connection.close()
            if not drop_index(path):
                return None
    return None


def read_only_index(folder: Path) -> sqlite3.Connection | None:
    """The folder's index opened only to read, when there is one of this version, alone
    (no journal or WAL beside it, no link); None otherwise, and the files are read."""
    path = index_path(folder)
    try:
        if path.is_symlink() or not path.is_file() or any(
                companion.exists() or companion.is_symlink()
                for companion in index_files(path)[1:]):
            return None
        connection = sqlite3.connect(f"{path.absolute().as_uri()}?mode=ro", uri=True,
                                     timeout=0.5)
    except (OSError, sqlite3.Error):
        return None
    try:
        if current_version(connection) == INDEX_VERSION:
            return connection
    except sqlite3.DatabaseError:
        pass
    connection.close()
    return None


def current_version(connection: sqlite3.Connection) -> str | None:
    """The index's version, or None when its tables are not all there."""
    tables = {row[0] for row in connection.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table'")}
    if not {"meta", "sessions"} <= tables:
        return None
    row = connection.execute("SELECT value FROM meta WHERE key = 'version'").fetchone()
    return str(row[0]) if row else None


# The files SQLite keeps beside a database while writing it (the journal, or the WAL's two).
COMPANIONS = ("-journal", "-wal", "-shm")


def index_files(path: Path) -> list[Path]:
    return [path, *(Path(f"{path}{suffix}") for suffix in COMPANIONS)]


def remove_links(path: Path) -> bool:
    """Nothing is written outside the saves folder through a link: a link where the index or
    one of its companions goes is removed (the link, never its target; a new index is then
    built). False when one can't be removed."""
    try:
        for name in index_files(path):
            if name.is_symlink():
                name.unlink()
    except OSError:
        return False
    return True


def drop_index(path: Path) -> bool:
    """Delete a broken index (and its companions); False when it can't be."""
    try:
        for name in index_files(path):
            name.unlink(missing_ok=True)
    except OSError:
        return False
    return True


# Rows of the index read at a time: the first, small batch shows while the rest are read.
INDEX_BATCHES = (50, 500)


def cached_batches(connection: sqlite3.Connection
                   ) -> Iterator[list[tuple[SessionRecord, Stat]]]:
    """The index's records with the size and time they were read at, newest first, a batch
    at a time; an unreadable index reads as ending there (the other files are read)."""
    rows: list[Row] = []
    try:
        cursor = connection.execute(
            f"SELECT {', '.join(COLUMNS)} FROM sessions ORDER BY created DESC, name DESC")
        while rows := cursor.fetchmany(INDEX_BATCHES[bool(rows)]):
            yield [(record, (row[-2], row[-1])) for record, row in records_of(rows)]
    except sqlite3.DatabaseError:
        return


def records_of(rows: list[Row]) -> list[tuple[SessionRecord, Row]]:
    """The record of each row, beside its row; a damaged row is left out (its file is read
    again)."""
    try:  # one JSON document for every row: far quicker than thousands of small ones
        decoded = json.loads("[" + ",".join(f"[{row[4]},{row[5]}]" for row in rows) + "]")
        if len(decoded) != len(rows):
            raise ValueError("rows and their JSON do not match")
    except (ValueError, TypeError):
        decoded = [decoded_row(row) for row in rows]  # find the damaged rows one by one
    records = []
    most = most_players()
    for row, pair in zip(rows, decoded, strict=True):
        try:
            record = record_of(row, *pair)
            if could_come_from_a_file(record, most) and shows_safely(record):
                records.append((record, row))
        except (ValueError, TypeError, KeyError):
            continue
    return records


def could_come_from_a_file(record: SessionRecord, most_players: int) -> bool:
    """Numbers where reading a file gives numbers, of a size it allows (tui.session.files),
    and no more players than a game seats: a row changed by hand (a total of "abc" or 1e999,
    parts as a string, 10,000 players) is not trusted. (Its texts: shows_safely.)"""
    if len(record.players) > most_players:
        return False
    numbers: list[Any] = []  # ints, unless the row was changed by hand
    for player in record.players:
        if type(player.parts) is not dict or type(player.counts) is not dict:
            return False
        numbers += [0 if player.total is None else player.total,
                    0 if player.place is None else player.place, *player.parts.values(),
                    *player.counts.values(), *player.tiebreak]
    # Checked all at once, not one by one: history opens thousands of rows.
    return set(map(type, numbers)) <= {int} and (
        not numbers or -LARGEST_NUMBER <= min(numbers) <= max(numbers) <= LARGEST_NUMBER)


def most_players() -> int:
    """The most players any game seats."""
    return max(plugin.players[1] for plugin in plugins())


def shows_safely(record: SessionRecord) -> bool:
    """No text the file itself could hold (see tui.session.files.check_values) that could drive a
    terminal: an index changed by hand must not get past what reading the file refuses."""
    texts = [record.game, record.created, record.status, record.decided_by, record.error,
             record.edition, *record.winners, *(p.name for p in record.players),
             *(part for p in record.players for part in [*p.parts, *p.counts])]
    # Searched at once, joined: an unsafe character is one character, so it is in the join
    # exactly when it is in one of the texts (one search a record, not twenty).
    return UNSAFE.search("".join(texts)) is None


def decoded_row(row: Row) -> tuple[Any, Any]:
    try:
        return json.loads(row[4]), json.loads(row[5])
    except (ValueError, TypeError):
        return None, None


def record_of(row: Row, players: list[list[Any]], winners: list[str]) -> SessionRecord:
    name, game, created, status, _, _, decided_by, corrected, error, edition = row[
        :len(RECORD_COLUMNS)]
    return SessionRecord(
        file=name, game=game, created=created, status=status,
        players=tuple(PlayerResult(player, seat, total, parts, place, tuple(tiebreak), counts)
                      for seat, (player, total, parts, place, tiebreak, counts)
                      in enumerate(players, start=1)),
        winners=tuple(winners), decided_by=decided_by, corrected=bool(corrected), error=error,
        edition=edition)


def row_of(record: SessionRecord) -> Row:
    players = [[p.name, p.total, dict(p.parts), p.place, list(p.tiebreak), dict(p.counts)]
               for p in record.players]
    return (record.file, record.game, record.created, record.status,
            json.dumps(players, ensure_ascii=False, separators=(",", ":")),
            json.dumps(list(record.winners), ensure_ascii=False, separators=(",", ":")),
            record.decided_by, int(record.corrected), record.error, record.edition)


def write_rows(connection: sqlite3.Connection, fresh: Iterable[Row], gone: Iterable[str]
               ) -> None:
    """One transaction; when it can't be written (locked, read-only) the index waits.
    `fresh` rows hold every one of COLUMNS."""
    marks = ", ".join("?" * len(COLUMNS))
    try:
        with connection:
            connection.executemany(f"INSERT OR REPLACE INTO sessions ({', '.join(COLUMNS)}) "
                                   f"VALUES ({marks})", fresh)
            connection.executemany("DELETE FROM sessions WHERE name = ?",
                                   [(name,) for name in gone])
    except sqlite3.Error:
        pass
