"""The app's own keys, beside every screen's: help, the Galileo aids, saving elsewhere and
quitting, and when each is offered. Mixed into LastRoundApp."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual.binding import Binding

from tui.session.owner import Session
from tui.shell.small_window import SmallWindow


class AppKeys(SmallWindow):
    BINDINGS = [
        Binding("f1", "help", "Help", id="help", tooltip="Explain this screen and its keys"),
        Binding("ctrl+q", "quit", "Quit", id="quit", priority=True,
                tooltip="Leave Last Round (everything confirmed is already saved)"),
        Binding("f2", "galileo_summary", "Summary", id="galileo-summary",
                tooltip="Galileo Galilei: what scored during play and when"),
        Binding("f3", "galileo_dice", "Dice", id="galileo-dice",
                tooltip="Galileo Galilei: the dice with their colour-blind marks"),
        Binding("f4", "open_table", "Table", id="open-table",
                tooltip="Table mode: let each player enter their own steps from their own "
                "terminal (`lastround join`)"),
        # Declared here (not added by Textual) so it has an id and F1 lists it.
        Binding("ctrl+p", "command_palette", "Commands", id="palette", show=False,
                priority=True, tooltip="Every action of this screen by name, and the themes"),
        Binding("ctrl+o", "home", "Home", id="home", show=False,
                tooltip="Go to the home screen (what is confirmed stays saved)"),
        Binding("ctrl+s", "save_elsewhere", "Save elsewhere", id="save-elsewhere", show=False,
                tooltip="Save this session in another folder (when its folder can't be written)"),
    ]

    saves: Path
    session: Session | None
    read_only: bool
    unsaved: bool
    can_open_table: Callable[[], bool]  # tui.shell.hosting

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
        if action == "open_table":  # offered on each player's step, while no table is open
            shown = next((s for s in reversed(self.screen_stack) if hasattr(s, "step")), None)
            step = getattr(shown, "step", None)  # the step under F1's help too
            return self.can_open_table() and getattr(step, "player", None) is not None
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

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(self.screen))

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
