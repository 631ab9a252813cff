"""A player's terminal at a table (`lastround join`) in Pilot tests, with the host simulated.

`Host` does what the host's app does with the table's mailboxes (lastround.session.keeper), without
an app: it holds the session's lock (so the host is present), takes each offer by the rules
(lastround.session.table_offers.take_offer), saves, then answers and passes on the notices. Tests
call `serve` between a player's keys, or let `until` call it while they wait.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from typing import Any

from textual.css.query import NoMatches
from textual.pilot import Pilot
from textual.widgets import Input, OptionList, Static

from lastround.screens.host_seat import HostSeatScreen
from lastround.screens.join import SeatScreen, TablesScreen
from lastround.screens.join_wait import DoneScreen
from lastround.screens.step import StepScreen
from lastround.session.files import read_session, write_session
from lastround.session.locks import SessionLock
from lastround.session.session import Session
from lastround.session.table import Table
from lastround.session.table_offers import take_offers
from lastround.shell.join_app import JoinApp
from tests.support.helpers import FIXED_TIME
from tests.support.table_sessions import ready_for_seats

NARROW = (40, 16)
WIDE = (80, 24)


class Host:
    """The host's app, as the table sees it (see the module's note)."""

    def __init__(self, path: Path, *, open_table: bool = True) -> None:
        self.path = path
        self.lock: SessionLock | None = SessionLock.acquire(path)
        self.table = Table(path)
        if open_table:
            self.table.open()
        self.session = Session(read_session(path), path)

    def serve(self) -> int:
        """Take every offer waiting as the host's app does (table_offers.take_offers): how
        many it reported on (entered, or refused over another seat's card)."""
        return len(take_offers(self.session, self.table, lambda: FIXED_TIME, self.save))

    def save(self, data: dict[str, Any]) -> None:
        self.session.data = data
        write_session(self.path, data)

    def confirm(self, step_id: str, values: dict[str, Any]) -> None:
        """The host confirms a table-wide step on their own screen, and saves."""
        step = next(s for s in self.session.steps() if s.id == step_id)
        self.session.confirm(step, values, at=FIXED_TIME)
        write_session(self.path, self.session.data)

    def has(self, step_id: str) -> bool:
        """Whether the step is confirmed in the session as saved."""
        return step_id in self.session.confirmed()

    def leave(self) -> None:
        if self.lock is not None:
            self.lock.release()
            self.lock = None


async def until(pilot: Pilot[Any], check: Callable[[], bool], what: str,
                host: Host | None = None, seconds: float = 20) -> None:
    """Until `check()` holds, the host answering meanwhile; else fail saying what never came."""
    deadline = time.monotonic() + seconds
    while True:
        if host is not None:
            host.serve()
        with suppress(NoMatches):  # a line not yet built is not there yet
            if check():
                return
        assert time.monotonic() < deadline, f"never: {what} (screen {pilot.app.screen!r})"
        await pilot.pause(0.02)


async def ask_which_seat(pilot: Pilot[Any], app: Any) -> None:
    """The host's F4: the box asking which seat is the host's, once it is built."""
    await pilot.press("f4")
    await until(pilot, lambda: isinstance(app.screen, HostSeatScreen)
                and app.screen.is_mounted, "which seat is the host's")


def before_the_round_is_finished(folder: Path) -> Path:
    """The example's RftG session with every table-wide step but the last confirmed."""
    path = ready_for_seats("rftg", folder)
    data = read_session(path)
    data["log"] = [e for e in data["log"] if e["step"] != "finish-round"]
    write_session(path, data)
    return path


def joiner(pilot: Pilot[Any]) -> JoinApp:
    assert isinstance(pilot.app, JoinApp)
    return pilot.app


def shown(app: JoinApp, selector: str) -> str:
    """The text a widget of the screen shows (a list: its rows)."""
    widget = app.screen.query_one(selector)
    if isinstance(widget, OptionList):
        return "\n".join(str(widget.get_option_at_index(i).prompt)
                         for i in range(widget.option_count))
    if isinstance(widget, Input):
        return widget.value
    assert isinstance(widget, Static)
    return str(widget.render())


def on_step(app: JoinApp, step_id: str) -> bool:
    """The step's screen is shown, and built (its keys go to it)."""
    screen = app.screen
    return isinstance(screen, StepScreen) and screen.step.id == step_id and screen.is_mounted


def done(app: JoinApp, steps: str) -> bool:
    """The done screen is shown, listing the seat's steps so."""
    return isinstance(app.screen, DoneScreen) and shown(app, "#own-steps") == steps


async def take_seat(pilot: Pilot[Any], app: JoinApp, seat: int, host: Host | None = None,
                    ) -> None:
    """The first open table, then seat `seat` (↓ to it, Enter)."""
    await until(pilot, lambda: isinstance(app.screen, TablesScreen)
                and "Join a table" in shown(app, ".join-heading")
                and bool(app.screen.tables), "an open table listed")
    await pilot.press("enter")
    await until(pilot, lambda: isinstance(app.screen, SeatScreen)
                and len(app.screen.players) > seat, "the seats listed")
    await pilot.press(*["down"] * seat, "enter")
    await until(pilot, lambda: app.seat is not None, "the seat claimed", host)


def message(app: JoinApp) -> str:
    return shown(app, "#message")
