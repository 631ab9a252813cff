"""The real-terminal tests' own helpers (tests/e2e/tty.py)."""

from __future__ import annotations

import subprocess
from pathlib import Path

from tests.e2e.tty import apps_using


def test_finding_the_apps_passes_over_a_process_whose_arguments_are_not_utf8(
        tmp_path: Path) -> None:
    """Another process on the machine may have any bytes for arguments: looking for the
    test's own apps must not stop at it with a UnicodeDecodeError."""
    # Named in Latin-1 bytes, not UTF-8 (sleep keeps running whatever its own name).
    other = subprocess.Popen([b"caf\xe9", b"30"], executable="sleep")
    try:
        assert apps_using(tmp_path) == []
    finally:
        other.kill()
        other.wait()
