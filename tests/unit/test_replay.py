"""Replaying a session's log (tui/records/replay.py) and correcting a finished game
(tui/records/corrections.py)."""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path
from typing import Any

import pytest

from lastround.games import get_game
from lastround.games.base import RulesError
from lastround.records.corrections import correctable_steps, corrected
from lastround.records.replay import drift, replay, start_data
from lastround.records.replay_text import correction_notes
from lastround.session.session import Session

EXAMPLES = Path(__file__).resolve().parents[2] / "saves" / "examples"
RFTG = "rftg-4-players.toml"
GALILEO = "galileo-4-players.toml"


def example(name: str) -> dict[str, Any]:
    return tomllib.loads((EXAMPLES / name).read_text("utf-8"))


def totals(data: dict[str, Any]) -> dict[str, int]:
    return {p.name: p.total for p in get_game(data["game"]).score(data).players}


@pytest.mark.parametrize("name", [RFTG, GALILEO])
def test_every_entry_replays_and_ends_on_the_files_totals(name: str) -> None:
    data = example(name)
    moments = replay(data)
    assert [m.step_id for m in moments] == [e["step"] for e in data["log"]]
    assert not [m.problem for m in moments if m.problem]
    assert {s.name: s.after for s in moments[-1].standings} == totals(data)
    assert drift(data, moments) == ""


@pytest.mark.parametrize("name", [RFTG, GALILEO])
def test_replay_leaves_the_data_as_it_was(name: str) -> None:
    data = example(name)
    before = copy.deepcopy(data)
    replay(data)
    assert data == before


@pytest.mark.parametrize("name", [RFTG, GALILEO])
def test_values_read_as_words_not_raw_tables(name: str) -> None:
    for moment in replay(example(name)):
        for what, value in moment.entered:
            assert "{" not in value and "[" not in value and "_" not in what, (what, value)


def test_the_replay_starts_from_the_files_identity_only() -> None:
    data = example(GALILEO)
    start = start_data(data)
    assert {k: start[k] for k in ("format", "game", "created", "seed")} == {
        "format": 1, "game": "galileo", "created": data["created"], "seed": data["seed"]}
    assert start["players"] == [] and start["log"] == [] and "draws" not in start


def test_a_player_asked_is_named_and_their_values_labelled_by_the_step() -> None:
    moment = next(m for m in replay(example(RFTG)) if m.step_id == "counts-0")
    assert moment.player == "Maya" and moment.title == "Maya: chips, hand and goods"
    assert moment.entered == (("VP chips", "14"), ("Cards in hand", "4"),
                              ("Goods on worlds", "2"))


def test_totals_are_not_scorable_until_every_player_is_counted_then_move() -> None:
    moments = replay(example(RFTG))
    last_counts = next(m for m in moments if m.step_id == "counts-3")
    earlier = moments[: moments.index(last_counts)]
    assert all(s.after is None for m in earlier for s in m.standings)
    assert {s.name: (s.before, s.after) for s in last_counts.standings} == {
        "Maya": (None, 46), "Jonas": (None, 52), "Priya": (None, 39), "Luis": (None, 53)}
    assert last_counts.winners_after == ("Luis",)
    assert [s.name for s in last_counts.standings if s.winner] == ["Luis"]


def test_galileo_draws_show_the_same_cards_at_the_entry_that_drew_them() -> None:
    moments = replay(example(GALILEO))
    drawn_now = [(m.number, value) for m in moments for _, value in m.entered
                 if value.endswith("← drawn now")]
    assert drawn_now == [
        (4, "turn 1, Luis, display gap: the 9th of 14: Andromeda Nebula  ← drawn now"),
        (7, "turn 3, Jonas, constellation reward: the 2nd of 13: Orion Nebula  ← drawn now"),
    ]
    fifth = moments[4]
    assert fifth.partial and fifth.kind == "progress saved inside the step"
    assert ("Turn ended", "1. Luis (rest of round)") in fifth.entered
    assert ("Final turns ended", "1 of 5") in fifth.entered


