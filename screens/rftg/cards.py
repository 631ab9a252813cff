"""Race for the Galaxy: one player's tableau, picked by name, or two quick numbers.

Type a few letters: the line under the list names the card Enter adds (the rules module's
pick among the cards the deck still has); Enter on an empty search confirms. Letters several
cards share, or only guesses at a misspelt name, add nothing on the first Enter: it names
them, and Enter again (or the arrows) picks the highlighted one. A suggestion whose copies
are all in tableaux is marked in words ("all 2 used").

Tab moves into the tableau list: ↑ ↓ choose any card, Delete removes it, Enter opens the
search to replace it (the card typed then takes its place). The player's points so far
(printed VP and 6-cost bonuses of the cards listed) are shown above the list, scored by the
game's own `so_far` on a copy of the session.
"""

from __future__ import annotations

import re
from collections.abc import Hashable
from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, OptionList, Static

from lastround.games.base import PlayerScore, RulesError, Step
from lastround.games.rftg import cards as rftg_cards
from lastround.games.rftg.expansions import boxes_in
from lastround.games.rftg.picking import Pick, out_of_play, pick, remaining_cards
from lastround.games.rftg.quick_entry import quick_fields
from lastround.games.rftg.search import unknown_card_message
from lastround.games.rftg.tableau import tableau_problems
from lastround.records.running_total import total_text
from lastround.screens.messages import Confirmed
from lastround.screens.rftg.cards_lines import CardLines
from lastround.screens.rftg.cards_list import TableauEditing
from lastround.screens.step import StepScreen
from lastround.session.drafts import DraftValues
from lastround.session.fields import parse_int, typing_problem
from lastround.session.session import Session, session_copy
from lastround.widgets.card_search import CardSearch
from lastround.widgets.key_order import focus_now
from lastround.widgets.one_line_list import OneLineList
from lastround.widgets.plain import Plain
from lastround.widgets.quick_entry import QuickEntry
from lastround.widgets.tableau_list import TableauList

SUGGESTIONS = 8


