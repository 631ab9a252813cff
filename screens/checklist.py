"""A list of things the table does before going on, ticked off one by one."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult

from screens.step import StepScreen
from tui.widgets.checklist import Checklist


class ChecklistScreen(StepScreen):
    def compose_body(self) -> ComposeResult:
        done = self.step.id in self.session.confirmed() or self.read_only
        yield Checklist(self.step.items, done=done, id="checklist")

    def values(self) -> dict[str, Any] | None:
        if not self.query_one(Checklist).complete:
            self.say("Tick each item with Space once the table has done it")
            return None
        return {}  # the log entry itself records that the table did every item
