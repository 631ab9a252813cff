"""A marked list whose options keep to one line each: a name, then what is said of it.

What follows the name (a card's kind and VP, say) matters as much as the name, so a line too
long for the list is not wrapped, which would put its end on a line of its own: the first
of its shorter wordings that fits is used, and when none does the name is cut, marked "…".
Fitted again when the list is resized.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from textual import events
from textual.widgets.option_list import Option

from lastround.games.words import shortened
from lastround.widgets.marked_list import BLANK, MARK, MarkedList


@dataclass(frozen=True)
class Said:
    """One option: its id, its name, and what follows the name, longest wording first."""

    id: str
    name: str
    tails: Sequence[str]


def fitted(said: Said, width: int) -> str:
    """The line for `said` within `width` characters (0: not laid out yet, kept whole)."""
    whole = [said.name + tail for tail in said.tails]
    if width <= 0:
        return whole[0]
    fitting = next((line for line in whole if len(line) <= width), None)
    if fitting is not None:
        return fitting
    tail = said.tails[-1]
    return shortened(said.name, max(width - len(tail), 2)) + tail


class OneLineList(MarkedList):
    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.said: list[Said] = []

    def line_width(self) -> int:
        return self.scrollable_content_region.width - len(MARK)

    def show(self, said: Iterable[Said]) -> None:
        self.said = list(said)
        self.set_class(not self.said, "-empty")  # (a screen may give it no room then)
        self.clear_options()
        width = self.line_width()
        self.add_options(Option(fitted(one, width), id=one.id) for one in self.said)

    def on_resize(self, event: events.Resize) -> None:
        width = self.line_width()
        for index, one in enumerate(self.said):
            mark = MARK if index == self.marked else BLANK
            self.replace_option_prompt_at_index(index, mark + fitted(one, width))
