"""The first screen: start a session for either game, or open one from the saves folder."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Static

from screens.owner import Owner, owner_of
from tui.records.examples import example_summaries
from tui.records.listing import Listed, list_sessions
from tui.records.replay_text import when
from tui.session.plain_text import shortened, visible
from tui.widgets.footer import SteadyFooter
from tui.widgets.plain import Plain
from tui.widgets.title_bar import TitleBar

HELP = """\
Last Round walks your table through the end of a game and totals every score by the
game's own rules. Start a new session with R (Race for the Galaxy) or G (Galileo
Galilei). Below, every session file in the saves folder, unfinished ones first, then
newest first by the date each session started (files that can't be read last): pick one
with the arrow keys (▶ marks it) and press Enter to continue an unfinished game or look at
a finished one (it opens as a replay). While the saves folder has no session of its own,
the list offers the finished examples that ship with Last Round instead: Enter replays
one, read-only. H shows the history of every session. Everything you confirm is saved at
once, so closing the terminal or losing the connection loses nothing."""

OWN_HEADING = "Sessions: unfinished first, then newest"
EXAMPLES_HEADING = "No sessions of yours yet. Examples: finished games to replay"
EXAMPLE_DATE = "example"  # in the Date column: an example is nobody's session

MARK = "▶"  # the highlighted row, readable without colour (and in a plain-text screen dump)


PLAYERS_WIDTH = 26  # "Marta, Jonas, Priya, Luis"
RESULT_WIDTH = 16


def cell(text: str) -> Text:
    """A table cell shown as written: a string would be read as Rich markup, so a name with
    brackets or colons would change, and the first one would load Rich's emoji table (over
    1 MiB) for nothing."""
    return Text(text, no_wrap=True, end="")


def home_order(summaries: list[Listed]) -> list[Listed]:
    """Unfinished first (to resume), then newest by the session's own date (the one listed,
    not the file's time, which a copy or a backup changes); unreadable files last."""
    newest = sorted(summaries, key=lambda s: (s.record.created, s.path.name), reverse=True)
    return sorted(newest, key=lambda s: (bool(s.error), s.record.status != "in-progress"))


def outcome(summary: Listed) -> str:
    if summary.error:
        return "✗ unreadable"
    if summary.record.status != "finished":
        return "in progress"
    return "★ " + " & ".join(summary.record.winners)


