"""Race for the Galaxy: end of the game, final scoring, the 6-cost developments, ties, the steps.

Each rule test quotes the rule it checks, from rftg-end-and-scoring.txt (the spec) or from
rftg-six-dev-formulas.md (the formulas and facts behind it).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from lastround.games.base import Data, RulesError, Step
from lastround.games.rftg.bonuses import six_dev_bonus, six_dev_bonuses
from lastround.games.rftg.ending import (
    chip_pool,
    chips_beyond_pool,
    end_check_message,
    game_ends,
    overflow_applies,
)
from lastround.games.rftg.facts import PHASES
from lastround.games.rftg.game import GAME
from tests.support.fresh_python import python_output


def player(
    name: str,
    tableau: list[str] | None = None,
    *,
    chips: int = 0,
    hand: int = 0,
    goods: int = 0,
    **quick: Any,
) -> dict[str, Any]:
    """A player with every key filled: a tableau of cards, or quick entry. By default the
    tableau is one 0 VP world of its own ("a finished tableau has at least one card")."""
    table: dict[str, Any] = {"name": name, "chips": chips, "hand": hand, "goods": goods}
    if quick:
        return table | quick
    return table | {"tableau": list(tableau or [ZERO_VP_WORLDS.get(name, "Alpha Centauri")])}


# Worlds worth 0 VP that no test lists, one a seat, so a default tableau scores nothing.
ZERO_VP_WORLDS = {"Ada": "Destroyed World", "Bo": "Plague World",
                  "Cy": "The Last of the Uplift Gnarssh"}


def session(*players: dict[str, Any], **top: Any) -> dict[str, Any]:
    return {"game": "rftg", "players": list(players)} | top


def bonus(dev: str, *others: str, **kwargs: Any) -> int:
    """The bonus of `dev` in a tableau holding it and `others`."""
    return six_dev_bonus(dev, [dev, *others], **kwargs).points


def total(tableau: list[str], edition: str = "2nd", **counts: int) -> int:
    result = GAME.score(session(player("Ada", tableau, **counts), player("Bo"), edition=edition))
    return result.players[0].total


# --- End of the game ------------------------------------------------------------------------


def test_the_game_ends_when_a_tableau_reaches_twelve_or_the_chips_run_out() -> None:
    """'Race for the Galaxy ends at the end of a round when either a tableau reaches the card
    threshold or the victory-point supply runs out.'"""
    assert game_ends(12, False)
    assert game_ends(3, True)
    assert not game_ends(11, False)


@pytest.mark.parametrize(("largest", "ends"), [(11, False), (12, True), (13, True), (14, True)])
def test_twelve_or_more_face_up_cards_end_the_game(largest: int, ends: bool) -> None:
    """'If any player has 12 or more face-up cards in their tableau at the end of the round,
    the game ends.'"""
    assert game_ends(largest, False) is ends


def test_a_tableau_can_pass_twelve_in_the_last_round() -> None:
    """'A player can exceed 12 by placing both a development and a world in the final round.'"""
    step = steps_by_id(session(player("Ada"), player("Bo")))["end-check-0"]
    largest = step.fields[0]
    assert largest.key == "largest_tableau" and (largest.maximum or 0) >= 14
    assert "both a development and a world" in step.text
    assert game_ends(14, False)


def test_the_last_chip_taken_in_consume_ends_the_game() -> None:
    """'If the last victory-point chip is awarded during a Consume phase, the game also ends
    after the current round.' ('pool = 0 is enough')"""
    assert game_ends(0, True)
    data = session(player("Ada"), player("Bo"))
    confirm(data, "end-check-0", largest_tableau=8, pool_exhausted=False, mid_consume=True)
    assert data["end_checks"][0]["ends"] is True
    assert data["end_checks"][0]["pool_exhausted"] is True


def test_chips_run_out_mid_consume_nobody_loses_earned_points() -> None:
    """'If the printed supply is insufficient to award all VP earned in that final Consume, use
    the additional VP chips/change described by the rules so nobody loses earned points.'"""
    assert chips_beyond_pool(pool_left=3, vp_earned=5) == 2
    assert overflow_applies(pool_left=3, vp_earned=5)
    assert not overflow_applies(pool_left=5, vp_earned=5)
    assert chips_beyond_pool(pool_left=0, vp_earned=4) == 4
    message = end_check_message(8, True, mid_consume=True)
    assert "extra chips" in message and "nobody loses" in message


def test_chips_beyond_the_printed_pool_still_score() -> None:
    """'chips: VP chips collected, including any taken beyond the printed supply in the last
    Consume' (2 players share a 24-chip pool; 35 chips between them is still scored)."""
    result = GAME.score(session(player("Ada", chips=20), player("Bo", chips=15)))
    assert [p.parts["chips"] for p in result.players] == [20, 15]


@pytest.mark.parametrize(("players", "chips"), [(2, 24), (3, 36), (4, 48)])
def test_the_chip_pool_is_twelve_per_player(players: int, chips: int) -> None:
    """'Supply: 12 VP per player in a common pool -> 24 (2 players), 36 (3), 48 (4).'"""
    assert chip_pool(players) == chips


