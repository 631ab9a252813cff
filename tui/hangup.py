"""A dropped link (SIGHUP) or a polite kill (SIGTERM) while a session is open.

Both signals are taken by the event loop, so they are handled between two callbacks and
never in the middle of a save: the session file is whole, no temporary file is left, and
everything confirmed is already on disk (every save is fsynced before the next screen).
"""

from __future__ import annotations

import asyncio
import os
import signal
from collections.abc import Callable


def install(release: Callable[[], None], leave: Callable[[], None]) -> None:
    """On SIGHUP: release the session's lock and end at once. On SIGTERM: leave as on Ctrl+Q.

    After a hang-up there is no terminal left to restore (writing to it could block or
    fail), so the process ends without the usual shutdown.
    """
    loop = asyncio.get_running_loop()
    loop.add_signal_handler(signal.SIGHUP, hang_up, release)
    loop.add_signal_handler(signal.SIGTERM, leave)


def hang_up(release: Callable[[], None]) -> None:
    try:
        release()
    finally:
        os._exit(128 + signal.SIGHUP)
