"""Galileo Galilei: final scoring, ties, fair Tier III draws and the procedure's steps.

Each rule test quotes the rule it checks from galileo-end-and-scoring.txt (the spec).
"""

from __future__ import annotations

import copy
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from lastround.games.base import Game, RulesError, Step
from lastround.games.galileo.apply import fill_in
from lastround.games.galileo.board import SUBJECT_NAMES, SUBJECTS
from lastround.games.galileo.cellar import DEFAULT_CELLAR_VALUES
from lastround.games.galileo.game import GAME
from lastround.games.galileo.scores_form import form_values
from lastround.games.galileo.summary import DICE_MARKS, DIE_MARK, SCORE_SUMMARY, die_face_text
from lastround.games.galileo.turns import (
    box_remaining,
    draw_instruction,
    draw_position,
    ordinal,
    record_draw,
)
from tests.support.fresh_python import python_output
from tests.support.galileo_entries import player

ROOT = Path(__file__).resolve().parents[2]
FOUR_SUBJECTS = ["Major Objects", "Library", "Inquisitors", "Comets"]


def session(*players: dict[str, Any], **top: Any) -> dict[str, Any]:
    return {"game": "galileo", "seed": 7, "players": list(players)} | top


def totals(data: dict[str, Any]) -> dict[str, int]:
    return {p.name: p.total for p in GAME.score(data).players}


def step_by_id(data: dict[str, Any], step_id: str) -> Step:
    return next(step for step in GAME.procedure(data) if step.id == step_id)


# --- The game object -------------------------------------------------------------------------


def test_game_identity() -> None:
    game: Game = GAME  # checked by mypy against the protocol
    assert (game.id, game.title) == ("galileo", "Galileo Galilei")


def test_importing_the_rules_leaves_textual_and_tomlkit_out() -> None:
    """Rules are pure: a fresh interpreter importing them loads neither textual nor tomlkit."""
    code = (
        "import sys, lastround.games.galileo\n"
        "print(sorted(m for m in ('textual', 'tomlkit') if m in sys.modules))"
    )
    assert python_output(code).strip() == "[]"


# --- University ------------------------------------------------------------------------------


def test_university_multiplies_times_met_by_the_row_multiplier() -> None:
    """'For each Scale tile, multiply how many times you met its Subject by the multiplier of
    the row your University token is on.'"""
    tiles = [
        {"subject": "Major Objects", "met": 5, "multiplier": 3},
        {"subject": "Comets", "met": 4, "multiplier": 1},
        {"subject": "Library", "met": 4, "multiplier": 2},
        {"subject": "Constellations", "met": 6, "multiplier": 4},
    ]
    result = GAME.score(session(player("Ada", university=tiles), player("Bo")))
    assert result.players[0].parts["university"] == 15 + 4 + 8 + 24
    details = [line.detail for line in result.players[0].lines if line.part == "university"]
    assert details == ["5 × 3 = 15", "4 × 1 = 4", "4 × 2 = 8", "6 × 4 = 24"]


def test_a_university_token_still_on_the_stairs_scores_nothing() -> None:
    """'A token still on the stairs scores nothing' (multiplier 0), however often it was met."""
    tiles = [{"subject": "Comets", "met": 7, "multiplier": 0}]
    result = GAME.score(session(player("Ada", university=tiles), player("Bo")))
    (line,) = [line for line in result.players[0].lines if line.part == "university"]
    assert (line.label, line.points, line.detail) == ("Comets", 0, "still on the stairs")
    assert result.players[0].parts["university"] == 0


def test_each_scale_tile_scores_separately() -> None:
    """University is scored 'for each Scale tile': one breakdown line per tile in play."""
    result = GAME.score(session(player("Ada"), player("Bo")))
    labels = [line.label for line in result.players[0].lines if line.part == "university"]
    assert labels == FOUR_SUBJECTS


# --- Inquisition -----------------------------------------------------------------------------


