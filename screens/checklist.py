"""A list of things the table does before going on, ticked off one by one."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from textual.app import ComposeResult
from textual.widgets import Static

from lastround.games.base import Step
from lastround.screens.step import StepScreen
from lastround.session.drafts import DraftValues
from lastround.widgets.checklist import Checklist
from lastround.widgets.key_order import focus_now

TICK_EACH = "Tick each item with Space once the table has done it"
PASS_HINT = " (n passes the phases nobody chose)"


class ChecklistScreen(StepScreen):
    @classmethod
    def step_layout(cls, step: Step) -> Hashable | None:
        return tuple(step.items), step.passable, bool(step.text)

    def compose_body(self) -> ComposeResult:
        yield Checklist(self.step.items, done=self.done(), passable=self.step.passable,
                        id="checklist")

    def on_mount(self) -> None:
        self.watch(self.query_one(Checklist), "ticked", self.ticked_changed, init=False)

    def ticked_changed(self) -> None:
        """Every item ticked: the line that asked for them goes."""
        if self.query_one(Checklist).complete and TICK_EACH in self.message_text():
            self.say("")

    def message_text(self) -> str:
        return str(self.query_one("#message", Static).content)

    def done(self) -> bool:
        """Every item shows ticked once the step is confirmed (or only read)."""
        return self.step.id in self.session.confirmed() or self.read_only

    def fill(self) -> None:
        checklist = self.query_one(Checklist)
        checklist.ticked = frozenset(range(len(checklist.items)) if self.done() else ())
        checklist.passed = frozenset()
        checklist.cursor = 0

    def draft(self) -> DraftValues | None:
        checklist = self.query_one(Checklist)
        return {"ticked": sorted(checklist.ticked), "passed": sorted(checklist.passed),
                "cursor": checklist.cursor}

    def restore(self, values: DraftValues) -> None:
        checklist = self.query_one(Checklist)
        ticked = [int(item) for item in values["ticked"]]
        passed = [int(item) for item in values.get("passed", [])]
        checklist.ticked = frozenset(i for i in ticked if 0 <= i < len(checklist.items))
        checklist.passed = frozenset(passed) & checklist.passable
        checklist.cursor = max(0, min(len(checklist.items) - 1, int(values["cursor"])))

    def focus_first(self) -> None:
        focus_now(self.query_one(Checklist))

    def values(self) -> dict[str, Any] | None:
        if not self.query_one(Checklist).complete:
            self.say(TICK_EACH + (PASS_HINT if self.step.passable else ""))
            return None
        return {}  # the log entry itself records that the table did every item
