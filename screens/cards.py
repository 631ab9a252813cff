"""Race for the Galaxy: one player's tableau, picked by name, or two quick numbers.

Type a few letters, Enter adds the highlighted card; Enter on an empty search confirms.
The rules module finds the names and refuses unknown cards or too many copies. When the
letters spell no card, the list holds only guesses: Enter refuses once and names them,
and adds the highlighted guess only when pressed again or after choosing with the arrows.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from screens.step import StepScreen
from tui.fields import Invalid, parse_int
from tui.games import rftg
from tui.games.base import Field
from tui.widgets.error_line import ErrorLine

SUGGESTIONS = 8
QUICK_FIELDS = (
    Field("tableau_vp", "Printed VP of the tableau", minimum=0, maximum=200),
    Field("bonus_vp", "6-cost development bonuses", minimum=-20, maximum=200),
)


class CardsScreen(StepScreen):
    BINDINGS = [
        Binding("down", "suggestion(1)", "Next card", show=False),
        Binding("up", "suggestion(-1)", "Previous card", show=False),
        Binding("ctrl+r", "remove_last", "Remove last", id="remove-last",
                tooltip="Take the last card off the tableau"),
        Binding("ctrl+t", "quick", "Quick entry", id="quick-entry",
                tooltip="Quick entry: printed VP and bonuses as two numbers instead of cards"),
        Binding("ctrl+t", "list_cards", "List cards", id="list-cards",
                tooltip="Go back to listing the tableau card by card"),
    ]
    QUICK_HINT = ("Quick entry: the printed VP of every card (6-cost developments as 0), then "
                  "the 6-cost development bonuses already added up. Ctrl+T lists cards instead.")

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        known = self.session.values_for(self.step) or dict(
            self.session.data["players"][self.step.player or 0])
        self.cards: list[str] = list(known.get("tableau", []))
        self.quick = "tableau_vp" in known and "tableau" not in known
        self.known = known
        self.edition = str(self.session.data.get("edition", rftg.DEFAULT_EDITION))
        self.spelled: set[str] = set()  # suggestions the typed letters spell (not guesses)
        self.picked = False  # the player chose among the suggestions (arrows, or a refusal)

    def compose_body(self) -> ComposeResult:
        with Horizontal(id="picker", classes="" if not self.quick else "hidden"):
            with Vertical(id="search-side"):
                yield Input(placeholder="type a few letters of a card", id="search", compact=True)
                yield OptionList(id="suggestions")
            yield Static(id="tableau")
        # Built when first used: most tables list cards, and each widget costs the step
        # change that shows this screen.
        with Vertical(id="quick", classes="hidden" if not self.quick else ""):
            if self.quick:
                yield from self.quick_fields()

    def quick_fields(self) -> ComposeResult:
        yield Static(self.QUICK_HINT, classes="field-hint")
        for field in QUICK_FIELDS:
            yield Horizontal(
                Label(field.label, classes="field-label"),
                Input(str(self.known.get(field.key, "")), type="integer", compact=True,
                      id=f"field-{field.key}", classes="number", max_length=5,
                      valid_empty=True),  # as in every form: Enter says what's needed
                classes="field-row")
            yield ErrorLine(id=f"error-{field.key}")

    def on_mount(self) -> None:
        self.show_suggestions("")
        self.show_tableau()
        self.query_one("#field-tableau_vp" if self.quick else "#search", Input).focus()

    # the search ------------------------------------------------------------------
    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "search":
            self.show_suggestions(event.value)

    def show_suggestions(self, query: str) -> None:
        options = self.query_one("#suggestions", OptionList)
        options.clear_options()
        self.spelled = set(rftg.matching_cards(query, SUGGESTIONS))
        self.picked = False
        # Letters or digits are needed: punctuation alone would list the alphabet's first cards.
        typed = any(ch.isalnum() for ch in query)
        found = rftg.search_cards(query, SUGGESTIONS) if typed else []
        options.add_options(Option(self.card_label(name), id=name) for name in found)
        if found:
            options.highlighted = 0

    def card_label(self, name: str) -> str:
        card = rftg.card(name, self.edition)
        worth = "? VP" if card.six_dev else f"{card.vp} VP"
        return f"{name}  ({card.kind}, {worth})"

    def action_suggestion(self, delta: int) -> None:
        options = self.query_one("#suggestions", OptionList)
        if options.option_count:
            options.highlighted = ((options.highlighted or 0) + delta) % options.option_count
            self.picked = True

    def action_confirm(self) -> None:
        """Enter adds the highlighted card while a search is typed, else confirms the step."""
        search = self.query_one("#search", Input)
        if not self.quick and search.value.strip() and not self.read_only:
            self.add_highlighted(search.value)
        else:
            super().action_confirm()

    def add_highlighted(self, typed: str) -> None:
        options = self.query_one("#suggestions", OptionList)
        if options.highlighted is None:
            self.say(rftg.unknown_card_message(typed))
            return
        name = str(options.get_option_at_index(options.highlighted).id)
        if name not in self.spelled and not self.picked:
            # Only guesses at a misspelt or unknown name: say so before adding one.
            self.picked = True
            self.say(rftg.unknown_card_message(typed) + " Enter adds the highlighted one.")
            return
        self.add_card(name)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """A click on a suggestion adds it."""
        event.stop()
        if not self.read_only and event.option.id is not None:
            self.add_card(str(event.option.id))

    def add_card(self, name: str) -> None:
        problem = rftg.tableau_problems([*self.cards, name], self.edition, self.elsewhere())
        if problem:
            self.say(problem)
            return
        self.cards.append(name)
        self.say("")
        self.query_one("#search", Input).value = ""
        self.show_tableau()

    def elsewhere(self) -> list[str]:
        """Cards already in the other players' tableaux (copies are shared by the deck)."""
        players = self.session.data["players"]
        return [name for i, p in enumerate(players) if i != self.step.player
                for name in p.get("tableau", [])]

    def action_remove_last(self) -> None:
        if self.cards:
            self.cards.pop()
            self.say("")
            self.show_tableau()

    def show_tableau(self) -> None:
        lines = [f"Tableau: {len(self.cards)} card{'' if len(self.cards) == 1 else 's'}"]
        for number, name in enumerate(self.cards, 1):
            card = rftg.card(name, self.edition)
            lines.append(f"{number:>2}. {name}" + (" ?" if card.six_dev else f" {card.vp}"))
        if not self.cards:
            lines.append("(none yet)")
        self.query_one("#tableau", Static).update("\n".join(lines))

    # quick entry ------------------------------------------------------------------
    async def action_quick(self) -> None:
        quick = self.query_one("#quick")
        if not quick.children:
            await quick.mount_all(self.quick_fields())
        self.switch_entry(quick=True)

    def action_list_cards(self) -> None:
        self.switch_entry(quick=False)

    def switch_entry(self, *, quick: bool) -> None:
        self.quick = quick
        self.query_one("#picker").set_class(self.quick, "hidden")
        self.query_one("#quick").set_class(not self.quick, "hidden")
        self.query_one("#field-tableau_vp" if self.quick else "#search", Input).focus()
        self.say("")
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Ctrl+T reads "Quick entry" while listing cards and "List cards" in quick entry;
        removing the last card only applies to the list."""
        if action in ("remove_last", "quick"):
            return not self.quick
        if action == "list_cards":
            return self.quick
        return True

    def action_back(self) -> None:
        """Esc keeps what was entered: it is saved as progress (the step stays unconfirmed)."""
        progress = None if self.read_only else self.progress()
        if progress is not None and progress != self.session.values_for(self.step):
            self.lastround.confirm_step(progress, partial=True)
        super().action_back()

    def progress(self) -> dict[str, Any] | None:
        """The cards listed so far, or both quick totals if they are valid; else None."""
        if not self.quick:
            return {"tableau": list(self.cards)} if self.cards else None
        try:
            return {field.key: parse_int(field, self.query_one(f"#field-{field.key}",
                                                                Input).value)
                    for field in QUICK_FIELDS}
        except Invalid:
            return None

    def values(self) -> dict[str, Any] | None:
        if not self.quick:
            if not self.cards:
                self.say("List at least the start world, or press Ctrl+T for quick entry")
                return None
            return {"tableau": list(self.cards)}
        values: dict[str, Any] = {}
        for field in QUICK_FIELDS:
            error = self.query_one(f"#error-{field.key}", ErrorLine)
            try:
                values[field.key] = parse_int(field, self.query_one(f"#field-{field.key}",
                                                                    Input).value)
                error.show("")
            except Invalid as problem:
                error.show(str(problem))
                return None
        return values
