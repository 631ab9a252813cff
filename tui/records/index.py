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

import os
import re
import sqlite3
import sys
from collections.abc import Generator, Iterable, Iterator
from contextlib import redirect_stderr
from pathlib import Path
from typing import TextIO

from lastround.records.history import read_record
from lastround.records.index_rows import RECORD_COLUMNS, Row, records_of, row_of
from lastround.records.session_record import SessionRecord
from lastround.session.folder import Stat, session_stats

SURROGATE = re.compile("[\ud800-\udfff]")

INDEX_NAME = ".lastround-index.sqlite"
# Bump when a record's shape or the rules' totals change: every row is then read again.
# 3: each player's tie-break values and counts, the session's edition; 4: a refused value a
# step answers again is a session in progress, not an unreadable file.
INDEX_VERSION = "4"
# A record's columns (Row), then the file's size and time (Stat).
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
                if connection:  # each chunk kept as it comes: not every row held to the end
                    self.keep(connection, rows, [])
                # Built from the rows as a warm index would build them: cold and warm agree.
                yield [record for record, _ in records_of(rows)]
        finally:
            if connection:
                self.keep(connection, [], [name for name in indexed if name not in self.stats])
                connection.close()

    def keep(self, connection: sqlite3.Connection, fresh: list[Row], gone: list[str]) -> None:
        if self.keep_index and (fresh or gone):
            write_rows(connection, ((*row, *self.stats[row[0]]) for row in fresh
                                    if is_utf8(row[0])), gone)


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
