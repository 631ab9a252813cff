"""Galileo Galilei: what the game's components allow, signed values, the 100 flip, Bruno's
cellar and the running total (issue 15, items 6–10).

Rule tests quote galileo-end-and-scoring.txt (the spec), ../shared/rules/README.md or
galileo-notes.md (the component counts that bound what a player can hold).
"""

from __future__ import annotations

import copy
from functools import partial
from typing import Any

import pytest

from lastround.games.base import RulesError, Step, signed
from lastround.games.checks import check_session
from lastround.games.galileo.cellar import DEFAULT_CELLAR_VALUES, cellar_resets
from lastround.games.galileo.game import GAME
from lastround.games.galileo.summary import SCORE_SUMMARY, score_summary
from tests.support.galileo_entries import player as blank_player

FOUR_SUBJECTS = ["Major Objects", "Comets", "Inquisitors", "Constellations"]

player = partial(blank_player, subjects=FOUR_SUBJECTS)


def session(*players: dict[str, Any], **top: Any) -> dict[str, Any]:
    return {"game": "galileo", "players": list(players), "subjects": FOUR_SUBJECTS} | top


def step_by_id(data: dict[str, Any], step_id: str) -> Step:
    return next(s for s in GAME.procedure(data) if s.id == step_id)


def form(data: dict[str, Any], seat: int, **typed: Any) -> dict[str, Any]:
    """The scores form of `seat` as confirmed: its defaults, then what was typed."""
    step = step_by_id(data, f"scores-{seat}")
    return {f.key: f.default for f in step.fields} | typed


# --- item 7: signed values -------------------------------------------------------------------


def test_signed_values_carry_their_sign() -> None:
    """Spec: "each Inquisitor ... scores the number below its space: –8, –4, –2 or +1"."""
    assert [signed(v) for v in (-8, 0, 1)] == ["-8", "0", "+1"]


def test_the_fourth_cellar_space_is_labelled_plus_one_everywhere() -> None:
    data = session(player("Ada", cellar=[0, 0, 0, 2]), player("Bo"))
    labels = [f.label for f in step_by_id(data, "scores-0").fields]
    assert "Inquisitors on cellar space 4 (+1 each)" in labels
    lines = GAME.score(data).players[0].lines
    line = next(x for x in lines if x.label.startswith("Cellar space 4"))
    assert (line.label, line.detail) == ("Cellar space 4 (+1)", "2 × +1 = +2")


def test_the_summary_shows_the_cellar_in_play() -> None:
    assert score_summary(DEFAULT_CELLAR_VALUES) == SCORE_SUMMARY
    bruno = {row.source: row.value for row in score_summary((-6, -3, -1, 1, 2))}
    assert "-6 / -3 / -1 / +1 / +2" in bruno["Cellar"]


# --- item 6: the Score token flips past 100 --------------------------------------------------


def test_final_scoring_past_100_says_flip_your_score_token() -> None:
    """Spec: "100+ — past 100 points, flip your Score token and keep counting round the track"."""
    data = session(player("Ada", track=95, tribunal=7), player("Bo", track=40))
    ada, bo = GAME.score(data).players
    assert "flip your Score token" in ada.lines[0].detail
    assert "flip" not in bo.lines[0].detail


def test_final_scoring_back_below_100_says_turn_it_back() -> None:
    data = session(player("Ada", track=103, cellar=[1, 0, 0, 0]), player("Bo"))
    assert "turn your Score token back" in GAME.score(data).players[0].lines[0].detail


# --- item 9: the limits the components set ---------------------------------------------------


@pytest.mark.parametrize(
    ("why", "entries", "key"),
    [
        ("40 Inquisitors on one space", {"cellar": [40, 0, 0, 0]}, "players[0].cellar"),
        ("cellar and Farewell above 33", {"cellar": [20, 0, 0, 10], "farewell": 4},
         "players[0].cellar"),
        ("8 comets met", {"university": [{"subject": "Comets", "met": 8, "multiplier": 1}]},
         "players[0].university[0].met"),
        ("8 constellations met",
         {"university": [{"subject": "Constellations", "met": 8, "multiplier": 1}]},
         "players[0].university[0].met"),
        ("7 upgraded action tiles",
         {"university": [{"subject": "Upgrades", "met": 7, "multiplier": 1}]},
         "players[0].university[0].met"),
        ("Inquisitors met beyond the cellar",
         {"university": [{"subject": "Inquisitors", "met": 5, "multiplier": 1}],
          "cellar": [1, 0, 0, 0]},
         "players[0].university[0].met"),
        ("dice total 999", {"dice": 999}, "players[0].dice"),
        ("35 Quadrant tokens", {"quadrants": 35}, "players[0].quadrants"),
    ],
)
def test_what_no_game_can_hold_is_refused_with_the_reason(
    why: str, entries: dict[str, Any], key: str
) -> None:
    """README: "the component counts in galileo-notes.md (Inquisitors 32–33, 7 constellation
    tokens per player, 26 small and 8 large Quadrant tokens, 30 dice) bound what a player can
    hold at the end"."""
    data = session(player("Ada", **entries), player("Bo"))
    with pytest.raises(RulesError) as refused:
        GAME.score(data)
    assert refused.value.key == key, why
    with pytest.raises(RulesError):
        check_session(data | {"log": []})


def test_the_whole_table_holds_at_most_33_inquisitors() -> None:
    data = session(player("Ada", cellar=[10, 0, 0, 5]), player("Bo", cellar=[0, 10, 0, 0],
                                                               farewell=9))
    with pytest.raises(RulesError) as refused:
        GAME.score(data)
    assert "33" in refused.value.message
    with pytest.raises(RulesError):
        check_session(data | {"log": []})


def test_the_whole_table_holds_at_most_34_quadrants_and_30_dice() -> None:
    with pytest.raises(RulesError, match="34"):
        GAME.score(session(player("Ada", quadrants=20), player("Bo", quadrants=15)))
    with pytest.raises(RulesError, match="180"):
        GAME.score(session(player("Ada", dice=100), player("Bo", dice=90)))


def test_what_a_real_game_can_hold_is_accepted() -> None:
    data = session(
        player("Ada", cellar=[10, 5, 3, 2], farewell=3, dice=60, quadrants=20,
               university=[{"subject": "Comets", "met": 7, "multiplier": 4},
                           {"subject": "Inquisitors", "met": 20, "multiplier": 1}]),
        player("Bo", cellar=[10, 0, 0, 0], dice=120, quadrants=14),
    )
    GAME.score(data)
    check_session(data | {"log": []})


def test_a_row_multiplier_above_any_seen_is_accepted_by_score() -> None:
    """README: "a value above any seen in the notes' examples is asked about, not refused"."""
    data = session(player("Ada", university=[{"subject": "Comets", "met": 2,
                                              "multiplier": 7}]), player("Bo"))
    assert GAME.score(data).players[0].parts["university"] == 14


def test_the_form_marks_multipliers_above_four_to_be_asked_about() -> None:
    data = session(player("Ada"), player("Bo"))
    rows = [f for f in step_by_id(data, "scores-0").fields if f.key.startswith("row_")]
    assert rows and all(f.usual_maximum == 4 and f.maximum is None for f in rows)


def test_the_form_refuses_more_inquisitors_than_the_table_has() -> None:
    data = session(player("Ada"), player("Bo", cellar=[20, 0, 0, 0], farewell=5))
    step = step_by_id(data, "scores-0")
    with pytest.raises(RulesError) as refused:
        GAME.apply(copy.deepcopy(data), step, form(data, 0, cellar_1=6, farewell=3))
    assert refused.value.key == "cellar_1"
    assert "Bo" in refused.value.message and "33" in refused.value.message


def test_the_form_refuses_more_comets_than_a_player_has() -> None:
    data = session(player("Ada"), player("Bo"))
    with pytest.raises(RulesError) as refused:
        GAME.apply(copy.deepcopy(data), step_by_id(data, "scores-0"), form(data, 0, met_2=9))
    assert refused.value.key == "met_2" and "7" in refused.value.message


# --- item 8: Bruno's cellar tile -------------------------------------------------------------


def setup_values(**values: Any) -> dict[str, Any]:
    return {"players": ["Ada", "Bo"], "luna": False} | values


def test_setup_offers_bruno_s_five_space_cellar() -> None:
    """Notes §5: "Bruno's advanced cellar tile has 5 spaces"; its values are entered."""
    data: dict[str, Any] = {"game": "galileo"}
    step = step_by_id(data, "setup")
    keys = {f.key for f in step.fields}
    assert {"cellar", "cellar_values"} <= keys
    GAME.apply(data, step, setup_values(cellar="Bruno's tile",
                                        cellar_values="-6 −3 -1 +1 2"))
    assert data["cellar_values"] == [-6, -3, -1, 1, 2]
    assert [f.key for f in step_by_id(data, "scores-0").fields if f.key.startswith("cellar_")] \
        == [f"cellar_{j}" for j in range(1, 6)]


def test_bruno_s_tile_needs_five_values() -> None:
    data: dict[str, Any] = {"game": "galileo"}
    with pytest.raises(RulesError) as refused:
        GAME.apply(data, step_by_id(data, "setup"),
                   setup_values(cellar="Bruno's tile", cellar_values="-8 -4 -2 +1"))
    assert refused.value.key == "cellar_values" and "5" in refused.value.message


def test_the_standard_cellar_is_the_default_and_setup_values_may_leave_it_out() -> None:
    data: dict[str, Any] = {"game": "galileo"}
    GAME.apply(data, step_by_id(data, "setup"), setup_values())
    assert list(data.get("cellar_values", DEFAULT_CELLAR_VALUES)) == list(DEFAULT_CELLAR_VALUES)


def test_changing_the_cellar_after_scores_says_what_it_clears() -> None:
    data = session(player("Ada"), player("Bo"), cellar_values=[-8, -4, -2, 1])
    values = setup_values(cellar="Bruno's tile", cellar_values="-6 -3 -1 1 2")
    assert "Ada" in cellar_resets(data, values) and "Bo" in cellar_resets(data, values)
    assert cellar_resets(data, setup_values()) == ""
    GAME.apply(data, step_by_id(data, "setup"), values)
    check_session(data | {"log": []})  # the four-space entries no longer stand in the file


# --- items 10/32: so_far ---------------------------------------------------------------------


def test_so_far_gives_each_player_s_parts_entered_so_far() -> None:
    data = session(player("Ada", track=62, tribunal=3), {"name": "Bo"})
    ada, bo = GAME.so_far(data)
    assert (ada.name, ada.total, ada.parts["track"], ada.parts["tribunal"]) == ("Ada", 65, 62, 3)
    assert (bo.name, bo.parts) == ("Bo", {})


def test_so_far_never_raises_on_unfinished_entries() -> None:
    data = session(player("Ada", cellar=[1, 2], university="?", tribunal=99), {"name": "Bo"},
                   cellar_values="bad")
    assert [p.name for p in GAME.so_far(data)] == ["Ada", "Bo"]
    assert GAME.so_far({"players": "nobody"}) == ()
