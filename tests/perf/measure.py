"""Shared helpers for the benchmarks: real terminals (tmux), medians, ratios, reports."""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
import uuid
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PYTHON = sys.executable
LASTROUND = Path(PYTHON).with_name("lastround")
BARE = [PYTHON, str(ROOT / "tests" / "perf" / "bare_app.py")]
TMUX = ["tmux", "-L", "lastround-bench"]  # a server of its own, apart from any test's


def compile_sources() -> None:
    """Byte-compile the app first, as its first run does for a player: otherwise, where
    PYTHONDONTWRITEBYTECODE is set, every launch would also compile each changed module."""
    import compileall

    for folder in ("tui", "screens"):
        compileall.compile_dir(ROOT / folder, quiet=1)


class Tmux:
    """One 80×24 tmux session running a command; read with capture-pane."""

    def __init__(self, command: Sequence[str], cwd: Path, env: str = "") -> None:
        self.name = f"bench-{uuid.uuid4().hex[:8]}"
        line = " ".join(f"'{part}'" for part in command)
        start = [*TMUX, "new-session", "-d", "-s", self.name, "-x", "80", "-y", "24",
                 "-c", str(cwd), f"{env} {line}".strip()]
        # The server exits with its last session; a start that races that exit is retried.
        for _ in range(20):
            if subprocess.run(start, capture_output=True).returncode == 0:
                break
            time.sleep(0.05)
        else:
            raise RuntimeError(f"tmux would not start {line}")
        self.started = time.perf_counter()
        self.pid: int | None = None  # the command's, once asked for (cpu_ticks)

    def screen(self, styles: bool = False) -> str:
        """The text on screen; with `styles`, its colours and attributes too (a moved focus
        or cursor changes only those)."""
        options = ["-p", "-e"] if styles else ["-p"]
        return subprocess.run([*TMUX, "capture-pane", *options, "-t", self.name],
                              capture_output=True, text=True).stdout

    def wait_for(self, text: str, timeout: float = 20) -> float:
        """Seconds from start until `text` is on screen."""
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            if text in self.screen():
                return time.perf_counter() - self.started
            time.sleep(0.002)
        raise TimeoutError(f"{text!r} never appeared:\n{self.screen()}")

    def settle(self, quiet: float = 0.1, timeout: float = 3) -> None:
        """Wait until neither the screen nor the app's CPU time has changed for `quiet`
        seconds: a player reading the screen, while the app does what it does between keys
        (the next step's screen, built ahead)."""
        deadline = time.perf_counter() + timeout
        last, since = (self.screen(styles=True), self.cpu_ticks()), time.perf_counter()
        while time.perf_counter() < deadline and time.perf_counter() - since < quiet:
            time.sleep(0.005)
            now = (self.screen(styles=True), self.cpu_ticks())
            if now != last:
                last, since = now, time.perf_counter()

    def cpu_ticks(self) -> int:
        """CPU time used so far by the command and every process under it, in clock ticks."""
        if self.pid is None:
            found = subprocess.run([*TMUX, "display-message", "-p", "-t", self.name,
                                    "#{pane_pid}"], capture_output=True, text=True).stdout
            self.pid = int(found) if found.strip().isdigit() else 0
        return sum(process_ticks(pid) for pid in process_tree(self.pid))

    def key_latency(self, key: str, timeout: float = 5) -> float:
        """Seconds from sending a key until the screen changes."""
        before = self.screen(styles=True)
        started = time.perf_counter()
        subprocess.run([*TMUX, "send-keys", "-t", self.name, key], check=True)
        deadline = started + timeout
        while time.perf_counter() < deadline:
            if self.screen(styles=True) != before:
                return time.perf_counter() - started
        raise TimeoutError(f"key {key!r} changed nothing")

    def close(self) -> None:
        subprocess.run([*TMUX, "kill-session", "-t", self.name], capture_output=True)


def process_tree(pid: int) -> list[int]:
    """`pid` and its descendants, from /proc (none once it has ended)."""
    found, waiting = [], [pid]
    while waiting:
        parent = waiting.pop()
        found.append(parent)
        for children in Path(f"/proc/{parent}/task").glob("*/children"):
            try:
                waiting.extend(int(child) for child in children.read_text().split())
            except OSError:
                continue
    return found


def process_ticks(pid: int) -> int:
    """User and system CPU time of one process, in clock ticks (0 once it has ended)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return 0
    return int(fields[11]) + int(fields[12])  # utime, stime: fields 14 and 15 of stat


def spread(values: Sequence[float]) -> str:
    ordered = sorted(values)
    return f"median {statistics.median(ordered):.3f} (min {ordered[0]:.3f}, max {ordered[-1]:.3f})"


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def report(name: str, figure: str, goal: str, met: bool) -> None:
    print(f"{name}: {figure}; goal {goal}: {'met' if met else 'NOT met'}", flush=True)
