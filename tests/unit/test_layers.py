"""The layers of the tree, guarded: arrows point down, and no import goes round in a circle.

Every import counts, at the top of a module or inside a function (a late import is still an
arrow). The layers, from the bottom:

    lastround.games      the rules: the standard library and each other only; they name a step's
                   kind ("cards"), never the screen showing it, not even in a string
    lastround.session    a session and its files: no Textual, nothing above
    lastround.records    what is made from sessions: no Textual, nothing above
    lastround.widgets    the Textual parts screens are built from: nothing of a session (a screen
                   hands a widget what it needs)
    screens        one screen per kind of step; each game's own in screens.<game id>, whose
                   registry maps the kinds its rules name to screen classes
    the shell      lastround.app, lastround.cli, lastround.shell, lastround.__main__: wires screens
    to the session
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Iterator, Mapping

import pytest

from tests.support.source_names import PACKAGE, ROOT, SCREENS, module_name, source_files

LAYERS = (
    ("rules", (f"{PACKAGE}.games",)),
    ("session", (f"{PACKAGE}.session",)),
    ("records", (f"{PACKAGE}.records",)),
    ("widgets", (f"{PACKAGE}.widgets",)),
    ("screens", (SCREENS,)),
    ("shell", (f"{PACKAGE}.app", f"{PACKAGE}.cli", f"{PACKAGE}.shell", f"{PACKAGE}.__main__",
               PACKAGE)),
)
Graph = Mapping[str, set[str]]


def imported(tree: ast.Module, module: str, is_package: bool) -> Iterator[str]:
    """Every name an import in the module points at, resolved to absolute form."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = module.split(".") if is_package else module.split(".")[:-1]
                package = package[: len(package) - node.level + 1]
                base = ".".join([*package, base] if base else package)
            yield base
            yield from (f"{base}.{alias.name}" for alias in node.names)


def import_graph() -> dict[str, set[str]]:
    """Each of our modules, with the names it imports: our own modules, or the top-level
    package of anything else (`textual`, `tomlkit`, `os`…)."""
    ours = {module_name(path): path for path in source_files()}
    graph: dict[str, set[str]] = {}
    for module, path in ours.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = imported(tree, module, path.name == "__init__.py")
        graph[module] = {name if name in ours else name.split(".")[0]
                         for name in names if name in ours or name.split(".")[0] not in
                         {PACKAGE, SCREENS.split(".")[0]}} - {module}
    return graph


