"""Galileo Galilei: the turns still to play, ended one by one, and the Tier III draws.

Every ended turn and every draw is saved at once (a partial entry of this step), so a
dropped connection mid-round loses nothing; the step is confirmed when the last turn ends.
"""

from __future__ import annotations

import copy
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from screens.draw import DrawScreen
from screens.step import StepScreen
from tui.games import galileo_turns
from tui.games.base import RulesError, player_names
from tui.widgets.plain import Plain

CURRENT = "▶"
DONE = "✓"


class TurnsScreen(StepScreen):
    BINDINGS = [
        Binding("enter", "confirm", "End turn", id="confirm", priority=True,
                tooltip="The current player's turn is over (saved at once)"),
        Binding("d", "draw('gap')", "Gap", id="draw-gap",
                tooltip="The display has a gap: draw a random unused Tier III card"),
        Binding("w", "draw('reward')", "Reward", id="draw-reward",
                tooltip="A constellation reward asks for a card from the empty deck"),
        Binding("u", "undo_turn", "Undo", id="undo-turn",
                tooltip="Mark the last ended turn as not yet played"),
    ]

    def compose_body(self) -> ComposeResult:
        yield Plain(id="trigger-line")
        yield Plain(id="turn-list")
        yield Plain(id="draw-list")

    def on_mount(self) -> None:
        self.show()

    @property
    def data(self) -> dict[str, Any]:
        return self.session.data

    def show(self) -> None:
        names = player_names(self.data)
        trigger = self.data["trigger"]
        how = "laid on the display" if trigger["how"] == "display" else "taken as a reward"
        self.query_one("#trigger-line", Static).update(
            f"The last Discovery card left the deck on {names[trigger['player']]}'s turn ({how}).")
        turns = galileo_turns.session_turns(self.data)
        done = int(self.data.get("turns_done", 0))
        lines, phase = [], ""
        for number, turn in enumerate(turns):
            if turn.phase != phase:
                phase = turn.phase
                lines.append("Finish the round:" if phase == galileo_turns.REST_OF_ROUND
                             else "One more turn each, first player first:")
            mark = DONE if number < done else CURRENT if number == done else " "
            now = "  ← now playing" if number == done else ""
            first = " (first player)" if turn.seat == self.data.get("first_player") else ""
            lines.append(f" {mark} {names[turn.seat]}{first}{now}")
        if done >= len(turns):
            lines.append("Every turn is played: Enter goes on to the final scoring.")
        self.query_one("#turn-list", Static).update("\n".join(lines))
        self.query_one("#draw-list", Static).update(self.draws_text())

    def draws_text(self) -> str:
        drawn = galileo_turns.drawn_cards_text(self.data)
        if not drawn:
            return "\nNo Tier III card drawn. Press d for a display gap, w for a reward."
        return "\n" + drawn

    def progress(self, turns_done: int, draws: list[dict[str, Any]]) -> dict[str, Any]:
        return {"turns_done": turns_done, "draws": draws}

    def values(self) -> dict[str, Any] | None:
        turns = galileo_turns.session_turns(self.data)
        done = min(int(self.data.get("turns_done", 0)) + 1, len(turns))
        return self.progress(done, copy.deepcopy(self.data.get("draws") or []))

    def action_confirm(self) -> None:
        if self.read_only:
            self.lastround.go_home()
            return
        values = self.values()
        assert values is not None
        turns = len(galileo_turns.session_turns(self.data))
        finished = int(self.data.get("turns_done", 0)) >= turns
        self.lastround.confirm_step(values, partial=not finished)
        if not finished:
            self.show()

    def action_undo_turn(self) -> None:
        done = int(self.data.get("turns_done", 0))
        if done and not self.read_only:
            draws = copy.deepcopy(self.data.get("draws") or [])
            self.lastround.confirm_step(self.progress(done - 1, draws), partial=True)
            self.show()

    def action_draw(self, reason: str) -> None:
        if self.read_only:
            return
        draws = self.data.get("draws") or []
        scratch = {"seed": self.data["seed"], "draws": copy.deepcopy(draws),
                   "turns_done": self.data.get("turns_done", 0)}

        def drawn(result: dict[str, Any] | None) -> None:
            if result is None:
                return
            try:
                galileo_turns.record_draw(scratch, reason, result["box"], result["card"])
            except RulesError as error:
                self.say(error.message)
                return
            self.lastround.confirm_step(
                self.progress(int(scratch["turns_done"]), scratch["draws"]), partial=True)
            self.show()

        self.app.push_screen(DrawScreen(scratch, reason), drawn)
