"""The user's own settings (the chosen theme, where phones are served), kept in a small TOML
file between runs.

The file is ``$LASTROUND_CONFIG`` if set (the tests point it at a temporary file), else
``$XDG_CONFIG_HOME/lastround/config.toml`` (``~/.config/lastround/config.toml``). A missing
or broken file means the defaults: settings are a convenience, never a reason not to start.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from lastround.session.safe_read import SaveError, has_unfit_value, read_regular_file
from lastround.session.toml_read import read_toml

CONFIG_ENV = "LASTROUND_CONFIG"


def config_path() -> Path:
    if explicit := os.environ.get(CONFIG_ENV):
        return Path(explicit)
    base = os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config"
    return Path(base) / "lastround" / "config.toml"


# A settings file is a few lines; anything larger, a pipe or a device is not ours to read.
LARGEST_CONFIG = 2**20


def load_config(path: Path | None = None) -> dict[str, Any]:
    try:
        return read_settings(path or config_path())[1]
    except (SaveError, UnicodeDecodeError, ValueError, RecursionError):
        return {}


def read_settings(path: Path) -> tuple[str, dict[str, Any]]:
    """The file's text and settings. SaveError (not a file, too large), UnicodeDecodeError,
    RecursionError (nesting) or ValueError (not TOML, a number of thousands of digits, or a
    value no setting has: a huge number, a terminal escape) when it can't be used."""
    text = read_regular_file(path, LARGEST_CONFIG).decode("utf-8")
    settings = read_toml(text)  # a key nested too deeply: TooDeep, a ValueError
    if has_unfit_value(settings):
        raise ValueError("not a settings file")
    return text, settings


def save_setting(key: str, value: str | int, path: Path | None = None) -> None:
    """Set one key, keeping the rest of the file (and its comments); written atomically."""
    import tomlkit

    from lastround.session.files import atomic_write  # a session file's module: not at start

    target = path or config_path()
    try:
        text, _ = read_settings(target)  # refuses what would stall or overflow tomlkit
        document = tomlkit.parse(text)
    except (SaveError, UnicodeDecodeError, ValueError, RecursionError):
        document = tomlkit.document()  # missing, or broken beyond keeping: written anew
    if document.get(key) == value:
        return
    document[key] = value
    atomic_write(target, tomlkit.dumps(document))