def test_each_inquisitor_in_the_cellar_scores_the_number_below_its_space() -> None:
    """'Each Inquisitor still in your cellar scores the number below its space: –8, –4, –2
    or +1.'"""
    result = GAME.score(session(player("Ada", cellar=[1, 2, 0, 3]), player("Bo")))
    assert result.players[0].parts["cellar"] == -8 - 8 + 0 + 3
    details = [line.detail for line in result.players[0].lines if line.part == "cellar"]
    assert details == ["1 × -8 = -8", "2 × -4 = -8", "0 × -2 = 0", "3 × +1 = +3"]


def test_the_default_cellar_values_are_the_printed_ones() -> None:
    """The cellar reads –8, –4, –2, +1 from left to right when the file gives no values."""
    assert DEFAULT_CELLAR_VALUES == (-8, -4, -2, 1)
    for space, value in enumerate(DEFAULT_CELLAR_VALUES):
        cellar = [0, 0, 0, 0]
        cellar[space] = 1
        assert totals(session(player("Ada", cellar=cellar), player("Bo")))["Ada"] == value


def test_a_file_may_give_its_own_cellar_values() -> None:
    """cellar_values (save format) replace the default, for example for a five-space cellar."""
    data = session(
        player("Ada", cellar=[1, 0, 0, 0, 2]),
        player("Bo", cellar=[0, 0, 0, 0, 0]),
        cellar_values=[-6, -3, -1, 0, 2],
    )
    assert totals(data) == {"Ada": -6 + 4, "Bo": 0}


def test_inquisitors_sent_away_with_farewell_score_nothing() -> None:
    """'Inquisitors sent away with Farewell score nothing.'"""
    kept = session(player("Ada", cellar=[0, 0, 0, 2], farewell=0), player("Bo"))
    sent_away = session(player("Ada", cellar=[0, 0, 0, 2], farewell=5), player("Bo"))
    assert totals(kept) == totals(sent_away) == {"Ada": 2, "Bo": 0}


@pytest.mark.parametrize("space", [-10, -3, 0, 4, 10])
def test_the_tribunal_token_scores_its_space(space: int) -> None:
    """'Your Tribunal token scores its space: from –10 to +10.'"""
    result = GAME.score(session(player("Ada", tribunal=space), player("Bo")))
    assert result.players[0].parts["tribunal"] == space


@pytest.mark.parametrize("space", [-11, 11])
def test_a_tribunal_space_beyond_ten_is_refused(space: int) -> None:
    """The Tribunal runs 'from –10 to +10'."""
    with pytest.raises(RulesError) as error:
        GAME.score(session(player("Ada"), player("Bo", tribunal=space)))
    assert error.value.key == "players[1].tribunal"


# --- Order, totals, the track ----------------------------------------------------------------


def test_parts_follow_the_scoring_order() -> None:
    """'First the university, then the Inquisition' (cellar, then Reputation), after the track."""
    result = GAME.score(session(player("Ada"), player("Bo")))
    assert list(result.players[0].parts) == ["track", "university", "cellar", "tribunal"]
    parts_in_lines = [line.part for line in result.players[0].lines]
    assert parts_in_lines == sorted(parts_in_lines, key=list(result.players[0].parts).index)


def test_the_total_adds_the_track_and_every_end_bonus() -> None:
    """'Score the end-game bonuses and the most points wins.'"""
    ada = player(
        "Ada",
        track=62,
        university=[{"subject": "Major Objects", "met": 4, "multiplier": 4}],
        cellar=[0, 1, 1, 2],
        tribunal=3,
    )
    result = GAME.score(session(ada, player("Bo", track=80)))
    assert result.players[0].parts == {"track": 62, "university": 16, "cellar": -4, "tribunal": 3}
    assert result.players[0].total == 77
    assert (result.winners, result.decided_by, result.explanation) == (("Bo",), "score", ())


def test_a_flipped_score_token_adds_100() -> None:
    """'Past 100 points, flip your Score token and keep counting round the track': the entry asks
    the position and the flip, and the file's track holds position + 100."""
    data = session(player("Ada"), player("Bo"), subjects=FOUR_SUBJECTS)
    step = step_by_id(data, "scores-0")
    values = {f.key: f.default for f in step.fields} | {"track_position": 37, "flipped": True}
    GAME.apply(data, step, values)
    ada = data["players"][0]
    assert (ada["track"], ada["track_position"], ada["flipped"]) == (137, 37, True)
    result = GAME.score(data)
    assert result.players[0].parts["track"] == 137
    assert result.players[0].lines[0].detail == "position 37, token flipped (+100)"


