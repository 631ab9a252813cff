"""Shown over everything while the terminal is smaller than Last Round's screens need.

It is a screen of its own on top of the stack, so the step underneath keeps every widget
and what was typed in it; enlarging the window takes it away and the step is as it was.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Center, Middle
from textual.geometry import Size
from textual.screen import Screen
from textual.widgets import Static

from lastround.widgets.footer import SteadyFooter
from lastround.widgets.plain import Plain

# Every screen is laid out for 80×24 and checked at this size too: room for tmux's or
# screen's status line in an 80×24 terminal.
MIN_WIDTH = 76
MIN_HEIGHT = 22


def too_small(size: Size) -> bool:
    return size.width < MIN_WIDTH or size.height < MIN_HEIGHT


def message(size: Size) -> str:
    return (f"✗ The window is {size.width}×{size.height}: Last Round needs at least "
            f"{MIN_WIDTH}×{MIN_HEIGHT}.\n\nEnlarge the window (or make the font smaller) "
            "to go on. Nothing typed is lost, and everything confirmed is saved.\n\n"
            "Ctrl+Q quits.")


class TooSmallScreen(Screen[None]):
    def __init__(self, size: Size) -> None:
        super().__init__()
        self.shown_size = size

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Plain(message(self.shown_size), id="too-small")
        yield SteadyFooter(compact=True, show_command_palette=False)

    def show(self, size: Size) -> None:
        self.shown_size = size
        self.query_one("#too-small", Static).update(message(size))
