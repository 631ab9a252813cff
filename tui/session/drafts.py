"""Drafts: what was typed in a step not yet confirmed, kept on disk as it is typed.

Beside `<name>.toml`, the hidden `.<name>.toml.draft` holds, for each step with typing not
yet confirmed, that step's fields as typed (text exactly as shown, a choice's option; the
card picker's cards and search). A dropped link, a killed app, Ctrl+O or Esc and back then
find the step as it was left. The session file itself never holds a draft, so a score,
replay, history and export read only what was confirmed.

Each change rewrites the small file atomically (a temporary file, then os.replace) but
without fsync: it guards against a lost connection or a killed app, not a power cut, and a
key must stay quick. A draft counts the log entries of its step when it was typed; any later
entry for that step (a confirmation, progress saved, a correction) makes it stale. A draft
that can't be read is ignored and replaced by the next one typed; it never stops a session.
"""

from __future__ import annotations

import contextlib
import os
import re
from pathlib import Path
from typing import Any

DraftValues = dict[str, Any]  # field key -> text as typed, an option, a list of card names
BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
HEADER = "# Last Round: typed in steps not yet confirmed (kept until each is confirmed)\n"


def draft_path(session_path: Path) -> Path:
    """The hidden file beside a session that keeps its drafts."""
    return session_path.with_name(f".{session_path.name}.draft")


class Drafts:
    """The drafts of one session file, read once and written whole on every change."""

    def __init__(self, session_path: Path) -> None:
        self.path = draft_path(session_path)
        self.steps: dict[str, dict[str, Any]] = read_drafts(self.path)
        self.failure_said = False

    def put(self, step_id: str, entries: int, values: DraftValues | None) -> str | None:
        """Keep a step's draft (None: drop it). A draft only spares retyping, so a write that
        fails stops nothing: the first failure comes back as one line to show, later ones
        are quiet."""
        try:
            if values is None:
                self.drop(step_id)
            else:
                self.keep(step_id, entries, values)
        except OSError as error:
            if self.failure_said:
                return None
            self.failure_said = True
            return (f"What is typed can't be kept as a draft ({self.path.name}: "
                    f"{error.strerror or error}): a dropped link would lose it until Enter "
                    "saves the step.")
        return None

    def get(self, step_id: str, entries: int) -> DraftValues | None:
        """The draft of a step whose log had `entries` entries, if one was kept since."""
        kept = self.steps.get(step_id)
        if kept is None or kept.get("entries") != entries:
            return None
        values = kept.get("values")
        return dict(values) if isinstance(values, dict) else None

    def keep(self, step_id: str, entries: int, values: DraftValues) -> None:
        kept = {"entries": entries, "values": values}
        if self.steps.get(step_id) != kept:
            self.steps[step_id] = kept
            self.write()

    def drop(self, step_id: str) -> None:
        if self.steps.pop(step_id, None) is not None:
            self.write()

    def write(self) -> None:
        if not self.steps:
            with contextlib.suppress(FileNotFoundError):
                self.path.unlink()
            return
        write_quickly(self.path, drafts_text(self.steps))


def drafts_text(steps: dict[str, dict[str, Any]]) -> str:
    """The drafts as TOML. Written here, not with tomlkit: a draft is written after every key,
    and this is a tenth of the time for what a draft holds (texts, lists, whole numbers)."""
    lines = [HEADER.rstrip("\n")]
    for step_id, kept in steps.items():
        lines += ["", f"[steps.{toml_key(step_id)}]"]
        lines += [f"{toml_key(key)} = {toml_value(value)}" for key, value in kept.items()]
    return "\n".join(lines) + "\n"


def toml_key(key: str) -> str:
    """A bare key where TOML allows one (`chips`, `counts-0`), else a quoted one."""
    return key if BARE_KEY.fullmatch(key) else toml_value(key)


def toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        # JSON's string escapes are TOML's, but for DEL, which TOML wants escaped too.
        import json  # not before the home's first frame (lastround.shell.warm_up loads it after)

        return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{toml_key(str(k))} = {toml_value(v)}"
                               for k, v in value.items()) + "}"
    raise TypeError(f"a draft holds no {type(value).__name__}")


# Far more than every field of the longest step typed full; a larger file is not a draft.
LARGEST_DRAFTS = 2**20


def read_drafts(path: Path) -> dict[str, dict[str, Any]]:
    """The drafts kept beside a session; none when the file is missing or can't be trusted
    (a pipe or a device, too large, not TOML, a huge number or a control character)."""
    from lastround.session.safe_read import SaveError, has_unfit_value, read_regular_file
    from lastround.session.toml_read import read_toml

    try:
        data = read_toml(read_regular_file(path, LARGEST_DRAFTS).decode("utf-8"))
    except (SaveError, UnicodeDecodeError, ValueError, RecursionError):
        return {}
    if has_unfit_value(data):  # what a field shows must not drive the terminal either
        return {}
    steps = data.get("steps")
    if not isinstance(steps, dict):
        return {}
    return {str(k): v for k, v in steps.items() if isinstance(v, dict)}


def write_quickly(path: Path, text: str) -> None:
    """Replace the file atomically, without waiting for the disk (see the module's note).
    The temporary file is never followed through a link, and is removed if the write fails."""
    temporary = path.with_name(f"{path.name}.tmp")
    with contextlib.suppress(FileNotFoundError):
        temporary.unlink()  # left by a killed app; O_EXCL below refuses anything in its place
    handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise
