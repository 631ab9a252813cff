"""A dropped link (SIGHUP) or a polite kill (SIGTERM) while a session is open.

Both signals are taken by the event loop, so they are handled between two callbacks and
never in the middle of a save: the session file is whole, no temporary file is left, and
everything confirmed is already on disk (every save is fsynced before the next screen, and
what is typed in a step is in its draft). So neither needs the app's usual shutdown, which
could meet a screen half built (a key's new step being mounted) and end in a traceback:
the process releases the session's lock and ends at once.

A terminal can also go without a signal: a pane closed under `su`, whose session never had
it as its controlling terminal. Reading it then returns nothing at once, forever, and Textual's
reader would spin a core while the lock tells the table its host is still there. So the
terminal is looked at every second (`watch_terminal`): once it answers no more, that is a
hang-up too.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import termios
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from textual.app import App


def install(release: Callable[[], None],
            terminal_as_before: Callable[[], AbstractContextManager[None]]) -> None:
    """On SIGHUP: release the lock and end. On SIGTERM: the same, giving the terminal back
    as it was before the app started (`terminal_as_before`, App.suspend) first.

    After a hang-up there is no terminal left to restore (writing to it could block or
    fail), so the process ends without touching it.
    """
    loop = asyncio.get_running_loop()
    loop.add_signal_handler(signal.SIGHUP, hang_up, release)
    loop.add_signal_handler(signal.SIGTERM, terminate, release, terminal_as_before)


# How often the terminal is looked at (watch_terminal): a gone terminal spins one core at most
# this long, and each look costs a few microseconds.
TERMINAL_LOOK_EVERY = 1.0  # seconds


def terminal_gone(fd: int) -> bool:
    """Whether the terminal on `fd` has hung up: a hung-up terminal refuses every request for
    its settings (EIO), where a live one answers, even with nothing typed."""
    try:
        termios.tcgetattr(fd)
    except (termios.error, OSError):
        return True
    return False


def watch_terminal(app: App[Any], release: Callable[[], None]) -> None:
    """Look at the app's terminal (its input, standard input) every TERMINAL_LOOK_EVERY: a
    terminal gone is a hang-up."""
    fd = sys.__stdin__.fileno() if sys.__stdin__ is not None else 0

    def look() -> None:
        if terminal_gone(fd):
            hang_up(release)

    app.set_interval(TERMINAL_LOOK_EVERY, look)


def watch_server(app: App[Any], release: Callable[[], None]) -> None:
    """A browser's app (`lastround serve`) has no terminal to look at: its link is the server
    that started it. Once that server is gone (its process ended, this one handed to
    another parent), that is a hang-up."""
    server = os.getppid()

    def look() -> None:
        if os.getppid() != server:
            hang_up(release)

    app.set_interval(TERMINAL_LOOK_EVERY, look)


def hang_up(release: Callable[[], None]) -> None:
    try:
        release()
    finally:
        os._exit(128 + signal.SIGHUP)


def terminate(release: Callable[[], None],
              terminal_as_before: Callable[[], AbstractContextManager[None]]) -> None:
    code = 128 + signal.SIGTERM
    try:
        release()
        with terminal_as_before():
            os._exit(code)  # inside: leaving the block would take the terminal back
    finally:
        os._exit(code)