def test_the_track_in_the_file_already_includes_the_flip() -> None:
    """save-format: 'a flipped Score token adds 100' to track, so scoring does not add it again."""
    data = session(player("Ada", track=137, track_position=37, flipped=True), player("Bo"))
    assert totals(data)["Ada"] == 137


# --- Ties ------------------------------------------------------------------------------------


def test_a_tie_goes_to_the_highest_total_of_dice_values_left() -> None:
    """'The tied player with the highest total of dice values left wins.'"""
    data = session(
        player("Ada", track=87, dice=9, quadrants=0), player("Bo", track=87, dice=7, quadrants=5)
    )
    result = GAME.score(data)
    assert (result.winners, result.decided_by) == (("Ada",), "tiebreak")
    assert result.explanation == (
        "Ada and Bo tie on 87.",
        "Tie-break 1, dice values left: Ada 9, Bo 7.",
        "Ada wins.",
    )


def test_still_tied_the_one_with_more_quadrant_tokens_wins() -> None:
    """'Still tied: the one with more Quadrant tokens.'"""
    data = session(
        player("Ada", track=50, dice=6, quadrants=2), player("Bo", track=50, dice=6, quadrants=4)
    )
    result = GAME.score(data)
    assert (result.winners, result.decided_by) == (("Bo",), "tiebreak")
    assert result.explanation == (
        "Ada and Bo tie on 50.",
        "Tie-break 1, dice values left: Ada 6, Bo 6.",
        "Still tied: Ada and Bo.",
        "Tie-break 2, Quadrant tokens left: Ada 2, Bo 4.",
        "Bo wins.",
    )


def test_still_tied_they_share_the_win() -> None:
    """'Still tied: they share the win.'"""
    data = session(
        player("Ada", track=50, dice=6, quadrants=2),
        player("Bo", track=50, dice=6, quadrants=2),
        player("Cy", track=50, dice=1, quadrants=9),
    )
    result = GAME.score(data)
    assert (result.winners, result.decided_by) == (("Ada", "Bo"), "shared")
    assert result.explanation[0] == "Ada, Bo and Cy tie on 50."
    assert result.explanation[-1] == "Ada and Bo share the win."


def test_only_players_tied_on_the_top_score_take_part_in_the_tie_break() -> None:
    """The tie-break settles 'the tied player'; a lower score never wins on dice."""
    data = session(
        player("Ada", track=60, dice=1),
        player("Bo", track=60, dice=2),
        player("Cy", track=59, dice=30),
    )
    result = GAME.score(data)
    assert result.winners == ("Bo",)
    assert "Cy" not in " ".join(result.explanation)


def test_a_clear_winner_needs_no_explanation() -> None:
    result = GAME.score(session(player("Ada", track=1), player("Bo")))
    assert (result.winners, result.decided_by, result.explanation) == (("Ada",), "score", ())


# --- Validation ------------------------------------------------------------------------------

Mutation = Callable[[dict[str, Any]], None]


def drop(key: str) -> Mutation:
    return lambda data: data["players"][1].pop(key)


def put(key: str, value: Any) -> Mutation:
    return lambda data: data["players"][1].__setitem__(key, value)


