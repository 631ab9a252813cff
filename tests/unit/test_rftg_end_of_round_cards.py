"""Cards that change the end of a round or of the game for their owner: the kind of Alien Oort
Cloud Refinery's good, and the hands Pan-Galactic Research, Black Hole Miners and Retrofit &
Salvage, Inc let their owners keep.

[engine] is Keldon Jones's engine (github.com/bnordli/rftg, branch `update`): src/cards.txt
for the cards' flags, src/engine.c for how it scores and ends a round.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lastround.games.base import RulesError
from lastround.games.checks import check_session
from lastround.games.rftg.cards import all_cards
from lastround.games.rftg.game import GAME
from lastround.games.rftg.hands import KEEPS_TWELVE, TAKES_DISCARDS
from lastround.records.export_command import one_session
from lastround.records.score_command import result_json

BOW = ["gathering-storm", "rebel-vs-imperium", "brink-of-war"]
RVI = BOW[:2]
OORT = "Alien Oort Cloud Refinery"


def player(name: str, tableau: list[str], **keys: Any) -> dict[str, Any]:
    return {"name": name, "tableau": tableau, "chips": 0, "hand": 0, "goods": 0} | keys


def table(*players: dict[str, Any], boxes: list[str] = BOW) -> dict[str, Any]:
    return {"game": "rftg", "expansions": boxes, "players": list(players)}


def bonus_of(data: dict[str, Any], seat: int, card: str) -> int:
    lines = GAME.score(data).players[seat].lines
    return sum(line.points for line in lines if line.part == "bonus" and line.label == card)


OTHER = player("Bo", ["Epsilon Eridani"])


# --- Alien Oort Cloud Refinery ------------------------------------------------------------------


def test_the_refinery_counts_as_the_kind_that_scores_most_for_its_owner() -> None:
    """[engine] score_game: 'Check for owner of "any" good type ... Loop over available good
    types ... Try this kind of world ... Check for better score than before': its owner
    scores with the best kind. Galactic Genome Project: '+2 per Genes windfall world'."""
    data = table(player("Ada", [OORT, "Galactic Genome Project", "Old Earth"]), OTHER)
    assert bonus_of(data, 0, "Galactic Genome Project") == 2
    total = GAME.score(data).players[0].total
    assert total == 1 + 2 + 2  # its 1 VP, Old Earth's 2, the genes bonus


@pytest.mark.parametrize(("card", "kind", "points"), [
    ("Mining League", "rare", 1),  # 'Rare windfall world 1'
    ("Free Trade Association", "novelty", 1),  # 'Novelty windfall world 1'
    ("Terraforming Guild", "genes", 2 + 2),  # '+2 per windfall world', itself Terraforming
    ("Prospecting Guild", "rare", 2),  # 'Rare windfall world 2' (else 'other world' 1)
])
def test_each_formula_counts_the_refinery_as_its_own_kind(card: str, kind: str,
                                                        points: int) -> None:
    """The 13 owners of the refinery whose totals Keldon's engine gave 1-4 VP more than a
    refinery of no kind: each development's formula takes the kind it counts."""
    data = table(player("Ada", [OORT, card]), OTHER)
    assert bonus_of(data, 0, card) == points
    assert kind in GAME.score(data).players[0].lines[0].detail


def test_galactic_exchange_counts_the_refinery_as_a_kind_not_yet_shown() -> None:
    """Galactic Exchange: 1, 3, 6 or 10 VP for worlds of 1 to 4 kinds of goods; the best
    kind for the refinery is one no other world shows ([engine] score_game tries each)."""
    tableau = [OORT, "Galactic Exchange", "Space Port", "Comet Zone", "Alien Robot Sentry"]
    data = table(player("Ada", tableau), OTHER)
    assert bonus_of(data, 0, "Galactic Exchange") == 10  # novelty, rare, genes and alien


