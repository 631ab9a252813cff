"""Table mode's rules (lastround.games.seats): which steps are a seat's own, when the players may
enter them, and that what a player sends from their own terminal "is checked by the same
rules as if the host typed it — including what spans players"."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lastround.games.base import Field, RulesError, Step
from lastround.games.seats import (
    all_entered,
    check_seat_values,
    contested,
    seat_steps,
    seats_open,
    waiting_at,
)
from lastround.session.files import read_session
from lastround.session.session import Session
from tests.support.table_sessions import (
    EXAMPLES,
    EXAMPLES_FOLDER,
    example_log,
    ready_for_seats,
    seat_entries,
)

AT = "2026-11-29T20:30:00Z"


def ready(game: str, folder: Path) -> Session:
    path = ready_for_seats(game, folder)
    return Session(read_session(path), path)


def step_of(session: Session, step_id: str) -> Step:
    return next(s for s in session.steps() if s.id == step_id)


def values_of(game: str, seat: int, step_id: str) -> dict[str, Any]:
    return dict(next(v for s, v in seat_entries(game)[seat] if s == step_id))


def enter(session: Session, seat: int, step_id: str, values: dict[str, Any]) -> None:
    session.confirm(step_of(session, step_id), values, at=AT, by=session.players[seat])


# a seat's own steps ---------------------------------------------------------------------
def test_a_seat_s_own_steps_in_rftg_are_its_tableau_then_its_counts(tmp_path: Path) -> None:
    steps = ready("rftg", tmp_path).steps()
    assert [s.id for s in seat_steps(steps, 2)] == ["tableau-2", "counts-2"]
    assert seat_steps(steps, 4) == [], "a seat the game does not have has no steps"


def test_a_seat_s_own_step_in_galileo_is_its_final_scoring_only(tmp_path: Path) -> None:
    steps = ready("galileo", tmp_path).steps()
    assert [s.id for s in seat_steps(steps, 1)] == ["scores-1"]
    assert all(s.player == 1 for s in seat_steps(steps, 1))


# when the seats open --------------------------------------------------------------------
@pytest.mark.parametrize(("game", "last_table_step"),
                         [("rftg", "finish-round"), ("galileo", "final-turns")])
def test_seats_open_only_once_every_table_wide_step_before_them_is_confirmed(
    tmp_path: Path, game: str, last_table_step: str,
) -> None:
    """"players may enter once the round is finished / the final turns are played"."""
    session = ready(game, tmp_path)
    steps, confirmed = session.steps(), session.confirmed()
    assert seats_open(steps, confirmed)
    assert waiting_at(steps, confirmed) is None
    before = confirmed - {last_table_step}
    assert not seats_open(steps, before)
    waiting = waiting_at(steps, before)
    assert waiting is not None and waiting.id == last_table_step
    assert not seats_open(steps, set())


def test_a_pending_rftg_end_check_keeps_the_seats_closed(tmp_path: Path) -> None:
    """"An end check still to come (`pause_before`) keeps them closed: the game goes on"."""
    session = Session.new("rftg", seed=7, created=AT)
    setup = example_log("rftg")[0]
    session.confirm(step_of(session, "setup"), setup["values"], at=AT)
    session.confirm(step_of(session, "end-check-0"),
                    {"largest_tableau": 6, "pool": "chips left"}, at=AT)
    steps, confirmed = session.steps(), session.confirmed()
    assert steps[-1].pause_before
    assert not seats_open(steps, confirmed)
    waiting = waiting_at(steps, confirmed)
    assert waiting is not None and waiting.id == steps[-1].id
    # Even were the paused check taken for confirmed, what follows it is not open yet.
    paused = [Step("check", "Check", pause_before=True), Step("tableau-0", "T", "cards", 0)]
    assert not seats_open(paused, {"check"})
    assert waiting_at(paused, {"check"}) == paused[0]
    assert seats_open([Step("check", "Check"), *paused[1:]], {"check"})


def test_all_entered_once_every_step_before_the_final_scores_is_confirmed(
    tmp_path: Path,
) -> None:
    session = ready("rftg", tmp_path)
    for seat, entries in seat_entries("rftg").items():
        for step_id, values in entries:
            assert not all_entered(session.steps(), session.confirmed())
            enter(session, seat, step_id, values)
    assert all_entered(session.steps(), session.confirmed())
    assert not all_entered([], set())
    assert not all_entered(session.steps()[:-1], session.confirmed()), "no final scores"


# what a seat sends ----------------------------------------------------------------------
@pytest.mark.parametrize("game", ["rftg", "galileo"])
def test_the_example_s_own_values_are_accepted_seat_by_seat(tmp_path: Path, game: str) -> None:
    session = ready(game, tmp_path)
    for seat in (3, 1, 0, 2):  # the order the players finish in does not matter
        for step_id, values in seat_entries(game)[seat]:
            check_seat_values(step_of(session, step_id), values, session.data)
            enter(session, seat, step_id, values)


def refusal(step: Step, values: dict[str, Any], data: dict[str, Any]) -> RulesError:
    with pytest.raises(RulesError) as raised:
        check_seat_values(step, values, data)
    return raised.value


COUNTS = {"chips": 14, "hand": 4, "goods": 2}


@pytest.mark.parametrize(("change", "key", "words"), [
    ({"hand": None}, "hand", "enter a value"),
    ({"extra": 1}, "extra", "not a field"),
    ({"chips": True}, "chips", "whole numbers"),
    ({"chips": "14"}, "chips", "whole numbers"),
    ({"goods": 2.0}, "goods", "whole numbers"),
    ({"chips": 201}, "chips", "at most 200"),
    ({"hand": 11}, "hand", "at most 10"),
    ({"goods": -1}, "goods", "at least 0"),
])
def test_a_form_is_refused_unless_every_field_has_a_value_of_its_kind_within_bounds(
    tmp_path: Path, change: dict[str, Any], key: str, words: str,
) -> None:
    """"checked by the same rules as if the host typed it": the refusal names the field."""
    session = ready("rftg", tmp_path)
    values = {k: v for k, v in {**COUNTS, **change}.items() if v is not None}
    error = refusal(step_of(session, "counts-0"), values, session.data)
    assert error.key == key
    assert words in error.message


def test_a_form_with_every_value_in_bounds_is_accepted(tmp_path: Path) -> None:
    session = ready("rftg", tmp_path)
    check_seat_values(step_of(session, "counts-0"), {"chips": 200, "hand": 10, "goods": 0},
                      session.data)


@pytest.mark.parametrize(("tableau", "words"), [
    (["Alpha Centauri", "Mining Robotz Deluxe"], "Mining Robotz Deluxe"),
    (["Alpha Centauri", "Mining Robots", "Mining Robots"], "Mining Robots"),
    ([], "start world"),
    ("Alpha Centauri", "list of card names"),
    (["Alpha Centauri", 3], "list of card names"),
])
def test_a_tableau_is_refused_with_an_unknown_card_a_development_twice_or_no_list(
    tmp_path: Path, tableau: Any, words: str,
) -> None:
    session = ready("rftg", tmp_path)
    error = refusal(step_of(session, "tableau-0"), {"tableau": tableau}, session.data)
    assert error.key == "tableau"
    assert words in error.message


def test_a_tableau_with_another_key_beside_its_cards_is_refused(tmp_path: Path) -> None:
    session = ready("rftg", tmp_path)
    values = {"tableau": ["Alpha Centauri"], "chips": 3}
    assert refusal(step_of(session, "tableau-0"), values, session.data).key == "tableau"


def test_a_card_the_other_tableaux_hold_every_copy_of_is_refused(tmp_path: Path) -> None:
    """"no more copies of a card across all tableaux than the deck holds"."""
    session = ready("rftg", tmp_path)
    jonas = values_of("rftg", 1, "tableau-1")["tableau"]  # holds the one Galactic Federation
    enter(session, 1, "tableau-1", {"tableau": jonas})
    priya = values_of("rftg", 2, "tableau-2")["tableau"]
    step = step_of(session, "tableau-2")
    check_seat_values(step, {"tableau": priya}, session.data)
    error = refusal(step, {"tableau": [*priya, "Galactic Federation"]}, session.data)
    assert (error.key, "Galactic Federation" in error.message) == ("tableau", True)
    # A seat's own recorded tableau is not "another" one: sending it again is no conflict.
    check_seat_values(step_of(session, "tableau-1"), {"tableau": jonas}, session.data)


@pytest.mark.parametrize(("values", "key"), [
    ({"tableau_vp": 201, "bonus_vp": 0}, "tableau_vp"),
    ({"tableau_vp": 30, "bonus_vp": -21}, "bonus_vp"),
    ({"tableau_vp": "30", "bonus_vp": 0}, "tableau_vp"),
])
def test_a_quick_entry_out_of_bounds_is_refused(
    tmp_path: Path, values: dict[str, Any], key: str,
) -> None:
    session = ready("rftg", tmp_path)
    step = step_of(session, "tableau-0")
    assert refusal(step, values, session.data).key == key
    check_seat_values(step, {"tableau_vp": 200, "bonus_vp": -20}, session.data)


def test_contested_names_every_other_seat_holding_a_card_the_deck_runs_short_of(
    tmp_path: Path,
) -> None:
    """"a conflict is shown to both players concerned": Jonas and Luis each list one of
    the deck's two Consumer Markets; Maya listing it too concerns them both."""
    session = ready("rftg", tmp_path)
    for seat in (1, 3):
        enter(session, seat, f"tableau-{seat}", values_of("rftg", seat, f"tableau-{seat}"))
    maya = values_of("rftg", 0, "tableau-0")["tableau"]
    assert contested(session.data, 0, maya) == {}
    assert contested(session.data, 0, [*maya, "Consumer Markets"]) == {
        1: ["Consumer Markets"], 3: ["Consumer Markets"]}
    assert contested(session.data, 1, ["Consumer Markets"]) == {}, "the deck holds two"
    assert contested(session.data, 2, ["Galactic Federation"]) == {1: ["Galactic Federation"]}


# a property over the Galileo score sheet ------------------------------------------------
@cache
def galileo_scores_step() -> Step:
    example = EXAMPLES_FOLDER / EXAMPLES["galileo"]
    session = Session(read_session(example), example)
    return next(s for s in session.steps() if s.id == "scores-0")


def within(field: Field, value: int) -> bool:
    return ((field.minimum is None or value >= field.minimum)
            and (field.maximum is None or value <= field.maximum))


def int_fields() -> list[Field]:
    return [f for f in galileo_scores_step().fields if f.kind == "int"]


@given(st.data())
def test_a_galileo_score_sheet_is_accepted_exactly_when_every_value_is_within_bounds(
    data: st.DataObject,
) -> None:
    values: dict[str, Any] = {"flipped": data.draw(st.booleans())}
    for field in int_fields():
        low = (field.minimum or 0) - 3
        high = (field.maximum if field.maximum is not None else 30) + 3
        values[field.key] = data.draw(st.integers(low, high), label=field.key)
    assert set(values) == {f.key for f in galileo_scores_step().fields}
    try:
        check_seat_values(galileo_scores_step(), values, {})
        accepted = True
    except RulesError:
        accepted = False
    assert accepted == all(within(f, values[f.key]) for f in int_fields())