BROKEN: list[tuple[str, Mutation, str]] = [
    ("missing track", drop("track"), "players[1].track"),
    ("missing university", drop("university"), "players[1].university"),
    ("missing cellar", drop("cellar"), "players[1].cellar"),
    ("missing farewell", drop("farewell"), "players[1].farewell"),
    ("missing tribunal", drop("tribunal"), "players[1].tribunal"),
    ("missing dice", drop("dice"), "players[1].dice"),
    ("missing quadrants", drop("quadrants"), "players[1].quadrants"),
    ("bool is not a count", put("dice", True), "players[1].dice"),
    ("text is not a number", put("track", "12"), "players[1].track"),
    ("negative track", put("track", -1), "players[1].track"),
    ("negative quadrants", put("quadrants", -2), "players[1].quadrants"),
    ("tribunal too high", put("tribunal", 11), "players[1].tribunal"),
    ("cellar too short", put("cellar", [0, 0, 0]), "players[1].cellar"),
    ("negative inquisitors", put("cellar", [0, -1, 0, 0]), "players[1].cellar[1]"),
    ("cellar not a list", put("cellar", 3), "players[1].cellar"),
    (
        "unknown subject",
        put("university", [{"subject": "Astrology", "met": 1, "multiplier": 1}]),
        "players[1].university[0].subject",
    ),
    (
        "negative met",
        put("university", [{"subject": "Comets", "met": -1, "multiplier": 1}]),
        "players[1].university[0].met",
    ),
    (
        "missing multiplier",
        put("university", [{"subject": "Comets", "met": 1}]),
        "players[1].university[0].multiplier",
    ),
    ("same name twice", put("name", "ADA"), "players[1].name"),
    ("empty name", put("name", " "), "players[1].name"),
    ("one player", lambda data: data["players"].pop(), "players"),
    ("five players", lambda data: data["players"].extend(player(n) for n in "CDE"), "players"),
    ("empty cellar values", lambda data: data.update(cellar_values=[]), "cellar_values"),
    (
        "bool cellar value",
        lambda data: data.update(cellar_values=[-8, True, -2, 1]),
        "cellar_values[1]",
    ),
]


@pytest.mark.parametrize(("why", "mutate", "key"), BROKEN, ids=[b[0] for b in BROKEN])
def test_broken_files_name_the_key(why: str, mutate: Mutation, key: str) -> None:
    data = session(player("Ada"), player("Bo"))
    mutate(data)
    with pytest.raises(RulesError) as error:
        GAME.score(data)
    assert error.value.key == key, why


def test_subject_names_are_matched_ignoring_case() -> None:
    tiles = [{"subject": " major objects ", "met": 2, "multiplier": 2}]
    result = GAME.score(session(player("Ada", university=tiles), player("Bo")))
    assert result.players[0].lines[1].label == "Major Objects"


# --- Luna ------------------------------------------------------------------------------------


def test_luna_changes_neither_the_end_nor_the_final_scoring() -> None:
    """'Luna does not change the end of the game or the final scoring.'"""
    ada = player("Ada", track=40, cellar=[1, 0, 0, 2], tribunal=-2, dice=4)
    base = session(
        ada, player("Bo", track=45), first_player=1, trigger={"player": 0, "how": "display"}
    )
    with_luna = base | {"luna": True}
    assert GAME.score(base) == GAME.score(with_luna)
    assert [(s.id, s.items) for s in GAME.procedure(base)] == [
        (s.id, s.items) for s in GAME.procedure(with_luna)
    ]
    luna_field = step_by_id(base, "setup").fields[0]
    assert luna_field.key == "luna" and luna_field.kind == "bool"
    assert "neither" in luna_field.help


# --- Fair Tier III draws ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("number", "text"),
    [
        (1, "1st"),
        (2, "2nd"),
        (3, "3rd"),
        (4, "4th"),
        (11, "11th"),
        (12, "12th"),
        (13, "13th"),
        (21, "21st"),
        (22, "22nd"),
        (23, "23rd"),
        (101, "101st"),
        (111, "111th"),
    ],
)
def test_ordinals(number: int, text: str) -> None:
    assert ordinal(number) == text


def test_the_draw_instruction_says_how_many_to_shuffle_and_which_to_take() -> None:
    """'Fill it with a random unused Tier III card from the box': shuffle them, take the n-th."""
    assert draw_instruction(3, 4) == (
        "Shuffle the 4 unused Tier III cards face down and take the 3rd from the top."
    )
    assert draw_instruction(1, 1) == "Take the one unused Tier III card left in the box."
    with pytest.raises(ValueError):
        draw_instruction(5, 4)


