"""`python3 dev.py test` brings the browser test's chromium: apt-get only when it is missing
and the test command runs as root; otherwise one line says the browser test will fail."""

from __future__ import annotations

import importlib.util
import subprocess
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tests.serve.served import ROOT


def dev_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("dev_under_test", ROOT / "dev.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def recorded(ran: list[Any]) -> Callable[..., int]:
    """subprocess.call that runs nothing: it notes each command and says it succeeded."""

    def call(command: Any, *_: Any, **__: Any) -> int:
        ran.append(command)
        return 0

    return call


def test_chromium_there_runs_nothing(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    dev = dev_module()
    (tmp_path / "chromium").touch()
    monkeypatch.setattr(dev, "CHROMIUM", tmp_path / "chromium")
    ran: list[Any] = []
    monkeypatch.setattr(subprocess, "call", recorded(ran))
    dev.ensure_chromium()
    assert ran == []


def test_missing_chromium_is_installed_as_root(monkeypatch: pytest.MonkeyPatch,
                                               tmp_path: Path) -> None:
    dev = dev_module()
    monkeypatch.setattr(dev, "CHROMIUM", tmp_path / "chromium")
    monkeypatch.setattr(dev.os, "geteuid", lambda: 0)
    monkeypatch.setattr("shutil.which", lambda tool: f"/usr/bin/{tool}")
    ran: list[Any] = []
    monkeypatch.setattr(subprocess, "call", recorded(ran))
    dev.ensure_chromium()
    assert ran == [["apt-get", "install", "-y", "chromium"]]


def test_missing_chromium_without_root_is_said_in_one_line(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    dev = dev_module()
    monkeypatch.setattr(dev, "CHROMIUM", tmp_path / "chromium")
    monkeypatch.setattr(dev.os, "geteuid", lambda: 1000)
    ran: list[Any] = []
    monkeypatch.setattr(subprocess, "call", recorded(ran))
    dev.ensure_chromium()
    said = capsys.readouterr().err
    assert ran == [] and said.count("\n") == 1 and "apt-get install -y chromium" in said
