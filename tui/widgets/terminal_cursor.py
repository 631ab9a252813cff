"""The terminal's cursor on the focused field or its highlighted row.

Braille displays and screen readers follow the terminal's own cursor. Textual puts it at
`App.cursor_position`, which only an Input sets: elsewhere it stayed where the last field
left it (or at the top left) while the focus and the highlighted row moved. The app (this
mixin) places it again after each key, each focus change and each new screen.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from rich.text import Text
from textual import events
from textual.geometry import Offset
from textual.widget import Widget
from textual.widgets import DataTable, Input, OptionList

from lastround.widgets.checklist import Checklist
from lastround.widgets.choice import Choice
from lastround.widgets.key_order import OrderedKeys


def lines_taken(widget: Widget, texts: list[str]) -> int:
    """How many lines `texts` take in `widget`, each wrapped at its width."""
    width = max(widget.content_region.width, 1)
    return sum(len(Text(text).wrap(widget.app.console, width)) for text in texts)


def row_of(widget: Widget) -> tuple[int, int]:
    """The highlighted row's place in `widget`'s content, as (column, line) from its top
    left as shown (scrolled); (0, 0) in a widget without rows."""
    if isinstance(widget, DataTable) and widget.row_count:
        rows = widget.ordered_rows[:widget.cursor_row]
        header = widget.header_height if widget.show_header else 0
        return 0, header + sum(row.height for row in rows) - round(widget.scroll_y)
    if isinstance(widget, OptionList) and widget.highlighted is not None:
        return 0, widget.highlighted - round(widget.scroll_y)  # one line an option
    if isinstance(widget, Checklist):
        return 0, lines_taken(widget, [f"▶ [ ] {number + 1}. {item}" for number, item in
                                       enumerate(widget.items[:widget.cursor])])
    if isinstance(widget, Choice):
        for line, row in enumerate(widget.rows(widget.content_region.width)):
            if widget.index in row:
                before = row[:row.index(widget.index)]
                return sum(len(widget.options[i]) + 6 for i in before), line
    return 0, 0


def cursor_spot(widget: Widget) -> Offset:
    """Where on the screen the terminal's cursor goes for the focused `widget`."""
    if isinstance(widget, Input):
        return widget.cursor_screen_offset
    region = widget.content_region
    column, line = row_of(widget)
    return Offset(region.x + min(column, max(region.width - 1, 0)),
                  region.y + max(0, min(line, region.height - 1)))


@runtime_checkable
class RowWithoutFocus(Protocol):
    """A screen whose highlighted row is not in a focused widget (the current player's turn)."""

    def cursor_row(self) -> tuple[Widget, int] | None:
        """The widget showing the row, and the row's line in it."""
        ...


def unfocused_spot(screen: object) -> Offset | None:
    shown = screen.cursor_row() if isinstance(screen, RowWithoutFocus) else None
    if shown is None:
        return None
    widget, line = shown
    region = widget.content_region
    return Offset(region.x, region.y + max(0, min(line, region.height - 1)))


class TerminalCursor(OrderedKeys):
    """Mixed into an app: the terminal's cursor follows the focus and the highlight, placed
    again once the focus moves, a screen is shown and each key is handled."""

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        self.place_cursor_soon()

    def key_done(self) -> None:
        self.place_cursor_soon()  # what the key asked for is done (its messages too)
        super().key_done()

    def place_cursor_soon(self) -> None:
        """Once laid out and scrolled: the rows' heights and places are known then (and an
        Input's own place, which it works out on focus before it is laid out)."""
        self.call_after_refresh(self.place_cursor)

    def place_cursor(self) -> None:
        if self.screen_stack and not self.screen.is_mounted:
            # Shown before it is whole (pushed just now, or built ahead and not yet mounted):
            # its own queue places the cursor once its widgets are there.
            self.screen.call_later(self.place_cursor)
            return
        focused = self.focused
        if focused is not None and focused.is_attached:
            spot: Offset | None = cursor_spot(focused)
        else:
            spot = unfocused_spot(self.screen) if self.screen_stack else None
        if spot is not None and spot != self.cursor_position:
            self.cursor_position = spot
            # A frame is what carries the cursor's move to the terminal: the widget under it
            # drawn again (a one-cell refresh of the screen lost a widget's own repaint).
            under = focused if focused is not None else self.screen
            under.refresh()
