"""How the app looks: the shipped themes and the one chosen last time, the command palette's
entries, messages as plain text, and a steady cursor where nobody sees it blink. Mixed into
LastRoundApp."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from textual.app import App, SystemCommand
from textual.notifications import SeverityLevel
from textual.screen import Screen

from lastround.screens.notices import ShowsNotices
from lastround.session.terminal_safe import visible


class Look(App[Any]):
    def setup_look(self) -> None:
        """The shipped themes, and the one the user chose last time (saved on every change)."""
        from lastround.shell.config import load_config
        from lastround.shell.themes import THEMES

        for theme in THEMES:
            self.register_theme(theme)
        chosen = load_config().get("theme")
        if isinstance(chosen, str) and chosen in self.available_themes:
            self.theme = chosen

    def watch_theme(self, theme: str) -> None:
        from lastround.shell.config import save_setting

        if self.is_running:  # a change made by the user, not the one made at start
            try:
                save_setting("theme", theme)
            except OSError as error:
                self.notify(f"The theme is not remembered: {error.strerror or error}",
                            severity="warning")

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

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The palette offers the screen's own keys (from the same Binding declarations as the
        footer and F1), then the themes; Textual's screenshot and key panel stay."""
        from lastround.shell.themes import COLOURBLIND
        from lastround.widgets.bindings import binding_commands

        yield from binding_commands(self, screen)
        yield SystemCommand("Theme…", "Choose the colours: every installed theme",
                            self.action_change_theme)
        if self.theme != COLOURBLIND.name:
            yield SystemCommand("Colour-blind theme", "Blue and orange, never red against green",
                                lambda: setattr(self, "theme", COLOURBLIND.name))
        for command in super().get_system_commands(screen):
            if command.title not in ("Theme", "Quit", "Maximize"):  # ours, or no use here
                yield command


def steady_cursors(screen: Screen[Any]) -> None:
    """No blinking cursor without a terminal: nobody sees it, and a picture of the screen (a
    snapshot) must not depend on the moment it is taken."""
    from textual.widgets import Input

    for field in screen.query(Input):
        field.cursor_blink = False
