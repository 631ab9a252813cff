"""LastRoundApp: the session's one owner, wiring the screens to it; `make_app` is the one
factory the command line and the tests both use.

The screens ask it for what they need (screens.owner); it changes the session, saves it and
shows the next screen. Its keys, look, drafts and lock are mixed in from tui.shell and
tui.session.safekeeping."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from functools import partial
from pathlib import Path
from typing import Any

from textual.notifications import SeverityLevel
from textual.screen import Screen
from textual.worker import Worker, WorkerState

from screens.owner import Owner, ShowsNotices
from screens.step import StepScreen
from tui.games.base import RulesError, Step
from tui.session.files import SaveError
from tui.session.owner import Session, now_stamp
from tui.session.plain_text import visible
from tui.session.safekeeping import Safekeeping, load_session
from tui.shell.ahead import StepAhead, step_screen
from tui.shell.drafting import Drafting
from tui.shell.hosting import Hosting
from tui.shell.keys import AppKeys
from tui.shell.look import Look, steady_cursors
from tui.shell.memory import release_removed_screens
from tui.shell.warm_up import warm_up
from tui.widgets.key_order import OrderedKeys

WARM_UP_AFTER = 0.3  # seconds after the first screen is mounted


class LastRoundApp(Safekeeping, Drafting, Hosting, Look, AppKeys, OrderedKeys):
    TITLE = "Last Round"
    CSS_PATH = "app.tcss"
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
        self.saves = saves
        self.clock = clock
        self.fixed_seed = seed
        self.session: Session | None = None
        self.step_index = 0
        self.read_only = False
        self.start = (command, game, file)
        self.held = []  # keys typed while a new screen is built (see tui.widgets.key_order)
        self.steps_ahead = StepAhead(self, self)  # screens built while one is read
        self.setup_look()

    def on_mount(self) -> None:
        from screens.home import HomeScreen

        self.screen_change_signal.subscribe(self, self.hold_for)
        self.push_screen(HomeScreen())
        if not self.is_headless:  # a real terminal can hang up; tests' signals stay theirs
            from tui.shell import hangup
            hangup.install(self.release_lock, self.suspend)
        command, game, file = self.start
        if command == "new" and game:
            self.start_new(game)
        elif command in ("resume", "replay") and file:
            self.open_file(file, read_only=command == "replay")
        elif command == "history":
            self.show_history()
        self.screens_ready = True
        self.fit_to_terminal(self.size)
        game_id = self.session.game_id if self.session else None
        # Once the first screen is whole (its footer fills in a frame after the rest): the
        # warm-up's imports, in a thread, would hold the interpreter while it is drawn.
        self.set_timer(WARM_UP_AFTER, partial(self.run_worker, partial(warm_up, game_id),
                                              name="warm-up", thread=True))
        self.steps_ahead.build_ahead_soon()  # a resumed step's next
        self.screen_change_signal.subscribe(self, self.screen_changed)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.name == "warm-up" and event.state == WorkerState.SUCCESS:
            self.steps_ahead.warmed_up = True  # what the first steps need is imported
            self.steps_ahead.build_ahead()

    def screen_changed(self, screen: Screen[Any]) -> None:
        """Free what the screen left behind while the player reads the new one, before the
        garbage collector would stop the app for it in the middle of a key, then build the
        next step's screen (tui.shell.ahead). The new screen is drawn first; the old one's
        timers let go of it a moment after it is removed."""
        self.call_after_refresh(self.set_timer, 0.05, self.between_steps)
        screen.call_later(self.show_table_line)  # once the new screen is built
        if self.is_headless:  # Textual's own fields too (the command palette's search)
            screen.call_later(steady_cursors, screen)

    def between_steps(self) -> None:
        release_removed_screens()
        self.steps_ahead.build_ahead()

    # sessions -----------------------------------------------------------------
    def start_new(self, game_id: str) -> None:
        self.read_only = False
        built = self.steps_ahead.new_session_ahead(game_id)
        if built is None:
            self.session = Session.new(game_id, seed=self.fixed_seed, created=self.clock())
            self.show_step(0)
            return
        self.session, self.step_index = built.session, 0
        self.refresh_bindings()
        self.push_screen(built)

    def open_file(self, path: Path, *, read_only: bool = False) -> None:
        try:
            self.session = load_session(path)
        except SaveError as error:
            self.notify(str(error), title="Can't open", severity="error")
            return
        from tui.records.examples import is_example

        example = is_example(path)  # shipped with the app: only ever read
        self.read_only = read_only or self.session.finished or example
        if self.read_only:  # a finished session (or `lastround replay`) opens as a replay
            from screens.example_replay import ExampleReplayScreen
            from screens.replay import ReplayScreen

            self.push_screen((ExampleReplayScreen if example else ReplayScreen)(self.session))
            return
        refused = self.take_lock(path)
        if refused:  # another app is writing it, or it can't be locked: look, don't touch
            self.read_only = True
            self.notify(refused, title="Read-only", severity="warning", timeout=10)
            self.show_step(self.session.resume_index())
            return
        index = self.session.resume_index()
        if self.session.steps()[index].kind == "breakdown":
            # Every value is confirmed (saved by a version that finished only on Enter at
            # the final scores): the game is over, so it is saved as finished now.
            with suppress(RulesError):  # it does not total: the final scores say why
                self.session.finish_with_breakdown(at=self.clock())
            if self.session.finished and self.save():
                self.drop_drafts()
                self.read_only = True
        self.show_step(index)
        self.reopen_table()

    def show_history(self) -> None:
        from screens.history import HistoryScreen

        self.push_screen(HistoryScreen())

    @property
    def current_step(self) -> Step:
        assert self.session is not None
        return self.session.steps()[self.step_index]

    def show_step(self, index: int, *, fresh: bool = False) -> None:
        """Show step `index`; `fresh` builds its screen anew (filled from the session)."""
        assert self.session is not None
        self.step_index = index
        self.refresh_bindings()  # the footer shows the open game's own keys
        step = self.current_step
        shown = self.screen
        if (not fresh and isinstance(shown, StepScreen)
                and shown.shows_like(self.session, step)):
            shown.load_step(step, index)  # the next player's copy of this step: same widgets
            self.show_table_line()
            self.steps_ahead.build_ahead_soon()
            return
        screen = None if fresh else self.steps_ahead.screen_ahead_for(step, index)
        if screen is None:
            screen = step_screen(step.kind)(self.session, step, index)
        if isinstance(shown, StepScreen):
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def confirm_step(self, values: dict[str, Any], *, partial: bool = False) -> None:
        """Record the shown step, save it, then show what comes next.

        With `partial`, progress inside the step is saved and the step stays on screen.
        A changed answer that would undo what was recorded after it is confirmed first by
        the table (screens.confirm_change); the values of the last step before the final
        scores finish the game in the same save (see finish_now).
        """
        session = self.session
        assert session is not None and not self.read_only
        step = self.current_step
        undoes = "" if partial else self.what_it_resets(step, values)
        if undoes:
            from screens.confirm_change import ConfirmChangeScreen

            self.push_screen(ConfirmChangeScreen(undoes),
                             callback=lambda make_it: self.change_answered(step, values, make_it))
            return
        self.record_step(step, values, partial=partial)

    def what_it_resets(self, step: Step, values: dict[str, Any]) -> str:
        """The game's sentence for what confirming `values` would undo ("" for nothing)."""
        session = self.session
        assert session is not None
        if session.unchanged(step, values):
            return ""
        try:
            return session.game.resets(session.data, step, values)
        except RulesError:
            return ""  # a refused value: confirming says why, at its field

    def change_answered(self, step: Step, values: dict[str, Any], make_it: bool | None) -> None:
        if self.session is None or self.current_step.id != step.id:
            return
        if make_it:
            self.record_step(step, values)
            return
        # Keep the earlier answer: the step again as it was recorded, nothing changed.
        self.keep_draft(step, None)
        self.show_step(self.step_index, fresh=True)
        if isinstance(self.screen, StepScreen):
            self.screen.say_later("The earlier answer is kept: nothing was changed.")

    def record_step(self, step: Step, values: dict[str, Any], *, partial: bool = False) -> None:
        session = self.session
        assert session is not None
        players_before = session.players
        try:
            changed = session.confirm(step, values, at=self.clock(), partial=partial)
        except RulesError as error:
            if isinstance(self.screen, StepScreen):
                self.screen.refuse(error.key, error.message)
            return
        if partial:
            self.save()
            return
        finishing = ((session.completes(step) or self.table_finishes(session))
                     and not session.finished)
        if finishing:
            with suppress(RulesError):  # it does not total: the breakdown says why
                session.finish_with_breakdown(at=self.clock())
        if (changed or session.finished or self.unsaved) and not self.save_named(players_before):
            return
        self.keep_draft(step, None)  # confirmed: what was typed is in the session now
        steps = session.steps()
        index = session.index_of(step.id) + 1
        if session.finished:
            self.stop_hosting(close=True)
            self.show_finished()
            return
        if self.table is not None:
            index = self.next_for_host(session, index)
        if index < len(steps) and steps[index].pause_before:
            self.go_home("Saved. The game goes on: open this session again at the end of the "
                         "next round.")
            return
        self.show_step(min(index, len(steps) - 1))

    def save_named(self, players_before: list[str]) -> bool:
        """Save; when the players changed, under the name the new players give (see
        Safekeeping.move_to_players_names), else, saying why, under the old one."""
        moved = self.move_to_players_names(players_before)
        if moved == "":
            self.unsaved = False
            return True
        if moved is not None:
            self.notify(moved, title="File name kept", severity="warning", timeout=10)
        return self.save()

    def finish_now(self) -> None:
        """Finish (and save) a session whose every value is confirmed, then show its final
        scores read-only; when it does not total, say why under them."""
        session = self.session
        assert session is not None and not self.read_only
        try:
            session.finish_with_breakdown(at=self.clock())
        except RulesError as error:
            if isinstance(self.screen, StepScreen):
                where = f"{error.key}: " if error.key else ""
                self.screen.say(f"Can't finish yet: {where}{error.message}")
            return
        if self.save():
            self.stop_hosting(close=True)
            self.show_finished()

    def show_finished(self) -> None:
        """The final scores, read-only: the game is saved as finished."""
        session = self.session
        assert session is not None
        self.drop_drafts()
        self.read_only = True
        self.show_step(len(session.steps()) - 1)
        if isinstance(self.screen, StepScreen):
            self.screen.say_later("✓ Saved: the game is finished (replay it from the list).")

    def apply_correction(self, session: Session, step_id: str, values: dict[str, Any]) -> str:
        """Correct a step of the finished `session` and save it (its log keeps the old
        values): "" once saved, else why not, the session left as it was. RulesError when
        the rules refuse a value."""
        from tui.records.corrections import corrected

        trial = corrected(session, step_id, values, at=self.clock())
        path = session.path
        refused = self.take_lock(path) if path is not None else ""
        if refused:  # another app is writing it (or it can't be locked)
            return refused
        kept = session.data
        session.data = trial.data
        self.session = session  # the session written
        why = self.write_or_say()
        if why:  # said; the typed values stay on screen to try again
            session.data = kept
        return why

    def close_session(self) -> None:
        """Nothing more is written to the open session: its lock goes (an open table stays
        open: the players keep their seats and drafts until the host resumes)."""
        self.stop_hosting()
        self.steps_ahead.drop_ahead()
        self.session = None
        self.release_lock()

    def after_key(self) -> None:
        screen = self.screen
        if isinstance(screen, StepScreen):
            screen.keep_draft()
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

    def save(self) -> bool:
        """Write the session now (while this app holds its lock: see Safekeeping); on
        failure keep it in memory and say why."""
        return not self.write_or_say()

    def write_or_say(self) -> str:
        """Save: "" once written, else why not, said in a toast and under the step."""
        message = self.write_held()
        self.unsaved = bool(message)
        if message:
            self.notify(message, title="Not saved", severity="error", timeout=15)
            if isinstance(self.screen, StepScreen):  # where it stays until the next try
                self.screen.say(message)
        return message

    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = True) -> None:
        """Every message as plain text: it may name a file or a value from one, which must
        neither be read as markup (`[/]` would end the app) nor drive the terminal.

        A toast covers what the table is reading: a confirmation goes in the screen's own
        message line when it has one (`show_notice`), and otherwise information goes by
        quickly while a warning or an error stays long enough to read (app.tcss lays toasts
        across the bottom, wide enough to keep a file name whole)."""
        message, title = visible(message), visible(title)
        screen = self.screen if self.screen_stack else None
        if (severity == "information" and timeout is None and isinstance(screen, ShowsNotices)
                and screen.show_notice(f"{title}: {message}" if title else message)):
            return
        if timeout is None:
            timeout = {"information": 3.0, "warning": 6.0, "error": 10.0}[severity]
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)

    def on_unmount(self) -> None:
        self.release_lock()

    def action_home(self) -> None:  # Ctrl+O (tui.shell.keys)
        self.go_home()


def make_app(saves: Path, **options: Any) -> LastRoundApp:
    return LastRoundApp(saves, **options)


def as_owner(app: LastRoundApp) -> Owner:
    """The app is what the screens ask for (screens.owner): mypy checks it answers all."""
    return app
