"""Race for the Galaxy: what a tableau and a hand can hold, in the form, in `score` and in a file.

Each test quotes the base-game fact it checks, from /work/shared/rules/README.md ("Facts from
the base game's rulebook that the end-of-game texts take for granted").
"""

from __future__ import annotations

import copy
import tomllib
from typing import Any

import pytest

from lastround.games.base import RulesError
from lastround.games.checks import check_session
from lastround.games.rftg.game import GAME
from lastround.games.rftg.tableau import tableau_problems
from tests.support.helpers import RFTG_EXAMPLE


def player(name: str, tableau: list[str] | None = None, **counts: Any) -> dict[str, Any]:
    table: dict[str, Any] = {"name": name, "chips": 0, "hand": 0, "goods": 0} | counts
    return table | ({"tableau": tableau} if tableau is not None else {})


def session(*players: dict[str, Any]) -> dict[str, Any]:
    return {"game": "rftg", "edition": "2nd", "players": list(players)}


BO = player("Bo", ["New Sparta"])


def example() -> dict[str, Any]:
    return tomllib.loads(RFTG_EXAMPLE)


# --- "A tableau never holds two copies of the same development" --------------------------------


def test_the_form_refuses_a_second_copy_of_a_development() -> None:
    """"A tableau never holds two copies of the same development": Space Marines has two copies
    in the deck, but one tableau holds one."""
    problem = tableau_problems(["Old Earth", "Space Marines", "Space Marines"])
    assert problem is not None
    assert "Space Marines" in problem and "development" in problem


def test_a_world_is_refused_by_its_copies_not_as_a_development() -> None:
    """"Worlds may repeat (the deck's copies permitting)": every base-game world has one copy,
    so a second Gem World is refused for the deck's copies, not as a second development."""
    problem = tableau_problems(["Old Earth", "Gem World", "Gem World"])
    assert problem == "Gem World: the deck has 1 copy but 2 are listed (this tableau 2)"


def test_two_players_may_each_hold_one_copy_of_a_development() -> None:
    """The rule is per tableau: the deck's second Space Marines may sit in another tableau."""
    assert tableau_problems(["Old Earth", "Space Marines"], elsewhere=["Space Marines"]) is None


def test_score_refuses_a_second_copy_of_a_development() -> None:
    """"A tableau never holds two copies of the same development": `score` refuses the file
    rather than counting both (2 VP for two Space Marines)."""
    data = session(player("Ada", ["Old Earth", "Space Marines", "Space Marines"]), BO)
    with pytest.raises(RulesError) as raised:
        GAME.score(data)
    assert raised.value.key == "players[0].tableau"
    assert "Space Marines" in str(raised.value)


def test_a_file_with_a_second_copy_of_a_development_does_not_open() -> None:
    data = example()
    data["players"][1]["tableau"].append("Public Works")  # Jonas holds it already
    with pytest.raises(RulesError) as raised:
        check_session(data)
    assert raised.value.key == "players[1].tableau"


# --- "Every tableau holds its start world, so a finished tableau has at least one card" --------


def test_score_refuses_an_empty_tableau() -> None:
    """"Every tableau holds its start world, so a finished tableau has at least one card"."""
    with pytest.raises(RulesError) as raised:
        GAME.score(session(player("Ada", []), BO))
    assert raised.value.key == "players[0].tableau"
    assert "start world" in str(raised.value)


def test_a_file_with_an_empty_tableau_does_not_open() -> None:
    """"Every tableau holds its start world": an empty list is refused when the file opens."""
    data = example()
    data["players"][2]["tableau"] = []
    with pytest.raises(RulesError) as raised:
        check_session(data)
    assert raised.value.key == "players[2].tableau"


def test_quick_entry_has_no_card_list_to_be_empty() -> None:
    """Quick entry (two totals, no cards) lists no tableau: the start-world rule has nothing to
    check there."""
    data = session(player("Ada", tableau_vp=0, bonus_vp=0), BO)
    assert GAME.score(data).players[0].total == 0


# --- "the hand counted in the tie-break is 0–10" -------------------------------------------------


def test_score_refuses_a_hand_above_ten() -> None:
    """"Hands are discarded down to 10 at the end of each round, so the hand counted in the
    tie-break is 0–10"."""
    with pytest.raises(RulesError) as raised:
        GAME.score(session(player("Ada", ["Old Earth"], hand=11), BO))
    assert raised.value.key == "players[0].hand"
    assert "10" in str(raised.value)


def test_a_hand_of_ten_is_accepted() -> None:
    """"... the hand counted in the tie-break is 0–10": 10 itself is fine."""
    result = GAME.score(session(player("Ada", ["Old Earth"], hand=10), BO))
    assert result.players[0].tiebreak == (10,)


