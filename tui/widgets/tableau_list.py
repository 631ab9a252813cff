"""The cards of a tableau being listed, one a line, to move through with ↑ ↓ Home End.

A focusable list that scrolls (a long tableau in a small window keeps the chosen card in
view, with a scrollbar); the screen it sits on says what Delete and Enter do to the chosen
card. Names are shown as plain text, never as markup. The chosen card is marked ▶ and in
reverse video while the list has focus, so it reads without colour; unfocused, no card
looks chosen.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.widgets.option_list import Option

from lastround.widgets.marked_list import MarkedList


class TableauList(MarkedList):
    DEFAULT_CSS = """
    TableauList { height: 1fr; border: none; padding: 0; background: transparent; }
    TableauList:focus { border: none; background-tint: $foreground 5%; }
    TableauList > .option-list--option-highlighted { background: transparent; text-style: none; }
    TableauList:focus > .option-list--option-highlighted { text-style: bold reverse; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(marks_unfocused=False, id=id, markup=False)

    def show(self, lines: Sequence[str], chosen: int | None = None) -> None:
        """List `lines` (one a card); `chosen` is highlighted, else the end is scrolled to."""
        self.clear_options()
        self.add_options(Option(line) for line in lines)
        if chosen is not None and lines:
            self.highlighted = max(0, min(chosen, len(lines) - 1))
        else:
            self.highlighted = None
            # A sized list has measured its lines by now: scroll at once, so the
            # end is in view before the next key, not after some later frame.
            if self.scrollable_content_region:
                self.scroll_end(animate=False, immediate=True)
            else:
                self.call_after_refresh(self.scroll_end, animate=False)

    @property
    def chosen(self) -> int | None:
        """The index of the card chosen, when the list has one."""
        return self.highlighted if self.option_count else None

    def on_resize(self) -> None:
        """Made smaller (on a phone, the suggestions come above it as a card is searched):
        with no card chosen, the last one listed stays in view."""
        if self.highlighted is None:
            self.scroll_end(animate=False, immediate=True)