def test_an_entry_that_cannot_be_replayed_is_reported_and_the_rest_goes_on() -> None:
    data = example(RFTG)
    data["log"].insert(1, {"step": "no-such-step", "at": "2026-11-27T21:56:00Z", "values": {}})
    moments = replay(data)
    assert "no-such-step" in moments[1].problem
    assert not [m.problem for m in moments if m.problem and m is not moments[1]]
    assert {s.name: s.after for s in moments[-1].standings} == totals(data)


def test_a_hand_edit_after_the_log_is_pointed_out() -> None:
    data = example(RFTG)
    data["players"][2]["chips"] = 20
    assert "Priya" in drift(data, replay(data)) and "by hand" in drift(data, replay(data))


# --- corrections ---------------------------------------------------------------------------


def finished(name: str = RFTG) -> Session:
    return Session(example(name), EXAMPLES / name)


def test_a_correction_is_a_new_entry_keeping_the_old_values() -> None:
    session = finished()
    entries = len(session.log)
    fixed = corrected(session, "counts-0", {"chips": 30, "hand": 4, "goods": 2},
                      at="2026-11-29T20:30:00Z")
    assert len(session.log) == entries and session.data["players"][0]["chips"] == 14
    assert fixed.log[:entries] == session.log
    assert fixed.log[-1] == {"step": "counts-0", "at": "2026-11-29T20:30:00Z", "player": "Maya",
                             "values": {"chips": 30, "hand": 4, "goods": 2},
                             "correction": True, "old": {"chips": 14, "hand": 4, "goods": 2}}
    assert fixed.finished and fixed.score().winners == ("Maya",)


def test_replay_shows_the_correction_where_it_happened_and_the_winner_change() -> None:
    fixed = corrected(finished(), "counts-0", {"chips": 30, "hand": 4, "goods": 2},
                      at="2026-11-29T20:30:00Z")
    moment = replay(fixed.data)[-1]
    assert moment.correction and moment.kind == "✎ correction after the game"
    assert moment.changes == (("VP chips", "14", "30"),)
    assert {s.name: s.change for s in moment.standings} == {
        "Maya": 16, "Jonas": 0, "Priya": 0, "Luis": 0}
    assert moment.winner_changed and moment.winners_after == ("Maya",)
    assert correction_notes(fixed.data) == [
        "✎ corrected after the game: Maya: chips, hand and goods on 2026-11-29 20:30"]


def test_a_correction_that_changes_nothing_is_refused() -> None:
    with pytest.raises(RulesError, match="nothing was changed"):
        corrected(finished(), "counts-1", {"chips": 15, "hand": 6, "goods": 1}, at="now")


def test_a_correction_that_would_change_the_steps_is_refused() -> None:
    """An end check that no longer ends the game would unmake the finished game."""
    with pytest.raises(RulesError, match="change the steps"):
        corrected(finished(), "end-check-0",
                  {"largest_tableau": 9, "pool_exhausted": False, "mid_consume": False}, at="now")


def test_a_correction_the_rules_refuse_is_refused_with_their_reason() -> None:
    with pytest.raises(RulesError) as refused:
        corrected(finished(GALILEO), "scores-0", {**finished(GALILEO).log[11]["values"],
                                                  "tribunal": 40}, at="now")
    assert refused.value.key == "tribunal"


def test_correctable_steps_are_the_counted_ones_in_the_games_order() -> None:
    steps = [c.step.id for c in correctable_steps(finished())]
    assert steps == ["end-check-0", "tableau-0", "counts-0", "tableau-1", "counts-1",
                     "tableau-2", "counts-2", "tableau-3", "counts-3"]
    galileo = [c.step.id for c in correctable_steps(finished(GALILEO))]
    assert galileo == ["table", "trigger", "scores-0", "scores-1", "scores-2", "scores-3"]


def test_replay_history_export_and_corrections_are_pure_of_textual() -> None:
    import subprocess
    import sys

    code = ("import sys\n"
            "import lastround.records.replay, lastround.records.corrections, "
            "lastround.records.history\n"
            "import lastround.records.export, lastround.records.index\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'tomlkit')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=Path(__file__).resolve().parents[2], timeout=60)
    assert done.returncode == 0 and done.stdout.strip() == "[]", done.stderr
