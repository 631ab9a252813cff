"""The next step's screen, built while the table reads the one shown (StepAhead, held by the app).

A new screen of fields costs Textual several times what a key may take (tests/perf/
bench_keys.py): every widget is created, styled, started and laid out. So once a step is on
screen and the app is idle, the screen of the step after it is built offstage, from the
session as it stands. When Enter confirms the step, that screen is filled with the next
step's values (StepScreen.load_step, as for the next player's copy of a step) and switched
to: the key that changes the step only fills and shows widgets that already exist. When the
answer changed what comes next (another kind of step, other fields), the screen built ahead
is dropped and the next one is built as before. A screen built ahead also lays itself out and
draws its widgets offstage (lastround.screens.offstage), so showing it lays out widgets already
sized and draws from lines already drawn, but for what its step changed.

The same is done for each game's first step behind the home screen (a new session's), and
for the final scores: while the last values are typed, the scores they give are put into the
breakdown built ahead once the typing pauses, so the last Enter finds them already there.

Screens are built offstage, and taken down, through lastround.screens.offstage: a screen still being
built is never refilled (it is used only once whole) nor taken apart.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from textual.app import App
from textual.timer import Timer

from lastround.games import game_ids
from lastround.games.base import Step
from lastround.screens.offstage import build_offstage, take_down
from lastround.screens.step import StepDrafts, StepScreen
from lastround.screens.step_kinds import step_screen
from lastround.session.session import Session

# How long the typing pauses before the final scores it gives are built (foresee_soon): a
# key typed meanwhile would wait for them (a few tens of milliseconds).
FORESEE_AFTER = 0.1  # seconds


class Table(Protocol):
    """What StepAhead reads of the app: the session open and the step shown."""

    @property
    def session(self) -> Session | None: ...
    @property
    def keeper(self) -> StepDrafts: ...
    @property
    def step_index(self) -> int: ...
    @property
    def read_only(self) -> bool: ...
    @property
    def fixed_seed(self) -> int | None: ...
    @property
    def clock(self) -> Callable[[], str]: ...


class StepAhead:
    """The screens built ahead for one app: the next step's, or each game's first step."""

    def __init__(self, app: App[Any], table: Table) -> None:
        self.app = app
        self.table = table
        self.ahead: StepScreen | None = None  # the next step's screen, built offstage
        self.warmed_up = False  # the warm-up's imports are done (lastround.shell.warm_up)
        self.foreseeing: Timer | None = None  # see foresee_soon
        # On the home screen: each game's first step (who plays), in a new session of its own
        self.new_sessions: dict[str, StepScreen] | None = None

    def build_ahead(self) -> None:
        """Build the screen of the step after the one shown, unless it would be shown in the
        widgets on screen already, or is built, or its kind's screens are not refilled."""
        if not self.app.screen_stack:  # the app is closing
            return
        session, shown = self.table.session, self.app.screen
        if session is None and self.is_home(shown):
            self.build_new_sessions()
            return
        if (session is None or self.table.read_only or not isinstance(shown, StepScreen)
                or shown.session is not session or shown.index != self.table.step_index):
            return
        steps = session.steps()
        index = self.table.step_index + 1
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
        self.ahead = factory(session, step, index, self.table.keeper)
        # not shown: it lays itself out (lastround.screens.offstage)
        build_offstage(self.app, self.ahead)
        self.foresee_soon()  # the values on screen may be all there (a resumed step)

    @staticmethod
    def is_home(screen: object) -> bool:
        from lastround.screens.home import HomeScreen

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
        session = Session.new(game_id, seed=self.table.fixed_seed, created=self.table.clock())
        built[game_id] = step_screen("setup")(session, session.steps()[0], 0,
                                              self.table.keeper)
        build_offstage(self.app, built[game_id])
        self.app.set_timer(0.05, self.build_ahead)

    def new_session_ahead(self, game_id: str) -> StepScreen | None:
        """The first step of a new session of `game_id`, if built (it is then used up)."""
        screen = (self.new_sessions or {}).pop(game_id, None)
        if screen is None or not screen.is_mounted:
            return None
        return screen  # its session starts when the keeper begins it

    def foresee_soon(self) -> None:
        """With the final scores built ahead: the scores the values on screen give, put
        into them once the typing pauses (FORESEE_AFTER), so that the last Enter only shows
        them. Called after each key."""
        if self.foreseeing is not None:
            self.foreseeing.stop()
            self.foreseeing = None
        if self.ahead is not None and self.ahead.step.kind == "breakdown":
            self.foreseeing = self.app.set_timer(FORESEE_AFTER, self.foresee)

    def foresee(self) -> None:
        from lastround.screens.breakdown import BreakdownScreen
        from lastround.screens.form import FormScreen

        self.foreseeing = None
        if not self.app.screen_stack:  # the app is closing (the timer fired as it began to)
            return
        ahead, shown, session = self.ahead, self.app.screen, self.table.session
        if (not isinstance(ahead, BreakdownScreen) or not isinstance(shown, FormScreen)
                or session is None or shown.session is not session):
            return
        typed = shown.typed_values()
        result = None if typed is None else session.foresee(shown.step, typed)
        if result is not None:  # offstage, it lays itself out again (lastround.screens.offstage)
            ahead.show_result(result)

    def screen_ahead_for(self, step: Step, index: int) -> StepScreen | None:
        """The screen built ahead, filled with `step`, if it is laid out for it; else None
        (and it is dropped)."""
        ahead = self.ahead
        session = self.table.session
        if (ahead is None or session is None or not ahead.is_mounted
                or not ahead.shows_like(session, step)):
            self.drop_ahead()
            return None
        self.ahead = None
        ahead.load_step(step, index)
        return ahead

    def build_ahead_soon(self) -> None:
        """Once the step shown is drawn, and a moment after (what it left behind is freed
        first: see LastRoundApp.between_steps)."""
        self.app.call_after_refresh(self.app.set_timer, 0.05, self.build_ahead)

    def drop_ahead(self) -> None:
        ahead, self.ahead = self.ahead, None
        if ahead is not None:
            take_down(ahead)  # once built, if it is still being built
