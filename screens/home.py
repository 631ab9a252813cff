"""The first screen: start a session for either game, or open one from the saves folder."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Static

from tui.saves import SessionSummary, list_sessions

if TYPE_CHECKING:
    from tui.app import LastRoundApp

HELP = """\
Last Round walks your table through the end of a game and totals every score by the
game's own rules. Start a new session with R (Race for the Galaxy) or G (Galileo
Galilei). Below, every session file in the saves folder, newest first: pick one with
the arrow keys and press Enter to continue an unfinished game or look at a finished
one. Everything you confirm is saved at once, so closing the terminal loses nothing."""


def when(created: str) -> str:
    return created[:16].replace("T", " ") if created else "?"


def outcome(summary: SessionSummary) -> str:
    if summary.error:
        return "✗ unreadable"
    if summary.status != "finished":
        return "in progress"
    return "★ " + " & ".join(summary.winners)


class HomeScreen(Screen[None]):
    BINDINGS = [
        Binding("r", "new('rftg')", "New Race", id="new-rftg",
                tooltip="Start a new Race for the Galaxy session"),
        Binding("g", "new('galileo')", "New Galileo", id="new-galileo",
                tooltip="Start a new Galileo Galilei session"),
        Binding("enter", "open", "Open", id="open", priority=True,
                tooltip="Continue or look at the highlighted session"),
        Binding("q", "app.quit", "Quit", id="quit-home", show=False, tooltip="Leave Last Round"),
    ]

    def compose(self) -> ComposeResult:
        yield Header(icon="")
        yield Static("Last Round", id="name")
        yield Static("The end of the game, scored by its own rules.", id="tagline")
        yield Static(Text.assemble("New session: press ", ("r", "bold"),
                                   " for Race for the Galaxy, ", ("g", "bold"),
                                   " for Galileo Galilei."), id="new-line")
        yield Static("Sessions, newest first", classes="section")
        yield DataTable(id="sessions", cursor_type="row", zebra_stripes=False)
        yield Static("", id="session-error")
        yield Footer(compact=True)

    def help_text(self) -> str:
        return HELP

    @property
    def lastround(self) -> LastRoundApp:
        return cast("LastRoundApp", self.app)

    def on_mount(self) -> None:
        self.title = "Last Round"
        self.sub_title = ""
        table = self.query_one(DataTable)
        table.add_columns("Date", "Game", "Players", "Result")
        self.refresh_sessions()

    def on_screen_resume(self) -> None:
        self.refresh_sessions()

    def refresh_sessions(self) -> None:
        table = self.query_one(DataTable)
        table.clear()
        self.summaries = {str(s.path): s for s in list_sessions(self.lastround.saves)}
        for key, summary in self.summaries.items():
            table.add_row(when(summary.created), summary.title or summary.path.name,
                          ", ".join(summary.players), outcome(summary), key=key)
        if not self.summaries:
            self.query_one("#session-error", Static).update(
                f"No sessions yet in {self.lastround.saves}/")

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        summary = self.summaries.get(str(event.row_key.value))
        self.query_one("#session-error", Static).update(
            f"✗ {summary.error}" if summary and summary.error else "")

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_open()

    def action_new(self, game: str) -> None:
        self.lastround.start_new(game)

    def action_open(self) -> None:
        table = self.query_one(DataTable)
        if not table.row_count:
            return
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        summary = self.summaries[str(key)]
        if summary.error:
            self.notify(summary.error, title="Can't open", severity="error")
            return
        self.lastround.open_file(summary.path)
