"""`lastround join`: the app a player runs on their own terminal to enter their own steps.

The player picks an open table and claims a seat; their steps are then shown with the host's
own step screens (lastround.screens.join_steps), this app taking what they ask
(lastround.screens.messages) and
the seat (lastround.session.seat) keeping their drafts. Confirming a
step sends it to the host through the table's mailboxes (lastround.session.table) and waits for
the answer: entered (the next step, or the done screen) or refused (said at the field, the
typing intact). This app never writes the session file: it reads it again whenever the host
saves it. What is typed is the seat's draft, so a dropped link loses nothing: claiming the
seat again brings it back.
"""

from __future__ import annotations

from contextlib import suppress
from pathlib import Path
from typing import Any

from textual import on
from textual.binding import Binding
from textual.driver import Driver
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer

from lastround.games.base import RulesError, Step
from lastround.screens import STYLESHEETS
from lastround.screens.join import SeatScreen, TablesScreen
from lastround.screens.join_wait import DoneScreen, SeatView, WaitScreen
from lastround.screens.messages import Back, Confirmed, GoHome
from lastround.screens.notices import ShowsNotices
from lastround.screens.step import StepScreen
from lastround.screens.step_kinds import join_screen
from lastround.session.locks import InTheWay, Locked
from lastround.session.safe_read import SaveError
from lastround.session.seat import Seat
from lastround.session.session import Session
from lastround.session.table import Table
from lastround.shell.look import Look
from lastround.shell.typing_kept import keep_typed
from lastround.widgets.terminal_cursor import TerminalCursor

FOLLOW_EVERY = 0.3  # the session file, the host's notices, whether the host is there
ANSWER_EVERY = 0.05  # the answer to a step sent: it seems to come at once
SENT = "Sent to the host…"
HOST_AWAY = "The host is away: what you typed is kept and sent when they are back"


