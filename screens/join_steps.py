"""The step screens as a player sees them on their own terminal (`lastround join`).

The host's screens, with keys a phone's keyboard has: on a form ↓ and ↑ go from field to
field (the host's Tab), and on the tableau Backspace in an empty search takes the last card
off (the host's Ctrl+R). The heading names the seat and how far through its steps it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from textual import events
from textual.binding import Binding, BindingType
from textual.widgets import Input

from screens.cards import CardsScreen
from screens.form import FormScreen
from screens.step import StepScreen
from tui.games.seats import seat_steps
from tui.session.terminal_safe import visible


def out_of_the_footer(bindings: Sequence[BindingType], *keys: str, keep: str = "") -> list[Binding]:
    """The base class's bindings of `keys`, still working but not listed: a 40-column footer
    has room for the keys a player needs (the action `keep` stays listed)."""
    return [replace(b, show=b.show and b.action == keep) for b in bindings
            if isinstance(b, Binding) and b.key in keys]


def seat_heading(screen: StepScreen) -> None:
    """"Race for the Galaxy — Maya 1/2": the game, the seat, its own steps."""
    session, step = screen.session, screen.step
    seat = step.player or 0
    own = [s.id for s in seat_steps(session.steps(), seat)]
    players = session.players
    name = visible(players[seat]) if seat < len(players) else ""
    place = f" {own.index(step.id) + 1}/{len(own)}" if step.id in own else ""
    screen.title = session.title
    screen.sub_title = f"{name}{place}"


class JoinFormScreen(FormScreen):
    BINDINGS = [
        # Priority: a choice's own ↑ ↓ give way (← → still change it).
        Binding("down", "app.focus_next", "Next", id="next-field", priority=True,
                key_display="↓", tooltip="The next field (as Tab does)"),
        Binding("up", "app.focus_previous", "Prev", id="previous-field",
                priority=True, key_display="↑", tooltip="The field before"),
    ]

    def show_heading(self) -> None:
        seat_heading(self)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """The field reached is brought to the middle: at 40×16 the running total, docked
        under the fields, would cover one brought only into view at the bottom."""
        body = self.query_one(".step-body")
        self.call_after_refresh(body.scroll_to_center, event.widget, animate=False)


class JoinCardsScreen(CardsScreen):
    search_was_empty = True  # as the footer shows it: rebuilt only when that changes

    BINDINGS = [
        Binding("backspace", "take_off_last", "Remove last", id="take-off-last",
                priority=True, key_display="⌫",
                tooltip="Take the last card off the tableau (the search is empty)"),
        # The base's Backspace in the tableau list, which a class's own Backspace would hide.
        *(b for b in CardsScreen.BINDINGS
          if isinstance(b, Binding) and b.action == "remove_chosen"),
        # Tab into the list, quick entry and Esc still work; the list then lists its keys.
        *out_of_the_footer(CardsScreen.BINDINGS, "tab", "ctrl+t", keep="to_search"),
    ]

    def show_heading(self) -> None:
        seat_heading(self)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "take_off_last":
            return self.search_is_empty() and bool(self.cards) and not self.read_only
        return super().check_action(action, parameters)

    def search_is_empty(self) -> bool:
        # Asked for the footer even before the screen is built: no query until it is.
        if self.quick or not self.is_mounted:
            return False
        search = self.query_one("#search", Input)
        return self.focused is search and not search.value

    def action_take_off_last(self) -> None:
        self.action_remove_last()

    def on_input_changed(self, event: Input.Changed) -> None:
        # Textual runs CardsScreen's own handler after this one (each class's in turn).
        empty = not event.input.value
        if event.input.id == "search" and empty != self.search_was_empty:
            self.search_was_empty = empty
            self.refresh_bindings()  # Backspace takes a card off only while the search is empty
