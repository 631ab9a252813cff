"""Opening the table (F4): which seat is entered on the host's own screen.

That seat is kept from the players' terminals (none can claim it, nothing sent for it is
taken); every other seat joins from its own. The first seat is offered first: the host is
usually its player. "Nobody" opens every seat. With the serve extra installed, `p` opens it
to phones too: their browsers join through `lastround serve` (the host's app starts it and
shows its code).
"""

from __future__ import annotations

from typing import NamedTuple

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import OptionList

from lastround.session.terminal_safe import visible
from lastround.widgets.dialog import Dialog, DialogScreen
from lastround.widgets.footer import SteadyFooter
from lastround.widgets.plain import Plain

NOBODY = "Nobody: I only host, every seat joins from its own terminal"


class TableOpening(NamedTuple):
    host_seat: int  # -1: nobody's, every seat joins
    phones: bool  # served to phones' browsers too


class HostSeatScreen(DialogScreen[TableOpening | None]):
    """Dismissed with how to open the table, or None to open none."""

    BINDINGS = [
        Binding("enter", "open", "Open the table", id="open-table-seat", priority=True,
                tooltip="Open the table to every other seat"),
        Binding("p", "open(True)", "Open + phones", id="open-table-phones",
                tooltip="Open the table, and show the code phones scan to join it from their "
                "browser (`lastround serve`)"),
        Binding("escape", "cancel", "Cancel", id="cancel-table",
                tooltip="Open no table"),
    ]

    def __init__(self, players: list[str], *, phones: bool = False) -> None:
        super().__init__()
        self.players = players
        self.phones = phones  # whether phones can be served (the serve extra is installed)

    def compose(self) -> ComposeResult:
        with Dialog(id="host-seat-box"):
            yield Plain("Open the table: which seat is yours?", classes="step-title")
            phones = " (p: or from their phone, by a code to scan)" if self.phones else ""
            yield Plain("↑↓ pick the seat entered here, Enter opens the table: every other "
                        f"player joins with `lastround join` on their own terminal{phones}.",
                        id="host-seat-hint")
            yield OptionList(*[visible(name) for name in self.players], NOBODY,
                             id="host-seat-list", markup=False)
        yield SteadyFooter(compact=True, show_command_palette=False)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.phones if action == "open" and parameters else True

    def action_open(self, phones: bool = False) -> None:
        chosen = self.query_one(OptionList).highlighted
        if chosen is not None:
            self.dismiss(TableOpening(chosen if chosen < len(self.players) else -1, phones))

    def action_cancel(self) -> None:
        self.dismiss(None)
