"""Keeping the open session safe: its lock, a file that can't be opened, a save that fails.

The session keeper (lastround.session.keeper) holds one Safekeeping; nothing here draws a screen.
"""

from __future__ import annotations

import errno
import itertools
import os
import time
from collections.abc import Iterable, Iterator
from contextlib import suppress
from pathlib import Path
from typing import Any

from lastround.session.drafts import draft_path
from lastround.session.early import EarlySession, open_early
from lastround.session.files import backup_path, is_temporary_of, write_session
from lastround.session.folder import is_named_for, session_names
from lastround.session.locks import InTheWay, Locked, SessionLock, lock_path, read_holder
from lastround.session.session import Session

SAVE_ELSEWHERE_KEY = "Ctrl+S"
# More names for one table and minute than any folder holds; past them the folder is wrong.
MOST_NAMES = 1000
# A lock being made lives for a moment (lastround.session.locks.create_whole): one this old was left
# by a killed app, a younger one may be another app's, making a lock to find this one's.
LOCK_LEFTOVER_SECONDS = 60.0


def load_session(path: Path, *, to_fix: bool = False, early: bool = False) -> Session:
    """The session in a file, checked enough for every step screen; SaveError otherwise.
    `to_fix`: opened on the steps that answer its refused values again, when a step answers
    each (lastround.session.fixing), to be written. With `early`, a long finished file's final
    scores from its head, its log read after (lastround.session.early: the replay reads the rest
    while they are shown)."""
    from lastround.session.opening import open_in_app, open_session

    if early and (head := open_early(path)) is not None:
        return head
    if not to_fix:
        return Session(open_session(path)[0], path)
    data, fixes = open_in_app(path)
    return Session(data, path, fixes)


class Safekeeping:
    """The lock of the session being written (held by the session keeper, lastround.session.keeper).

    Only the app holding a session's lock writes its file, and every save checks that the
    lock file still names this app first.
    """

    def __init__(self) -> None:
        self.lock: SessionLock | None = None
        self.lock_problem = ""  # why the folder could not take the open session's lock

    def take_lock(self, path: Path) -> str | None:
        """Hold the session's lock: None once held (or when the folder can't take a lock
        file: then saving says so, and Ctrl+S is offered), else one line saying why the
        session is shown read-only (another app holds it, something else is in its place)."""
        self.release_lock()
        self.lock_problem = ""
        try:
            self.hold(SessionLock.acquire(path), path)
        except Locked as locked:
            return locked_message(path, locked.holder)
        except InTheWay as in_the_way:
            return f"{path.name} can't be locked ({in_the_way}), so it is shown read-only here."
        except OSError as error:
            self.lock_problem = f"its lock can't be made ({reason(error)})"
        return None

    def hold(self, lock: SessionLock, path: Path) -> None:
        self.release_lock()
        self.lock = lock
        remove_leftovers(path)  # no other app writes the session now

    def release_lock(self) -> None:
        if self.lock is not None:
            self.lock.release()
            self.lock = None

    def not_held(self, path: Path) -> str | None:
        """None while this app holds the lock of `path`, else why not."""
        lock = self.lock
        if lock is None or lock.path != lock_path(path):
            return self.lock_problem or "this Last Round does not hold its lock"
        if lock.held():
            return None
        holder = read_holder(lock.path)
        if holder is None:
            return f"its lock ({lock.path.name}) is gone"
        return f"another Last Round ({holder}) has taken its lock ({lock.path.name}) over"

    def write(self, session: Session, saves: Path) -> str | None:
        """Write `session`, a new one in `saves` under a name claimed first; None once
        written, else one line saying why not (the session stays in memory)."""
        try:
            if isinstance(session, EarlySession):  # its log is not read: never written so
                raise OSError(errno.EAGAIN, "its log is still being read")
            if session.path is None:
                path, lock = claim_name(names_in(session, saves))
                self.hold(lock, path)
                session.path = path
            why = self.not_held(session.path)
            if why is None:
                write_session(session.path, session.data)
        except OSError as error:
            why = reason(error)
        if why is None:
            return None
        return not_saved_message(session.path or next(names_in(session, saves)), why)

    def move_due(self, session: Session, players_before: list[str]) -> bool:
        """Whether the file of `session`, held by this app, bears the name Last Round gave
        the players before and not yet the one the players now give (a name chosen by hand
        stays)."""
        old = session.path
        if old is None:
            return False
        game, created = session.game_id, str(session.data["created"])
        return (session.players != players_before and self.not_held(old) is None
                and is_named_for(old, game, players_before, created)
                and not is_named_for(old, game, session.players, created))

    def move_to_players_names(self, session: Session) -> str | None:
        """Write `session` under the name its players now give (see move_due): None once
        moved and written, else one line saying why the file keeps its old name (the caller
        then saves under it).

        The new name is claimed with its lock first, so no other session is overwritten;
        only once the session is written there do its draft and backup follow it and the
        old file and lock go.
        """
        old = session.path
        assert old is not None
        game, created = session.game_id, str(session.data["created"])
        target: Path | None = None
        try:
            target, lock = claim_name(session_names(old.parent, game, session.players, created))
            try:
                write_session(target, session.data)
            except OSError:
                with suppress(OSError):
                    target.unlink(missing_ok=True)  # ours: its name was claimed free
                lock.release()
                raise
        except OSError as error:
            shown = target.name if target is not None else "a name for the new players"
            return (f"{old.name} keeps its name: it could not be saved as {shown} "
                    f"({reason(error)}).")
        move_companions(old, target)
        self.hold(lock, target)  # lets the old lock go
        session.path = target
        return None

    def save_elsewhere(self, session: Session, folder: Path) -> str | None:
        """Save `session` in `folder`: None once saved, else one line saying why not (the
        session stays in memory)."""
        path = session.path
        claimed: SessionLock | None = None  # a new file's lock: this app's once it is written
        try:
            if (path is not None and same_file(folder, path.parent)
                    and self.not_held(path) is None):
                target = path  # the same folder typed again: the file is still this app's
            else:
                # Under its own name when that is free there, else as a new session is named.
                own = [folder / path.name] if path is not None else []
                target, claimed = claim_name(itertools.chain(own, names_in(session, folder)))
            write_session(target, session.data)
        except OSError as error:
            if claimed is not None:
                claimed.release()
            return f"Could not save in {folder}: {reason(error)}"
        if claimed is not None:
            self.hold(claimed, target)
        session.path = target
        return None


