"""The session files of a folder as the home screen lists them, newest first."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from lastround.games import game_title
from lastround.records.session_record import SessionRecord
from lastround.session.folder import session_stats
from lastround.session.terminal_safe import one_line


@dataclass(frozen=True)
class Listed:
    """A session file on the home list: where it is, and history's record of what it says."""

    path: Path
    record: SessionRecord

    @property
    def error(self) -> str:
        """The one line saying why the file can't be opened ("" when it can)."""
        return one_line(f"{self.path}: {self.record.error}") if self.record.error else ""

    @property
    def title(self) -> str:
        return game_title(self.record.game)

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(player.name for player in self.record.players)


# A folder of this few sessions is listed by reading its files: about as quick as opening
# history's index, without loading sqlite3 (about 1 MiB of memory) for the home screen.
READ_DIRECTLY_UP_TO = 4


def list_sessions(folder: Path) -> list[Listed]:
    """Every session file in the folder, newest first (unreadable ones included).

    What each file says comes from history's index, so a folder of many sessions is listed
    at once: only a file that changed since it was last read is read again.
    """
    stats = session_stats(folder)
    if not stats:
        return []  # a new saves folder: nothing to list, no index code to load
    if len(stats) <= READ_DIRECTLY_UP_TO:
        from lastround.records.history import read_record

        records = [read_record(folder, name) for name in stats]
    else:
        from lastround.records.index import load_history

        records = load_history(folder)

    def newest(record: SessionRecord) -> tuple[int, str]:
        # A file that appeared since the folder was listed sorts last, as one gone would.
        return stats.get(record.file, (0, 0))[1], record.file

    return [Listed(folder / r.file, r) for r in sorted(records, key=newest, reverse=True)]