@pytest.mark.parametrize("players", [0, 1, 5])
def test_the_chip_pool_needs_two_to_four_players(players: int) -> None:
    with pytest.raises(ValueError):
        chip_pool(players)


def test_triggering_the_end_does_not_win_it() -> None:
    """'The player who triggers the finish does not automatically win; every player totals
    their complete score after the round.'"""
    twelve = ["Old Earth", "Gem World", "Spice World", "New Vinland", "Artist Colony",
              "Secluded World", "Gambling World", "Expanding Colony", "Space Port",
              "Public Works", "Investment Credits", "Export Duties"]
    result = GAME.score(session(player("Ada", twelve), player("Bo", ["Rebel Base"], chips=12)))
    assert result.players[0].total == 13 and result.players[1].total == 18
    assert result.winners == ("Bo",)
    assert "does not win" in end_check_message(12, False)


def test_the_end_check_verdicts() -> None:
    goes_on = end_check_message(9, False)
    assert goes_on.startswith("The game goes on") and "9 cards" in goes_on
    assert "a tableau has 12 cards" in end_check_message(12, False)
    assert "pool is empty" in end_check_message(5, True)
    both = end_check_message(13, True)
    assert "13 cards" in both and "pool is empty" in both
    assert "1 card " in end_check_message(1, False)


# --- The final score ------------------------------------------------------------------------


def test_the_final_score_has_three_parts() -> None:
    """'World and development VP: add the printed VP values of face-up cards in your tableau.
    VP chips: add all victory-point chips collected during play. 6-cost development bonuses:
    calculate any end-game VP formulas shown by those developments.'"""
    tableau = ["Old Earth", "Space Marines", "Rebel Base", "Galactic Federation"]
    result = GAME.score(session(player("Ada", tableau, chips=11), player("Bo")))
    ada = result.players[0]
    assert ada.parts == {"tableau": 2 + 1 + 6, "chips": 11, "bonus": 2 + 1}
    assert list(ada.parts) == ["tableau", "chips", "bonus"]
    assert ada.total == 23


def test_each_part_and_each_six_cost_development_has_a_line() -> None:
    tableau = ["Old Earth", "Galactic Federation", "New Economy"]
    ada = GAME.score(session(player("Ada", tableau, chips=4), player("Bo"))).players[0]
    assert [(line.part, line.label) for line in ada.lines] == [
        ("tableau", "Printed VP"),
        ("chips", "VP chips"),
        ("bonus", "Galactic Federation"),
        ("bonus", "New Economy"),
    ]
    printed = ada.lines[0].detail
    assert "Old Earth 2" in printed and "Galactic Federation (bonus below)" in printed
    assert ada.lines[2].detail.startswith("Galactic Federation: 2 six-cost developments × 2 = 4")
    for part, points in ada.parts.items():
        assert sum(line.points for line in ada.lines if line.part == part) == points


def test_without_a_six_cost_development_the_bonus_is_zero() -> None:
    ada = GAME.score(session(player("Ada", ["Old Earth"]), player("Bo"))).players[0]
    assert ada.parts["bonus"] == 0 and ada.lines[-1].detail == "No 6-cost developments."
    assert [line.part for line in ada.lines] == ["tableau", "chips", "bonus"]


def test_quick_entry_takes_the_totals_as_given() -> None:
    """Session format: 'A player has either tableau or both tableau_vp and bonus_vp.'"""
    quick = player("Ada", chips=11, tableau_vp=20, bonus_vp=10)
    ada = GAME.score(session(quick, player("Bo"))).players[0]
    assert ada.parts == {"tableau": 20, "chips": 11, "bonus": 10} and ada.total == 41


def test_quick_entry_accepts_a_negative_bonus() -> None:
    """New Galactic Order can be negative ('K and B would then subtract'), so may the total."""
    quick = player("Ada", tableau_vp=5, bonus_vp=-2)
    assert GAME.score(session(quick, player("Bo"))).players[0].total == 3


def test_the_most_vp_wins() -> None:
    """'The player with the most VP wins.'"""
    result = GAME.score(session(player("Ada", chips=3), player("Bo", chips=5), player("Cy")))
    assert result.winners == ("Bo",) and result.decided_by == "score"
    assert result.explanation == ()


def test_fewer_tableau_cards_can_still_win() -> None:
    """'A player with fewer tableau cards can still win through VP chips and variable-value
    developments, so tableau size by itself is not a score.'"""
    many = ["Old Earth", "Gem World", "Spice World", "New Vinland", "Artist Colony",
            "Secluded World", "Public Works", "Export Duties"]
    few = ["Epsilon Eridani", "Galactic Renaissance"]
    result = GAME.score(session(player("Ada", many), player("Bo", few, chips=9)))
    assert result.winners == ("Bo",)


