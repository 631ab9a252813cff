"""Who is at the table, in seat order, and the game's own settings."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from textual.app import ComposeResult
from textual.widgets import Input

from lastround.games import player_range
from lastround.games.base import Step
from lastround.screens.form import FormScreen
from lastround.session.drafts import DraftValues
from lastround.session.fields import Invalid, check_players, parse_name
from lastround.widgets.entry import Entry
from lastround.widgets.error_line import ErrorLine
from lastround.widgets.field_row import FieldRow
from lastround.widgets.key_order import focus_now
from lastround.widgets.plain import Plain


class SetupScreen(FormScreen):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Confirmed players whose seats were emptied, kept out by a second Enter.
        self.removal_agreed: list[str] = []
    @classmethod
    def step_layout(cls, step: Step) -> Hashable | None:
        return None  # shown once per session

    @property
    def players(self) -> tuple[int, int]:
        """The fewest and the most players the game is for: a seat for each of the most."""
        return player_range(self.session.game_id)

    @property
    def seats(self) -> int:
        return self.players[1]

    def compose_body(self) -> ComposeResult:
        yield Plain("Players in seat order (clockwise). Leave unused seats empty.",
                     classes="field-hint")
        seated = self.session.players
        for seat in range(self.seats):
            name = seated[seat] if seat < len(seated) else ""
            yield FieldRow(f"Seat {seat + 1}", Entry(name, id=f"seat-{seat}", placeholder="name"))
        yield ErrorLine(id="error-seats")
        yield from super().compose_body()

    def draft(self) -> DraftValues | None:
        seats = [self.query_one(f"#seat-{seat}", Input).value for seat in range(self.seats)]
        return {"seats": seats, **(super().draft() or {})}

    def restore(self, values: DraftValues) -> None:
        for seat, name in enumerate(values.get("seats", [])[:self.seats]):
            self.query_one(f"#seat-{seat}", Input).value = str(name)
        super().restore(values)

    def focus_first(self) -> None:
        focus_now(self.query_one("#seat-0", Input))

    def values(self) -> dict[str, Any] | None:
        error = self.query_one("#error-seats", ErrorLine)
        names: list[str] = []
        seat = 0
        try:
            for seat in range(self.seats):
                raw = self.query_one(f"#seat-{seat}", Input).value
                if raw.strip():
                    names.append(parse_name(raw, f"Seat {seat + 1}"))
            seat = 0  # the whole table is wrong (too few, a name twice): start at the top
            check_players(names, *self.players)
        except Invalid as problem:
            error.show(str(problem))
            self.say("Fix the players before confirming")
            focus_now(self.query_one(f"#seat-{seat}", Input))  # selected: typing replaces it
            return None
        if self.asks_about_removed(names):
            return None
        error.show("")
        values = super().values()
        return None if values is None else {"players": names, **values}

    def asks_about_removed(self, names: list[str]) -> bool:
        """A confirmed player's seat left empty (Tab selects a name, Backspace clears it) is
        asked about once: Enter again takes them out of the game."""
        removed = [(seat, name) for seat, name in enumerate(self.session.players[:self.seats])
                   if not self.query_one(f"#seat-{seat}", Input).value.strip()
                   and name not in names]  # a name moved to another seat stays
        if not removed or [name for _, name in removed] == self.removal_agreed:
            return False
        self.removal_agreed = [name for _, name in removed]
        seat = removed[0][0]
        leaving = " and ".join(self.removal_agreed)
        question = f"Seat {seat + 1} is empty: Enter again takes {leaving} out of the game"
        self.query_one("#error-seats", ErrorLine).show(question)
        self.say(f"{question}, or type the name")
        focus_now(self.query_one(f"#seat-{seat}", Input))
        return True
