"""F1: what the current screen asks, the rule it serves, and its keys.

The keys are read from the bindings of the screen under the help, as the focused field has
them (so they can't drift from what the keys do): first the keys that move around (Tab, the
arrows, Space, Enter, Esc) that do something there, then every other key of the screen.
"""

from __future__ import annotations

from collections.abc import Iterator

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding
from textual.dom import DOMNode
from textual.screen import Screen
from textual.widget import Widget

from lastround.widgets.bindings import binding_chain, offered_bindings
from lastround.widgets.dialog import DialogScreen, ScrollingDialog
from lastround.widgets.footer import SteadyFooter
from lastround.widgets.plain import Plain, PlainTable

# The keys that move around a screen, in the order the help lists them.
MOVING_KEYS = ("tab", "shift+tab", "up", "down", "left", "right", "space", "enter", "escape")
# Words for Textual's own actions, whose descriptions are written for programmers.
ACTION_WORDS = {
    "app.focus_next": "Next field",
    "app.focus_previous": "Previous field",
    "focus_next": "Next field",
    "focus_previous": "Previous field",
    "cursor_left": "Move the cursor left in the field",
    "cursor_right": "Move the cursor right in the field (or take the suggestion shown)",
    "cursor_up": "The row above",
    "cursor_down": "The row below",
    "scroll_up": "Scroll up",
    "scroll_down": "Scroll down",
    "scroll_left": "Scroll left",
    "scroll_right": "Scroll right",
}
# A scroll key on something that can't scroll that way does nothing there: Textual passes the
# key on to the next binding up (the action raises SkipAction).
SCROLLS = {"scroll_up": "y", "scroll_down": "y", "scroll_left": "x", "scroll_right": "x"}
Chain = list[tuple[DOMNode, Binding, bool | None]]  # see lastround.widgets.bindings.binding_chain


def passes_on(active: ActiveBinding) -> bool:
    axis = SCROLLS.get(active.binding.action)
    node = active.node
    if axis is None or not isinstance(node, Widget):
        return False
    return not (node.allow_vertical_scroll if axis == "y" else node.allow_horizontal_scroll)


def bindings_of(chain: Chain, key: str) -> Iterator[ActiveBinding]:
    """The bindings `key` reaches, in the order Textual tries them: priority ones from the app
    down, then the rest from the focused widget up. Textual's public `active_bindings` keeps
    only the first of each key, and a key it passes on reaches the next."""
    found = [(node, binding, state) for node, binding, state in chain if binding.key == key]
    for priority in (True, False):
        ordered = reversed(found) if priority else iter(found)
        for node, binding, state in ordered:
            if binding.priority == priority and state is not False:
                yield ActiveBinding(node, binding, bool(state), binding.tooltip)


# Moving between fields: nothing to do on a screen with one field or none (the final turns).
FOCUS_MOVES = frozenset({"app.focus_next", "app.focus_previous", "focus_next", "focus_previous"})


def moving_keys(screen: Screen[object]) -> Iterator[ActiveBinding]:
    """For each key that moves around, the binding it reaches here, if it does anything."""
    chain = binding_chain(screen)
    fields = len(screen.focus_chain)
    for key in MOVING_KEYS:
        for active in bindings_of(chain, key):
            if not passes_on(active):
                if active.enabled and not (active.binding.action in FOCUS_MOVES and fields < 2):
                    yield active
                break


def what_it_does(binding: Binding) -> str:
    return binding.tooltip or ACTION_WORDS.get(binding.action) or binding.description


def key_rows(screen: Screen[object]) -> list[tuple[str, str]]:
    """(key, what it does) for every key active on the screen, as the footer and palette
    know it, the keys that move around first."""
    rows: dict[str, str] = {}  # what it does: the key, each said once
    keys: set[str] = set()
    actions: set[str] = set()
    for active in moving_keys(screen):
        keys.add(active.binding.key)
        actions.add(active.binding.action)
        rows.setdefault(what_it_does(active.binding), screen.app.get_key_display(active.binding))
    for active in offered_bindings(screen.app, screen):
        binding = active.binding
        # Our own declared actions (with ids) and whatever the footer shows; not cursor keys.
        if (binding.system or binding.action in actions or binding.key in keys
                or not (binding.id or binding.show)):
            continue
        actions.add(binding.action)
        rows.setdefault(what_it_does(binding), screen.app.get_key_display(binding))
    return [(key, what) for what, key in rows.items() if what]


def keys_table(rows: list[tuple[str, str]]) -> Table:
    """Two columns: the key, and what it does wrapping within its own column."""
    table = PlainTable(box=None, show_header=False, pad_edge=False, expand=True)
    table.add_column("Key", no_wrap=True)
    table.add_column("What", ratio=1)
    for key, what in rows:
        table.add_row(key, what)
    return table


NO_HELP = "This box has no help of its own: its keys are below. Esc closes this help."


class HelpScreen(DialogScreen[None]):
    BINDINGS = [Binding("escape,f1,q", "dismiss", "Close help", id="close-help")]

    def __init__(self, under: Screen[object]) -> None:
        super().__init__()
        explain = getattr(under, "help_text", None)
        text = explain() if callable(explain) else NO_HELP
        # Paragraphs are separated by blank lines; single line breaks reflow to the box.
        self.body = "\n\n".join(" ".join(p.split()) for p in text.split("\n\n"))
        self.rows = key_rows(under)
        self.keys = "\n".join(f"  {key:<10} {what}" for key, what in self.rows)

    def compose(self) -> ComposeResult:
        with ScrollingDialog(id="help-box"):
            yield Plain("Help", classes="step-title")
            yield Plain(self.body, id="help-body")
            yield Plain("Keys", classes="section")
            yield Plain(keys_table(self.rows), id="help-keys")
        yield SteadyFooter()

    async def action_dismiss(self, result: None = None) -> None:
        self.dismiss(result)
