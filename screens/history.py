"""History: every session in the saves folder, sortable and filtered, with each player's figures.

The records come from `lastround.records.index` (the files, through their index): a folder of
many sessions fills the list as a worker reads them. The figures come from
`lastround.records.history`, the rows' cells and the chart from `lastround.screens.history_view`.
Unreadable files are listed with their error, never hidden.
"""

from __future__ import annotations

import time
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import DataTable, Input, Static
from textual.widgets.data_table import RowKey
from textual.worker import get_current_worker

from lastround.records.history import matches, player_figures, sort_records
from lastround.records.session_record import SessionRecord
from lastround.screens.history_view import COLUMNS, figures_view, row_cells, row_height
from lastround.screens.messages import OpenFile
from lastround.session.terminal_safe import visible
from lastround.widgets.entry import Entry
from lastround.widgets.footer import SteadyFooter
from lastround.widgets.key_order import focus_now
from lastround.widgets.plain import Plain, PlainLabel
from lastround.widgets.title_bar import TitleBar

if TYPE_CHECKING:
    from lastround.records.index import HistoryReading

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
# A folder of this many sessions or more fills the list as they are read (a worker reads
# them, newest first from the index), so the first rows show at once and keys work meanwhile.
FILL_FROM = 200
FILL_PAUSE = 0.25  # seconds between two refreshes of the list while it fills
MARK = "▶"  # the highlighted row, readable without colour (as the home list's)
DEFAULT_DESCENDING = {"date": True, "game": False, "winner": False}
ORDER_WORDS = {("date", True): "newest first", ("date", False): "oldest first",
               ("game", False): "A to Z", ("game", True): "Z to A",
               ("winner", False): "A to Z", ("winner", True): "Z to A"}


class RecordsRead(Message):
    """A batch of records read, sent by the worker that fills the list."""

    def __init__(self, records: list[SessionRecord]) -> None:
        super().__init__()
        self.records = records


class RecordsAllRead(Message):
    """The worker has read every session file."""


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


    def __init__(self, saves: Path) -> None:
        super().__init__()
        self.saves = saves  # the folder listed
        self.records: list[SessionRecord] = []
        self.shown: list[SessionRecord] = []
        self.sort_by = "date"
        self.descending = True
        self.replayed = False  # a replay may correct a session: read again on coming back
        self.filtered_by: str | None = None  # the filter text the list shows
        self.marked: RowKey | None = None  # the row ▶ marks
        self.listed: list[SessionRecord] = []  # the records the table lists, in its order
        self.reading_total: int | None = None  # while the list fills: how many files in all
        self.refreshed_at = 0.0  # when the list was last refreshed while filling
        self.refresh_due = False  # a refresh of the filling list is waiting for its turn

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
        self.title = "History"
        table = self.query_one(DataTable)
        table.add_column("", key="mark", width=1)
        for label, width in COLUMNS:
            table.add_column(label, width=width)
        self.read_records()
        focus_now(table)

    def on_screen_resume(self) -> None:
        """Back from a replay: a correction may have changed the session."""
        if self.replayed:
            self.replayed = False
            self.read_records()

    # reading ------------------------------------------------------------------
    def read_records(self) -> None:
        """Every session's record: a few at once, many filled in as a worker reads them."""
        from lastround.records.index import HistoryReading

        reading = HistoryReading(self.saves)
        if reading.total < FILL_FROM:
            self.records = [record for batch in reading.batches() for record in batch]
            self.refresh_view()
            return
        self.records, self.reading_total = [], reading.total
        self.refresh_view()  # the list's frame and "reading 0 of N" at once
        self.run_worker(partial(self.fill, reading), name="history-fill", group="history-fill",
                        thread=True, exclusive=True)

    def fill(self, reading: HistoryReading) -> None:
        """In the worker's thread: each batch to the screen as it is read (post_message is
        Textual's thread-safe way in), until the screen goes."""
        worker = get_current_worker()
        batches = reading.batches()
        try:
            for batch in batches:
                if worker.is_cancelled:
                    return
                self.post_message(RecordsRead(batch))
        finally:
            batches.close()  # the index keeps what was read, even when history closed early
        self.post_message(RecordsAllRead())

    def on_records_read(self, message: RecordsRead) -> None:
        self.records += message.records
        if not self.refresh_due:
            self.refresh_due = True
            wait = self.refreshed_at + FILL_PAUSE - time.monotonic()
            self.set_timer(max(wait, 0.001), self.refresh_filling)  # 0 is refused

    def on_records_all_read(self) -> None:
        self.reading_total = None
        self.refresh_view(keep_cursor=True)

    def refresh_filling(self) -> None:
        self.refresh_due = False
        if self.reading_total is not None:
            self.refresh_view(keep_cursor=True)
            self.refreshed_at = time.monotonic()

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

    def refresh_view(self, *, keep_cursor: bool = False) -> None:
        """List the records the filter and the order say (`keep_cursor`: on the row
        highlighted, as the list fills), with the figures of those shown."""
        text = self.query_one("#history-filter", Input).value
        self.filtered_by = text
        self.shown = sort_records((r for r in self.records if matches(r, text)),
                                  self.sort_by, self.descending)
        readable = [r for r in self.shown if not r.error]
        unreadable = [r for r in self.shown if r.error]
        self.list_rows([*readable[:ROW_LIMIT], *unreadable], keep_cursor)
        words = ORDER_WORDS[(self.sort_by, self.descending)]
        counted = f"{len(self.shown)} of {len(self.records)} sessions"
        if unreadable:
            counted += f", {len(unreadable)} unreadable"
        if len(readable) > ROW_LIMIT:
            counted += f"; the first {ROW_LIMIT} listed"
        if self.reading_total is not None:
            counted = f"reading {len(self.records)} of {self.reading_total} sessions…"
        elif not self.records:
            counted = f"no sessions yet in {self.saves}/"
        self.query_one("#history-order", Static).update(
            f"Sorted by {self.sort_by}, {words} · {counted}")
        self.sub_title = f"{self.reading_total or len(self.records)} sessions"
        self.query_one("#history-chart", Static).update(figures_view(player_figures(self.shown)))
        self.show_error()

    def list_rows(self, records: list[SessionRecord], keep_cursor: bool) -> None:
        """The table's rows, rebuilt only when they changed (as the list fills, a batch of
        older sessions changes nothing listed)."""
        table = self.query_one(DataTable)
        if len(records) == len(self.listed) and all(
                mine is listed for mine, listed in zip(records, self.listed, strict=True)):
            return
        highlighted = self.highlighted() if keep_cursor else None
        self.listed = records
        table.clear()
        for record in records:
            # As tall as its longest cell: every player's score shows, wrapped in its cell.
            cells = row_cells(record)
            table.add_row(Text(" "), *(Text(cell) for cell in cells), key=record.file,
                          height=row_height(cells))
        self.marked = None
        if highlighted is not None and highlighted.file in table.rows:
            table.move_cursor(row=table.get_row_index(highlighted.file), animate=False)

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
        self.app.post_message(OpenFile(self, self.saves / record.file, read_only=True))

    def action_export(self) -> None:
        from lastround.records.export import export_sessions
        from lastround.session.safe_read import SaveError

        if self.reading_total is not None:  # every session, or none: never a part of them
            self.notify(f"Still reading the sessions ({len(self.records)} of "
                        f"{self.reading_total}): press X again once they are all read.",
                        title="Export", severity="warning")
            return
        try:
            target, scored = export_sessions(self.saves, self.records)
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
