"""LastRoundApp: the one factory the command line and the tests both use."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from contextlib import suppress
from functools import partial
from pathlib import Path
from typing import Any

from textual import events
from textual.app import SystemCommand
from textual.binding import Binding
from textual.geometry import Size
from textual.notifications import SeverityLevel
from textual.screen import Screen

from tui.games.base import RulesError, Step
from tui.session.drafts import Drafts, DraftValues, draft_path
from tui.session.files import SaveError
from tui.session.owner import Session, now_stamp
from tui.session.plain_text import visible
from tui.session.safekeeping import Safekeeping, load_session
from tui.shell.memory import release_removed_screens
from tui.widgets.key_order import OrderedKeys

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

# What the steps of either game need, imported off the event loop once the home screen is
# drawn: the first key of a session then waits for no import (nor the first save for tomlkit).
WARM_UP_MODULES = (
    "screens.setup", "screens.form", "screens.checklist", "screens.info", "screens.breakdown",
    "screens.help", "tomlkit", "tui.session.text",
)
# Each game's own; with a session open (say after `lastround new rftg`) only its game's are
# loaded, as the other game's may never be needed (about 0.6 MiB for Galileo's).
GAME_WARM_UP_MODULES = {
    "rftg": ("screens.cards", "tui.games.rftg"),
    "galileo": ("screens.turns", "screens.draw", "tui.games.galileo"),
}


def warm_up(game_id: str | None = None) -> None:
    import importlib

    games = [game_id] if game_id in GAME_WARM_UP_MODULES else list(GAME_WARM_UP_MODULES)
    for module in (*WARM_UP_MODULES, *(m for game in games for m in GAME_WARM_UP_MODULES[game])):
        importlib.import_module(module)
    if "rftg" in games:
        from tui.games import rftg

        rftg.search_cards("warm")  # parses the card list and builds the search index


class LastRoundApp(Safekeeping, OrderedKeys):
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
        # Declared here (not added by Textual) so it has an id and F1 lists it.
        Binding("ctrl+p", "command_palette", "Commands", id="palette", show=False,
                priority=True, tooltip="Every action of this screen by name, and the themes"),
        Binding("ctrl+o", "home", "Home", id="home", show=False,
                tooltip="Go to the home screen (what is confirmed stays saved)"),
        Binding("ctrl+s", "save_elsewhere", "Save elsewhere", id="save-elsewhere", show=False,
                tooltip="Save this session in another folder (when its folder can't be written)"),
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
        self.screens_ready = False  # the size is checked once on_mount has pushed the screens
        self.held = []  # keys typed while a new screen is built (see tui.widgets.key_order)
        self.drafts: Drafts | None = None  # the open session's, once it has a file
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
        self.call_after_refresh(self.run_worker, partial(warm_up, game_id), name="warm-up",
                                thread=True)
        self.screen_change_signal.subscribe(self, self.screen_changed)

    def screen_changed(self, screen: Screen[Any]) -> None:
        """Free what the screen left behind while the player reads the new one, before the
        garbage collector would stop the app for it in the middle of a key. The new screen
        is drawn first; the old one's timers let go of it a moment after it is removed."""
        self.call_after_refresh(self.set_timer, 0.05, release_removed_screens)
        if self.is_headless:  # Textual's own fields too (the command palette's search)
            screen.call_later(steady_cursors, screen)

    # sessions -----------------------------------------------------------------
    def start_new(self, game_id: str) -> None:
        self.session = Session.new(game_id, seed=self.fixed_seed, created=self.clock())
        self.read_only = False
        self.show_step(0)

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
        if (not fresh and isinstance(shown, StepScreenMarker)
                and shown.shows_like(self.session, step)):
            shown.load_step(step, index)  # the next player's copy of this step: same widgets
            return
        screen = step_screen(step.kind)(self.session, step, index)
        if isinstance(shown, StepScreenMarker):
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
        say = getattr(self.screen, "say_later", None)
        if callable(say):
            say("The earlier answer is kept: nothing was changed.")

    def record_step(self, step: Step, values: dict[str, Any], *, partial: bool = False) -> None:
        session = self.session
        assert session is not None
        players_before = session.players
        try:
            changed = session.confirm(step, values, at=self.clock(), partial=partial)
        except RulesError as error:
            refuse = getattr(self.screen, "refuse", None)
            if callable(refuse):
                refuse(error.key, error.message)
            return
        if partial:
            self.save()
            return
        finishing = session.completes(step) and not session.finished
        if finishing:
            with suppress(RulesError):  # it does not total: the breakdown says why
                session.finish_with_breakdown(at=self.clock())
        if (changed or session.finished or self.unsaved) and not self.save_named(players_before):
            return
        self.keep_draft(step, None)  # confirmed: what was typed is in the session now
        steps = session.steps()
        index = session.index_of(step.id) + 1
        if session.finished:
            self.show_finished()
            return
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
            say = getattr(self.screen, "say", None)
            if callable(say):
                where = f"{error.key}: " if error.key else ""
                say(f"Can't finish yet: {where}{error.message}")
            return
        if self.save():
            self.show_finished()

    def show_finished(self) -> None:
        """The final scores, read-only: the game is saved as finished."""
        session = self.session
        assert session is not None
        self.drop_drafts()
        self.read_only = True
        self.show_step(len(session.steps()) - 1, fresh=True)
        say = getattr(self.screen, "say_later", None)
        if callable(say):
            say("✓ Saved: the game is finished (replay it from the list).")

    # drafts: what is typed in a step before it is confirmed (see tui.session.drafts) -------------
    def session_drafts(self) -> Drafts | None:
        """The open session's drafts, while what is typed in it is this app's to keep (it
        holds the session's lock: another app may be typing in it)."""
        session = self.session
        if (session is None or session.path is None or self.read_only or session.finished
                or self.lock is None):
            return None
        if self.drafts is None or self.drafts.path != draft_path(session.path):
            self.drafts = Drafts(session.path)
        return self.drafts

    def draft_for(self, step: Step) -> DraftValues | None:
        drafts = self.session_drafts()
        if drafts is None or self.session is None:
            return None
        return drafts.get(step.id, self.session.entries_of(step.id))

    def keep_draft(self, step: Step, values: DraftValues | None) -> None:
        """Keep what is typed in `step` (None: nothing beyond what it showed)."""
        drafts = self.session_drafts()
        if drafts is None or self.session is None:
            return
        try:
            if values is None:
                drafts.drop(step.id)
            else:
                drafts.keep(step.id, self.session.entries_of(step.id), values)
        except OSError:
            pass  # a draft only spares retyping; the confirmed steps are saved and said so

    def drop_drafts(self) -> None:
        """The session is finished: no step is left to type in."""
        session = self.session
        if session is not None and session.path is not None:
            with suppress(OSError):
                draft_path(session.path).unlink(missing_ok=True)
        self.drafts = None

    def after_key(self) -> None:
        screen = self.screen
        if isinstance(screen, StepScreenMarker):
            screen.keep_draft()

    def go_back(self) -> None:
        if self.step_index == 0 or self.read_only:
            self.go_home()
        else:
            self.show_step(self.step_index - 1)

    def go_home(self, message: str = "") -> None:
        from screens.home import HomeScreen

        self.session = None
        self.release_lock()
        while not isinstance(self.screen, HomeScreen):
            self.pop_screen()
        if message:
            self.notify(message)

    def save(self) -> bool:
        """Write the session now (while this app holds its lock: see Safekeeping); on
        failure keep it in memory and say why."""
        message = self.write_held()
        if message:
            self.unsaved = True
            self.notify(message, title="Not saved", severity="error", timeout=15)
            say = getattr(self.screen, "say", None)
            if callable(say):  # and under the step, where it stays until the next try
                say(message)
            return False
        self.unsaved = False
        return True

    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = True) -> None:
        """Every message as plain text: it may name a file or a value from one, which must
        neither be read as markup (`[/]` would end the app) nor drive the terminal.

        A toast covers what the table is reading: a confirmation goes in the screen's own
        message line when it has one (`show_notice`), and otherwise information goes by
        quickly while a warning or an error stays long enough to read (app.tcss lays toasts
        across the bottom, wide enough to keep a file name whole)."""
        message, title = visible(message), visible(title)
        show_notice = getattr(self.screen, "show_notice", None) if self.screen_stack else None
        if (severity == "information" and timeout is None and callable(show_notice)
                and show_notice(f"{title}: {message}" if title else message)):
            return
        if timeout is None:
            timeout = {"information": 3.0, "warning": 6.0, "error": 10.0}[severity]
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)

    def action_save_elsewhere(self) -> None:
        from screens.save_elsewhere import SaveElsewhereScreen

        if not isinstance(self.screen, SaveElsewhereScreen):
            self.push_screen(SaveElsewhereScreen(self.saves))

    async def action_quit(self) -> None:
        """Quit; after a failed save, only when asked twice (the session is only in memory)."""
        if self.unsaved and self.session is not None:
            self.unsaved = False  # the next Ctrl+Q quits
            self.notify("This session is not saved: Ctrl+S saves it in another folder, "
                        "Ctrl+Q again quits without saving.", title="Not saved",
                        severity="error", timeout=15)
            return
        self.exit()

    def on_unmount(self) -> None:
        self.release_lock()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The Galileo keys exist only while a Galileo session is open; while the window is
        too small, only quitting does anything."""
        if self.is_too_small:
            return action == "quit"
        if action == "home":
            return self.session is not None
        if action.startswith("galileo_"):
            # A replay looks back: the Galileo aids for entering counts make room in its footer.
            looking_back = getattr(self.screen, "LOOKS_BACK", False)
            return (self.session is not None and self.session.game_id == "galileo"
                    and not looking_back)
        if action == "save_elsewhere":
            return self.session is not None and not self.read_only
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


    # keyboard, small terminals, themes ---------------------------------------------
    def setup_look(self) -> None:
        """The shipped themes, and the one the user chose last time (saved on every change)."""
        from tui.shell.config import load_config
        from tui.shell.themes import THEMES

        for theme in THEMES:
            self.register_theme(theme)
        chosen = load_config().get("theme")
        if isinstance(chosen, str) and chosen in self.available_themes:
            self.theme = chosen

    def watch_theme(self, theme: str) -> None:
        from tui.shell.config import save_setting

        if self.is_running:  # a change made by the user, not the one made at start
            try:
                save_setting("theme", theme)
            except OSError as error:
                self.notify(f"The theme is not remembered: {error.strerror or error}",
                            severity="warning")

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The palette offers the screen's own keys (from the same Binding declarations as the
        footer and F1), then the themes; Textual's screenshot and key panel stay."""
        from tui.shell.themes import COLOURBLIND
        from tui.widgets.bindings import binding_commands

        yield from binding_commands(self, screen)
        yield SystemCommand("Theme…", "Choose the colours: every installed theme",
                            self.action_change_theme)
        if self.theme != COLOURBLIND.name:
            yield SystemCommand("Colour-blind theme", "Blue and orange, never red against green",
                                lambda: setattr(self, "theme", COLOURBLIND.name))
        for command in super().get_system_commands(screen):
            if command.title not in ("Theme", "Quit", "Maximize"):  # ours, or no use here
                yield command

    def action_home(self) -> None:
        self.go_home()

    @property
    def is_too_small(self) -> bool:
        from screens.too_small import TooSmallScreen

        return bool(self.screen_stack) and isinstance(self.screen, TooSmallScreen)

    def on_resize(self, event: events.Resize) -> None:
        if self.screens_ready:
            self.fit_to_terminal(event.size)

    def fit_to_terminal(self, size: Size) -> None:
        """Below the minimum size, cover everything with a message; the screens underneath
        keep what was typed and come back when the window is large enough."""
        from screens.too_small import TooSmallScreen, too_small

        if too_small(size):
            if isinstance(self.screen, TooSmallScreen):
                self.screen.show(size)
            else:
                self.push_screen(TooSmallScreen(size))
        elif self.is_too_small:
            self.pop_screen()


class StepScreenMarker(Screen[None]):
    """Base of every screen that shows one step (so the app can switch between them)."""

    def shows_like(self, session: Session, step: Step) -> bool:
        """Whether this screen can show `step` of `session` by refilling its widgets
        (see StepScreen.load_step)."""
        return False

    def load_step(self, step: Step, index: int) -> None:
        raise NotImplementedError

    def keep_draft(self) -> None:
        """Keep on disk what is typed in this step so far (see tui.session.drafts)."""


class HelpScreenMarker:
    """Mixin marking the help screen (F1 inside help does nothing more)."""


def steady_cursors(screen: Screen[Any]) -> None:
    """No blinking cursor without a terminal: nobody sees it, and a picture of the screen (a
    snapshot) must not depend on the moment it is taken."""
    from textual.widgets import Input

    for field in screen.query(Input):
        field.cursor_blink = False


def step_screen(kind: str) -> Callable[..., Screen[None]]:
    import importlib

    module, name = STEP_SCREENS[kind]
    factory: Callable[..., Screen[None]] = getattr(importlib.import_module(module), name)
    return factory


def make_app(saves: Path, **options: Any) -> LastRoundApp:
    return LastRoundApp(saves, **options)
