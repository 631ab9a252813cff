"""The breakdown as the whole table reads it, at 80×24 (issue 15, item 31): a table whose
detail column wraps within itself, six-cost developments "bonus below" in the printed-VP
list, and a title bar reading "Race for the Galaxy — Step …".

The screen was laid out this way before the item was filed: the picture it was filed from
was drawn by rsvg-convert without `xml:space="preserve"`, which drops the spaces a run of
text starts with (a wrapped detail drawn at column 0, "Galaxy—  Step"). Look at snapshots
with `python -m tests.snapshots.picture` instead. These tests read the screenshot's text at
its columns, spaces kept, as the terminal shows it, and guard the layout.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

from tests.support.helpers import make_test_app
from tests.support.rftg_play import EXAMPLE, saved_session

SIZE = (80, 24)
TEXT_RUN = re.compile(r'<text class="[^"]*" x="([\d.]+)" y="([\d.]+)" textLength="([\d.]+)"'
                      r'[^>]*>([^<]*)</text>')


def resumed_breakdown(saves: Path) -> Any:
    path = saved_session(saves, EXAMPLE, upto="breakdown")
    return make_test_app(Path("saves"), command="resume", file=Path("saves") / path.name)


def as_drawn(svg: str) -> list[str]:
    """The screen's lines as the terminal shows them: each text run at its column."""
    runs = [(float(x), float(y), float(length), html.unescape(text))
            for x, y, length, text in TEXT_RUN.findall(svg)]
    cell = min(length / len(text) for _, _, length, text in runs if text)
    rows = sorted({y for _, y, _, _ in runs})
    lines = [[" "] * SIZE[0] for _ in rows]
    for x, y, _, text in runs:
        column, line = round(x / cell), lines[rows.index(y)]
        for offset, char in enumerate(text.replace("\xa0", " ")):
            if column + offset < len(line):
                line[column + offset] = char
    return ["".join(line).rstrip() for line in lines]


async def drawn_breakdown(saves: Path) -> list[str]:
    app = resumed_breakdown(saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        return as_drawn(app.export_screenshot(simplify=True))


async def test_the_title_has_one_space_either_side_of_the_dash(saves: Path) -> None:
    title = (await drawn_breakdown(saves))[0].strip()
    assert re.fullmatch(r"Race for the Galaxy — \S.*", title), title


async def test_the_details_wrap_within_their_own_column(saves: Path) -> None:
    lines = await drawn_breakdown(saves)
    first = next(n for n, line in enumerate(lines) if "Printed VP" in line)
    column = lines[first].index("12 cards:")
    label, points = lines[first][:column].split("+")
    assert label.strip() == "Printed VP" and points.strip() == "17"
    details = lines[first + 1: lines.index(next(ln for ln in lines if "VP chips" in ln))]
    assert details, "Maya's printed-VP list runs over more than one line at 80 columns"
    assert all(len(ln) - len(ln.lstrip()) == column for ln in details), details


async def test_a_six_cost_development_is_bonus_below_not_a_question_mark(
    saves: Path,
) -> None:
    app = resumed_breakdown(saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        details = app.screen.query_one("#details")
        text = " ".join(str(cell) for column in details.content.columns
                        for cell in column.cells)
    assert "Mining League (bonus below)" in text and " ? " not in text


def test_breakdown_at_80_columns(snap_compare: Any, saves: Path) -> None:
    """Maya's details: the card list and the bonus explanation wrap in their column."""
    assert snap_compare(resumed_breakdown(saves), terminal_size=SIZE)
