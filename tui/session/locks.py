"""One app writes a session at a time: a lock file beside it says which.

`.<name>.lock` holds the process id and host name of the app writing the session, and a
token naming that very app. It appears whole or not at all and never replaces another, so of
two apps opening (or naming) the same session only one gets it; the other opens it read-only.
A lock left by a process that no longer runs on this host (a killed app, a dropped link) is
stale and taken over. Something else in the lock's place (a folder) is never removed: the
session can't be locked then.
"""

from __future__ import annotations

import errno
import os
import socket
import stat
from dataclasses import dataclass, field
from pathlib import Path

from lastround.session.safe_read import SaveError, read_regular_file

# The tokens of the locks this process holds. Two apps in one process (the tests run two)
# share a process id: the token tells whether a lock naming this process is still held.
HELD_HERE: set[str] = set()


def lock_path(session: Path) -> Path:
    return session.with_name(f".{session.name}.lock")


@dataclass(frozen=True)
class Holder:
    pid: int
    host: str
    # Which app of the process: not part of equality (a holder is a process), compared
    # only to tell whether a lock is still this very app's (SessionLock.held).
    token: str = field(default="", compare=False)

    def __str__(self) -> str:
        return f"process {self.pid} on {self.host}"

    @classmethod
    def me(cls) -> Holder:
        return cls(os.getpid(), socket.gethostname(), os.urandom(8).hex())

    def text(self) -> str:
        return f"{self.pid}\n{self.host}\n{self.token}\n"

    def running(self) -> bool:
        """Whether the holder may still be writing: always, when it is on another host."""
        if self.host != socket.gethostname():
            return True  # its processes can't be seen from here
        if self.pid == os.getpid():
            # Another app of this process; else a lock left by an earlier process that had
            # this pid (after a restart, in a container), stale like any other.
            return self.token in HELD_HERE
        try:
            os.kill(self.pid, 0)
        except ProcessLookupError:
            return False
        except PermissionError:  # running, as another user
            return True
        return not is_zombie(self.pid)


def is_zombie(pid: int) -> bool:
    """A process that has ended but is not yet reaped (Linux; elsewhere assumed not)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[-1].split()[:1] == ["Z"]


class Locked(Exception):
    """The session is being written by another app."""

    def __init__(self, holder: Holder) -> None:
        super().__init__(str(holder))
        self.holder = holder


class InTheWay(Exception):
    """Something that is not a lock file sits where the lock goes (a folder): not ours to
    remove, so the session can't be locked. The message is one line."""

    def __init__(self, lock: Path, why: str) -> None:
        super().__init__(f"{lock.name} {why}")


# A process id is a C int (pid_t): a larger number names no process, on any host.
MAX_PID = 2**31 - 1
# A lock holds a process id, a host name (at most 255 bytes) and a token: far less than this.
LOCK_BYTES = 4096


def read_holder(lock: Path) -> Holder | None:
    """Who a lock file names; None when it is not a regular file (never followed through a
    link, never waited on like a pipe), can't be read or says nothing sensible."""
    try:
        raw = read_regular_file(lock, LOCK_BYTES, follow_links=False)
        pid, host, token = [*raw.decode("utf-8").split("\n"), "", ""][:3]
        if 0 < int(pid) <= MAX_PID and host.strip():
            return Holder(int(pid), host.strip(), token.strip())
        return None
    except (SaveError, UnicodeDecodeError, ValueError):
        return None


@dataclass
class SessionLock:
    """A held lock; `release` removes it (only while it is still this app's)."""

    path: Path
    holder: Holder

    @classmethod
    def acquire(cls, session: Path) -> SessionLock:
        """Take the session's lock, taking over a stale one; Locked when another app holds it,
        InTheWay when something that is not a lock file is in its place.

        OSError when the folder can't hold a lock file (then it can't hold a save either).
        """
        lock = lock_path(session)
        me = Holder.me()
        HELD_HERE.add(me.token)  # before the lock appears: another app here may read it then
        try:
            for _ in range(2):  # once more after removing a stale lock
                try:
                    create_whole(lock, me.text())
                except FileExistsError:
                    holder = read_holder(lock)
                    if holder is not None and holder.running():
                        raise Locked(holder) from None
                    remove_stale(lock)
                    continue
                return cls(lock, me)
            holder = read_holder(lock)
            raise Locked(holder or Holder(0, "another app"))
        except BaseException:
            HELD_HERE.discard(me.token)
            raise

    def held(self) -> bool:
        """Whether the lock file still names this app (another may have taken it over,
        finding this one stale, or removed it)."""
        holder = read_holder(self.path)
        return holder is not None and (holder, holder.token) == (self.holder, self.holder.token)

    def release(self) -> None:
        HELD_HERE.discard(self.holder.token)
        if self.held():
            self.path.unlink(missing_ok=True)


def remove_stale(lock: Path) -> None:
    """Remove a lock whose app is gone (or one that names nobody): only a file or a link."""
    try:
        mode = lock.lstat().st_mode
        if not (stat.S_ISREG(mode) or stat.S_ISLNK(mode)):
            raise InTheWay(lock, "is a folder" if stat.S_ISDIR(mode) else "is not a lock file")
        lock.unlink()
    except FileNotFoundError:
        pass  # another app removed it first
    except OSError as error:
        raise InTheWay(lock, f"can't be removed: {error.strerror or error}") from None


# Where a folder can't hold hard links (FAT, some network shares), os.link fails so.
NO_HARD_LINKS = {errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.ENOSYS, errno.EMLINK}


def create_whole(lock: Path, text: str) -> None:
    """Create the lock with its text already in it; FileExistsError when one is there.

    Written under a private name, then linked into place (atomic, and never replacing): an
    app finding the lock never reads it empty and takes it for a stale one to remove. The
    private name is a hidden `.<lock>.<8 hex>.tmp`, as atomic_write would name it.
    """
    private = lock.with_name(f".{lock.name}.{os.urandom(4).hex()}.tmp")
    handle = os.open(private, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644)
    try:
        try:
            os.write(handle, text.encode())
        finally:
            os.close(handle)
        try:
            os.link(private, lock)
        except OSError as error:
            if error.errno not in NO_HARD_LINKS:
                raise
            create_directly(lock, text)
    finally:
        private.unlink(missing_ok=True)


def create_directly(lock: Path, text: str) -> None:
    """Without hard links: created exclusively, then written (read empty for a moment)."""
    handle = os.open(lock, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644)
    try:
        os.write(handle, text.encode())
    finally:
        os.close(handle)
