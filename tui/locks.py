"""One app writes a session at a time: a lock file beside it says which.

`.<name>.lock` holds the process id and host name of the app writing the session. It is
created exclusively (O_EXCL), so of two apps opening the same session only one gets it;
the other opens it read-only. A lock left by a process that no longer runs on this host
(a killed app, a dropped link) is stale and taken over.
"""

from __future__ import annotations

import os
import socket
from dataclasses import dataclass
from pathlib import Path


def lock_path(session: Path) -> Path:
    return session.with_name(f".{session.name}.lock")


@dataclass(frozen=True)
class Holder:
    pid: int
    host: str

    def __str__(self) -> str:
        return f"process {self.pid} on {self.host}"

    @classmethod
    def me(cls) -> Holder:
        return cls(os.getpid(), socket.gethostname())

    def text(self) -> str:
        return f"{self.pid}\n{self.host}\n"

    def running(self) -> bool:
        """Whether the holder may still be writing: always, when it is on another host."""
        if self.host != socket.gethostname():
            return True  # its processes can't be seen from here
        if self.pid == os.getpid():
            return False  # this very app: a lock it kept is its own to take
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


def read_holder(lock: Path) -> Holder | None:
    """Who a lock file names; None when it can't be read or says nothing sensible."""
    try:
        pid, host = lock.read_text("utf-8").split("\n")[:2]
        return Holder(int(pid), host.strip()) if int(pid) > 0 and host.strip() else None
    except (OSError, UnicodeDecodeError, ValueError):
        return None


@dataclass
class SessionLock:
    """A held lock; `release` removes it (only while it is still this app's)."""

    path: Path
    holder: Holder

    @classmethod
    def acquire(cls, session: Path) -> SessionLock:
        """Take the session's lock, taking over a stale one; Locked when another app holds it.

        OSError when the folder can't hold a lock file (then it can't hold a save either).
        """
        lock = lock_path(session)
        me = Holder.me()
        for _ in range(2):  # once more after removing a stale lock
            try:
                handle = os.open(lock, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
            except FileExistsError:
                holder = read_holder(lock)
                if holder is not None and holder.running():
                    raise Locked(holder) from None
                lock.unlink(missing_ok=True)  # stale: its app is gone
                continue
            try:
                os.write(handle, me.text().encode())
            finally:
                os.close(handle)
            return cls(lock, me)
        holder = read_holder(lock)
        raise Locked(holder or Holder(0, "another app"))

    def release(self) -> None:
        if read_holder(self.path) == self.holder:
            self.path.unlink(missing_ok=True)
