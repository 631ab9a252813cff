"""What the card picker says of a card: its suggestion line, and the line naming the card
Enter adds (or why Enter adds none yet)."""

from __future__ import annotations

from collections.abc import Sequence

from lastround.games.rftg.cards import Card, card
from lastround.games.rftg.picking import Pick
from lastround.games.rftg.tableau import used_up
from lastround.games.words import join_names
from lastround.widgets.one_line_list import Said

SHORT_KINDS = {"development": "dev"}  # as players say it, where the whole word has no room


class CardLines:
    """The lines for one tableau being typed: its cards, and the other players'."""

    def __init__(self, edition: str, boxes: tuple[str, ...], kept: Sequence[str],
                 elsewhere: Sequence[str]) -> None:
        self.edition, self.boxes = edition, boxes
        self.kept, self.elsewhere = kept, elsewhere

    def worth(self, found: Card) -> str:
        return "? VP" if found.bonus and not found.vp else f"{found.vp} VP"

    def used(self, name: str) -> str:
        return used_up(name, self.kept, self.elsewhere, self.boxes)

    def suggestion(self, name: str) -> Said:
        """"Gem World  (world, 1 VP) · all 2 used", on one line of the list: where it has no
        room, the kind shortened ("dev"), then left out, then the name cut; never the VP."""
        found = card(name, self.edition, self.boxes)
        worth, used = self.worth(found), self.used(name)
        marks = f" · {used}" if used else ""
        kinds = dict.fromkeys([found.kind, SHORT_KINDS.get(found.kind, found.kind)])
        return Said(name, name, [*(f"  ({kind}, {worth}){marks}" for kind in kinds),
                                 f"  {worth}{marks}"])

    def enter_adds(self, found: Pick, highlighted: str | None, picked: bool) -> str:
        """What Enter does with the highlighted suggestion, said before it is pressed."""
        if highlighted is None:
            return ""
        if highlighted == found.named or picked:
            used = self.used(highlighted)
            worth = self.worth(card(highlighted, self.edition, self.boxes))
            return f"{highlighted}: {used}" if used else f"Enter adds {highlighted}, {worth}"
        if found.rivals:
            return f"{len(found.rivals)} cards match: type on, or ↓ ↑ to choose"
        if highlighted in found.spelled:
            return f"{highlighted}: {self.used(highlighted)}"
        return "No card matches: ↓ ↑ to choose a guess"

    def out_of_play(self, why: str) -> str:
        """Why Enter added nothing for a card of a box not in play (`why`: picking's
        out_of_play)."""
        return (f"{why}: Enter adds nothing. ↓ ↑ choose a card in play, or change the "
                "expansions at the setup step.")

    def not_named(self, typed: str, found: Pick, highlighted: str) -> str:
        """Why one Enter added nothing, when several cards left share the letters ("" when
        they spell none: only guesses)."""
        if not found.rivals:
            return ""
        return (f'"{typed.strip()}" spells {join_names(list(found.rivals), "and")}: type on, '
                f"or Enter again adds {highlighted} (↓ ↑ choose another)")
