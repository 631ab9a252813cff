"""Galileo Galilei: properties that hold for any table, checked with Hypothesis."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from lastround.games.galileo.board import SUBJECT_NAMES
from lastround.games.galileo.cellar import DEFAULT_CELLAR_VALUES
from lastround.games.galileo.game import GAME
from lastround.games.galileo.limits import MET_LIMITS
from lastround.games.galileo.turns import (
    FINAL_TURN,
    draw_position,
    final_turns,
)

NAMES = ("Ada", "Bo", "Cy", "Di")
seeds = st.integers(min_value=0, max_value=2**63)
boxes = st.integers(min_value=1, max_value=12)


@st.composite
def entries(draw: st.DrawFn) -> dict[str, Any]:
    """One player's end-of-game entries, anything the save format and the components allow
    (four players together stay within the 33 Inquisitors and 34 Quadrants of
    lastround.games.galileo.limits)."""
    subjects = draw(st.permutations(SUBJECT_NAMES))[:4]
    cellar = [draw(st.integers(0, 1)) for _ in DEFAULT_CELLAR_VALUES]

    def met(subject: str) -> int:
        if subject == "Inquisitors":
            return sum(cellar)
        limit = MET_LIMITS.get(subject.casefold(), (12, ""))[0]
        return draw(st.integers(0, min(12, limit)))

    return {
        "track": draw(st.integers(min_value=0, max_value=199)),
        "university": [
            {"subject": s, "met": met(s), "multiplier": draw(st.integers(0, 5))}
            for s in subjects
        ],
        "cellar": cellar,
        "farewell": draw(st.integers(0, 4)),
        "tribunal": draw(st.integers(min_value=-10, max_value=10)),
        "dice": draw(st.integers(min_value=0, max_value=30)),
        "quadrants": draw(st.integers(0, 8)),
    }


@st.composite
def tables(draw: st.DrawFn) -> dict[str, Any]:
    size = draw(st.integers(min_value=2, max_value=4))
    players = [{"name": name} | draw(entries()) for name in NAMES[:size]]
    return {"game": "galileo", "players": players}


# --- Fair draws ------------------------------------------------------------------------------


@given(seed=seeds, number=st.integers(min_value=0, max_value=1000), box=boxes)
def test_a_draw_is_a_position_in_the_box_and_always_the_same(
    seed: int, number: int, box: int
) -> None:
    position = draw_position(seed, number, box)
    assert 1 <= position <= box
    assert draw_position(seed, number, box) == position


@settings(max_examples=15, deadline=None)
@given(seed=seeds, box=st.integers(min_value=2, max_value=8))
def test_draws_are_spread_evenly_over_the_box(seed: int, box: int) -> None:
    """Every card is about equally likely: 300 expected per position, each within ±40%."""
    expected = 300
    counts = Counter(draw_position(seed, n, box) for n in range(expected * box))
    assert set(counts) == set(range(1, box + 1))
    assert all(0.6 * expected <= c <= 1.4 * expected for c in counts.values())


@settings(max_examples=15, deadline=None)
@given(number=st.integers(min_value=0, max_value=50))
def test_different_seeds_give_different_draws(number: int) -> None:
    """The seed matters: over many sessions the same draw lands on every position."""
    seen = {draw_position(seed, number, 6) for seed in range(200)}
    assert seen == set(range(1, 7))


# --- Scores ----------------------------------------------------------------------------------


@given(data=tables())
def test_the_total_is_the_sum_of_the_parts_and_of_the_lines(data: dict[str, Any]) -> None:
    for score in GAME.score(data).players:
        assert score.total == sum(score.parts.values())
        assert score.total == sum(line.points for line in score.lines)
        assert list(score.parts) == ["track", "university", "cellar", "tribunal"]


@given(data=tables(), order=st.randoms())
def test_the_winner_does_not_depend_on_seat_order(
    data: dict[str, Any], order: random.Random
) -> None:
    shuffled = data | {"players": order.sample(data["players"], len(data["players"]))}
    before, after = GAME.score(data), GAME.score(shuffled)
    assert set(before.winners) == set(after.winners)
    assert before.decided_by == after.decided_by


@given(
    total=st.integers(min_value=0, max_value=150),
    dice=st.tuples(st.integers(0, 20), st.integers(0, 20)),
    quadrants=st.tuples(st.integers(0, 10), st.integers(0, 10)),
)
def test_dice_are_compared_before_quadrants(
    total: int, dice: tuple[int, int], quadrants: tuple[int, int]
) -> None:
    """'Highest total of dice values left wins. Still tied: more Quadrant tokens. Still tied:
    they share the win.'"""
    players = [
        {"name": name} | blank_entries(track=total, dice=d, quadrants=q)
        for name, d, q in zip(("Ada", "Bo"), dice, quadrants, strict=True)
    ]
    result = GAME.score({"players": players})
    expected: tuple[str, ...]
    if dice[0] != dice[1]:
        expected = ("Ada",) if dice[0] > dice[1] else ("Bo",)
    elif quadrants[0] != quadrants[1]:
        expected = ("Ada",) if quadrants[0] > quadrants[1] else ("Bo",)
    else:
        expected = ("Ada", "Bo")
    assert result.winners == expected
    assert result.decided_by == ("shared" if len(expected) == 2 else "tiebreak")
    assert result.explanation[0] == f"Ada and Bo tie on {total}."
    last = "Ada and Bo share the win." if len(expected) == 2 else f"{expected[0]} wins."
    assert result.explanation[-1] == last


def blank_entries(**changes: int) -> dict[str, Any]:
    table: dict[str, Any] = {
        "track": 0,
        "university": [],
        "cellar": [0, 0, 0, 0],
        "farewell": 0,
        "tribunal": 0,
        "dice": 0,
        "quadrants": 0,
    }
    return table | changes


# --- Turns -----------------------------------------------------------------------------------


@given(st.data())
def test_everyone_plays_the_final_turn_exactly_once(data: st.DataObject) -> None:
    players = data.draw(st.integers(min_value=2, max_value=4))
    first = data.draw(st.integers(min_value=0, max_value=players - 1))
    trigger = data.draw(st.integers(min_value=0, max_value=players - 1))
    turns = final_turns(players, first, trigger)
    assert sorted(t.seat for t in turns if t.phase == FINAL_TURN) == list(range(players))
    assert len(turns) == players + (first - 1 - trigger) % players
