"""Session files: read with tomllib, written with tomlkit, replaced atomically.

Reading never imports tomlkit or Textual, so `lastround score` stays light.
Writing merges the session into the file's existing TOML document, so a comment a
person added by hand survives the next save.
"""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Mapping
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tui.games import GAME_MODULES, game_title
from tui.games.base import RulesError

if TYPE_CHECKING:
    from tui.history import SessionRecord

FORMAT = 1
SAVES_ENV = "LASTROUND_SAVES"
STATUSES = ("in-progress", "finished")
# No count in either game comes near this; a larger number is damage, not a score. (The
# session's seed, below 2**31, is the largest number Last Round writes.)
LARGEST_NUMBER = 2**31 - 1


class SaveError(Exception):
    """A session file that can't be used; the message is one line naming the file."""

    def __init__(self, message: str) -> None:
        super().__init__(one_line(message))


def one_line(text: str) -> str:
    """Control characters from a file (a newline, a terminal escape) shown escaped, so a
    message stays one line and can't drive the terminal it is printed on."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def saves_folder(option: str | None = None) -> Path:
    """--saves DIR, else $LASTROUND_SAVES, else saves/ under the current directory."""
    return Path(option or os.environ.get(SAVES_ENV) or "saves")


# reading ------------------------------------------------------------------------
def read_session(path: Path) -> dict[str, Any]:
    """The file's data, checked for the keys every session has."""
    try:
        raw = path.read_bytes()
    except OSError as error:
        raise SaveError(f"{path}: can't be read: {error.strerror or error}") from None
    try:
        data = tomllib.loads(raw.decode("utf-8-sig"))  # a Windows editor may add a BOM
    except UnicodeDecodeError:
        raise SaveError(f"{path}: not a text file (not UTF-8){kept_note(path)}") from None
    except tomllib.TOMLDecodeError as error:
        raise SaveError(f"{path}: not valid TOML: {error}{kept_note(path)}") from None
    except RecursionError:  # tomllib recurses once per nested array or table
        raise SaveError(f"{path}: not a session file: values nested too deeply") from None
    try:
        check_common_keys(data)
        check_numbers(data)
    except RulesError as error:
        raise SaveError(f"{path}: {error.key}: {error.message}{kept_note(path)}") from None
    return data


def kept_note(path: Path) -> str:
    """Where the previous good save is, when one is kept (see write_session)."""
    backup = backup_path(path)
    return f" (the previous save is kept in {backup.name})" if backup.is_file() else ""


def check_numbers(data: Mapping[str, Any]) -> None:
    """No whole number beyond LARGEST_NUMBER anywhere in the file (walked without recursion)."""
    if has_too_large_number(data):
        name_too_large(data)


def has_too_large_number(data: Mapping[str, Any]) -> bool:
    """The walk of check_numbers without the key paths: every file is walked, and spelling
    out each value's path cost more than the walk itself; only a failing file needs one."""
    pending: list[Any] = [data]
    while pending:
        value = pending.pop()
        for item in value.values() if isinstance(value, Mapping) else value:
            if isinstance(item, (dict, list)):  # what tomllib makes: no abstract check
                pending.append(item)
            elif isinstance(item, int):
                if abs(item) > LARGEST_NUMBER:
                    return True
            elif not isinstance(item, (str, float)) and isinstance(item, Mapping):
                pending.append(item)
    return False


def name_too_large(data: Mapping[str, Any]) -> None:
    """RulesError naming the first whole number beyond LARGEST_NUMBER."""
    pending: list[tuple[str, Any]] = [("", data)]
    while pending:
        where, value = pending.pop()
        if isinstance(value, Mapping):
            pending += [(f"{where}.{k}" if where else str(k), v) for k, v in value.items()]
        elif isinstance(value, list):
            pending += [(f"{where}[{i}]", v) for i, v in enumerate(value)]
        elif isinstance(value, int) and abs(value) > LARGEST_NUMBER:
            raise RulesError(where, f"{value} is far too large to be a count")


def check_common_keys(data: Mapping[str, Any]) -> None:
    fmt = data.get("format")
    if type(fmt) is not int:
        raise RulesError("format", "missing or not a whole number (this version writes 1)")
    if fmt > FORMAT:
        raise RulesError("format", f"{fmt} is newer than this Last Round reads ({FORMAT})")
    if fmt < 1:
        raise RulesError("format", f"{fmt} is not a known format")
    game = data.get("game")
    if not isinstance(game, str) or game not in GAME_MODULES:
        known = ", ".join(f'"{g}"' for g in GAME_MODULES)
        raise RulesError("game", f"{game!r} is not a known game (known: {known})")
    if data.get("status") not in STATUSES:
        raise RulesError("status", 'must be "in-progress" or "finished"')
    players = data.get("players", [])
    if not isinstance(players, list) or not all(isinstance(p, dict) for p in players):
        raise RulesError("players", "must be an array of tables ([[players]])")
    seen: set[str] = set()
    for index, player in enumerate(players):
        name = player.get("name")
        if not isinstance(name, str) or not name.strip():
            raise RulesError(f"players[{index}].name", "missing or empty")
        if not name.isprintable():
            raise RulesError(f"players[{index}].name", "control characters are not allowed")
        if name.casefold() in seen:
            raise RulesError(f"players[{index}].name", f"{name!r} appears twice")
        seen.add(name.casefold())


