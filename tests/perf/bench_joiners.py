"""A phone's joiner, as `lastround serve` starts one per browser (Textual's web driver, the
page's 41×40): its memory once its first screen is out, and how long 16 started at the same
moment take to their first screens, against the bare Textual app started the same way.

Memory: resident (RSS) and proportional (PSS: shared pages split between the processes
sharing them) set of one joiner, from /proc. Start: from the process started to the first
screen's words in its output. Goals: ≤ 30 MiB RSS a phone; 16 at once each within 10 s.
"""

from __future__ import annotations

import io
import os
import subprocess
import tempfile
import threading
import time
from pathlib import Path

from tests.perf.measure import BARE, PYTHON, ROOT, compile_sources, report, spread
from tests.support.join_play import Host
from tests.support.table_sessions import ready_for_seats

WEB = {"TEXTUAL_DRIVER": "textual.drivers.web_driver:WebDriver", "COLUMNS": "41",
       "ROWS": "40", "TEXTUAL_FPS": "60", "TEXTUAL_COLOR_SYSTEM": "truecolor",
       "PYTHONPATH": str(ROOT), "LASTROUND_CONFIG": "/nonexistent/lastround.toml"}
AT_ONCE = 16


class Started:
    """One app started as textual-serve starts it; its output read until `words` show."""

    def __init__(self, command: list[str], words: bytes) -> None:
        self.began = time.perf_counter()
        self.shown: float | None = None
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, env=os.environ | WEB)
        self.reader = threading.Thread(target=self.read, args=(words,), daemon=True)
        self.reader.start()

    def read(self, words: bytes) -> None:
        seen = b""
        assert isinstance(self.process.stdout, io.BufferedReader)  # Popen's own, buffered
        while chunk := self.process.stdout.read1(65536):
            seen = seen[-len(words):] + chunk
            if self.shown is None and words in seen:
                self.shown = time.perf_counter() - self.began

    def wait_shown(self, seconds: float = 120) -> float:
        deadline = time.monotonic() + seconds
        while self.shown is None:
            assert time.monotonic() < deadline and self.process.poll() is None, "never shown"
            time.sleep(0.01)
        return self.shown

    def memory(self) -> tuple[float, float]:
        """RSS and PSS in MiB."""
        rollup = Path(f"/proc/{self.process.pid}/smaps_rollup").read_text().split("\n")
        kib = {line.split(":")[0]: int(line.split()[1]) for line in rollup if "kB" in line}
        return kib["Rss"] / 1024, kib["Pss"] / 1024

    def end(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def joiner(saves: Path) -> list[str]:
    return [PYTHON, "-m", "lastround", "join", "--saves", str(saves)]


def one(command: list[str], words: bytes) -> tuple[float, float, float]:
    app = Started(command, words)
    shown = app.wait_shown()
    time.sleep(0.5)  # its first screen settled: what it holds while the player looks
    rss, pss = app.memory()
    app.end()
    return shown, rss, pss


def at_once(command: list[str], words: bytes) -> list[float]:
    apps = [Started(command, words) for _ in range(AT_ONCE)]
    try:
        return [app.wait_shown() for app in apps]
    finally:
        for app in apps:
            app.end()


def main() -> None:
    compile_sources()
    with tempfile.TemporaryDirectory() as folder:
        saves = Path(folder)
        host = Host(ready_for_seats("rftg", saves))
        try:
            ours = [one(joiner(saves), b"Join a table") for _ in range(3)]
            bare = [one(BARE, b"Bare Textual app") for _ in range(3)]
            print(f"one joiner: first screen {spread([o[0] for o in ours])} s; RSS "
                  f"{spread([o[1] for o in ours])} MiB, PSS {spread([o[2] for o in ours])} MiB")
            print(f"bare app:   first screen {spread([b[0] for b in bare])} s; RSS "
                  f"{spread([b[1] for b in bare])} MiB, PSS {spread([b[2] for b in bare])} MiB")
            rss = max(o[1] for o in ours)
            report("joiner's memory", f"{rss:.1f} MiB RSS", "≤ 30 MiB", rss <= 30)
            together = at_once(joiner(saves), b"Join a table")
            bare_together = at_once(BARE, b"Bare Textual app")
            print(f"{AT_ONCE} joiners at once: {spread(together)} s "
                  f"(bare apps: {spread(bare_together)} s)")
            report(f"{AT_ONCE} phones at once", f"slowest {max(together):.1f} s", "≤ 10 s",
                   max(together) <= 10)
        finally:
            host.leave()


if __name__ == "__main__":
    main()