def names_in(session: Session, folder: Path) -> Iterator[Path]:
    return session_names(folder, session.game_id, session.players,
                         str(session.data["created"]))


def claim_name(candidates: Iterable[Path]) -> tuple[Path, SessionLock]:
    """The first name no session has and no other app is taking, with its lock held.

    The lock is taken first (atomically: of two apps naming their new sessions alike in the
    same minute, one gets each name), then the name is checked free; else the next is tried.
    OSError when the folder can't be made or can't hold a lock file.
    """
    for path in itertools.islice(candidates, MOST_NAMES):
        if os.path.lexists(path):
            continue  # a session's (or anything's) name: its lock is not ours to touch
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            lock = SessionLock.acquire(path)
        except (Locked, InTheWay):
            continue  # another app is taking this name
        if not os.path.lexists(path):
            return path, lock
        lock.release()  # written since it was looked at
    raise OSError(errno.EEXIST, f"no free name for a new session among {MOST_NAMES}")


def move_companions(old: Path, target: Path) -> None:
    """The session is written at `target`: its draft and backup follow it, the old file goes."""
    for companion in (draft_path, backup_path):
        with suppress(OSError):
            if os.path.lexists(companion(old)):
                os.replace(companion(old), companion(target))
    with suppress(OSError):
        old.unlink()


def remove_leftovers(session: Path) -> None:
    """Remove the temporary files a killed app left beside the session: of its saves, its
    backups and its drafts, and its lock being made. Called once this app holds the lock
    (no other app writes the session then); only files named as Last Round names them."""
    draft_temporary = f"{draft_path(session).name}.tmp"  # as drafts.write_quickly names it
    lock = lock_path(session)
    try:
        with os.scandir(session.parent) as entries:
            found = [entry for entry in entries if entry.name.endswith(".tmp")]
    except OSError:
        return
    for entry in found:
        name = entry.name
        with suppress(OSError):
            ours = (name == draft_temporary or is_temporary_of(name, session)
                    or is_temporary_of(name, backup_path(session)))
            if not ours and is_temporary_of(name, lock):
                age = time.time() - entry.stat(follow_symlinks=False).st_mtime
                ours = age > LOCK_LEFTOVER_SECONDS
            if ours and not entry.is_dir(follow_symlinks=False):
                os.unlink(entry.path)


def same_file(one: Path, other: Path) -> bool:
    try:
        return one.samefile(other)
    except OSError:
        return False


def reason(error: OSError) -> str:
    return error.strerror or str(error)


def not_saved_message(path: Path, why: str) -> str:
    return (f"Could not save {path}: {why}. Nothing is lost while the app "
            f"stays open: {SAVE_ELSEWHERE_KEY} saves it in another folder.")


def locked_message(path: Path, holder: Any) -> str:
    return (f"{path.name} is open in another Last Round ({holder}), so it is shown read-only "
            "here. Close it there to go on with it here.")
