"""Galileo Galilei reference boxes: F2, what scores when; F3, the dice and their marks.

Both are small modal boxes over the current step. Everything they say is text (marks,
words), so they read the same in a terminal without colour.
"""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding

from lastround.games.base import RulesError
from lastround.games.galileo import summary
from lastround.games.galileo.cellar import cellar_values
from lastround.widgets.dialog import DialogScreen, ScrollingDialog
from lastround.widgets.footer import SteadyFooter
from lastround.widgets.plain import Plain

FINAL_SCORING_MARK = "(final scoring)"
SUMMARY_INTRO = ("All but the three (final scoring) rows are moved on the score track during play, "
                 "at the time shown: check that none was missed.")
SUMMARY_HELP = (
    "Every source of points in Galileo Galilei, when it scores and what it is worth. "
    "All but three are moved on the score track during play, so this list lets the table "
    "check that nothing was missed. The rows marked (final scoring) are the University, "
    "the cellar and Reputation: they are entered on each player's scores form."
)

DIE_VALUE = 5  # the same number on every die, so only the dot tells them apart
DIE_STYLES = {"yellow": "bold #f5c518", "red": "bold #e5484d", "blue": "bold #4c9aff"}
DICE_INTRO = "Every die face has a dot (•) beside its number, so the colour reads without colour:"
DICE_ICONS = ("The cost icons carry the same marks, and two-colour Major Object icons "
              "show both.")
DICE_HELP = (
    "The three dice drawn with their colour-blind marks: yellow has the dot right of the "
    "number, red left of it, blue under it. The cost icons carry the same marks."
)
MARK_WORDS = {"right": "dot on the right", "left": "dot on the left", "under": "dot underneath"}


def is_final_scoring(row: summary.ScoreRow) -> bool:
    """The University, cellar and Reputation rows: scored at the end, not on the track."""
    return row.when == "game end"


def summary_rows(app: object) -> tuple[summary.ScoreRow, ...]:
    """The score summary with the open session's cellar (Bruno's tile has its own values)."""
    session = getattr(app, "session", None)
    try:
        values = cellar_values(session.data) if session is not None else ()
    except RulesError:
        values = ()
    return summary.score_summary(values) if values else summary.SCORE_SUMMARY


def summary_table(rows: tuple[summary.ScoreRow, ...] = summary.SCORE_SUMMARY) -> Table:
    """The score summary as three aligned columns; end-game rows say so in words."""
    table = Table(box=None, pad_edge=False, show_edge=False, header_style="bold", expand=True)
    table.add_column("Source", no_wrap=True)
    table.add_column("When", width=15)
    table.add_column("Value", ratio=1)
    for row in rows:
        value = row.value.replace(" … ", "…")  # a range stays on one line: -10…+10
        if is_final_scoring(row):
            table.add_row(row.source, f"{row.when}\n{FINAL_SCORING_MARK}", value, style="bold")
        else:
            table.add_row(row.source, row.when, value)
    return table


def die_block(colour: str) -> Text:
    """One die drawn by summary.die_face_text, its colour's name and where its dot sits."""
    face = "\n".join(summary.die_face_text(colour, DIE_VALUE))
    text = Text()
    text.append(face, style=DIE_STYLES[colour])
    text.append(f"\n{colour.capitalize()}", style="bold")
    text.append(f"\n{MARK_WORDS[summary.DICE_MARKS[colour]]}")
    return text


def dice_row() -> Table:
    """The three dice side by side, each over its name."""
    row = Table.grid(padding=(0, 2), expand=True)
    for _ in summary.DICE_MARKS:
        row.add_column(ratio=1)
    row.add_row(*(die_block(colour) for colour in summary.DICE_MARKS))
    return row


class GalileoBox(DialogScreen[None]):
    """A centred reference box; Esc, F2 or F3 closes it."""

    BINDINGS = [
        Binding("escape", "close", "Close", id="close-galileo-box",
                tooltip="Close this box and go back to the step"),
        Binding("f2,f3", "close", "Close", show=False),
        # A modal screen hides the app's own keys, so F1 is bound here too.
        Binding("f1", "app.help", "Help", id="galileo-box-help",
                tooltip="Explain this box and its keys"),
    ]
    BOX_ID = ""
    TITLE_TEXT = ""
    HELP = ""

    def compose(self) -> ComposeResult:
        with ScrollingDialog(id=self.BOX_ID, classes="galileo-box") as box:
            box.border_title = self.TITLE_TEXT  # in the frame: every line inside is content
            yield from self.compose_box()
        yield SteadyFooter()

    def compose_box(self) -> ComposeResult:
        yield from ()

    def help_text(self) -> str:
        return self.HELP

    def action_close(self) -> None:
        self.dismiss(None)


class ScoreSummaryScreen(GalileoBox):
    BOX_ID = "summary-box"
    TITLE_TEXT = "Score summary: what scores when"
    HELP = SUMMARY_HELP

    def compose_box(self) -> ComposeResult:
        yield Plain(SUMMARY_INTRO, id="summary-intro")
        yield Plain(summary_table(summary_rows(self.app)), id="summary-table")


class DiceScreen(GalileoBox):
    BOX_ID = "dice-box"
    TITLE_TEXT = "Dice: the colour-blind marks"
    HELP = DICE_HELP

    def compose_box(self) -> ComposeResult:
        yield Plain(Group(DICE_INTRO, "", dice_row(), "", DICE_ICONS), id="dice")
