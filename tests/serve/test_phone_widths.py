"""A phone held upright is narrower than 40 columns when its screen is (a 320-pixel-wide
phone at the page's 16-pixel font: 34): every screen of a player's seat still fits across."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from lastround.shell.join_app import JoinApp
from tests.support.join_play import Host, on_step, take_seat, until
from tests.support.rftg_play import letters_for
from tests.support.table_sessions import ready_for_seats

PHONE = (34, 16)


def overflowing(app: JoinApp) -> list[str]:
    """The widgets shown that reach past the screen's right edge."""
    width = app.screen.size.width
    return [repr(widget) for widget in app.screen.query("*")
            if widget.display and widget.region.width and widget.region.right > width]


async def test_a_seats_screens_fit_a_narrow_phone(tmp_path: Path) -> None:
    host = Host(ready_for_seats("rftg", tmp_path))
    app = JoinApp(tmp_path)
    async with app.run_test(size=PHONE) as pilot:
        seen: list[str] = []

        async def fits(what: str, pilot: Pilot[Any]) -> None:
            await pilot.pause()
            assert not overflowing(app), f"{what}: {overflowing(app)}"
            seen.append(what)

        await until(pilot, lambda: bool(getattr(app.screen, "tables", None)), "the table")
        await fits("tables", pilot)
        await take_seat(pilot, app, 1, host)
        await until(pilot, lambda: on_step(app, "tableau-1"), "the tableau")
        await pilot.press(*letters_for("Alpha Centauri"), "enter", *"rebel")
        await fits("tableau", pilot)
        await pilot.press(*["backspace"] * 5, "enter")
        await until(pilot, lambda: on_step(app, "counts-1"), "the counts", host)
        await fits("counts", pilot)
        await pilot.press("9", "enter", "2", "enter", "1", "enter")
        await until(pilot, lambda: type(app.screen).__name__ == "DoneScreen", "entered", host)
        await fits("done", pilot)
    assert seen == ["tables", "tableau", "counts", "done"]
    host.leave()
