"""The command palette's entries, made from the same Binding declarations as the footer and F1.

Every binding declared with an id on the screen the palette was opened from becomes a command
(its description as the title, its tooltip and key as the help), so the footer, the help and
the palette always agree. A few commands that have no key of their own are added by the app.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from typing import Any

from textual.actions import parse as parse_action
from textual.app import App, SystemCommand
from textual.binding import ActiveBinding, Binding, BindingsMap
from textual.dom import DOMNode
from textual.keys import key_to_character
from textual.screen import Screen

# Not offered: the palette itself.
SKIP_ACTIONS = frozenset({"command_palette"})


def offered_bindings(app: App[Any], screen: Screen[Any]) -> Iterator[ActiveBinding]:
    """The screen's active bindings, then the app's priority ones: a modal box hides the app's
    other keys, but Ctrl+Q and Ctrl+P work everywhere. (The app's own BINDINGS declare both;
    Textual's defaults under them have no id and are never offered.)"""
    yield from screen.active_bindings.values()
    for binding in Binding.make_bindings(app.BINDINGS):
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


def binding_chain(screen: Screen[Any]) -> list[tuple[DOMNode, Binding, bool | None]]:
    """Every binding a key can reach on `screen`, from the focused widget up to the first modal
    screen (or the app), each with its action's state there (False: not offered; None: shown
    but disabled), in the order Textual tries them.

    Textual's `active_bindings` is made from this chain but keeps only the first binding of
    each key, while a key whose action does nothing where it is bound goes on to the next.
    Textual has no public view of the whole chain, so it is rebuilt here from public names as
    Textual builds it (tests/ui/test_textual_names.py checks it gives `active_bindings`).
    """
    focused = screen.focused
    nodes = [screen, screen.app] if focused is None or focused.loading else (
        focused.ancestors_with_self)
    chain: list[tuple[DOMNode, Binding, bool | None]] = []
    below: list[DOMNode] = []  # a key a widget takes as typing never reaches the nodes above
    for node in nodes:
        for key, bindings in declared_bindings(type(node)).items():
            if any(taker.check_consume_key(key, key_to_character(key)) for taker in below):
                continue
            chain += [(node, binding, action_state(binding.action, node)) for binding in bindings]
        below.append(node)
        if node.is_modal:
            break
    return chain


def declared_bindings(cls: type[DOMNode]) -> dict[str, list[Binding]]:
    """A class's bindings by key, as Textual merges them: a subclass's bindings of a key
    replace those its bases declare for it. (Textual's `inherit_bindings=False` is not read:
    no class it is set on inherits any binding, which tests/ui/test_textual_names.py checks.)"""
    keys: dict[str, list[Binding]] = {}
    for base in reversed(cls.__mro__):
        if issubclass(base, DOMNode):
            keys.update(BindingsMap(base.__dict__.get("BINDINGS", [])).key_to_bindings)
    return keys


def action_state(action: str, node: DOMNode) -> bool | None:
    """What the node an action runs on says of it (`check_action`); `app.`, `screen.` and
    `focused.` name the node as for Textual's actions."""
    namespace, name, parameters = parse_action(action)
    target: DOMNode = getattr(node.app, namespace) if namespace else node
    return target.check_action(name, parameters)
