"""`lastround serve` for the tests: started on loopback at a free port in a process of its
own (this checkout's code: PYTHONPATH), its link read from what it prints, its log kept, and
everything it started ended with it."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path

from tests.e2e.tty import LASTROUND, command_lines

ROOT = Path(__file__).resolve().parents[2]
WAIT = 60.0  # seconds for anything awaited before the test fails saying what never came
ESCAPES = re.compile(r"\x1b(\[[0-9;?<>=]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-Z\\-_])")


def screen_text(payload: str | bytes) -> str:
    """What the app drew, as text: its output without the terminal's escapes (each run of
    text Textual writes reads whole)."""
    data = payload if isinstance(payload, str) else payload.decode("utf-8", "replace")
    return ESCAPES.sub("", data)
SERVE_ENV = {"PYTHONPATH": str(ROOT), "LASTROUND_CONFIG": "/nonexistent/lastround.toml",
             "NO_COLOR": "1"}


@dataclass
class Served:
    url: str  # http://127.0.0.1:PORT/TOKEN/
    log_path: Path
    process: subprocess.Popen[bytes]

    @property
    def origin(self) -> str:
        return self.url.rsplit("/", 2)[0]

    @property
    def token(self) -> str:
        return self.url.rstrip("/").rsplit("/", 1)[1]

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")


def wait_until(check: Callable[[], bool], what: str, seconds: float = WAIT) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, f"never: {what}"
        time.sleep(0.02)


def joiners_of(saves: Path) -> list[int]:
    """The `lastround join` processes the server started for this test's saves folder."""
    return [pid for pid, argv in command_lines()
            if "join" in argv and str(saves.resolve()) in argv]


@contextmanager
def serving(saves: Path, folder: Path, *, with_host: bool = False) -> Iterator[Served]:
    """`with_host`: as the host's app starts it, its standard input the test's pipe."""
    out, log = folder / "serve.out", folder / "serve.log"
    command = [LASTROUND, "serve", "--saves", str(saves), "--host", "127.0.0.1", "--port", "0"]
    with out.open("wb") as stdout, log.open("wb") as stderr:
        process = subprocess.Popen(
            command + ["--with-host"] * with_host, stdout=stdout, stderr=stderr,
            stdin=subprocess.PIPE if with_host else None, env=os.environ | SERVE_ENV)
    try:
        found: list[str] = []

        def link_shown() -> bool:
            found[:] = re.findall(r"http://127\.0\.0\.1:\d+/[\w-]+/", out.read_text())
            assert process.poll() is None, f"lastround serve ended: {log.read_text()}"
            return bool(found)

        wait_until(link_shown, "the link printed")
        yield Served(found[0], log, process)
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        for pid in joiners_of(saves):  # none should be left: said by the tests that care
            with suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