def test_cards_in_hand_and_goods_score_nothing_in_the_first_edition() -> None:
    """'Goods and hand cards score nothing in the 1st edition (2nd-edition Merchant Guild is the
    one exception).'"""
    tableau = ["Old Earth", "Merchant Guild", "Gem World"]
    assert total(tableau, "1st") == total(tableau, "1st", hand=7, goods=5)
    assert total(["Old Earth"], "2nd") == total(["Old Earth"], "2nd", hand=7, goods=5)
    assert total(tableau, "2nd", goods=5) == total(tableau, "2nd") + 5


def test_expansion_scoring_is_not_part_of_the_base_game() -> None:
    """'Goals, prestige and other expansion-specific scoring are not part of this Second Edition
    base-game guide.' A file without `expansions` is a base-game file: a goal or prestige in
    it is refused, naming the box it belongs to (save-format.md)."""
    ada = player("Ada", ["Old Earth"], chips=2)
    result = GAME.score(session(ada, player("Bo")))
    assert result.players[0].parts == {"tableau": 2, "chips": 2, "bonus": 0}
    with pytest.raises(RulesError, match="The Brink of War"):
        GAME.score(session(ada | {"prestige": 4}, player("Bo")))
    with pytest.raises(RulesError, match="The Gathering Storm"):
        GAME.score(session(ada | {"goals": ["Greatest Military"]}, player("Bo")))
    with pytest.raises(RulesError, match="Improved Logistics"):
        GAME.score(session(player("Ada", ["Old Earth", "Improved Logistics"]), player("Bo")))


def test_the_edition_decides_the_changed_cards_printed_vp() -> None:
    """'Black Market Trading World 2 VP -> 1 VP; Bio-Hazard Mining World 2 VP -> 0 VP'; the
    second edition is the default."""
    tableau = ["Old Earth", "Black Market Trading World", "Bio-Hazard Mining World"]
    assert total(tableau, "1st") == 2 + 2 + 2
    assert total(tableau, "2nd") == 2 + 1 + 0
    default = GAME.score(session(player("Ada", tableau), player("Bo"))).players[0].total
    assert default == 3


def test_a_changed_card_is_marked_in_the_breakdown() -> None:
    data = session(player("Ada", ["Black Market Trading World"]), player("Bo"))
    line = GAME.score(data).players[0].lines[0]
    assert "Black Market Trading World 1 (2nd edition)" in line.detail


# --- 6-cost developments: what counts and how often ---------------------------------------------


def test_each_card_counts_only_under_the_first_category_it_matches() -> None:
    """'Every card in the tableau (including the 6-dev itself) is tested against the categories
    in the printed order and scores only for the first category it matches.'"""
    assert bonus("Galactic Federation", "New Galactic Order") == 2 + 2  # not 3 each
    assert bonus("Galactic Imperium", "Rebel Base") == 2  # not 2 + 1
    assert bonus("Alien Tech Institute", "Alien Robotic Factory") == 2 + 3  # not 3 + 2
    assert bonus("Galactic Survey: SETI", "Malevolent Lifeforms") == 1 + 2  # not 2 + 1


def test_pan_galactic_league_scores_a_military_genes_world_two_not_three() -> None:
    """'military Genes world = 2, not 3: additive rejected.'"""
    assert bonus("Pan-Galactic League", "Malevolent Lifeforms") == 2


def test_one_card_can_score_for_several_six_cost_developments() -> None:
    """'Different 6-devs are independent: one card may score for several 6-devs in the same
    tableau.' Research Labs: +1 for SETI, +2 for New Economy, +3 for Galactic Renaissance."""
    tableau = ["Galactic Survey: SETI", "New Economy", "Galactic Renaissance", "Research Labs"]
    found = {b.card: b.points for b in six_dev_bonuses(tableau)}
    assert found == {"Galactic Survey: SETI": 3, "New Economy": 4, "Galactic Renaissance": 3}
    ada = GAME.score(session(player("Ada", tableau), player("Bo"))).players[0]
    assert ada.parts["bonus"] == 10


def test_gray_worlds_are_neither_production_nor_windfall() -> None:
    """'Gray worlds (no good) are neither.'"""
    assert bonus("Merchant Guild", "Expanding Colony", "Old Earth", edition="1st") == 0
    assert bonus("Free Trade Association", "Tourist World") == 0


def test_start_worlds_count_normally() -> None:
    """'Start worlds count normally (Earth's Lost Colony = Novelty production; Alpha Centauri =
    Rare windfall).'"""
    assert bonus("Free Trade Association", "Earth's Lost Colony") == 2
    assert bonus("Mining League", "Alpha Centauri") == 1


def test_galactic_federation() -> None:
    """'+2 per 6-cost development; +1 per other development. Counts itself: Yes, +2.'"""
    assert bonus("Galactic Federation") == 2
    assert bonus("Galactic Federation", "Trade League", "Space Marines", "Old Earth") == 2 + 2 + 1


