#!/usr/bin/env python3
"""Last Round's two commands: `python3 dev.py run` starts the app, `python3 dev.py test` checks it.

Each one first makes sure `.venv/` matches `uv.lock`: on a fresh machine it creates the
environment, installs uv into it from PyPI and syncs the locked packages; afterwards it only
compares a fingerprint of the lock and starts at once.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
STAMP = VENV / ".lastround-synced"
UV_VERSION = "0.13.8"  # the same uv the dev group locks


def fingerprint() -> str:
    digest = hashlib.sha256()
    for name in ("uv.lock", "pyproject.toml"):
        digest.update((ROOT / name).read_bytes())
    return digest.hexdigest()


def ensure_environment() -> None:
    if STAMP.exists() and STAMP.read_text() == fingerprint():
        return
    if sys.version_info < (3, 11):  # noqa: UP036 - dev.py may meet any python3
        sys.exit("Last Round needs Python 3.11 or newer.")
    if not (BIN / "python").exists():
        print("Creating .venv/ ...", file=sys.stderr)
        venv.create(VENV, with_pip=True)
    if not (BIN / "uv").exists():
        subprocess.run([BIN / "python", "-m", "pip", "install", "--quiet",
                        "--disable-pip-version-check", f"uv=={UV_VERSION}"], check=True)
    env = os.environ | {"UV_PROJECT_ENVIRONMENT": str(VENV)}
    # Byte-compiled at install, as pip does: otherwise, where PYTHONDONTWRITEBYTECODE is set,
    # every launch compiles Textual and Rich again (slower to start, ~5 MiB more memory).
    subprocess.run([BIN / "uv", "sync", "--frozen", "--quiet", "--compile-bytecode"], cwd=ROOT,
                   env=env, check=True)
    STAMP.write_text(fingerprint())


def run_app(args: list[str]) -> int:
    return subprocess.call([BIN / "lastround", *args])


def run_tests(args: list[str]) -> int:
    """ruff, mypy and the whole pytest suite; the first failure fails the command."""
    checks = [
        [BIN / "ruff", "check", "."],
        [BIN / "mypy"],
        # One worker per core: the Pilot and real-terminal tests mostly wait on the app.
        [BIN / "python", "-m", "pytest", "-n", "auto", *args],
    ]
    for check in checks:
        print("$", " ".join(str(part.name if isinstance(part, Path) else part) for part in check),
              flush=True)
        code = subprocess.call(check, cwd=ROOT)
        if code:
            return code
    return 0


def main() -> int:
    command, *rest = sys.argv[1:] or ["run"]
    ensure_environment()
    if command == "run":
        return run_app(rest)
    if command == "test":
        return run_tests(rest)
    print("usage: python3 dev.py run [lastround options] | python3 dev.py test [pytest options]",
          file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
