"""Without a terminal no cursor blinks, so a snapshot never depends on the moment it is taken
(a blinking cursor once made the setup and command palette snapshots fail at random)."""

from __future__ import annotations

from pathlib import Path

from textual.command import CommandPalette
from textual.widgets import Input

from tests.support.helpers import make_test_app
from tests.support.type_ahead import burst


async def test_no_field_blinks_on_a_step_nor_in_the_command_palette(saves: Path) -> None:
    app = make_test_app(saves, command="new", game="rftg")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        seats = list(app.screen.query(Input))
        assert seats and not any(field.cursor_blink for field in seats)
        await burst(pilot, ["ctrl+p"])
        assert isinstance(app.screen, CommandPalette)
        await pilot.pause()
        search = list(app.screen.query(Input))
        assert search and not any(field.cursor_blink for field in search)
