"""The card picker's search field, which also takes a pasted list of cards.

A list pasted (one card a line, or separated by commas) goes to the screen whole: it adds
the cards one by one, each checked as if typed and confirmed with Enter.
"""

from __future__ import annotations

from collections.abc import Callable

from textual import events

from lastround.widgets.entry import Entry


class CardSearch(Entry):
    def __init__(self, pasted: Callable[[str], None], *, id: str | None = None,
                 placeholder: str = "") -> None:
        super().__init__(id=id, placeholder=placeholder)
        self.pasted = pasted

    def on_paste(self, event: events.Paste) -> None:
        event.stop()
        event.prevent_default()  # not Input's paste, which keeps only the first line
        self.pasted(event.text)
