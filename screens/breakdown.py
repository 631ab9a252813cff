"""The final scores: every part, the totals, the ranking, the winner and why."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding

from lastround.games.base import Result, RulesError, Step
from lastround.records.final_scores import final_scores
from lastround.screens.messages import FinishNow, GoHome
from lastround.screens.step import StepScreen
from lastround.widgets.final_scores import FinalScores
from lastround.widgets.plain import Plain


class BreakdownScreen(StepScreen):
    """Shown once the last value is confirmed: the game is already saved as finished, so
    this screen only shows (Enter or Esc goes home). A game not finished (it does not total,
    or its save failed) shows only the keys that work: Esc back to the steps, and Enter to
    finish it once it totals."""

    BODY_SCROLLS = True  # ↑↓, PgUp/PgDn, Home/End reach every player's details
    BINDINGS = [
        Binding("enter", "done", "Home", id="confirm", priority=True, key_display="⏎/esc",
                tooltip="The game is saved as finished: back to the list of sessions"),
        Binding("escape", "leave", "Home", id="back", show=False,
                tooltip="The game is saved as finished: back to the list of sessions"),
        Binding("enter", "finish", "Finish", id="finish", priority=True,
                tooltip="Save the game as finished with these final scores"),
        Binding("escape", "back", "Back", id="back-to-steps",
                tooltip="Go back one step, to change what keeps the game from totalling"),
        Binding("b", "bgstats", "BG Stats", id="bgstats-qr",
                tooltip="The play as a QR code: a phone scans it and BG Stats opens the play"),
    ]

    has_total = False  # see show_result

    @classmethod
    def step_layout(cls, step: Step) -> Hashable | None:
        return "breakdown", bool(step.text)

    def compose_body(self) -> ComposeResult:
        # Each part is there whether or not it has something to show (see `fill`), so the
        # screen is built before the last value is confirmed (lastround.shell.ahead).
        yield Plain("", id="no-total", classes="field-error")
        yield FinalScores(id="final-scores")

    def on_mount(self) -> None:
        self.fill()

    def fill(self) -> None:
        try:
            self.show_result(self.session.score())
        except RulesError as error:
            self.show_result(None, f"✗ Can't total yet: {error.key}: {error.message}")

    def show_result(self, result: Result | None, problem: str = "") -> None:
        """The scores (or why there are none), the step's notes (Galileo's Tier III draws)
        under them; the same scores again change nothing: the ones foreseen while the last
        values were typed (lastround.shell.ahead) are not built twice."""
        no_total = self.query_one("#no-total", Plain)
        no_total.update(problem)
        no_total.display = bool(problem)
        self.query_one(FinalScores).show(
            final_scores(result, [self.step.notes]) if result else None)
        self.has_total = result is not None
        self.refresh_bindings()  # Enter finishes only a game that totals

    def values(self) -> dict[str, Any] | None:
        try:
            return self.session.final_values()
        except RulesError as error:
            self.say(f"{error.key}: {error.message}")
            return None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The QR code is of a finished game's final scores. Home with Enter or Esc once
        finished; before, Esc goes back and Enter finishes, shown only once it totals."""
        if action == "bgstats":
            return self.read_only and self.session.finished and self.totals()
        if action in ("done", "leave"):
            return self.read_only
        if action == "finish":
            return not self.read_only and self.has_total
        if action == "back":
            return not self.read_only
        return True

    def totals(self) -> bool:
        try:
            self.session.score()
        except RulesError:
            return False
        return True

    def action_bgstats(self) -> None:
        from lastround.screens.qr import QrScreen, link_for

        self.app.push_screen(QrScreen(link_for(self.session)))

    def action_done(self) -> None:
        self.app.post_message(GoHome(self))

    def action_leave(self) -> None:
        self.app.post_message(GoHome(self))

    def action_finish(self) -> None:
        """A session not yet finished (its save failed, or it did not total when its last
        value was confirmed) is finished, then shown read-only."""
        self.app.post_message(FinishNow(self))