class JoinApp(Look, TerminalCursor):
    TITLE = "Last Round"
    # Its screens' styles are the host's app's (join.tcss: the joiner's own screens; the
    # narrow ones, a phone held upright, in app.tcss and cards.tcss).
    CSS_PATH = ["../app.tcss", *STYLESHEETS]
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [Binding("f1", "help", "Help", id="help",
                        tooltip="Explain this screen and its keys")]
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (60, "-wide")]

    def __init__(self, saves: Path) -> None:
        super().__init__()
        self.saves = saves
        self.seat: Seat | None = None
        self.answering: Timer | None = None  # looks for the host's answer while one is due
        self.shown_entries = 0  # the log entries of the step shown, when it was shown
        self.status_shown: tuple[Screen[Any], str] | None = None  # what show_status last said
        self.setup_look()

    @property
    def session(self) -> Session | None:
        return self.seat.session if self.seat is not None else None

    @property
    def keeper(self) -> Seat:
        """The seat: what the step screens ask about drafts (shown only once it is held)."""
        assert self.seat is not None
        return self.seat

    def get_driver_class(self) -> type[Driver]:
        """In a browser (`lastround serve`), Textual's web driver taking the page's sizes in
        the order they came (lastround.shell.page_driver)."""
        driver_class = super().get_driver_class()
        if driver_class.__module__ == "textual.drivers.web_driver":
            from lastround.shell.page_driver import PageDriver

            return PageDriver
        return driver_class

    def on_mount(self) -> None:
        self.screen_change_signal.subscribe(self, self.hold_for)
        self.push_screen(TablesScreen(self.saves, self.pick_table))
        if not self.is_headless:  # a real terminal can hang up; tests' signals stay theirs
            from lastround.shell import hangup
            hangup.install(self.release_seat, self.suspend)
            if self.is_web:  # a browser's, through `lastround serve` (lastround.shell.serve)
                hangup.watch_server(self, self.release_seat)
            else:
                hangup.watch_terminal(self, self.release_seat)

    def on_unmount(self) -> None:
        self.release_seat()

    def action_help(self) -> None:
        """The same help as on the host's screen: the step's rules and its keys."""
        from lastround.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(self.screen))

    # a table and a seat ---------------------------------------------------------------
    def pick_table(self, table: Table) -> None:
        self.push_screen(SeatScreen(table, lambda number: self.claim_seat(table, number)))

    def claim_seat(self, table: Table, number: int) -> str | None:
        """Hold the seat and show where it stands: None once held, else why not."""
        if number == table.host_seat():
            return "this is the host's own seat, entered on the host's screen. Pick yours."
        try:
            seat = Seat.take(table, number)
        except Locked:
            return "another terminal holds this seat. Pick your own seat."
        except (InTheWay, OSError, SaveError) as error:
            return f"this seat can't be taken: {error}"
        self.seat = seat
        self.set_interval(FOLLOW_EVERY, self.follow)
        self.answering = self.set_interval(ANSWER_EVERY, self.take_answer,
                                           pause=seat.pending is None)
        self.show_where()
        if seat.pending is not None and isinstance(self.screen, StepScreen):
            self.screen.say_later(SENT)  # sent before the link dropped: still waiting
        self.show_status()
        return None

    def release_seat(self) -> None:
        if self.seat is not None:
            self.seat.release()

    # what the player sees ---------------------------------------------------------------
    def show_where(self, after: str | None = None, said: str = "") -> None:
        """The seat's next step not yet entered (after `after`), else the done screen; the
        waiting screen while the table has not reached the seats' steps."""
        seat = self.seat
        assert seat is not None
        if seat.session.finished:
            self.show_done()
            return
        at = seat.waiting_at()
        if not seat.is_open():
            self.show_waiting(at.title if at is not None else "the start")
            return
        step = seat.next_step(after)
        if step is None:
            self.show_done()
        else:
            self.show_step(step, said)

    def show_step(self, step: Step, said: str = "") -> None:
        seat = self.seat
        assert seat is not None
        seat.read_only = False
        own = [s.id for s in seat.own_steps()]
        screen = join_screen(step.kind)(seat.session, step, own.index(step.id), seat)
        self.shown_entries = seat.session.entries_of(step.id)
        if said:
            screen.say_later(said)
        self.show(screen)

    def show_waiting(self, at: str) -> None:
        seat = self.seat
        assert seat is not None
        screen = self.screen if isinstance(self.screen, WaitScreen) else WaitScreen()
        screen.show(seat.session.title, seat.name, at)
        self.show(screen)

    def show_done(self) -> None:
        seat = self.seat
        assert seat is not None
        seat.read_only = True
        screen = self.screen if isinstance(self.screen, DoneScreen) else DoneScreen(self.reopen)
        screen.show(self.seat_view(seat))
        self.show(screen)

    def seat_view(self, seat: Seat) -> SeatView:
        session = seat.session
        result = None
        if session.finished:
            with suppress(RulesError):
                result = session.score()
        return SeatView(session.title, seat.name,
                        [(s.id, s.title, seat.entered(s)) for s in seat.own_steps()],
                        seat.others(), result, session.finished)

    def show(self, screen: Screen[Any]) -> None:
        """Put `screen` in place of the one shown (the list of tables stays beneath)."""
        if screen is self.screen:
            return
        if isinstance(self.screen, TablesScreen):
            self.push_screen(screen)
        else:
            self.switch_screen(screen)
        screen.call_later(self.show_status)  # its queue runs this once it is built

    def reopen(self, step_id: str) -> None:
        """The done screen's Enter: the step again, to change it (sent again)."""
        seat = self.seat
        step = next((s for s in seat.own_steps() if s.id == step_id), None) if seat else None
        if step is not None:
            self.show_step(step)

    # the host's side, looked at a few times a second ---------------------------------------
    def showing(self) -> bool:
        """Whether the screen shown is built, and not being taken apart as the app ends
        (Textual counts a screen being removed as no longer displayed at once, while its
        widgets go one by one)."""
        if not self.screen_stack:  # the last screen is already gone
            return False
        screen = self.screen
        return screen.is_mounted and screen.display and bool(screen.query(Footer))

    def follow(self) -> None:
        seat = self.seat
        if seat is None or not self.showing():
            return
        if seat.reread():
            self.session_changed()
        elif isinstance(self.screen, DoneScreen):
            self.screen.show(self.seat_view(seat))  # the other seats' standing
        notice = seat.new_notice()
        if notice:
            self.show_notice(notice)
        self.show_status()

    def session_changed(self) -> None:
        """The host saved: a waiting or done screen moves on; a step stays as typed, unless
        the host entered it themselves meanwhile."""
        seat = self.seat
        assert seat is not None
        screen = self.screen
        if isinstance(screen, (WaitScreen, DoneScreen)) or seat.session.finished:
            self.show_where()
        elif (isinstance(screen, StepScreen) and seat.pending is None
              and seat.entered(screen.step)
              and seat.session.entries_of(screen.step.id) != self.shown_entries):
            by = "" if seat.entered_here(screen.step) else " by the host"
            self.show_where(after=screen.step.id, said=f"✓ Entered{by}: {screen.step.title}")

    def take_answer(self) -> None:
        seat = self.seat
        answer = seat.answer() if seat is not None and self.showing() else None
        if seat is None or answer is None:
            return
        if self.answering is not None:
            self.answering.pause()  # until the next step is sent
        screen = self.screen
        if answer.outcome == "entered":
            seat.forget_draft(answer.step)  # the session was read again to bear it out
            title = next((s.title for s in seat.own_steps() if s.id == answer.step), "")
            self.show_where(after=answer.step, said=f"✓ Entered: {title}")
        elif isinstance(screen, StepScreen) and screen.step.id == answer.step:
            screen.refuse(answer.key, answer.message)
        else:
            self.notify(f"Not entered: {answer.message}", severity="warning", markup=False)

    def show_notice(self, text: str) -> None:
        """Where the player is looking: the step's message line, or the screen's own."""
        screen = self.screen
        if isinstance(screen, ShowsNotices) and screen.show_notice(text):
            return
        if isinstance(screen, StepScreen):
            screen.say_later(text)
        else:
            self.notify(text, severity="warning", timeout=10, markup=False)

    def show_status(self) -> None:
        """Whether the host is there, under what the player is looking at."""
        seat = self.seat
        away = seat is not None and not seat.session.finished and seat.host_away()
        text = HOST_AWAY if away else ""  # a finished game waits for no host
        screen = self.screen
        if not self.showing() or self.status_shown == (screen, text):
            return  # unchanged: not laid out again
        if isinstance(screen, StepScreen):
            screen.show_table_line(text)
        elif isinstance(screen, (WaitScreen, DoneScreen)):
            screen.show_status(text)
        self.status_shown = (screen, text)

    # what the step screens ask (lastround.screens.messages) ---------------------------------------
    @on(Confirmed)
    def confirm_step(self, message: Confirmed) -> None:
        """Send the step to the host (progress part-way through a step is the draft)."""
        seat, screen = self.seat, message.screen
        if (message.partial or seat is None or not isinstance(screen, StepScreen)
                or screen is not self.screen):
            return
        not_sent = seat.send(screen.step, message.values)
        if not_sent is not None:
            screen.say(not_sent)
            return
        screen.say_later(SENT)
        if self.answering is not None:
            self.answering.resume()

    def after_key(self) -> None:
        screen = self.screen
        if isinstance(screen, StepScreen) and self.seat is not None:
            keep_typed(screen, self.seat)

    @on(Back)
    def go_back(self, message: Back) -> None:
        """Esc: the seat's step before this one (the first one stays)."""
        seat, screen = self.seat, message.screen
        if seat is None or not isinstance(screen, StepScreen) or screen is not self.screen:
            return
        keep_typed(screen, seat)  # what Esc leaves is kept, as after any key
        own = seat.own_steps()
        place = next((i for i, s in enumerate(own) if s.id == screen.step.id), 0)
        if place > 0:
            self.show_step(own[place - 1])

    @on(GoHome)
    def go_home(self) -> None:
        if self.seat is not None:
            self.show_where()
