"""The procedure walker's bookkeeping: confirmations, the log, where to resume."""

from __future__ import annotations

from lastround.session.session import Session


def started() -> Session:
    session = Session.new("toy", seed=3, created="2026-11-29T20:30:00Z")
    setup = session.steps()[0]
    session.confirm(setup, {"players": ["Ada", "Bo"], "colour": "red"}, at="t1")
    return session


def test_a_new_session_has_the_keys_every_file_has() -> None:
    session = Session.new("toy", seed=3)
    assert session.data["format"] == 1 and session.data["game"] == "toy"
    assert session.data["status"] == "in-progress" and session.data["seed"] == 3


def test_confirming_records_the_values_and_logs_the_step() -> None:
    session = started()
    assert session.players == ["Ada", "Bo"]
    assert session.log == [{"step": "setup", "at": "t1",
                            "values": {"players": ["Ada", "Bo"], "colour": "red"}}]


def test_a_player_step_logs_who_was_asked() -> None:
    session = started()
    step = session.steps()[3]
    session.confirm(step, {"points": 4, "coins": 1, "bonus": False}, at="t2")
    assert session.log[-1]["player"] == "Bo"
    assert session.data["players"][1]["points"] == 4


def test_resume_continues_at_the_first_unconfirmed_step() -> None:
    session = started()
    assert session.resume_index() == 1
    steps = session.steps()
    session.confirm(steps[2], {"points": 1, "coins": 0, "bonus": True}, at="t2")
    assert session.resume_index() == 1, "a skipped earlier step is still asked first"
    session.confirm(steps[1], {"done": 2}, at="t3")
    assert session.resume_index() == 3


def test_values_for_gives_the_latest_confirmation() -> None:
    session = started()
    session.confirm(session.steps()[0], {"players": ["Ada", "Cy"], "colour": "blue"}, at="t2")
    assert session.values_for(session.steps()[0])["colour"] == "blue"


def test_reseating_keeps_what_was_entered_for_a_player_still_seated() -> None:
    session = started()
    session.confirm(session.steps()[2], {"points": 5, "coins": 0, "bonus": False}, at="t2")
    session.confirm(session.steps()[0], {"players": ["Cy", "Ada"], "colour": "red"}, at="t3")
    assert session.data["players"] == [{"name": "Cy"}, {"name": "Ada", "points": 5, "coins": 0,
                                                        "bonus": False}]


def test_the_breakdown_is_logged_but_not_stored_as_entries() -> None:
    session = started()
    breakdown = session.steps()[-1]
    session.confirm(breakdown, {"totals": {"Ada": 1}}, at="t9")
    assert "totals" not in session.data and session.log[-1]["values"] == {"totals": {"Ada": 1}}


def test_places_follow_totals_then_the_tie_break() -> None:
    from lastround.games.base import PlayerScore, Result

    ada = PlayerScore("Ada", {"points": 10}, tiebreak=(1,))
    bo = PlayerScore("Bo", {"points": 10}, tiebreak=(3,))
    cy = PlayerScore("Cy", {"points": 10}, tiebreak=(1,))
    dee = PlayerScore("Dee", {"points": 4}, tiebreak=(9,))
    result = Result("toy", (ada, bo, cy, dee), ("Bo",), "tiebreak")
    assert [(place, p.name) for place, p in result.ranking()] == [
        (1, "Bo"), (2, "Ada"), (2, "Cy"), (4, "Dee")]
