"""The end of a Race for the Galaxy game: its triggers, the VP chip pool, the end checks.

Save format: an end check's log values hold `pool`, one of POOL_ANSWERS ("chips left",
"empty", "ran out in Consume"), instead of the two yes/no answers older files hold
(`pool_exhausted`, `mid_consume`, still read as before); `end_checks` keeps its keys.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from lastround.games.base import Data, RulesError
from lastround.games.rftg import boxes as box_facts
from lastround.games.rftg.expansions import read_expansions
from lastround.games.rftg.facts import MIN_PLAYERS, POOL_ANSWERS, TABLEAU_TRIGGER
from lastround.games.words import plural

PRESTIGE_END = box_facts.PRESTIGE_END


def chip_pool(players: int, boxes: tuple[str, ...] = (), counterstrike: bool = False) -> int:
    """VP chips in the common pool at the start: 12 per player (24, 36 or 48), 5 more with
    The Brink of War, 15 with Xeno Counterstrike, 30 in its counterstrike game; as many
    players as the boxes seat."""
    most = box_facts.max_players(boxes)
    if not MIN_PLAYERS <= players <= most:
        raise ValueError(f"Race for the Galaxy is for 2 to {most} players, not {players}")
    return box_facts.chip_pool(players, boxes, counterstrike)


def tableau_end_of(data: Mapping[str, Any]) -> int | None:
    """The tableau size that ends this session's game (None: in the counterstrike game,
    none does); the base game's while the boxes don't read."""
    try:
        expansions = read_expansions(data)
    except RulesError:
        return TABLEAU_TRIGGER
    return box_facts.tableau_end(expansions.boxes, expansions.counterstrike)


def game_ends(max_tableau_cards: int, pool_exhausted: bool, most_prestige: int = 0,
              repulsed: bool = False, empires_fell: bool = False, *,
              tableau_end: int | None = TABLEAU_TRIGGER, military_victory: bool = False) -> bool:
    """Whether the game ends at the end of this round.

    It does when any tableau has `tableau_end` or more face-up cards (12; 15 with Xeno
    Counterstrike; never in its counterstrike game), or when the VP chip pool is empty (the
    last chip taken is enough); with The Brink of War also when a player has 15 prestige
    or more ([engine] game_round), in Xeno Invasion's invasion game when the Xenos are
    repulsed or every empire has fallen to them a second time ([XI]), and in the
    counterstrike game on a military victory over the Xenos ([XC]).
    """
    return ((tableau_end is not None and max_tableau_cards >= tableau_end) or pool_exhausted
            or most_prestige >= PRESTIGE_END or repulsed or empires_fell or military_victory)


def chips_beyond_pool(pool_left: int, vp_earned: int) -> int:
    """Extra chips to hand out when a Consume phase earns more VP than the pool still holds.

    Nobody loses earned VP: the phase and the round finish with extra chips (or change).
    """
    return max(0, vp_earned - max(0, pool_left))


def overflow_applies(pool_left: int, vp_earned: int) -> bool:
    """Whether this Consume phase needs chips beyond the printed pool."""
    return chips_beyond_pool(pool_left, vp_earned) > 0


def end_check_message(largest: int, pool_exhausted: bool, mid_consume: bool = False,
                      most_prestige: int = 0, repulsed: bool = False,
                      empires_fell: bool = False, *, tableau_end: int | None = TABLEAU_TRIGGER,
                      military_victory: bool = False) -> str:
    """The verdict of an end check, in sentences for the table.

    `mid_consume` means the chips ran out during Consume with VP still owed, which implies
    the pool is empty; `tableau_end` is the tableau size that ends the game (None: none).
    """
    pool_out = pool_exhausted or mid_consume
    if not game_ends(largest, pool_out, most_prestige, repulsed, empires_fell,
                     tableau_end=tableau_end, military_victory=military_victory):
        at = (f"the end comes at {tableau_end}" if tableau_end is not None
              else "in the counterstrike game its size ends nothing")
        return (
            f"The game goes on: the largest tableau has {plural(largest, 'card', 'cards')} "
            f"({at}) and VP chips remain. Play the next round; Last Round will ask again."
        )
    reasons = _reasons(largest, pool_out, most_prestige, repulsed, empires_fell, tableau_end,
                       military_victory)
    message = f"The game ends at the end of this round: {' and '.join(reasons)}."
    if mid_consume:
        message += (
            " The chips ran out during Consume: finish that phase and the round, paying"
            " the VP still earned with extra chips, so nobody loses points."
        )
    if empires_fell:  # the final scores say what this means for winning
        return message + " The final scores follow."
    return message + " Ending the game does not win it: the highest final score does."


def _reasons(largest: int, pool_out: bool, most_prestige: int, repulsed: bool,
             empires_fell: bool, tableau_end: int | None, military_victory: bool) -> list[str]:
    """Each trigger that ends the game, in words."""
    reasons = []
    if tableau_end is not None and largest >= tableau_end:
        reasons.append(f"a tableau has {largest} cards ({tableau_end} or more)")
    if pool_out:
        reasons.append("the VP chip pool is empty")
    if most_prestige >= PRESTIGE_END:
        reasons.append(f"a player has {most_prestige} prestige ({PRESTIGE_END} or more)")
    if repulsed:
        reasons.append("the Xenos are repulsed")
    if empires_fell:
        reasons.append("every empire has fallen to the Xenos a second time")
    if military_victory:
        reasons.append("the empires won a military victory over the Xenos")
    return reasons


def recorded_checks(data: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The end checks the session holds, in order (anything that is not a table skipped)."""
    checks = data.get("end_checks", [])
    if not isinstance(checks, Sequence):
        return []
    return [c for c in checks if isinstance(c, Mapping)]


def _whole(check: Mapping[str, Any], key: str) -> int:
    value = check.get(key, 0)
    return value if isinstance(value, int) else 0


def check_ends(check: Mapping[str, Any], tableau_end: int | None = TABLEAU_TRIGGER) -> bool:
    """Whether a recorded end check ended the game, judged from its answers and the
    tableau size that ends the game (tableau_end_of)."""
    pool_out = bool(check.get("pool_exhausted")) or bool(check.get("mid_consume"))
    return game_ends(_whole(check, "largest_tableau"), pool_out,
                     _whole(check, "most_prestige"), check.get("repulsed") is True,
                     check.get("empires_fell") is True, tableau_end=tableau_end,
                     military_victory=check.get("military_victory") is True)


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
    record: dict[str, Any] = {
        "largest_tableau": largest,
        "pool_exhausted": pool_exhausted,
        "mid_consume": mid_consume,
    }
    # Asked only where the boxes have them: a base-game check keeps its four keys.
    if "most_prestige" in values:
        record["most_prestige"] = int(values["most_prestige"])
    for key in ("repulsed", "empires_fell", "military_victory"):  # the Xeno games'
        if key in values:
            record[key] = bool(values[key])
    record["ends"] = check_ends(record, tableau_end_of(data))
    checks[k : k + 1] = [record]
    if record["ends"]:
        del checks[k + 1 :]  # nothing is checked after the game has ended
    data["end_checks"] = checks
