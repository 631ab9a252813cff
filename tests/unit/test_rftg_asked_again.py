"""Changing an earlier answer says what it undoes and asks again the steps it affects: the
goal tiles in play (a tile out of play scores for no one; a tile put in play is asked of
every player whose goals were entered) and the boxes (the finish-the-round checklist's
items come from them: Rebel vs Imperium adds resolving takeovers)."""

from __future__ import annotations

from lastround.games.base import Step
from lastround.games.rftg.game import resets
from lastround.session.session import Session
from tests.support.helpers import FIXED_TIME
from tests.support.rftg_tied_play import OPTIONS, tied_table


def step(session: Session, step_id: str) -> Step:
    return session.steps()[session.index_of(step_id)]


def test_taking_a_held_tile_out_of_play_says_whose_goals_it_drops() -> None:
    session = tied_table()
    values = OPTIONS | {"production-leader": False}
    said = resets(session.data, step(session, "options"), values)
    assert said == ("Ada's Production Leader and Bo's Production Leader are dropped: out of "
                    "play, a tile scores for no one.")
    session.confirm(step(session, "options"), values, at=FIXED_TIME)
    assert session.data["players"][0]["goals"] == []


def test_a_tile_put_in_play_asks_each_players_goals_again() -> None:
    session = tied_table()
    values = OPTIONS | {"largest-industry": True}
    said = resets(session.data, step(session, "options"), values)
    assert said == "The goals of Ada, Bo, Cy and Di are asked again for Largest Industry."
    session.confirm(step(session, "options"), values, at=FIXED_TIME)
    again = session.steps()[session.resume_index()]
    assert again.id == "goals-0"
    assert again.ask_again == ("Largest Industry is in play since Ada's goals were entered: "
                               "answer it too")
    # Largest Industry counts Novelty and Rare worlds: Ada 4 (Gem World, Comet Zone, Spice
    # World, Earth's Lost Colony) against Bo 2, Cy 2, Di 2: pre-filled, Ada holds it.
    shown = {f.key: f.default for f in again.fields}
    assert shown["largest-industry"] == "holds the tile"
    session.confirm(again, shown, at=FIXED_TIME)
    assert session.steps()[session.resume_index()].id == "goals-1"


def test_boxes_changed_after_the_round_was_finished_ask_the_checklist_again() -> None:
    session = tied_table()
    setup = step(session, "setup")
    values = session.values_for(setup) | {"boxes": "+ TGS, Rebel vs Imperium"}
    said = resets(session.data, setup, values)
    assert "The finish-the-round checklist is asked again" in said
    session.confirm(setup, values, at=FIXED_TIME)
    again = session.steps()[session.resume_index()]
    assert again.id == "finish-round"
    assert again.ask_again.startswith("The boxes changed since the round was finished")
    options = step(session, "options")  # played with takeovers: the checklist resolves them
    session.confirm(options, session.values_for(options) | {"takeovers": True}, at=FIXED_TIME)
    again = session.steps()[session.resume_index()]
    assert again.id == "finish-round"
    assert any("takeovers" in item for item in again.items)
    session.confirm(again, {}, at=FIXED_TIME)
    assert session.steps()[session.resume_index()].kind == "breakdown"


def test_the_same_boxes_confirmed_again_ask_nothing() -> None:
    session = tied_table()
    setup = step(session, "setup")
    assert resets(session.data, setup, session.values_for(setup)) == ""
    assert session.steps()[session.resume_index()].kind == "breakdown"
