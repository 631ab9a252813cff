"""Galileo Galilei: who still plays once the last Discovery card has left the deck.

Spec: "Finish the current round, so that the player sitting before the first player (who keeps
the telescope standee) has played. Then everyone plays one more turn, starting with the first
player."
"""

from __future__ import annotations

from typing import Any

import pytest

from lastround.games.base import RulesError
from lastround.games.galileo.game import GAME
from lastround.games.galileo.turns import (
    FINAL_TURN,
    REST_OF_ROUND,
    Turn,
    current_turn,
    final_turns,
    session_turns,
)

ALL_TABLES = [
    (players, first, trigger)
    for players in range(2, 5)
    for first in range(players)
    for trigger in range(players)
]


def played_in_order(players: int, first: int, trigger: int) -> list[tuple[int, str]]:
    """An independent formulation: walk the turn order seat by seat, as a table would.

    Turns go clockwise from the first player, round after round. Once the trigger's turn is
    over, keep going until a round is complete (the next seat to play would be the first
    player again), then let everyone play once more.
    """
    turns: list[tuple[int, str]] = []
    seat = (trigger + 1) % players
    while seat != first:  # the round ends when play comes back to the first player
        turns.append((seat, "rest of round"))
        seat = (seat + 1) % players
    for _ in range(players):
        turns.append((seat, "final turn"))
        seat = (seat + 1) % players
    return turns


@pytest.mark.parametrize(("players", "first", "trigger"), ALL_TABLES)
def test_every_table_matches_the_seat_by_seat_walk(players: int, first: int, trigger: int) -> None:
    """Every player count 2–4, every first player and every trigger: same as walking the seats."""
    turns = final_turns(players, first, trigger)
    assert [(t.seat, t.phase) for t in turns] == played_in_order(players, first, trigger)


@pytest.mark.parametrize(("players", "first", "trigger"), ALL_TABLES)
def test_the_round_ends_with_the_player_before_the_first_player(
    players: int, first: int, trigger: int
) -> None:
    """'Finish the current round, so that the player sitting before the first player has
    played': the last turn before the final turns is that player's (or the trigger was)."""
    turns = final_turns(players, first, trigger)
    rest = [t.seat for t in turns if t.phase == REST_OF_ROUND]
    seat_before_first = (first - 1) % players
    assert (rest[-1] if rest else trigger) == seat_before_first
    assert trigger not in rest  # the trigger has just played; they wait for the final turn


@pytest.mark.parametrize(("players", "first", "trigger"), ALL_TABLES)
def test_everyone_plays_one_more_turn_starting_with_the_first_player(
    players: int, first: int, trigger: int
) -> None:
    """'Then everyone plays one more turn, starting with the first player.'"""
    turns = final_turns(players, first, trigger)
    final = [t.seat for t in turns if t.phase == FINAL_TURN]
    assert final == [(first + k) % players for k in range(players)]
    assert sorted(final) == list(range(players))
    phases = [t.phase for t in turns]
    assert phases == sorted(phases, key=lambda p: p == FINAL_TURN)  # the round comes first


@pytest.mark.parametrize(("players", "first", "trigger"), ALL_TABLES)
def test_every_player_ends_with_the_same_number_of_turns(
    players: int, first: int, trigger: int
) -> None:
    """Finishing the round means everyone has had the same number of turns before the last one.

    Counting whole rounds from the first player, after the trigger's turn and the turns still
    to play, every seat has played equally often.
    """
    position_in_round = (trigger - first) % players  # the trigger's place, counted from first
    played = [1 if (seat - first) % players <= position_in_round else 0 for seat in range(players)]
    for turn in final_turns(players, first, trigger):
        played[turn.seat] += 1
    assert len(set(played)) == 1


def test_hand_written_cases() -> None:
    """A few tables worked out by hand."""
    rest, final = REST_OF_ROUND, FINAL_TURN
    # 4 players, Ada (0) first, Bo (1) empties the deck: Cy and Di finish the round.
    assert final_turns(4, 0, 1) == [
        Turn(2, rest),
        Turn(3, rest),
        Turn(0, final),
        Turn(1, final),
        Turn(2, final),
        Turn(3, final),
    ]
    # 3 players, seat 2 first, seat 0 empties the deck: seat 1 finishes the round.
    assert final_turns(3, 2, 0) == [Turn(1, rest), Turn(2, final), Turn(0, final), Turn(1, final)]
    # 2 players, seat 1 first, seat 1 empties the deck: seat 0 finishes the round.
    assert final_turns(2, 1, 1) == [Turn(0, rest), Turn(1, final), Turn(0, final)]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_trigger_by_the_player_before_the_first_closes_the_round(players: int) -> None:
    """If the player sitting before the first player empties the deck, the round is complete:
    no turns are left in it, only the final turn for everyone."""
    for first in range(players):
        turns = final_turns(players, first, (first - 1) % players)
        assert [t.phase for t in turns] == [FINAL_TURN] * players


