"""Galileo Galilei: one fair draw of an unused Tier III card from the box.

First the table says how many unused Tier III cards the box holds; the session's seed
picks one, the screen says which to take, and the table may type the card's name.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Input, Static

from lastround.games.base import Field
from lastround.games.galileo import turns as galileo_turns
from lastround.screens.offstage import Offstage
from lastround.session.fields import Invalid, parse_int, parse_text, typing_problem
from lastround.widgets.dialog import Dialog, DialogScreen
from lastround.widgets.entry import Entry
from lastround.widgets.field_row import FieldRow
from lastround.widgets.footer import SteadyFooter
from lastround.widgets.key_order import focus_now
from lastround.widgets.plain import Plain

BOX = Field("box", "Unused Tier III cards in the box", minimum=1, maximum=40)


class DrawScreen(Offstage, DialogScreen[dict[str, Any] | None]):
    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="cancel-draw", tooltip="Draw nothing"),
        # A modal screen hides the app's own keys, so F1 is bound here too.
        Binding("f1", "app.help", "Help", id="draw-help", tooltip="Explain this box and its keys"),
        # Priority: the focused Input would otherwise take Enter and hide it from the footer.
        Binding("enter", "next", "Confirm", id="confirm-draw", priority=True,
                tooltip="Draw with the count typed, then take the card it names"),
    ]

    def __init__(self, data: Mapping[str, Any], reason: str) -> None:
        super().__init__()
        self.data = data  # the session, only read
        self.reason = reason
        self.box: int | None = None

    def compose(self) -> ComposeResult:
        with Dialog(id="draw-box"):
            yield Plain(self.title_text(), id="draw-title", classes="step-title")
            yield FieldRow(BOX.label, Entry(self.known_count(), id="draw-count",
                                            classes="number", placeholder="how many"),
                           message_id="draw-error", id="count-row")
            yield Plain("", id="draw-instruction")
            yield FieldRow("Card taken (optional)", Entry(id="draw-card", placeholder="its name"),
                           message_id="draw-card-error", id="card-row", classes="hidden")
        yield SteadyFooter()

    def title_text(self) -> str:
        why = "a gap on the display" if self.reason == "gap" else "a constellation reward"
        return f"Tier III draw for {why}"

    def known_count(self) -> str:
        """The cards the box holds by the draws recorded ("" when that is not known)."""
        known = galileo_turns.box_remaining(self.data)
        return "" if known is None else str(known)

    def ready_for(self, data: Mapping[str, Any], reason: str) -> None:
        """A box built ahead (never shown), made this draw's: the draws since it was built
        change what the box holds."""
        self.data, self.reason = data, reason
        self.query_one("#draw-title", Static).update(self.title_text())
        count = self.query_one("#draw-count", Input)
        count.value = self.known_count()
        focus_now(count)

    def help_text(self) -> str:
        return ("A fair draw of one unused Tier III card. Count the unused Tier III cards "
                "still in the box and type the number; Enter draws one of them with the "
                "session's seed and says which to take: shuffle them face down and take the "
                "3rd from the top, say. Type its "
                "name if you like (the file keeps it), then Enter. Esc draws nothing.")

    def on_mount(self) -> None:
        focus_now(self.query_one("#draw-count", Input))

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """The focused field's label in reverse video (app.tcss), as on every step screen."""
        for row in self.query(".field-row"):
            row.set_class(row is event.widget.parent, "-current")

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "draw-count" and self.box is None:
            self.query_one("#count-row", FieldRow).say(typing_problem(BOX, event.input.value))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_next()

    def action_next(self) -> None:
        if self.box is None:
            self.pick()
        else:
            try:
                card = parse_text(self.query_one("#draw-card", Input).value, "Card taken", 40,
                                  optional=True)
            except Invalid as problem:
                self.query_one("#card-row", FieldRow).say(str(problem))
                return
            self.dismiss({"box": self.box, "card": card})

    def pick(self) -> None:
        try:
            box = parse_int(BOX, self.query_one("#draw-count", Input).value)
        except Invalid as problem:
            self.query_one("#count-row", FieldRow).say(str(problem))
            focus_now(self.query_one("#draw-count", Input))  # selected: typing replaces it
            return
        self.box = box
        draw_number = len(self.data.get("draws") or [])
        position = galileo_turns.draw_position(int(self.data["seed"]), draw_number, box)
        self.query_one("#count-row", FieldRow).say("")
        self.query_one("#draw-count", Input).disabled = True
        self.query_one("#draw-instruction", Static).update(
            "▶ " + galileo_turns.draw_instruction(position, box))
        self.query_one("#card-row").remove_class("hidden")
        focus_now(self.query_one("#draw-card", Input))

    def action_cancel(self) -> None:
        self.dismiss(None)
