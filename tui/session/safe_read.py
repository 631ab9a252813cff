"""Reading a file that may hold anything: only a regular file of a bounded size is read
(read_regular_file), a file that can't be used is a SaveError that says why in one line,
and has_unfit_value finds what could only be damage (a number beyond any count, a character
that drives the terminal).

Apart from session files' own checks (lastround.session.files): the settings read at start use it,
and need none of a session's rules.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from lastround.session.terminal_safe import UNSAFE, one_line

# No count in either game comes near this; a larger number is damage, not a score. (The
# session's seed, below 2**31, is the largest number Last Round writes.)
LARGEST_NUMBER = 2**31 - 1


class SaveError(Exception):
    """A session file that can't be used; the message is one line naming the file."""

    def __init__(self, message: str) -> None:
        super().__init__(one_line(message))


def read_regular_file(path: Path, largest: int, *, follow_links: bool = True) -> bytes:
    """The bytes of a regular file of at most `largest` bytes; SaveError (one line) otherwise.

    A pipe, a device (/dev/zero) or a folder is refused before anything is read from it, so
    reading never blocks or runs on without end; with `follow_links` False, so is a link.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    if not follow_links:
        flags |= os.O_NOFOLLOW
    try:
        handle = os.open(path, flags)
    except OSError as error:
        raise SaveError(f"{path}: can't be read: {error.strerror or error}") from None
    try:
        status = os.fstat(handle)
        if not stat.S_ISREG(status.st_mode):
            kind = "a folder" if stat.S_ISDIR(status.st_mode) else "a device or a pipe"
            raise SaveError(f"{path}: not a session file: it is {kind}, not a file")
        if status.st_size > largest:
            raise SaveError(f"{path}: not a session file: {status.st_size / 2**20:.1f} MiB is "
                            f"far larger than any session (at most {largest // 2**20} MiB)")
        with os.fdopen(handle, "rb", closefd=False) as stream:
            # The size measured, and a byte more to see a file that grew since: asking for
            # `largest` at once set aside that much memory for every file (a third of the read).
            raw = stream.read(status.st_size + 1)
            if len(raw) > status.st_size:
                raw += stream.read(largest + 1 - len(raw))
    except OSError as error:
        raise SaveError(f"{path}: can't be read: {error.strerror or error}") from None
    finally:
        os.close(handle)
    if len(raw) > largest:  # grown since it was measured
        raise SaveError(f"{path}: not a session file: far larger than any session")
    return raw


def has_unfit_value(data: Mapping[str, Any]) -> bool:
    """The walk of check_values without the key paths: every file is walked, and spelling
    out each value's path cost more than the walk itself; only a failing file needs one.
    The texts are searched at once, joined: an unfit character is one character, so it is
    found in the join exactly when it is in one of them (a third of the walk's time)."""
    pending: list[Any] = [data]
    texts: list[str] = []
    while pending:
        value = pending.pop()
        if isinstance(value, dict):
            texts.extend(value)  # the keys
            items = value.values()
        else:
            items = value
        for item in items:
            if isinstance(item, str):
                texts.append(item)
            elif isinstance(item, (dict, list)):  # what tomllib makes: no abstract check
                pending.append(item)
            elif isinstance(item, int) and abs(item) > LARGEST_NUMBER:
                return True
    return UNSAFE.search("".join(texts)) is not None
