"""History: every session in the saves folder, sortable and filtered, with each player's figures.

The records come from `tui.records.index` (the files, through their index); the figures and
the chart from `tui.records.history`. Unreadable files are listed with their error, never hidden.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Input, Static
from textual.widgets.data_table import RowKey

from screens.owner import Owner, owner_of
from tui.games import game_title, short_title
from tui.games.words import shortened
from tui.records.history import (
    PlayerFigures,
    matches,
    outcome,
    player_figures,
    score_range,
    sort_records,
    sparkline,
)
from tui.records.session_record import SessionRecord
from tui.session.terminal_safe import visible
from tui.widgets.entry import Entry
from tui.widgets.footer import SteadyFooter
from tui.widgets.key_order import focus_now
from tui.widgets.plain import Plain, PlainLabel, PlainTable
from tui.widgets.title_bar import TitleBar

HELP = """\
Every session file in the saves folder, one row each: the date and time it started (as the
file keeps it, in UTC), the game, the winner (★; ✎ when it was corrected after the game) and
every player's final score, on as many lines as the names need. Files
that can't be read are listed too, with the reason, and are never changed.

Sort with D (date), G (game) or W (winner); the same key again reverses the order. Press /
and type a game or a player's name to show only those sessions; several words must all
match. Enter replays the highlighted session.

Below the list, each player's figures per game for the sessions shown: plays, wins (shared
victories included), shared wins, win rate, average and best score, and a chart of their
scores oldest to newest, one bar per game played; taller bars are higher scores on a scale
shared by everyone at that game.

