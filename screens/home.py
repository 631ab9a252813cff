"""The first screen: start a session of a game, or open one from the saves folder."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Static
from textual.widgets.data_table import RowKey

from lastround.games import plugins
from lastround.games.plugin import GamePlugin, HomeKey
from lastround.games.words import shortened
from lastround.records.examples import example_summaries
from lastround.records.listing import Listed, list_sessions
from lastround.records.session_record import when
from lastround.screens.messages import OpenFile, ShowHistory, StartNew
from lastround.session.terminal_safe import visible
from lastround.widgets.footer import SteadyFooter
from lastround.widgets.plain import Plain
from lastround.widgets.title_bar import TitleBar

HELP = """\
Last Round walks your table through the end of a game and totals every score by the
game's own rules. Start a new session with {keys}. Below, every session file in the saves
folder, unfinished ones first, then newest first by the date each session started (files
that can't be read last): pick one with the arrow keys (▶ marks it) and press Enter to
continue an unfinished game or look at a finished one (it opens as a replay). While the
saves folder has no session of its own, the list offers the finished examples that ship
with Last Round instead: Enter replays one, read-only. H shows the history of every
session. Everything you confirm is saved at once, so closing the terminal or losing the
connection loses nothing."""

OWN_HEADING = "Sessions: unfinished first, then newest"
EXAMPLES_HEADING = "No sessions of yours yet. Examples: finished games to replay"
EXAMPLE_DATE = "example"  # in the Date column: an example is nobody's session

MARK = "▶"  # the highlighted row, readable without colour (and in a plain-text screen dump)


HEADINGS = ("Date", "Game", "Players", "Result")
RESULT_WIDTH = 16  # what a result keeps where the players need the room ("★ Ada & Bo")
GAME_WIDTH = 20
CELL_PADDING = 2  # the table's blank column either side of each cell
MARGINS = 4  # the list's margin either side (home.tcss)


def shared_widths(room: int, players: int, result: int) -> tuple[int, int]:
    """The players' and the result's columns within `room`: each whole where both fit, else
    the result keeps up to RESULT_WIDTH and the players take the rest."""
    if players + result <= room:
        return players, result
    kept = min(result, max(RESULT_WIDTH, room - players))
    return max(room - kept, 1), kept


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


# The home screen's own keys, after the games' (see home_screen_class).
HOME_KEYS = [
    Binding("enter", "open", "Open", id="open", priority=True,
            tooltip="Continue or look at the highlighted session"),
    Binding("h", "history", "History", id="history",
            tooltip="Every session: results, sorting, filters, each player's figures"),
    Binding("q", "app.quit", "Quit", id="quit-home", show=False, tooltip="Leave Last Round"),
]


def offered(games: Sequence[GamePlugin]) -> list[tuple[HomeKey, GamePlugin]]:
    """The games a key starts a new session of, with their keys."""
    return [(game.home_key, game) for game in games if game.home_key is not None]


def home_screen(saves: Callable[[], Path]) -> HomeScreen:
    """The home screen, with a key for each game (GamePlugin.home_key) before its own."""
    return home_screen_class(plugins())(saves)


@cache
def home_screen_class(games: tuple[GamePlugin, ...]) -> type[HomeScreen]:
    # Textual reads a screen's keys from its class: one is made for the games listed.
    class HomeWithGames(HomeScreen):
        BINDINGS = [*(Binding(key.key, f"new({game.id!r})", key.label, id=f"new-{game.id}",
                              tooltip=key.tooltip) for key, game in offered(games)),
                    *HOME_KEYS]
        GAMES = games

    return HomeWithGames


class HomeScreen(Screen[None]):
    """Made by `home_screen`, which adds the games' keys before HOME_KEYS."""

    GAMES: tuple[GamePlugin, ...] = ()
    examples: frozenset[str] | set[str] = frozenset()  # the listed examples' paths
    listed_on_mount = False
    marked: RowKey | None = None  # the row marked ▶
    shown_width: int | None = None  # the window's width the rows were cut for


    def compose(self) -> ComposeResult:
        yield TitleBar()
        yield Plain("Last Round", id="name")
        yield Plain("The end of the game, scored by its own rules.", id="tagline")
        yield Plain(self.new_line(), id="new-line")
        yield Plain(OWN_HEADING, id="sessions-heading", classes="section")
        yield DataTable(id="sessions", cursor_type="row", zebra_stripes=False)
        yield Plain("", id="session-error")
        yield Plain("", id="resume-line")
        yield Plain("", id="home-notice", classes="-empty")
        yield SteadyFooter(compact=True)

    def new_line(self) -> Text:
        """ "New session: press r for Race for the Galaxy, g for Galileo Galilei." """
        parts: list[str | tuple[str, str]] = ["New session: press "]
        for number, (key, game) in enumerate(offered(self.GAMES)):
            parts += [", " if number else "", (key.key, "bold"), f" for {game.title}"]
        return Text.assemble(*parts, ".")

    def help_text(self) -> str:
        keys = [f"{key.key.upper()} ({game.title})" for key, game in offered(self.GAMES)]
        return HELP.format(keys=" or ".join([", ".join(keys[:-1]), *keys[-1:]] if len(keys) > 1
                                            else keys))

    def __init__(self, saves: Callable[[], Path]) -> None:
        super().__init__()
        self.saves = saves  # the folder listed, as it stands (Ctrl+S may move it)

    def on_mount(self) -> None:
        self.title = "Last Round"
        self.sub_title = ""
        if self.app.screen is not self:  # under history or a replay from the command line:
            return  # listed when first shown (over 10,000 sessions, seconds before either)
        self.refresh_sessions()
        self.listed_on_mount = True

    def on_screen_resume(self) -> None:
        # Shown again: a session may have been saved, finished or added since. Not the first
        # time, just after on_mount: listing the folder again would double the start-up's
        # slowest part (reading each listed file) before the first frame.
        if self.listed_on_mount:
            self.listed_on_mount = False
            return
        if self.app.screen is self:  # not while covered from the start (see on_mount)
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
        # An unfinished session (say, after a dropped connection) comes first, to resume.
        listed = home_order(list_sessions(self.saves()))
        # A fresh saves folder: the shipped examples show what a finished game looks like.
        examples = [] if listed else [s for s in example_summaries() if not s.error]
        self.examples = {str(s.path) for s in examples}
        self.summaries = {str(s.path): s for s in [*listed, *examples]}
        self.show_rows(table)
        self.query_one("#sessions-heading", Static).update(
            EXAMPLES_HEADING if examples else OWN_HEADING)
        if not self.summaries:
            self.query_one("#session-error", Static).update(
                f"No sessions yet in {self.saves()}/")

    def show_rows(self, table: DataTable[Text]) -> None:
        """A row a session, in the window's width: the players and the result are cut (…)
        only where the row has no room for them (a short game name leaves more)."""
        rows = {}
        for key, summary in self.summaries.items():
            game = summary.title.split(" ")[0] if summary.title else visible(summary.path.name)
            date = EXAMPLE_DATE if key in self.examples else when(summary.record.created)
            rows[key] = (date, shortened(game, GAME_WIDTH), ", ".join(summary.players),
                         outcome(summary))
        table.clear(columns=True)  # else each column keeps the width of its widest cell yet
        table.add_column(cell(""), key="mark", width=1)
        table.add_columns(*map(cell, HEADINGS))
        widest = [max([len(heading), *(len(row[n]) for row in rows.values())])
                  for n, heading in enumerate(HEADINGS)]
        self.shown_width = self.app.size.width
        room = (self.shown_width - MARGINS - table.styles.scrollbar_size_vertical  # kept for it
                - 5 * CELL_PADDING - 1 - widest[0] - widest[1])  # 1: the ▶ column
        players_width, result_width = shared_widths(room, widest[2], widest[3])
        for key, (date, game, players, result) in rows.items():
            table.add_row(cell(" "), cell(date), cell(game),
                          cell(shortened(players, players_width)),
                          cell(shortened(result, result_width)), key=key)

    def on_resize(self) -> None:
        """Rows cut for a narrower window are shown whole again in a wider one."""
        if self.shown_width not in (None, self.app.size.width):
            table = self.query_one(DataTable)
            row = table.cursor_row
            self.show_rows(table)
            table.move_cursor(row=row, animate=False)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        summary = self.summaries.get(str(event.row_key.value))
        self.query_one("#session-error", Static).update(
            f"✗ {summary.error}" if summary and summary.error else "")
        table = event.data_table
        if self.marked is not None and self.marked in table.rows:
            table.update_cell(self.marked, "mark", cell(" "))
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
        self.app.post_message(StartNew(self, game))

    def action_history(self) -> None:
        self.app.post_message(ShowHistory(self))

    def action_open(self) -> None:
        table = self.query_one(DataTable)
        if not table.row_count:
            return
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        summary = self.summaries[str(key)]
        if summary.error:
            self.notify(summary.error, title="Can't open", severity="error")
            return
        self.app.post_message(OpenFile(self, summary.path))  # an example opens read-only
