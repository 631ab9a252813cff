"""Opening a session file: the one door every reader goes through.

`lastround score`, export, resume, replay, the home list and history all accept exactly the
files this accepts, and refuse the others with the same one line: the file parses, has the
keys every session has (`lastround.session.files.read_session`), holds what each step screen needs
(`lastround.games.checks`), and its steps and, when finished, its totals can be worked out.

Pure but for reading the file: no Textual, no tomlkit.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lastround.games import get_game
from lastround.games.base import BROKEN, Result, RulesError
from lastround.games.checks import check_session
from lastround.session.files import kept_note, read_session
from lastround.session.fixing import Fix, steps_to_fix
from lastround.session.fixing import problem as problem  # the one line every reader says
from lastround.session.safe_read import SaveError
from lastround.session.terminal_safe import visible


def check_openable(data: Mapping[str, Any]) -> Result | None:
    """The final result of a finished session (None for one still in progress); RulesError
    naming the key when a screen, replay or the scores could not use the data."""
    try:
        scoring = check_session(data)  # builds the steps and checks what each step recorded
        if data["status"] != "finished":
            return None
        return scoring() if scoring is not None else get_game(str(data["game"])).score(data)
    except RulesError:
        raise
    except BROKEN as error:  # a hole in check_session: still one line, never a traceback
        raise RulesError("", f"can't be opened: {error}") from None


@dataclass(frozen=True)
class OpenedFile:
    """A session as the door found it: its result once finished, or why it is refused (the
    data is kept either way, so history can still name a refused file's game). A refusal of
    values steps record (`fixes`, by step id) leaves `data` without them, in progress: the
    app opens it on those steps (lastround.session.fixing); every other reader refuses it."""

    data: Mapping[str, Any]
    result: Result | None = None
    refused: RulesError | None = None
    fixes: Mapping[str, Fix] | None = None


def checked(data: Mapping[str, Any]) -> OpenedFile:
    """A session's data through the checks of the door, without the file. A finished
    session whose totals the rules refuse because a step's answer must be given again (a
    hand edit) is opened in progress, at that step."""
    try:
        return OpenedFile(data, check_openable(data))
    except RulesError as error:
        reopened = reopened_at_step(data)
        if reopened is not None:
            return OpenedFile(reopened)
        to_fix = steps_to_fix(data, error, check_openable)
        if to_fix is None:
            return OpenedFile(data, refused=error)
        return OpenedFile(to_fix[0], refused=error, fixes=to_fix[1])


def reopened_at_step(data: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """A finished session's data in progress, when a step asks its answer again (None
    otherwise, or when it would still be refused)."""
    if data.get("status") != "finished":
        return None
    reopened = {**data, "status": "in-progress"}
    try:
        check_openable(reopened)
        steps = get_game(str(data["game"])).procedure(reopened)
    except BROKEN:
        return None
    return reopened if any(step.ask_again for step in steps) else None


def open_file(path: Path) -> OpenedFile:
    """The door itself: SaveError in one line for a file that is no session at all, else the
    session with its result or its refusal."""
    return checked(read_session(path))


def open_session(path: Path) -> tuple[dict[str, Any], Result | None]:
    """The file's data and (when finished) its result; SaveError in one line otherwise."""
    opened = open_file(path)
    if opened.refused is not None:
        raise refusal(path, opened.refused)
    return dict(opened.data), opened.result  # reopened at a step asked again, if it is


def open_in_app(path: Path) -> tuple[dict[str, Any], dict[str, Fix]]:
    """The file's data as the app opens it, with the steps that answer its refused values
    again (lastround.session.fixing); SaveError in one line for a refusal no step answers."""
    opened = open_file(path)
    if opened.fixes is not None:
        return dict(opened.data), dict(opened.fixes)
    if opened.refused is not None:
        raise refusal(path, opened.refused)
    return dict(opened.data), {}


def refusal(path: Path, error: RulesError) -> SaveError:
    return SaveError(f"{path}: {problem(error)}{kept_note(path)}")


def not_finished(path: Path, data: Mapping[str, Any]) -> SaveError:
    """The one line for a session the table has not finished: no damage, only a step to
    come back to (`score` and `export` need final scores)."""
    from lastround.session.session import Session

    session = Session(dict(data))  # a copy: Session adds a missing log to its data
    step = session.steps()[session.resume_index()]
    why = f": {visible(step.ask_again)}" if step.ask_again else ""
    return SaveError(f"{path}: the game isn't finished yet: it stands at step "
                     f"'{visible(step.title)}'{why} (resume it with lastround resume {path})")
