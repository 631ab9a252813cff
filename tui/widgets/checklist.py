"""Things to tick off: ``▶ [x] 1. Explore``, moved through with ↑↓ and ticked with Space.

Space ticks the item and moves on to the next, so a list done in order is Space, Space, …;
on a ticked item it unticks it and stays there, to tick it again. Items with nothing to do
when nobody chose them (a phase) are passed together with `n`: ``[-]``, and the cursor goes
to the first item still to tick.

The tick and the cursor are characters, so the list reads the same without colour; Enter
is left to the screen (it confirms the step).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.binding import Binding
from textual.reactive import reactive
from textual.widget import Widget


class Checklist(Widget, can_focus=True):
    DEFAULT_CSS = """
    Checklist { height: auto; }
    Checklist:focus { background: $boost; }
    """
    BINDINGS = [
        Binding("space", "tick", "Tick", id="tick",
                tooltip="Tick the item and move to the next item (on a ticked item: untick it)"),
        Binding("n", "pass_rest", "Rest not chosen", id="pass-rest",
                tooltip="Pass every phase not ticked: nobody chose it, so it does not happen"),
        Binding("down", "move(1)", "Down", show=False, tooltip="The next item"),
        Binding("up", "move(-1)", "Up", show=False, tooltip="The item before"),
    ]

    cursor: reactive[int] = reactive(0)
    ticked: reactive[frozenset[int]] = reactive(frozenset())
    passed: reactive[frozenset[int]] = reactive(frozenset())

    def __init__(self, items: Sequence[str], *, done: bool = False,
                 passable: frozenset[int] = frozenset(), id: str | None = None) -> None:
        super().__init__(id=id)
        self.items = list(items)
        self.passable = passable
        if done:
            self.set_reactive(Checklist.ticked, frozenset(range(len(self.items))))

    @property
    def complete(self) -> bool:
        return len(self.ticked | self.passed) == len(self.items)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action != "pass_rest" or bool(self.passable)

    def action_pass_rest(self) -> None:
        self.passed = self.passable - self.ticked
        self.cursor = next((n for n in range(len(self.items))
                            if n not in self.ticked | self.passed), self.cursor)

    def action_move(self, delta: int) -> None:
        self.cursor = max(0, min(len(self.items) - 1, self.cursor + delta))

    def action_tick(self) -> None:
        ticking = self.cursor not in self.ticked
        self.ticked = self.ticked ^ {self.cursor}
        self.passed = self.passed - {self.cursor}  # played after all
        if ticking:
            self.action_move(1)

    def render(self) -> Text:
        text = Text()
        for number, item in enumerate(self.items):
            pointer = "▶" if number == self.cursor else " "
            box = "[x]" if number in self.ticked else "[-]" if number in self.passed else "[ ]"
            style = "bold" if number == self.cursor else ""
            text.append(f"{pointer} {box} {number + 1}. {item}\n", style=style)
        text.rstrip()
        return text
