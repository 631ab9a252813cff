"""A session the reading refuses for a value a step records: opened in the app on that step.

The refused value is taken out of the data the app shows (lastround.games.step_to_fix), so it is
never shown as if it were good; the step is asked again, saying the reading's own words;
the file is written only once the table confirms a step, with the answer it gives. The
reading is tried again on what is left, so a second refused value is found too (each on its
step). A refusal no step answers leaves the file refused, as before.

Pure: no Textual, no I/O.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from lastround.games import get_game
from lastround.games.base import BROKEN, RulesError
from lastround.games.step_to_fix import take_out

# The most refused values a file can have and still be opened on its steps: past them it is
# more damage than values to answer again.
MOST_FIXES = 12


@dataclass(frozen=True)
class Fix:
    """A step to answer again: why (the reading's one line), and the fields it leaves empty."""

    why: str
    fields: frozenset[str]


def problem(error: RulesError) -> str:
    """A refusal as one message: the key, then what is wrong with it."""
    return f"{error.key}: {error.message}" if error.key else error.message


def steps_to_fix(data: Mapping[str, Any], refused: RulesError,
                 check: Callable[[Mapping[str, Any]], object]
                 ) -> tuple[dict[str, Any], dict[str, Fix]] | None:
    """The session without its refused values, in progress, and the steps that ask them
    again by id; None when a refusal is none a step answers. `check` is the reading's
    (RulesError for the first refused value)."""
    trial = copy.deepcopy(dict(data))
    trial["status"] = "in-progress"  # a finished game is finished again once they are answered
    fixes: dict[str, Fix] = {}
    error: RulesError | None = refused
    for _ in range(MOST_FIXES):
        if error is None:
            break
        found = take_out(trial, error.key)
        if found is None:
            return None
        step, field = found
        earlier = fixes.get(step, Fix(problem(error), frozenset()))
        fixes[step] = Fix(earlier.why, earlier.fields | {field})
        error = _refusal(trial, check)
    if error is not None:
        return None
    try:
        asked = {step.id for step in get_game(str(trial["game"])).procedure(trial)}
    except BROKEN:
        return None
    return (trial, fixes) if fixes.keys() <= asked else None


def _refusal(data: Mapping[str, Any], check: Callable[[Mapping[str, Any]], object]
             ) -> RulesError | None:
    try:
        check(data)
    except RulesError as error:
        return error
    return None
