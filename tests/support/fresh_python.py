"""Running a script in a fresh interpreter at the project's root: for what only a new process
shows (which modules an entry point imports, what it sets up before the app runs)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def python_output(script: str) -> str:
    """What the script prints; a script that fails fails the test, with its traceback."""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          cwd=ROOT, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout
