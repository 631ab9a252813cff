"""The session walk: the host's way through a session, one step screen at a time.

The keeper (lastround.session.keeper, no Textual) owns the open session: it confirms, saves, keeps
drafts and the lock, and takes the table's offers. The walk opens a session (new, resumed or
replayed), hands the keeper what the screens ask by message (lastround.screens.messages, routed here
by the app: `answer`) and turns each answer into what is shown: the next screen (built ahead,
lastround.shell.ahead), the box that asks the table first, a refusal at its field. It also holds
what goes with an open session: table mode (TableWatch, F4) and its phones (PhoneServing, F5).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.app import App

from lastround.screens import messages
from lastround.shell.serving_phones import PhoneServing
from lastround.shell.table_watch import TableWatch, seats_line
from lastround.shell.typing_kept import keep_typed

if TYPE_CHECKING:
    # The session's machinery: the keeper, its answers, the steps' screens. Loaded once a
    # session is first asked for (or by the warm-up): the home's first frame needs none.
    from lastround.games.base import Step
    from lastround.screens.host_seat import TableOpening
    from lastround.screens.step import StepScreen
    from lastround.session.keeper import Keeper
    from lastround.session.outcomes import Confirmed
    from lastround.session.session import Session
    from lastround.shell.ahead import StepAhead


class SessionWalk:
    """The open session of one app, the step it shows, and what it does with what its
    screens ask."""

    def __init__(self, app: App[Any], saves: Path, *, clock: Callable[[], str],
                 seed: int | None = None) -> None:
        self.app = app
        self.clock = clock
        self.first_saves = saves  # the keeper's, once it is made (Ctrl+S may change it)
        self.made_keeper: Keeper | None = None  # see keeper
        self.table_watch = TableWatch(app, self)  # the open table's news shown (F4)
        self.phones = PhoneServing(app, lambda: self.keeper)
        self.fixed_seed = seed
        self.step_index = 0

    # the session keeper, and what the screens built ahead and the tests read of it ------------
    @property
    def keeper(self) -> Keeper:
        """The session keeper (lastround.session.keeper), made when first asked for: the home's
        first frame asks for none, so it loads none of a session's machinery (start-up 1.11
        → 1.05 the bare app's, tests/perf/bench_startup.py); the warm-up loads it after."""
        if self.made_keeper is None:
            from lastround.session.keeper import Keeper

            self.made_keeper = Keeper(self.first_saves, clock=lambda: self.clock(),
                                      seed=self.fixed_seed)
        return self.made_keeper

    @cached_property
    def steps_ahead(self) -> StepAhead:
        """The screens built while one is read (lastround.shell.ahead), made when first needed."""
        from lastround.shell.ahead import StepAhead

        return StepAhead(self.app, self)

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

    # what the screens ask (lastround.screens.messages) --------------------------------------------
    def answer(self, message: messages.FromScreen) -> None:
        """Do what a screen asked."""
        match message:
            case messages.Confirmed():
                self.confirm_step(message)
            case messages.Back():
                self.step_back(message.screen)
            case messages.GoHome(note=note):
                self.go_home(note)
            case messages.FinishNow():
                self.finish_now()
            case messages.StartNew(game_id=game_id):
                self.start_new(game_id)
            case messages.OpenFile(path=path, read_only=read_only):
                self.open_file(path, read_only=read_only)
            case messages.ShowHistory():
                self.show_history()
            case messages.LeaveReplay(exits=exits):
                self.leave_replay(message.screen, exits=exits)
            case messages.LogRead(session=session):
                self.keeper.read_whole(session)
            case messages.Corrected():
                self.correct(message)
            case messages.SaveElsewhere(folder=folder):
                self.save_elsewhere(message.screen, folder)

    # sessions -----------------------------------------------------------------
    def begin(self, command: str | None, game: str | None, file: Path | None) -> None:
        """What the command line asked for, over the home screen."""
        if command == "new" and game:
            self.start_new(game)
        elif command in ("resume", "replay") and file:
            self.open_file(file, read_only=command == "replay", leaving_exits=True)
        elif command == "history":
            self.show_history()

    def start_new(self, game_id: str) -> None:
        built = self.steps_ahead.new_session_ahead(game_id)
        if built is None:
            self.keeper.new_session(game_id)
            self.show_step(0)
            return
        self.keeper.begin(built.session)
        self.step_index = 0
        self.app.refresh_bindings()
        self.app.push_screen(built)

    def open_file(self, path: Path, *, read_only: bool = False,
                  leaving_exits: bool = False) -> None:
        """A session file's next step, or its replay (whose Esc quits if `leaving_exits`)."""
        from lastround.records.examples import is_example
        from lastround.session.outcomes import NotOpened

        example = is_example(path)  # shipped with the app: only ever read
        opened = self.keeper.open(path, read_only=read_only or example)
        if isinstance(opened, NotOpened):
            self.app.notify(opened.why, title="Can't open", severity="error")
            return
        session = self.keeper.session
        assert session is not None
        if opened.replay:  # a finished session (or `lastround replay`) opens as a replay
            from lastround.screens.example_replay import ExampleReplayScreen
            from lastround.screens.replay import ReplayScreen

            replay_screen = ExampleReplayScreen if example else ReplayScreen
            self.app.push_screen(replay_screen(session, self.keeper, self.saves,
                                               leaving_exits=leaving_exits))
            return
        if opened.read_only_why is not None:  # another app is writing it: look, don't touch
            self.app.notify(opened.read_only_why, title="Read-only", severity="warning",
                            timeout=10)
        if opened.not_saved is not None:
            self.say_not_saved(opened.not_saved)
        self.show_step(opened.index)
        if self.keeper.table is not None:  # its table is still open: the host resumed
            self.watch_table()

    def show_history(self) -> None:
        from lastround.screens.history import HistoryScreen

        self.app.push_screen(HistoryScreen(self.saves))

    def leave_replay(self, replay: object, *, exits: bool) -> None:
        self.close_session()
        if exits:
            self.app.exit()
        elif self.app.screen is replay:
            self.app.pop_screen()

    # the steps --------------------------------------------------------------------------
    @property
    def current_step(self) -> Step:
        assert self.session is not None
        return self.session.steps()[self.step_index]

    def show_step(self, index: int, *, fresh: bool = False, said: str = "") -> None:
        """Show step `index` (`fresh`: a new screen, filled from the session), `said` under it."""
        assert self.session is not None
        self.step_index = index
        self.app.refresh_bindings()  # the footer shows the open game's own keys
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
            from lastround.screens.step_kinds import step_screen

            screen = step_screen(step.kind)(self.session, step, index, self.keeper)
        if said:
            screen.say_later(said)
        if shown is not None:
            self.app.switch_screen(screen)
        else:
            self.app.push_screen(screen)

    def step_shown(self) -> StepScreen | None:
        """The step screen shown, if one is: what the keeper's answers are said under."""
        if self.session is None:  # none is shown without one (nor its module loaded)
            return None
        from lastround.screens.step import StepScreen

        screen = self.app.screen if self.app.screen_stack else None
        return screen if isinstance(screen, StepScreen) else None

    def confirm_step(self, message: messages.Confirmed) -> None:
        """Hand the shown step's values to the keeper and show what it answers."""
        shown = self.step_shown()
        if shown is None or message.screen is not shown:
            return
        step, values = self.current_step, message.values
        self.show_confirmed(step, values,
                            self.keeper.confirm(step, values, partial=message.partial))
        if message.partial:
            shown.progress_kept()

    def show_confirmed(self, step: Step, values: dict[str, Any], outcome: Confirmed) -> None:
        from lastround.session.outcomes import (
            AskFirst,
            Finished,
            Home,
            Next,
            NotSaved,
            Refused,
            Stay,
        )

        note = outcome.note if isinstance(outcome, (Next, Home, Finished, NotSaved)) else None
        if note is not None:  # the players changed, but the file kept its name
            self.app.notify(note, title="File name kept", severity="warning", timeout=10)
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
                from lastround.screens.confirm_change import ConfirmChangeScreen

                self.app.push_screen(ConfirmChangeScreen(undoes), callback=lambda make_it:
                                     self.change_answered(step, values, make_it))
            case NotSaved(why):
                self.say_not_saved(why)
            case Stay():
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
        from lastround.session.outcomes import NotSaved, Refused

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
            keep_typed(shown, self.keeper)
            self.steps_ahead.foresee_soon()

    def step_back(self, screen: object) -> None:
        """Esc on the step shown: what is typed is kept, and the step before is shown."""
        if (shown := self.step_shown()) is not None and screen is shown:
            keep_typed(shown, self.keeper)
            self.go_back()

    def go_back(self) -> None:
        if self.step_index == 0 or self.read_only:
            self.go_home()
        else:
            self.show_step(self.step_index - 1)

    def go_home(self, message: str = "") -> None:
        from lastround.screens.home import HomeScreen

        self.close_session()
        while not isinstance(self.app.screen, HomeScreen):
            self.app.pop_screen()
        if message:
            self.app.notify(message)

    def say_not_saved(self, why: str) -> None:
        """A save failed: said in a toast, and under the step until the next try."""
        self.app.notify(why, title="Not saved", severity="error", timeout=15)
        if (shown := self.step_shown()) is not None:
            shown.say(why)

    # after the game, and elsewhere --------------------------------------------------------
    def correct(self, message: messages.Corrected) -> None:
        """A finished game's step corrected: the keeper's answer goes to the screen."""
        from lastround.screens.correction import Correcting

        answer = self.keeper.correct(message.session, message.step.id, message.values)
        if isinstance(message.screen, Correcting):
            message.screen.correction_answered(answer)

    def save_elsewhere(self, screen: object, folder: Path) -> None:
        from lastround.screens.save_elsewhere import SaveElsewhereScreen

        again = self.keeper.unsaved
        failure = self.keeper.save_elsewhere(folder)
        saved_as = self.session.path if self.session is not None else None
        if isinstance(screen, SaveElsewhereScreen):
            screen.answered(failure, saved_as, again=again)

    # the table (table mode) -----------------------------------------------------------------
    def ask_for_table(self) -> None:  # F4 (lastround.shell.keys)
        from lastround.screens.host_seat import HostSeatScreen
        from lastround.shell.phones import can_serve

        if self.keeper.can_open_table() and self.session is not None:
            self.app.push_screen(HostSeatScreen(self.session.players, phones=can_serve()),
                                 self.open_table)

    def open_table(self, opening: TableOpening | None) -> None:
        """Open the table, keeping the host's seat (-1: none) for this screen, and serve it
        to phones if asked; None: no table."""
        if opening is None or not self.keeper.can_open_table():
            return
        host_seat = opening.host_seat
        why = self.keeper.open_table(host_seat if host_seat >= 0 else None)
        if why is not None:
            self.app.notify(f"The table can't be opened: {why}", title="Table",
                            severity="error")
            return
        self.watch_table()
        opened = "✓ The table is open: each player runs `lastround join` and picks their seat."
        if (shown := self.step_shown()) is not None:  # a toast would hide the seats
            shown.say_later(opened)
        else:
            self.app.notify(opened, title="Table")
        if opening.phones:
            self.phones.start_or_show()

    def watch_table(self) -> None:
        self.table_watch.start()
        self.app.refresh_bindings()
        self.show_table_line()

    def show_table_line(self) -> None:
        """The seats' standing under each player's step (nothing while no table is open)."""
        if (shown := self.step_shown()) is not None:  # built or not: shown once built
            shown.show_table_line(seats_line(self.session, self.keeper.table, shown.step))

    def release_lock(self) -> None:  # on a hang-up too (lastround.shell.hangup)
        if self.made_keeper is not None:
            self.made_keeper.release_lock()
