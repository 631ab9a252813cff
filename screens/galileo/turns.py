"""Galileo Galilei: the turns still to play, ended one by one, and the Tier III draws.

Every ended turn and every draw is saved at once (a partial entry of this step), so a
dropped connection mid-round loses nothing; the step is confirmed when the last turn ends.
The list starts with the rest of the turn that emptied the deck: a gap during it is that
player's. Draws are listed in a table of their own, which scrolls and picks the draw that x
removes; a removed draw stays in the file, marked removed (see lastround.games.galileo.turns).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widget import Widget
from textual.widgets import DataTable, Static

from lastround.games.base import RulesError, Step, player_names
from lastround.games.galileo import turn_actions
from lastround.games.galileo import turns as galileo_turns
from lastround.screens.galileo.draw import DrawScreen
from lastround.screens.messages import Confirmed, GoHome
from lastround.screens.offstage import build_offstage, take_down
from lastround.screens.step import StepScreen
from lastround.widgets.key_order import focus_now
from lastround.widgets.plain import Plain
from lastround.widgets.terminal_cursor import lines_taken

CURRENT = "▶"
DONE = "✓"
HEADINGS = {
    galileo_turns.REST_OF_ROUND: "Finish the round:",
    galileo_turns.FINAL_TURN: "One more turn each, first player first:",
}


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
        Binding("x", "remove_draw", "Remove", id="remove-draw",
                tooltip="Remove the draw picked in the list (kept in the file, marked removed)"),
        # The reference boxes work here too, but the turn's own keys fill the footer at 80
        # columns: these two are listed by F1 and the command palette instead.
        Binding("f2", "app.game_key('galileo-summary')", "Summary", id="galileo-summary-here",
                show=False, tooltip="Galileo Galilei: what scored during play and when"),
        Binding("f3", "app.game_key('galileo-dice')", "Dice", id="galileo-dice-here",
                show=False, tooltip="Galileo Galilei: the dice with their colour-blind marks"),
    ]


    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Keys that can do nothing now leave the footer (it has room for few at 80 columns)."""
        if not self.is_mounted or self.read_only or self.session.data.get("trigger") is None:
            return True
        if action == "draw":
            return galileo_turns.turn_in_progress(self.data) is not None
        if action == "undo_turn":
            return galileo_turns.turns_ended(self.data) > 0
        if action == "remove_draw":
            return galileo_turns.turns_recorded(self.data)[1] > 0
        return True

    def compose_body(self) -> ComposeResult:
        yield Plain(id="turn-list")
        yield Plain(id="draw-heading")
        table: DataTable[Text] = DataTable(id="draw-table", cursor_type="row", show_header=False,
                                           zebra_stripes=False)
        table.display = table.can_focus = False  # until there is a draw to pick
        yield table

    @classmethod
    def step_layout(cls, step: Step) -> Hashable | None:
        return "turns", bool(step.text)

    # the next draw's box, built ahead (lastround.screens.offstage)
    draw_box: DrawScreen | None = None
    said_when_kept = ""  # said under the turns once an action's progress is kept
    to_new_draw = False  # a draw was made: picked in the list once it is kept

    def on_mount(self) -> None:
        self.show()
        self.build_draw_box_soon()

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        self.build_draw_box_soon()  # the last one was used: this turn screen is back

    def on_unmount(self) -> None:
        if self.draw_box is not None:
            take_down(self.draw_box)  # once built, if it is still being built

    def build_draw_box_soon(self) -> None:
        """Once the turns are drawn, and a moment after (as lastround.shell.ahead builds a step)."""
        self.call_after_refresh(self.set_timer, 0.05, self.build_draw_box)

    def build_draw_box(self) -> None:
        if (self.draw_box is None and self.is_current and not self.read_only
                and self.data.get("trigger") is not None):
            self.draw_box = DrawScreen(self.data, "gap")
            # built, not shown (as lastround.shell.ahead does)
            build_offstage(self.app, self.draw_box)

    def fill(self) -> None:
        self.show()

    def focus_first(self) -> None:
        table = self.query_one("#draw-table", DataTable)
        if table.row_count:
            focus_now(table)  # the arrows pick a draw at once

    @property
    def data(self) -> dict[str, Any]:
        return self.session.data

    def show(self) -> None:
        if self.data.get("trigger") is None:  # built ahead, before the trigger is confirmed
            return
        self.query_one("#turn-list", Static).update("\n".join(self.turn_lines()))
        self.show_draws()
        self.refresh_bindings()

    def cursor_row(self) -> tuple[Widget, int] | None:
        """Nothing focused (no draw to pick): the terminal's cursor on the current player's
        line, where a braille display reads (lastround.widgets.terminal_cursor)."""
        if self.data.get("trigger") is None:
            return None
        lines = self.turn_lines()
        current = next((n for n, line in enumerate(lines) if line.startswith(f" {CURRENT} ")),
                       len(lines) - 1)
        shown = self.query_one("#turn-list")
        return shown, lines_taken(shown, lines[:current])

    def turn_lines(self) -> list[str]:
        names = player_names(self.data)
        trigger = self.data["trigger"]
        how = "laid on the display" if trigger["how"] == "display" else "taken as a reward"
        turns = galileo_turns.listed_turns(self.data)
        ended = galileo_turns.turns_ended(self.data)
        lines = [f"The last Discovery card left the deck on {names[trigger['player']]}'s turn "
                 f"({how}):"]
        for place, turn in enumerate(turns):
            if place and turn.phase != turns[place - 1].phase:
                lines.append(HEADINGS[turn.phase])
            mark = DONE if place < ended else CURRENT if place == ended else " "
            now = "  ← now playing" if place == ended else ""
            first = " (first player)" if turn.seat == self.data.get("first_player") else ""
            who = (f"{names[turn.seat]}: the rest of this turn" if place == 0
                   else f"{place}. {names[turn.seat]}{first}")
            lines.append(f" {mark} {who}{now}")
        if ended >= len(turns):
            lines.append("Every turn is played: Enter goes on to the final scoring.")
        return lines

    def show_draws(self) -> None:
        lines = galileo_turns.draw_lines(self.data)
        heading = ("Tier III cards drawn from the box (x removes the one picked):" if lines
                   else "No Tier III card drawn. Press d for a display gap, w for a reward.")
        self.query_one("#draw-heading", Static).update(heading)
        table = self.query_one("#draw-table", DataTable)
        row = table.cursor_row
        # One column as wide as the table, each draw wrapped at a word within it: a long
        # card or player name never runs past the window, nor is cut in the middle.
        table.clear(columns=True)
        table.add_column("draw", width=self.draw_width(table))
        for line in lines:
            table.add_row(Text(line), height=None)  # names typed at the table: never markup
        table.display = table.can_focus = bool(lines)
        if lines:
            table.move_cursor(row=min(max(row, 0), len(lines) - 1), animate=False)

    def draw_width(self, table: DataTable[Text]) -> int:
        """The draws' text width: the step body's (the table's, laid out or not yet shown)
        less the table's cell padding and scroll bar."""
        width = self.query_one(".step-body").scrollable_content_region.width or self.app.size.width
        return max(width - 2 * table.cell_padding - table.styles.scrollbar_size_vertical, 10)

    def on_resize(self, event: events.Resize) -> None:
        if self.data.get("trigger") is not None:
            self.call_after_refresh(self.show_draws)  # wrapped again at the new width

    def values(self) -> dict[str, Any] | None:
        return turn_actions.next_turn_values(self.data)

    def action_confirm(self) -> None:
        if self.read_only:
            self.app.post_message(GoHome(self))
            return
        values = self.values()
        assert values is not None
        finished = galileo_turns.turn_in_progress(self.data) is None
        self.app.post_message(Confirmed(self, values, partial=not finished))
        self.said_when_kept = ""  # the turn's line cleared once its progress is kept

    def action_undo_turn(self) -> None:
        if not self.read_only:
            self.save(lambda: turn_actions.undo_values(self.data), "belonged to the turn undone")

    def action_remove_draw(self) -> None:
        if self.read_only:
            return
        table = self.query_one("#draw-table", DataTable)
        if not table.row_count:
            self.say("No draw to remove: none was made.")
            return
        number = table.cursor_row + 1
        self.save(lambda: turn_actions.removal_values(self.data, number), "removed")

    def save(self, ask: Callable[[], dict[str, Any]], why: str = "") -> bool:
        """Save what the rules make of an action as progress (a partial entry), and say which
        draws it removed; False (and the rules' reason, said) when they refuse it."""
        try:
            values = ask()
        except RulesError as error:
            self.say(error.message)
            return False
        self.app.post_message(Confirmed(self, values, partial=True))
        removed = values.get("removed_draws") or []
        numbers = ", ".join(map(str, removed))
        self.said_when_kept = (f"Draw {numbers} {why}: kept in the file, marked removed."
                               if removed else "")
        return True

    def progress_kept(self) -> None:
        """The turn's action is saved: the turns and draws as they now stand, a new draw
        picked in the list."""
        self.show()
        if self.said_when_kept:
            self.say_later(self.said_when_kept)
        else:
            self.say("")
        if self.to_new_draw:
            self.to_new_draw = False
            table = self.query_one("#draw-table", DataTable)
            table.move_cursor(row=table.row_count - 1, animate=False)  # the new draw
            focus_now(table)

    def action_draw(self, reason: str) -> None:
        if self.read_only:
            return
        if galileo_turns.turn_in_progress(self.data) is None:
            self.say("Every turn is played: a draw is only recorded during a turn.")
            return

        def drawn(result: dict[str, Any] | None) -> None:
            if result is not None and self.save(lambda: turn_actions.draw_values(
                    self.data, reason, result["box"], result["card"])):
                self.to_new_draw = True  # once it is listed

        box, self.draw_box = self.draw_box, None
        if box is not None and box.is_mounted:
            box.ready_for(self.data, reason)
        else:
            box = DrawScreen(self.data, reason)
        self.app.push_screen(box, drawn)