def test_an_empty_box_gives_no_draw() -> None:
    with pytest.raises(RulesError):
        draw_position(7, 0, 0)


def test_draws_are_the_same_in_every_python_run() -> None:
    """No hash(): a fresh interpreter with another hash seed draws the same positions."""
    here = [
        draw_position(seed, n, box) for seed in (0, 7, 2**31) for n in range(5) for box in (3, 6)
    ]
    code = (
        "from lastround.games.galileo.turns import draw_position\n"
        "print([draw_position(s, n, b) for s in (0, 7, 2**31) for n in range(5) for b in (3, 6)])"
    )
    env = os.environ | {"PYTHONHASHSEED": "12345"}
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == str(here)


def test_a_gap_draw_takes_a_card_from_the_box_and_leaves_one_fewer() -> None:
    """'If the display has a gap during the final round, fill it with a random unused Tier III
    card from the box.'"""
    data: dict[str, Any] = {"seed": 11, "turns_done": 2}
    assert box_remaining(data) is None
    first = record_draw(data, "gap", 4, card="Jupiter")
    assert first == {
        "turn": 3,
        "reason": "gap",
        "box": 4,
        "position": draw_position(11, 0, 4),
        "card": "Jupiter",
    }
    assert box_remaining(data) == 3
    second = record_draw(data, "gap")  # the box count follows on from the last draw
    assert (second["box"], second["position"]) == (3, draw_position(11, 1, 3))
    assert data["draws"] == [first, second]


def test_a_reward_with_an_empty_deck_draws_from_the_box_the_same_way() -> None:
    """'A constellation reward that asks for a card when the deck is empty takes one from the box
    the same way.'"""
    data: dict[str, Any] = {"seed": 11}
    draw = record_draw(data, "reward", 5)
    assert (draw["reason"], draw["position"]) == ("reward", draw_position(11, 0, 5))


@pytest.mark.parametrize(
    ("data", "reason", "box", "key"),
    [
        ({"seed": 1}, "luck", 3, "draws.reason"),
        ({"seed": 1}, "gap", None, "draws.box"),  # no count given and no earlier draw
        ({}, "gap", 3, "seed"),
        ({"seed": 1}, "gap", 0, "draws"),  # the box is empty
        ({"seed": 1, "draws": [{"box": 1}]}, "gap", None, "draws"),  # the last card went before
    ],
)
def test_a_draw_is_refused_when_it_cannot_be_made(
    data: dict[str, Any], reason: str, box: int | None, key: str
) -> None:
    before = copy.deepcopy(data)
    with pytest.raises(RulesError) as error:
        record_draw(data, reason, box)
    assert error.value.key == key
    assert data == before


# --- The procedure ---------------------------------------------------------------------------


def three_at_the_table() -> dict[str, Any]:
    data: dict[str, Any] = {"game": "galileo", "seed": 3}
    GAME.apply(data, step_by_id(data, "setup"), {"players": ["Ada", "Bo", "Cy"], "luna": False})
    return data


def test_steps_in_order_with_their_kinds() -> None:
    steps = GAME.procedure(three_at_the_table())
    assert [(s.id, s.kind, s.player) for s in steps] == [
        ("setup", "setup", None),
        ("table", "form", None),
        ("trigger", "form", None),
        ("final-turns", "turns", None),
        ("scores-0", "form", 0),
        ("scores-1", "form", 1),
        ("scores-2", "form", 2),
        ("breakdown", "breakdown", None),
    ]
    assert [s.title for s in steps][4] == "Ada: final scoring"


def test_every_step_has_help_of_two_to_five_sentences() -> None:
    data = three_at_the_table() | {"subjects": FOUR_SUBJECTS}
    for step in GAME.procedure(data):
        sentences = re.findall(r"[.!?](?:\s|$)", step.help)
        assert 2 <= len(sentences) <= 5, step.id


def test_the_procedure_before_any_player_is_named() -> None:
    ids = [s.id for s in GAME.procedure({})]
    assert ids == ["setup", "table", "trigger", "final-turns", "breakdown"]


