"""A one-line choice picked with the arrow keys: ``(•) 2nd  ( ) 1st``.

Enter is left to the screen (it confirms the step), unlike RadioSet or Checkbox.
The chosen option is marked by a symbol, so it reads without colour.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.binding import Binding
from textual.reactive import reactive
from textual.widget import Widget


class Choice(Widget, can_focus=True):
    DEFAULT_CSS = """
    Choice { height: auto; width: 1fr; padding: 0 1; }
    Choice:focus { background: $boost; text-style: bold; }
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
        return self.options[self.index]

    def action_move(self, delta: int) -> None:
        self.index = (self.index + delta) % len(self.options)

    def render(self) -> Text:
        text = Text()
        for position, option in enumerate(self.options):
            mark = "(•)" if position == self.index else "( )"
            style = "bold" if position == self.index else ""
            text.append(f"{mark} {option}", style=style)
            text.append("  ")
        return text
