"""Fixtures the robustness tests share."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator

import pytest

from tests.robust.support import keep_notices


@pytest.fixture
def other_process() -> Iterator[int]:
    """The pid of another live process on this host (standing in for another app)."""
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
    yield child.pid
    child.kill()
    child.wait()


@pytest.fixture(autouse=True)
def notices_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every app's notifications are kept for `tests.robust.support.notices`."""
    keep_notices(monkeypatch)
