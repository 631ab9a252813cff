"""Race for the Galaxy's tableau as a player enters it on their own terminal (`lastround join`).

The host's card picker with keys a phone's keyboard has: Backspace in an empty search takes
the last card off (the host's Ctrl+R), and the footer lists only what fits 40 columns.
"""

from __future__ import annotations

from textual.binding import Binding
from textual.widgets import Input

from lastround.screens.join_steps import out_of_the_footer, seat_heading
from lastround.screens.rftg.cards import CardsScreen


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
