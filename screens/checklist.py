"""A list of things the table does before going on, ticked off one by one."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import SelectionList

from screens.step import StepScreen


class Checklist(SelectionList[int], inherit_bindings=False):
    """A SelectionList whose Enter is left to the screen (Enter confirms the step)."""

    BINDINGS = [
        Binding("space", "select", "Tick", id="tick", tooltip="Tick or untick the item"),
        Binding("down", "cursor_down", "Down", show=False),
        Binding("up", "cursor_up", "Up", show=False),
        Binding("home", "first", "First", show=False),
        Binding("end", "last", "Last", show=False),
    ]


class ChecklistScreen(StepScreen):
    def compose_body(self) -> ComposeResult:
        done = self.step.id in self.session.confirmed() or self.read_only
        yield Checklist(*((f"{n + 1}. {item}", n, done) for n, item in enumerate(self.step.items)),
                        id="checklist")

    def values(self) -> dict[str, Any] | None:
        ticked = self.query_one(Checklist).selected
        if len(ticked) < len(self.step.items):
            self.say("Tick each item with Space once the table has done it")
            return None
        return {}  # the log entry itself records that the table did every item
