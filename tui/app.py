"""LastRoundApp: the screens wired to the session keeper; `make_app`, the one factory the
command line and the tests use. The keeper (tui.session.keeper, no Textual) owns the open
session: it confirms, saves, keeps drafts and the lock, and takes the table's offers. The app
hands it what the screens ask (screens.owner) and turns each answer into what is shown: the
next screen, the box that asks the table first, a refusal at its field. Its keys and look
are mixed in from tui.shell."""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property, partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.screen import Screen
from textual.widget import Widget
from textual.worker import Worker, WorkerState

from screens import STYLESHEETS
from screens.owner import Owner
from tui.session.clock import now_stamp
from tui.shell.keys import AppKeys
from tui.shell.look import Look, steady_cursors
from tui.shell.memory import release_removed_screens, widgets_of
from tui.shell.serving_phones import PhoneServing
from tui.shell.table_watch import TableWatch, seats_line
from tui.shell.warm_up import warm_up
from tui.widgets.terminal_cursor import TerminalCursor

if TYPE_CHECKING:
    # The session's machinery: the keeper, its answers, the steps' screens. Loaded once a
    # session is first asked for (or by the warm-up): the home's first frame needs none.
    from screens.host_seat import TableOpening
    from screens.step import StepScreen
    from tui.games.base import Step
    from tui.session.keeper import Keeper
    from tui.session.outcomes import Confirmed
    from tui.session.session import Session
    from tui.shell.ahead import StepAhead

WARM_UP_AFTER = 0.3  # seconds after the first screen is mounted


