"""A player's first two screens at a table (`lastround join`): which table, which seat.

Both look again every half second: a table opens when the host presses F4, a seat is taken
when another player claims it. Each row is numbered, and its number picks it: a phone's
keyboard (`lastround serve`) has digits, Enter and Backspace, but no arrows.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from lastround.session.opening import open_session
from lastround.session.safe_read import SaveError
from lastround.session.session import Session
from lastround.session.table import Table, open_tables
from lastround.session.terminal_safe import visible
from lastround.widgets.footer import SteadyFooter
from lastround.widgets.plain import Plain
from lastround.widgets.title_bar import TitleBar

LOOK_EVERY = 0.5
NO_TABLE = ("No table is open yet. The host opens one with F4 on a player's step: "
            "it shows up here by itself.")
PICK_TABLE = "Your table: its number (or ↑ ↓ and Enter) to join."
PICK_SEAT = "Your seat: its number (or ↑ ↓ and Enter) to claim it."

def session_of(table: Table) -> Session | None:
    """The table's session as its host last saved it (None while it can't be read)."""
    try:
        data, _result = open_session(table.session_path)
    except (SaveError, OSError):
        return None
    return Session(data, table.session_path)


def table_row(table: Table) -> str:
    """One table as listed: its game, its players, its file."""
    name = visible(table.session_path.name)
    session = session_of(table)
    if session is None:
        return f"{name} (can't be read just now)"
    return f"{session.title} · {visible(', '.join(session.players))} · {name}"


def show_line(widget: Static, text: str) -> None:
    """A line that takes no room while it has nothing to say."""
    widget.update(text)
    widget.set_class(not text, "-empty")


def numbered(rows: Sequence[str]) -> list[str]:
    """Rows as listed: "1. Ada", "2. Bo"…, the number that picks each."""
    return [f"{number}. {row}" for number, row in enumerate(rows, start=1)]


def number_typed(event: events.Key, options: OptionList) -> int | None:
    """The row a digit key names (1 the first), highlighted; None for any other key."""
    character = event.character or ""
    if len(character) != 1 or not "1" <= character <= "9":
        return None
    row = int(character) - 1
    if not 0 <= row < options.option_count:
        return None
    event.stop()
    options.highlighted = row
    return row


def show_options(options: OptionList, rows: Sequence[str]) -> None:
    """The rows in the list, the highlight kept where it was; unchanged rows are left alone
    (the list looks again twice a second)."""
    if [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)] == list(
            rows):
        return
    chosen = options.highlighted
    options.clear_options()
    options.add_options(Option(row) for row in rows)
    if rows:
        options.highlighted = min(chosen or 0, len(rows) - 1)


class TablesScreen(Screen[None]):
    """"Join a table": the open tables in the saves folder, one row each."""

    BINDINGS = [
        Binding("enter", "join", "Join", id="join", priority=True,
                tooltip="Join the chosen table"),
        Binding("q", "app.quit", "Quit", id="quit-join", tooltip="Leave Last Round"),
    ]

    def __init__(self, saves: Path, picked: Callable[[Table], None]) -> None:
        super().__init__()
        self.saves = saves
        self.picked = picked
        self.tables: list[Table] = []

    def compose(self) -> ComposeResult:
        yield TitleBar()
        yield Plain("Join a table", classes="join-heading")
        with Vertical(classes="join-body"):
            yield Plain("", id="tables-hint", classes="join-hint")
            yield OptionList(id="tables", classes="join-list", markup=False)
        yield SteadyFooter(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self.title, self.sub_title = "Last Round", "Join a table"
        self.look()
        self.looking = self.set_interval(LOOK_EVERY, self.look)

    def on_screen_suspend(self) -> None:
        self.looking.pause()  # beneath a seat's screens: nobody reads it

    def on_screen_resume(self) -> None:
        self.look()
        self.looking.resume()

    def look(self) -> None:
        if not self.query("#tables"):
            return  # taken apart: the app is ending
        self.tables = open_tables(self.saves)
        self.query_one("#tables-hint", Static).update(PICK_TABLE if self.tables else NO_TABLE)
        options = self.query_one("#tables", OptionList)
        show_options(options, numbered([table_row(table) for table in self.tables]))
        options.display = bool(self.tables)
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return bool(self.tables) if action == "join" else True

    def on_key(self, event: events.Key) -> None:
        if number_typed(event, self.query_one("#tables", OptionList)) is not None:
            self.action_join()

    def action_join(self) -> None:
        chosen = self.query_one("#tables", OptionList).highlighted
        if chosen is not None and chosen < len(self.tables):
            self.picked(self.tables[chosen])


class SeatScreen(Screen[None]):
    """"Which seat is yours?": the players in seat order, a held seat marked."""

    BINDINGS = [
        Binding("enter", "claim", "Claim seat", id="claim", priority=True,
                tooltip="This seat is yours: enter its steps"),
        Binding("backspace", "back", "Tables", id="tables", key_display="⌫",
                tooltip="Back to the open tables"),
    ]

    def __init__(self, table: Table, claim: Callable[[int], str | None]) -> None:
        super().__init__()
        self.table = table
        self.claim = claim  # None once the seat is this terminal's, else why not
        self.players: list[str] = []

    def compose(self) -> ComposeResult:
        yield TitleBar()
        yield Plain("Which seat is yours?", classes="join-heading")
        with Vertical(classes="join-body"):
            yield Plain(PICK_SEAT, id="seat-hint", classes="join-hint")
            yield OptionList(id="seats", classes="join-list", markup=False)
        yield Plain("", id="seat-message", classes="message join-line -empty")
        yield SteadyFooter(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self.title, self.sub_title = "Last Round", visible(self.table.session_path.name)
        self.look()
        self.set_interval(LOOK_EVERY, self.look)

    def look(self) -> None:
        if not self.query("#seats"):
            return  # taken apart: the app is ending
        session = session_of(self.table)
        if session is not None:
            self.title = session.title
            self.players = session.players
        host_seat = self.table.host_seat()
        rows = [visible(name) + (" (the host's)" if seat == host_seat else
                                 " (taken)" if self.table.held(seat) else "")
                for seat, name in enumerate(self.players)]
        show_options(self.query_one("#seats", OptionList), numbered(rows))

    def on_key(self, event: events.Key) -> None:
        if number_typed(event, self.query_one("#seats", OptionList)) is not None:
            self.action_claim()

    def action_claim(self) -> None:
        chosen = self.query_one("#seats", OptionList).highlighted
        if chosen is None or chosen >= len(self.players):
            return
        name = self.players[chosen]
        problem = self.claim(chosen)
        if problem is not None:
            show_line(self.query_one("#seat-message", Static), f"✗ {visible(name)}: {problem}")

    def action_back(self) -> None:
        self.dismiss()
