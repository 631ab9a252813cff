"""A link as a QR code drawn in text: two modules to a character cell, in half blocks.

A QR reader looks for dark modules on a light ground, and without colour the app can't choose
the terminal's ground: the code is drawn in the terminal's own two colours. On the usual
light-on-dark terminal the LIGHT modules, and the quiet zone round the code, are the drawn
characters, so the phone sees dark modules on light; on a dark-on-light terminal (or theme)
the dark modules are drawn instead (`dark_drawn`).
"""

from __future__ import annotations

from typing import Any

import segno
from rich.text import Text
from textual.geometry import Size

from tui.widgets.plain import Plain

# The light margin round the code, in modules: the four the QR standard asks for.
QUIET_ZONE = 4
# The lowest error correction, for the smallest code: a screen shows it flat, sharp and
# unsoiled. segno raises the level where that needs no larger code.
ERROR_LEVEL = "L"
# (upper module drawn, lower module drawn) -> the character cell that shows both.
HALF_BLOCKS = {(True, True): "█", (True, False): "▀", (False, True): "▄", (False, False): " "}


def modules(link: str) -> list[list[bool]]:
    """The code's rows of modules with its quiet zone, True for a dark module."""
    code = segno.make(link, error=ERROR_LEVEL, boost_error=True, micro=False)
    return [[bool(dark) for dark in row] for row in code.matrix_iter(border=QUIET_ZONE)]


def encodable(link: str) -> bool:
    """Whether a QR code can hold the link: the largest holds under 3,000 bytes."""
    try:
        segno.make(link, error=ERROR_LEVEL, micro=False)
    except segno.DataOverflowError:
        return False
    return True


def code_lines(link: str, *, dark_drawn: bool = False) -> list[str]:
    """The code as lines of half blocks, each cell one module wide and two modules high.

    An odd last row of modules is paired with one more row of quiet zone.
    """
    rows = modules(link)
    if len(rows) % 2:
        rows.append([False] * len(rows[0]))
    lines = []
    for upper, lower in zip(rows[::2], rows[1::2], strict=True):
        lines.append("".join(HALF_BLOCKS[top == dark_drawn, bottom == dark_drawn]
                             for top, bottom in zip(upper, lower, strict=True)))
    return lines


def code_size(link: str) -> Size:
    """The code's width and height in character cells, quiet zone included."""
    rows = len(modules(link))
    return Size(rows, (rows + 1) // 2)


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