def test_galactic_federation_explains_categories_counts_and_cards() -> None:
    tableau = ["Galactic Federation", "New Galactic Order", "Trade League", "Space Marines",
               "Drop Ships", "Public Works", "Colony Ship", "Old Earth"]
    found = six_dev_bonus("Galactic Federation", tableau)
    assert found.points == 10
    assert found.summary == (
        "Galactic Federation: 3 six-cost developments × 2, 4 other developments × 1 = 10"
    )
    assert found.details == (
        "Six-cost developments: Galactic Federation, New Galactic Order, Trade League",
        "Other developments: Space Marines, Drop Ships, Public Works, Colony Ship",
    )
    assert found.explanation.startswith(found.summary + ". Six-cost developments: ")


def test_galactic_imperium() -> None:
    """'+2 per Rebel military world; +1 per other military world. Counts itself: No.'"""
    assert bonus("Galactic Imperium") == 0
    tableau = ["Rebel Base", "Rebel Miners", "New Sparta", "Old Earth", "Space Marines"]
    assert bonus("Galactic Imperium", *tableau) == 2 + 2 + 1


def test_alien_tech_institute() -> None:
    """'+3 per Alien production world; +2 per Alien windfall world; +2 per other Alien card.
    Counts itself: Yes, +2 (Alien keyword).'"""
    assert bonus("Alien Tech Institute") == 2
    aliens = ["Alien Robotic Factory", "Deserted Alien Outpost", "Alien Rosetta Stone World"]
    assert bonus("Alien Tech Institute", *aliens, "Gem World") == 2 + 3 + 2 + 2


def test_free_trade_association() -> None:
    """'+2 per Novelty production world; +1 per Novelty windfall world; +2 each for Consumer
    Markets and Expanding Colony (a gray world). Counts itself: No.'"""
    assert bonus("Free Trade Association") == 0
    tableau = ["Gem World", "Refugee World", "Consumer Markets", "Expanding Colony", "Comet Zone"]
    assert bonus("Free Trade Association", *tableau) == 2 + 1 + 2 + 2


def test_mining_league() -> None:
    """'+2 per Rare production world; +1 per Rare windfall world; +2 each for Mining Robots and
    Mining Conglomerate. Counts itself: No.'"""
    assert bonus("Mining League") == 0
    tableau = ["Comet Zone", "Asteroid Belt", "Mining Robots", "Mining Conglomerate", "Gem World"]
    assert bonus("Mining League", *tableau) == 2 + 1 + 2 + 2


def test_pan_galactic_league() -> None:
    """'+2 per Genes world (production or windfall); +1 per other military world; +3 for
    Contact Specialist. Counts itself: No.'"""
    assert bonus("Pan-Galactic League") == 0
    tableau = ["Lost Species Ark World", "Empath World", "New Sparta", "Contact Specialist"]
    assert bonus("Pan-Galactic League", *tableau) == 2 + 2 + 1 + 3


def test_merchant_guild_first_edition() -> None:
    """'Merchant Guild (1st ed.): +2 per production world (any good type). Counts itself: No.'"""
    tableau = ["Gem World", "Comet Zone", "Alien Robotic Factory", "Alpha Centauri"]
    assert bonus("Merchant Guild", *tableau, goods=4, edition="1st") == 2 + 2 + 2


def test_merchant_guild_second_edition_adds_one_per_good() -> None:
    """'Merchant Guild (2nd ed.): +2 per production world; +1 per good (on your worlds) at game
    end.'"""
    found = six_dev_bonus("Merchant Guild", ["Merchant Guild", "Gem World"], goods=4)
    assert found.points == 2 + 4
    assert found.summary == "Merchant Guild: 1 production world × 2, 4 goods × 1 = 6"


def test_new_economy() -> None:
    """'+2 per development with a Consume power; +1 per world with a Consume power. Counts
    itself: Yes, +2.'"""
    assert bonus("New Economy") == 2
    tableau = ["Public Works", "Old Earth", "Black Market Trading World", "Export Duties"]
    assert bonus("New Economy", *tableau) == 2 + 2 + 1 + 1


def test_trade_league() -> None:
    """'+2 per development with a Trade power; +1 per world with a Trade power. Counts itself:
    Yes, +2.'"""
    assert bonus("Trade League") == 2
    tableau = ["Export Duties", "Mining Conglomerate", "Old Earth", "Star Nomad Lair"]
    assert bonus("Trade League", *tableau) == 2 + 2 + 2 + 1 + 1


def test_black_market_trading_world_does_not_count_for_trade_league() -> None:
    """'Black Market Trading World is a consume power, not a trade power ... "BMTW counts for
    Trade League" rejected.'"""
    assert bonus("Trade League", "Black Market Trading World") == 2


def test_seti_example() -> None:
    """'SETI+Research Labs+Star Nomad Lair+Investment Credits+Expanding Colony = 5'."""
    tableau = ["Research Labs", "Star Nomad Lair", "Investment Credits", "Expanding Colony"]
    assert bonus("Galactic Survey: SETI", *tableau) == 5


