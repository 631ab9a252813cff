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


def load_config(path: Path | None = None) -> dict[str, Any]:
    try:
        return tomllib.loads((path or config_path()).read_text("utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return {}


def save_setting(key: str, value: str, path: Path | None = None) -> None:
    """Set one key, keeping the rest of the file (and its comments); written atomically."""
    import tomlkit

    from tui.saves import atomic_write

    target = path or config_path()
    try:
        document = tomlkit.parse(target.read_text("utf-8"))
    except (OSError, UnicodeDecodeError, tomlkit.exceptions.ParseError):
        document = tomlkit.document()
    if document.get(key) == value:
        return
    document[key] = value
    atomic_write(target, tomlkit.dumps(document))