def test_setup_seats_the_players_and_records_luna() -> None:
    data: dict[str, Any] = {}
    GAME.apply(data, step_by_id(data, "setup"), {"players": ["Ada", "Bo"], "luna": True})
    assert data["players"] == [{"name": "Ada"}, {"name": "Bo"}]
    assert data["luna"] is True


@pytest.mark.parametrize("names", [["Ada"], ["A", "B", "C", "D", "E"], ["Ada", "ada"], ["Ada", ""]])
def test_setup_refuses_a_table_of_the_wrong_size_or_twin_names(names: list[str]) -> None:
    """2–4 players, names unique ignoring case."""
    data: dict[str, Any] = {}
    with pytest.raises(RulesError):
        GAME.apply(data, step_by_id(data, "setup"), {"players": names, "luna": False})
    assert data == {}


def test_the_table_step_records_the_first_player_and_the_subjects() -> None:
    data = three_at_the_table()
    step = step_by_id(data, "table")
    assert [f.key for f in step.fields] == [
        "first_player",
        "subject_1",
        "subject_2",
        "subject_3",
        "subject_4",
    ]
    assert step.fields[0].choices == ("Ada", "Bo", "Cy")
    assert all(f.choices == SUBJECT_NAMES for f in step.fields[1:])
    values = {"first_player": "Bo"} | {f"subject_{k}": s for k, s in enumerate(FOUR_SUBJECTS, 1)}
    GAME.apply(data, step, values)
    assert (data["first_player"], data["subjects"]) == (1, FOUR_SUBJECTS)
    assert step_by_id(data, "table").fields[0].default == "Bo"


def test_the_table_step_refuses_a_subject_twice() -> None:
    """Each Scale tile has its own Subject tile."""
    data = three_at_the_table()
    values = {
        "first_player": "Ada",
        "subject_1": "Comets",
        "subject_2": "Library",
        "subject_3": "Comets",
        "subject_4": "Upgrades",
    }
    with pytest.raises(RulesError) as error:
        GAME.apply(data, step_by_id(data, "table"), values)
    assert error.value.key == "subject_3"
    assert "subjects" not in data


@pytest.mark.parametrize("how", ["display", "reward"])
def test_the_end_is_triggered_by_the_last_card_leaving_the_deck_either_way(how: str) -> None:
    """'The end is triggered when the last Discovery card leaves the deck — normally when it is
    laid on the display, but also when it is taken as a constellation reward.'"""
    data = three_at_the_table()
    step = step_by_id(data, "trigger")
    assert [f.key for f in step.fields] == ["trigger_player", "trigger_how"]
    GAME.apply(data, step, {"trigger_player": "Cy", "trigger_how": how})
    assert data["trigger"] == {"player": 2, "how": how}


def test_the_trigger_step_refuses_another_way() -> None:
    data = three_at_the_table()
    with pytest.raises(RulesError) as error:
        GAME.apply(data, step_by_id(data, "trigger"), {"trigger_player": "Cy", "trigger_how": "x"})
    assert error.value.key == "trigger_how"


def scores_values(**changes: Any) -> dict[str, Any]:
    values: dict[str, Any] = {
        "track_position": 62,
        "flipped": False,
        "met_1": 5,
        "row_1": 3,
        "met_2": 4,
        "row_2": 2,
        "row_3": 1,
        "met_4": 4,
        "row_4": 0,
        "cellar_1": 0,
        "cellar_2": 1,
        "cellar_3": 1,
        "cellar_4": 3,
        "farewell": 2,
        "tribunal": 3,
        "dice": 9,
        "quadrants": 2,
    }
    return values | changes


def test_the_scores_form_asks_each_entry_once() -> None:
    """The Inquisitors Subject's times met is the cellar's count, so the form does not ask it."""
    data = three_at_the_table() | {"subjects": FOUR_SUBJECTS}
    step = step_by_id(data, "scores-1")
    assert [f.key for f in step.fields] == list(scores_values())
    fields = {f.key: f for f in step.fields}
    assert "cellar" in fields["row_3"].help
    assert fields["cellar_1"].label == "Inquisitors on cellar space 1 (-8 each)"
    assert (fields["tribunal"].minimum, fields["tribunal"].maximum) == (-10, 10)
    assert (fields["track_position"].minimum, fields["track_position"].maximum) == (0, 99)