def test_seti() -> None:
    """'+1 per development with an Explore power; +2 per world with an Explore power; +1 per
    other world. Counts itself: Yes, +1.'"""
    assert bonus("Galactic Survey: SETI") == 1
    assert bonus("Galactic Survey: SETI", "Old Earth", "Gem World", "Space Marines") == 1 + 1 + 1


def test_new_galactic_order_counts_unconditional_military_including_its_own() -> None:
    """'+1 per point of total Military: sum of all unconditional Military modifiers in the
    tableau ... Its own +2 Military is included.'"""
    assert bonus("New Galactic Order") == 2
    assert bonus("New Galactic Order", "Drop Ships", "New Sparta", "Old Earth") == 2 + 3 + 2


def test_new_galactic_order_counts_negative_military() -> None:
    """'negatives included' ('ignoring negatives rejected'); a negative total subtracts."""
    assert bonus("New Galactic Order", "Contact Specialist", "Refugee World") == 0
    negatives = ["Pan-Galactic League", "Contact Specialist", "Refugee World", "Empath World"]
    assert bonus("New Galactic Order", *negatives) == -2


def test_new_galactic_order_ignores_specialized_and_temporary_military() -> None:
    """'specialized (vs Rebel / vs Alien / vs Rare) and temporary Military excluded'."""
    specialized = ["Alpha Centauri", "Alien Tech Institute", "Alien Rosetta Stone World",
                   "Galactic Imperium", "New Military Tactics"]
    assert bonus("New Galactic Order", *specialized) == 2


def test_new_galactic_order_counts_outlaw_world_in_the_second_edition() -> None:
    """'2nd edition: Outlaw World +1' Military (it feeds New Galactic Order)."""
    assert bonus("New Galactic Order", "Outlaw World", edition="2nd") == 3
    assert bonus("New Galactic Order", "Outlaw World", edition="1st") == 2


def test_new_galactic_order_explains_each_card_s_military() -> None:
    found = six_dev_bonus("New Galactic Order", ["New Galactic Order", "Contact Specialist"])
    assert found.summary == "New Galactic Order: 1 Military × 1 = 1"
    assert found.details == ("Military: New Galactic Order +2, Contact Specialist -1",)


@pytest.mark.parametrize(("chips", "points"), [(0, 0), (2, 0), (3, 1), (14, 4), (17, 5)])
def test_galactic_renaissance_rounds_chips_down(chips: int, points: int) -> None:
    """'+1 per 3 VP chips (rounded down)' ('rounding-to-nearest rejected')."""
    assert bonus("Galactic Renaissance", chips=chips) == points


def test_galactic_renaissance_named_cards() -> None:
    """'+3 each for Research Labs, Galactic Trendsetters, Artist Colony. Counts itself: No.'"""
    named = ["Research Labs", "Galactic Trendsetters", "Artist Colony"]
    assert bonus("Galactic Renaissance", *named, "Old Earth") == 9
    found = six_dev_bonus("Galactic Renaissance", ["Galactic Renaissance", "Artist Colony"],
                          chips=14)
    assert found.points == 4 + 3
    assert found.summary.startswith("Galactic Renaissance: 14 VP chips ÷ 3 rounded down (4)")


def test_galactic_renaissance_counts_chips_in_a_full_score() -> None:
    ada = player("Ada", ["Epsilon Eridani", "Galactic Renaissance"], chips=14)
    assert GAME.score(session(ada, player("Bo"))).players[0].parts == {
        "tableau": 1, "chips": 14, "bonus": 4,
    }


def test_only_six_cost_developments_have_a_bonus() -> None:
    with pytest.raises(ValueError, match="not a 6-cost development"):
        six_dev_bonus("Space Marines", ["Space Marines"])


def test_an_empty_bonus_says_nothing_counts() -> None:
    found = six_dev_bonus("Galactic Imperium", ["Galactic Imperium"])
    assert found.summary == "Galactic Imperium: nothing that counts = 0"


# --- Ties -------------------------------------------------------------------------------


def test_a_tie_is_broken_by_hand_plus_goods_combined() -> None:
    """'If players tie for the highest VP, compare the combined number of cards remaining in
    hand after the normal end-of-round discard and goods remaining on worlds. The tied player
    with the higher combined total wins.' (Goods first would pick Bo; combined picks Ada.)"""
    ada = player("Ada", chips=5, hand=4, goods=0)
    bo = player("Bo", chips=5, hand=1, goods=2)
    result = GAME.score(session(ada, bo))
    assert result.winners == ("Ada",) and result.decided_by == "tiebreak"
    assert [p.tiebreak for p in result.players] == [(4,), (3,)]
    assert result.explanation == (
        "Ada and Bo tie on 5 VP.",
        "Tie-break: the most cards in hand (after the end-of-round discard) plus goods on "
        "worlds wins: Ada 4 + 0 = 4, Bo 1 + 2 = 3.",
        "Ada wins.",
    )


def test_still_tied_players_share_the_victory() -> None:
    """'If that total is also tied, the tied players share the victory.'"""
    result = GAME.score(session(player("Ada", hand=2, goods=1), player("Bo", hand=3)))
    assert result.winners == ("Ada", "Bo") and result.decided_by == "shared"
    assert result.explanation[-1] == "Still tied, so Ada and Bo share the victory."


