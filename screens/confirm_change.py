"""Changing an earlier answer: the table confirms what the change undoes before it is made.

The game says what confirming the new values would reset of what was recorded after the
step (Game.resets); Enter or y makes the change, Esc or n keeps the earlier answer.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding

from lastround.widgets.dialog import Dialog, DialogScreen
from lastround.widgets.footer import SteadyFooter
from lastround.widgets.plain import Plain


class ConfirmChangeScreen(DialogScreen[bool]):
    """Dismissed with True to make the change, False to keep the earlier answer."""

    BINDINGS = [
        Binding("enter", "make_change", "Make the change", id="make-change", priority=True,
                tooltip="Change the answer and reset what depends on it"),
        Binding("y", "make_change", "Make the change", id="make-change-y", show=False,
                tooltip="Change the answer and reset what depends on it"),
        Binding("escape", "keep", "Keep the earlier answer", id="keep-answer",
                tooltip="Change nothing: the step shows the answer recorded before"),
        Binding("n", "keep", "Keep the earlier answer", id="keep-answer-n", show=False,
                tooltip="Change nothing: the step shows the answer recorded before"),
    ]

    def __init__(self, resets: str) -> None:
        super().__init__()
        self.resets = resets

    def compose(self) -> ComposeResult:
        with Dialog(id="change-box"):
            yield Plain("⚠ Change an earlier answer?", classes="step-title")
            yield Plain(self.resets, id="change-resets")  # names from the table: plain
            yield Plain("Enter or y: make the change.  Esc or n: keep the earlier answer.",
                        id="change-keys")
        yield SteadyFooter(compact=True, show_command_palette=False)

    def action_make_change(self) -> None:
        self.dismiss(True)

    def action_keep(self) -> None:
        self.dismiss(False)