X writes every finished session into one CSV file in the exports folder of the saves
folder: one row per player per session."""

# A list of many thousand rows takes seconds to lay out: the first ones are listed (sort or
# filter to reach the others); the figures count every session, and unreadable files are
# always listed.
ROW_LIMIT = 500
MARK = "▶"  # the highlighted row, readable without colour (as the home list's)
DEFAULT_DESCENDING = {"date": True, "game": False, "winner": False}
ORDER_WORDS = {("date", True): "newest first", ("date", False): "oldest first",
               ("game", False): "A to Z", ("game", True): "Z to A",
               ("winner", False): "A to Z", ("winner", True): "Z to A"}


# The columns' widths at 80 columns (each cell has one space of padding either side, and the
# list keeps room for its scrollbar): nothing is cut, and nothing scrolls sideways.
DATE_WIDTH = 16  # "2026-11-27 21:52"
GAME_WIDTH = 7  # "Galileo": a short title is at most 7 characters
WINNER_WIDTH = 12
PLAYERS_WIDTH = 28
COLUMNS = (("Date (UTC)", DATE_WIDTH), ("Game", GAME_WIDTH), ("Winner", WINNER_WIDTH),
           ("Players and scores", PLAYERS_WIDTH))


def row_cells(record: SessionRecord) -> tuple[str, str, str, str]:
    if record.error:  # the whole line shows under the list when the row is highlighted
        return "?", "?", "✗ unreadable", shortened(f"{visible(record.file)}: {record.error}",
                                                   PLAYERS_WIDTH)
    mark = " ✎" if record.corrected else ""
    if record.scored:
        players = [f"{p.name} {p.total}" for p in record.players]
    else:
        players = [p.name for p in record.players]
    game = short_title(record.game)  # the list is narrow at 80 columns
    return record.date, game, outcome(record) + mark, packed(players, PLAYERS_WIDTH)


def packed(items: list[str], width: int) -> str:
    """The items joined by " · ", a new line before one that would not fit: a name and its
    score stay together (a name longer than the line is wrapped by the cell)."""
    lines: list[str] = []
    for item in items:
        if lines and len(lines[-1]) + 3 + len(item) <= width:
            lines[-1] += f" · {item}"
        else:
            lines.append(item)
    return "\n".join(lines)


def figures_view(figures: list[PlayerFigures]) -> RenderableType:
    if not figures:
        return Text("No finished session among those shown: no figures yet.")
    parts: list[RenderableType] = []
    for game in dict.fromkeys(f.game for f in figures):
        mine = [f for f in figures if f.game == game]
        low, high = score_range(mine)
        parts.append(Text(f"{game_title(game)}: scores over time, one bar a game, "
                          f"▁ {low} … █ {high}", style="bold"))
        table = PlainTable(box=None, pad_edge=False, show_edge=False, header_style="bold")
        table.add_column("Player")
        for heading in ("Plays", "Wins", "Shared", "Rate", "Avg", "Best"):
            table.add_column(heading, justify="right")
        table.add_column("Scores, oldest → newest", no_wrap=True)
        for f in mine:
            table.add_row(f.name, str(f.plays), str(f.wins), str(f.shared_wins),
                          f"{f.win_rate:.0%}", f"{f.average:.1f}", str(f.best),
                          f"{sparkline(f.scores, low, high)} {f.scores[-1]}")
        parts += [table, Text("")]
    return Group(*parts)


class HistoryScreen(Screen[None]):
    BINDINGS = [
        Binding("slash", "filter", "Filter", id="history-filter",
                tooltip="Type a game or a player to show only their sessions"),
        Binding("d", "sort('date')", "Date", id="sort-date",
                tooltip="Sort by date (again: the other way round)"),
        Binding("g", "sort('game')", "Game", id="sort-game",
                tooltip="Sort by game (again: the other way round)"),
        Binding("w", "sort('winner')", "Winner", id="sort-winner",
                tooltip="Sort by the winner's name (again: the other way round)"),
        Binding("enter", "open", "Replay", id="history-open", priority=True,
                tooltip="Replay the highlighted session"),
        Binding("x", "export", "CSV", id="export-csv",
                tooltip="Write every finished session into one CSV file in the exports folder"),
        Binding("escape", "close", "Close", id="close-history",
                tooltip="Back to the home screen (in the filter: empty it, back to the list)"),
    ]


    def __init__(self) -> None:
        super().__init__()
        self.records: list[SessionRecord] = []
        self.shown: list[SessionRecord] = []
        self.sort_by = "date"
        self.descending = True
        self.replayed = False  # a replay may correct a session: read again on coming back
        self.filtered_by: str | None = None  # the filter text the list shows
        self.marked: RowKey | None = None  # the row ▶ marks

    @property
    def owner(self) -> Owner:
        return owner_of(self)

    def compose(self) -> ComposeResult:
        yield TitleBar()
        with Horizontal(id="history-filter-row"):
            yield PlainLabel("Filter")
            yield Entry(placeholder="a game or a player (press /)", id="history-filter")
        yield Plain("", id="history-order")
        yield DataTable(id="history-table", cursor_type="row", zebra_stripes=False)
        yield Plain("", id="history-error")
        yield Plain("", id="history-notice", classes="-empty")
        with VerticalScroll(id="history-figures") as figures:
            figures.can_focus = True  # ↑↓ scroll the figures once focused (Tab)
            yield Plain("", id="history-chart")
        yield SteadyFooter(compact=True, show_command_palette=False)

    def help_text(self) -> str:
        return HELP

    def on_mount(self) -> None:
        from tui.records.index import load_history

        self.title = "History"
        table = self.query_one(DataTable)
        table.add_column("", key="mark", width=1)
        for label, width in COLUMNS:
            table.add_column(label, width=width)
        self.records = load_history(self.owner.saves)
        self.refresh_view()
        focus_now(table)

    def on_screen_resume(self) -> None:
        """Back from a replay: a correction may have changed the session."""
        from tui.records.index import load_history

        if self.replayed:
            self.replayed = False
            self.records = load_history(self.owner.saves)
            self.refresh_view()

    def on_screen_suspend(self) -> None:
        self.show_notice("")

    def show_notice(self, text: str) -> bool:
        """A confirmation (the CSV written) under the list, not a toast over the figures
        (see LastRoundApp.notify)."""
        notice = self.query_one("#history-notice", Static)
        notice.update(text)
        notice.set_class(not text, "-empty")
        return True

    # the view -----------------------------------------------------------------
    def follow_filter(self) -> None:
        """List what the filter says now, unless listed already: a burst of keys may reach
        Enter or the arrows before the field's change arrives."""
        if self.query_one("#history-filter", Input).value != self.filtered_by:
            self.refresh_view()

    def refresh_view(self) -> None:
        text = self.query_one("#history-filter", Input).value
        self.filtered_by = text
        self.shown = sort_records((r for r in self.records if matches(r, text)),
                                  self.sort_by, self.descending)
        readable = [r for r in self.shown if not r.error]
        unreadable = [r for r in self.shown if r.error]
        table = self.query_one(DataTable)
        table.clear()
        for record in [*readable[:ROW_LIMIT], *unreadable]:
            # As tall as its longest cell: every player's score shows, wrapped in its cell.
            table.add_row(Text(" "), *(Text(cell) for cell in row_cells(record)),
                          key=record.file, height=None)
        self.marked = None
        words = ORDER_WORDS[(self.sort_by, self.descending)]
        counted = f"{len(self.shown)} of {len(self.records)} sessions"
        if unreadable:
            counted += f", {len(unreadable)} unreadable"
        if len(readable) > ROW_LIMIT:
            counted += f"; the first {ROW_LIMIT} listed"
        if not self.records:
            counted = f"no sessions yet in {self.owner.saves}/"
        self.query_one("#history-order", Static).update(
            f"Sorted by {self.sort_by}, {words} · {counted}")
        self.sub_title = f"{len(self.records)} sessions"
        self.query_one("#history-chart", Static).update(figures_view(player_figures(self.shown)))
        self.show_error()

    def show_error(self) -> None:
        record = self.highlighted()
        self.query_one("#history-error", Static).update(
            f"✗ {visible(record.file)}: {record.error}" if record and record.error else "")

    def highlighted(self) -> SessionRecord | None:
        table = self.query_one(DataTable)
        if not table.row_count:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return next((r for r in self.shown if r.file == key), None)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        """▶ marks the highlighted row: it reads without colour, as the home list's."""
        table = event.data_table
        if self.marked is not None and self.marked in table.rows:
            table.update_cell(self.marked, "mark", Text(" "))
        table.update_cell(event.row_key, "mark", Text(MARK))
        self.marked = event.row_key
        self.show_error()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_open()

    def on_input_changed(self, event: Input.Changed) -> None:
        self.follow_filter()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        focus_now(self.query_one(DataTable))

    # actions ------------------------------------------------------------------
    def action_filter(self) -> None:
        focus_now(self.query_one("#history-filter", Input))

    def action_sort(self, by: str) -> None:
        if by == self.sort_by:
            self.descending = not self.descending
        else:
            self.sort_by, self.descending = by, DEFAULT_DESCENDING[by]
        self.refresh_view()

    def action_open(self) -> None:
        if self.focused is self.query_one("#history-filter", Input):
            self.follow_filter()
            focus_now(self.query_one(DataTable))  # Enter ends the filter
            return
        record = self.highlighted()
        if record is None:
            return
        if record.error:
            self.notify(f"{visible(record.file)}: {record.error}", title="Can't open",
                        severity="error")
            return
        self.replayed = True
        self.owner.open_file(self.owner.saves / record.file, read_only=True)

    def action_export(self) -> None:
        from tui.records.export import export_sessions
        from tui.session.safe_read import SaveError

        try:
            target, scored = export_sessions(self.owner.saves, self.records)
        except (OSError, SaveError) as error:
            why = error.strerror if isinstance(error, OSError) and error.strerror else error
            self.notify(f"Not exported: {why}", title="Export", severity="error")
            return
        rows = sum(len(r.players) for r in scored)
        self.notify(f"{len(scored)} finished sessions ({rows} rows) written to {target}",
                    title="Exported")

    def action_close(self) -> None:
        """Esc in the filter empties it and goes back to the list: a newcomer's way out of a
        field, and the next letters would otherwise act on the home screen."""
        search = self.query_one("#history-filter", Input)
        if self.focused is search:
            search.value = ""
            self.refresh_view()
            focus_now(self.query_one(DataTable))
            return
        self.app.pop_screen()
