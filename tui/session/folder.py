"""The saves folder: where it is, which files in it are sessions, and what a new one is named."""

from __future__ import annotations

import itertools
import os
import re
from collections.abc import Iterator
from contextlib import suppress
from pathlib import Path

SAVES_ENV = "LASTROUND_SAVES"


def saves_folder(option: str | None = None) -> Path:
    """--saves DIR, else $LASTROUND_SAVES, else saves/ under the current directory."""
    return Path(option or os.environ.get(SAVES_ENV) or "saves")


Stat = tuple[int, int]  # size, mtime_ns


def session_stats(folder: Path) -> dict[str, Stat]:
    """Every session file directly in the folder (not hidden ones: backups, temporary files,
    locks, the index) with its size and time."""
    stats: dict[str, Stat] = {}
    try:
        entries = os.scandir(folder)
    except OSError:
        return stats
    with entries:
        for entry in entries:
            if entry.name.endswith(".toml") and not entry.name.startswith("."):
                with suppress(OSError):  # removed meanwhile: it is simply not listed
                    if entry.is_file():
                        stat = entry.stat()
                        stats[entry.name] = (stat.st_size, stat.st_mtime_ns)
    return stats


def slug(text: str, limit: int = 24) -> str:
    """A safe, readable file-name piece: lowercase letters, digits and dashes."""
    ascii_text = text.encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text).strip("-")[:limit].strip("-")


def session_names(folder: Path, game: str, players: list[str], created: str) -> Iterator[Path]:
    """The names a new session may take inside the folder, in order: date, time, game and
    players, then the same with -2, -3… (lastround.session.safekeeping.claim_name takes one)."""
    stamp = re.sub(r"[^0-9]", "", created)[:12]
    date = (f"{stamp[:4]}-{stamp[4:6]}-{stamp[6:8]}-{stamp[8:12]}" if len(stamp) >= 12
            else slug(created) or "session")
    names = "-".join(filter(None, (slug(n, 12) for n in players))) or "table"
    base = f"{date}-{slug(game)}-{names}"[:80]
    yield folder / f"{base}.toml"
    for counter in itertools.count(2):
        yield folder / f"{base}-{counter}.toml"


def is_named_for(path: Path, game: str, players: list[str], created: str) -> bool:
    """Whether the file bears one of the names session_names gives these players."""
    base = next(session_names(path.parent, game, players, created)).stem
    return re.fullmatch(rf"{re.escape(base)}(-[0-9]+)?\.toml", path.name) is not None


def new_session_path(folder: Path, game: str, players: list[str], created: str) -> Path:
    """The first of session_names free just now (a dangling link is not free). Two apps may
    both find it free: an app takes a name with its lock
    (lastround.session.safekeeping.claim_name)."""
    return next(path for path in session_names(folder, game, players, created)
                if not os.path.lexists(path))
