"""Keeping the open session safe: its lock, a file that can't be opened, a save that fails.

Mixed into LastRoundApp so app.py keeps to the walk through the steps. Nothing here
draws a screen; the app and the save-elsewhere box call these.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tui.games.base import RulesError
from tui.locks import Holder, Locked, SessionLock
from tui.saves import SaveError, kept_note, new_session_path, read_session, write_session
from tui.session import Session

SAVE_ELSEWHERE_KEY = "Ctrl+S"
# What a damaged file can still break in the rules code, beyond the RulesError they raise.
BROKEN = (RulesError, LookupError, TypeError, ValueError, AttributeError)


def load_session(path: Path) -> Session:
    """The session in a file, checked enough for every step screen; SaveError otherwise."""
    from tui.games.checks import check_session

    data = read_session(path)
    try:
        check_session(data)
        session = Session(data, path)
        session.steps()[session.resume_index()]
        if session.finished:  # it opens on its scores (the home list marks it the same way)
            session.score()
    except RulesError as error:
        raise SaveError(f"{path}: {error.key}: {error.message}{kept_note(path)}") from None
    except BROKEN as error:  # a hole in check_session: still one line, never a traceback
        raise SaveError(f"{path}: can't be opened: {error}{kept_note(path)}") from None
    return session


class Safekeeping:
    """The lock of the session being written, and whether its last save failed."""

    lock: SessionLock | None = None
    unsaved = False  # the last save failed: the session lives only in memory
    session: Session | None  # set by the app
    saves: Path

    def take_lock(self, path: Path) -> Holder | None:
        """Hold the session's lock; the other app's holder when it is taken."""
        self.release_lock()
        try:
            self.lock = SessionLock.acquire(path)
        except Locked as locked:
            return locked.holder
        except OSError:
            pass  # the folder can't take a lock: then no save either, and saving says so
        return None

    def release_lock(self) -> None:
        if self.lock is not None:
            self.lock.release()
            self.lock = None

    def save_elsewhere(self, folder: Path) -> str:
        """Save the open session in `folder`, which becomes the saves folder.

        Returns "" once saved, else one line saying why not (the session stays in memory).
        """
        session = self.session
        assert session is not None
        target = folder / session.path.name if session.path is not None else None
        if target is None or (target.exists() and not same_file(target, session.path)):
            target = new_session_path(folder, session.game_id, session.players,
                                      str(session.data["created"]))
        try:
            write_session(target, session.data)
        except OSError as error:
            return f"Could not save in {folder}: {error.strerror or error}"
        session.path = target
        self.saves = folder
        self.unsaved = False
        self.take_lock(target)
        return ""


def same_file(one: Path, other: Path | None) -> bool:
    try:
        return other is not None and one.samefile(other)
    except OSError:
        return False


def not_saved_message(path: Path | None, error: OSError) -> str:
    return (f"Could not save {path}: {error.strerror or error}. Nothing is lost while the app "
            f"stays open: {SAVE_ELSEWHERE_KEY} saves it in another folder.")


def locked_message(path: Path, holder: Any) -> str:
    return (f"{path.name} is open in another Last Round ({holder}), so it is shown read-only "
            "here. Close it there to go on with it here.")
