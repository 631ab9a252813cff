"""Opening a finished session reads each player's entries once: the file checks pass what they
read on to scoring, which gives the same result as scoring the data on its own."""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from lastround.games import get_game
from lastround.session.opening import checked

EXAMPLES = Path(__file__).resolve().parents[2] / "saves" / "examples"


def example(name: str) -> dict[str, Any]:
    return tomllib.loads((EXAMPLES / name).read_text("utf-8"))


def count_calls(monkeypatch: pytest.MonkeyPatch, modules: list[str], name: str) -> list[int]:
    """Replace `name` in each module by a wrapper counting its calls (one count for all)."""
    calls = [0]
    for module in modules:
        original: Callable[..., Any] = getattr(__import__(module, fromlist=[name]), name)

        def counted(*args: Any, _original: Callable[..., Any] = original) -> Any:
            calls[0] += 1
            return _original(*args)

        monkeypatch.setattr(f"{module}.{name}", counted)
    return calls


def test_a_galileo_players_limits_and_tiles_are_checked_once_when_opened(
        monkeypatch: pytest.MonkeyPatch) -> None:
    data = example("galileo-4-players.toml")
    expected = get_game("galileo").score(data)
    problems = count_calls(monkeypatch, ["lastround.games.galileo.checks",
                                         "lastround.games.galileo.entries"], "player_problem")
    tiles = count_calls(monkeypatch, ["lastround.games.galileo.checks",
                                      "lastround.games.galileo.entries"], "read_tile")
    opened = checked(data)
    assert opened.refused is None and opened.result == expected
    assert problems[0] == len(data["players"])
    assert tiles[0] == sum(len(p["university"]) for p in data["players"])


def test_a_race_tableau_is_read_once_when_opened(monkeypatch: pytest.MonkeyPatch) -> None:
    data = example("rftg-4-players.toml")
    expected = get_game("rftg").score(data)
    logged = sum("tableau" in e.get("values", {}) for e in data["log"])  # the log's are checked
    reads = count_calls(monkeypatch, ["lastround.games.rftg.checks",
                                      "lastround.games.rftg.entries"], "read_tableau")
    opened = checked(data)
    assert opened.refused is None and opened.result == expected
    assert reads[0] == len(data["players"]) + logged


def test_a_missing_key_is_still_named_by_scoring() -> None:
    data = example("galileo-4-players.toml")
    del data["players"][2]["dice"]
    refused = checked(data).refused
    assert refused is not None and (refused.key, refused.message) == ("players[2].dice", "missing")


def test_the_scores_forms_are_not_filled_in_to_check_a_galileo_file(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from lastround.games.galileo.checks import steps_to_check

    data = example("galileo-4-players.toml")
    shown = get_game("galileo").procedure(data)
    checked_steps = steps_to_check(data)
    assert [(s.id, s.kind, [(f.key, f.kind) for f in s.fields]) for s in checked_steps] == [
        (s.id, s.kind, [(f.key, f.kind) for f in s.fields]) for s in shown]
    filled = count_calls(monkeypatch, ["lastround.games.galileo.scores_form"], "form_values")
    assert checked(data).refused is None
    assert filled[0] == 0
