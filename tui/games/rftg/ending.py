"""The end of a Race for the Galaxy game: its triggers, the VP chip pool, the end checks.

Save format: an end check's log values hold `pool`, one of POOL_ANSWERS ("chips left",
"empty", "ran out in Consume"), instead of the two yes/no answers older files hold
(`pool_exhausted`, `mid_consume`, still read as before); `end_checks` keeps its keys.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tui.games.base import Data, RulesError
from tui.games.rftg.facts import (
    CHIPS_PER_PLAYER,
    MAX_PLAYERS,
    MIN_PLAYERS,
    POOL_ANSWERS,
    TABLEAU_TRIGGER,
)
from tui.games.words import plural


def chip_pool(players: int) -> int:
    """VP chips in the common pool at the start: 12 per player (24, 36 or 48)."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Race for the Galaxy is for 2 to 4 players, not {players}")
    return CHIPS_PER_PLAYER * players


def game_ends(max_tableau_cards: int, pool_exhausted: bool) -> bool:
    """Whether the game ends at the end of this round.

    It does when any tableau has 12 or more face-up cards, or when the VP chip pool is
    empty (the last chip taken is enough).
    """
    return max_tableau_cards >= TABLEAU_TRIGGER or pool_exhausted


def chips_beyond_pool(pool_left: int, vp_earned: int) -> int:
    """Extra chips to hand out when a Consume phase earns more VP than the pool still holds.

    Nobody loses earned VP: the phase and the round finish with extra chips (or change).
    """
    return max(0, vp_earned - max(0, pool_left))


def overflow_applies(pool_left: int, vp_earned: int) -> bool:
    """Whether this Consume phase needs chips beyond the printed pool."""
    return chips_beyond_pool(pool_left, vp_earned) > 0


def end_check_message(largest: int, pool_exhausted: bool, mid_consume: bool = False) -> str:
    """The verdict of an end check, in sentences for the table.

    `mid_consume` means the chips ran out during a Consume phase with VP still owed,
    which implies the pool is empty.
    """
    pool_out = pool_exhausted or mid_consume
    if not game_ends(largest, pool_out):
        return (
            f"The game goes on: the largest tableau has {plural(largest, 'card', 'cards')} "
            f"(the end comes at {TABLEAU_TRIGGER}) and VP chips remain. "
            "Play the next round; Last Round will ask again."
        )
    reasons = []
    if largest >= TABLEAU_TRIGGER:
        reasons.append(f"a tableau has {largest} cards ({TABLEAU_TRIGGER} or more)")
    if pool_out:
        reasons.append("the VP chip pool is empty")
    message = f"The game ends at the end of this round: {' and '.join(reasons)}."
    if mid_consume:
        message += (
            " The chips ran out during Consume: finish that phase and the round, paying"
            " the VP still earned with extra chips, so nobody loses points."
        )
    return message + " Ending the game does not win it: the highest final score does."


def recorded_checks(data: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The end checks the session holds, in order (anything that is not a table skipped)."""
    checks = data.get("end_checks", [])
    if not isinstance(checks, Sequence):
        return []
    return [c for c in checks if isinstance(c, Mapping)]


def check_ends(check: Mapping[str, Any]) -> bool:
    """Whether a recorded end check ended the game, judged from its answers."""
    largest = check.get("largest_tableau", 0)
    pool_out = bool(check.get("pool_exhausted")) or bool(check.get("mid_consume"))
    return game_ends(largest if isinstance(largest, int) else 0, pool_out)


def pool_answer(check: Mapping[str, Any]) -> str:
    """The pool answer a recorded end check holds (old files kept two yes/no answers)."""
    if check.get("mid_consume") is True:
        return POOL_ANSWERS[2]
    return POOL_ANSWERS[1] if check.get("pool_exhausted") is True else POOL_ANSWERS[0]


def record_end_check(data: Data, k: int, values: Mapping[str, Any]) -> None:
    """Store the answers of end check k in ``end_checks[k]`` (replacing a re-answered one)."""
    checks = list(recorded_checks(data))
    if k > len(checks):
        raise RulesError(f"end_checks[{k}]", "answer the earlier end checks first")
    largest = int(values["largest_tableau"])
    pool = values.get("pool")
    if pool in POOL_ANSWERS:
        mid_consume = pool == POOL_ANSWERS[2]
        pool_exhausted = pool != POOL_ANSWERS[0]
    else:  # a log from before the one question: its two yes/no answers, as meant then
        mid_consume = bool(values.get("mid_consume", False))
        pool_exhausted = bool(values.get("pool_exhausted", False)) or mid_consume
    record = {
        "largest_tableau": largest,
        "pool_exhausted": pool_exhausted,
        "mid_consume": mid_consume,
        "ends": game_ends(largest, pool_exhausted),
    }
    checks[k : k + 1] = [record]
    if record["ends"]:
        del checks[k + 1 :]  # nothing is checked after the game has ended
    data["end_checks"] = checks
