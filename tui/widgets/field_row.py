"""A field's row: its label, what is typed or chosen, and under them what is wrong with it.

Its look is app.tcss's `.field-row` (a screen marks the row being typed in `-current`: its
label in reverse video, read without colour). The line under it is added the first time
there is something to say: a screen of a dozen fields shows faster without a dozen
empty lines to build.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widget import Widget

from lastround.widgets.error_line import ErrorLine
from lastround.widgets.plain import PlainLabel


class FieldRow(Horizontal):
    def __init__(self, label: str, field: Widget, *, message_id: str | None = None,
                 id: str | None = None, classes: str = "") -> None:
        """`message_id`: the id of the line under the row (None: the row says nothing)."""
        super().__init__(id=id, classes=f"field-row {classes}".strip())
        self.label = label
        self.field = field
        self.message_id = message_id
        self.message: ErrorLine | None = None

    def compose(self) -> ComposeResult:
        yield PlainLabel(self.label, classes="field-label")
        yield self.field

    def say(self, problem: str) -> bool:
        """Say under the row what is wrong with what was typed ("": nothing is); whether its
        line was added just now (a screen that looks its widgets up by id looks again)."""
        added = self.message is None and bool(problem) and isinstance(self.parent, Widget)
        if added and isinstance(self.parent, Widget):
            self.message = ErrorLine(id=self.message_id)
            self.parent.mount(self.message, after=self)
        if self.message is not None:
            self.message.show(problem)
        return added