class LastRoundApp(Look, AppKeys, TerminalCursor):
    TITLE = "Last Round"
    CSS_PATH = ["app.tcss", *STYLESHEETS]
    ENABLE_COMMAND_PALETTE = True

    def __init__(
        self,
        saves: Path,
        *,
        clock: Callable[[], str] = now_stamp,
        seed: int | None = None,
        command: str | None = None,
        game: str | None = None,
        file: Path | None = None,
    ) -> None:
        super().__init__()
        self.clock = clock  # a test may set it
        self.first_saves = saves  # the keeper's, once it is made (Ctrl+S may change it)
        self.made_keeper: Keeper | None = None  # see keeper
        self.table_watch = TableWatch(self, self)  # the open table's news shown (F4)
        self.phones = PhoneServing(self, lambda: self.keeper)
        self.fixed_seed = seed
        self.step_index = 0
        self.start = (command, game, file)
        self.stack_shown: list[Screen[Any]] = []  # the screen stack at the last change
        self.gone_widgets: list[Widget] = []  # the widgets of screens gone since (tui.shell.memory)
        self.setup_look()

    def on_mount(self) -> None:
        from screens.home import home_screen

        self.screen_change_signal.subscribe(self, self.hold_for)
        self.push_screen(home_screen())
        if not self.is_headless:  # a real terminal can hang up; tests' signals stay theirs
            from tui.shell import hangup
            hangup.install(self.release_lock, self.suspend)
            hangup.watch_terminal(self, self.release_lock)
        command, game, file = self.start
        if command == "new" and game:
            self.start_new(game)
        elif command in ("resume", "replay") and file:
            self.open_file(file, read_only=command == "replay", leaving_exits=True)
        elif command == "history":
            self.show_history()
        self.screens_ready = True
        self.fit_to_terminal(self.size)
        game_id = self.session.game_id if self.session else None
        # Once the first screen is whole (its footer fills in a frame after the rest): the
        # warm-up's imports, in a thread, would hold the interpreter while it is drawn.
        self.set_timer(WARM_UP_AFTER, partial(self.run_worker, partial(warm_up, game_id),
                                              name="warm-up", thread=True))
        if self.session is not None:  # a resumed step's next (the home's: once warmed up)
            self.steps_ahead.build_ahead_soon()
        self.stack_shown = list(self.screen_stack)
        self.screen_change_signal.subscribe(self, self.screen_changed)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.name == "warm-up" and event.state == WorkerState.SUCCESS:
            self.steps_ahead.warmed_up = True  # what the first steps need is imported
            self.steps_ahead.build_ahead()

    def screen_changed(self, screen: Screen[Any]) -> None:
        """Free what the screen left behind while the player reads the new one, before the
        garbage collector would stop the app for it in the middle of a key, then build the
        next step's screen (tui.shell.ahead). The new screen is drawn first; the old one's
        timers let go of it a moment after it is removed, and its widgets of their drawn
        lines (noted here, while they are still its own: tui.shell.memory)."""
        self.call_after_refresh(self.set_timer, 0.05, self.between_steps)
        gone = [shown for shown in self.stack_shown if shown not in self.screen_stack]
        self.stack_shown = list(self.screen_stack)
        self.gone_widgets += widgets_of(gone)  # while they still have them
        screen.call_later(self.show_table_line)  # once the new screen is built
        self.place_cursor_soon()  # on the field or row the screen shown again has focused
        if self.is_headless:  # Textual's own fields too (the command palette's search)
            screen.call_later(steady_cursors, screen)

    def between_steps(self) -> None:
        release_removed_screens(self.gone_widgets)
        self.steps_ahead.build_ahead()

    # the session keeper, and what the screens built ahead and the tests read of it ------------
    @property
    def keeper(self) -> Keeper:
        """The session keeper (tui.session.keeper), made when first asked for: the home's
        first frame asks for none, so it loads none of a session's machinery (start-up 1.11
        → 1.05 the bare app's, tests/perf/bench_startup.py); the warm-up loads it after."""
        if self.made_keeper is None:
            from tui.session.keeper import Keeper

            self.made_keeper = Keeper(self.first_saves, clock=lambda: self.clock(),
                                      seed=self.fixed_seed)
        return self.made_keeper

    @cached_property
    def steps_ahead(self) -> StepAhead:
        """The screens built while one is read (tui.shell.ahead), made when first needed."""
        from tui.shell.ahead import StepAhead

        return StepAhead(self, self)

    @property
    def session(self) -> Session | None:
        """The open session; None, without making a keeper, while none was ever made."""
        return None if self.made_keeper is None else self.made_keeper.session

    @property
    def read_only(self) -> bool:
        return self.made_keeper is not None and self.made_keeper.read_only

    @property
    def saves(self) -> Path:
        return self.first_saves if self.made_keeper is None else self.made_keeper.saves

    # sessions -----------------------------------------------------------------
    def start_new(self, game_id: str) -> None:
        built = self.steps_ahead.new_session_ahead(game_id)
        if built is None:
            self.keeper.new_session(game_id)
            self.show_step(0)
            return
        self.keeper.begin(built.session)
        self.step_index = 0
        self.refresh_bindings()
        self.push_screen(built)

    def open_file(self, path: Path, *, read_only: bool = False,
                  leaving_exits: bool = False) -> None:
        """A session file's next step, or its replay (whose Esc quits if `leaving_exits`)."""
        from tui.records.examples import is_example
        from tui.session.outcomes import NotOpened

        example = is_example(path)  # shipped with the app: only ever read
        opened = self.keeper.open(path, read_only=read_only or example)
        if isinstance(opened, NotOpened):
            self.notify(opened.why, title="Can't open", severity="error")
            return
        session = self.keeper.session
        assert session is not None
        if opened.replay:  # a finished session (or `lastround replay`) opens as a replay
            from screens.example_replay import ExampleReplayScreen
            from screens.replay import ReplayScreen

            replay_screen = ExampleReplayScreen if example else ReplayScreen
            self.push_screen(replay_screen(session, leaving_exits=leaving_exits))
            return
        if opened.read_only_why is not None:  # another app is writing it: look, don't touch
            self.notify(opened.read_only_why, title="Read-only", severity="warning", timeout=10)
        if opened.not_saved is not None:
            self.say_not_saved(opened.not_saved)
        self.show_step(opened.index)
        if self.keeper.table is not None:  # its table is still open: the host resumed
            self.watch_table()

    def show_history(self) -> None:
        from screens.history import HistoryScreen

        self.push_screen(HistoryScreen())

    @property
    def current_step(self) -> Step:
        assert self.session is not None
        return self.session.steps()[self.step_index]

    def show_step(self, index: int, *, fresh: bool = False, said: str = "") -> None:
        """Show step `index` (`fresh`: a new screen, filled from the session), `said` under it."""
        assert self.session is not None
        self.step_index = index
        self.refresh_bindings()  # the footer shows the open game's own keys
        step = self.current_step
        shown = self.step_shown()
        if not fresh and shown is not None and shown.shows_like(self.session, step):
            shown.load_step(step, index)  # the next player's copy of this step: same widgets
            if said:
                shown.say_later(said)
            self.show_table_line()
            self.steps_ahead.build_ahead_soon()
            return
        screen = None if fresh else self.steps_ahead.screen_ahead_for(step, index)
        if screen is None:
            from screens.step_kinds import step_screen

            screen = step_screen(step.kind)(self.session, step, index)
        if said:
            screen.say_later(said)
        if shown is not None:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def step_shown(self) -> StepScreen | None:
        """The step screen shown, if one is: what the keeper's answers are said under."""
        if self.session is None:  # none is shown without one (nor its module loaded)
            return None
        from screens.step import StepScreen

        screen = self.screen if self.screen_stack else None
        return screen if isinstance(screen, StepScreen) else None

    def confirm_step(self, values: dict[str, Any], *, partial: bool = False) -> None:
        """Hand the shown step's values to the keeper and show what it answers."""
        step = self.current_step
        self.show_confirmed(step, values, self.keeper.confirm(step, values, partial=partial))

    def show_confirmed(self, step: Step, values: dict[str, Any], outcome: Confirmed) -> None:
        from tui.session.outcomes import AskFirst, Finished, Home, Next, NotSaved, Refused

        note = outcome.note if isinstance(outcome, (Next, Home, Finished, NotSaved)) else None
        if note is not None:  # the players changed, but the file kept its name
            self.notify(note, title="File name kept", severity="warning", timeout=10)
        match outcome:
            case Next(index):
                self.show_step(index)
            case Home(message):
                self.go_home(message)
            case Finished():
                self.show_finished()
            case Refused(reason, field):
                if (shown := self.step_shown()) is not None:
                    shown.refuse(field, reason)
            case AskFirst(undoes):
                from screens.confirm_change import ConfirmChangeScreen

                self.push_screen(ConfirmChangeScreen(undoes), callback=lambda make_it:
                                 self.change_answered(step, values, make_it))
            case NotSaved(why):
                self.say_not_saved(why)
            case _:  # Stay: the step stays as it is
                pass

    def change_answered(self, step: Step, values: dict[str, Any], make_it: bool | None) -> None:
        if self.session is None or self.current_step.id != step.id:
            return
        if make_it:
            self.show_confirmed(step, values,
                                self.keeper.confirm(step, values, undo_agreed=True))
            return
        self.keeper.keep_earlier(step)  # the step again as it was recorded, nothing changed
        self.show_step(self.step_index, fresh=True,
                       said="The earlier answer is kept: nothing was changed.")

    def finish_now(self) -> None:
        """Finish (and save) a session whose every value is confirmed, then show its final
        scores read-only; when it does not total, say why under them."""
        from tui.session.outcomes import NotSaved, Refused

        outcome = self.keeper.finish_now()
        if isinstance(outcome, Refused):
            if (shown := self.step_shown()) is not None:
                shown.say(outcome.reason)
        elif isinstance(outcome, NotSaved):
            self.say_not_saved(outcome.why)
        else:
            self.show_finished()

    def show_finished(self) -> None:
        """The final scores, read-only: the game is saved as finished."""
        session = self.session
        assert session is not None
        self.table_watch.stop()
        self.phones.stop()
        self.show_step(len(session.steps()) - 1,
                       said="✓ Saved: the game is finished (replay it from the list).")

    def close_session(self) -> None:
        """Nothing more is written to the open session: its lock goes (an open table stays
        open: the players keep their seats and drafts until the host resumes)."""
        self.table_watch.stop()
        self.phones.stop()
        self.steps_ahead.drop_ahead()
        self.keeper.close()

    def after_key(self) -> None:
        if (shown := self.step_shown()) is not None:
            shown.keep_draft()
            self.steps_ahead.foresee_soon()

    def go_back(self) -> None:
        if self.step_index == 0 or self.read_only:
            self.go_home()
        else:
            self.show_step(self.step_index - 1)

    def go_home(self, message: str = "") -> None:
        from screens.home import HomeScreen

        self.close_session()
        while not isinstance(self.screen, HomeScreen):
            self.pop_screen()
        if message:
            self.notify(message)

    def say_not_saved(self, why: str) -> None:
        """A save failed: said in a toast, and under the step until the next try."""
        self.notify(why, title="Not saved", severity="error", timeout=15)
        if (shown := self.step_shown()) is not None:
            shown.say(why)

    # the table (table mode) -----------------------------------------------------------------
    def action_open_table(self) -> None:  # F4 (tui.shell.keys)
        from screens.host_seat import HostSeatScreen
        from tui.shell.phones import can_serve

        if self.keeper.can_open_table() and self.session is not None:
            self.push_screen(HostSeatScreen(self.session.players, phones=can_serve()),
                             self.open_table)

    def open_table(self, opening: TableOpening | None) -> None:
        """Open the table, keeping the host's seat (-1: none) for this screen, and serve it
        to phones if asked; None: no table."""
        if opening is None or not self.keeper.can_open_table():
            return
        host_seat = opening.host_seat
        why = self.keeper.open_table(host_seat if host_seat >= 0 else None)
        if why is not None:
            self.notify(f"The table can't be opened: {why}", title="Table", severity="error")
            return
        self.watch_table()
        opened = "✓ The table is open: each player runs `lastround join` and picks their seat."
        if (shown := self.step_shown()) is not None:  # a toast would hide the seats
            shown.say_later(opened)
        else:
            self.notify(opened, title="Table")
        if opening.phones:
            self.action_phones()

    def watch_table(self) -> None:
        self.table_watch.start()
        self.refresh_bindings()
        self.show_table_line()

    def show_table_line(self) -> None:
        """The seats' standing under each player's step (nothing while no table is open)."""
        if (shown := self.step_shown()) is not None:  # built or not: shown once built
            shown.show_table_line(seats_line(self.session, self.keeper.table, shown.step))

    def release_lock(self) -> None:  # on a hang-up too (tui.shell.hangup)
        if self.made_keeper is not None:
            self.made_keeper.release_lock()

    def on_unmount(self) -> None:
        self.phones.stop()
        self.release_lock()

    def action_home(self) -> None:  # Ctrl+O (tui.shell.keys)
        self.go_home()


def make_app(saves: Path, **options: Any) -> LastRoundApp:
    return LastRoundApp(saves, **options)


def as_owner(app: LastRoundApp) -> Owner:
    """The app is what the screens ask for (screens.owner): mypy checks it answers all."""
    return app