def test_the_kind_chosen_by_the_table_counts() -> None:
    """save-format.md: `oort_kind`, 'the kind of good the owner ... chose for it at the end;
    absent = the kind that gives its owner the highest score'."""
    data = table(player("Ada", [OORT, "Galactic Genome Project"], oort_kind="rare"), OTHER)
    assert bonus_of(data, 0, "Galactic Genome Project") == 0
    assert "counts as rare, the kind chosen" in GAME.score(data).players[0].lines[0].detail


def test_equal_kinds_keep_the_first_in_keldons_order() -> None:
    """[engine] score_game keeps a later kind only 'if (sim.p[i].end_vp > b_s)': with no
    formula to tell them apart the refinery is novelty, the first kind tried."""
    data = table(player("Ada", [OORT]), OTHER)
    assert "(novelty)" in GAME.score(data).players[0].lines[0].detail


def test_only_the_refinerys_owner_may_carry_its_kind() -> None:
    """save-format.md: 'Only the owner of that card may carry the key'."""
    with pytest.raises(RulesError, match="only the owner") as raised:
        GAME.score(table(player("Ada", ["Old Earth"], oort_kind="genes"), OTHER))
    assert raised.value.key == "players[0].oort_kind"
    with pytest.raises(RulesError, match="novelty, rare, genes, alien"):
        GAME.score(table(player("Ada", [OORT], oort_kind="blue"), OTHER))
    with pytest.raises(RulesError, match="only the owner"):
        check_session(table(player("Ada", ["Old Earth"], oort_kind="genes"), OTHER)
                      | {"version": 1})


def test_score_json_gives_the_bonus_of_the_best_kind() -> None:
    data = table(player("Ada", [OORT, "Galactic Genome Project"]), OTHER)
    parts = result_json(GAME.score(data))["players"][0]["parts"]
    assert parts["bonus"] == 2


def test_the_points_so_far_count_the_best_kind_too() -> None:
    data = table(player("Ada", [OORT, "Galactic Genome Project"]), OTHER)
    assert GAME.so_far(data)[0].parts["bonus"] == 2


def counts_step(data: dict[str, Any], seat: int) -> Any:
    return next(s for s in GAME.procedure(data) if s.id == f"counts-{seat}")


def test_the_owners_counts_step_asks_the_kind_showing_what_each_gives() -> None:
    data = table(player("Ada", [OORT, "Galactic Genome Project"]), OTHER)
    step = counts_step(data, 0)
    kind = step.fields[-1]
    assert (kind.key, kind.default) == ("oort_kind", "best")
    assert kind.choices == ("best", "novelty", "rare", "genes", "alien")
    assert "novelty 0, rare 0, genes 2, alien 0 VP of bonuses; best is genes" in step.text
    assert [f.key for f in counts_step(data, 1).fields] == ["chips", "hand", "goods"]


def test_the_kind_chosen_is_recorded_and_best_leaves_the_key_out() -> None:
    data = table(player("Ada", [OORT, "Galactic Genome Project"]), OTHER)
    step = counts_step(data, 0)
    GAME.apply(data, step, {"chips": 1, "hand": 2, "goods": 0, "oort_kind": "alien"})
    assert data["players"][0]["oort_kind"] == "alien" and data["players"][0]["chips"] == 1
    GAME.apply(data, step, {"chips": 1, "hand": 2, "goods": 0, "oort_kind": "best"})
    assert "oort_kind" not in data["players"][0]


def test_a_tableau_without_the_refinery_drops_its_kind() -> None:
    data = table(player("Ada", [OORT, "Old Earth"], oort_kind="genes"), OTHER)
    tableau = next(s for s in GAME.procedure(data) if s.id == "tableau-0")
    GAME.apply(data, tableau, {"tableau": ["Old Earth"]})
    assert "oort_kind" not in data["players"][0]
    GAME.score(data)


# --- hands over 10 ------------------------------------------------------------------------------


