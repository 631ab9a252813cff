"""The next step's screen, built while the table reads the one shown. Mixed into LastRoundApp.

A new screen of fields costs Textual several times what a key may take (tests/perf/
bench_keys.py): every widget is created, styled, started and laid out. So once a step is on
screen and the app is idle, the screen of the step after it is built offstage, from the
session as it stands. When Enter confirms the step, that screen is filled with the next
step's values (StepScreen.load_step, as for the next player's copy of a step) and switched
to: the key that changes the step only fills and shows widgets that already exist. When the
answer changed what comes next (another kind of step, other fields), the screen built ahead
is dropped and the next one is built as before. A screen built ahead also lays itself out and
draws its widgets offstage (screens.offstage), so showing it costs only what its step changed.

The same is done for each game's first step behind the home screen (a new session's), and
for the final scores: while the last values are typed, the scores they give are put into the
breakdown built ahead once the typing pauses, so the last Enter finds them already there.

Textual has no public way to build a screen without showing it; App._get_screen (what
push_screen calls to register and start one) is used here and for the draw box behind the
turns (screens.turns), and tests/ui/test_textual_names.py fails when an upgrade changes it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.app import App
from textual.timer import Timer

from screens.step import StepScreen
from screens.step_kinds import step_screen
from tui.games import game_ids
from tui.games.base import Step
from tui.session.session import Session

# How long the typing pauses before the final scores it gives are built (foresee_soon): a
# key typed meanwhile would wait for them (a few tens of milliseconds).
FORESEE_AFTER = 0.1  # seconds

class StepAhead(App[Any]):
    session: Session | None
    step_index: int
    read_only: bool
    fixed_seed: int | None
    clock: Callable[[], str]
    ahead: StepScreen | None = None  # the next step's screen, built offstage
    warmed_up = False  # the warm-up's imports are done (tui.shell.warm_up)
    foreseeing: Timer | None = None  # see foresee_soon
    # On the home screen: each game's first step (who plays), in a new session of its own
    new_sessions: dict[str, StepScreen] | None = None

    def build_ahead(self) -> None:
        """Build the screen of the step after the one shown, unless it would be shown in the
        widgets on screen already, or is built, or its kind's screens are not refilled."""
        if not self.screen_stack:  # the app is closing
            return
        session, shown = self.session, self.screen
        if session is None and self.is_home(shown):
            self.build_new_sessions()
            return
        if (session is None or self.read_only or not isinstance(shown, StepScreen)
                or shown.session is not session or shown.index != self.step_index):
            return
        steps = session.steps()
        index = self.step_index + 1
        if index >= len(steps):
            return
        step = steps[index]
        ahead = self.ahead
        if shown.shows_like(session, step) or (ahead is not None
                                               and ahead.shows_like(session, step)):
            return
        self.drop_ahead()
        factory = step_screen(step.kind)
        if factory.step_layout(step) is None:
            return
        self.ahead = factory(session, step, index)
        self._get_screen(self.ahead)  # built, not shown: it lays itself out (screens.offstage)
        self.foresee_soon()  # the values on screen may be all there (a resumed step)

    @staticmethod
    def is_home(screen: object) -> bool:
        from screens.home import HomeScreen

        return isinstance(screen, HomeScreen)

    def build_new_sessions(self) -> None:
        """The first step of a new session of each game, one game at a time (each takes
        about as long as a key may): the key that starts one then only shows it."""
        if not self.warmed_up:  # built once they need no import (a moment after start)
            return
        built = self.new_sessions = self.new_sessions or {}
        game_id = next((game for game in game_ids() if game not in built), None)
        if game_id is None:
            return
        session = Session.new(game_id, seed=self.fixed_seed, created=self.clock())
        built[game_id] = step_screen("setup")(session, session.steps()[0], 0)
        self._get_screen(built[game_id])
        self.set_timer(0.05, self.build_ahead)

    def new_session_ahead(self, game_id: str) -> StepScreen | None:
        """The first step of a new session of `game_id`, if built (it is then used up),
        its session created now."""
        screen = (self.new_sessions or {}).pop(game_id, None)
        if screen is None or not screen.is_mounted:
            return None
        screen.session.data["created"] = self.clock()
        return screen

    def foresee_soon(self) -> None:
        """With the final scores built ahead: the scores the values on screen give, put
        into them once the typing pauses (FORESEE_AFTER), so that the last Enter only shows
        them. Called after each key."""
        if self.foreseeing is not None:
            self.foreseeing.stop()
            self.foreseeing = None
        if self.ahead is not None and self.ahead.step.kind == "breakdown":
            self.foreseeing = self.set_timer(FORESEE_AFTER, self.foresee)

    def foresee(self) -> None:
        from screens.breakdown import BreakdownScreen
        from screens.form import FormScreen

        self.foreseeing = None
        if not self.screen_stack:  # the app is closing (the timer fired as it began to)
            return
        ahead, shown, session = self.ahead, self.screen, self.session
        if (not isinstance(ahead, BreakdownScreen) or not isinstance(shown, FormScreen)
                or session is None or shown.session is not session):
            return
        typed = shown.typed_values()
        result = None if typed is None else session.foresee(shown.step, typed)
        if result is not None:  # offstage, it lays itself out again (screens.offstage)
            ahead.show_result(result)

    def screen_ahead_for(self, step: Step, index: int) -> StepScreen | None:
        """The screen built ahead, filled with `step`, if it is laid out for it; else None
        (and it is dropped)."""
        ahead = self.ahead
        if (ahead is None or self.session is None or not ahead.is_mounted
                or not ahead.shows_like(self.session, step)):
            self.drop_ahead()
            return None
        self.ahead = None
        ahead.load_step(step, index)
        return ahead

    def build_ahead_soon(self) -> None:
        """Once the step shown is drawn, and a moment after (what it left behind is freed
        first: see LastRoundApp.between_steps)."""
        self.call_after_refresh(self.set_timer, 0.05, self.build_ahead)

    def drop_ahead(self) -> None:
        ahead, self.ahead = self.ahead, None
        if ahead is not None:
            ahead.remove()
