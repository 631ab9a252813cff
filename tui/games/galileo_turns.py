"""Galileo Galilei: the turns still to play once the deck is empty, and the fair Tier III draws.

Pure rules: standard library only, no I/O. Reads and writes the session keys ``first_player``,
``trigger``, ``turns_done``, ``draws`` and ``seed`` (see tui.games.galileo's docstring).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, TypeGuard

from tui.games.base import Data, RulesError, player_names

DRAW_REASONS: tuple[str, ...] = ("gap", "reward")


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)  # True is not a count


# --- End of game: who still plays ------------------------------------------------------------

Phase = Literal["rest of round", "final turn"]
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
    if not _is_int(seat) or not 0 <= seat < players:
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


def describe_draw(draw: Mapping[str, Any]) -> str:
    """One recorded draw as the table reads it: "turn 2, display gap: the 5th of 12: Vega"."""
    why = "display gap" if draw.get("reason") == "gap" else "constellation reward"
    card = f": {draw['card']}" if draw.get("card") else ""
    position = draw.get("position")
    which = ordinal(position) if _is_int(position) else "?"
    return f"turn {draw.get('turn', '?')}, {why}: the {which} of {draw.get('box', '?')}{card}"


def drawn_cards_text(data: Mapping[str, Any]) -> str:
    """Every Tier III card drawn from the box, numbered; empty when none was drawn."""
    draws = data.get("draws") or []
    if not isinstance(draws, Sequence) or not draws:
        return ""
    lines = ["Tier III cards drawn from the box in the final turns:"]
    shown = [draw for draw in draws if isinstance(draw, Mapping)]  # a hand edit may break one
    lines += [f" {n}. {describe_draw(draw)}" for n, draw in enumerate(shown, start=1)]
    return "\n".join(lines)


def box_remaining(data: Mapping[str, Any]) -> int | None:
    """Unused Tier III cards left after the last draw, or None before any draw."""
    draws = data.get("draws") or []
    return int(draws[-1]["box"]) - 1 if draws else None


def record_draw(
    data: Data, reason: str, box_count: int | None = None, card: str = ""
) -> dict[str, Any]:
    """Draw a Tier III card from the box, append it to ``data["draws"]`` and return it.

    `box_count` is how many unused Tier III cards the box holds now; None means one fewer
    than at the last draw. Raises RulesError when the reason is unknown, the count is not
    known, the box is empty, or the session has no ``seed``.
    """
    if reason not in DRAW_REASONS:
        raise RulesError("draws.reason", f"must be one of {', '.join(DRAW_REASONS)}")
    box = box_remaining(data) if box_count is None else box_count
    if box is None:
        raise RulesError("draws.box", "say how many unused Tier III cards the box holds")
    seed = data.get("seed")
    if not _is_int(seed):  # the session writes it; a hand-edited file may have lost it
        raise RulesError("seed", "the session has no whole-number seed for fair draws")
    position = draw_position(seed, len(data.get("draws") or []), box)  # before any change
    turn = int(data.get("turns_done", 0)) + 1
    draw = {"turn": turn, "reason": reason, "box": box, "position": position, "card": card}
    data.setdefault("draws", []).append(draw)
    return draw
