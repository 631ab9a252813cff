"""Race for the Galaxy: what a changed earlier answer undoes, said before it is made (issue 15,
item 3: "Changing an earlier answer must recompute or clearly reset what depends on it, with
a confirmation")."""

from __future__ import annotations

from lastround.games.rftg.game import GAME
from lastround.session.session import Session


def seated(*names: str) -> Session:
    session = Session.new("rftg", seed=1)
    session.confirm(session.steps()[0], {"players": list(names)})
    return session


def test_seating_without_a_player_says_their_entries_are_dropped() -> None:
    session = seated("Ada", "Bo", "Cy")
    session.data["players"][1].update({"tableau": ["Old Earth"], "chips": 3})
    setup = session.steps()[0]
    sentence = GAME.resets(session.data, setup, {"players": ["Ada", "Cy"]})
    assert "Bo" in sentence and "dropped" in sentence
    assert GAME.resets(session.data, setup, {"players": ["Ada", "BO", "Cy"]}) == ""


def test_seating_without_a_player_who_has_no_entries_undoes_nothing() -> None:
    session = seated("Ada", "Bo", "Cy")
    assert GAME.resets(session.data, session.steps()[0], {"players": ["Ada", "Cy"]}) == ""


def test_an_end_check_that_now_ends_the_game_drops_the_later_checks() -> None:
    """"If any player has 12 or more face-up cards in their tableau at the end of the round,
    the game ends": an earlier round that now ends the game leaves no later round to check."""
    session = seated("Ada", "Bo")
    for k in range(2):
        step = next(s for s in session.steps() if s.id == f"end-check-{k}")
        session.confirm(step, {"largest_tableau": 8, "pool": "chips left"})
    first = next(s for s in session.steps() if s.id == "end-check-0")
    sentence = GAME.resets(session.data, first, {"largest_tableau": 12, "pool": "chips left"})
    assert "1 end check" in sentence and "dropped" in sentence
    assert GAME.resets(session.data, first, {"largest_tableau": 9, "pool": "chips left"}) == ""
