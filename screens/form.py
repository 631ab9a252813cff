"""A step that asks for a few values: numbers, yes/no, a choice among options."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widget import Widget
from textual.widgets import Input

from screens.step import StepScreen
from tui.drafts import DraftValues
from tui.fields import Invalid, parse_int, parse_name, typing_problem
from tui.games.base import Field, Step
from tui.key_order import focus_now
from tui.widgets.choice import Choice
from tui.widgets.entry import Entry
from tui.widgets.error_line import ErrorLine
from tui.widgets.plain import PlainLabel

YES_NO = ("no", "yes")


def shown_value(field: Field, value: Any) -> str | None:
    """What the field's widget holds for `value`: a Choice's option (None: its first one)
    or an Input's text."""
    if field.kind == "bool":
        return "yes" if value else "no"
    if value is None:
        return None if field.kind == "choice" else ""
    return str(value)


class FormScreen(StepScreen):
    def compose_body(self) -> ComposeResult:
        known = self.known_values()
        for field in self.step.fields:
            with Horizontal(classes="field-row"):
                yield PlainLabel(field.label, classes="field-label")
                yield self.field_widget(field, known.get(field.key, field.default))
        # A field's error line is added under it when it first has something to say: a
        # screen of a dozen fields shows faster without a dozen empty lines to build.

    @classmethod
    def step_layout(cls, step: Step) -> Hashable | None:
        fields = tuple((f.key, f.kind, f.label, tuple(f.choices)) for f in step.fields)
        return fields, bool(step.text)

    def fill(self) -> None:
        known = self.known_values()
        for field in self.step.fields:
            self.show_in_field(field.key, shown_value(field, known.get(field.key, field.default)))
            self.show_error(field.key, "")

    def focus_first(self) -> None:
        if self.step.fields:
            focus_now(self.query_one(f"#field-{self.step.fields[0].key}"))

    def draft(self) -> DraftValues | None:
        return {field.key: self.field_widget_of(field.key).value for field in self.step.fields}

    def restore(self, values: DraftValues) -> None:
        for field in self.step.fields:
            if field.key in values:
                self.show_in_field(field.key, str(values[field.key]))

    def show_in_field(self, key: str, shown: str | None) -> None:
        """Put a Choice's option (None: its first) or an Input's text into the field."""
        widget = self.field_widget_of(key)
        if isinstance(widget, Choice):
            widget.choose(shown)
        else:
            widget.value = shown or ""

    def field_widget_of(self, key: str) -> Input | Choice:
        widget = self.query_one(f"#field-{key}")
        assert isinstance(widget, (Input, Choice))
        return widget

    def known_values(self) -> dict[str, Any]:
        """Pre-fill from the latest confirmation of this step, else the player's data."""
        known = self.session.values_for(self.step)
        if not known and self.step.player is not None:
            known = dict(self.session.data["players"][self.step.player])
        return known

    def field_widget(self, field: Field, value: Any) -> Widget:
        wid = f"field-{field.key}"
        shown = shown_value(field, value)
        if field.kind == "bool":
            return Choice(YES_NO, shown, id=wid)
        if field.kind == "choice":
            return Choice(field.choices, shown, id=wid)
        # Every character typed stays in the field; what is wrong is said under it.
        return Entry(shown or "", id=wid, classes="number" if field.kind == "int" else "")

    def on_input_changed(self, event: Input.Changed) -> None:
        """A number field says at once when a character can't be part of a whole number
        (empty is not wrong while typing: Enter says what a field needs)."""
        field = self.field_of(event.input)
        if field is not None and field.kind == "int":  # a name's refusal stays until Enter
            self.show_error(field.key, typing_problem(field, event.input.value))

    def field_of(self, widget: Widget) -> Field | None:
        return next((f for f in self.step.fields if widget.id == f"field-{f.key}"), None)

    def help_text(self) -> str:
        fields = "\n\n".join(f"{f.label}: {f.help}" for f in self.step.fields if f.help)
        return "\n\n".join(filter(None, (super().help_text(), fields)))

    def read_field(self, field: Field) -> Any:
        if field.kind in ("bool", "choice"):
            chosen = self.query_one(f"#field-{field.key}", Choice).value
            return chosen == "yes" if field.kind == "bool" else chosen
        raw = self.query_one(f"#field-{field.key}", Input).value
        return parse_int(field, raw) if field.kind == "int" else parse_name(raw, field.label)

    def show_error(self, key: str, message: str) -> None:
        """Say under the field what is wrong with it (nothing: clear what was said)."""
        errors = list(self.query(f"#error-{key}").results(ErrorLine))
        if not errors and message:
            row = self.query_one(f"#field-{key}").parent
            assert isinstance(row, Widget)
            errors = [ErrorLine(id=f"error-{key}")]
            self.query_one(".step-body").mount(errors[0], after=row)
        for error in errors:
            error.show(message)

    def refuse(self, key: str, message: str) -> None:
        if any(field.key == key for field in self.step.fields):
            self.show_error(key, message)
            focus_now(self.query_one(f"#field-{key}"))  # selected: the next keys replace it
        self.say(message)

    def values(self) -> dict[str, Any] | None:
        values: dict[str, Any] = {}
        first_bad: Widget | None = None
        for field in self.step.fields:
            try:
                values[field.key] = self.read_field(field)
                self.show_error(field.key, "")
            except Invalid as problem:
                self.show_error(field.key, str(problem))
                first_bad = first_bad or self.query_one(f"#field-{field.key}")
        if first_bad is not None:
            focus_now(first_bad)  # its text selected: the next keys replace it
            self.say("Fix the marked field before confirming")
            return None
        self.say("")
        return values
