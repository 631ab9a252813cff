"""The project's own modules, as files in the checkout and as the code imports them.

The checkout's folders (tui/, screens/) and the names the code imports them by are told
apart here, read from the packages themselves: tests that walk the files name each module as
an import does.
"""

from __future__ import annotations

from pathlib import Path

import lastround as top_package
import lastround.screens as screens_package

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ("tui", "screens")  # the checkout's folders of code
PACKAGE = top_package.__name__  # the code's top-level package, as imported
SCREENS = screens_package.__name__  # the screens' package, as imported
IMPORTED_AS = {"tui": PACKAGE, "screens": SCREENS}


def source_files() -> list[Path]:
    """Every module of the code, in the checkout."""
    return sorted(path for folder in FOLDERS for path in (ROOT / folder).glob("**/*.py"))


def module_name(path: Path) -> str:
    """The name a module of the checkout is imported by (tui/games/base.py: its package's
    `games.base`)."""
    folder, *parts = path.resolve().relative_to(ROOT).with_suffix("").parts
    if parts and parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join([IMPORTED_AS[folder], *parts])