@pytest.mark.parametrize(("card", "boxes"), [("Pan-Galactic Research", RVI),
                                             ("Black Hole Miners", BOW)])
def test_discard_to_twelve_lets_its_owner_keep_twelve(card: str, boxes: list[str]) -> None:
    """[engine] cards.txt: Pan-Galactic Research and Black Hole Miners carry DISCARD_TO_12;
    engine.c, the end of round: 'Check for "discard to 12" flag ... Set target count to
    12'."""
    start = "Old Earth"
    assert GAME.score(table(player("Ada", [start, card], hand=12), OTHER, boxes=boxes))
    with pytest.raises(RulesError, match=f"12 or less .*{card}"):
        GAME.score(table(player("Ada", [start, card], hand=13), OTHER, boxes=boxes))


def test_a_hand_over_ten_without_those_cards_is_refused_naming_the_rule() -> None:
    """The base game's rulebook: hands are discarded down to 10 at the end of each round."""
    with pytest.raises(RulesError, match="10 or less") as raised:
        GAME.score(table(player("Ada", ["Old Earth"], hand=11), OTHER))
    assert raised.value.key == "players[0].hand"


def test_retrofit_and_salvage_takes_the_others_discards_with_no_limit() -> None:
    """[engine] cards.txt: Retrofit & Salvage, Inc carries TAKE_DISCARDS; engine.c, after
    the end-of-round discards: 'Check for "take discards" flag ... Look for cards discarded
    by opponents' into its owner's hand, with no discard after it."""
    data = table(player("Ada", ["Old Earth", "Retrofit & Salvage, Inc"], hand=25), OTHER)
    assert GAME.score(data).players[0].tiebreak == (25,)
    check_session(data | {"version": 1})


def test_the_counts_step_holds_the_hand_to_the_owners_limit() -> None:
    data = table(player("Ada", ["Old Earth", "Pan-Galactic Research"]), OTHER)
    step = counts_step(data, 1)
    assert "down to 10" in step.fields[1].help
    with pytest.raises(RulesError, match="10 at most") as raised:
        GAME.apply(data, step, {"chips": 0, "hand": 11, "goods": 0})
    assert raised.value.key == "hand"
    owner = counts_step(data, 0)
    assert "down to 12 (Pan-Galactic Research)" in owner.fields[1].help
    GAME.apply(data, owner, {"chips": 0, "hand": 12, "goods": 0})
    assert data["players"][0]["hand"] == 12


def test_a_tableau_losing_the_card_asks_the_hand_again_and_says_so() -> None:
    """A file the app writes is always one it reads: the hand over the new limit goes."""
    data = table(player("Ada", ["Old Earth", "Pan-Galactic Research"], hand=12), OTHER,
                 boxes=RVI)
    tableau = next(s for s in GAME.procedure(data) if s.id == "tableau-0")
    said = GAME.resets(data, tableau, {"tableau": ["Old Earth"]})
    assert "hand of 12 is over the limit" in said and "asked again" in said
    GAME.apply(data, tableau, {"tableau": ["Old Earth"]})
    assert "hand" not in data["players"][0]
    check_session(data | {"version": 1})


def finish_round(data: dict[str, Any]) -> Any:
    data = data | {"end_checks": [{"largest_tableau": 12, "ends": True}]}
    return next(s for s in GAME.procedure(data) if s.id == "finish-round")


def test_the_discard_line_names_the_players_who_keep_more() -> None:
    data = table(player("Ada", ["Old Earth", "Black Hole Miners"]),
                 player("Bo", ["Epsilon Eridani", "Retrofit & Salvage, Inc"]),
                 player("Cy", ["Alpha Centauri"]))
    discard = next(item for item in finish_round(data).items if item.startswith("Discard"))
    assert "Ada keeps 12 (Black Hole Miners)" in discard
    assert "Bo keeps every card and then takes the others' discards" in discard
    assert "Cy" not in discard


