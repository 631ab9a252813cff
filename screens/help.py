"""F1: what the current screen asks, the rule it serves, and its keys."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer

from tui.app import HelpScreenMarker
from tui.commands import offered_bindings
from tui.widgets.plain import Plain


def keys_text(screen: Screen[object]) -> str:
    """Every key active on the screen with what it does, as the footer and palette know it."""
    rows = []
    seen = set()
    for active in offered_bindings(screen.app, screen):
        binding = active.binding
        # Our own declared actions (with ids) and whatever the footer shows; not cursor keys.
        if binding.system or binding.action in seen or not (binding.id or binding.show):
            continue
        seen.add(binding.action)
        what = binding.tooltip or binding.description
        if what:
            rows.append(f"  {screen.app.get_key_display(binding):<10} {what}")
    return "\n".join(rows)


NO_HELP = "This box has no help of its own: its keys are below. Esc closes this help."


class HelpScreen(HelpScreenMarker, ModalScreen[None]):
    BINDINGS = [Binding("escape,f1,q", "dismiss", "Close help", id="close-help")]

    def __init__(self, under: Screen[object]) -> None:
        super().__init__()
        explain = getattr(under, "help_text", None)
        text = explain() if callable(explain) else NO_HELP
        # Paragraphs are separated by blank lines; single line breaks reflow to the box.
        self.body = "\n\n".join(" ".join(p.split()) for p in text.split("\n\n"))
        self.keys = keys_text(under)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box"):
            yield Plain("Help", classes="step-title")
            yield Plain(self.body, id="help-body")
            yield Plain("Keys", classes="section")
            yield Plain(self.keys, id="help-keys")
        yield Footer()

    async def action_dismiss(self, result: None = None) -> None:
        self.dismiss(result)
