"""A link as a QR code drawn in text: four modules to a character cell, two across and two
down, in quadrant blocks (▘▝▖▗▌▐▀▄▚▞▙▟▛▜█ and space).

A QR reader looks for dark modules on a light ground, and without colour the app can't choose
the terminal's ground: the code is drawn in the terminal's own two colours, the drawn
characters one and the spaces the other, so it scans as characters alone. On the usual
light-on-dark terminal the LIGHT modules, and the quiet zone round the code, are the drawn
characters, so the phone sees dark modules on light; on a dark-on-light terminal (or theme)
the dark modules are drawn instead (`dark_drawn`).

A cell is about twice as tall as it is wide, so each module is drawn twice as tall as wide:
a reader maps the code by its three corner squares and reads it stretched as well as square.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import segno
from rich.text import Text
from textual.geometry import Size

from lastround.widgets.plain import Plain

# The light margin round the code, in modules: the four the QR standard asks for.
QUIET_ZONE = 4
# The lowest error correction, for the smallest code: a screen shows it flat, sharp and
# unsoiled. segno raises the level where that needs no larger code. The link is ASCII (its
# JSON is URL-encoded) with lowercase letters, so segno writes it in byte mode:
# alphanumeric mode has no lowercase, and its runs in the link are too short for a switch of
# mode to pay for itself.
ERROR_LEVEL = "L"
# Modules drawn (upper left, upper right, lower left, lower right) -> the cell that shows them.
QUADRANTS = {
    (False, False, False, False): " ", (True, False, False, False): "▘",
    (False, True, False, False): "▝", (False, False, True, False): "▖",
    (False, False, False, True): "▗", (True, False, True, False): "▌",
    (False, True, False, True): "▐", (True, True, False, False): "▀",
    (False, False, True, True): "▄", (True, False, False, True): "▚",
    (False, True, True, False): "▞", (True, False, True, True): "▙",
    (False, True, True, True): "▟", (True, True, True, False): "▛",
    (True, True, False, True): "▜", (True, True, True, True): "█",
}


@lru_cache(maxsize=8)
def matrix(link: str) -> tuple[tuple[bool, ...], ...]:
    """The code's rows of modules with its quiet zone, True for a dark module: made once per
    link (segno takes tens of milliseconds over a four-player link), however often a window
    resized asks whether the code fits."""
    code = segno.make(link, error=ERROR_LEVEL, boost_error=True, micro=False)
    return tuple(tuple(bool(dark) for dark in row) for row in code.matrix_iter(border=QUIET_ZONE))


def modules(link: str) -> list[list[bool]]:
    """The code's rows of modules with its quiet zone, True for a dark module."""
    return [list(row) for row in matrix(link)]


def encodable(link: str) -> bool:
    """Whether a QR code can hold the link: the largest holds under 3,000 bytes."""
    try:
        matrix(link)
    except segno.DataOverflowError:
        return False
    return True


def code_lines(link: str, *, dark_drawn: bool = False) -> list[str]:
    """The code as lines of quadrant blocks, each cell two modules wide and two high."""
    return list(drawn_lines(link, dark_drawn))


@lru_cache(maxsize=8)
def drawn_lines(link: str, dark_drawn: bool) -> tuple[str, ...]:
    """code_lines, drawn once per link and way round.

    A code is an odd number of modules across: its last row and column are paired with one
    more of quiet zone.
    """
    rows = [[dark == dark_drawn for dark in row] for row in matrix(link)]  # True: drawn
    if len(rows) % 2:
        quiet = not dark_drawn  # a quiet-zone module is light: drawn where light ones are
        rows = [[*row, quiet] for row in rows] + [[quiet] * (len(rows) + 1)]
    return tuple("".join(QUADRANTS[upper[x], upper[x + 1], lower[x], lower[x + 1]]
                         for x in range(0, len(upper) - 1, 2))
                 for upper, lower in zip(rows[::2], rows[1::2], strict=True))


def code_size(link: str) -> Size:
    """The code's width and height in character cells, quiet zone included."""
    cells = (len(matrix(link)) + 1) // 2
    return Size(cells, cells)


class QrCode(Plain):
    """The link's code, exactly its own size (a code cut or wrapped would not scan)."""

    DEFAULT_CSS = """
    QrCode { width: auto; height: auto; }
    """

    def __init__(self, link: str, *, dark_drawn: bool = False, **options: Any) -> None:
        super().__init__(**options)
        self.link = link
        self.dark_drawn = dark_drawn
        self.lines: list[str] = []
        self.draw()

    def draw(self) -> None:
        self.lines = code_lines(self.link, dark_drawn=self.dark_drawn)
        self.update(Text("\n".join(self.lines), no_wrap=True, overflow="crop"))

    def invert(self) -> None:
        self.dark_drawn = not self.dark_drawn
        self.draw()