def test_only_players_tied_for_the_top_compare_hands_and_goods() -> None:
    three = session(
        player("Ada", chips=4, hand=1),
        player("Bo", chips=4, hand=1),
        player("Cy", chips=4, hand=0),
        player("Di", chips=1, hand=9),
    )
    result = GAME.score(three)
    assert result.winners == ("Ada", "Bo") and result.decided_by == "shared"
    assert result.explanation[0] == "Ada, Bo and Cy tie on 4 VP."
    assert "Di" not in " ".join(result.explanation)


def test_a_tie_below_the_top_needs_no_explanation() -> None:
    result = GAME.score(session(player("Ada", chips=9), player("Bo"), player("Cy")))
    assert result.decided_by == "score" and result.explanation == ()


# --- Checking a session's data ---------------------------------------------------------------

Change = Callable[[dict[str, Any]], None]


def set_key(index: int, key: str, value: Any) -> Change:
    def change(data: dict[str, Any]) -> None:
        data["players"][index][key] = value

    return change


def drop_key(index: int, key: str) -> Change:
    def change(data: dict[str, Any]) -> None:
        del data["players"][index][key]

    return change


BROKEN: list[tuple[str, Change, str, str]] = [
    ("no players", lambda d: d.pop("players"), "players", "missing"),
    ("players not a list", lambda d: d.update(players="Ada"), "players", "list"),
    ("one player", lambda d: d["players"].pop(), "players", "2 to 4"),
    ("five players", lambda d: d["players"].extend(
        player(n) for n in ("Cy", "Di", "Ed")), "players", "2 to 4"),
    ("a player not a table", lambda d: d["players"].__setitem__(1, "Bo"), "players[1]", "table"),
    ("no name", drop_key(1, "name"), "players[1].name", "name"),
    ("empty name", set_key(1, "name", "  "), "players[1].name", "name"),
    ("same name", set_key(1, "name", "ADA"), "players[1].name", "already seated"),
    ("no chips", drop_key(0, "chips"), "players[0].chips", "missing"),
    ("no hand", drop_key(1, "hand"), "players[1].hand", "missing"),
    ("no goods", drop_key(1, "goods"), "players[1].goods", "missing"),
    ("bool chips", set_key(0, "chips", True), "players[0].chips", "whole number"),
    ("text hand", set_key(0, "hand", "3"), "players[0].hand", "whole number"),
    ("float goods", set_key(0, "goods", 1.5), "players[0].goods", "whole number"),
    ("negative chips", set_key(0, "chips", -1), "players[0].chips", "0 or more"),
    ("negative goods", set_key(1, "goods", -2), "players[1].goods", "0 or more"),
    ("no tableau", drop_key(0, "tableau"), "players[0].tableau", "tableau_vp and bonus_vp"),
    ("tableau text", set_key(0, "tableau", "Old Earth"), "players[0].tableau", "list"),
    ("tableau number", set_key(0, "tableau", [3]), "players[0].tableau", "text"),
    ("both entries", set_key(0, "tableau_vp", 3), "players[0]", "not both"),
    ("edition", lambda d: d.update(edition="3rd"), "edition", '"2nd" or "1st"'),
    ("edition type", lambda d: d.update(edition=2), "edition", '"2nd" or "1st"'),
]


@pytest.mark.parametrize(
    ("change", "key", "fragment"), [b[1:] for b in BROKEN], ids=[b[0] for b in BROKEN]
)
def test_broken_data_names_the_key(change: Change, key: str, fragment: str) -> None:
    data = session(player("Ada"), player("Bo"))
    change(data)
    with pytest.raises(RulesError) as raised:
        GAME.score(data)
    assert raised.value.key == key
    assert fragment in raised.value.message


def test_quick_entry_needs_both_numbers() -> None:
    data = session(player("Ada", tableau_vp=4), player("Bo"))
    with pytest.raises(RulesError) as raised:
        GAME.score(data)
    assert raised.value.key == "players[0].bonus_vp"


def test_quick_entry_printed_vp_cannot_be_negative() -> None:
    data = session(player("Ada", tableau_vp=-1, bonus_vp=0), player("Bo"))
    with pytest.raises(RulesError, match="0 or more"):
        GAME.score(data)


def test_an_unknown_card_names_the_card_the_player_and_close_names() -> None:
    """Session format: 'A card name that is not in the base-game list is an error that names
    the card, the player and the closest known names.'"""
    data = session(player("Ada"), player("Bo", ["Old Earth", "Galactic Federaton"]))
    with pytest.raises(RulesError) as raised:
        GAME.score(data)
    assert raised.value.key == "players[1].tableau"
    message = raised.value.message
    assert '"Galactic Federaton"' in message and "Bo's tableau" in message
    assert "did you mean Galactic Federation" in message