def test_a_file_with_a_hand_above_ten_does_not_open() -> None:
    """"... the hand counted in the tie-break is 0–10", as the counts form allows."""
    data = example()
    data["players"][0]["hand"] = 11
    with pytest.raises(RulesError) as raised:
        check_session(data)
    assert raised.value.key == "players[0].hand"


def test_the_example_session_keeps_every_rule() -> None:
    data = example()
    check_session(copy.deepcopy(data))
    assert GAME.score(data).winners


# --- Points so far (running totals while entering) ----------------------------------------------


def test_so_far_gives_the_parts_entered_in_seat_order() -> None:
    """Each seated player's parts entered so far: a listed tableau's printed VP and 6-cost
    bonuses, the chips once entered; a part not entered is left out."""
    ada = {"name": "Ada", "tableau": ["Old Earth", "Galactic Federation", "Public Works"],
           "chips": 4}
    bo = {"name": "Bo", "tableau_vp": 11, "bonus_vp": 3}
    cy = {"name": "Cy"}
    scores = GAME.so_far({"game": "rftg", "edition": "2nd", "players": [ada, bo, cy]})
    assert [s.name for s in scores] == ["Ada", "Bo", "Cy"]
    # Old Earth 2 + Public Works 1; Galactic Federation: itself 2 + Public Works 1.
    assert scores[0].parts == {"tableau": 3, "chips": 4, "bonus": 3}
    assert scores[1].parts == {"tableau": 11, "bonus": 3}
    assert scores[2].parts == {}


def test_so_far_never_raises_on_unfinished_entries() -> None:
    data = {"game": "rftg", "edition": "9th", "players": [
        {"name": "Ada", "tableau": ["Old Earth", "Gem Wrld", 3], "chips": "x"},
        {"tableau": "Old Earth", "chips": -2}, "broken"]}
    scores = GAME.so_far(data)
    assert scores[0].parts == {"tableau": 2, "bonus": 0}
    assert scores[1].name == "Player 2"
    assert GAME.so_far({"game": "rftg"}) == ()


def test_so_far_counts_chips_for_galactic_renaissance() -> None:
    """Galactic Renaissance scores 1 VP per 3 VP chips, so its bonus follows the chips entered."""
    ada = {"name": "Ada", "tableau": ["Old Earth", "Galactic Renaissance"], "chips": 9}
    assert GAME.so_far({"game": "rftg", "players": [ada]})[0].parts["bonus"] == 3


# --- The end check: answers that cannot contradict each other ----------------------------------


def end_check_step(data: dict[str, Any], k: int = 0) -> Any:
    return next(s for s in GAME.procedure(data) if s.id == f"end-check-{k}")


def test_the_end_check_asks_about_the_pool_in_one_answer() -> None:
    """Chips can only run out during Consume when the pool ran out: one question with three
    answers leaves no way to say "not empty, but ran out during Consume"."""
    step = end_check_step(session(player("Ada"), player("Bo")))
    pool = next(f for f in step.fields if f.key == "pool")
    assert pool.kind == "choice" and len(pool.choices) == 3
    assert [f.key for f in step.fields] == ["largest_tableau", "pool"]


@pytest.mark.parametrize(("answer", "exhausted", "mid_consume"), [(0, False, False),
                                                                   (1, True, False),
                                                                   (2, True, True)])
def test_each_pool_answer_is_recorded(answer: int, exhausted: bool, mid_consume: bool) -> None:
    data = session(player("Ada"), player("Bo"))
    step = end_check_step(data)
    choices = next(f for f in step.fields if f.key == "pool").choices
    GAME.apply(data, step, {"largest_tableau": 8, "pool": choices[answer]})
    check = data["end_checks"][0]
    assert (check["pool_exhausted"], check["mid_consume"]) == (exhausted, mid_consume)


def test_an_old_log_answer_keeps_its_meaning() -> None:
    """Files written before kept two yes/no answers; "ran out during Consume" always meant the
    pool was empty too, and still does."""
    data = session(player("Ada"), player("Bo"))
    GAME.apply(data, end_check_step(data),
               {"largest_tableau": 8, "pool_exhausted": False, "mid_consume": True})
    assert data["end_checks"][0]["pool_exhausted"] is True
    step = end_check_step(data)  # shown again: the recorded answer is the one chosen
    assert next(f for f in step.fields if f.key == "pool").default == "ran out in Consume"


def test_a_file_with_chips_left_but_run_out_in_consume_does_not_open() -> None:
    """An end check saying the pool is not empty yet ran out during Consume is refused."""
    data = example()
    data["end_checks"][0]["pool_exhausted"] = False
    data["end_checks"][0]["mid_consume"] = True
    with pytest.raises(RulesError) as raised:
        check_session(data)
    assert raised.value.key == "end_checks[0].mid_consume"
