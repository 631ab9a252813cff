"""The command palette's entries, made from the same Binding declarations as the footer and F1.

Every binding declared with an id on the screen the palette was opened from becomes a command
(its description as the title, its tooltip and key as the help), so the footer, the help and
the palette always agree. A few commands that have no key of their own are added by the app.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from typing import Any

from textual.app import App, SystemCommand
from textual.binding import ActiveBinding
from textual.screen import Screen

# Not offered: the palette itself.
SKIP_ACTIONS = frozenset({"command_palette"})


def offered_bindings(app: App[Any], screen: Screen[Any]) -> Iterator[ActiveBinding]:
    """The screen's active bindings, then the app's priority ones: a modal box hides the app's
    other keys, but Ctrl+Q and Ctrl+P work everywhere."""
    yield from screen.active_bindings.values()
    for _key, binding in app._bindings:
        if binding.priority and app.check_action(binding.action, ()) is not False:
            yield ActiveBinding(app, binding, True, binding.tooltip)


def binding_commands(app: App[Any], screen: Screen[Any]) -> Iterator[SystemCommand]:
    seen: set[str] = set()
    for active in offered_bindings(app, screen):
        binding = active.binding
        action = binding.action.removeprefix("app.")  # `q` on home and Ctrl+Q both quit
        if (not binding.id or binding.system or not active.enabled
                or action in SKIP_ACTIONS or action in seen):
            continue
        seen.add(action)
        key = app.get_key_display(binding)
        what = binding.tooltip or binding.description
        yield SystemCommand(binding.description or binding.action, f"{what} (key: {key})",
                            partial(app.run_action, binding.action, active.node))