@pytest.mark.parametrize("players", [2, 3, 4])
def test_trigger_by_the_first_player_leaves_everyone_else_in_the_round(players: int) -> None:
    """If the first player empties the deck, every other player still plays in this round."""
    turns = final_turns(players, 0, 0)
    assert [t.seat for t in turns if t.phase == REST_OF_ROUND] == list(range(1, players))
    assert len(turns) == 2 * players - 1


@pytest.mark.parametrize(
    ("players", "first", "trigger", "key"),
    [(3, 3, 0, "first_player"), (3, 0, -1, "trigger.player"), (2, 0, True, "trigger.player")],
)
def test_seats_outside_the_table_are_refused(
    players: int, first: int, trigger: int, key: str
) -> None:
    with pytest.raises(RulesError) as error:
        final_turns(players, first, trigger)
    assert error.value.key == key


def session(first: int, trigger: int, done: int = 0) -> dict[str, Any]:
    players = [{"name": name} for name in ("Ada", "Bo", "Cy")]
    trigger_table = {"player": trigger, "how": "display"}
    return {"players": players, "first_player": first, "trigger": trigger_table, "turns_done": done}


def test_session_turns_read_the_first_player_and_the_trigger() -> None:
    assert session_turns(session(1, 1)) == final_turns(3, 1, 1)


def test_session_turns_need_the_trigger() -> None:
    data = session(0, 0)
    del data["trigger"]
    with pytest.raises(RulesError) as error:
        session_turns(data)
    assert error.value.key == "trigger.player"


def test_current_turn_counts_the_turns_ended() -> None:
    assert current_turn(session(0, 1, done=0)) == 0
    assert current_turn(session(0, 1, done=3)) == 3
    assert current_turn(session(0, 1, done=4)) is None  # 1 rest-of-round + 3 final turns


def test_the_turns_step_lists_who_still_plays_by_name() -> None:
    steps = {step.id: step for step in GAME.procedure(session(0, 1))}
    turns = steps["final-turns"]
    assert turns.kind == "turns"
    assert turns.items == (
        "1. Cy (rest of round)",
        "2. Ada (final turn)",
        "3. Bo (final turn)",
        "4. Cy (final turn)",
    )


def test_the_turns_step_is_empty_until_the_trigger_is_known() -> None:
    data = session(0, 1)
    del data["trigger"]
    steps = {step.id: step for step in GAME.procedure(data)}
    assert steps["final-turns"].items == ()


def test_applying_the_turns_step_replaces_turns_done_and_draws() -> None:
    data = session(0, 1)
    data["draws"] = [{"turn": 1, "reason": "gap", "box": 4, "position": 2, "card": ""}]
    step = next(s for s in GAME.procedure(data) if s.id == "final-turns")
    new_draws = [{"turn": 2, "reason": "reward", "box": 3, "position": 3, "card": "Moon"}]
    GAME.apply(data, step, {"turns_done": 2, "draws": new_draws})
    assert data["turns_done"] == 2
    assert data["draws"] == new_draws


@pytest.mark.parametrize(
    ("values", "key"),
    [
        ({"turns_done": 5, "draws": []}, "turns_done"),  # only 4 turns are left to play
        ({"turns_done": -1, "draws": []}, "turns_done"),
        (
            {"turns_done": 0, "draws": [{"turn": 1, "reason": "luck", "box": 3, "position": 1}]},
            "draws[0].reason",
        ),
        (
            {"turns_done": 0, "draws": [{"turn": 1, "reason": "gap", "box": 3, "position": 4}]},
            "draws[0].position",
        ),
        (
            {"turns_done": 0, "draws": [{"turn": 1, "reason": "gap", "box": 0, "position": 1}]},
            "draws[0].box",
        ),
    ],
)
def test_applying_the_turns_step_refuses_broken_values(values: dict[str, Any], key: str) -> None:
    data = session(0, 1)
    step = next(s for s in GAME.procedure(data) if s.id == "final-turns")
    with pytest.raises(RulesError) as error:
        GAME.apply(data, step, values)
    assert error.value.key == key
