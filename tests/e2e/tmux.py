"""A real 80×24 terminal (tmux) running the `lastround` command, for the end-to-end tests.

Keys are sent one at a time and the tests wait for what the screen shows, never for a
fixed time: a step is confirmed when its Enter has been sent and the next step is drawn.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

LASTROUND = Path(sys.executable).with_name("lastround")
HAVE_TMUX = shutil.which("tmux") is not None
PATIENCE = 30.0  # seconds to wait for the screen; the CI machine may be busy


SGR = re.compile(r"\x1b\[([0-9;]*)m([^\x1b]*)")


def sgr_reverse(params: str, reverse: bool) -> bool:
    """Whether text is in reverse video after an SGR sequence with these parameters."""
    codes = [int(p) if p else 0 for p in params.split(";")]
    index = 0
    while index < len(codes):
        code = codes[index]
        if code in (38, 48, 58):  # a colour: skip its own numbers (5;n or 2;r;g;b)
            index += 3 if index + 1 < len(codes) and codes[index + 1] == 5 else 5
            continue
        if code in (0, 27):
            reverse = False
        elif code == 7:
            reverse = True
        index += 1
    return reverse


class Terminal:
    def __init__(self, server: str, name: str) -> None:
        self.server = server
        self.name = name

    def tmux(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        return subprocess.run(["tmux", "-L", self.server, *args], capture_output=True,
                              text=True, check=check)

    def keys(self, *keys: str) -> None:
        """Special keys by tmux name (Enter, Tab, C-t), one at a time, as a person types."""
        for key in keys:
            self.tmux("send-keys", "-t", self.name, key)
            time.sleep(0.05)  # pacing only: every result is waited for on the screen

    def type(self, text: str) -> None:
        """Letters and digits into the focused field."""
        self.tmux("send-keys", "-t", self.name, "-l", text)
        time.sleep(0.05)

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", self.name, check=False).stdout

    def wait_for(self, *texts: str, seconds: float = PATIENCE) -> str:
        """The screen, once it shows every one of `texts`."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            shown = self.screen()
            if all(text in shown for text in texts):
                return shown
            time.sleep(0.05)
        raise AssertionError(f"{texts!r} never appeared; the screen shows:\n{self.screen()}")

    def wait_for_line(self, label: str, value: str, seconds: float = PATIENCE) -> None:
        """Until a line shows both the label and the value (a field and what it holds)."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if any(label in line and value in line.split(label, 1)[1]
                   for line in self.screen().splitlines()):
                return
            time.sleep(0.05)
        raise AssertionError(f"{label!r} never showed {value!r}:\n{self.screen()}")

    def reversed_text(self) -> list[str]:
        """The runs of text shown in reverse video: the focused field's label, the chosen
        option of a focused choice (how focus is seen without colour)."""
        shown = self.tmux("capture-pane", "-e", "-p", "-t", self.name, check=False).stdout
        runs: list[str] = []
        reverse = False
        for params, text in SGR.findall("\x1b[m" + shown):
            reverse = sgr_reverse(params, reverse)
            if reverse and text.strip():
                runs.append(text)
        return runs

    def wait_focus(self, label: str, seconds: float = PATIENCE) -> None:
        """Until the field labelled `label` has the focus (so typed keys go into it)."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if any(label in run for run in self.reversed_text()):
                return
            time.sleep(0.05)
        raise AssertionError(f"{label!r} never had the focus:\n{self.screen()}")

    def app_pid(self) -> int:
        """The lastround process in the pane (the pane's own process, or its child)."""
        pid = int(self.tmux("display", "-p", "-t", self.name, "#{pane_pid}").stdout.strip())
        for _ in range(3):  # a shell may stand between the pane and the app
            if "lastround" in Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace"):
                return pid
            children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
            if not children:
                break
            pid = int(children[0])
        raise AssertionError(f"no lastround process in {self.name}")

    def kill_app(self, signal_number: int) -> None:
        """Send the signal to the app and wait until the process is gone."""
        pid = self.app_pid()
        os.kill(pid, signal_number)
        wait_exit(pid)


def wait_exit(pid: int) -> None:
    """Until the process has ended (a zombie waiting for tmux to reap it counts as ended)."""
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        try:
            state = Path(f"/proc/{pid}/status").read_text()
        except FileNotFoundError:
            return
        if "State:\tZ" in state:
            return
        time.sleep(0.05)
    raise AssertionError(f"process {pid} still runs")


class Tmux:
    """A tmux server of the test's own: other tests' terminals can't disturb it, and it
    stays up while no app runs (between a kill and the next start)."""

    def __init__(self) -> None:
        self.server = f"lastround-test-{uuid.uuid4().hex[:8]}"
        subprocess.run(["tmux", "-L", self.server, "start-server", ";",
                        "set", "-g", "exit-empty", "off"], check=True)

    def start(self, cwd: Path, saves: Path, *args: str) -> Terminal:
        """`lastround --saves SAVES ARGS` in a new 80×24 terminal."""
        name = f"app-{uuid.uuid4().hex[:8]}"
        command = " ".join([str(LASTROUND), "--saves", str(saves), *args])
        subprocess.run(["tmux", "-L", self.server, "new-session", "-d", "-s", name, "-x", "80",
                        "-y", "24", "-c", str(cwd), command], check=True)
        return Terminal(self.server, name)

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.server, "kill-server"], capture_output=True)
