"""Table mode's mailboxes: how the host's app and the players' own terminals talk, through
small files in a hidden folder beside the session.

`.<name>.toml.table/` exists while the host keeps the table open. In it, for seat `i`:

- `.seat-i.lock`   the terminal that claimed the seat (lastround.session.locks: one at a time, a
                   dropped terminal's lock is stale and taken over on reconnecting);
- `.seat-i.draft`  what that player has typed and not yet sent (lastround.session.drafts);
- `seat-i.offer`   what the player confirmed: an id, the step and its values (player → host);
- `seat-i.answer`  the host's answer to the offer of that id: entered, or refused and why;
- `seat-i.notice`  a line the host wants that player to see (another seat claimed a card of
                   theirs).

And `host.seat`: the seat the host's player enters on the host's own screen (`seat = i`, or
-1 when every seat joins from its own terminal). The host's app holds that seat's lock, so
no other terminal can claim it, and refuses anything sent for it.

The host's app alone writes the session file, and the answers and notices; a player's
terminal writes only its seat's offer, draft and lock. Every file is replaced whole
(lastround.session.files.atomic_write), and every file read is distrusted like a session: size,
TOML, control characters. Offers and answers are kept, not consumed: an answer names the
offer it answers, so a host that was killed in between simply answers again (confirming the
same values twice records them once), and nothing confirmed is lost on either side.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import stat
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from lastround.session.drafts import Drafts, toml_key, toml_value
from lastround.session.files import atomic_write, atomic_write_in
from lastround.session.locks import InTheWay, Locked, SessionLock, lock_path, read_holder
from lastround.session.safe_read import SaveError, has_unfit_value, read_regular_file
from lastround.session.toml_read import read_toml

# Readable (and, for the folder, writable) by a group: the players' terminals usually run as
# another account (`table`) that shares a group with the host (see the README).
FOLDER_MODE = 0o2770
FILE_MODE = 0o660
LARGEST_MESSAGE = 2**16  # a tableau of 200 long card names is a few KiB

HOST_SEAT = "host.seat"

Outcome = Literal["entered", "refused"]


def table_folder(session_path: Path) -> Path:
    return session_path.with_name(f".{session_path.name}.table")


def session_of(folder: Path) -> Path:
    """The session file a table folder belongs to."""
    return folder.with_name(folder.name.removeprefix(".").removesuffix(".table"))


@dataclass(frozen=True)
class Offer:
    """A player's confirmed step, sent to the host: `id` tells one sending from the next."""

    id: str
    step: str
    values: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Answer:
    """The host's answer to the offer `id`: entered, or refused (`key` names the field)."""

    id: str
    step: str
    outcome: Outcome
    key: str = ""
    message: str = ""


@dataclass(frozen=True)
class Notice:
    id: str
    text: str


def new_id() -> str:
    return os.urandom(6).hex()


class TableMoved(OSError):
    """The open table's folder is no longer where the host opened it (moved, or replaced by
    a link or another folder): the host writes nothing more for it."""


