"""Galileo's first player and deck-emptying turn name seats, so they follow their players
when the seating changes. The end of the game (galileo-end-and-scoring.txt): "Finish the
current round, so that the player sitting before the first player ... has played. Then everyone
plays one more turn, starting with the first player" — who plays is counted from those seats.
A player no longer seated gives way to the first seat, and the table is told before it
confirms; the file then always reads back."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from lastround.games.base import RulesError
from lastround.games.checks import check_session
from lastround.games.galileo.game import GAME
from lastround.session.files import read_session

EXAMPLE = Path(__file__).parents[2] / "saves" / "examples" / "galileo-4-players.toml"


def session() -> dict[str, Any]:
    return copy.deepcopy(read_session(EXAMPLE))


def setup_values(data: dict[str, Any], players: list[str]) -> dict[str, Any]:
    logged = next(e for e in data["log"] if e["step"] == "setup")["values"]
    return dict(logged) | {"players": players}


def test_the_first_player_follows_their_seat() -> None:
    data = session()
    names = [p["name"] for p in data["players"]]  # Marta first (seat 0), Priya emptied
    first, emptied = names[data["first_player"]], names[data["trigger"]["player"]]
    moved = list(reversed(names))
    setup = GAME.procedure(data)[0]
    GAME.apply(data, setup, setup_values(data, moved))
    assert moved[data["first_player"]] == first
    assert moved[data["trigger"]["player"]] == emptied


def test_a_player_left_out_gives_way_to_the_first_seat_and_is_named_first() -> None:
    data = session()
    names = [p["name"] for p in data["players"]]
    emptied = names[data["trigger"]["player"]]
    fewer = [n for n in names if n != emptied]
    setup = GAME.procedure(data)[0]
    said = GAME.resets(data, setup, setup_values(data, fewer))
    assert f"the player whose turn emptied the deck ({emptied})" in said
    assert f"will be {fewer[0]}, in the first seat" in said
    GAME.apply(data, setup, setup_values(data, fewer))
    assert data["trigger"]["player"] == 0
    assert 0 <= data["first_player"] < len(fewer)


def test_a_seating_of_two_after_the_third_was_first_reads_back() -> None:
    """Found by the app-writes-what-it-reads property: first player Cy (seat 2), then only
    Ada and Bo seated, left `first_player = 2` in a two-player file its reader refused."""
    data = session()
    setup = GAME.procedure(data)[0]
    GAME.apply(data, setup, setup_values(data, ["Marta", "Jonas", "Priya"]))
    data["first_player"] = 2
    GAME.apply(data, setup, setup_values(data, ["Marta", "Jonas"]))
    assert data["first_player"] == 0
    check_session(data)


def test_a_draw_removed_when_the_seating_changed_stays_readable() -> None:
    """Found by the app-writes-what-it-reads property: three players, a draw in the third
    final turn, then two seated again: the draw is removed (kept, marked why), and the file
    with it, in a turn the two-player ending no longer has, reads back."""
    data = session()
    setup = GAME.procedure(data)[0]
    data["draws"] = [{"turn": 4, "reason": "gap", "box": 14, "position": 9,
                      "card": "Andromeda Nebula"}]
    GAME.apply(data, setup, setup_values(data, ["Marta", "Jonas"]))
    assert data["draws"][0]["removed"] is True
    check_session(data)
    data["draws"][0]["removed"] = False
    with pytest.raises(RulesError, match="final turns"):
        check_session(data)