def test_more_copies_than_the_deck_holds_across_the_table() -> None:
    """A card is in the deck 'copies' times: the whole table cannot list it more often."""
    data = session(
        player("Ada", ["Old Earth", "Space Marines", "Gem World"]),
        player("Bo", ["Epsilon Eridani", "Space Marines"]),
        player("Cy", ["New Sparta", "space marines"]),
    )
    with pytest.raises(RulesError) as raised:
        GAME.score(data)
    assert raised.value.key == "players[2].tableau"
    assert raised.value.message == (
        "Space Marines: the deck has 2 copies but 3 are listed (Ada 1, Bo 1, Cy 1)"
    )


def test_a_single_copy_card_in_two_tableaux_is_refused() -> None:
    data = session(player("Ada", ["Galactic Federation"]), player("Bo", ["Galactic Federation"]))
    with pytest.raises(RulesError, match="1 copy"):
        GAME.score(data)


def test_the_edition_defaults_to_the_second() -> None:
    """Session format: 'edition = "2nd" (the default when absent) or "1st"'."""
    tableau = ["Black Market Trading World"]
    data = session(player("Ada", tableau), player("Bo"))
    assert GAME.score(data).players[0].parts["tableau"] == 1
    assert GAME.score(data | {"edition": "1st"}).players[0].parts["tableau"] == 2


def test_names_in_a_file_match_ignoring_case_and_spaces() -> None:
    ada = player("Ada", ["  old earth ", "PAN GALACTIC LEAGUE", "seti"])
    assert GAME.score(session(ada, player("Bo"))).players[0].parts["tableau"] == 2


# --- The procedure ---------------------------------------------------------------------------


def steps_by_id(data: dict[str, Any]) -> dict[str, Step]:
    return {step.id: step for step in GAME.procedure(data)}


def confirm(data: Data, step_id: str, **values: Any) -> None:
    GAME.apply(data, steps_by_id(dict(data))[step_id], values)


def ids(data: dict[str, Any]) -> list[str]:
    return [step.id for step in GAME.procedure(data)]


def test_the_game_is_race_for_the_galaxy() -> None:
    assert (GAME.id, GAME.title) == ("rftg", "Race for the Galaxy")


def test_a_new_session_asks_players_then_the_first_end_check() -> None:
    assert ids({"game": "rftg"}) == ["setup", "end-check-0", "finish-round", "breakdown"]
    setup = GAME.procedure({})[0]
    assert setup.kind == "setup"
    assert setup.fields[0].key == "edition" and setup.fields[0].choices == ("2nd", "1st")
    assert setup.fields[0].default == "2nd"


def test_the_steps_in_order_with_their_kinds() -> None:
    data = session(player("Ada"), player("Bo"))
    steps = GAME.procedure(data)
    assert [(s.id, s.kind, s.player) for s in steps] == [
        ("setup", "setup", None),
        ("end-check-0", "form", None),
        ("finish-round", "checklist", None),
        ("tableau-0", "cards", 0),
        ("counts-0", "form", 0),
        ("tableau-1", "cards", 1),
        ("counts-1", "form", 1),
        ("breakdown", "breakdown", None),
    ]
    assert steps[3].title == "Ada: tableau" and steps[6].title == "Bo: chips, hand and goods"


def test_every_step_has_help_of_two_to_five_sentences() -> None:
    for step in GAME.procedure(session(player("Ada"), player("Bo"))):
        sentences = re.findall(r"[.!?](?:\s|$)", step.help)
        assert 2 <= len(sentences) <= 5, step.id


def test_the_end_check_reminds_the_rules_of_the_last_round() -> None:
    """'A player can exceed 12 ...'; 'does not automatically win'; chips out mid-Consume: the
    phase and round finish with extra chips."""
    step = steps_by_id(session(player("Ada"), player("Bo"), player("Cy")))["end-check-0"]
    assert [f.key for f in step.fields] == ["largest_tableau", "pool"]  # pool: one choice
    assert [f.kind for f in step.fields] == ["int", "choice"]
    assert "both a development and a world" in step.text
    assert "does not win" in step.text
    assert "Consume" in step.text and "extra chips" in step.text
    assert "36 chips" in step.text


def test_the_round_finishes_in_phase_order_then_discards_to_ten() -> None:
    """'checked only at the end of a round, after the discard-to-10 step'."""
    step = steps_by_id({})["finish-round"]
    assert PHASES == ("Explore", "Develop", "Settle", "Consume", "Produce")
    assert [item.split(",")[0] for item in step.items[:5]] == list(PHASES)
    assert step.items[-1] == "Discard down to 10 cards at the end of the round"


def test_the_counts_step_fields() -> None:
    step = steps_by_id(session(player("Ada"), player("Bo")))["counts-1"]
    assert [(f.key, f.minimum, f.maximum) for f in step.fields] == [
        ("chips", 0, 200), ("hand", 0, 10), ("goods", 0, 60),
    ]


