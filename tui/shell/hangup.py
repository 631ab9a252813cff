"""A dropped link (SIGHUP) or a polite kill (SIGTERM) while a session is open.

Both signals are taken by the event loop, so they are handled between two callbacks and
never in the middle of a save: the session file is whole, no temporary file is left, and
everything confirmed is already on disk (every save is fsynced before the next screen, and
what is typed in a step is in its draft). So neither needs the app's usual shutdown, which
could meet a screen half built (a key's new step being mounted) and end in a traceback:
the process releases the session's lock and ends at once.
"""

from __future__ import annotations

import asyncio
import os
import signal
from collections.abc import Callable
from contextlib import AbstractContextManager


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