def test_the_scores_form_follows_the_cellar_values() -> None:
    data = three_at_the_table() | {"subjects": FOUR_SUBJECTS, "cellar_values": [-5, 2]}
    keys = [f.key for f in step_by_id(data, "scores-0").fields]
    assert [k for k in keys if k.startswith("cellar_")] == ["cellar_1", "cellar_2"]


def test_the_inquisitors_subject_is_met_once_per_inquisitor_in_the_cellar() -> None:
    """Inquisitors Subject: each Inquisitor still in your cellar at the end is one meeting."""
    data = three_at_the_table() | {"subjects": FOUR_SUBJECTS}
    assert fill_in(scores_values(), data)["met_3"] == 0 + 1 + 1 + 3
    GAME.apply(data, step_by_id(data, "scores-0"), scores_values())
    ada = data["players"][0]
    assert ada["university"] == [
        {"subject": "Major Objects", "met": 5, "multiplier": 3},
        {"subject": "Library", "met": 4, "multiplier": 2},
        {"subject": "Inquisitors", "met": 5, "multiplier": 1},
        {"subject": "Comets", "met": 4, "multiplier": 0},
    ]
    assert ada["cellar"] == [0, 1, 1, 3]
    assert (ada["track"], ada["farewell"], ada["tribunal"], ada["dice"], ada["quadrants"]) == (
        62,
        2,
        3,
        9,
        2,
    )


def test_the_scores_form_shows_what_was_saved() -> None:
    """Going back to a player's form shows their entries, not blanks."""
    data = three_at_the_table() | {"subjects": FOUR_SUBJECTS}
    GAME.apply(data, step_by_id(data, "scores-0"), scores_values())
    defaults = {f.key: f.default for f in step_by_id(data, "scores-0").fields}
    assert defaults == scores_values()
    assert form_values(data["players"][0])["met_3"] == 5


@pytest.mark.parametrize(
    ("changes", "key"),
    [
        ({"tribunal": 11}, "tribunal"),
        ({"track_position": 100}, "track_position"),
        ({"cellar_2": -1}, "cellar_2"),
        ({"flipped": 1}, "flipped"),
        ({"dice": None}, "dice"),
    ],
)
def test_the_scores_form_refuses_values_out_of_bounds(changes: dict[str, Any], key: str) -> None:
    data = three_at_the_table() | {"subjects": FOUR_SUBJECTS}
    with pytest.raises(RulesError) as error:
        GAME.apply(data, step_by_id(data, "scores-0"), scores_values(**changes))
    assert error.value.key == key
    assert data["players"][0] == {"name": "Ada"}


def test_a_whole_session_scores_from_the_steps() -> None:
    data = three_at_the_table()
    GAME.apply(
        data,
        step_by_id(data, "table"),
        {"first_player": "Ada"} | {f"subject_{k}": s for k, s in enumerate(FOUR_SUBJECTS, 1)},
    )
    GAME.apply(
        data, step_by_id(data, "trigger"), {"trigger_player": "Bo", "trigger_how": "display"}
    )
    GAME.apply(data, step_by_id(data, "final-turns"), {"turns_done": 4, "draws": []})
    GAME.apply(data, step_by_id(data, "scores-0"), scores_values())
    GAME.apply(data, step_by_id(data, "scores-1"), scores_values(track_position=10, flipped=True))
    GAME.apply(data, step_by_id(data, "scores-2"), scores_values(track_position=0))
    GAME.apply(data, step_by_id(data, "breakdown"), {})
    result = GAME.score(data)
    bonus = (15 + 8 + 5 + 0) + (-4 - 2 + 3) + 3
    assert totals(data) == {"Ada": 62 + bonus, "Bo": 110 + bonus, "Cy": bonus}
    assert result.winners == ("Bo",)


def test_an_unknown_step_is_refused() -> None:
    with pytest.raises(RulesError):
        GAME.apply(three_at_the_table(), Step("lunch", "Lunch"), {})


