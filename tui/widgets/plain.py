"""Text widgets that show their text as written.

Textual reads a widget's string as markup by default, and the app's text carries names
typed at the table and read from files: a player called `Ad[/]a` would end the app with a
MarkupError, and `[@click=app.quit]` would make a name a button. No screen here uses markup
(styles come from the CSS and Rich Text), so every text widget is plain.
"""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.console import RenderableType
from rich.style import StyleType
from rich.table import Table
from rich.text import Text
from textual.widgets import Label, Static


class Plain(Static):
    def __init__(self, content: Any = "", **options: Any) -> None:
        super().__init__(content, markup=False, **options)

    def update(self, content: Any = "", *, layout: bool = True) -> None:
        # The same text again is not laid out and drawn again: a step's screen is refilled
        # for the next step (lastround.shell.ahead), mostly with the texts it shows already.
        if isinstance(content, str) and content == self.content:
            return
        if layout and self.stays_one_line(content):
            layout = False  # only redrawn: its size can't change (a running total as typed)
        super().update(content, layout=layout)

    def stays_one_line(self, content: Any) -> bool:
        """Whether the old text and the new one are each a single line within the width the
        widget was laid out at, which the text doesn't set (the stylesheet does)."""
        width, set_width = self.content_size.width, self.styles.width
        if not width or (set_width is not None and set_width.is_auto):  # unset: fills its row
            return False
        return all(isinstance(text, str) and "\n" not in text and cell_len(text) <= width
                   for text in (content, self.content))


class PlainLabel(Label):
    def __init__(self, content: Any = "", **options: Any) -> None:
        super().__init__(content, markup=False, **options)


class PlainTable(Table):
    """A Rich table whose text cells are shown as written (Rich reads a string as markup)."""

    def add_row(self, *cells: RenderableType | None, style: StyleType | None = None,
                end_section: bool = False) -> None:
        super().add_row(*(Text(cell) if isinstance(cell, str) else cell for cell in cells),
                        style=style, end_section=end_section)
