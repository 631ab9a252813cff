"""The card picker's tableau list: Tab moves into it, ↑ ↓ choose any card, Delete removes
it, Enter opens the search to replace it (the card typed then takes its place)."""

from __future__ import annotations

from textual.widgets import Input

from lastround.screens.step import StepScreen
from lastround.widgets.key_order import focus_now
from lastround.widgets.tableau_list import TableauList


class TableauEditing(StepScreen):
    """Mixed into lastround.screens.rftg.cards.CardsScreen, which shows the list and the search."""

    cards: list[str]
    quick: bool
    replacing: int | None  # the card the next one typed takes the place of

    def show_tableau(self, chosen: int | None = None) -> None:
        raise NotImplementedError

    def show_suggestions_again(self, query: str) -> None:
        raise NotImplementedError

    def elsewhere(self) -> list[str]:
        """Cards already in the other players' tableaux (copies are shared by the deck)."""
        players = self.session.data["players"]
        return [name for i, p in enumerate(players) if i != self.step.player
                for name in p.get("tableau", [])]

    def tableau_list(self) -> TableauList:
        return self.query_one("#tableau-cards", TableauList)

    def list_focused(self) -> bool:
        # Asked for the footer even before the screen is built: no query here.
        return not self.quick and isinstance(self.focused, TableauList)

    def action_edit_list(self) -> None:
        """Tab: into the list, at the card added last (or the one being replaced)."""
        chosen = self.replacing if self.replacing is not None else len(self.cards) - 1
        self.replacing = None
        focus_now(self.tableau_list())
        self.show_tableau(chosen=chosen)

    def action_to_search(self) -> None:
        focus_now(self.query_one("#search", Input))
        self.show_tableau()

    def action_remove_chosen(self) -> None:
        chosen = self.tableau_list().chosen
        if chosen is not None:
            self.remove_card(chosen)

    def remove_card(self, index: int) -> None:
        del self.cards[index]
        self.replacing = None
        self.say("")
        if self.list_focused() and self.cards:
            self.show_tableau(chosen=min(index, len(self.cards) - 1))
        else:
            self.show_tableau()
            if self.list_focused():  # nothing left to choose: back to typing cards
                focus_now(self.query_one("#search", Input))

    def action_replace_chosen(self) -> None:
        """Enter on a card: the search takes the card that goes in its place."""
        chosen = self.tableau_list().chosen
        if chosen is None:
            return
        self.replacing = chosen
        search = self.query_one("#search", Input)
        focus_now(search)
        self.show_tableau()
        self.show_suggestions_again(search.value)
