"""Session files: read with tomllib, written with tomlkit, replaced atomically.

Reading never imports tomlkit or Textual, so `lastround score` stays light.
Writing merges the session into the file's existing TOML document, so a comment a
person added by hand survives the next save.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Mapping
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lastround.games import game_ids
from lastround.games.base import RulesError, name_key
from lastround.session.fields import NAME_LIMIT
from lastround.session.safe_read import (
    LARGEST_NUMBER,
    SaveError,
    has_unfit_value,
    read_regular_file,
)
from lastround.session.terminal_safe import unsafe_character, visible
from lastround.session.toml_read import TooDeep, read_toml

FORMAT = 1
STATUSES = ("in-progress", "finished")


# reading ------------------------------------------------------------------------
def read_session(path: Path) -> dict[str, Any]:
    """The file's data, checked for the keys every session has and for values that could
    only be damage (a number beyond any count, a character that drives a terminal).

    This is the parse alone: `lastround.session.opening.open_session` also checks what the steps
    need, and every reader opens files through it.
    """
    import tomllib  # not before the home's first frame (lastround.shell.warm_up loads it after)

    try:  # the bytes let go of before the parse: a long file's are megabytes
        text = read_regular_file(path, MAX_SESSION_BYTES).decode("utf-8-sig")  # BOM or not
    except UnicodeDecodeError:
        raise SaveError(f"{path}: not a text file (not UTF-8){kept_note(path)}") from None
    try:
        data = read_toml(text)
        del text  # before the checks: they walk every value
    except tomllib.TOMLDecodeError as error:
        raise SaveError(f"{path}: not valid TOML: {error}{kept_note(path)}") from None
    except RecursionError:  # tomllib recurses once per nested array or table
        raise SaveError(f"{path}: not a session file: values nested too deeply") from None
    except TooDeep as error:
        raise SaveError(f"{path}: not a session file: keys nested too deeply ({error})"
                        f"{kept_note(path)}") from None
    except ValueError:  # Python refuses to read a whole number of over 4300 digits
        raise SaveError(f"{path}: not a session file: a number of thousands of digits "
                        f"is far too large to be a count{kept_note(path)}") from None
    try:
        check_common_keys(data)
        check_values(data)
    except RulesError as error:
        raise SaveError(f"{path}: {error.key}: {error.message}{kept_note(path)}") from None
    return data


# A real session is a few KiB; even 20,000 log entries (every turn saved, thousands of
# corrections) stay below this, at 6 to 7.6 MiB. A larger file is not one of ours, and
# reading it would stall the app.
MAX_SESSION_BYTES = 8 * 2**20


def kept_note(path: Path) -> str:
    """Where the previous good save is, when one is kept (see write_session)."""
    backup = backup_path(path)
    return f" (the previous save is kept in {backup.name})" if backup.is_file() else ""


def check_values(data: Mapping[str, Any]) -> None:
    """No whole number beyond LARGEST_NUMBER, and no character that could drive a terminal
    (see lastround.session.terminal_safe) in any text or key, anywhere in the file (walked without
    recursion)."""
    if has_unfit_value(data):
        name_unfit_value(data)


def name_unfit_value(data: Mapping[str, Any]) -> None:
    """RulesError naming the first value has_unfit_value finds."""
    pending: list[tuple[str, Any]] = [("", data)]
    while pending:
        where, value = pending.pop()
        if isinstance(value, Mapping):
            for key, item in value.items():
                inner = f"{where}.{key}" if where else str(key)
                if unsafe := unsafe_character(key):
                    raise RulesError(visible(inner), f"this key {DRIVES.format(unsafe)}")
                pending.append((inner, item))
        elif isinstance(value, list):
            pending += [(f"{where}[{i}]", v) for i, v in enumerate(value)]
        elif isinstance(value, str) and (unsafe := unsafe_character(value)):
            raise RulesError(where, DRIVES.format(unsafe))
        elif type(value) is int and abs(value) > LARGEST_NUMBER:
            shown = value if abs(value) < 10**18 else "a number of that many digits"
            raise RulesError(where, f"{shown} is far too large to be a count")


DRIVES = "holds a control character ({}), not allowed: it could drive the terminal"


def check_common_keys(data: Mapping[str, Any]) -> None:
    fmt = data.get("format")
    if type(fmt) is not int:
        raise RulesError("format", "missing or not a whole number (this version writes 1)")
    if fmt > FORMAT:
        raise RulesError("format", f"{fmt} is newer than this Last Round reads ({FORMAT})")
    if fmt < 1:
        raise RulesError("format", f"{fmt} is not a known format")
    if "created" in data and not isinstance(data["created"], str):
        raise RulesError("created", "must be a date as text, like \"2026-11-27T21:52:00Z\"")
    if "seed" in data and type(data["seed"]) is not int:
        raise RulesError("seed", "must be a whole number (the draws' shuffle)")
    game = data.get("game")
    known_games = game_ids()
    if not isinstance(game, str) or game not in known_games:
        known = ", ".join(f'"{g}"' for g in known_games)
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
        if len(name) > NAME_LIMIT:  # as the players' form takes them
            raise RulesError(f"players[{index}].name", f"at most {NAME_LIMIT} characters, "
                             f"not {len(name):,}")
        key = name_key(name)
        if key in seen:
            raise RulesError(f"players[{index}].name", f"{name!r} appears twice")
        seen.add(key)


# writing ------------------------------------------------------------------------
def backup_path(path: Path) -> Path:
    """The hidden file beside a session that keeps its previous good save."""
    return path.with_name(f".{path.name}.bak")


@dataclass
class LastSave:
    """The pieces of the most recent save, and how the file looked right after it."""

    path: Path
    signature: tuple[int, int, int]
    text: str
    written: Any  # lastround.session.save_text.Written (tomlkit is imported only for writing)


# Cutting and parsing the file again is most of a save's time; while the file is still the
# one this process wrote, its pieces are reused. Any other change to it (a hand edit, another
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
    from lastround.session.save_text import render

    global _last_save
    kept, _last_save = _last_save, None  # merging changes the pieces: reused once at most
    if kept is not None and kept.path == path and unchanged_since(kept):
        previous, written = kept.text, kept.written
    else:
        previous = "" if path.is_symlink() else good_session_text(path)
        written = None
    text, written = render(previous, data, written)
    if previous and previous != text:
        keep_backup(path, previous)
    atomic_write(path, text)
    _last_save = LastSave(path, file_signature(path), text, written)


def unchanged_since(save: LastSave) -> bool:
    try:
        return not save.path.is_symlink() and file_signature(save.path) == save.signature
    except OSError:
        return False


def good_session_text(path: Path) -> str:
    """The file's text when it reads as a session, else "" (missing, broken or not ours)."""
    try:
        text = path.read_text("utf-8")
        check_common_keys(read_toml(text))
    except (OSError, UnicodeDecodeError, RecursionError, ValueError, RulesError):
        return ""  # ValueError: not TOML (TOMLDecodeError), nested too deeply, a huge number
    return text