class HomeScreen(Screen[None]):
    BINDINGS = [
        Binding("r", "new('rftg')", "New Race", id="new-rftg",
                tooltip="Start a new Race for the Galaxy session"),
        Binding("g", "new('galileo')", "New Galileo", id="new-galileo",
                tooltip="Start a new Galileo Galilei session"),
        Binding("enter", "open", "Open", id="open", priority=True,
                tooltip="Continue or look at the highlighted session"),
        Binding("h", "history", "History", id="history",
                tooltip="Every session: results, sorting, filters, each player's figures"),
        Binding("q", "app.quit", "Quit", id="quit-home", show=False, tooltip="Leave Last Round"),
    ]
    examples: frozenset[str] | set[str] = frozenset()  # the listed examples' paths
    listed_on_mount = False

    DEFAULT_CSS = """
    HomeScreen #home-notice { padding: 0 2; height: auto; }
    HomeScreen #home-notice.-empty { display: none; }
    """

    def compose(self) -> ComposeResult:
        yield TitleBar()
        yield Plain("Last Round", id="name")
        yield Plain("The end of the game, scored by its own rules.", id="tagline")
        yield Plain(Text.assemble("New session: press ", ("r", "bold"),
                                   " for Race for the Galaxy, ", ("g", "bold"),
                                   " for Galileo Galilei."), id="new-line")
        yield Plain(OWN_HEADING, id="sessions-heading", classes="section")
        yield DataTable(id="sessions", cursor_type="row", zebra_stripes=False)
        yield Plain("", id="session-error")
        yield Plain("", id="resume-line")
        yield Plain("", id="home-notice", classes="-empty")
        yield SteadyFooter(compact=True)

    def help_text(self) -> str:
        return HELP

    @property
    def lastround(self) -> Owner:
        return owner_of(self)

    def on_mount(self) -> None:
        self.title = "Last Round"
        self.sub_title = ""
        table = self.query_one(DataTable)
        table.add_column(cell(""), key="mark", width=1)
        table.add_columns(*map(cell, ("Date", "Game", "Players", "Result")))
        self.refresh_sessions()
        self.listed_on_mount = True

    def on_screen_resume(self) -> None:
        # Shown again: a session may have been saved, finished or added since. Not the first
        # time, just after on_mount: listing the folder again would double the start-up's
        # slowest part (reading each listed file) before the first frame.
        if self.listed_on_mount:
            self.listed_on_mount = False
            return
        self.refresh_sessions()

    def on_screen_suspend(self) -> None:
        self.show_notice("")  # said about what was just done: gone once home is left

    def show_notice(self, text: str) -> bool:
        """A confirmation (say, "Saved…" on finishing) in a line of its own, not a toast
        over the list (see LastRoundApp.notify)."""
        notice = self.query_one("#home-notice", Static)
        notice.update(text)
        notice.set_class(not text, "-empty")
        return True

    def refresh_sessions(self) -> None:
        table = self.query_one(DataTable)
        table.clear()
        # An unfinished session (say, after a dropped connection) comes first, to resume.
        listed = home_order(list_sessions(self.lastround.keeper.saves))
        # A fresh saves folder: the shipped examples show what a finished game looks like.
        examples = [] if listed else [s for s in example_summaries() if not s.error]
        self.examples = {str(s.path) for s in examples}
        self.summaries = {str(s.path): s for s in [*listed, *examples]}
        for key, summary in self.summaries.items():
            # Short game names and clipped lists keep every column inside 80 columns.
            game = summary.title.split(" ")[0] if summary.title else visible(summary.path.name)
            date = EXAMPLE_DATE if key in self.examples else when(summary.record.created)
            table.add_row(cell(" "), cell(date), cell(shortened(game, 20)),
                          cell(shortened(", ".join(summary.players), PLAYERS_WIDTH)),
                          cell(shortened(outcome(summary), RESULT_WIDTH)), key=key)
        self.query_one("#sessions-heading", Static).update(
            EXAMPLES_HEADING if examples else OWN_HEADING)
        if not self.summaries:
            self.query_one("#session-error", Static).update(
                f"No sessions yet in {self.lastround.keeper.saves}/")

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        summary = self.summaries.get(str(event.row_key.value))
        self.query_one("#session-error", Static).update(
            f"✗ {summary.error}" if summary and summary.error else "")
        table = event.data_table
        marked = getattr(self, "marked", None)
        if marked is not None and marked in table.rows:
            table.update_cell(marked, "mark", cell(" "))
        table.update_cell(event.row_key, "mark", cell(MARK))
        self.marked = event.row_key
        self.query_one("#resume-line", Static).update(self.offer(summary))

    def offer(self, summary: Listed | None) -> str:
        """What Enter does with the highlighted row, when it is not plain to see."""
        if summary is None:
            return ""
        name = visible(summary.path.name)
        if str(summary.path) in self.examples:
            return f"Example: {name} — Enter replays it, read-only"
        if summary.record.status == "in-progress":
            return f"Unfinished: {name} — Enter to resume"
        return ""

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_open()

    def action_new(self, game: str) -> None:
        self.lastround.start_new(game)

    def action_history(self) -> None:
        self.lastround.show_history()

    def action_open(self) -> None:
        table = self.query_one(DataTable)
        if not table.row_count:
            return
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        summary = self.summaries[str(key)]
        if summary.error:
            self.notify(summary.error, title="Can't open", severity="error")
            return
        self.lastround.open_file(summary.path)  # an example opens read-only, uncorrectable
