"""What each "most" goal counts in a tableau, and what the counts answer: who holds the tile,
who is tied for it. Source [engine]: Keldon Jones's engine (github.com/bnordli/rftg,
src/engine.c): `check_goal_player`, `goal_minimum`, `check_goals`, `score_game_player`."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from lastround.games.rftg.boxes import GOALS
from lastround.games.rftg.cards import card
from lastround.games.rftg.goal_standing import Standing, first_goals_met, goal_count, standings

BOXES = ("gathering-storm", "rebel-vs-imperium", "brink-of-war")


def count(goal: str, *names: str, prestige: int | None = None, oort: str = "") -> int | None:
    return goal_count(GOALS[goal], [card(n, boxes=BOXES) for n in names], prestige, oort)


def test_production_leader_counts_production_worlds_not_windfall_ones() -> None:
    """[engine] GOAL_MOST_PRODUCTION "Most production worlds (minimum 4)": a world counts
    unless it is a windfall world or has no good."""
    assert count("Production Leader", "Gem World", "Comet Zone", "Plague World") == 3
    assert count("Production Leader", "Former Penal Colony", "Alpha Centauri",
                 "Old Earth", "Space Marines") == 0
    assert GOALS["Production Leader"].minimum == 4


def test_largest_industry_counts_novelty_and_rare_worlds_windfall_too() -> None:
    """[engine] GOAL_MOST_BLUE_BROWN "Most blue/brown worlds (minimum 3)": every world whose
    good is Novelty or Rare, windfall worlds too; Genes and Alien worlds do not count."""
    assert count("Largest Industry", "Gem World", "Comet Zone", "Former Penal Colony",
                 "Alpha Centauri", "Plague World") == 4
    assert GOALS["Largest Industry"].minimum == 3


def test_greatest_infrastructure_counts_developments() -> None:
    """[engine] GOAL_MOST_DEVEL "Most developments (minimum 4)": every card not a world."""
    assert count("Greatest Infrastructure", "Old Earth", "Space Marines", "Drop Ships",
                 "Investment Credits", "Gem World") == 3
    assert GOALS["Greatest Infrastructure"].minimum == 4


def test_greatest_military_counts_military_that_always_applies() -> None:
    """[engine] GOAL_MOST_MILITARY "Most military (minimum 6)" is total_military: Military
    that always applies, per military world too (Hidden Fortress); none against some worlds
    only (Alien Robot Sentry's +2 against Alien worlds)."""
    assert count("Greatest Military", "New Sparta", "Space Marines", "Drop Ships") == 7
    # Hidden Fortress: +1 a military world (3 here); Rebel Outpost +1 of its own.
    assert count("Greatest Military", "Old Earth", "Hidden Fortress", "Rebel Outpost",
                 "Rebel Miners") == 4
    assert count("Greatest Military", "Alien Robot Sentry") == 0
    assert GOALS["Greatest Military"].minimum == 6


def test_research_leader_counts_cards_with_an_explore_power() -> None:
    """[engine] GOAL_MOST_EXPLORE "Most explore powers (minimum 3)": each card with a phase I
    power, once."""
    assert count("Research Leader", "Expedition Force", "Research Labs", "Galactic Survey: SETI",
                 "Gem World") == 3


def test_propaganda_edge_counts_rebel_military_worlds() -> None:
    """[engine] GOAL_MOST_REBEL "Most Rebel military worlds (minimum 3)": cards flagged both
    Rebel and military."""
    assert count("Propaganda Edge", "Rebel Fuel Cache", "Rebel Miners", "Rebel Outpost",
                 "New Sparta", "Space Marines") == 3


def test_prosperity_lead_counts_consume_powers_but_not_trade() -> None:
    """[engine] GOAL_MOST_CONSUME "Most cards with consume powers (minimum 3)": phase IV
    powers that are not Trade powers, each card once."""
    assert count("Prosperity Lead", "Export Duties", "Spice World", "Distant World") == 0
    assert count("Prosperity Lead", "Old Earth", "Public Works", "New Vinland") == 3


def test_galactic_prestige_counts_prestige_and_needs_it_entered() -> None:
    """[engine] GOAL_MOST_PRESTIGE "Most prestige (minimum 3)": the prestige a player has;
    not yet entered, it is not known."""
    assert count("Galactic Prestige", "Old Earth", prestige=4) == 4
    assert count("Galactic Prestige", "Old Earth") is None


def test_a_count_is_unknown_without_listed_cards() -> None:
    """The quick entry's totals list no cards: the count can't be known from them."""
    assert goal_count(GOALS["Production Leader"], None, 3) is None


def test_an_oort_cloud_world_counts_for_largest_industry_while_novelty_or_rare() -> None:
    """[engine] GOAL_MOST_BLUE_BROWN: a world of any kind counts while its kind (oort_kind) is
    any, Novelty or Rare."""
    for kind, counted in (("", 1), ("novelty", 1), ("rare", 1), ("genes", 0), ("alien", 0)):
        oort = card("Alien Oort Cloud Refinery", boxes=BOXES)
        assert goal_count(GOALS["Largest Industry"], [oort], None, kind) == counted, kind


def standing(*counts: int | None, goal: str = "Production Leader") -> Standing:
    return Standing(GOALS[goal], tuple(["Ada", "Bo", "Cy", "Di"][:len(counts)]), counts)


def test_a_single_leader_at_the_minimum_holds_the_tile() -> None:
    """[engine] check_goals: a "most" tile goes to a player with more than every other and at
    least the minimum."""
    assert standing(5, 4, 2).answers() == ("holds", "no", "no")
    assert standing(3, 2, 2).answers() == ("no", "no", "no")  # below 4: nobody
    assert standing(3, 2).verdict() == "nobody reaches 4, so nobody holds it"


def test_players_tied_at_the_top_one_keeps_the_tile_the_others_are_tied() -> None:
    """[engine] check_goals: the holder keeps the tile while no one has more, so of players
    tied at the top the first there holds it; score_game_player: "Check for as much as most
    ... Award tie points" (3 VP) to the others at the minimum."""
    tie = standing(4, 4, 2, 4)
    assert tie.answers() == ("holds", "tied", "no", "tied")  # pre-filled: the first seat
    assert tie.answers(held_by=1) == ("tied", "holds", "no", "tied")  # the table said Bo
    assert tie.answers(not_holding=frozenset({0})) == ("tied", "holds", "no", "tied")
    assert tie.line() == "Production Leader (4+): Ada 4 · Bo 4 · Cy 2 · Di 4"
    assert "Ada, Bo and Di tied" in tie.verdict()


def test_an_unknown_count_answers_nothing() -> None:
    assert standing(5, None).answers() is None
    assert standing(5, None).line() == "Production Leader (4+): Ada 5 · Bo ?"


def test_standings_of_a_table_read_each_players_cards_and_prestige() -> None:
    players: list[dict[str, Any]] = [{"name": "Ada", "prestige": 3}, {"name": "Bo"}]
    cards = [[card("Gem World")], None]
    found = standings([GOALS["Production Leader"], GOALS["Galactic Prestige"],
                       GOALS["Galactic Status"]], players, cards)
    assert [(s.goal.name, s.counts) for s in found] == [
        ("Production Leader", (1, None)), ("Galactic Prestige", (3, None))]


@given(st.lists(st.integers(0, 9), min_size=2, max_size=6), st.integers(0, 9),
       st.sets(st.integers(0, 5)))
def test_one_tile_at_most_and_only_at_the_top(counts: list[int], minimum: int,
                                              declined: set[int]) -> None:
    """A "most" goal has one tile: at most one player holds it, and only a player at the most
    with at least the minimum holds it or is tied for it; with a top at the minimum the tile
    is held unless the table said every one at the top is without it."""
    goal = GOALS["Production Leader"]
    shown = Standing(type(goal)(goal.name, "most", goal.box, goal.condition, minimum),
                     tuple(f"P{i}" for i in range(len(counts))), tuple(counts))
    answers = shown.answers(not_holding=frozenset(declined))
    assert answers is not None
    most = max(counts)
    top = [i for i, c in enumerate(counts) if c == most and c >= minimum]
    assert answers.count("holds") <= 1
    assert [i for i, a in enumerate(answers) if a != "no"] == top
    assert (answers.count("holds") == 1) == any(i not in declined for i in top)


def met(*names: str) -> list[str]:
    cards = [card(n, boxes=BOXES) for n in names]
    return [g.name for g in first_goals_met(tuple(GOALS.values()), cards)]


def test_first_goals_the_cards_show_a_tableau_meets() -> None:
    """[engine] check_goal_player with goal_minimum: GOAL_FIRST_4_TYPES "worlds of four kinds
    of good", GOAL_FIRST_SIX_DEVEL "a 6-cost development" with an end-game bonus,
    GOAL_FIRST_4_MILITARY "3 Imperium cards or 4 military worlds", GOAL_FIRST_8_ACTIVE
    "8 cards in the tableau". Who reached one first is not on the cards."""
    assert met("Gem World", "Comet Zone", "Plague World", "Alien Robotic Factory") == [
        "System Diversity"]
    assert met("Old Earth", "Galactic Federation") == ["Galactic Status"]
    assert met("New Sparta", "Rebel Outpost", "Rebel Miners", "Alien Robot Sentry") == [
        "Military Influence"]
    assert met("Old Earth", "Gem World", "Comet Zone", "Spice World", "Space Marines",
               "Drop Ships", "Investment Credits", "Expedition Force") == ["Expansion Leader"]
    assert met("Gem World") == []
