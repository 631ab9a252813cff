"""How far across and down the app drew for a browser, read from its output: Textual places
the cursor (`ESC[row;columnH`) before each run of text it writes, so the right-most cell any
run reaches and the lowest row written are the size the app drew for. A joiner that took the
page for 80 columns reaches column 80, whatever the page's own width."""

from __future__ import annotations

import re
from collections.abc import Iterator

from rich.cells import cell_len

from tests.serve.served import screen_text

PLACED = re.compile(r"\x1b\[(\d+);(\d+)H")


def runs(drawn: str) -> Iterator[tuple[int, int, str]]:
    """Each run of text drawn: its row, its first column and its text."""
    places = list(PLACED.finditer(drawn))
    for place, following in zip(places, [*places[1:], None][:len(places)], strict=True):
        end = following.start() if following is not None else len(drawn)
        text = screen_text(drawn[place.end():end]).rstrip("\n")
        if text:
            yield int(place[1]), int(place[2]), text


def drawn_extent(drawn: str) -> tuple[int, int]:
    """The right-most column and the lowest row the app wrote text on."""
    right = bottom = 0
    for row, column, text in runs(drawn):
        right = max(right, column - 1 + cell_len(text))
        bottom = max(bottom, row)
    return right, bottom


def title_widths(drawn: str) -> set[int]:
    """How far across each drawing of the title bar reached: it spans the screen, so each
    one is as wide as the app believed the screen was then."""
    return {cell_len(text) for row, column, text in runs(drawn) if (row, column) == (1, 1)}

def last_whole_screen(drawn: str, height: int) -> str:
    """What was drawn from the last whole screen of at least `height` rows on (after a resize
    Textual draws rows 1, 2, 3… each from the first column, one after another); "" before
    one."""
    start, rows, last = 0, 0, ""
    for place in PLACED.finditer(drawn):
        row, column = int(place[1]), int(place[2])
        if column == 1 and row == 1:
            start, rows = place.start(), 1
        elif column == 1 and rows and row == rows + 1:
            rows += 1
        if rows == height:
            last = drawn[start:]
    return last
