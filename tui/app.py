"""LastRoundApp: the one factory the command line and the tests both use."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.app import App
from textual.binding import Binding
from textual.screen import Screen

from tui.games.base import RulesError, Step
from tui.saves import SaveError, new_session_path, read_session, write_session
from tui.session import Session, now_stamp

# Step kinds to the screen module and class that shows them; loaded on first use.
STEP_SCREENS: dict[str, tuple[str, str]] = {
    "setup": ("screens.setup", "SetupScreen"),
    "form": ("screens.form", "FormScreen"),
    "checklist": ("screens.checklist", "ChecklistScreen"),
    "info": ("screens.info", "InfoScreen"),
    "cards": ("screens.cards", "CardsScreen"),
    "turns": ("screens.turns", "TurnsScreen"),
    "breakdown": ("screens.breakdown", "BreakdownScreen"),
}


class LastRoundApp(App[None]):
    TITLE = "Last Round"
    CSS_PATH = "app.tcss"
    ENABLE_COMMAND_PALETTE = True
    BINDINGS = [
        Binding("f1", "help", "Help", id="help", tooltip="Explain this screen and its keys"),
        Binding("ctrl+q", "quit", "Quit", id="quit", priority=True,
                tooltip="Leave Last Round (everything confirmed is already saved)"),
        Binding("f2", "galileo_summary", "Summary", id="galileo-summary",
                tooltip="Galileo Galilei: what scored during play and when"),
        Binding("f3", "galileo_dice", "Dice", id="galileo-dice",
                tooltip="Galileo Galilei: the dice with their colour-blind marks"),
    ]

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

    def on_mount(self) -> None:
        from screens.home import HomeScreen

        self.push_screen(HomeScreen())
        command, game, file = self.start
        if command == "new" and game:
            self.start_new(game)
        elif command in ("resume", "replay") and file:
            self.open_file(file, read_only=command == "replay")

    # sessions -----------------------------------------------------------------
    def start_new(self, game_id: str) -> None:
        self.session = Session.new(game_id, seed=self.fixed_seed, created=self.clock())
        self.read_only = False
        self.show_step(0)

    def open_file(self, path: Path, *, read_only: bool = False) -> None:
        try:
            self.session = Session(read_session(path), path)
        except SaveError as error:
            self.notify(str(error), title="Can't open", severity="error")
            return
        self.read_only = read_only or self.session.finished
        steps = self.session.steps()
        self.show_step(len(steps) - 1 if self.read_only else self.session.resume_index())

    @property
    def current_step(self) -> Step:
        assert self.session is not None
        return self.session.steps()[self.step_index]

    def show_step(self, index: int) -> None:
        assert self.session is not None
        self.step_index = index
        self.refresh_bindings()  # the footer shows the open game's own keys
        step = self.current_step
        screen = step_screen(step.kind)(self.session, step, index)
        if isinstance(self.screen, StepScreenMarker):
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def confirm_step(self, values: dict[str, Any], *, partial: bool = False) -> None:
        """Record the shown step, save it, then show what comes next.

        With `partial`, progress inside the step is saved and the step stays on screen.
        """
        session = self.session
        assert session is not None and not self.read_only
        step = self.current_step
        try:
            session.confirm(step, values, at=self.clock(), partial=partial)
        except RulesError as error:
            refuse = getattr(self.screen, "refuse", None)
            if callable(refuse):
                refuse(error.key, error.message)
            return
        if partial:
            self.save()
            return
        if step.kind == "breakdown":
            session.finish()
        if not self.save():
            return
        if step.kind == "breakdown":
            self.go_home("Saved. The session is finished and can be replayed from the list.")
            return
        steps = session.steps()
        index = session.index_of(step.id) + 1
        if index < len(steps) and steps[index].pause_before:
            self.go_home("Saved. The game goes on: open this session again at the end of the "
                         "next round.")
            return
        self.show_step(min(index, len(steps) - 1))

    def go_back(self) -> None:
        if self.step_index == 0 or self.read_only:
            self.go_home()
        else:
            self.show_step(self.step_index - 1)

    def go_home(self, message: str = "") -> None:
        from screens.home import HomeScreen

        self.session = None
        while not isinstance(self.screen, HomeScreen):
            self.pop_screen()
        if message:
            self.notify(message)

    def save(self) -> bool:
        """Write the session now; on failure keep it in memory and say why."""
        session = self.session
        assert session is not None
        if session.path is None:
            session.path = new_session_path(self.saves, session.game_id, session.players,
                                            str(session.data["created"]))
        try:
            write_session(session.path, session.data)
        except OSError as error:
            self.notify(f"Could not save {session.path}: {error.strerror or error}. "
                        "Nothing typed is lost while the app stays open.",
                        title="Not saved", severity="error", timeout=10)
            return False
        return True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The Galileo keys exist only while a Galileo session is open."""
        if action.startswith("galileo_"):
            return self.session is not None and self.session.game_id == "galileo"
        return True

    def action_galileo_summary(self) -> None:
        from screens.galileo_extras import ScoreSummaryScreen

        self.push_screen(ScoreSummaryScreen())

    def action_galileo_dice(self) -> None:
        from screens.galileo_extras import DiceScreen

        self.push_screen(DiceScreen())

    def action_help(self) -> None:
        from screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreenMarker):
            self.push_screen(HelpScreen(self.screen))


class StepScreenMarker(Screen[None]):
    """Base of every screen that shows one step (so the app can switch between them)."""


class HelpScreenMarker:
    """Mixin marking the help screen (F1 inside help does nothing more)."""


def step_screen(kind: str) -> Callable[..., Screen[None]]:
    import importlib

    module, name = STEP_SCREENS[kind]
    factory: Callable[..., Screen[None]] = getattr(importlib.import_module(module), name)
    return factory


def make_app(saves: Path, **options: Any) -> LastRoundApp:
    return LastRoundApp(saves, **options)
