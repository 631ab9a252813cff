"""Galileo Galilei: the turns still to play once the deck is empty, and the fair Tier III draws.

Pure rules: no I/O. Reads and writes the session keys ``first_player``, ``trigger``,
``trigger_turn_over``, ``turns_done``, ``draws`` and ``seed`` (see the docstring of
lastround.games.galileo).

The turns listed are the triggering player's own turn, still in progress when the deck
empties (draws during it are recorded against that player), then `final_turns`. The count
``turns_done`` keeps its first meaning, the turns ended *after* the trigger's; whether the
trigger's own turn is over is the newer ``trigger_turn_over``. A file written before that key
existed counted the trigger's turn as over, so a missing key reads as true. A draw's ``turn``
is its place in that list: 0 for the rest of the trigger's turn, k for the k-th turn after it
(as before). A draw is never erased: a removed one stays with ``removed = true`` and why.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from lastround.games.base import Data, RulesError, player_names
from lastround.games.values import is_int

DRAW_REASONS: tuple[str, ...] = ("gap", "reward")


# --- End of game: who still plays ------------------------------------------------------------

Phase = Literal["rest of this turn", "rest of round", "final turn"]
THIS_TURN: Phase = "rest of this turn"  # the trigger's own turn, in progress as the deck empties
REST_OF_ROUND: Phase = "rest of round"
FINAL_TURN: Phase = "final turn"


@dataclass(frozen=True)
class Turn:
    seat: int
    phase: Phase


def final_turns(players: int, first: int, trigger: int) -> list[Turn]:
    """The turns still to play once the deck is empty, in order.

    The round is finished (every seat after the trigger up to the one before the first
    player), then everyone plays one more turn starting with the first player.
    Seats are numbered clockwise 0..players-1.
    """
    if players < 1:
        raise RulesError("players", "there must be at least one player")
    check_seat("first_player", first, players)
    check_seat("trigger.player", trigger, players)
    last_of_round = (first - 1) % players
    left_in_round = (last_of_round - trigger) % players  # 0 when the trigger closed the round
    rest = [Turn((trigger + k) % players, REST_OF_ROUND) for k in range(1, left_in_round + 1)]
    final = [Turn((first + k) % players, FINAL_TURN) for k in range(players)]
    return rest + final


def check_seat(key: str, seat: int, players: int) -> None:
    if not is_int(seat) or not 0 <= seat < players:
        raise RulesError(key, f"must be a seat from 0 to {players - 1}, not {seat!r}")


def session_turns(data: Mapping[str, Any]) -> list[Turn]:
    """`final_turns` for a session; RulesError when first player or trigger is not known yet."""
    players = len(player_names(data))
    trigger = data.get("trigger")
    if not isinstance(trigger, Mapping) or "player" not in trigger:
        raise RulesError("trigger.player", "whose turn emptied the deck is not recorded yet")
    if "first_player" not in data:
        raise RulesError("first_player", "the first player is not recorded yet")
    return final_turns(players, data["first_player"], trigger["player"])


def listed_turns(data: Mapping[str, Any]) -> list[Turn]:
    """The trigger's own turn (still being played when the deck empties), then `session_turns`."""
    turns = session_turns(data)
    return [Turn(data["trigger"]["player"], THIS_TURN), *turns]


def turns_ended(data: Mapping[str, Any]) -> int:
    """How many of `listed_turns` are over: the trigger's own turn, then ``turns_done``.

    ``trigger_turn_over`` missing (a file from before the trigger's turn was listed) means
    over, as those files counted it; any later turn ended means it is over too.
    """
    done = int(data.get("turns_done", 0))
    return done + (bool(data.get("trigger_turn_over", True)) or done > 0)


def turn_in_progress(data: Mapping[str, Any]) -> int | None:
    """The place in `listed_turns` of the turn being played (a draw's ``turn``), None when
    every turn is played. Without a known trigger: ``turns_done + 1``, as draws always were."""
    ended = turns_ended(data)
    try:
        listed = len(listed_turns(data))
    except RulesError:
        return ended
    return ended if ended < listed else None


