"""Galileo Galilei: the triggering player's own turn, Tier III draws kept (never erased), and
what a changed trigger or first player resets (issue 15, items 1–5).

Spec: "Finish the current round, so that the player sitting before the first player has
played. Then everyone plays one more turn, starting with the first player." and "If the
display has a gap during the final round, fill it with a random unused Tier III card from the
box."
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from lastround.games.base import RulesError, Step
from lastround.games.checks import check_session
from lastround.games.galileo.game import GAME
from lastround.games.galileo.turns import (
    THIS_TURN,
    Turn,
    box_remaining,
    describe_draw,
    draw_position,
    drawn_cards_text,
    listed_turns,
    progress,
    record_draw,
    remove_draw,
    session_turns,
    turn_in_progress,
    turn_name,
    turns_ended,
    undo_turn,
)


def session(first: int = 0, trigger: int = 1, **keys: Any) -> dict[str, Any]:
    """Ada, Bo and Cy; Ada first, Bo emptied the deck: Bo's rest, Cy, then Ada, Bo, Cy."""
    players = [{"name": name} for name in ("Ada", "Bo", "Cy")]
    return {"format": 1, "game": "galileo", "status": "in-progress", "seed": 7,
            "players": players, "first_player": first,
            "trigger": {"player": trigger, "how": "display"}, "log": [], **keys}


def step(data: dict[str, Any], step_id: str) -> Step:
    return next(s for s in GAME.procedure(data) if s.id == step_id)


# --- item 4: the trigger's own turn is listed ---------------------------------------------


def test_the_triggering_players_own_turn_is_listed_first() -> None:
    """The deck empties during Bo's turn: the rest of it is played before Cy finishes the round."""
    data = session(trigger_turn_over=False)
    assert listed_turns(data)[0] == Turn(1, THIS_TURN)
    assert listed_turns(data)[1:] == session_turns(data)
    assert turn_in_progress(data) == 0
    draw = record_draw(data, "gap", 12)
    assert draw["turn"] == 0 and turn_name(data, 0) == "Bo"


def test_a_file_from_before_keeps_its_meaning() -> None:
    """No trigger_turn_over: the trigger's turn was counted as over, turns_done as before."""
    old = session(turns_done=1, draws=[{"turn": 2, "reason": "gap", "box": 9, "position": 3,
                                        "card": ""}])
    check_session(old)
    assert turns_ended(old) == 2  # Bo's rest and Cy's turn
    assert turn_in_progress(old) == 2  # Ada's final turn: "turn 2", as the old file says
    assert turn_name(old, 2) == "Ada"
    GAME.apply(old, step(old, "final-turns"), {"turns_done": 1, "draws": old["draws"]})
    assert old["trigger_turn_over"] is True and old["turns_done"] == 1


# --- item 5: draws name the player ---------------------------------------------------------


def test_a_draw_names_whose_turn_it_was() -> None:
    draw = {"turn": 3, "reason": "gap", "box": 12, "position": 5, "card": "Vega"}
    assert describe_draw(draw, "Bo") == "turn 3, Bo, display gap: the 5th of 12: Vega"
    assert describe_draw({**draw, "turn": 0}, "Bo").startswith("rest of Bo's turn, display gap")


# --- item 1: no draw outside a turn --------------------------------------------------------


def test_no_draw_is_recorded_once_every_turn_is_played() -> None:
    """Bo's rest + Cy + three final turns = 5 listed: with all ended there is no turn to draw in."""
    data = session(trigger_turn_over=True, turns_done=4)
    assert turn_in_progress(data) is None
    with pytest.raises(RulesError) as error:
        record_draw(data, "gap", 5)
    assert "every turn is played" in error.value.message
    assert "draws" not in data


def test_a_draw_of_a_turn_that_does_not_exist_is_refused() -> None:
    data = session()
    bad = [{"turn": 5, "reason": "gap", "box": 9, "position": 1, "card": ""}]
    with pytest.raises(RulesError):
        GAME.apply(data, step(data, "final-turns"), {"turns_done": 4, "draws": bad})


# --- item 2: removing a draw, undoing a turn -----------------------------------------------


def drawn(data: dict[str, Any], boxes: tuple[int, ...]) -> dict[str, Any]:
    for box in boxes:
        record_draw(data, "gap", box)
    return data


def test_a_removed_draw_is_kept_and_numbering_goes_on() -> None:
    data = drawn(session(trigger_turn_over=True), (12, 11))
    remove_draw(data, 1, "by hand")
    first, second = data["draws"]
    assert first["removed"] is True and first["removed_why"] == "by hand"
    assert "removed" not in second
    third = record_draw(data, "gap", 10)
    assert third["position"] == draw_position(7, 2, 10)  # the 3rd draw, as if none was removed
    assert "(removed: by hand)" in drawn_cards_text(data)
    with pytest.raises(RulesError):
        remove_draw(data, 1, "by hand")  # removed already
    with pytest.raises(RulesError):
        remove_draw(data, 4, "by hand")
    check_session(data)


