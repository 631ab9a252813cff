"""The final scores on screen: the breakdown at the game's end and replay's last page.

Draws lastround.records.final_scores' model and nothing else: the table of totals, the winner,
the tie-break's lines, the notes (a record, muted as step texts are) and each player's
scoring lines. Each part is there from the start and hidden while empty, so a screen built
ahead of its scores (lastround.shell.ahead) only fills it.
"""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical

from lastround.records.final_scores import Breakdown
from lastround.widgets.plain import Plain, PlainTable


def score_table(scores: Breakdown) -> Table:
    """Names left, numbers right, totals bold; a winner's name starred."""
    table = PlainTable(box=None, pad_edge=False, show_edge=False, header_style="bold")
    for column in scores.columns:
        table.add_column(column.heading, justify="left" if column.kind == "player" else "right",
                         style="bold" if column.kind == "total" else None)
    for row in scores.rows:
        table.add_row(*(f"{cell} ★" if row.winner and column.kind == "player" else cell
                        for column, cell in zip(scores.columns, row.cells, strict=True)))
    return table


def details_table(scores: Breakdown) -> Table:
    """Each player's scoring lines: what scored, how many points, and how they were earned.

    Three columns: the label and the points never wrap; the details wrap within their own
    column, which takes the rest of the width (at 80 columns, about 45 characters).
    """
    table = PlainTable(box=None, show_header=False, pad_edge=False, expand=True)
    table.add_column("What", no_wrap=True, max_width=28, overflow="ellipsis")
    table.add_column("VP", justify="right", no_wrap=True)
    table.add_column("How", ratio=1, overflow="fold")
    for number, player in enumerate(scores.details):
        if number:
            table.add_row()
        table.add_row(Text(player.name, style="bold"), Text(str(player.total), style="bold"))
        for line in player.lines:
            table.add_row(f"  {line.label}", line.points, line.how)
    return table


class FinalScores(Vertical):
    """The parts, top to bottom; their spacing is in final_scores.tcss."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.shown: Breakdown | None = None

    def compose(self) -> ComposeResult:
        for part in ("scores", "winner", "tiebreak", "notes", "details"):
            yield Plain("", id=part)

    def show(self, scores: Breakdown | None) -> None:
        """Draw `scores` (None: nothing); the same scores again are not drawn twice."""
        if scores == self.shown:
            return
        self.shown = scores
        parts = {"scores": score_table(scores), "winner": Text(scores.verdict, style="bold"),
                 "tiebreak": "\n".join(scores.tiebreak), "notes": "\n\n".join(scores.notes),
                 "details": details_table(scores)} if scores else {}
        for part in ("scores", "winner", "tiebreak", "notes", "details"):
            shown = self.query_one(f"#{part}", Plain)
            shown.update(parts.get(part, ""))
            shown.display = bool(parts.get(part))
