"""Opening the table (F4): which seat is entered on the host's own screen.

That seat is kept from the players' terminals (none can claim it, nothing sent for it is
taken); every other seat joins from its own. The first seat is offered first: the host is
usually its player. "Nobody" opens every seat.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList

from tui.session.terminal_safe import visible
from tui.widgets.footer import SteadyFooter
from tui.widgets.plain import Plain

NOBODY = "Nobody: I only host, every seat joins from its own terminal"


class HostSeatScreen(ModalScreen[int | None]):
    """Dismissed with the host's seat, -1 for none, or None to open no table."""

    BINDINGS = [
        Binding("enter", "open", "Open the table", id="open-table-seat", priority=True,
                tooltip="Open the table to every other seat"),
        Binding("escape", "cancel", "Cancel", id="cancel-table",
                tooltip="Open no table"),
    ]

    def __init__(self, players: list[str]) -> None:
        super().__init__()
        self.players = players

    def compose(self) -> ComposeResult:
        with Vertical(id="host-seat-box"):
            yield Plain("Open the table: which seat is yours?", classes="step-title")
            yield Plain("↑↓ pick the seat entered here, Enter opens the table: every other "
                        "player joins with `lastround join` on their own terminal.",
                        id="host-seat-hint")
            yield OptionList(*[visible(name) for name in self.players], NOBODY,
                             id="host-seat-list", markup=False)
        yield SteadyFooter(compact=True, show_command_palette=False)

    def action_open(self) -> None:
        chosen = self.query_one(OptionList).highlighted
        if chosen is not None:
            self.dismiss(chosen if chosen < len(self.players) else -1)

    def action_cancel(self) -> None:
        self.dismiss(None)
