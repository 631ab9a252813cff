"""A session's log holds what the app could have written: a step of a seat the game seated,
and after the final scores only corrections ("A correction after the game is another log
entry"). Anything else is refused with the entry and the reason, where a replay could only
show "✗ This entry could not be replayed"."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from lastround.games.base import RulesError
from lastround.games.checks import check_session
from lastround.session.files import read_session

EXAMPLES = Path(__file__).parents[2] / "saves" / "examples"


def example(game: str) -> dict[str, Any]:
    return copy.deepcopy(read_session(EXAMPLES / f"{game}-4-players.toml"))


def entry(step: str, **keys: Any) -> dict[str, Any]:
    return {"step": step, "at": "2026-01-01T20:00:00", "values": {}} | keys


@pytest.mark.parametrize("game,step", [("rftg", "tableau-9"), ("rftg", "counts-4"),
                                       ("galileo", "scores-7")])
def test_a_step_of_a_seat_never_seated_is_refused(game: str, step: str) -> None:
    data = example(game)
    data["log"].insert(3, entry(step))
    with pytest.raises(RulesError, match="seated 4 players at most") as raised:
        check_session(data)
    assert raised.value.key == "log[3].step"


def test_a_seat_the_log_once_seated_keeps_its_entries() -> None:
    """Five players seated, then four: the fifth seat's entry is history, not a fault."""
    data = example("galileo")
    five = entry("setup", values=dict(data["log"][0]["values"]))
    five["values"]["players"] = [*five["values"]["players"], "Eve"]
    data["log"][1:1] = [five, entry("scores-4")]
    data["log"].insert(3, copy.deepcopy(data["log"][0]))
    check_session(data)


@pytest.mark.parametrize("game,step", [("rftg", "counts-0"), ("galileo", "scores-0")])
def test_an_entry_after_the_final_scores_must_be_a_correction(game: str, step: str) -> None:
    data = example(game)
    data["log"].append(entry(step, values=dict(next(
        e for e in data["log"] if e["step"] == step)["values"])))
    with pytest.raises(RulesError, match="only corrections") as raised:
        check_session(data)
    assert raised.value.key == f"log[{len(data['log']) - 1}]"
    data["log"][-1]["correction"] = True
    check_session(data)
