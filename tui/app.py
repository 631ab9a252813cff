"""LastRoundApp: the app the host runs; `make_app`, the one factory the command line and the
tests use. It composes the session walk (lastround.shell.walk), which opens sessions, shows their
steps and hands the session keeper what the screens ask: the screens ask by message
(lastround.screens.messages), and the app routes each to the walk. Its keys and look are mixed in
from lastround.shell; it frees what screens leave behind between steps (lastround.shell.memory)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import on
from textual.screen import Screen
from textual.widget import Widget
from textual.worker import Worker, WorkerState

from lastround.screens import STYLESHEETS, messages
from lastround.session.clock import now_stamp
from lastround.shell.keys import AppKeys
from lastround.shell.look import Look, steady_cursors
from lastround.shell.memory import release_removed_screens, widgets_of
from lastround.shell.walk import SessionWalk
from lastround.shell.warm_up import warm_up
from lastround.widgets.terminal_cursor import TerminalCursor

if TYPE_CHECKING:  # made once a session is asked for (SessionWalk.keeper)
    from lastround.session.keeper import Keeper
    from lastround.session.session import Session

WARM_UP_AFTER = 0.3  # seconds after the first screen is mounted


class LastRoundApp(Look, AppKeys, TerminalCursor):
    TITLE = "Last Round"
    CSS_PATH = ["app.tcss", *STYLESHEETS]
    ENABLE_COMMAND_PALETTE = True

    def __init__(self, saves: Path, *, clock: Callable[[], str] = now_stamp,
                 seed: int | None = None, command: str | None = None,
                 game: str | None = None, file: Path | None = None) -> None:
        super().__init__()
        self.clock = clock  # a test may set it
        self.walk = SessionWalk(self, saves, clock=lambda: self.clock(), seed=seed)
        self.start = (command, game, file)
        self.stack_shown: list[Screen[Any]] = []  # the screen stack at the last change
        # the widgets of screens gone since (lastround.shell.memory)
        self.gone_widgets: list[Widget] = []
        self.setup_look()

    def on_mount(self) -> None:
        from lastround.screens.home import home_screen

        self.screen_change_signal.subscribe(self, self.hold_for)
        self.push_screen(home_screen(lambda: self.walk.saves))
        if not self.is_headless:  # a real terminal can hang up; tests' signals stay theirs
            from lastround.shell import hangup
            hangup.install(self.walk.release_lock, self.suspend)
            hangup.watch_terminal(self, self.walk.release_lock)
        self.walk.begin(*self.start)
        self.screens_ready = True
        self.fit_to_terminal(self.size)
        game_id = self.session.game_id if self.session else None
        # Once the first screen is whole (its footer fills in a frame after the rest): the
        # warm-up's imports, in a thread, would hold the interpreter while it is drawn.
        self.set_timer(WARM_UP_AFTER, partial(self.run_worker, partial(warm_up, game_id),
                                              name="warm-up", thread=True))
        if self.session is not None:  # a resumed step's next (the home's: once warmed up)
            self.walk.steps_ahead.build_ahead_soon()
        self.stack_shown = list(self.screen_stack)
        self.screen_change_signal.subscribe(self, self.screen_changed)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.name == "warm-up" and event.state == WorkerState.SUCCESS:
            self.walk.steps_ahead.warmed_up = True  # what the first steps need is imported
            self.walk.steps_ahead.build_ahead()

    def screen_changed(self, screen: Screen[Any]) -> None:
        """Free what the screen left behind while the player reads the new one, before the
        garbage collector would stop the app for it in the middle of a key, then build the
        next step's screen (lastround.shell.ahead). The new screen is drawn first; the old one's
        timers let go of it a moment after it is removed, and its widgets of their drawn
        lines (noted here, while they are still its own: lastround.shell.memory)."""
        self.call_after_refresh(self.set_timer, 0.05, self.between_steps)
        gone = [shown for shown in self.stack_shown if shown not in self.screen_stack]
        self.stack_shown = list(self.screen_stack)
        self.gone_widgets += widgets_of(gone)  # while they still have them
        screen.call_later(self.walk.show_table_line)  # once the new screen is built
        self.place_cursor_soon()  # on the field or row the screen shown again has focused
        if self.is_headless:  # Textual's own fields too (the command palette's search)
            screen.call_later(steady_cursors, screen)

    def between_steps(self) -> None:
        release_removed_screens(self.gone_widgets)
        self.walk.steps_ahead.build_ahead()

    @on(messages.Confirmed)
    @on(messages.Back)
    @on(messages.GoHome)
    @on(messages.FinishNow)
    @on(messages.StartNew)
    @on(messages.OpenFile)
    @on(messages.ShowHistory)
    @on(messages.LeaveReplay)
    @on(messages.Corrected)
    @on(messages.SaveElsewhere)
    @on(messages.LogRead)
    def screen_asks(self, message: messages.FromScreen) -> None:
        """What a screen asks goes to the session walk."""
        self.walk.answer(message)

    def after_key(self) -> None:
        self.walk.after_key()

    @property
    def keeper(self) -> Keeper:
        return self.walk.keeper

    @property
    def session(self) -> Session | None:
        return self.walk.session

    def on_unmount(self) -> None:
        self.walk.phones.stop()
        self.walk.release_lock()


def make_app(saves: Path, **options: Any) -> LastRoundApp:
    return LastRoundApp(saves, **options)
