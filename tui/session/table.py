"""Table mode's mailboxes: how the host's app and the players' own terminals talk, through
small files in a hidden folder beside the session.

`.<name>.toml.table/` exists while the host keeps the table open. In it, for seat `i`:

- `.seat-i.lock`   the terminal that claimed the seat (tui.session.locks: one at a time, a
                   dropped terminal's lock is stale and taken over on reconnecting);
- `.seat-i.draft`  what that player has typed and not yet sent (tui.session.drafts);
- `seat-i.offer`   what the player confirmed: an id, the step and its values (player → host);
- `seat-i.answer`  the host's answer to the offer of that id: entered, or refused and why;
- `seat-i.notice`  a line the host wants that player to see (another seat claimed a card of
                   theirs).

The host's app alone writes the session file, and the answers and notices; a player's
terminal writes only its seat's offer, draft and lock. Every file is replaced whole
(tui.session.files.atomic_write), and every file read is distrusted like a session: size,
TOML, control characters. Offers and answers are kept, not consumed: an answer names the
offer it answers, so a host that was killed in between simply answers again (confirming the
same values twice records them once), and nothing confirmed is lost on either side.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import stat
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from tui.session.drafts import Drafts, toml_key, toml_value
from tui.session.files import SaveError, atomic_write, has_unfit_value, read_regular_file
from tui.session.locks import SessionLock, lock_path, read_holder
from tui.session.toml_read import read_toml

# Readable (and, for the folder, writable) by a group: the players' terminals usually run as
# another account (`table`) that shares a group with the host (see the README).
FOLDER_MODE = 0o2770
FILE_MODE = 0o660
LARGEST_MESSAGE = 2**16  # a tableau of 200 long card names is a few KiB

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


class Table:
    """The mailboxes of one session's table (see the module's note)."""

    def __init__(self, session_path: Path) -> None:
        self.session_path = session_path
        self.folder = table_folder(session_path)

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

    def is_open(self) -> bool:
        with contextlib.suppress(OSError):
            return stat.S_ISDIR(self.folder.lstat().st_mode)
        return False

    def close(self) -> None:
        """The game is finished: nothing is left to enter."""
        shutil.rmtree(self.folder, ignore_errors=True)

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

    def offers(self, seats: int) -> Iterator[tuple[int, Offer]]:
        """Each seat's offer that has no answer yet."""
        for seat in range(seats):
            offer = self.offer_of(seat)
            answer = self.answer_of(seat)
            if offer is not None and (answer is None or answer.id != offer.id):
                yield seat, offer

    def answer(self, seat: int, answer: Answer) -> None:
        self.write(seat, "answer", {"id": answer.id, "step": answer.step,
                                    "outcome": answer.outcome, "key": answer.key,
                                    "message": answer.message})

    def notify(self, seat: int, text: str) -> None:
        self.write(seat, "notice", {"id": new_id(), "text": text})

    # a player's terminal ----------------------------------------------------------------
    def claim(self, seat: int) -> SessionLock:
        """Hold the seat (tui.session.locks: Locked while another terminal holds it)."""
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

    def write(self, seat: int, kind: str, values: Mapping[str, Any]) -> None:
        text = "".join(f"{toml_key(k)} = {toml_value(v)}\n" for k, v in values.items())
        atomic_write(self.folder / f"seat-{seat}.{kind}", text, mode=FILE_MODE)

    def read(self, seat: int, kind: str) -> dict[str, Any]:
        """A mailbox's contents; empty when missing, unreadable or not to be trusted."""
        try:
            raw = read_regular_file(self.folder / f"seat-{seat}.{kind}", LARGEST_MESSAGE,
                                    follow_links=False)
            read = read_toml(raw.decode("utf-8"))
        except (SaveError, UnicodeDecodeError, ValueError, RecursionError):
            return {}
        return {} if has_unfit_value(read) else read


def open_tables(saves: Path) -> list[Table]:
    """The tables waiting for players in the saves folder: open, their host present."""
    try:
        names = sorted(entry.name for entry in os.scandir(saves)
                       if entry.name.startswith(".") and entry.name.endswith(".toml.table"))
    except OSError:
        return []
    tables = [Table(session_of(saves / name)) for name in names]
    return [t for t in tables if t.is_open() and t.session_path.is_file() and t.host_present()]
