"""Which of Textual's private names Last Round's own code uses, found by reading its source.

A private name is one with a single leading underscore: an attribute read, set or called
(`self._compositor`, `super()._on_idle(event)`, `Screen._refresh_layout`), a method defined
in a class (an override of Textual's: `def _on_idle`), a name in getattr/setattr/hasattr, or
a module or name imported from `textual._*`. It is Textual's when Textual's own source
defines or uses that name; our own underscore names that Textual happens to share are listed
in NOT_TEXTUAL with what they are read on.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import textual

ROOT = Path(__file__).resolve().parent.parent.parent
SCANNED = ("tui", "screens")

# (what the name is read on, the name): not Textual's, though Textual has a name so spelt.
NOT_TEXTUAL = frozenset({("os", "_exit")})


def is_private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


@cache
def textual_names() -> frozenset[str]:
    """Every private identifier in Textual's own source: what it defines and what it uses."""
    names: set[str] = set()
    for path in Path(textual.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute):
                names.add(node.attr)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, ast.Name):
                names.add(node.id)
    return frozenset(name for name in names if is_private(name))


def receiver(node: ast.expr) -> str:
    """`os` for `os._exit`, '' for anything not a plain name."""
    return node.id if isinstance(node, ast.Name) else ""


def private_uses(tree: ast.AST) -> Iterator[tuple[str, int]]:
    """(name, line) for each private name in `tree` that could be Textual's."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("textual.") and any(
                        is_private(part) for part in alias.name.split(".")):
                    yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("textual"):
            module = node.module or ""
            if any(is_private(part) for part in module.split(".")):
                yield module, node.lineno
            for alias in node.names:
                if is_private(alias.name):
                    yield alias.name, node.lineno
        elif isinstance(node, ast.Attribute) and is_private(node.attr):
            if (receiver(node.value), node.attr) not in NOT_TEXTUAL:
                yield node.attr, node.lineno
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) and is_private(
                        item.name):
                    yield item.name, item.lineno
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id in {"getattr", "setattr", "hasattr", "delattr"}
              and len(node.args) > 1 and isinstance(node.args[1], ast.Constant)
              and isinstance(node.args[1].value, str) and is_private(node.args[1].value)):
            yield node.args[1].value, node.lineno


def private_textual_names() -> dict[str, list[str]]:
    """Each private Textual name used in tui/ and screens/, with where (`file:line`)."""
    used: dict[str, list[str]] = {}
    for folder in SCANNED:
        for path in sorted((ROOT / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for name, line in private_uses(tree):
                if name.startswith("textual.") or name in textual_names():
                    used.setdefault(name, []).append(f"{path.relative_to(ROOT)}:{line}")
    return used
