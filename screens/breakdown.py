"""The final scores: every part, the totals, the ranking, the winner and why."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from screens.messages import Back, FinishNow, GoHome
from screens.step import StepScreen
from tui.games.base import Result, RulesError, Step, shown_columns, verdict
from tui.widgets.plain import Plain, PlainTable


def score_table(result: Result) -> Table:
    columns = shown_columns(list(result.players[0].parts))
    places = {p.name: place for place, p in result.ranking()}
    table = PlainTable(box=None, pad_edge=False, show_edge=False, header_style="bold")
    table.add_column("Player")
    for heading, _parts in columns:
        table.add_column(heading, justify="right")
    table.add_column("Total", justify="right", style="bold")
    table.add_column("Place", justify="right")
    for player in result.players:
        crown = " ★" if player.name in result.winners else ""
        table.add_row(f"{player.name}{crown}",
                      *(str(sum(player.parts[k] for k in keys)) for _, keys in columns),
                      str(player.total), str(places[player.name]))
    return table


def winner_text(result: Result) -> Text:
    return Text(f"★ {verdict(result.winners, result.decided_by)}", style="bold")


def details_table(result: Result) -> Table:
    """Each player's scoring lines: what scored, how many points, and how they were earned.

    Three columns: the label and the points never wrap; the details wrap within their own
    column, which takes the rest of the width (at 80 columns, about 45 characters).
    """
    table = PlainTable(box=None, show_header=False, pad_edge=False, expand=True)
    table.add_column("What", no_wrap=True, max_width=28, overflow="ellipsis")
    table.add_column("VP", justify="right", no_wrap=True)
    table.add_column("How", ratio=1, overflow="fold")
    for number, player in enumerate(result.players):
        if number:
            table.add_row()
        table.add_row(Text(player.name, style="bold"), Text(str(player.total), style="bold"))
        for line in player.lines:
            table.add_row(f"  {line.label}", f"{line.points:+d}", line.detail)
    return table


class BreakdownScreen(StepScreen):
    """Shown once the last value is confirmed: the game is already saved as finished, so
    this screen only shows (Enter or Esc goes home)."""

    BODY_SCROLLS = True  # ↑↓, PgUp/PgDn, Home/End reach every player's details
    BINDINGS = [
        Binding("enter", "done", "Home", id="confirm", priority=True, key_display="⏎/esc",
                tooltip="The game is saved as finished: back to the list of sessions"),
        Binding("escape", "leave", "Home", id="back", show=False,
                tooltip="The game is saved as finished: back to the list of sessions"),
        Binding("b", "bgstats", "BG Stats", id="bgstats-qr",
                tooltip="The play as a QR code: a phone scans it and BG Stats opens the play"),
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.shown: tuple[Result | None, str] | None = None  # see show_result

    @classmethod
    def step_layout(cls, step: Step) -> Hashable | None:
        return "breakdown", bool(step.text)

    def compose_body(self) -> ComposeResult:
        # Each part is there whether or not it has something to show (see `fill`), so the
        # screen is built before the last value is confirmed (tui.shell.ahead).
        yield Plain("", id="no-total", classes="field-error")
        yield Plain("", id="scores")
        yield Plain("", id="winner")
        yield Plain("", id="tiebreak", classes="tiebreak")
        yield Plain("", id="notes")  # under the totals: a long record never pushes them off
        yield Plain("", id="details")

    def on_mount(self) -> None:
        self.fill()

    def fill(self) -> None:
        notes = self.query_one("#notes", Static)
        notes.update(self.step.notes)
        notes.display = bool(self.step.notes)
        try:
            self.show_result(self.session.score())
        except RulesError as error:
            self.show_result(None, f"✗ Can't total yet: {error.key}: {error.message}")

    def show_result(self, result: Result | None, problem: str = "") -> None:
        """The scores (or why there are none); the same scores again change nothing: the
        ones foreseen while the last values were typed (tui.shell.ahead) are not built twice."""
        if self.shown == (result, problem):
            return
        self.shown = (result, problem)
        explanation = "\n".join(result.explanation) if result else ""
        shown = {"#no-total": problem,
                 "#scores": score_table(result) if result else "",
                 "#winner": winner_text(result) if result else "",
                 "#tiebreak": explanation,
                 "#details": details_table(result) if result else ""}
        for selector, content in shown.items():
            part = self.query_one(selector, Static)
            part.update(content)
            part.display = bool(content)

    def values(self) -> dict[str, Any] | None:
        try:
            return self.session.final_values()
        except RulesError as error:
            self.say(f"{error.key}: {error.message}")
            return None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The QR code is of a finished game's final scores."""
        if action == "bgstats":
            return self.read_only and self.session.finished and self.totals()
        return True

    def totals(self) -> bool:
        try:
            self.session.score()
        except RulesError:
            return False
        return True

    def action_bgstats(self) -> None:
        from screens.qr import QrScreen, link_for

        self.app.push_screen(QrScreen(link_for(self.session)))

    def action_done(self) -> None:
        """Home; a session not yet finished (it did not total, or its save failed) is
        finished first."""
        if self.read_only:
            self.app.post_message(GoHome(self))
        else:
            self.app.post_message(FinishNow(self))

    def action_leave(self) -> None:
        self.app.post_message(GoHome(self) if self.read_only else Back(self))