def progress(ended: int) -> dict[str, Any]:
    """The session keys saying that the first `ended` of `listed_turns` are over."""
    return {"trigger_turn_over": ended > 0, "turns_done": max(ended - 1, 0)}


def turn_name(data: Mapping[str, Any], turn: object) -> str:
    """The player of a draw's ``turn``, or "" when it is not a turn of this session."""
    try:
        listed = listed_turns(data)
    except RulesError:
        return ""
    names = player_names(data)
    if not is_int(turn) or not 0 <= turn < len(listed) or listed[turn].seat >= len(names):
        return ""
    return names[listed[turn].seat]


def current_turn(data: Mapping[str, Any]) -> int | None:
    """Index in `session_turns` of the turn being played, or None once all are done."""
    turns = session_turns(data)
    done = int(data.get("turns_done", 0))
    return done if done < len(turns) else None


# --- Fair Tier III draws ---------------------------------------------------------------------


def draw_position(seed: int, draw_number: int, cards_in_box: int) -> int:
    """Which unused Tier III card to take: a 1-based position, uniform over the box.

    Deterministic: the generator is seeded from a string (hashed with SHA-512 by `random`),
    never from `hash()`, so the same inputs give the same card in every run.
    Raises RulesError (a ValueError) when the box is empty.
    """
    if cards_in_box < 1:
        raise RulesError("draws", "the box holds no unused Tier III card: nothing to draw")
    generator = random.Random(f"galileo/tier-iii/{seed}/{draw_number}")
    return generator.randint(1, cards_in_box)


def ordinal(number: int) -> str:
    """1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st, 22nd …"""
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    if number % 100 in (11, 12, 13):
        suffix = "th"
    return f"{number}{suffix}"


def draw_instruction(position: int, cards_in_box: int) -> str:
    """What to do at the table for a draw at `position` among `cards_in_box` cards."""
    if not 1 <= position <= cards_in_box:
        raise ValueError(f"position {position} is not among {cards_in_box} cards")
    if cards_in_box == 1:
        return "Take the one unused Tier III card left in the box."
    return (
        f"Shuffle the {cards_in_box} unused Tier III cards face down "
        f"and take the {ordinal(position)} from the top."
    )


def describe_draw(draw: Mapping[str, Any], player: str = "") -> str:
    """One recorded draw as the table reads it: "turn 2, Ada, display gap: the 5th of 12: Vega".

    `player` is whose turn it was (see `turn_name`); turn 0 is the rest of the trigger's turn.
    """
    why = "display gap" if draw.get("reason") == "gap" else "constellation reward"
    card = f": {draw['card']}" if draw.get("card") else ""
    position = draw.get("position")
    which = ordinal(position) if is_int(position) else "?"
    turn = draw.get("turn", "?")
    if turn == 0:
        when = f"rest of {player}'s turn" if player else "rest of the deck-emptying turn"
    else:
        when = f"turn {turn}, {player}" if player else f"turn {turn}"
    removed = f" (removed: {draw.get('removed_why') or 'by hand'})" if draw.get("removed") else ""
    return f"{when}, {why}: the {which} of {draw.get('box', '?')}{card}{removed}"


def draw_lines(data: Mapping[str, Any]) -> list[str]:
    """Every recorded draw, removed ones too, numbered as drawn: " 2. turn 1, Cy, …"."""
    draws = data.get("draws") or []
    if not isinstance(draws, Sequence):
        return []
    return [f"{n}. {describe_draw(draw, turn_name(data, draw.get('turn')))}"
            for n, draw in enumerate(draws, start=1)
            if isinstance(draw, Mapping)]  # a hand edit may break one


def drawn_cards_text(data: Mapping[str, Any]) -> str:
    """Every Tier III card drawn from the box, numbered; empty when none was drawn."""
    lines = draw_lines(data)
    if not lines:
        return ""
    return "\n".join(["Tier III cards drawn from the box in the final turns:",
                      *(f" {line}" for line in lines)])


