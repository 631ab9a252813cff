"""A step that asks for a few values: numbers, yes/no, a choice among options."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.widget import Widget
from textual.widgets import Input

from lastround.games.base import Field, PlayerScore, Step
from lastround.records.running_total import group_text, groups, score_so_far, total_text
from lastround.screens.step import StepScreen
from lastround.session.drafts import DraftValues
from lastround.session.fields import Invalid, parse_int, parse_name, typing_problem
from lastround.widgets.choice import Choice
from lastround.widgets.entry import Entry
from lastround.widgets.field_row import FieldRow
from lastround.widgets.key_order import focus_now
from lastround.widgets.plain import Plain

YES_NO = ("no", "yes")


def shown_value(field: Field, value: Any) -> str | None:
    """What the field's widget holds for `value`: a Choice's option (None: its first one)
    or an Input's text."""
    if field.kind == "bool":
        return "yes" if value else "no"
    if value is None:
        return None if field.kind == "choice" else ""
    return str(value)


def group_id(group: str) -> str:
    """The heading's widget id: "Score track" -> group-score-track."""
    return "group-" + "-".join("".join(c for c in word if c.isalnum()) for word in
                               group.casefold().split())


class FormScreen(StepScreen):

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # An unusual value (above a field's usual_maximum) kept by a second Enter.
        self.unusual_kept: dict[str, int] = {}
        self.ids_shown: dict[str, Widget] | None = None  # see with_id

    def compose_body(self) -> ComposeResult:
        known = self.known_values()
        group = ""
        for field in self.step.fields:
            if field.group and field.group != group:
                first = "-first" if not group else ""
                group = field.group
                yield Plain(group, id=group_id(group), classes=f"group-heading {first}")
            yield FieldRow(field.label, self.field_widget(field, known.get(field.key,
                                                                          field.default)),
                           message_id=f"error-{field.key}")
        if self.step.player is not None:
            yield Plain("", id="running-total")

    @classmethod
    def step_layout(cls, step: Step) -> Hashable | None:
        # A choice's options are not part of it (the players' names, before they are
        # confirmed): they are offered again as the step is filled.
        fields = tuple((f.key, f.kind, f.label, f.group, f.blank) for f in step.fields)
        return fields, bool(step.text), step.player is None

    def on_mount(self) -> None:
        for choice in self.query(Choice):  # a choice (the token flipped) changes the total too
            self.watch(choice, "index", self.show_running_total, init=False)
        self.show_running_total()
        self.show_refused()

    def show_refused(self) -> None:
        """A value the file held that its reading refused, said under the field that asks
        it again (lastround.session.fixing)."""
        fix = self.session.fixes.get(self.step.id)
        if fix is not None:
            for field in self.step.fields:
                if field.key in fix.fields:
                    self.show_error(field.key, fix.why)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """A field focused under the running total is scrolled above it: Textual's scroll on
        focus counts a field behind the docked total as in view (a typed digit went unseen)."""
        super().on_descendant_focus(event)
        total = self.with_id("running-total")
        if total is not None and event.widget.region.overlaps(total.region):
            self.query_one(".step-body").scroll_to_widget(event.widget, animate=False,
                                                          immediate=True)

    def fill(self) -> None:
        known = self.known_values()
        self.unusual_kept = {}
        for field in self.step.fields:
            widget = self.field_widget_of(field.key)
            if field.kind == "choice" and isinstance(widget, Choice):
                widget.offer(field.choices)
            self.show_in_field(field.key, shown_value(field, known.get(field.key, field.default)))
            self.show_error(field.key, "")
        self.show_running_total()
        self.show_refused()

    # the running total: each part as typed so far, by the game's rules
    # (lastround.records.running_total)
    def typed_so_far(self) -> dict[str, Any]:
        typed: dict[str, Any] = {}
        for field in self.step.fields:
            try:
                typed[field.key] = self.read_field(field)
            except Invalid:
                continue  # not yet a value: its default stands in
        return typed

    def typed_values(self) -> dict[str, Any] | None:
        """Every field's value as typed, or None while one of them is not a value yet."""
        typed = self.typed_so_far()
        return typed if len(typed) == len(self.step.fields) else None

    def show_running_total(self) -> None:
        shown = self.with_id("running-total")
        if not isinstance(shown, Plain):
            return
        score = score_so_far(self.session.game, self.session.data, self.step,
                             self.typed_so_far())
        text = total_text(score) if score is not None and score.parts else ""
        shown.display = bool(text)  # a game that totals nothing yet (so_far empty) shows no line
        shown.update(text)  # the same text again is not laid out again (Plain)
        self.show_subtotals(score)

    def show_subtotals(self, score: PlayerScore | None) -> None:
        for group in groups(self.step.fields):
            heading = self.with_id(group_id(group))
            if isinstance(heading, Plain):  # the same text again is not laid out again
                heading.update(group_text(group, score))

    def with_id(self, wid: str) -> Widget | None:
        """The form's widget with this id (a field, its error line, a heading, the running
        total), from a lookup made once: Textual finds an id by walking every widget, and a
        form of a dozen fields asked dozens of times per step and on every keystroke."""
        if self.ids_shown is None:
            self.ids_shown = {str(w.id): w for w in self.query("*") if w.id}
        return self.ids_shown.get(wid)

    def field(self, key: str) -> Widget:
        widget = self.with_id(f"field-{key}")
        if widget is None:  # looked up before the form was built
            self.ids_shown = None
            widget = self.query_one(f"#field-{key}")
        return widget

    def focus_first(self) -> None:
        if self.step.fields:
            focus_now(self.field(self.step.fields[0].key))

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
        widget = self.field(key)
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
        blank = "" if field.blank is None else str(field.blank)  # what empty stands for
        return Entry(shown or "", id=wid, classes="number" if field.kind == "int" else "",
                     placeholder=blank)

    def on_input_changed(self, event: Input.Changed) -> None:
        """A number field says at once when a character can't be part of a whole number
        (empty is not wrong while typing: Enter says what a field needs)."""
        field = self.field_of(event.input)
        if field is not None and field.kind == "int":  # a name's refusal stays until Enter
            self.show_error(field.key, typing_problem(field, event.input.value))
        self.show_running_total()

    def field_of(self, widget: Widget) -> Field | None:
        return next((f for f in self.step.fields if widget.id == f"field-{f.key}"), None)

    def help_text(self) -> str:
        fields = "\n\n".join(f"{f.label}: {f.help}" for f in self.step.fields if f.help)
        return "\n\n".join(filter(None, (super().help_text(), fields)))

    def read_field(self, field: Field) -> Any:
        if field.kind in ("bool", "choice"):
            chosen = self.field_widget_of(field.key).value
            return chosen == "yes" if field.kind == "bool" else chosen
        raw = self.field_widget_of(field.key).value
        return parse_int(field, raw) if field.kind == "int" else parse_name(raw, field.label)

    def show_error(self, key: str, message: str) -> None:
        """Say under the field what is wrong with it (nothing: clear what was said)."""
        row = self.field(key).parent
        assert isinstance(row, FieldRow)
        if row.say(message):
            self.ids_shown = None  # looked up again with its line

    def refuse(self, key: str, message: str) -> None:
        if any(field.key == key for field in self.step.fields):
            self.show_error(key, message)
            focus_now(self.field(key))  # selected: the next keys replace it
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
                first_bad = first_bad or self.field(field.key)
        if first_bad is not None:
            focus_now(first_bad)  # its text selected: the next keys replace it
            self.say("Fix the marked field before confirming")
            return None
        if self.asks_about_unusual(values):
            return None
        self.say("")
        return values

    def asks_about_unusual(self, values: dict[str, Any]) -> bool:
        """A value above its field's usual maximum is asked about once: Enter again keeps it."""
        for field in self.step.fields:
            value, usual = values.get(field.key), field.usual_maximum
            if usual is None or not isinstance(value, int) or value <= usual:
                continue
            if self.unusual_kept.get(field.key) == value:
                continue
            self.unusual_kept[field.key] = value
            question = f"{value} is above any seen ({usual}): Enter again to keep it"
            self.show_error(field.key, question)
            focus_now(self.field(field.key))
            self.say(f"{field.label}: {question}")
            return True
        return False
