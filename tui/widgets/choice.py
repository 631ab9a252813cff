"""A choice picked with the arrow keys: ``(•) 2nd  ( ) 1st``, on one line when it fits.

Enter is left to the screen (it confirms the step), unlike RadioSet or Checkbox.
The chosen option is marked by a symbol, so it reads without colour; a narrow field breaks
between options, never inside one.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.binding import Binding
from textual.geometry import Size
from textual.reactive import reactive
from textual.widget import Widget


class Choice(Widget, can_focus=True):
    DEFAULT_CSS = """
    Choice { height: auto; width: 1fr; padding: 0 1; }
    Choice:focus { background: $boost; }
    """
    BINDINGS = [
        Binding("right,down", "move(1)", "Next option", show=False),
        Binding("left,up", "move(-1)", "Previous option", show=False),
        Binding("space", "move(1)", "Change", show=False),
    ]

    index: reactive[int] = reactive(0)

    def __init__(self, options: Sequence[str], value: str | None = None, *, id: str | None = None
                 ) -> None:
        super().__init__(id=id)
        self.options = list(options)
        if value in self.options:
            self.set_reactive(Choice.index, self.options.index(value))

    @property
    def value(self) -> str:
        return self.options[self.index] if self.options else ""

    def offer(self, options: Sequence[str]) -> None:
        """Other options (a screen refilled for another step: lastround.shell.ahead)."""
        if list(options) != self.options:
            self.options = list(options)
            self.set_reactive(Choice.index, min(self.index, max(len(self.options) - 1, 0)))
            self.refresh(layout=True)

    def choose(self, value: str | None) -> None:
        """Select `value`; one that is not an option selects the first, as when created."""
        self.index = self.options.index(value) if value in self.options else 0

    def action_move(self, delta: int) -> None:
        self.index = (self.index + delta) % len(self.options)

    def rows(self, width: int) -> list[list[int]]:
        """The options (by index) on each line: a narrow field breaks between options,
        never inside one, so a mark stays with its option."""
        rows: list[list[int]] = [[]]
        used = 0
        for position, option in enumerate(self.options):
            wide = len(option) + 4 + (2 if rows[-1] else 0)  # "( ) " and the gap before it
            if rows[-1] and used + wide > width:
                rows.append([])
                used, wide = 0, wide - 2
            rows[-1].append(position)
            used += wide
        return rows

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return sum(len(option) + 4 for option in self.options) + 2 * (len(self.options) - 1)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.rows(width))

    def render(self) -> Text:
        text = Text(no_wrap=True, overflow="ellipsis")
        for number, row in enumerate(self.rows(self.size.width)):
            if number:
                text.append("\n")
            for place, position in enumerate(row):
                chosen = position == self.index
                text.append("  " if place else "")
                # Focused, the chosen option is in reverse video: a cursor seen without colour.
                style = ("bold reverse" if self.has_focus else "bold") if chosen else ""
                text.append(f"{'(•)' if chosen else '( )'} {self.options[position]}", style=style)
        return text