def test_before_the_tableaux_the_discard_line_names_the_cards_in_play() -> None:
    names = [{"name": "Ada"}, {"name": "Bo"}]
    rvi = finish_round({"game": "rftg", "expansions": RVI, "players": names})
    assert rvi.items[-1].endswith(": 12 with Pan-Galactic Research")
    base = finish_round({"game": "rftg", "players": names})
    assert base.items[-1] == "Discard down to 10 cards at the end of the round"


# --- prestige ------------------------------------------------------------------------------------


def test_an_empty_prestige_counts_nothing_and_the_step_says_so() -> None:
    """Prestige left at the end scores 1 VP each ([BoW]); none left is 0, as empty chips are."""
    data = table(player("Ada", ["Old Earth"]), OTHER)
    data["goals"] = ["Greatest Military"]
    step = next(s for s in GAME.procedure(data) if s.id == "goals-0")
    prestige = next(f for f in step.fields if f.key == "prestige")
    assert prestige.blank == 0
    asked = step.text.splitlines()[-1]  # below the "most" goals' standings
    assert asked.startswith("Mark the goal tiles Ada holds at the end, and count Ada's "
                            "prestige (empty counts 0)")


# --- over random tableaux -------------------------------------------------------------------------

# Every card of the first arc but those the rules below test, and the other player's one.
ARC_CARDS = sorted(c.name for c in all_cards(boxes=tuple(BOW))
                   if c.name not in (OORT, *KEEPS_TWELVE, TAKES_DISCARDS, "Epsilon Eridani"))


@st.composite
def owners(draw: st.DrawFn) -> list[str]:
    """The refinery with up to 11 other distinct cards of the first arc (distinct: a
    development once a tableau, and no world's copies run out)."""
    others = draw(st.lists(st.sampled_from(ARC_CARDS), max_size=11, unique=True))
    return [OORT, *others]


@settings(max_examples=60, deadline=None)
@given(owners(), st.integers(0, 30), st.integers(0, 8))
def test_the_refinerys_default_kind_scores_the_most_of_all_kinds(
        tableau: list[str], chips: int, goods: int) -> None:
    """[engine] score_game keeps the kind with the highest total: no kind chosen scores
    less than the default, and the default is one of them."""
    def total(**kind: str) -> int:
        data = table(player("Ada", tableau, chips=chips, goods=goods, **kind), OTHER)
        return GAME.score(data).players[0].total

    chosen = [total(oort_kind=kind) for kind in ("novelty", "rare", "genes", "alien")]
    assert total() == max(chosen)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(ARC_CARDS), max_size=11, unique=True),
       st.sampled_from([None, *KEEPS_TWELVE, TAKES_DISCARDS]), st.integers(0, 40))
def test_a_hand_is_kept_within_what_the_tableau_prints(others: list[str], card: str | None,
                                                      hand: int) -> None:
    """10, 12 with a card flagged DISCARD_TO_12, any number with TAKE_DISCARDS ([engine])."""
    tableau = [*others, *([card] if card else [])] or ["Old Earth"]
    limit = {None: 10, TAKES_DISCARDS: None}.get(card, 12)
    data = table(player("Ada", tableau, hand=hand), OTHER)
    if limit is None or hand <= limit:
        assert GAME.score(data).players[0].tiebreak[0] == hand
    else:
        with pytest.raises(RulesError, match=f"{limit} or less"):
            GAME.score(data)


def test_the_exports_total_the_refinerys_owner_with_the_best_kind() -> None:
    """BoardGameArena table 861706925 (tests/acceptance): its owner recorded 89; a refinery of
    no kind gave 88 in `lastround export`'s Markdown and CSV."""
    game = Path(__file__).parents[1] / "acceptance/rftg_expansions/games/bga-861706925.toml"
    assert "| **89** | 1 |" in one_session(game, as_csv=False)
    rows = list(csv.DictReader(io.StringIO(one_session(game, as_csv=True))))
    assert [row["total"] for row in rows] == ["89", "50"]
