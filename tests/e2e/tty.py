"""A real terminal for the end-to-end tests: a tmux pane of a private tmux server, driven by
keys and read back as plain text (what a person sees, without colour or attributes).

Every wait is for something to appear on the screen. Keys are sent without pauses: the app
takes them in order at any speed (tests/e2e/test_type_ahead_tmux.py). Only a lone Escape
needs its effect waited for before the next key, in any terminal program: sent together,
ESC and the next key read as Alt+key.
"""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path

LASTROUND = str(Path(sys.executable).with_name("lastround"))
WAIT = 30.0  # seconds for a screen to appear before the test fails and shows the screen


def command_lines() -> Iterator[tuple[int, list[str]]]:
    """Each running process's id and arguments. Any process's: its arguments need not be
    UTF-8 (a file name in bytes), and one that ends meanwhile is passed over."""
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                argv = (entry / "cmdline").read_bytes().decode(errors="replace").split("\0")
            except OSError:
                continue
            yield int(entry.name), argv


def apps_using(saves: Path, *words: str) -> list[int]:
    """Running `lastround … --saves <saves>` processes (a test's own folder) whose command
    line holds every one of `words` too (`join`: the players' terminals)."""
    return [pid for pid, argv in command_lines()
            if LASTROUND in argv[:2] and all(w in argv for w in (str(saves), *words))]


class Terminal:
    def __init__(self, tmux: str, socket: Path, name: str) -> None:
        self.tmux_path = tmux
        self.socket = socket
        self.name = name

    def tmux(self, *args: str) -> str:
        done = subprocess.run([self.tmux_path, "-S", str(self.socket), *args],
                              capture_output=True, text=True, check=True)
        return done.stdout

    def keys(self, *keys: str) -> None:
        """Named keys (Enter, Tab, BTab, Escape, Space, Down, C-t, F1 ...), one at a time."""
        for key in keys:
            self.tmux("send-keys", "-t", self.name, key)

    def type(self, text: str) -> None:
        """Letters into the focused field, as typed (they go to one field, so all at once)."""
        self.tmux("send-keys", "-t", self.name, "-l", text)

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", self.name)

    def reversed_text(self) -> str:
        """What the screen shows in reverse video: the focused field's label (how focus is
        seen without colour)."""
        drawn = self.tmux("capture-pane", "-e", "-p", "-t", self.name)
        shown, reverse = [], False
        for params, text in re.findall(r"\x1b\[([0-9;]*)m([^\x1b]*)", "\x1b[m" + drawn):
            codes = [int(code) if code else 0 for code in params.split(";")]
            index = 0
            while index < len(codes):
                if codes[index] in (38, 48, 58):  # a colour: skip its own numbers
                    index += 3 if codes[index + 1:index + 2] == [5] else 5
                    continue
                if codes[index] in (0, 27):
                    reverse = False
                elif codes[index] == 7:
                    reverse = True
                index += 1
            if reverse:
                shown.append(text)
        return " ".join(shown)

    def wait_focus(self, label: str) -> None:
        """Until the field labelled `label` has the focus, so what is typed goes into it."""
        self.wait_until(lambda _shown: label in self.reversed_text(), f"{label!r} focused")

    def colours(self) -> set[str]:
        """The SGR colour codes the screen is drawn with (30–37, 90–97: foregrounds...)."""
        drawn = self.tmux("capture-pane", "-e", "-p", "-t", self.name)
        codes: set[str] = set()
        for sequence in re.findall(r"\x1b\[([0-9;]*)m", drawn):
            codes.update(code for code in sequence.split(";") if code)
        return codes

    def wait_until(self, check: Callable[[str], bool], what: str,
                   seconds: float = WAIT) -> str:
        """The screen once `check` accepts it; else fail, naming `what` and showing it."""
        deadline = time.monotonic() + seconds
        while True:
            shown = self.screen()
            if check(shown):
                return shown
            if time.monotonic() > deadline:
                raise AssertionError(f"never: {what}; the screen shows:\n{shown}")
            time.sleep(0.1)

    def wait_for(self, *texts: str, seconds: float = WAIT) -> str:
        """The screen once it shows every one of the texts."""
        return self.wait_until(lambda shown: all(text in shown for text in texts),
                               f"{texts!r} on the screen", seconds)

    @property
    def pid(self) -> int:
        """The process the pane runs (the command given to `start`)."""
        return int(self.tmux("display-message", "-p", "-t", self.name, "#{pane_pid}"))

    def ended(self) -> bool:
        return self.tmux("display-message", "-p", "-t", self.name, "#{pane_dead}").strip() == "1"

    def wait_ended(self, seconds: float = WAIT) -> None:
        deadline = time.monotonic() + seconds
        while not self.ended():
            if time.monotonic() > deadline:
                raise AssertionError(f"the command is still running:\n{self.screen()}")
            time.sleep(0.1)


class Terminals:
    """Starts commands in 80×24 panes of a tmux server of its own (not the user's)."""

    def __init__(self, tmux: str, folder: Path) -> None:
        self.tmux = tmux
        self.socket = folder / "tmux.sock"
        self.folder = folder
        self.count = 0

    def start(self, command: Sequence[str], env: Mapping[str, str] | None = None,
              size: tuple[int, int] = (80, 24)) -> Terminal:
        self.count += 1
        name = f"t{self.count}"
        line = shlex.join(["env", *(f"{k}={v}" for k, v in (env or {}).items()), *command])
        # No status line (the pane is the whole 80×24), and the pane stays after its command
        # ends, to read its last screen and see that it ended.
        subprocess.run([self.tmux, "-S", str(self.socket), "-f", "/dev/null",
                        "new-session", "-d", "-s", name, "-x", str(size[0]), "-y", str(size[1]),
                        "-c", str(self.folder), line,
                        ";", "set-option", "-t", name, "status", "off",
                        ";", "set-option", "-t", name, "remain-on-exit", "on"], check=True)
        return Terminal(self.tmux, self.socket, name)

    def size(self, terminal: Terminal) -> str:
        return terminal.tmux("display-message", "-p", "-t", terminal.name,
                             "#{pane_width}x#{pane_height}").strip()

    def close(self) -> None:
        subprocess.run([self.tmux, "-S", str(self.socket), "kill-server"], capture_output=True)