def test_a_game_that_goes_on_pauses_at_the_next_end_check() -> None:
    data = session(player("Ada"), player("Bo"))
    confirm(data, "end-check-0", largest_tableau=9, pool_exhausted=False, mid_consume=False)
    steps = GAME.procedure(data)
    assert [s.id for s in steps] == ["setup", "end-check-0", "end-check-1"]
    assert steps[-1].pause_before and not steps[1].pause_before
    assert data["end_checks"] == [
        {"largest_tableau": 9, "pool_exhausted": False, "mid_consume": False, "ends": False}
    ]
    assert steps[-1].fields[0].default == 9
    assert steps[-1].text.startswith("Check 2")


def test_after_the_game_ends_the_scoring_steps_follow() -> None:
    data = session(player("Ada"), player("Bo"))
    confirm(data, "end-check-0", largest_tableau=9, pool_exhausted=False, mid_consume=False)
    confirm(data, "end-check-1", largest_tableau=12, pool_exhausted=False, mid_consume=False)
    assert ids(data)[:4] == ["setup", "end-check-0", "end-check-1", "finish-round"]
    assert ids(data)[-1] == "breakdown"
    assert not any(s.pause_before for s in GAME.procedure(data))
    assert [c["ends"] for c in data["end_checks"]] == [False, True]


def test_step_ids_depend_only_on_the_data() -> None:
    data = session(player("Ada"), player("Bo"), end_checks=[{"largest_tableau": 12}])
    assert ids(data) == ids(dict(data))
    assert ids(data)[-2:] == ["counts-1", "breakdown"]


def test_re_answering_an_end_check_replaces_it_and_drops_later_ones_if_it_ends() -> None:
    data = session(player("Ada"), player("Bo"))
    confirm(data, "end-check-0", largest_tableau=9, pool_exhausted=False, mid_consume=False)
    confirm(data, "end-check-1", largest_tableau=10, pool_exhausted=False, mid_consume=False)
    GAME.apply(data, Step("end-check-0", "Does the game end?"), {
        "largest_tableau": 12, "pool_exhausted": False, "mid_consume": False,
    })
    assert [c["largest_tableau"] for c in data["end_checks"]] == [12]


def test_an_end_check_cannot_skip_ahead() -> None:
    with pytest.raises(RulesError):
        GAME.apply(session(), Step("end-check-2", "Does the game end?"), {"largest_tableau": 1})


def test_setup_seats_players_and_keeps_the_edition() -> None:
    data: dict[str, Any] = {"game": "rftg"}
    confirm(data, "setup", players=["Ada", "Bo"], edition="1st")
    assert data["players"] == [{"name": "Ada"}, {"name": "Bo"}] and data["edition"] == "1st"
    assert steps_by_id(data)["setup"].fields[0].default == "1st"


def test_a_tableau_step_keeps_only_one_way_of_entry() -> None:
    """'A player has either tableau or both tableau_vp and bonus_vp.'"""
    data = session(player("Ada"), player("Bo"))
    confirm(data, "tableau-0", tableau_vp=12, bonus_vp=3)
    assert "tableau" not in data["players"][0]
    assert data["players"][0]["tableau_vp"] == 12
    confirm(data, "tableau-0", tableau=["old earth", "SETI"])
    assert data["players"][0]["tableau"] == ["Old Earth", "Galactic Survey: SETI"]
    assert "tableau_vp" not in data["players"][0] and "bonus_vp" not in data["players"][0]


def test_a_whole_session_from_setup_to_the_winner() -> None:
    data: dict[str, Any] = {"game": "rftg"}
    confirm(data, "setup", players=["Ada", "Bo"], edition="2nd")
    confirm(data, "end-check-0", largest_tableau=7, pool_exhausted=False, mid_consume=False)
    confirm(data, "end-check-1", largest_tableau=11, pool_exhausted=True, mid_consume=True)
    confirm(data, "finish-round")
    confirm(data, "tableau-0", tableau=["Old Earth", "Galactic Federation", "Space Marines"])
    confirm(data, "counts-0", chips=16, hand=3, goods=1)
    confirm(data, "tableau-1", tableau_vp=15, bonus_vp=0)
    confirm(data, "counts-1", chips=6, hand=2, goods=0)
    result = GAME.score(data)
    assert [p.total for p in result.players] == [2 + 1 + 16 + 3, 15 + 6]
    assert result.winners == ("Ada",) and result.decided_by == "score"


def test_the_rules_import_no_interface_or_toml_writer() -> None:
    """The rules are standard library only: importing them loads neither Textual nor tomlkit."""
    code = (
        "import sys, lastround.games.rftg.game, lastround.games.rftg.cards as r; r.card('Old "
        "Earth'); "
        "print(sorted(m for m in ('textual', 'tomlkit') if m in sys.modules))"
    )
    assert python_output(code).strip() == "[]"


def test_a_bonus_lists_the_cards_it_counted() -> None:
    found = six_dev_bonus("Pan-Galactic League", ["Pan-Galactic League", "Malevolent Lifeforms",
                                                  "New Sparta", "Old Earth"])
    assert found.counted == ("Malevolent Lifeforms", "New Sparta")
