"""Shared fixtures: a toy game in the registry, saves in a temporary folder, a fixed clock."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from lastround.games import GAME_PACKAGES
from tests.support import settle

FIXED_TIME = "2026-11-29T20:30:00Z"

# Hypothesis times each example and each draw by the wall clock: on a loaded machine (the whole
# suite beside other work) a fast test then fails its deadline or the too_slow health check
# though nothing in it changed. The properties still check every example they draw.
settings.register_profile("suite", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("suite")

# The Pilot waits for the app, not for a quiet machine (see tests/support/settle.py).
settle.install()


@pytest.fixture(autouse=True)
def heap_set_aside() -> None:
    """Each test starts as a launch does (lastround.cli freezes what is loaded): what earlier tests
    left is collected once, then set aside, so the app's collection between steps
    (lastround.shell.memory) walks only what this test made, not pytest and every earlier test."""
    gc.collect()
    gc.freeze()


@pytest.fixture(autouse=True)
def toy_game() -> Iterator[None]:
    GAME_PACKAGES.append("tests.support.toy_unlisted")
    yield
    GAME_PACKAGES.remove("tests.support.toy_unlisted")


@pytest.fixture(autouse=True)
def keep_machine_out(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No test reads the user's saves folder, colour settings or config file."""
    monkeypatch.delenv("LASTROUND_SAVES", raising=False)
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("LASTROUND_CONFIG", str(tmp_path / "lastround-config.toml"))
    monkeypatch.chdir(tmp_path)


@pytest.fixture
def saves(tmp_path: Path) -> Path:
    folder = tmp_path / "saves"
    folder.mkdir()
    return folder
