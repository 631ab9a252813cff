"""The few private Textual names the ordered key path (tui/widgets/key_order.py) stands on:
this fails first, and says which, when a Textual upgrade changes one of them."""

from __future__ import annotations

import inspect

from textual import events
from textual.app import App
from textual.message_pump import MessagePump
from textual.widgets import Input

from tui.widgets.key_order import OrderedKeys, takes_argument


def test_the_private_textual_names_the_key_path_uses_are_still_there() -> None:
    assert inspect.iscoroutinefunction(App._check_bindings)
    assert list(inspect.signature(App._check_bindings).parameters) == ["self", "key", "priority"]
    assert inspect.iscoroutinefunction(App._on_key)
    assert inspect.iscoroutinefunction(App._flush_next_callbacks)
    assert callable(MessagePump._get_dispatch_methods)
    key = events.Key("a", "a")
    assert key._stop_propagation is False and key.stop() and key._stop_propagation is True
    assert isinstance(key._prevent, set)


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