# --- Help-screen facts -----------------------------------------------------------------------


def test_the_six_subjects_each_say_what_counts() -> None:
    assert SUBJECT_NAMES == (
        "Major Objects",
        "Library",
        "Inquisitors",
        "Upgrades",
        "Comets",
        "Constellations",
    )
    assert all(subject.meeting for subject in SUBJECTS)


def test_the_score_summary_has_every_row_of_the_spec_table() -> None:
    """The spec's score summary: nine sources, when they score, and what they are worth."""
    assert [(row.source, row.when) for row in SCORE_SUMMARY] == [
        ("Major Objects", "when observed"),
        ("Constellation spots", "when observed"),
        ("Objectives", "at cleanup"),
        ("Rewards", "during play"),
        ("Reputation overflow", "at an interrogation"),
        ("University", "game end"),
        ("Cellar", "game end"),
        ("Reputation", "game end"),
        ("Appendix comets", "at cleanup"),
    ]
    values = {row.source: row.value for row in SCORE_SUMMARY}
    assert "7" in values["Objectives"] and "3" in values["Objectives"]
    assert "±2" in values["Reputation overflow"]
    assert all(v in values["Cellar"] for v in ("-8", "-4", "-2", "+1"))
    assert "-10" in values["Reputation"] and "+10" in values["Reputation"]
    assert "1" in values["Appendix comets"]


def number_and_dot(colour: str, value: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """(row, column) of the number and of the dot in the drawn die."""
    face = die_face_text(colour, value)
    (number,) = [(r, line.index(str(value))) for r, line in enumerate(face) if str(value) in line]
    (dot,) = [(r, line.index(DIE_MARK)) for r, line in enumerate(face) if DIE_MARK in line]
    return number, dot


def test_colour_blind_marks() -> None:
    """'Every die face has a dot beside its number: yellow on the right, red on the left, blue
    under the number.'"""
    assert DICE_MARKS == {"yellow": "right", "red": "left", "blue": "under"}
    (row, col), dot = number_and_dot("yellow", 4)
    assert dot == (row, col + 1)
    (row, col), dot = number_and_dot("red", 4)
    assert dot == (row, col - 1)
    (row, col), dot = number_and_dot("blue", 4)
    assert dot == (row + 1, col)


@pytest.mark.parametrize("colour", ["yellow", "red", "blue", "Red "])
def test_a_die_face_is_a_closed_box_of_equal_lines(colour: str) -> None:
    face = die_face_text(colour, 6)
    assert len({len(line) for line in face}) == 1
    assert face[0].startswith("┌") and face[-1].endswith("┘")


def test_an_unknown_die_colour_is_refused() -> None:
    with pytest.raises(ValueError):
        die_face_text("green", 3)


def test_a_field_with_a_default_is_what_replacing_its_default_gives() -> None:
    import dataclasses

    from lastround.games.base import Field

    every = {f.name: f"value of {f.name}" for f in dataclasses.fields(Field)}
    field = Field(**every)  # type: ignore[arg-type]
    assert field.with_default(7) == dataclasses.replace(field, default=7)
    assert field.with_default(7) != field and field.with_default(7).default == 7


def test_each_players_scores_form_shows_their_saved_entries() -> None:
    data = session(player("Ada", track=112, tribunal=-3, cellar=[1, 0, 2, 0]),
                   player("Bo", dice=9), subjects=FOUR_SUBJECTS)
    ada, bo = (step_by_id(data, f"scores-{seat}") for seat in (0, 1))
    shown = [{f.key: f.default for f in form.fields} for form in (ada, bo)]
    assert shown[0]["track_position"] == 12 and shown[0]["flipped"] is True
    assert shown[0]["tribunal"] == -3 and shown[1]["tribunal"] == 0
    assert shown[0]["cellar_3"] == 2 and shown[1]["cellar_3"] == 0
    assert shown[0]["dice"] == 0 and shown[1]["dice"] == 9
    assert [f.key for f in ada.fields] == [f.key for f in bo.fields]