# listing ------------------------------------------------------------------------
@dataclass(frozen=True)
class SessionSummary:
    path: Path
    game: str = ""
    created: str = ""
    players: tuple[str, ...] = ()
    status: str = ""
    winners: tuple[str, ...] = ()
    error: str = ""

    @property
    def title(self) -> str:
        return game_title(self.game)


def summary_of(path: Path, record: SessionRecord) -> SessionSummary:
    """A file as the home list shows it, from history's record of it."""
    if record.error:
        return SessionSummary(path, game=record.game, error=one_line(f"{path}: {record.error}"))
    return SessionSummary(path, game=record.game, created=record.created,
                          players=tuple(p.name for p in record.players), status=record.status,
                          winners=record.winners)


# A folder of this few sessions is listed by reading its files: about as quick as opening
# history's index, without loading sqlite3 (about 1 MiB of memory) for the home screen.
READ_DIRECTLY_UP_TO = 4


def list_sessions(folder: Path) -> list[SessionSummary]:
    """Every session file in the folder, newest first (unreadable ones included).

    What each file says comes from history's index, so a folder of many sessions is listed
    at once: only a file that changed since it was last read is read again.
    """
    stats = session_stats(folder)
    if not stats:
        return []  # a new saves folder: nothing to list, no index code to load
    if len(stats) <= READ_DIRECTLY_UP_TO:
        from tui.history import read_record

        records = [read_record(folder, name) for name in stats]
    else:
        from tui.history_index import load_history

        records = load_history(folder)

    def newest(record: SessionRecord) -> tuple[int, str]:
        # A file that appeared since the folder was listed sorts last, as one gone would.
        return stats.get(record.file, (0, 0))[1], record.file

    return [summary_of(folder / r.file, r) for r in sorted(records, key=newest, reverse=True)]


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


# naming -------------------------------------------------------------------------
def slug(text: str, limit: int = 24) -> str:
    """A safe, readable file-name piece: lowercase letters, digits and dashes."""
    ascii_text = text.encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text).strip("-")[:limit].strip("-")


def new_session_path(folder: Path, game: str, players: list[str], created: str) -> Path:
    """A unique path inside the folder: date, time, game and players."""
    stamp = re.sub(r"[^0-9]", "", created)[:12]
    date = (f"{stamp[:4]}-{stamp[4:6]}-{stamp[6:8]}-{stamp[8:12]}" if len(stamp) >= 12
            else slug(created) or "session")
    names = "-".join(filter(None, (slug(n, 12) for n in players))) or "table"
    base = f"{date}-{slug(game)}-{names}"[:80]
    candidate = folder / f"{base}.toml"
    counter = 2
    while candidate.exists():
        candidate = folder / f"{base}-{counter}.toml"
        counter += 1
    return candidate


# writing ------------------------------------------------------------------------
def backup_path(path: Path) -> Path:
    """The hidden file beside a session that keeps its previous good save."""
    return path.with_name(f".{path.name}.bak")


@dataclass
class LastSave:
    """The document of the most recent save, and how the file looked right after it."""

    path: Path
    signature: tuple[int, int, int]
    text: str
    document: Any  # tomlkit.TOMLDocument (tomlkit is imported only for writing)


# Parsing the file again with tomlkit is most of a save's time; while the file is still the
# one this process wrote, its document is reused. Any other change to it (a hand edit, another
# program) changes its signature, and the file is read again.
_last_save: LastSave | None = None


def file_signature(path: Path) -> tuple[int, int, int]:
    status = path.stat()
    return status.st_mtime_ns, status.st_size, status.st_ino


def write_session(path: Path, data: Mapping[str, Any]) -> None:
    """Save atomically, keeping the existing file's comments and layout.

    The file being replaced, when it is a good session, is kept as the backup first.
    A symbolic link is never written through: the link itself is replaced by the file,
    so nothing outside the saves folder can be changed by a save.
    """
    import tomlkit

    global _last_save
    kept, _last_save = _last_save, None  # merging changes the document: reused once at most
    if kept is not None and kept.path == path and unchanged_since(kept):
        previous, document = kept.text, kept.document
    else:
        previous = "" if path.is_symlink() else good_session_text(path)
        try:
            document = tomlkit.parse(previous) if previous else tomlkit.document()
        except (RecursionError, tomlkit.exceptions.ParseError):
            document = tomlkit.document()
    from tui.toml_merge import merge_into

    merge_into(document, data)
    text = tomlkit.dumps(document)
    if previous and previous != text:
        atomic_write(backup_path(path), previous)
    atomic_write(path, text)
    _last_save = LastSave(path, file_signature(path), text, document)


def unchanged_since(save: LastSave) -> bool:
    try:
        return not save.path.is_symlink() and file_signature(save.path) == save.signature
    except OSError:
        return False


def good_session_text(path: Path) -> str:
    """The file's text when it reads as a session, else "" (missing, broken or not ours)."""
    try:
        text = path.read_text("utf-8")
        check_common_keys(tomllib.loads(text))
    except (OSError, UnicodeDecodeError, RecursionError, tomllib.TOMLDecodeError, RulesError):
        return ""
    return text


def atomic_write(path: Path, text: str) -> None:
    """Temporary file in the same folder, flush and fsync, os.replace, fsync the folder."""
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    import tempfile  # writing only: reading and scoring start faster without it

    handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    directory = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(directory)
    finally:
        os.close(directory)