def box_remaining(data: Mapping[str, Any]) -> int | None:
    """Unused Tier III cards left after the last draw, or None before any draw.

    A removed draw's card went back to the box (it was never taken, or was put back).
    """
    draws = data.get("draws") or []
    if not draws:
        return None
    last = draws[-1]
    return int(last["box"]) - (0 if last.get("removed") else 1)


def remove_draw(data: Data, number: int, why: str) -> dict[str, Any]:
    """Mark draw `number` (1-based) removed, keeping it: numbering and later draws stay as
    they were. RulesError when there is no such draw or it is removed already."""
    draws = data.get("draws") or []
    if not is_int(number) or not 1 <= number <= len(draws):
        raise RulesError("draws", f"there is no draw {number}")
    draw = draws[number - 1]
    if draw.get("removed"):
        raise RulesError("draws", f"draw {number} is removed already")
    draw["removed"] = True
    draw["removed_why"] = why
    return dict(draw)


def remove_draws_after(data: Data, turn: int, why: str) -> list[int]:
    """Remove (with `why` recorded) every draw made in a turn after `turn`: those turns are
    not played any more. Returns the numbers of the draws removed."""
    removed = []
    for number, draw in enumerate(data.get("draws") or [], start=1):
        if not draw.get("removed") and int(draw.get("turn", 0)) > turn:
            remove_draw(data, number, why)
            removed.append(number)
    return removed


def undo_turn(data: Data) -> list[int]:
    """The last ended turn is being played again; draws made in the turn that was in progress
    are removed (kept, marked "turn undone"). Returns their numbers; RulesError at the start."""
    ended = turns_ended(data)
    if ended == 0:
        raise RulesError("turns_done", "no turn is ended yet: there is nothing to undo")
    data.update(progress(ended - 1))
    return remove_draws_after(data, ended - 1, "turn undone")


def reset_turns(data: Data, why: str) -> None:
    """Every listed turn not played yet and every draw removed (kept, with `why`): what they
    were recorded against has changed (the trigger, the first player, the players)."""
    data.update(progress(0))
    remove_draws_after(data, -1, why)


def turns_recorded(data: Mapping[str, Any]) -> tuple[int, int]:
    """How many listed turns are ended and how many draws stand (not removed)."""
    draws = [d for d in data.get("draws") or [] if isinstance(d, Mapping) and not d.get("removed")]
    ended = turns_ended(data) if "turns_done" in data or "trigger_turn_over" in data else 0
    return ended, len(draws)


def record_draw(
    data: Data, reason: str, box_count: int | None = None, card: str = ""
) -> dict[str, Any]:
    """Draw a Tier III card from the box, append it to ``data["draws"]`` and return it.

    `box_count` is how many unused Tier III cards the box holds now; None means one fewer
    than at the last draw. Raises RulesError when the reason is unknown, the count is not
    known, the box is empty, the session has no ``seed``, or every turn is played.
    """
    if reason not in DRAW_REASONS:
        raise RulesError("draws.reason", f"must be one of {', '.join(DRAW_REASONS)}")
    box = box_remaining(data) if box_count is None else box_count
    if box is None:
        raise RulesError("draws.box", "say how many unused Tier III cards the box holds")
    seed = data.get("seed")
    if not is_int(seed):  # the session writes it; a hand-edited file may have lost it
        raise RulesError("seed", "the session has no whole-number seed for fair draws")
    turn = turn_in_progress(data)
    if turn is None:
        raise RulesError("draws", "every turn is played: a draw is only recorded during a turn")
    position = draw_position(seed, len(data.get("draws") or []), box)  # before any change
    draw = {"turn": turn, "reason": reason, "box": box, "position": position, "card": card}
    data.setdefault("draws", []).append(draw)
    return draw



def logged_draw(data: Mapping[str, Any], draw: Mapping[str, Any]) -> str:
    """A draw as replay lists it, with whose turn it was in the session `data`."""
    return describe_draw(draw, turn_name(data, draw.get("turn")))
