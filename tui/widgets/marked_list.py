"""A list whose highlighted option starts with ▶ (the others with a blank as wide), so the
highlight reads without colour: under NO_COLOR or on a monochrome terminal Textual draws it
in a grey barely apart from the list's own."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from textual.widgets import OptionList
from textual.widgets.option_list import Option

MARK = "▶ "
BLANK = " " * len(MARK)


class MarkedList(OptionList):
    def __init__(self, *, marks_unfocused: bool = True, **options: Any) -> None:
        """`marks_unfocused`: False marks only while the list has focus (unfocused, no
        option looks chosen)."""
        self.marks_unfocused = marks_unfocused
        self.marked: int | None = None  # set first: OptionList adds its options as it is made
        super().__init__(**options)

    def add_options(self, items: Iterable[Any]) -> MarkedList:
        unmarked = (Option(BLANK + str(item.prompt), id=item.id, disabled=item.disabled)
                    if isinstance(item, Option) else Option(BLANK + str(item)) for item in items)
        super().add_options(unmarked)
        self.move_mark()
        return self

    def clear_options(self) -> MarkedList:
        self.marked = None
        super().clear_options()
        return self

    def label_at(self, index: int) -> str:
        """The option's text without its mark."""
        return str(self.get_option_at_index(index).prompt)[len(MARK):]

    def watch_highlighted(self, highlighted: int | None) -> None:
        super().watch_highlighted(highlighted)
        self.move_mark()

    def on_focus(self) -> None:
        self.move_mark()

    def on_blur(self) -> None:
        self.move_mark()

    def move_mark(self) -> None:
        # The screen's focus, not has_focus: that is set only once the Focus event arrives.
        shown = self.marks_unfocused or (self.is_attached and self.screen.focused is self)
        mark_at = self.highlighted if shown and self.option_count else None
        if mark_at == self.marked:
            return
        if self.marked is not None and self.marked < self.option_count:
            self.replace_option_prompt_at_index(self.marked, BLANK + self.label_at(self.marked))
        if mark_at is not None:
            self.replace_option_prompt_at_index(mark_at, MARK + self.label_at(mark_at))
        self.marked = mark_at
