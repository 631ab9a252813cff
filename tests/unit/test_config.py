"""The user's config file: where it is, and that saving a setting keeps the rest."""

from __future__ import annotations

from pathlib import Path

import pytest

from lastround.shell.config import config_path, load_config, save_setting


def test_lastround_config_wins_then_xdg_then_home(monkeypatch: pytest.MonkeyPatch,
                                                 tmp_path: Path) -> None:
    monkeypatch.setenv("LASTROUND_CONFIG", str(tmp_path / "mine.toml"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    assert config_path() == tmp_path / "mine.toml"
    monkeypatch.delenv("LASTROUND_CONFIG")
    assert config_path() == tmp_path / "xdg" / "lastround" / "config.toml"
    monkeypatch.delenv("XDG_CONFIG_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert config_path() == tmp_path / "home" / ".config" / "lastround" / "config.toml"


def test_the_tests_never_touch_the_real_config() -> None:
    assert str(config_path()).startswith(str(Path.cwd()))  # conftest: a temporary file


def test_saving_creates_the_folder_and_keeps_comments_and_other_keys(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "config.toml"
    save_setting("theme", "nord", path)
    assert load_config(path) == {"theme": "nord"}
    path.write_text('# my settings\nother = 1\ntheme = "nord"\n')
    save_setting("theme", "lastround-colourblind", path)
    assert path.read_text() == '# my settings\nother = 1\ntheme = "lastround-colourblind"\n'
    assert [p.name for p in path.parent.iterdir()] == ["config.toml"], "no temporary file left"


def test_a_config_with_a_key_nested_too_deeply_reads_as_no_settings(tmp_path: Path) -> None:
    """Refused before parsing: an 80 KB key of 40,000 levels held start-up 22 s."""
    deep = tmp_path / "deep.toml"
    deep.write_text('theme = "nord"\n' + "a" + ".a" * 1000 + " = 1\n")
    assert load_config(deep) == {}


def test_a_missing_or_broken_file_reads_as_no_settings(tmp_path: Path) -> None:
    assert load_config(tmp_path / "none.toml") == {}
    broken = tmp_path / "broken.toml"
    broken.write_text("theme = = x")
    assert load_config(broken) == {}
    save_setting("theme", "nord", broken)  # a broken file is replaced, not a reason to fail
    assert load_config(broken) == {"theme": "nord"}
