"""Galileo Galilei: each action at the table during the final turns, as the step values the
app saves (a partial entry), worked out by the rules on a copy of the session.

Spec: "Finish the current round, so that the player sitting before the first player has
played. Then everyone plays one more turn, starting with the first player." and "If the
display has a gap during the final round, fill it with a random unused Tier III card from the
box."
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from lastround.games.base import RulesError
from lastround.games.galileo.turn_actions import (
    draw_values,
    next_turn_values,
    removal_values,
    undo_values,
)


def session(**keys: Any) -> dict[str, Any]:
    """Ada, Bo and Cy; Ada first, Bo emptied the deck: Bo's rest, Cy, then Ada, Bo, Cy."""
    players = [{"name": name} for name in ("Ada", "Bo", "Cy")]
    return {"format": 1, "game": "galileo", "status": "in-progress", "seed": 7,
            "players": players, "first_player": 0,
            "trigger": {"player": 1, "how": "display"}, "log": [], **keys}


def test_a_draw_is_made_in_the_turn_in_progress_and_the_session_is_untouched() -> None:
    data = session(trigger_turn_over=True, turns_done=1)
    before = copy.deepcopy(data)
    values = draw_values(data, "gap", 12, "Vega")
    (draw,) = values["draws"]
    assert draw["turn"] == 2 and draw["box"] == 12 and draw["card"] == "Vega"
    assert 1 <= draw["position"] <= 12
    assert values == {"trigger_turn_over": True, "turns_done": 1, "draws": [draw]}
    assert data == before


def test_a_draw_after_the_last_turn_is_refused() -> None:
    """A gap is filled during the final round only: once every turn is played, no draw."""
    with pytest.raises(RulesError, match="every turn is played"):
        draw_values(session(trigger_turn_over=True, turns_done=4), "reward", 9)


def test_ending_a_turn_moves_on_by_one_and_stops_at_the_last() -> None:
    assert next_turn_values(session(trigger_turn_over=False)) == {
        "trigger_turn_over": True, "turns_done": 0, "draws": []}
    # Bo's rest, Cy (finishing the round), then Ada, Bo, Cy: five turns in all.
    assert next_turn_values(session(trigger_turn_over=True, turns_done=4))["turns_done"] == 4


def test_undoing_a_turn_removes_the_draws_of_the_turn_not_played_any_more() -> None:
    data = session(trigger_turn_over=True, turns_done=0)
    data.update(draw_values(data, "gap", 12))  # in Cy's turn, finishing the round
    values = undo_values(data)
    assert values["trigger_turn_over"] is False and values["turns_done"] == 0
    assert values["removed_draws"] == [1]
    assert values["draws"][0]["removed"] and values["draws"][0]["removed_why"] == "turn undone"
    assert "removed" not in data["draws"][0]  # the session changes only once it is saved


def test_nothing_to_undo_at_the_start() -> None:
    with pytest.raises(RulesError, match="nothing to undo"):
        undo_values(session(trigger_turn_over=False))


def test_a_draw_removed_by_hand_is_kept_and_named() -> None:
    data = session(trigger_turn_over=False)
    data.update(draw_values(data, "gap", 12))
    values = removal_values(data, 1)
    assert values["removed_draws"] == [1] and values["draws"][0]["removed_why"] == "by hand"
    assert len(values["draws"]) == 1
    data.update(values)
    with pytest.raises(RulesError, match="removed already"):
        removal_values(data, 1)
    with pytest.raises(RulesError, match="no draw 2"):
        removal_values(data, 2)
