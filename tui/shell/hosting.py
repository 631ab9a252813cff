"""Table mode, the host's side: F4 opens the table of the open session to the players'
own terminals (`lastround join`), and the app takes what they send. Mixed into LastRoundApp.

The host's app stays the only writer of the session file: a few times a second it looks in
the table's mailboxes (tui.session.table), takes each offer by the same rules as if it had
been typed here (tui.session.hosting), saves, and only then answers it. Each player's step
on the host's screen shows how every seat stands.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from typing import TYPE_CHECKING, Any

from textual.app import App
from textual.timer import Timer

if TYPE_CHECKING:  # loaded once a table is opened: they are not on the home's first frame
    from tui.session.hosting import Taken
    from tui.session.owner import Session
    from tui.session.table import Answer, Offer, Table

# How often the host looks for what the players sent: quick enough that an entry seems to
# arrive at once. A look is one stat of the table's folder; its files are read only when
# the folder changed (every file in it is replaced by a rename, so that changes its time).
LOOK_EVERY = 0.05


class Hosting(App[Any]):
    table: Table | None = None
    table_timer: Timer | None = None
    table_seen: int | None = None  # the folder's time at the last look
    session: Session | None
    read_only: bool
    step_index: int
    clock: Callable[[], str]
    # the app's own (tui.app)
    write_or_say: Callable[[], str]
    show_step: Callable[..., None]
    show_finished: Callable[[], None]

    def can_open_table(self) -> bool:
        session = self.session
        return (self.table is None and session is not None and session.path is not None
                and not self.read_only and not session.finished)

    def action_open_table(self) -> None:  # F4 (tui.shell.keys)
        session = self.session
        if not self.can_open_table() or session is None or session.path is None:
            return
        from tui.session.table import Table

        why = self.host_table(Table(session.path))
        if why:
            self.notify(f"The table can't be opened: {why}", title="Table",
                        severity="error")
            return
        from screens.step import StepScreen

        opened = "✓ The table is open: each player runs `lastround join` and picks their seat."
        if isinstance(self.screen, StepScreen):  # under the step: a toast would hide the seats
            self.screen.say_later(opened)
        else:
            self.notify(opened, title="Table")

    def host_table(self, table: Table) -> str:
        """Open (or reopen) `table` and start looking in it: "" once open, else why not."""
        try:
            table.open()
        except OSError as error:
            return str(error.strerror or error)
        self.table = table
        self.table_timer = self.set_interval(LOOK_EVERY, self.look_at_table,
                                             name="table")
        self.refresh_bindings()
        self.show_table_line()
        return ""

    def reopen_table(self) -> None:
        """A session opened for writing whose table is still open (the host resumed after a
        drop): the players' seats, drafts and waiting offers are all still there."""
        session = self.session
        if session is not None and session.path is not None and not self.read_only:
            from tui.session.table import Table

            table = Table(session.path)
            if table.is_open() and not session.finished:
                self.host_table(table)

    def stop_hosting(self, *, close: bool = False) -> None:
        if self.table_timer is not None:
            self.table_timer.stop()
        if close and self.table is not None:
            self.table.close()
        self.table, self.table_timer, self.table_seen = None, None, None

    def look_at_table(self) -> None:
        table, session = self.table, self.session
        if table is None or session is None or session.path != table.session_path:
            self.stop_hosting()
            return
        if not self.screen_stack or not self.screen.query("Footer"):  # the app is closing
            return
        changed = table.changed_since(self.table_seen)
        if changed is None:
            return
        self.table_seen = changed
        for seat, offer in list(table.offers(len(session.players))):
            self.take_from_seat(table, session, seat, offer)
            if self.table is None:  # the game finished
                return
        self.show_table_line()

    def take_from_seat(self, table: Table, session: Session, seat: int, offer: Offer) -> None:
        """Record a seat's offer and save it, then answer: the answer is written only once
        the entry is safe in the session file."""
        from tui.session.hosting import take_offer

        taken = take_offer(session, seat, offer, self.clock())
        answer = taken.answer
        if taken.data is not None:
            answer = self.save_taken(session, taken)
        with suppress(OSError):  # unanswered, it is taken again at the next look
            for other, text in taken.notices.items():
                table.notify(other, text)
            table.answer(seat, answer)
        if answer.outcome == "entered":
            self.after_seat_entered(session, seat, answer.step)
        elif taken.notices:  # a conflict between seats: the host's own seat may be one
            self.notify(f"{session.players[seat]}: {answer.message}", title="Table",
                        severity="warning")

    def save_taken(self, session: Session, taken: Taken) -> Answer:
        from tui.session.table import Answer

        assert taken.data is not None
        kept, session.data = session.data, taken.data
        why = self.write_or_say()
        if not why:
            return taken.answer
        session.data = kept
        return Answer(taken.answer.id, taken.answer.step, "refused", "",
                      f"The host's app could not save it: {why}")

    def after_seat_entered(self, session: Session, seat: int, step_id: str) -> None:
        from screens.step import StepScreen

        if session.finished:
            self.stop_hosting(close=True)
            self.show_finished()
            return
        screen = self.screen
        if isinstance(screen, StepScreen) and screen.step.id == step_id:
            self.show_step(self.step_index, fresh=True)
            if isinstance(self.screen, StepScreen):
                self.screen.say_later(f"{session.players[seat]} entered this step from their "
                                      "own terminal.")

    def next_for_host(self, session: Session, after: int) -> int:
        """With the table open, the host's next step skips what the players have entered."""
        steps, done = session.steps(), session.confirmed()
        order = [*range(after, len(steps) - 1), *range(after)]  # then the seats left behind
        return next((i for i in order if steps[i].id not in done), len(steps) - 1)

    def table_finishes(self, session: Session) -> bool:
        """With the table open, the game finishes once every seat's steps are in, whichever
        was entered last."""
        if self.table is None:
            return False
        from tui.games.seats import all_entered

        return all_entered(session.steps(), session.confirmed())

    def show_table_line(self) -> None:
        """The seats' standing under each player's step (nothing while no table is open)."""
        from screens.step import StepScreen

        screen, table, session = self.screen, self.table, self.session
        if not isinstance(screen, StepScreen):  # built or not: it shows the line once built
            return
        if table is None or session is None or screen.step.player is None:
            screen.show_table_line("")
            return
        from tui.session.hosting import table_line

        screen.show_table_line(table_line(session, table, screen.step))