def layer_of(module: str) -> int | None:
    """The layer's place from the bottom (the longest prefix wins); None for anything else."""
    best: tuple[int, int] | None = None
    for place, (_name, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            inside = module == prefix or module.startswith(prefix + ".")
            if inside and (best is None or len(prefix) > best[0]):
                best = (len(prefix), place)
    return None if best is None else best[1]


def upward_arrows(graph: Graph) -> list[str]:
    return sorted(f"{module} -> {target}" for module, targets in graph.items()
                  for target in targets
                  if (low := layer_of(module)) is not None
                  and (high := layer_of(target)) is not None and high > low)


def circles(graph: Graph) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    lowest: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = lowest[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for target in graph.get(module, ()):
            if target not in graph:
                continue
            if target not in index:
                visit(target)
                lowest[module] = min(lowest[module], lowest[target])
            elif target in on_stack:
                lowest[module] = min(lowest[module], index[target])
        if lowest[module] == index[module]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == module:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return found


def outside_imports(graph: Graph, layer: str, allowed: set[str]) -> list[str]:
    prefixes = dict(LAYERS)[layer]
    return sorted(f"{module} -> {target}" for module, targets in graph.items()
                  if any(module == p or module.startswith(p + ".") for p in prefixes)
                  for target in targets
                  if layer_of(target) is None and target not in allowed)


STANDARD_LIBRARY = set(sys.stdlib_module_names) | {"__future__"}
MODULE_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*")


def arrows_between(graph: Graph, low: str, high: str) -> list[str]:
    """The imports from layer `low` into layer `high`."""
    places = [name for name, _prefixes in LAYERS]
    return sorted(f"{module} -> {target}" for module, targets in graph.items()
                  for target in targets
                  if layer_of(module) == places.index(low)
                  and layer_of(target) == places.index(high))


def upward_names(texts: Mapping[str, list[str]]) -> list[str]:
    """Strings naming a module above the rules ("lastround.screens.cards:CardsScreen", loaded later
    by name): an arrow up that no import shows."""
    found = []
    for module, strings in texts.items():
        for text in strings:
            target = text.partition(":")[0]
            high = layer_of(target) if MODULE_NAME.fullmatch(target) else None
            if high is not None and high > (layer_of(module) or 0) and "." in target:
                found.append(f"{module} names {text!r}")
    return sorted(found)


def rules_strings() -> dict[str, list[str]]:
    """Every string constant of each rules module (docstrings too)."""
    return {module_name(path): [node.value for node in ast.walk(ast.parse(
                path.read_text(encoding="utf-8")))
                if isinstance(node, ast.Constant) and isinstance(node.value, str)]
            for path in ROOT.glob("tui/games/**/*.py")}


# The guards ---------------------------------------------------------------------------------
def test_the_rules_import_the_standard_library_and_each_other_only() -> None:
    graph = import_graph()
    assert outside_imports(graph, "rules", STANDARD_LIBRARY) == []
    assert [arrow for arrow in upward_arrows(graph) if arrow.startswith("lastround.games")] == []


def test_the_rules_name_no_screen_even_in_a_string() -> None:
    """The rules name a step's kind; the screens' registry (lastround.screens.step_kinds and each
    game's screens.<id>) says which screen class shows it."""
    assert upward_names(rules_strings()) == []


def test_widgets_use_nothing_of_a_session() -> None:
    """A widget is handed what it needs by its screen (say, how to read a number)."""
    assert arrows_between(import_graph(), "widgets", "session") == []


@pytest.mark.parametrize("layer", ["session", "records"])
def test_sessions_and_records_use_no_textual(layer: str) -> None:
    """The session's files and what is made from them work without the interface (`lastround
    score` and `export` never load Textual)."""
    assert outside_imports(import_graph(), layer, STANDARD_LIBRARY | {"tomlkit"}) == []


def test_every_arrow_points_down() -> None:
    assert upward_arrows(import_graph()) == []


def test_no_import_goes_round_in_a_circle() -> None:
    assert circles(import_graph()) == []


def test_every_module_belongs_to_a_layer() -> None:
    assert [module for module in import_graph() if layer_of(module) is None] == []


# The guards can fail ------------------------------------------------------------------------
def test_a_rule_that_imports_textual_or_the_session_is_caught() -> None:
    graph = {"lastround.games.rftg": {"textual"},
             "lastround.games.galileo": {"lastround.session.files"}}
    assert outside_imports(graph, "rules", STANDARD_LIBRARY) == ["lastround.games.rftg -> textual"]
    assert upward_arrows(graph) == ["lastround.games.galileo -> lastround.session.files"]


def test_a_session_module_that_imports_a_screen_is_caught() -> None:
    assert upward_arrows({"lastround.session.files": {"lastround.screens.home"}}) == [
        "lastround.session.files -> lastround.screens.home"]


def test_a_rule_naming_a_screen_in_a_string_is_caught() -> None:
    texts = {"lastround.games.rftg": ["Race", f"{SCREENS}.cards:CardsScreen",
                                      "lastround.games.rftg.game:GAME",
                                "cards", "lastround.shell.warm_up"]}
    assert upward_names(texts) == [f"lastround.games.rftg names '{SCREENS}.cards:CardsScreen'",
                                   "lastround.games.rftg names 'lastround.shell.warm_up'"]


def test_a_widget_importing_the_session_is_caught() -> None:
    graph = {"lastround.widgets.quick_entry": {"lastround.session.fields", "lastround.games.base",
                                               "textual"}}
    assert arrows_between(graph, "widgets", "session") == [
        "lastround.widgets.quick_entry -> lastround.session.fields"]


def test_a_circle_inside_one_layer_is_caught() -> None:
    graph = {"lastround.session.a": {"lastround.session.b"},
             "lastround.session.b": {"lastround.session.c"},
             "lastround.session.c": {"lastround.session.a"},
             "lastround.session.d": {"lastround.session.a"}}
    assert circles(graph) == [["lastround.session.a", "lastround.session.b", "lastround.session.c"]]


def test_late_and_relative_imports_count() -> None:
    tree = ast.parse("def f():\n    from .files import read\n    import textual.app\n")
    assert set(imported(tree, "lastround.session.session", False)) == {
        "lastround.session.files", "lastround.session.files.read", "textual.app"}
