"""The user's own settings (the chosen theme), kept in a small TOML file between runs.

The file is ``$LASTROUND_CONFIG`` if set (the tests point it at a temporary file), else
``$XDG_CONFIG_HOME/lastround/config.toml`` (``~/.config/lastround/config.toml``). A missing
or broken file means the defaults: settings are a convenience, never a reason not to start.
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any

CONFIG_ENV = "LASTROUND_CONFIG"


def config_path() -> Path:
    if explicit := os.environ.get(CONFIG_ENV):
        return Path(explicit)
    base = os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config"
    return Path(base) / "lastround" / "config.toml"


# A settings file is a few lines; anything larger, a pipe or a device is not ours to read.
LARGEST_CONFIG = 2**20


def load_config(path: Path | None = None) -> dict[str, Any]:
    from tui.saves import SaveError, has_unfit_value

    try:
        settings = tomllib.loads(read_config_text(path or config_path()))
    # ValueError: TOML, or a number of thousands of digits; RecursionError: nesting.
    except (SaveError, UnicodeDecodeError, ValueError, RecursionError):
        return {}
    return {} if has_unfit_value(settings) else settings  # a huge number, a terminal escape


def read_config_text(path: Path) -> str:
    from tui.saves import read_regular_file

    return read_regular_file(path, LARGEST_CONFIG).decode("utf-8")


def save_setting(key: str, value: str, path: Path | None = None) -> None:
    """Set one key, keeping the rest of the file (and its comments); written atomically."""
    import tomlkit

    from tui.saves import SaveError, atomic_write, has_unfit_value

    target = path or config_path()
    try:
        text = read_config_text(target)
        if has_unfit_value(tomllib.loads(text)):  # what would overflow tomlkit, quickly
            raise ValueError("not a settings file")
        document = tomlkit.parse(text)
    except (SaveError, UnicodeDecodeError, ValueError, RecursionError):
        document = tomlkit.document()  # missing, or broken beyond keeping: written anew
    if document.get(key) == value:
        return
    document[key] = value
    atomic_write(target, tomlkit.dumps(document))
