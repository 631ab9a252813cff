"""A form's running total: what is typed so far, scored by the game's own rules.

The values typed so far are applied to a copy of the session through the game's `apply`,
then the game's `so_far` says each player's parts. A value the rules refuse (not yet whole,
above a limit) is taken at its field's default and the rest applied again, so the total follows
every value that stands. Pure: no Textual (the form shows what this returns).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from lastround.games.base import Field, Game, PlayerScore, RulesError, Step, shown_columns, signed
from lastround.session.session import session_copy


def score_so_far(
    game: Game, data: Mapping[str, Any], step: Step, typed: Mapping[str, Any]
) -> PlayerScore | None:
    """The asked player's parts and total with `typed` (field key -> parsed value; a field
    missing from it is taken at its default), or None when the step asks no one player."""
    if step.player is None:
        return None
    values = {f.key: typed.get(f.key, f.default) for f in step.fields}
    defaults = {f.key: f.default for f in step.fields}
    trial: Mapping[str, Any] = data  # nothing applies: the parts already recorded
    for _ in range(len(step.fields) + 1):  # each retry drops one refused value
        attempt = session_copy(data)
        try:
            game.apply(attempt, step, values)
        except RulesError as refused:
            if refused.key not in values or values[refused.key] == defaults[refused.key]:
                break
            values[refused.key] = defaults[refused.key]
            continue
        except (LookupError, TypeError, ValueError):  # rules that can't take it yet
            break
        trial = attempt
        break
    scores = game.so_far(trial)
    return scores[step.player] if step.player < len(scores) else None


def group_part(group: str, parts: Mapping[str, int]) -> str | None:
    """The part a form group totals: the one named by a word of its heading ("Score track":
    track), None for a group that scores nothing (tie-breaks)."""
    words = group.casefold().split()
    return next((part for part in parts if part.casefold() in words), None)


def total_text(score: PlayerScore) -> str:
    """"Ada so far: Track 62 + University 6 + Cellar -8 = 60" (the parts entered so far)."""
    parts = " + ".join(
        f"{heading} {signed(sum(score.parts[k] for k in keys)).lstrip('+')}"
        for heading, keys in shown_columns(list(score.parts)))
    return f"{score.name} so far: {parts or 'nothing entered'} = {score.total}"


def group_text(group: str, score: PlayerScore | None) -> str:
    """A group's heading, with its subtotal when the group scores."""
    part = None if score is None else group_part(group, score.parts)
    if score is None or part is None:
        return group
    return f"{group} · {signed(score.parts[part]).lstrip('+')} VP"


def groups(fields: Sequence[Field]) -> list[str]:
    """The form's group headings in order (a group is shown where its first field is)."""
    return list(dict.fromkeys(f.group for f in fields if f.group))
