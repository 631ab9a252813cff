"""Reading a QR code drawn in quadrant blocks as a phone's camera would: each character read
by its Unicode name into the four modules it shows (so the test doesn't trust the drawing's own
table), made a grey image where a cell is twice as tall as it is wide, as on a terminal, and
decoded by a real QR reader (zxing-cpp)."""

from __future__ import annotations

import unicodedata

import zxingcpp

LIGHT, DARK = 255, 0
CELL_WIDTH, CELL_HEIGHT = 8, 16  # pixels: a terminal cell, half as wide as it is tall
# A block character's name -> the quarters it fills (upper left, upper right, lower left,
# lower right).
HALVES = {"FULL BLOCK": "UL UR LL LR", "UPPER HALF BLOCK": "UL UR", "LOWER HALF BLOCK": "LL LR",
          "LEFT HALF BLOCK": "UL LL", "RIGHT HALF BLOCK": "UR LR"}
QUARTERS = ("UL", "UR", "LL", "LR")


def filled(cell: str) -> tuple[bool, bool, bool, bool]:
    """The quarters of a cell its character fills, read from the character's Unicode name
    ("QUADRANT UPPER LEFT AND LOWER RIGHT"); a space fills none."""
    if cell == " ":
        return False, False, False, False
    name = unicodedata.name(cell)
    if name in HALVES:
        quarters = HALVES[name].split()
    else:
        assert name.startswith("QUADRANT "), f"{cell!r} ({name}) is no quadrant block"
        words = name.removeprefix("QUADRANT ").split(" AND ")
        quarters = ["".join(w[0] for w in word.split()) for word in words]
    return tuple(q in quarters for q in QUARTERS)  # type: ignore[return-value]


def drawn_modules(lines: list[str]) -> list[list[bool]]:
    """The module matrix the lines show, True where a module is drawn."""
    rows: list[list[bool]] = []
    for line in lines:
        cells = [filled(cell) for cell in line]
        rows.append([module for cell in cells for module in cell[:2]])
        rows.append([module for cell in cells for module in cell[2:]])
    return rows


def bitmap(lines: list[str], *, drawn: int, cell: tuple[int, int]) -> memoryview:
    """A grey image of the lines: `drawn` where a module is drawn, the other grey where not;
    each cell `cell` pixels (width, height)."""
    ground = LIGHT + DARK - drawn
    width, height = cell[0] // 2, cell[1] // 2  # a module's pixels
    rows = [bytes(drawn if module else ground for module in row for _ in range(width))
            for row in drawn_modules(lines)]
    pixels = b"".join(row for row in rows for _ in range(height))
    return memoryview(pixels).cast("B", (len(rows) * height, len(rows[0])))


def decoded(lines: list[str], *, drawn: int = LIGHT,
            cell: tuple[int, int] = (CELL_WIDTH, CELL_HEIGHT)) -> list[str]:
    """What the reader finds, told not to try the code inverted: the colours must be right.
    `drawn` LIGHT is a terminal with light text on a dark ground, DARK the other way round."""
    return [found.text for found in zxingcpp.read_barcodes(bitmap(lines, drawn=drawn, cell=cell),
                                                           try_invert=False)]
