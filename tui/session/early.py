"""A long finished session's final scores, read before its log.

A session file keeps its log last (`[[log]]` tables, as the app writes it): a long game's
file is mostly log, and reading all of it took seconds before the replay showed anything.
The final scores need only what comes before the log, so a long file is opened on its head
first (EarlySession), checked as any file is and totalled by the same rules, and the whole
file is read through the one door (lastround.session.opening) while its scores are on screen
(lastround.records.whole_reading). Whatever the head can't settle alone (it does not total, it is
not finished, it names a log of its own) is left to the whole reading, as for a short file.

Pure but for reading the file: no Textual, no tomlkit.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from lastround.games.base import BROKEN
from lastround.session.session import Session

# Below this many bytes the whole file is read at once: about a tenth of a second's parse.
EARLY_FROM = 512 * 2**10
# Where the log starts, as the app writes it: a line of its own.
LOG_START = b"\n[[log]]\n"
# The head of any session is a few KiB; one this long is not read apart from its log.
LONGEST_HEAD = 2**20
BLOCK = 64 * 2**10


class EarlySession(Session):
    """A finished session as its head tells it, its log not read yet: only its final
    scores are shown from it, never written or replayed (read_whole reads the rest)."""


def head_bytes(path: Path) -> bytes | None:
    """The file's bytes before its log, when it is a long regular file whose log starts
    within LONGEST_HEAD bytes; None otherwise (the whole file is read as ever)."""
    from lastround.session.files import MAX_SESSION_BYTES

    try:
        with open(path, "rb", buffering=0) as stream:
            status = os.fstat(stream.fileno())
            if (not stat.S_ISREG(status.st_mode)
                    or not EARLY_FROM <= status.st_size <= MAX_SESSION_BYTES):
                return None
            read = b""
            while len(read) < LONGEST_HEAD:
                block = stream.read(BLOCK)
                if not block:
                    return None
                read += block
                start = read.find(LOG_START)
                if start >= 0:
                    return read[:start + 1]
    except OSError:
        return None
    return None


def head_data(head: bytes) -> dict[str, Any] | None:
    """The head's data, when it holds every key every file has and no value that could only be
    damage, and names no log (None: the whole reading decides)."""
    from lastround.session.files import check_common_keys, check_values
    from lastround.session.toml_read import read_toml

    try:
        text = head.decode("utf-8-sig")
        if "\r" in text:  # a file another editor saved: read whole, as ever
            return None
        data = read_toml(text)
        check_common_keys(data)
        check_values(data)
    except BROKEN:  # not UTF-8, not TOML (ValueError both): the whole reading names it
        return None
    return None if "log" in data else data


def open_early(path: Path) -> EarlySession | None:
    """The session of a long finished file from its head, when the head alone opens as a
    finished session with final scores; None otherwise."""
    from lastround.session.opening import checked

    head = head_bytes(path)
    data = head_data(head) if head is not None else None
    if data is None:
        return None
    opened = checked(data)
    if opened.refused is not None or opened.result is None or opened.data is not data:
        return None  # refused, in progress or reopened at a step: as the whole file says
    return EarlySession(data, path)


def same_head(early: Mapping[str, Any], whole: Mapping[str, Any]) -> bool:
    """Whether the whole file's data is the head's and a log: what the early page showed
    is then what the whole reading shows."""
    return all(early.get(k) == whole.get(k) for k in {*early, *whole} - {"log"})
