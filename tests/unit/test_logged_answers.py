"""What the setup and the options steps last recorded is read as only their screens could
have sent it: the boxes one of the setup's choices and the file's own expansions, each option a
question some box asks, answered yes or no. A hand-edited log otherwise replays what the
game never asked."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from lastround.games.base import RulesError
from lastround.games.checks import check_session
from tests.support.rftg_tied_play import tied_table


def table() -> dict[str, Any]:
    return copy.deepcopy(tied_table().data)


def latest(data: dict[str, Any], step: str) -> dict[str, Any]:
    values: dict[str, Any] = next(e for e in reversed(data["log"]) if e["step"] == step)["values"]
    return values


def test_the_table_as_the_app_wrote_it_is_read() -> None:
    check_session(table())


@pytest.mark.parametrize("boxes,why", [("every box", "must be one of"),
                                       ("base game", "expansions differ")])
def test_the_setups_boxes_are_a_choice_and_the_files_own(boxes: str, why: str) -> None:
    data = table()
    latest(data, "setup")["boxes"] = boxes
    with pytest.raises(RulesError, match=why) as raised:
        check_session(data)
    assert raised.value.key.endswith(".boxes")


@pytest.mark.parametrize("key,value,why", [("greatest-militia", True, "no goal tile"),
                                           ("invasion", "maybe", "true or false"),
                                           ("production-leader", 1, "true or false")])
def test_each_option_is_a_question_some_box_asks_answered_yes_or_no(
        key: str, value: object, why: str) -> None:
    data = table()
    latest(data, "options")[key] = value
    with pytest.raises(RulesError, match=why) as raised:
        check_session(data)
    assert raised.value.key.endswith(f".{key}")