def keep_backup(path: Path, previous: str) -> None:
    """Keep the file's previous good text as its backup, with the file's own mode (it is a
    copy of it). The backup is a safety net: one that can't be written (a folder in its
    place, say) never stops the save itself."""
    with suppress(OSError):
        # Its folder is the session's, synced by the session's own write right after.
        atomic_write(backup_path(path), previous, mode=permissions_of(path), sync_folder=False)


def permissions_of(path: Path) -> int | None:
    """A regular file's permission bits (never a link's target's); None when there is none."""
    try:
        status = path.lstat()
    except OSError:
        return None
    return stat.S_IMODE(status.st_mode) & 0o777 if stat.S_ISREG(status.st_mode) else None


def is_temporary_of(name: str, path: Path) -> bool:
    """Whether `name` is one of atomic_write's temporary files for `path` (eight letters,
    digits or _ between: what earlier versions' mkstemp made too)."""
    return re.fullmatch(rf"\.{re.escape(path.name)}\.[a-z0-9_]{{8}}\.tmp", name) is not None


def atomic_write(path: Path, text: str, *, mode: int | None = None,
                 sync_folder: bool = True) -> None:
    """Temporary file in the same folder, flush and fsync, os.replace, fsync the folder
    (unless `sync_folder` is False: a write to the same folder follows at once).

    The file keeps the permissions it had (or is given `mode`); a new one gets the usual
    0o666 less the umask, as the kernel applies it when the temporary file is created.
    """
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    mode = permissions_of(path) if mode is None else mode
    for _ in range(100):  # a random name already taken: draw another
        temporary = path.with_name(f".{path.name}.{os.urandom(4).hex()}.tmp")
        with suppress(FileExistsError):
            handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW,
                             0o666)
            break
    else:
        raise FileExistsError(f"{folder}: no free name for a temporary file")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            if mode is not None:
                os.fchmod(stream.fileno(), mode)
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    if not sync_folder:
        return
    directory = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(directory)
    finally:
        os.close(directory)


def atomic_write_in(folder: int, name: str, text: str, *, mode: int) -> None:
    """atomic_write of the file `name` in the folder open as `folder` (a descriptor): every
    step is taken relative to it, so a folder moved away or swapped for a link meanwhile is
    never written through."""
    for _ in range(100):  # a random name already taken: draw another
        temporary = f".{name}.{os.urandom(4).hex()}.tmp"
        with suppress(FileExistsError):
            handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW,
                             0o666, dir_fd=folder)
            break
    else:
        raise FileExistsError(f"no free name for a temporary file beside {name}")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            os.fchmod(stream.fileno(), mode)
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, name, src_dir_fd=folder, dst_dir_fd=folder)
    except BaseException:
        with suppress(OSError):
            os.unlink(temporary, dir_fd=folder)
        raise
    os.fsync(folder)
