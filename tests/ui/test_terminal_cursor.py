"""The terminal's cursor stands on the focused field or its highlighted row on every screen:
braille displays and screen readers read the line it is on (lastround.widgets.terminal_cursor).

Each screen is checked at rest and after keys that move its focus or its highlight: the
cursor is inside the focused widget, on the line that shows the ▶ of a list or the (•) of a
choice, at the typing place of a field."""

from __future__ import annotations

import html
import re
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from textual.app import ComposeResult
from textual.geometry import Offset
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import DataTable, Input, OptionList, Static

from lastround.screens.join import SeatScreen
from lastround.shell.join_app import JoinApp
from lastround.widgets.checklist import Checklist
from lastround.widgets.choice import Choice
from lastround.widgets.terminal_cursor import TerminalCursor
from tests.support.every_screen import SCREENS, open_screen
from tests.support.helpers import make_test_app
from tests.support.history_data import copy_examples
from tests.support.join_play import NARROW, Host, shown, until
from tests.support.rftg_play import FOUR_PLAYERS, letters_for, saved_session
from tests.support.table_sessions import ready_for_seats

SIZE = (80, 24)
CELL = 12.2  # an SVG screenshot's character width
TEXT = re.compile(r'<text [^>]*?x="([\d.]+)"[^>]*?clip-path="url\(#terminal-(?:\d+-)?line-(\d+)\)">'
                  r'([^<]*)</text>')

# Keys that move each screen's focus or highlight.
MOVES: dict[str, tuple[str, ...]] = {
    "rftg-setup": ("tab", *"Bo"),
    "rftg-end-check": ("tab",),
    "rftg-finish-round": ("down", "down"),
    "rftg-tableau": (*letters_for("Alpha Centauri"), "enter", *"min", "down"),
    "rftg-counts": ("tab", "tab"),
    "galileo-table": ("right",),
    "galileo-trigger": ("tab",),
    "galileo-scores": ("tab",),
    "galileo-turns": ("enter",),
}


def highlighting(options: OptionList, row: int) -> bool:
    return options.highlighted == row


def screen_rows(svg: str) -> list[str]:
    """The screenshot's text, one string a line, each character in its column."""
    rows: dict[int, list[str]] = {}
    for x, line, text in TEXT.findall(svg):
        row = rows.setdefault(int(line), [" "] * SIZE[0])
        for place, char in enumerate(html.unescape(text).replace("\xa0", " ")):
            column = round(float(x) / CELL) + place
            if column < len(row):
                row[column] = char
    return ["".join(rows.get(n, [" "] * SIZE[0])) for n in range(max(rows, default=0) + 1)]


async def cursor_on_the_focus(pilot: Pilot[Any]) -> None:
    app = pilot.app
    await pilot.pause()
    await pilot.pause()  # placed once laid out
    spot = app.cursor_position
    line = screen_rows(app.export_screenshot())[spot.y]
    focused = app.focused
    under, _ = app.screen.get_widget_at(*spot)
    where = f"{type(app.screen).__name__}: cursor at {tuple(spot)}, on {line!r}"
    if focused is None:  # the turns: the current player's line
        assert line.lstrip().startswith("▶"), where
        return
    assert under is focused or focused in under.ancestors, where
    if isinstance(focused, Input):
        assert spot == focused.cursor_screen_offset, where
    elif isinstance(focused, Choice):
        assert line[spot.x:spot.x + 3] == "(•)", where
    elif isinstance(focused, (DataTable, OptionList, Checklist)):
        assert "▶" in line, where


@pytest.mark.parametrize("name", SCREENS)
async def test_the_cursor_is_on_the_focus_or_highlight(name: str, saves: Path) -> None:
    app, keys = open_screen(name, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        if keys:
            await pilot.press(*keys)
        await cursor_on_the_focus(pilot)
        before = app.cursor_position
        if name in MOVES:
            await pilot.press(*MOVES[name])
            await cursor_on_the_focus(pilot)
            assert app.cursor_position != before, "the cursor moved with the focus"


async def test_the_cursor_follows_history_and_the_correction_list(saves: Path) -> None:
    copy_examples(saves)
    app = make_test_app(saves, command="history")
    async with app.run_test(size=SIZE) as pilot:
        await cursor_on_the_focus(pilot)
        before = app.cursor_position
        await pilot.press("down")
        await cursor_on_the_focus(pilot)
        assert app.cursor_position.y > before.y
        await pilot.press("enter", "c")  # the replay, then its correction list
        await cursor_on_the_focus(pilot)
        before = app.cursor_position
        await pilot.press("down", "down")
        await cursor_on_the_focus(pilot)
        assert app.cursor_position.y == before.y + 2


async def test_the_cursor_follows_the_card_chosen_in_the_tableau_list(saves: Path) -> None:
    path = saved_session(saves, FOUR_PLAYERS, upto="tableau-0")
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for name in ("Alpha Centauri", "Gem World", "Comet Zone"):
            await pilot.press(*letters_for(name), "enter")
        await pilot.press("tab")
        await cursor_on_the_focus(pilot)
        before = app.cursor_position
        await pilot.press("up")
        await cursor_on_the_focus(pilot)
        assert app.cursor_position.y == before.y - 1


async def test_the_cursor_follows_the_seats_on_a_players_own_terminal(tmp_path: Path) -> None:
    path = ready_for_seats("rftg", tmp_path)
    app = JoinApp(tmp_path)
    async with app.run_test(size=NARROW) as pilot:
        Host(path)
        await until(pilot, lambda: "rftg-table.toml" in shown(app, "#tables"), "the table")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, SeatScreen)
                    and shown(app, "#seats") == "1. Maya\n2. Jonas\n3. Priya\n4. Luis",
                    "the seats")
        seats = app.screen.query_one("#seats", OptionList)
        for highlighted in (1, 2):
            await pilot.press("down")
            await until(pilot, partial(highlighting, seats, highlighted), "the next seat")
            await pilot.pause()
            spot = app.cursor_position
            assert app.screen.get_widget_at(*spot)[0] is seats
            assert spot.y == seats.content_region.y + highlighted


class RowsScreen(Screen[None]):
    """A screen whose row is in a widget it has only once it is whole (as the final turns)."""

    def compose(self) -> ComposeResult:
        yield Static("one\ntwo", id="rows")

    def cursor_row(self) -> tuple[Widget, int] | None:
        return self.query_one("#rows"), 1


class CursorApp(TerminalCursor):
    pass


async def test_a_screen_shown_before_it_is_whole_gets_the_cursor_once_it_is() -> None:
    """A key or a screen change may ask for the cursor's place the moment a screen is pushed,
    before its widgets are mounted (a burst on a busy machine crashed the app: NoMatches
    '#turn-list'): the cursor is placed once the screen is whole."""
    app = CursorApp()
    async with app.run_test(size=(40, 10)) as pilot:
        screen = RowsScreen()
        app.push_screen(screen)
        app.place_cursor()  # at once, the screen not yet whole
        await pilot.pause()
        rows = screen.query_one("#rows")
        await until(pilot, lambda: app.cursor_position == rows.content_region.offset + Offset(0, 1),
                    "the cursor on the row")
