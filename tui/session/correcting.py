"""A correction after the game, tried on a copy of the session: the session keeper
(lastround.session.keeper) saves the copy, or keeps the session as it was."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from lastround.games.base import RulesError
from lastround.session.session import Session


def corrected(session: Session, step_id: str, values: Mapping[str, Any], at: str) -> Session:
    """A copy of the session with the correction logged; RulesError says why it is refused.

    The session itself is left as it was, so a failed save loses nothing of either.
    """
    trial = Session(copy.deepcopy(session.data), session.path)
    steps_before = [s.id for s in trial.steps()]
    step = next((s for s in trial.steps() if s.id == step_id), None)
    if step is None:
        raise RulesError("step", f"this session has no step {step_id!r} to correct")
    if dict(values) == trial.values_for(step):
        raise RulesError("step", "nothing was changed: Esc leaves the entry as it was")
    trial.confirm(step, values, at=at, correction=True)
    if [s.id for s in trial.steps()] != steps_before:
        raise RulesError("step", "this answer would change the steps of the finished game "
                                 "(it would not have ended then); correct the counts instead")
    try:
        trial.score()
    except RulesError as error:
        raise RulesError(error.key, f"the game would no longer total: {error.message}") from None
    return trial
