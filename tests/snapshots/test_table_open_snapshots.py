"""Opening the table at 80×24: F4 asks which seat is entered on the host's own screen, the
first seat offered first, "Nobody" last."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from lastround.screens.host_seat import HostSeatScreen
from lastround.screens.serve_where import ServeWhereScreen
from tests.support.helpers import make_test_app
from tests.support.table_sessions import ready_for_seats

SIZE = (80, 24)


def test_which_seat_is_the_hosts(snap_compare: Any, tmp_path: Path) -> None:
    path = ready_for_seats("rftg", tmp_path)
    app = make_test_app(tmp_path, command="resume", file=path)

    async def press_f4(pilot: Any) -> None:
        await pilot.pause()
        await pilot.press("f4")
        while not (isinstance(pilot.app.screen, HostSeatScreen) and pilot.app.screen.is_mounted):
            await pilot.pause(0.02)
        await pilot.pause()

    assert snap_compare(app, run_before=press_f4, terminal_size=SIZE)


def test_where_the_phones_are_served_and_a_port_taken(snap_compare: Any,
                                                      tmp_path: Path) -> None:
    """`p` when opening the table: the address (blank: the local network's) and port as
    remembered; a port taken is said with the next free one put in its place."""
    path = ready_for_seats("rftg", tmp_path)
    app = make_test_app(tmp_path, command="resume", file=path)

    def taken(address: str, port: int) -> tuple[str, int | None]:
        return (f"port {port} is taken (is `lastround serve` running already?); 8023 is "
                "free"), 8023

    async def enter_on_a_port_taken(pilot: Any) -> None:
        await pilot.pause()
        pilot.app.push_screen(ServeWhereScreen("", 8022, taken, "192.168.1.20"))
        while not (isinstance(pilot.app.screen, ServeWhereScreen)
                   and pilot.app.screen.is_mounted):
            await pilot.pause(0.02)
        await pilot.press("enter")
        await pilot.pause()

    assert snap_compare(app, run_before=enter_on_a_port_taken, terminal_size=SIZE)