class Table:
    """The mailboxes of one session's table (see the module's note)."""

    def __init__(self, session_path: Path) -> None:
        self.session_path = session_path
        self.folder = table_folder(session_path)
        # The host's hold on the folder it opened (open): anyone in the folder's group can
        # rename it and put a link or a folder of theirs in its place, so the host writes only
        # into the folder it holds, and only while it is still the one at its place.
        self.held_folder: int | None = None
        # The seat the host's player enters on the host's screen, and its lock, held while
        # the table is open so that no other terminal claims it (None: every seat joins).
        self.kept_seat: int | None = None
        self.kept_seat_lock: SessionLock | None = None

    # the host ---------------------------------------------------------------------------
    def open(self) -> None:
        """Open the table (OSError when the folder can't be made). A folder already there is
        the same table reopened: the host resumed, the offers sent meanwhile still wait."""
        with contextlib.suppress(FileExistsError):
            self.folder.mkdir(mode=FOLDER_MODE)
        mode = self.folder.lstat().st_mode
        if not stat.S_ISDIR(mode):
            raise OSError(f"{self.folder.name} is in the way and is not a folder")
        with contextlib.suppress(OSError):  # mkdir's mode is cut by the umask
            os.chmod(self.folder, FOLDER_MODE)
        self.release_folder()
        self.held_folder = os.open(self.folder, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)

    def keep_seat(self, seat: int | None, *, say_so: bool) -> None:
        """The host keeps `seat` for its own screen (None: none): its lock is held, and with
        `say_so` the players' terminals are told which it is (`host.seat`)."""
        if say_so:
            self.keep_host_seat(seat)
        self.kept_seat = seat
        if seat is not None:
            with contextlib.suppress(Locked, InTheWay, OSError):  # still refused, by the rule
                self.kept_seat_lock = self.claim(seat)

    def let_go(self) -> None:
        """The host stops hosting: the kept seat's lock and the folder held go."""
        if self.kept_seat_lock is not None:
            self.kept_seat_lock.release()
            self.kept_seat_lock = None
        self.release_folder()

    def release_folder(self) -> None:
        if self.held_folder is not None:
            with contextlib.suppress(OSError):
                os.close(self.held_folder)
            self.held_folder = None

    def in_place(self) -> bool:
        """Whether the folder the host holds is still the one at the table's place."""
        if self.held_folder is None:
            return False
        try:
            held, there = os.fstat(self.held_folder), self.folder.lstat()
        except OSError:
            return False
        return (held.st_dev, held.st_ino) == (there.st_dev, there.st_ino)

    def is_open(self) -> bool:
        with contextlib.suppress(OSError):
            return stat.S_ISDIR(self.folder.lstat().st_mode)
        return False

    def close(self) -> None:
        """The game is finished: nothing is left to enter. (Only the folder the host opened
        is removed: never one put in its place.)"""
        if self.in_place():
            shutil.rmtree(self.folder, ignore_errors=True)
        self.let_go()

    def changed_since(self, seen: int | None) -> int | None:
        """The folder's modification time when it differs from `seen` (something in it was
        written, replaced or removed since), else None. A missing folder counts as changed."""
        try:
            now = self.folder.stat().st_mtime_ns
        except OSError:
            return -1 if seen != -1 else None
        return now if now != seen else None

    def host_present(self) -> bool:
        """Whether the host's app holds the session (a killed host leaves a stale lock)."""
        holder = read_holder(lock_path(self.session_path))
        return holder is not None and holder.running()

    def offers(self, seats: int, recorded: Callable[[int, Offer], bool] | None = None,
               ) -> Iterator[tuple[int, Offer]]:
        """Each seat's offer that has no answer yet; with `recorded` (whether the session
        holds a seat's offer), also one answered "entered" that the session does not hold:
        anyone in the folder's group can write an answer, only the host writes the session."""
        for seat in range(seats):
            offer = self.offer_of(seat)
            if offer is None:
                continue
            answer = self.answer_of(seat)
            if (answer is None or answer.id != offer.id or (
                    recorded is not None and answer.outcome == "entered"
                    and not recorded(seat, offer))):
                yield seat, offer

    def answer(self, seat: int, answer: Answer) -> None:
        self.write(seat, "answer", {"id": answer.id, "step": answer.step,
                                    "outcome": answer.outcome, "key": answer.key,
                                    "message": answer.message})

    def notify(self, seat: int, text: str) -> None:
        self.write(seat, "notice", {"id": new_id(), "text": text})

    # a player's terminal ----------------------------------------------------------------
    def claim(self, seat: int) -> SessionLock:
        """Hold the seat (lastround.session.locks: Locked while another terminal holds it)."""
        return SessionLock.acquire(self.seat_path(seat))

    def held(self, seat: int) -> bool:
        holder = read_holder(lock_path(self.seat_path(seat)))
        return holder is not None and holder.running()

    def drafts(self, seat: int) -> Drafts:
        return Drafts(self.seat_path(seat))

    def typing(self, seat: int) -> bool:
        """Whether the seat's player has typed something not yet sent (the host only looks
        at the draft's presence: it may belong to another account and not be readable)."""
        return os.path.lexists(self.folder / f".seat-{seat}.draft")

    def send(self, seat: int, step: str, values: Mapping[str, Any]) -> Offer:
        offer = Offer(new_id(), step, dict(values))
        self.write(seat, "offer", {"id": offer.id, "step": step, "values": offer.values})
        return offer

    # reading ----------------------------------------------------------------------------
    def offer_of(self, seat: int) -> Offer | None:
        read = self.read(seat, "offer")
        values = read.get("values")
        if not isinstance(values, dict) or not isinstance(read.get("step"), str):
            return None
        return Offer(str(read.get("id", "")), read["step"], values)

    def answer_of(self, seat: int) -> Answer | None:
        read = self.read(seat, "answer")
        outcome = read.get("outcome")
        if outcome not in ("entered", "refused") or not isinstance(read.get("step"), str):
            return None
        return Answer(str(read.get("id", "")), read["step"], outcome,
                      str(read.get("key", "")), str(read.get("message", "")))

    def notice_of(self, seat: int) -> Notice | None:
        read = self.read(seat, "notice")
        text = read.get("text")
        return Notice(str(read.get("id", "")), text) if isinstance(text, str) else None

    # the files --------------------------------------------------------------------------
    def seat_path(self, seat: int) -> Path:
        """The name a seat's lock and draft hang from (`.seat-i.lock`, `.seat-i.draft`)."""
        return self.folder / f"seat-{seat}"

    def keep_host_seat(self, seat: int | None) -> None:
        """Say which seat is the host's own (None: none is)."""
        self.write_file(HOST_SEAT, {"seat": -1 if seat is None else seat})

    def host_seat(self) -> int | None:
        """The seat the host keeps for its own screen, if any."""
        seat = self.read_file(HOST_SEAT).get("seat")
        return seat if isinstance(seat, int) and not isinstance(seat, bool) and seat >= 0 else None

    def write(self, seat: int, kind: str, values: Mapping[str, Any]) -> None:
        self.write_file(f"seat-{seat}.{kind}", values)

    def write_file(self, name: str, values: Mapping[str, Any]) -> None:
        """Replace a mailbox whole: the host's into the folder it holds (TableMoved once that
        is no longer at its place), a player's terminal's by the folder's name."""
        text = "".join(f"{toml_key(k)} = {toml_value(v)}\n" for k, v in values.items())
        if self.held_folder is None:
            atomic_write(self.folder / name, text, mode=FILE_MODE)
            return
        if not self.in_place():
            raise TableMoved(f"{self.folder.name} was moved or replaced")
        atomic_write_in(self.held_folder, name, text, mode=FILE_MODE)

    def read(self, seat: int, kind: str) -> dict[str, Any]:
        return self.read_file(f"seat-{seat}.{kind}")

    def read_file(self, name: str) -> dict[str, Any]:
        """A mailbox's contents; empty when missing, unreadable or not to be trusted."""
        try:
            raw = read_regular_file(self.folder / name, LARGEST_MESSAGE, follow_links=False)
            read = read_toml(raw.decode("utf-8"))
        except (SaveError, UnicodeDecodeError, ValueError, RecursionError):
            return {}
        return {} if has_unfit_value(read) else read


def close_left_open(session_path: Path) -> None:
    """A finished game's table left open (its host ended between the last save and closing
    it): no seat is left to enter, so it is closed now, unless a host holds it."""
    table = Table(session_path)
    if table.is_open() and not table.host_present():
        with contextlib.suppress(OSError):
            table.open()  # held first: only the folder opened here is removed
        table.close()


def open_tables(saves: Path) -> list[Table]:
    """The tables waiting for players in the saves folder: open, their host present."""
    try:
        names = sorted(entry.name for entry in os.scandir(saves)
                       if entry.name.startswith(".") and entry.name.endswith(".toml.table"))
    except OSError:
        return []
    tables = [Table(session_of(saves / name)) for name in names]
    return [t for t in tables if t.is_open() and t.session_path.is_file() and t.host_present()]
