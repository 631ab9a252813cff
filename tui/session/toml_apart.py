"""A long session file parsed a run of log entries at a time, each run's texts shared.

tomllib parses a whole document at once, and makes a new string of every key and value it
reads: a file of 20,000 log entries became over 60 MiB of dicts and strings, most of them the
same few keys spelled again and again, on top of the text. Parsed a run of entries at a
time, each run's strings are swapped for the ones already kept (one `"step"`, one
`"final-turns"`) before the next run is read, so the log holds half the memory and the
parse's own peak is one run's.

It reads exactly what tomllib.loads reads of the whole text, or declines (None: the caller
parses it whole, as ever). A document split before each line `[[log]]` parses as the whole
does when no multi-line string could hold such a line (no `\"\"\"` or `'''` anywhere), the head
before the log names no `log` of its own, and each run defines nothing but log entries
(a `[log.values]` table inside a run belongs to the run's last entry, as in the whole). A
run that does not parse declines too: the whole parse then names the error and its line.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

# Where each log entry starts, as the app writes it: a line of its own.
MARK = "\n[[log]]\n"
# Entries parsed at a time: a few hundred KiB of text.
RUN = 500
# Below this many characters the whole text is parsed at once.
APART_FROM = 256 * 2**10


def parsed_apart(text: str) -> dict[str, Any] | None:
    """tomllib.loads(text), parsed a run of log entries at a time; None when it can't be
    read so (see the module's docstring) or a part does not parse."""
    import tomllib

    first = text.find(MARK)
    if len(text) < APART_FROM or first < 0 or '"""' in text or "'''" in text:
        return None
    kept: dict[str, str] = {}
    try:
        data = tomllib.loads(text[:first + 1])
        if "log" in data:
            return None
        log: list[Any] = []
        for run in runs(text, first):
            entries = tomllib.loads(run)
            if list(entries) != ["log"]:
                return None
            log += shared(entries["log"], kept)
    except (tomllib.TOMLDecodeError, ValueError, RecursionError):
        return None
    data["log"] = log
    return data


def runs(text: str, first: int) -> Iterator[str]:
    """The text from the log's first `[[log]]` line on, RUN entries at a time."""
    start = first + 1
    while start < len(text):
        end = start - 1
        for _ in range(RUN):
            end = text.find(MARK, end + 1)
            if end < 0:
                break
        stop = len(text) if end < 0 else end + 1
        yield text[start:stop]
        start = stop


def shared(value: Any, kept: dict[str, str]) -> Any:
    """`value` with each string swapped for the equal one in `kept` (added when new): a key
    or value repeated in every entry is then one string in memory."""
    if type(value) is str:
        return kept.setdefault(value, value)
    if type(value) is dict:
        return {kept.setdefault(key, key): shared(item, kept) for key, item in value.items()}
    if type(value) is list:
        return [shared(item, kept) for item in value]
    return value
