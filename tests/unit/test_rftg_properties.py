"""Race for the Galaxy scoring properties over random tables of 2 to 4 players."""

from __future__ import annotations

from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from lastround.games.rftg.bonuses import six_dev_bonuses
from lastround.games.rftg.cards import all_cards
from lastround.games.rftg.game import GAME

NAMES = ["Ada", "Bo", "Cy", "Di"]
DECK = [c.name for c in all_cards() for _ in range(c.copies)]  # every physical card
DEVELOPMENTS = {c.name for c in all_cards() if c.is_development}


@st.composite
def tables(draw: st.DrawFn) -> dict[str, Any]:
    """A legal session: 2-4 players whose tableaux are dealt from one deck, each holding at
    least one card and one copy of a development at most (the base game's facts)."""
    count = draw(st.integers(2, 4))
    dealt = list(draw(st.permutations(DECK)))
    sizes = draw(st.lists(st.integers(1, 14), min_size=count, max_size=count))
    players = []
    for name, size in zip(NAMES, sizes, strict=False):
        tableau: list[str] = []
        for card in list(dealt):  # the next cards of the deck this tableau may hold
            if len(tableau) == size:
                break
            if card not in tableau or card not in DEVELOPMENTS:
                tableau.append(card)
                dealt.remove(card)
        players.append({
            "name": name,
            "tableau": tableau,
            "chips": draw(st.integers(0, 40)),
            "hand": draw(st.integers(0, 10)),
            "goods": draw(st.integers(0, 8)),
        })
    edition = draw(st.sampled_from(["2nd", "1st"]))
    return {"game": "rftg", "edition": edition, "players": players}


@given(tables())
def test_a_total_is_the_sum_of_its_parts_and_lines(data: dict[str, Any]) -> None:
    for score in GAME.score(data).players:
        assert list(score.parts) == ["tableau", "chips", "bonus"]
        assert score.total == sum(score.parts.values())
        for part, points in score.parts.items():
            assert sum(line.points for line in score.lines if line.part == part) == points


@given(tables(), st.randoms(use_true_random=False))
def test_the_winner_never_depends_on_seat_order(data: dict[str, Any], rng: Any) -> None:
    result = GAME.score(data)
    shuffled = dict(data, players=rng.sample(data["players"], len(data["players"])))
    again = GAME.score(shuffled)
    assert set(again.winners) == set(result.winners)
    assert again.decided_by == result.decided_by
    assert {p.name: p.total for p in again.players} == {p.name: p.total for p in result.players}


@given(tables())
def test_quick_entry_of_the_same_numbers_gives_the_same_result(data: dict[str, Any]) -> None:
    """Listing the cards or typing their totals are two ways to the same score."""
    result = GAME.score(data)
    quick = dict(data, players=[
        {k: v for k, v in p.items() if k != "tableau"}
        | {"tableau_vp": s.parts["tableau"], "bonus_vp": s.parts["bonus"]}
        for p, s in zip(data["players"], result.players, strict=True)
    ])
    again = GAME.score(quick)
    assert [p.total for p in again.players] == [p.total for p in result.players]
    assert (again.winners, again.decided_by) == (result.winners, result.decided_by)


@given(tables())
def test_a_card_scores_at_most_once_for_each_six_cost_development(data: dict[str, Any]) -> None:
    """'scores only for the first category it matches — never twice for the same 6-dev'."""
    for seat in data["players"]:
        tableau = Counter(seat["tableau"])
        for found in six_dev_bonuses(seat["tableau"], edition=data["edition"]):
            assert Counter(found.counted) <= tableau, found.card


@given(tables())
def test_no_card_is_dealt_more_often_than_the_deck_holds(data: dict[str, Any]) -> None:
    listed = Counter(name for p in data["players"] for name in p["tableau"])
    assert all(listed[name] <= DECK.count(name) for name in listed)
    GAME.score(data)  # and the rules accept it


@settings(max_examples=200)
@given(
    st.integers(0, 60),
    st.tuples(st.integers(0, 10), st.integers(0, 8)),
    st.tuples(st.integers(0, 10), st.integers(0, 8)),
)
def test_the_tie_break_is_symmetric(
    points: int, first: tuple[int, int], second: tuple[int, int]
) -> None:
    """Two players level on VP: more hand + goods wins, equal shares, whoever sits first."""

    def table(a: tuple[int, int], b: tuple[int, int]) -> dict[str, Any]:
        def seat(name: str, hand_goods: tuple[int, int]) -> dict[str, Any]:
            hand, goods = hand_goods
            return {"name": name, "tableau_vp": points, "bonus_vp": 0, "chips": 0,
                    "hand": hand, "goods": goods}

        return {"players": [seat("Ada", a), seat("Bo", b)]}

    result = GAME.score(table(first, second))
    swapped = GAME.score(table(second, first))
    ada, bo = sum(first), sum(second)
    if ada == bo:
        assert result.winners == swapped.winners == ("Ada", "Bo")
        assert result.decided_by == "shared"
    else:
        assert result.winners == (("Ada",) if ada > bo else ("Bo",))
        assert swapped.winners == (("Bo",) if ada > bo else ("Ada",))
        assert result.decided_by == swapped.decided_by == "tiebreak"
    assert len(result.explanation) == 3
