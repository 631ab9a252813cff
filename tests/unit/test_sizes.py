"""Short modules with one job: none over 400 lines, and no function over 40 lines unless a
comment on its first line says why (`# long: …`)."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

from tests.support.source_names import PACKAGE

ROOT = Path(__file__).resolve().parents[2]
MOST_MODULE_LINES = 400
MOST_FUNCTION_LINES = 40
MOST_APP_LINES = 400


def product_modules() -> list[Path]:
    return sorted([*ROOT.glob("tui/**/*.py"), *ROOT.glob("screens/**/*.py")])


def long_functions(source: str) -> list[str]:
    """Functions over the limit whose `def` line gives no reason."""
    lines = source.splitlines()
    return [f"{node.name} ({node.end_lineno - node.lineno + 1} lines)"
            for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            and node.end_lineno is not None
            and node.end_lineno - node.lineno + 1 > MOST_FUNCTION_LINES
            and "# long:" not in lines[node.lineno - 1]]


def test_no_module_is_over_400_lines() -> None:
    sizes = {path.relative_to(ROOT): len(path.read_text(encoding="utf-8").splitlines())
             for path in product_modules()}
    assert {path: size for path, size in sizes.items() if size > MOST_MODULE_LINES} == {}


def test_no_function_is_over_40_lines_without_a_reason() -> None:
    found = {path.relative_to(ROOT): long_functions(path.read_text(encoding="utf-8"))
             for path in product_modules()}
    assert {path: names for path, names in found.items() if names} == {}


def test_a_long_function_is_caught_unless_it_says_why() -> None:
    body = "".join(f"    x{n} = {n}\n" for n in range(MOST_FUNCTION_LINES))
    assert long_functions(f"def walk():\n{body}") == ["walk (41 lines)"]
    assert long_functions(f"def walk():  # long: one table, read top to bottom\n{body}") == []


def own_classes(cls: type) -> list[type]:
    """`cls` and each of its base classes defined here (not Textual's)."""
    return [base for base in cls.__mro__ if base.__module__.split(".")[0] == PACKAGE]


def test_the_app_with_its_own_base_classes_is_at_most_400_lines() -> None:
    """The host's app is small: it composes the session walk (lastround.shell.walk), which owns the
    way through a session, and routes the screens' messages to it; with the classes it is
    made of (its keys, look, terminal cursor, ordered keys) it stays within 400 lines."""
    from lastround.app import LastRoundApp

    classes = own_classes(LastRoundApp)
    assert len(classes) > 1, classes
    sizes = {base.__qualname__: len(inspect.getsourcelines(base)[0]) for base in classes}
    assert sum(sizes.values()) <= MOST_APP_LINES, sizes
