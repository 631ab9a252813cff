"""Table mode, the host's side on screen: while the host's table is open (F4), a timer looks
in its mailboxes a few times a second and shows what the seats sent where the host sees it.

Taking each offer by the rules, saving it and answering it is the session keeper's
(lastround.session.keeper); each player's step on the host's screen shows how every seat stands.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, Protocol

from textual.app import App
from textual.timer import Timer

if TYPE_CHECKING:
    from lastround.games.base import Step
    from lastround.screens.step import StepScreen
    from lastround.session.keeper import Keeper
    from lastround.session.outcomes import TableNews
    from lastround.session.session import Session
    from lastround.session.table import Table

# How often the host looks for what the players sent: quick enough that an entry seems to
# arrive at once. A look is one stat of the table's folder; its files are read only when
# the folder changed (every file in it is replaced by a rename, so that changes its time).
LOOK_EVERY = 0.05
# While the host can't save, what the seats sent is tried again this often (seconds).
RETRY_EVERY = 1.0


class Host(Protocol):
    """What the watch asks the host's app (lastround.app) of the session and its steps."""

    @property
    def keeper(self) -> Keeper: ...
    @property
    def step_index(self) -> int: ...
    def step_shown(self) -> StepScreen | None: ...
    def show_step(self, index: int, *, fresh: bool = False, said: str = "") -> None: ...
    def say_not_saved(self, why: str) -> None: ...
    def show_finished(self) -> None: ...
    def show_table_line(self) -> None: ...


class TableWatch:
    """The timer that looks at the keeper's open table, shows what the seats sent, and stops
    once the table is closed."""

    def __init__(self, app: App[Any], host: Host) -> None:
        self.app, self.host = app, host
        self.timer: Timer | None = None
        self.not_saved = ""  # why the last save failed, said once until a save succeeds
        self.rest_until = 0.0  # while saving fails, the seats' offers are tried this often

    def start(self) -> None:
        if self.timer is None:
            self.timer = self.app.set_interval(LOOK_EVERY, self.look, name="table")

    def stop(self) -> None:
        if self.timer is not None:
            self.timer.stop()
            self.timer = None

    def look(self) -> None:
        app, keeper = self.app, self.host.keeper
        if keeper.table is None:
            self.stop()
            return
        if not app.screen_stack or not app.screen.query("Footer"):  # the app is closing
            return
        if time.monotonic() < self.rest_until:
            return
        news = keeper.look_at_table()
        if keeper.table is None:  # closed: the game finished, or another session open
            self.stop()
        if news is not None:
            self.show(news)

    def show(self, news: list[TableNews]) -> None:
        """What the keeper answered of the seats' offers, each where the host sees it."""
        from lastround.session.outcomes import (
            Finished,
            NotSaved,
            SeatConflict,
            SeatEntered,
            TableClosed,
        )

        app, host = self.app, self.host
        failed = next((item.why for item in news if isinstance(item, NotSaved)), "")
        self.rest_until = time.monotonic() + RETRY_EVERY if failed else 0.0
        if failed != self.not_saved:
            self.not_saved = failed
            if failed:
                host.say_not_saved(failed)
        for item in news:
            match item:
                case SeatEntered(player, step_id):
                    shown = host.step_shown()
                    if shown is not None and shown.step.id == step_id:
                        host.show_step(host.step_index, fresh=True, said=f"{player} entered "
                                       "this step from their own terminal.")
                case SeatConflict(text):
                    app.notify(text, title="Table", severity="warning")
                case Finished():
                    host.show_finished()
                case TableClosed(why):
                    app.notify(why, title="Table", severity="warning", timeout=15)
                    app.refresh_bindings()
                    host.show_table_line()  # the seats' line goes
        if host.keeper.table is not None:
            host.show_table_line()


def seats_line(session: Session | None, table: Table | None, step: Step) -> str:
    """The seats' standing under each player's step ("" while no table is open)."""
    if table is None or session is None or step.player is None:
        return ""
    from lastround.session.table_offers import table_line  # once a table is open: not at start

    return table_line(session, table, step)