def test_undoing_a_turn_removes_the_draws_of_the_turn_not_played_any_more() -> None:
    data = session(trigger_turn_over=True, turns_done=1)
    drawn(data, (12,))  # turn 2, Ada's
    data.update(progress(3))
    drawn(data, (11,))  # turn 3, Bo's, in progress
    assert undo_turn(data) == [2]  # Ada's turn is played again: Bo's draw goes
    assert turn_in_progress(data) == 2
    assert [d.get("removed", False) for d in data["draws"]] == [False, True]
    assert data["draws"][1]["removed_why"] == "turn undone"
    assert undo_turn(data) == [1]
    assert undo_turn(data) == []
    assert turn_in_progress(data) == 0 and data["trigger_turn_over"] is False
    with pytest.raises(RulesError):
        undo_turn(data)


def test_a_removed_box_card_goes_back_for_the_next_count() -> None:
    data = drawn(session(trigger_turn_over=True), (12,))
    assert box_remaining(data) == 11
    remove_draw(data, 1, "by hand")
    assert box_remaining(data) == 12


# --- item 3: a changed trigger or first player resets the turns ----------------------------


def played(**changes: Any) -> dict[str, Any]:
    """Three turns ended (Bo's rest, Cy, Ada) and one draw in Ada's turn."""
    data = session(trigger_turn_over=True, turns_done=1, **changes)
    drawn(data, (12,))
    data["turns_done"] = 2
    return data


TRIGGER = {"trigger_player": "Cy", "trigger_how": "display"}
TABLE = {"first_player": "Bo", "subject_1": "Major Objects", "subject_2": "Library",
         "subject_3": "Inquisitors", "subject_4": "Upgrades"}


def test_changing_the_trigger_resets_the_turns_and_removes_the_draws() -> None:
    data = played()
    sentence = GAME.resets(data, step(data, "trigger"), TRIGGER)
    assert sentence == ("Changing whose turn emptied the deck changes who still plays: the 3 "
                        "turns ended in the final turns are marked not played and the Tier III "
                        "draw made is removed (kept in the file, marked removed).")
    GAME.apply(data, step(data, "trigger"), TRIGGER)
    assert turns_ended(data) == 0 and data["turns_done"] == 0
    [draw] = data["draws"]
    assert draw["removed"] is True and "deck-emptying turn" in draw["removed_why"]
    assert GAME.resets(data, step(data, "trigger"), TRIGGER) == ""  # nothing left to undo
    check_session(data)


def test_the_same_trigger_or_only_how_it_left_changes_nothing() -> None:
    data = played()
    kept = copy.deepcopy(data)
    same = {"trigger_player": "Bo", "trigger_how": "reward"}
    assert GAME.resets(data, step(data, "trigger"), same) == ""
    GAME.apply(data, step(data, "trigger"), same)
    assert data["draws"] == kept["draws"] and data["turns_done"] == 2


def test_changing_the_first_player_resets_the_turns() -> None:
    data = played(subjects=["Major Objects", "Library", "Inquisitors", "Upgrades"])
    assert "first player" in GAME.resets(data, step(data, "table"), TABLE)
    GAME.apply(data, step(data, "table"), TABLE)
    assert turns_ended(data) == 0 and data["draws"][0]["removed_why"] == "first player changed"
    unchanged = {**TABLE, "subject_4": "Comets"}
    assert GAME.resets(data, step(data, "table"), unchanged) == ""


def test_changing_the_seating_says_what_it_resets() -> None:
    data = played()
    setup = step(data, "setup")
    assert "players" in GAME.resets(data, setup, {"players": ["Bo", "Ada", "Cy"], "luna": False})
    assert GAME.resets(data, setup, {"players": ["Ada", "Bo", "Cy"], "luna": True}) == ""


def test_nothing_recorded_nothing_to_reset() -> None:
    data = session()
    assert GAME.resets(data, step(data, "trigger"), TRIGGER) == ""


def test_a_file_with_a_draw_beyond_the_turns_or_a_bad_flag_does_not_open() -> None:
    bad_turn = session(draws=[{"turn": 5, "reason": "gap", "box": 9, "position": 1, "card": ""}])
    with pytest.raises(RulesError) as error:
        check_session(bad_turn)
    assert error.value.key == "draws[0].turn"
    with pytest.raises(RulesError) as error:
        check_session(session(trigger_turn_over="yes"))
    assert error.value.key == "trigger_turn_over"


def test_reseating_the_players_after_turns_were_ended_resets_them_with_a_record() -> None:
    """"Finish the current round, so that the player sitting before the first player has
    played": who plays next depends on the seating, so ended turns and draws can't stand
    when the players change; the draws stay in the file, marked removed."""
    from lastround.games.galileo.game import GAME
    from lastround.session.session import Session

    session = Session.new("galileo", seed=7)
    setup = session.steps()[0]
    session.confirm(setup, {"players": ["Ada", "Bo", "Cy"]})
    data = session.data
    data.update({"first_player": 0, "trigger": {"player": 1, "how": "display"},
                 "turns_done": 2, "trigger_turn_over": True,
                 "draws": [{"turn": 1, "reason": "gap", "box": 6, "position": 2, "card": ""}]})
    values = {"players": ["Ada", "Cy", "Bo"]}
    assert "turn" in GAME.resets(data, setup, values)
    session.confirm(setup, values)
    assert data["turns_done"] == 0
    assert data["draws"][0]["removed"] is True
