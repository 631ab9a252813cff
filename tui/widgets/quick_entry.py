"""Quick entry: a few totals typed as whole numbers instead of listing what adds up to them.

A hint, then each field's row (lastround.widgets.field_row). The fields are built when first shown
(`build`): most tables never use them, and each widget costs the step change that shows the
screen. What is typed is checked as in every form: the screen hands in the forms' reading
of a number (`read`, raising ValueError with the message to show) and its check while typing
(`problem`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input

from lastround.games.base import Field
from lastround.widgets.entry import Entry
from lastround.widgets.field_row import FieldRow
from lastround.widgets.key_order import focus_now
from lastround.widgets.plain import Plain


class QuickEntry(Vertical):
    def __init__(self, hint: str, fields: Sequence[Field], known: Mapping[str, Any], *,
                 read: Callable[[Field, str], int], problem: Callable[[Field, str], str],
                 shown: bool, id: str | None = None) -> None:
        super().__init__(id=id, classes="" if shown else "hidden")
        self.hint = hint
        self.read, self.problem = read, problem
        self.fields = tuple(fields)
        self.known = known
        self.built = shown

    def compose(self) -> ComposeResult:
        if self.built:
            yield from self.rows()

    def rows(self) -> ComposeResult:
        yield Plain(self.hint, classes="field-hint")
        for field in self.fields:
            yield FieldRow(field.label, Entry(
                str(self.known.get(field.key, "")), id=f"field-{field.key}",
                classes="number"),  # as in every form: Enter says what's needed
                message_id=f"error-{field.key}")

    async def build(self) -> None:
        if not self.children:
            await self.mount_all(self.rows())
        self.built = True

    def entry(self, field: Field) -> Input:
        return self.query_one(f"#field-{field.key}", Input)

    def row(self, field: Field) -> FieldRow:
        row = self.entry(field).parent
        assert isinstance(row, FieldRow)
        return row

    def first_entry(self) -> Input:
        return self.entry(self.fields[0])

    def show_typing_problem(self, entry: Input) -> None:
        """What is wrong with the number being typed in `entry`, if it is one of these."""
        field = next((f for f in self.fields if entry.id == f"field-{f.key}"), None)
        if field is not None:
            self.row(field).say(self.problem(field, entry.value))

    def draft(self) -> dict[str, str]:
        """What is typed, by key (nothing before the fields are built)."""
        return {str(entry.id).removeprefix("field-"): entry.value
                for entry in self.query(Input).results(Input)}

    def restore(self, values: Mapping[str, Any]) -> None:
        for entry in self.query(Input).results(Input):
            entry.value = str(values.get(str(entry.id).removeprefix("field-"), entry.value))

    def clear_errors(self) -> None:
        for row in self.query(FieldRow).results(FieldRow):
            row.say("")

    def progress(self) -> dict[str, int] | None:
        """Every number, when each is valid; else None (nothing is said)."""
        try:
            return {field.key: self.read(field, self.entry(field).value)
                    for field in self.fields}
        except ValueError:
            return None

    def values(self) -> dict[str, int] | None:
        """Every number; None at the first one that is not valid, said under it and focused."""
        values: dict[str, int] = {}
        for field in self.fields:
            entry = self.entry(field)
            try:
                values[field.key] = self.read(field, entry.value)
                self.row(field).say("")
            except ValueError as problem:
                self.row(field).say(str(problem))
                focus_now(entry)  # its text selected: the next keys replace it
                return None
        return values
