"""A player's seat at a table, seen from their own terminal (`lastround join`).

The host's app is the only writer of the session file: this side reads it (again whenever
the file changes), writes its seat's offers and drafts into the table's mailboxes
(lastround.session.table), and reads the host's answers and notices. It is the session keeper's
seat side (lastround.session.keeper is the host's): no Textual, the joiner's app
(lastround.shell.join_app) polls these and shows what they say.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lastround.games.base import Step
from lastround.games.seats import seat_steps, seats_open, waiting_at
from lastround.session.drafts import Drafts, DraftValues
from lastround.session.locks import SessionLock
from lastround.session.opening import open_session
from lastround.session.safe_read import SaveError
from lastround.session.session import Session
from lastround.session.table import Answer, Offer, Table
from lastround.session.table_offers import MARKS, SeatStatus, holds_offer, seat_status

FileStamp = tuple[int, int, int]  # inode, mtime_ns, size: the host replaces the file whole


def file_stamp(path: Path) -> FileStamp | None:
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_ino, found.st_mtime_ns, found.st_size


def read_table_session(path: Path) -> Session:
    """The session as the host last saved it (SaveError in one line when it can't be read)."""
    data, _result = open_session(path)
    return Session(data, path)


@dataclass
class Seat:
    """The seat this terminal holds: its lock, its drafts, the session as last read, and the
    offer sent to the host and not yet answered."""

    table: Table
    number: int
    lock: SessionLock
    session: Session
    drafts: Drafts
    stamp: FileStamp | None = None
    pending: Offer | None = None
    seen_notice: str = ""
    read_only: bool = True  # until one of the seat's steps is shown

    @classmethod
    def take(cls, table: Table, number: int) -> Seat:
        """Claim the seat (Locked while another terminal holds it; InTheWay or OSError when
        it can't be locked; SaveError when the session can't be read)."""
        lock = table.claim(number)
        try:
            stamp = file_stamp(table.session_path)
            seat = cls(table, number, lock, read_table_session(table.session_path),
                       table.drafts(number), stamp)
        except BaseException:
            lock.release()
            raise
        seat.pending = seat.unanswered()
        notice = table.notice_of(number)
        seat.seen_notice = notice.id if notice is not None else ""  # said before this terminal
        return seat

    def release(self) -> None:
        self.lock.release()

    @property
    def name(self) -> str:
        players = self.session.players
        return players[self.number] if self.number < len(players) else f"Seat {self.number + 1}"

    # the session -------------------------------------------------------------------------
    def reread(self, *, always: bool = False) -> bool:
        """Read the session again when the host has saved it since (or `always`): whether
        it changed. A file that can't be read now keeps the session as last read."""
        stamp = file_stamp(self.table.session_path)
        if stamp == self.stamp and not always:
            return False
        try:
            # The same Session object: a step screen showing it sees the other seats' cards.
            self.session.data = read_table_session(self.table.session_path).data
        except (OSError, SaveError):  # caught half-way through a change: tried again next time
            return False
        self.stamp = stamp
        return True

    def own_steps(self) -> list[Step]:
        return seat_steps(self.session.steps(), self.number)

    def is_open(self) -> bool:
        return seats_open(self.session.steps(), self.session.confirmed())

    def waiting_at(self) -> Step | None:
        return waiting_at(self.session.steps(), self.session.confirmed())

    def next_step(self, after: str | None = None) -> Step | None:
        """The first own step not yet entered: after `after` when one is left there."""
        done = self.session.confirmed()
        ids = [s.id for s in self.own_steps()]
        start = ids.index(after) + 1 if after in ids else 0
        left = [s for s in self.own_steps() if s.id not in done]
        later = [s for s in left if ids.index(s.id) >= start]
        return next(iter(later or left), None)

    def entered(self, step: Step) -> bool:
        return step.id in self.session.confirmed()

    # the mailboxes ------------------------------------------------------------------------
    def send(self, step: Step, values: Mapping[str, Any]) -> str | None:
        """Offer the step to the host: None once sent, else why not."""
        try:
            self.pending = self.table.send(self.number, step.id, values)
        except OSError as error:
            return f"Not sent: the table can't be reached ({error.strerror or error})"
        return None

    def unanswered(self) -> Offer | None:
        """An offer this seat sent that the host has not answered (sent before a dropped link)."""
        offer = self.table.offer_of(self.number)
        answer = self.table.answer_of(self.number)
        if offer is None or (answer is not None and answer.id == offer.id):
            return None
        return offer

    def answer(self) -> Answer | None:
        """The host's answer to the offer sent, once it has come (then nothing is pending)."""
        if self.pending is None:
            return None
        answer = self.table.answer_of(self.number)
        if answer is None or answer.id != self.pending.id:
            return None
        if answer.outcome == "entered" and not self.recorded(self.pending):
            # Only the host's app writes the session, and it answers "entered" once the entry
            # is saved there: an answer the file does not bear out was not the host's.
            return None
        self.pending = None
        return answer

    def recorded(self, offer: Offer) -> bool:
        """Whether the session file, read again, holds the offer as sent from this seat."""
        self.reread(always=True)
        return holds_offer(self.session, offer, self.name)

    def new_notice(self) -> str:
        """A line the host has left for this seat since the last look ("" for none)."""
        notice = self.table.notice_of(self.number)
        if notice is None or notice.id == self.seen_notice:
            return ""
        self.seen_notice = notice.id
        return notice.text

    def host_away(self) -> bool:
        return not self.table.host_present()

    # drafts: what is typed in a step before it is sent --------------------------------------
    def draft_for(self, step: Step) -> DraftValues | None:
        if self.read_only:
            return None
        return self.drafts.get(step.id, self.session.entries_of(step.id))

    def keep_draft(self, step: Step, values: DraftValues | None) -> str | None:
        if self.read_only:
            return None
        return self.drafts.put(step.id, self.session.entries_of(step.id), values)

    def forget_draft(self, step_id: str) -> None:
        with suppress(OSError):  # a draft only spares retyping
            self.drafts.drop(step_id)

    # the table ----------------------------------------------------------------------------
    def standing(self, seat: int) -> SeatStatus:
        """How a seat stands on all its own steps: refused or typing on any, entered on all."""
        steps = seat_steps(self.session.steps(), seat)
        found = {seat_status(self.session, self.table, seat, s.id) for s in steps}
        if "refused" in found:
            return "refused"
        if "typing" in found:
            return "typing"
        return "entered" if found == {"entered"} else "waiting"

    def others(self) -> list[str]:
        """The other seats, each with its standing: "Jonas typing…", "Cy 1 of 2 entered"."""
        done = self.session.confirmed()
        shown = []
        for seat, name in enumerate(self.session.players):
            if seat == self.number:
                continue
            standing = self.standing(seat)
            steps = seat_steps(self.session.steps(), seat)
            entered = sum(s.id in done for s in steps)
            part = f"{entered} of {len(steps)} entered"
            shown.append(f"{name} {part if standing == 'waiting' and entered else MARKS[standing]}")
        return shown

    def entered_here(self, step: Step) -> bool:
        """Whether the step's latest entry was sent by this seat (not typed by the host)."""
        latest = self.session.latest_entry(step.id)
        return latest is not None and latest.get("by") == self.name