class CardsScreen(TableauEditing):
    BINDINGS = [
        Binding("down", "suggestion(1)", "Next card", show=False),
        Binding("up", "suggestion(-1)", "Previous card", show=False),
        # Kept for hands used to it, out of the footer: Tab and Delete remove any card.
        Binding("ctrl+r", "remove_last", "Remove last", id="remove-last", show=False,
                tooltip="Take the last card off the tableau"),
        Binding("tab", "edit_list", "Edit list", id="edit-list",
                tooltip="Move into the tableau list to remove or replace any card"),
        Binding("tab", "to_search", "Search", id="to-search",
                tooltip="Back to the search: the cards typed go on the end of the list"),
        Binding("tab", "app.focus_next", show=False),  # elsewhere (quick entry) as always
        Binding("delete,backspace", "remove_chosen", "Remove card", id="remove-card",
                tooltip="Take the chosen card off the tableau"),
        # Enter confirms, or in the list replaces the chosen card: both bindings are here, as
        # a class's binding of a key hides the ones its base classes have for it.
        *(b for b in StepScreen.BINDINGS if isinstance(b, Binding) and b.key == "enter"),
        Binding("enter", "replace_chosen", "Replace card", id="replace-card", priority=True,
                tooltip="Type the card to put in the chosen card's place"),
        Binding("ctrl+t", "quick", "Quick entry", id="quick-entry",
                tooltip="Quick entry: printed VP and bonuses as two numbers instead of cards"),
        Binding("ctrl+t", "list_cards", "List cards", id="list-cards",
                tooltip="Go back to listing the tableau card by card"),
    ]
    QUICK_HINT = ("Quick entry: the printed VP of every card (6-cost developments as 0), then "
                  "the 6-cost development bonuses already added up. Ctrl+T lists cards instead.")

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.take_step()

    def take_step(self) -> None:
        """What the screen holds for the step it shows (at first, and for the next player's
        tableau shown in the same widgets: see `fill`)."""
        self.known, self.quick = self.entry_for(self.session, self.step)
        self.cards: list[str] = list(self.known.get("tableau", []))
        self.edition = str(self.session.data.get("edition", rftg_cards.DEFAULT_EDITION))
        self.boxes = boxes_in(self.session.data)  # the expansions whose cards are in play
        self.found = Pick((), None, frozenset(), ())  # what the typed letters find
        self.suggested_for: str | None = None  # the search the list shows suggestions for
        self.picked = False  # the player chose among the suggestions (arrows, or a refusal)
        self.replacing: int | None = None  # the card the next one typed takes the place of

    def entry_for(self, session: Session, step: Step) -> tuple[dict[str, Any], bool]:
        """The player's values known so far, and whether they open in quick entry."""
        known = session.values_for(step) or dict(session.data["players"][step.player or 0])
        quick = "tableau_vp" in known and "tableau" not in known
        kept = None if self.read_only else self.drafts.draft_for(step)
        if kept is not None and kept.get("entry") in ("cards", "quick"):
            quick = kept["entry"] == "quick"  # its fields are built, to take the draft
        return known, quick

    @classmethod
    def step_layout(cls, step: Step) -> Hashable | None:
        return "cards", bool(step.text)

    def shows_like(self, session: Session, step: Step) -> bool:
        """Quick entry's fields are built when first used: a tableau that opens in them is
        shown in widgets that hold them (none, while the screen is being built)."""
        built = any(quick.built for quick in self.query("#quick").results(QuickEntry))
        return super().shows_like(session, step) and (
            built or not self.entry_for(session, step)[1])

    def fill(self) -> None:
        self.take_step()
        quick = self.quick_entry()
        quick.known = self.known
        quick.restore({field.key: str(self.known.get(field.key, ""))
                       for field in quick_fields(self.boxes)})
        quick.clear_errors()
        self.query_one("#search", Input).value = ""
        self.show_suggestions("")
        self.query_one("#picker").set_class(self.quick, "hidden")
        quick.set_class(not self.quick, "hidden")
        self.show_tableau()

    def compose_body(self) -> ComposeResult:
        with Horizontal(id="picker", classes="" if not self.quick else "hidden"):
            with Vertical(id="search-side"):
                yield CardSearch(self.add_pasted, placeholder="type a few letters of a card",
                                 id="search")
                suggestions = OneLineList(id="suggestions", markup=False)
                suggestions.can_focus = False  # the arrows in the search move it; Tab passes
                yield suggestions
                yield Plain(id="enter-adds")  # the card Enter adds, before it is pressed
            with Vertical(id="tableau"):
                yield Plain(id="tableau-heading")
                yield Plain(id="tableau-total")  # beside the cards it counts
                yield TableauList(id="tableau-cards")
        yield QuickEntry(self.QUICK_HINT, quick_fields(self.boxes), self.known, read=parse_int,
                         problem=typing_problem, shown=self.quick, id="quick")

    def quick_entry(self) -> QuickEntry:
        return self.query_one("#quick", QuickEntry)

    def on_mount(self) -> None:
        self.show_suggestions("")
        self.show_tableau()

    def focus_first(self) -> None:
        focus_now(self.quick_entry().first_entry() if self.quick
                  else self.query_one("#search", Input))

    # the search ------------------------------------------------------------------
    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "search":  # its value now: a burst's change may come after later
            self.show_suggestions(event.input.value)
        else:
            self.quick_entry().show_typing_problem(event.input)

    def current_suggestions(self) -> OptionList:
        """The list for the search as it stands now: keys typed in a burst may be ahead of
        the list, which otherwise follows the field a moment later."""
        search = self.query_one("#search", Input).value
        if search != self.suggested_for:
            self.show_suggestions(search)
        return self.query_one("#suggestions", OptionList)

    def show_suggestions(self, query: str) -> None:
        if query == self.suggested_for:
            return  # already listed (a burst of keys listed it before this change arrived)
        self.suggested_for = query
        options = self.query_one("#suggestions", OneLineList)
        self.picked = False
        remaining = remaining_cards(self.kept_cards(), self.elsewhere(), self.boxes)
        self.found = pick(query, remaining, SUGGESTIONS, self.boxes)
        lines = self.lines()
        options.show(lines.suggestion(name) for name in self.found.listed)
        if self.found.listed:
            options.highlighted = 0
        self.show_enter_adds()

    def highlighted_card(self) -> str | None:
        options = self.query_one("#suggestions", OptionList)
        at = options.highlighted
        return None if at is None else str(options.get_option_at_index(at).id)

    def show_enter_adds(self) -> None:
        """Under the list, what Enter will do with the letters typed."""
        text = self.lines().enter_adds(self.found, self.highlighted_card(), self.picked)
        self.query_one("#enter-adds", Static).update(text)

    def lines(self) -> CardLines:
        return CardLines(self.edition, self.boxes, self.kept_cards(), self.elsewhere())

    def kept_cards(self) -> list[str]:
        """The cards a new one joins: all listed, less the one being replaced."""
        return [n for i, n in enumerate(self.cards) if i != self.replacing]

    def action_suggestion(self, delta: int) -> None:
        options = self.current_suggestions()
        if options.option_count:
            options.highlighted = ((options.highlighted or 0) + delta) % options.option_count
            self.picked = True
            self.show_enter_adds()

    def action_confirm(self) -> None:
        """Enter adds the highlighted card while a search is typed, else confirms the step
        (or, while replacing a card, keeps it as it was)."""
        search = self.query_one("#search", Input)
        if not self.quick and search.value.strip() and not self.read_only:
            self.add_highlighted(search.value)
        elif self.replacing is not None and not self.quick:
            self.replacing = None
            self.show_tableau()
            self.say("")
        else:
            super().action_confirm()

    def add_highlighted(self, typed: str) -> bool:
        """Add the highlighted suggestion; False (and why, said) when none is added."""
        options = self.current_suggestions()
        elsewhere = "" if self.picked or self.found.named else out_of_play(typed, self.boxes)
        if elsewhere:  # a card of a box not in play: never a card in play instead
            self.say(self.lines().out_of_play(elsewhere))
            self.query_one("#enter-adds", Static).update("Enter adds nothing: not in this game")
            return False
        if options.highlighted is None:
            self.say(unknown_card_message(typed, boxes=self.boxes))
            return False
        name = str(options.get_option_at_index(options.highlighted).id)
        if self.picked or (name not in self.found.rivals and name in self.found.spelled):
            return self.add_card(name)  # named, chosen, or used up (add_card says so)
        # Letters several cards left share, or only guesses: the player chooses, not Enter.
        self.picked = True
        self.show_enter_adds()
        self.say(self.lines().not_named(typed, self.found, name)
                 or unknown_card_message(typed, boxes=self.boxes) + " Enter adds the "
                 "highlighted one.")
        return False

    def add_pasted(self, text: str) -> None:
        """Each name of a pasted list, as if typed and confirmed with Enter; at the first one
        refused, it and the names after it stay in the search field, and the reason is said."""
        if self.quick or self.read_only:
            return
        search = self.query_one("#search", Input)
        names = [n.strip() for n in re.split(r"[\r\n,;]+", text) if n.strip()]
        for number, name in enumerate(names):
            search.value = search.value + name if number == 0 else name
            if not self.add_highlighted(search.value):
                search.value = ", ".join([search.value, *names[number + 1:]])
                search.cursor_position = len(search.value)
                return

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """A click on a suggestion adds it."""
        event.stop()
        if not self.read_only and event.option.id is not None:
            self.add_card(str(event.option.id))

    def add_card(self, name: str) -> bool:
        """Add a card to the end, or put it in the place of the card being replaced."""
        problem = tableau_problems([*self.kept_cards(), name], self.edition,
                                   self.elsewhere(), self.boxes)
        if problem:
            self.say(problem)
            return False
        if self.replacing is not None and self.replacing < len(self.cards):
            self.cards[self.replacing] = name
        else:
            self.cards.append(name)
        self.replacing = None
        self.say("")
        self.query_one("#search", Input).value = ""
        self.show_tableau()
        return True

    def action_remove_last(self) -> None:
        if self.cards:
            self.remove_card(len(self.cards) - 1)

    def show_suggestions_again(self, query: str) -> None:
        """The marks ("all 2 used") depend on the cards kept, not only on the letters."""
        self.suggested_for = None
        self.show_suggestions(query)

    def show_tableau(self, chosen: int | None = None) -> None:
        count = len(self.cards)
        heading = f"Tableau: {count} card{'' if count == 1 else 's'}"
        if self.replacing is not None:
            name = self.cards[self.replacing]
            heading += (f"\nReplacing {self.replacing + 1}. {name}: type the card for its "
                        "place (Enter alone keeps it)")
        elif not count:
            heading += "\n(none yet)"
        self.query_one("#tableau-heading", Static).update(heading)
        lines = []
        for number, name in enumerate(self.cards, 1):
            card = rftg_cards.card(name, self.edition, self.boxes)
            mark = "→" if number - 1 == self.replacing else ""
            worth = " ?" if card.bonus and not card.vp else f" {card.vp}"
            lines.append(f"{mark}{number:>2}. {name}{worth}")
        self.tableau_list().show(lines, chosen)
        score = self.score_so_far()
        self.query_one("#tableau-total", Static).update(total_text(score) if score else "")
        self.refresh_bindings()  # Tab into the list is offered once it holds a card
        search = self.query_one("#search", Input).value
        if search.strip():
            self.show_suggestions_again(search)

    def score_so_far(self) -> PlayerScore | None:
        """The player's points with the cards listed: the game scores them (never here)."""
        trial = session_copy(self.session.data)
        try:
            self.session.game.apply(trial, self.step, {"tableau": list(self.cards)})
            scores = self.session.game.so_far(trial)
        except (RulesError, LookupError, TypeError, ValueError):
            return None
        player = self.step.player or 0
        return scores[player] if player < len(scores) else None

    # the draft ---------------------------------------------------------------------
    def draft(self) -> DraftValues | None:
        values: DraftValues = {"entry": "quick" if self.quick else "cards",
                               "cards": list(self.cards),
                               "search": self.query_one("#search", Input).value}
        return {**values, **self.quick_entry().draft()}

    def restore(self, values: DraftValues) -> None:
        cards = [str(name) for name in values["cards"]]
        problem = tableau_problems(cards, self.edition, self.elsewhere(), self.boxes)
        if problem:
            raise ValueError(problem)
        self.cards = cards
        self.query_one("#search", Input).value = str(values.get("search", ""))
        self.quick_entry().restore(values)
        quick = values.get("entry") == "quick" and self.quick_entry().built
        if quick != self.quick:
            self.switch_entry(quick=quick)
        self.show_tableau()

    # quick entry ------------------------------------------------------------------
    async def action_quick(self) -> None:
        await self.quick_entry().build()
        self.switch_entry(quick=True)

    def action_list_cards(self) -> None:
        self.switch_entry(quick=False)

    def switch_entry(self, *, quick: bool) -> None:
        self.quick = quick
        self.query_one("#picker").set_class(self.quick, "hidden")
        self.query_one("#quick").set_class(not self.quick, "hidden")
        self.focus_first()
        self.say("")
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Ctrl+T reads "Quick entry" while listing cards and "List cards" in quick entry;
        removing the last card only applies to the list. In the tableau list, Enter replaces
        the chosen card and Delete removes it; Tab goes between the search and the list."""
        in_list = self.list_focused()
        if action in ("remove_last", "quick"):
            return not self.quick and not in_list  # in the list, Delete removes any card
        if action == "list_cards":
            return self.quick
        if action == "edit_list":
            return not self.quick and not in_list and bool(self.cards)
        if action in ("to_search", "remove_chosen", "replace_chosen"):
            return in_list and not self.read_only
        if action == "confirm":
            return not in_list
        return True

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        super().on_descendant_focus(event)
        self.refresh_bindings()  # the footer shows the keys of the field or the list

    def action_back(self) -> None:
        """Esc keeps what was entered: it is saved as progress (the step stays unconfirmed)."""
        progress = None if self.read_only else self.progress()
        if progress is not None and progress != self.session.values_for(self.step):
            self.app.post_message(Confirmed(self, progress, partial=True))
        super().action_back()

    def progress(self) -> dict[str, Any] | None:
        """The cards listed so far, or both quick totals if they are valid; else None."""
        if not self.quick:
            return {"tableau": list(self.cards)} if self.cards else None
        return self.quick_entry().progress()

    def values(self) -> dict[str, Any] | None:
        if not self.quick:
            if not self.cards:
                self.say("List at least the start world, or press Ctrl+T for quick entry")
                return None
            return {"tableau": list(self.cards)}
        return self.quick_entry().values()
