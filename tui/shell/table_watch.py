"""Table mode, the host's side on screen: while the host's table is open (F4), a timer looks
in its mailboxes a few times a second and hands what the seats sent to the app to show.

Taking each offer by the rules, saving it and answering it is the session keeper's
(tui.session.keeper); each player's step on the host's screen shows how every seat stands.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from textual.app import App
from textual.timer import Timer

from tui.session.keeper import Keeper
from tui.session.outcomes import TableNews

if TYPE_CHECKING:
    from tui.games.base import Step
    from tui.session.session import Session
    from tui.session.table import Table

# How often the host looks for what the players sent: quick enough that an entry seems to
# arrive at once. A look is one stat of the table's folder; its files are read only when
# the folder changed (every file in it is replaced by a rename, so that changes its time).
LOOK_EVERY = 0.05


class TableWatch:
    """The timer that looks at the keeper's open table, and stops once it is closed."""

    def __init__(self, app: App[Any], keeper: Keeper,
                 show: Callable[[list[TableNews]], None]) -> None:
        self.app, self.keeper, self.show = app, keeper, show
        self.timer: Timer | None = None

    def start(self) -> None:
        if self.timer is None:
            self.timer = self.app.set_interval(LOOK_EVERY, self.look, name="table")

    def stop(self) -> None:
        if self.timer is not None:
            self.timer.stop()
            self.timer = None

    def look(self) -> None:
        if self.keeper.table is None:
            self.stop()
            return
        app = self.app
        if not app.screen_stack or not app.screen.query("Footer"):  # the app is closing
            return
        news = self.keeper.look_at_table()
        if self.keeper.table is None:  # closed: the game finished, or another session open
            self.stop()
        if news is not None:
            self.show(news)


def seats_line(session: Session | None, table: Table | None, step: Step) -> str:
    """The seats' standing under each player's step ("" while no table is open)."""
    if table is None or session is None or step.player is None:
        return ""
    from tui.session.table_offers import table_line  # once a table is open: not at start

    return table_line(session, table, step)
