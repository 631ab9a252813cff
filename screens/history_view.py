"""History's rows and figures as the screen shows them at 80 columns: the cells of a
session's row, its height, and each player's figures with their chart."""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.text import Text

from lastround.games import game_title, short_title
from lastround.games.words import shortened
from lastround.records.history import PlayerFigures, outcome, score_range, sparkline
from lastround.records.session_record import SessionRecord
from lastround.session.terminal_safe import visible
from lastround.widgets.plain import PlainTable

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


def row_height(cells: tuple[str, ...]) -> int | None:
    """The row's height when every line of its cells fits its column: the table then has no
    wrapping to work out (the slowest part of listing hundreds of rows). None when a line
    is wider (a long name): the table wraps it and counts the lines."""
    lines = [(line, width) for cell, (_, width) in zip(cells, COLUMNS, strict=True)
             for line in cell.split("\n")]
    if any(cell_len(line) > width for line, width in lines):
        return None
    return max(cell.count("\n") + 1 for cell in cells)


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
