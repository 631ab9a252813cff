#!/usr/bin/env python3
"""Last Round's two commands: `python3 dev.py run` starts the app, `python3 dev.py test` checks it.

Each one first makes sure `.venv/` matches `uv.lock`: on a fresh machine it creates the
environment, installs uv into it from PyPI and syncs the locked packages; afterwards it only
compares a fingerprint of the lock. Then it byte-compiles Last Round's own modules that
changed since the last time (a few milliseconds when none did) and starts.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
STAMP = VENV / ".lastround-synced"
UV_VERSION = "0.13.8"  # the same uv the dev group locks
SOURCES = ("tui", "screens")  # the project's own packages


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
        import venv  # only for the first sync: it loads logging and more

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


def compile_sources() -> None:
    """Byte-compile tui/ and screens/ as the packages are: where PYTHONDONTWRITEBYTECODE is
    set, Python writes no .pyc of its own, and would compile every module of the app again
    at each launch. Up-to-date files are only compared (by time), not compiled again;
    errors are left for the import to report. The .pyc files stay out of git (.gitignore)."""
    folders = [str(ROOT / folder) for folder in SOURCES]
    if sys.implementation.cache_tag == venv_cache_tag():  # the .venv's own byte-code
        import compileall
        import py_compile

        for folder in folders:  # the import checks a .pyc by timestamp, so write that kind
            compileall.compile_dir(folder, quiet=2, invalidation_mode=(
                py_compile.PycInvalidationMode.TIMESTAMP))
        return
    subprocess.run([BIN / "python", "-m", "compileall", "-q", "-q", "--invalidation-mode",
                    "timestamp", *folders], check=False)


def venv_cache_tag() -> str:
    """The byte-code tag of the .venv's Python (say cpython-311) from pyvenv.cfg, without
    starting it; "" when it can't be told."""
    try:
        lines = (VENV / "pyvenv.cfg").read_text().splitlines()
    except OSError:
        return ""
    for line in lines:
        key, _, value = line.partition("=")
        if key.strip() in ("version_info", "version") and "." in value:  # uv's, venv's
            major, minor = value.strip().split(".")[:2]
            return f"cpython-{major}{minor}"
    return ""


def run_app(args: list[str]) -> int:
    return subprocess.call([BIN / "lastround", *args])


def usable_cores() -> int:
    """The cores this process may run on, as pytest-xdist's `-n auto` counts them: a machine's
    whole count (os.cpu_count) can be far more than a container is given."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


# The real-browser test of `lastround serve` (tests/serve) drives Debian's chromium, never a
# browser downloaded by Playwright.
CHROMIUM = Path("/usr/bin/chromium")


def ensure_chromium() -> None:
    """Install chromium with apt-get when it is missing and this runs as root; otherwise say
    in one line that the browser test will fail for want of it."""
    if CHROMIUM.exists():
        return
    import shutil

    if os.name != "posix" or os.geteuid() != 0 or shutil.which("apt-get") is None:
        print(f"dev.py: {CHROMIUM} is missing and installing it needs root and apt-get: the "
              "browser test fails until `apt-get install -y chromium`", file=sys.stderr)
        return
    print("Installing chromium (apt-get) for the browser test ...", file=sys.stderr, flush=True)
    env = os.environ | {"DEBIAN_FRONTEND": "noninteractive"}
    for command in (["apt-get", "install", "-y", "chromium"], ["apt-get", "update"],
                    ["apt-get", "install", "-y", "chromium"]):
        done = subprocess.call(command, env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
        if command[1] == "install" and done == 0:
            return  # else stale or absent package lists: fetched once, then again


def run_tests(args: list[str]) -> int:
    """ruff, mypy and the whole pytest suite; the first failure fails the command."""
    ensure_chromium()
    checks: list[list[str | Path]] = [
        [BIN / "ruff", "check", "."],
        [BIN / "mypy"],
        # Two workers per core: a real-terminal test mostly waits on the app it runs (a
        # process of its own), and a Pilot test on its timers, so one per core left the cores
        # idle half the time (3 min 58 s at 56% busy; 2 min 40 s at 90% with two per core).
        [BIN / "python", "-m", "pytest", "-n", str(2 * usable_cores()), *args],
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
    compile_sources()
    if command == "run":
        return run_app(rest)
    if command == "test":
        return run_tests(rest)
    print("usage: python3 dev.py run [lastround options] | python3 dev.py test [pytest options]",
          file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
