"""What the ordered key path (tui/widgets/key_order.py) expects of Textual's handlers; the
private names it stands on are guarded in tests/ui/test_textual_names.py."""

from __future__ import annotations

from textual import events
from textual.app import App
from textual.widgets import Input

from tui.widgets.key_order import OrderedKeys, takes_argument


def test_an_input_still_takes_printable_keys_in_its_own_key_handler() -> None:
    """What `run_handlers` runs for a letter typed into a field."""
    handlers = [cls for cls, _ in Input()._get_dispatch_methods("on_key", events.Key("a", "a"))]
    assert Input in handlers


def test_handlers_without_the_event_are_called_without_it() -> None:
    class Handlers:
        def with_event(self, event: object) -> None: ...
        def without(self) -> None: ...

    assert takes_argument(Handlers().with_event) and not takes_argument(Handlers().without)
    assert issubclass(OrderedKeys, App)
