"""The session keeper alone, without Textual: what confirming answers, what is on disk when it
answers, corrections, the lock and drafts (lastround.session.keeper)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from lastround.games.base import RulesError, Step
from lastround.session.drafts import Drafts, draft_path
from lastround.session.files import read_session
from lastround.session.keeper import PAUSE_MESSAGE, Keeper
from lastround.session.locks import lock_path
from lastround.session.outcomes import (
    AskFirst,
    Finished,
    Home,
    Next,
    NotSaved,
    Opened,
    Refused,
    Stay,
)
from lastround.session.session import Session
from tests.conftest import FIXED_TIME
from tests.support.toy_game import ToyGame

PLAYERS = {"players": ["Ada", "Bo"], "colour": "red"}


def points(value: int, coins: int = 1) -> dict[str, Any]:
    return {"points": value, "coins": coins, "bonus": False}


@pytest.fixture
def keepers() -> Iterator[list[Keeper]]:
    """Keepers made by a test: each lets its lock go at the end."""
    made: list[Keeper] = []
    yield made
    for keeper in made:
        keeper.release_lock()


def keeper_in(saves: Path, keepers: list[Keeper]) -> Keeper:
    keeper = Keeper(saves, clock=lambda: FIXED_TIME, seed=1)
    keepers.append(keeper)
    return keeper


def seated(saves: Path, keepers: list[Keeper]) -> Keeper:
    """A keeper with a new toy session, its players confirmed (and so saved)."""
    keeper = keeper_in(saves, keepers)
    session = keeper.new_session("toy")
    assert keeper.confirm(session.steps()[0], PLAYERS) == Next(1)
    return keeper


def step(keeper: Keeper, step_id: str) -> Step:
    assert keeper.session is not None
    return keeper.session.steps()[keeper.session.index_of(step_id)]


def on_disk(keeper: Keeper) -> dict[str, Any]:
    assert keeper.session is not None and keeper.session.path is not None
    return read_session(keeper.session.path)


def test_a_confirmed_step_is_on_disk_before_confirm_answers(saves: Path,
                                                            keepers: list[Keeper]) -> None:
    keeper = seated(saves, keepers)
    assert [entry["step"] for entry in on_disk(keeper)["log"]] == ["setup"]
    assert keeper.confirm(step(keeper, "round"), {}) == Next(2)
    assert keeper.confirm(step(keeper, "points-0"), points(12)) == Next(3)
    saved = on_disk(keeper)
    assert [entry["step"] for entry in saved["log"]] == ["setup", "round", "points-0"]
    assert saved["players"][0]["points"] == 12
    assert not keeper.unsaved


def test_progress_inside_a_step_is_saved_and_the_step_stays(saves: Path,
                                                            keepers: list[Keeper]) -> None:
    keeper = seated(saves, keepers)
    assert keeper.confirm(step(keeper, "round"), {}, partial=True) == Stay()
    assert on_disk(keeper)["log"][-1] == {"step": "round", "at": FIXED_TIME, "partial": True,
                                          "values": {}}


def test_a_refused_value_is_refused_at_its_field_and_nothing_is_recorded(
        saves: Path, keepers: list[Keeper], monkeypatch: pytest.MonkeyPatch) -> None:
    keeper = seated(saves, keepers)
    before = on_disk(keeper)
    game_apply = ToyGame.apply

    def strict_apply(game: ToyGame, data: Any, step: Step, values: Any) -> None:
        if values.get("coins", 0) > 9:
            raise RulesError("coins", "no more than 9 coins")
        game_apply(game, data, step, values)

    monkeypatch.setattr(ToyGame, "apply", strict_apply)
    outcome = keeper.confirm(step(keeper, "points-0"), points(12, coins=50))
    assert outcome == Refused("no more than 9 coins", "coins")
    assert on_disk(keeper) == before
    assert keeper.confirm(step(keeper, "points-0"), points(12, coins=5)) == Next(3)


def test_a_change_that_undoes_later_answers_is_asked_first(saves: Path,
                                                           keepers: list[Keeper]) -> None:
    keeper = seated(saves, keepers)
    keeper.confirm(step(keeper, "round"), {})
    keeper.confirm(step(keeper, "points-0"), points(12))
    before = on_disk(keeper)
    reseated = {"players": ["Bo", "Cy"], "colour": "red"}
    asked = keeper.confirm(step(keeper, "setup"), reseated)
    assert asked == AskFirst("Seating the table again drops the points entered for Ada.")
    assert on_disk(keeper) == before, "nothing changes until the table agrees"
    # What it undid is walked through again from the next step.
    assert keeper.confirm(step(keeper, "setup"), reseated, undo_agreed=True) == Next(1)
    assert [p["name"] for p in on_disk(keeper)["players"]] == ["Bo", "Cy"]


def test_after_a_change_the_steps_it_left_alone_are_skipped(saves: Path,
                                                            keepers: list[Keeper]) -> None:
    """Back at the setup from Bo's points, a new colour undoes nothing: on to Bo's points.
    Confirmed unchanged, a step goes on one step, as before."""
    keeper = seated(saves, keepers)
    keeper.confirm(step(keeper, "round"), {})
    keeper.confirm(step(keeper, "points-0"), points(12))
    assert keeper.confirm(step(keeper, "setup"), PLAYERS) == Next(1)
    assert keeper.confirm(step(keeper, "setup"), {**PLAYERS, "colour": "blue"}) == Next(3)
    assert keeper.confirm(step(keeper, "round"), {}) == Next(2)


def test_the_last_value_finishes_the_game_in_the_same_save(saves: Path,
                                                           keepers: list[Keeper]) -> None:
    keeper = seated(saves, keepers)
    keeper.confirm(step(keeper, "round"), {})
    keeper.confirm(step(keeper, "points-0"), points(12))
    keeper.keep_draft(step(keeper, "points-1"), {"points": "3"})
    assert keeper.confirm(step(keeper, "points-1"), points(9)) == Finished()
    saved = on_disk(keeper)
    assert saved["status"] == "finished"
    assert saved["log"][-1]["step"] == "breakdown"
    assert saved["log"][-1]["values"]["winners"] == ["Ada"]
    assert keeper.read_only
    assert keeper.session is not None and keeper.session.path is not None
    assert not draft_path(keeper.session.path).exists(), "no step is left to type in"


def test_finishing_a_table_that_does_not_total_is_refused(saves: Path,
                                                          keepers: list[Keeper]) -> None:
    keeper = seated(saves, keepers)
    outcome = keeper.finish_now()
    assert isinstance(outcome, Refused) and outcome.reason.startswith("Can't finish yet: ")
    assert on_disk(keeper)["status"] == "in-progress"


def test_a_step_before_a_pause_sends_the_table_home(saves: Path, keepers: list[Keeper],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    keeper = seated(saves, keepers)
    assert keeper.session is not None
    steps = list(keeper.session.steps())
    paused = [*steps[:2], replace(steps[2], pause_before=True), *steps[3:]]
    monkeypatch.setattr(Session, "steps", lambda self: paused)
    assert keeper.confirm(paused[1], {}) == Home(PAUSE_MESSAGE)
    assert on_disk(keeper)["log"][-1]["step"] == "round", "saved before going home"


def test_a_save_that_fails_is_an_answer_and_the_session_stays_in_memory(
        tmp_path: Path, keepers: list[Keeper]) -> None:
    not_a_folder = tmp_path / "saves"
    not_a_folder.write_text("a file where the saves folder should be\n")
    keeper = keeper_in(not_a_folder, keepers)
    session = keeper.new_session("toy")
    outcome = keeper.confirm(session.steps()[0], PLAYERS)
    assert isinstance(outcome, NotSaved)
    assert outcome.why.startswith("Could not save ") and "Ctrl+S" in outcome.why
    assert keeper.unsaved and session.players == ["Ada", "Bo"]
    elsewhere = tmp_path / "elsewhere"
    assert keeper.save_elsewhere(elsewhere) is None
    assert keeper.saves == elsewhere and not keeper.unsaved
    assert session.path is not None and read_session(session.path)["players"]


def test_a_save_after_the_lock_was_taken_over_is_refused(saves: Path,
                                                         keepers: list[Keeper]) -> None:
    keeper = seated(saves, keepers)
    assert keeper.session is not None and keeper.session.path is not None
    lock_path(keeper.session.path).unlink()  # gone: another app may be writing it
    before = on_disk(keeper)
    outcome = keeper.confirm(step(keeper, "round"), {})
    assert isinstance(outcome, NotSaved) and "its lock" in outcome.why
    assert on_disk(keeper) == before


def test_the_lock_refuses_a_second_keeper(saves: Path, keepers: list[Keeper]) -> None:
    first = seated(saves, keepers)
    assert first.session is not None and first.session.path is not None
    path = first.session.path
    second = keeper_in(saves, keepers)
    opened = second.open(path)
    assert isinstance(opened, Opened) and second.read_only
    assert opened.read_only_why is not None and "open in another Last Round" in opened.read_only_why
    assert second.lock is None and first.lock is not None and first.lock.held()
    first.close()
    third = keeper_in(saves, keepers)
    assert third.open(path) == Opened(1) and not third.read_only


def test_drafts_come_back_to_the_next_keeper_until_the_step_is_confirmed(
        saves: Path, keepers: list[Keeper]) -> None:
    keeper = seated(saves, keepers)
    typed = {"points": "1", "coins": "", "bonus": "no"}
    keeper.keep_draft(step(keeper, "round"), typed)
    assert keeper.session is not None and keeper.session.path is not None
    path = keeper.session.path
    keeper.close()
    again = keeper_in(saves, keepers)
    again.open(path)
    assert again.draft_for(step(again, "round")) == typed
    again.confirm(step(again, "round"), {})
    assert again.draft_for(step(again, "round")) is None
    assert "round" not in Drafts(path).steps, "a confirmed step's draft is dropped"


def test_a_correction_keeps_the_old_values_and_a_refused_one_changes_nothing(
        saves: Path, keepers: list[Keeper]) -> None:
    keeper = seated(saves, keepers)
    keeper.confirm(step(keeper, "round"), {})
    keeper.confirm(step(keeper, "points-0"), points(12))
    keeper.confirm(step(keeper, "points-1"), points(9))
    assert keeper.session is not None and keeper.session.path is not None
    path = keeper.session.path
    keeper.close()
    replaying = keeper_in(saves, keepers)
    opened = replaying.open(path, read_only=True)
    assert opened == Opened(0, replay=True)
    session = replaying.session
    assert session is not None
    before = read_session(path)
    unchanged = replaying.correct(session, "points-0", points(12))
    assert isinstance(unchanged, Refused) and read_session(path) == before
    assert replaying.correct(session, "points-0", points(14)) is None
    latest = read_session(path)["log"][-1]
    assert latest["correction"] is True
    assert latest["old"] == points(12) and latest["values"] == points(14)
    assert session.data["players"][0]["points"] == 14


def test_a_correction_that_can_not_be_saved_leaves_the_session_as_it_was(
        saves: Path, keepers: list[Keeper]) -> None:
    keeper = seated(saves, keepers)
    for step_id, values in (("round", {}), ("points-0", points(12)), ("points-1", points(9))):
        keeper.confirm(step(keeper, step_id), values)
    session = keeper.session
    assert session is not None and session.path is not None
    kept = session.data
    other = keeper_in(saves, keepers)  # holds the lock: the correction is not saved
    refused = other.correct(session, "points-0", points(14))
    assert isinstance(refused, Refused) and "open in another Last Round" in refused.reason
    assert session.data is kept and session.data["players"][0]["points"] == 12


def test_a_correction_whose_save_fails_leaves_the_session_as_it_was(
        saves: Path, keepers: list[Keeper]) -> None:
    keeper = seated(saves, keepers)
    for step_id, values in (("round", {}), ("points-0", points(12)), ("points-1", points(9))):
        keeper.confirm(step(keeper, step_id), values)
    assert keeper.session is not None
    finished = Session(keeper.session.data, saves / "a-folder.toml")
    keeper.close()
    (saves / "a-folder.toml").mkdir()  # lockable, but no file can be written in its place
    replaying = keeper_in(saves, keepers)
    kept = finished.data
    not_saved = replaying.correct(finished, "points-0", points(14))
    assert isinstance(not_saved, NotSaved) and "Could not save" in not_saved.why
    assert finished.data is kept and finished.data["players"][0]["points"] == 12
    assert replaying.unsaved


def test_a_session_made_ahead_starts_when_the_keeper_begins_it(tmp_path: Path,
                                                               keepers: list[Keeper]) -> None:
    """A new session's first step is built behind the home screen before anyone asks for it:
    its `created` is the moment the keeper takes it, not the moment it was made."""
    made_ahead = Session.new("toy", seed=1, created="2026-01-01T00:00:00Z")
    keeper = keeper_in(tmp_path, keepers)
    keeper.begin(made_ahead)
    assert keeper.session is made_ahead and not keeper.read_only
    assert made_ahead.data["created"] == FIXED_TIME
