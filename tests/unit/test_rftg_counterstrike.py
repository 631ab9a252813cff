"""Xeno Counterstrike: its cards as their pictures print them, and the box's rules.

Cards: each family's test quotes the picture it was read from (khanghy2130/rftg-arc3,
static/cards/<name>.jpg). Rules: [XC] is the designer's description of the box, as
BoardGameGeek's news (svarogsden.com, "Prepare for Xeno Counterstrike") and the box's store
page (analog.games) quote it; no rulebook of the box was at hand.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lastround.games.base import RulesError
from lastround.games.checks import check_session
from lastround.games.rftg.bonuses import six_dev_bonus
from lastround.games.rftg.box_bonuses import XENO_COUNTERSTRIKE_CATEGORIES
from lastround.games.rftg.box_steps import apply_boxes
from lastround.games.rftg.boxes import box_problem, chip_pool, max_players, tableau_end
from lastround.games.rftg.cards import all_cards, card, raw_cards_in_play
from lastround.games.rftg.ending import end_check_message, game_ends, record_end_check
from lastround.games.rftg.game import GAME
from lastround.games.rftg.quick_entry import quick_fields
from lastround.games.rftg.search import search_cards
from lastround.games.rftg.tableau import tableau_problems
from tests.support.rftg_boxes_play import played
from tests.support.rftg_counterstrike_play import FIVE, five_answers

XC = ("xeno-counterstrike",)
XI_XC = ("xeno-invasion", "xeno-counterstrike")


def xc_cards() -> list[Any]:
    return [c for c in all_cards(boxes=XC) if c.box == "xeno-counterstrike"]


def player(name: str, **keys: Any) -> dict[str, Any]:
    return {"name": name, "tableau_vp": 10, "bonus_vp": 0, "chips": 0, "hand": 0,
            "goods": 0} | keys


def table(*players: dict[str, Any], **top: Any) -> dict[str, Any]:
    return {"game": "rftg", "players": list(players)} | top


# --- the cards, family by family ----------------------------------------------------------------


def test_the_box_prints_74_cards_46_of_them_frontier_worlds() -> None:
    """The gallery holds 74 pictures of the box's cards; [XC] 'more than 40 frontier worlds
    (in separate decks)': 18 show the near deck's arrow, 28 the far deck's."""
    cards = xc_cards()
    assert len(cards) == 74
    assert sum(c.frontier == "near" for c in cards) == 18
    assert sum(c.frontier == "far" for c in cards) == 28
    assert all(c.is_world for c in cards if c.frontier)


def test_a_near_frontier_world_as_printed() -> None:
    """xeno-sentry-world.jpg: cost 3 in a red-ringed disc with the Xeno mark, 2 VP, 'XENO
    SENTRY WORLD', an Explore power (I), the arrow on a beige disc: the near deck."""
    found = card("Xeno Sentry World", boxes=XC)
    assert (found.cost, found.vp, found.military, found.keywords, found.frontier,
            found.explore_power) == (3, 2, True, ("Xeno",), "near", True)


def test_a_far_frontier_world_as_printed() -> None:
    """anti-xeno-uplift-base.jpg: cost 5, 6 VP, 'ANTI-XENO UPLIFT BASE' with the Chromosome
    mark, a Genes windfall world (the green glow), the arrow on a blue disc: the far deck."""
    found = card("Anti-Xeno Uplift Base", boxes=XC)
    assert (found.cost, found.vp, found.military, found.good, found.good_mode,
            found.frontier) == (5, 6, False, "genes", "windfall", "far")
    assert set(found.keywords) == {"Anti-Xeno", "Uplift", "Chromosome"}
    assert found.pay_military  # 'may place a [Chromosome military world] as a [world]'


@pytest.mark.parametrize(("name", "number", "colour", "cost", "vp"), [
    ("Star Nomad Trading Post", 10, "blue", 1, 1), ("Anti-Xeno Resistance", 11, "red", 1, 1),
    ("Frontier Miners", 12, "blue", 2, 1), ("Imperium Blaster Gem Prospectors", 13, "red", 1, 0),
    ("Terraforming Bio-Engineers", 14, "blue", 2, 1), ("Defense Systems, Inc.", 15, "red", 1, 1),
])
def test_the_six_start_worlds_as_printed(name: str, number: int, colour: str, cost: int,
                                         vp: int) -> None:
    """Each picture prints its start number in a corner, red or blue (e.g.
    defense-systems-inc.jpg: '15' on red, cost 1, 1 VP); no start world is a Frontier one."""
    found = card(name, boxes=XC)
    assert found.start_world and not found.frontier
    assert (found.cost, found.vp, found.military) == (cost, vp, colour == "red")
    raw = next(r for r in raw_cards_in_play(XC) if r["name"] == name)
    assert (raw["start_number"], raw["start_color"]) == (number, colour)


def test_scorched_earth_defense_prints_minus_one_vp() -> None:
    """scorched-earth-defense.jpg: a 1-cost development printing '-1' in its VP hexagon,
    the first card with negative VP: a tableau holding it scores 1 VP less."""
    found = card("Scorched-Earth Defense", boxes=XC)
    assert (found.cost, found.vp, found.is_development) == (1, -1, True)
    listed = {"name": "Ada", "tableau": ["Anti-Xeno Resistance", "Scorched-Earth Defense"],
              "chips": 2, "hand": 0, "goods": 0}
    ada = GAME.score(table(listed, player("Bo"), expansions=list(XC))).players[0]
    assert ada.parts["tableau"] == 0 and ada.total == 2  # 1 VP and -1 VP, then 2 chips


def test_a_quick_entry_of_minus_one_printed_vp_totals_with_the_box_only() -> None:
    """scorched-earth-defense.jpg prints -1 VP: a tableau of a 0-VP start world and that card
    prints -1 in all, typed as a quick entry's total; without a card printed below zero (the
    base game) the printed VP can't be below 0."""
    bo = player("Bo", tableau_vp=-1, chips=3)
    assert GAME.score(table(player("Ada"), bo, expansions=list(XC))).players[1].total == 2
    with pytest.raises(RulesError, match="must be 0 or more, not -1"):
        GAME.score(table(player("Ada"), bo))
    assert [f.minimum for f in quick_fields(XC)[:1] + quick_fields()[:1]] == [-1, 0]


def test_anti_xeno_warships_and_armada_as_printed() -> None:
    """anti-xeno-alien-warships.jpg: cost 7, 5 VP, '+4' Military and '+2' against Xenos (III);
    anti-xeno-armada.jpg: cost 9, 7 VP, '+5' and '+3': New Galactic Order counts the +4 and
    +5 (and its own +2), never the Military against Xenos only."""
    warships = card("Anti-Xeno Alien Warships", boxes=XC)
    armada = card("Anti-Xeno Armada", boxes=XC)
    assert (warships.cost, warships.vp, warships.military_strength) == (7, 5, 4)
    assert (armada.cost, armada.vp, armada.military_strength) == (9, 7, 5)
    ngo = six_dev_bonus("New Galactic Order", ["New Galactic Order", "Anti-Xeno Armada",
                                               "Anti-Xeno Alien Warships"], boxes=XC)
    assert ngo.points == 2 + 9


def test_military_for_each_card_of_a_kind_counts_for_new_galactic_order() -> None:
    """imperium-expansionists.jpg III: '+1 Military ... for each [Frontier world]';
    uplift-pioneers.jpg III: '[Chromosome]: +1'; anti-xeno-imperium-ring.jpg III: '+1
    Military ... for each IMPERIUM card'; anti-xeno-arsenal.jpg III: '+1 Military ... for each
    pair of [non-military worlds]'; monastery-world.jpg III: '-1' Military."""
    def ngo(*others: str) -> int:  # less New Galactic Order's own +2
        return six_dev_bonus("New Galactic Order", ["New Galactic Order", *others],
                             boxes=XC).points - 2
    assert ngo("Imperium Expansionists", "Xeno Sentry World", "Run-Amok Robots") == 2
    assert ngo("Uplift Pioneers", "Arctic Uplift Race", "Illicit Uplift Collector") == 2
    assert ngo("Anti-Xeno Imperium Ring", "Imperium Warlord Keep") == 2  # itself and the keep
    assert ngo("Anti-Xeno Arsenal", "Frontier Miners", "Frontier Settlement",
               "Rare Elements Outcropping") == 1  # three non-military worlds: one pair
    assert ngo("Monastery World") == -1


def test_the_imperium_ring_is_a_world() -> None:
    """anti-xeno-imperium-ring.jpg prints its cost 1 in a world's disc, not a development's
    diamond, with no colour or red ring: a non-military world with no good."""
    found = card("Anti-Xeno Imperium Ring", boxes=XC)
    assert found.is_world and not found.military and found.good == "none"
    assert set(found.keywords) == {"Anti-Xeno", "Imperium"}


def test_where_the_transcription_and_the_picture_differ_the_picture_decides() -> None:
    """illicit-uplift-collector.jpg prints 'ILLICIT UPLIFT COLLECTOR' (the transcription
    writes it with hyphens); rebel-smugglers.jpg prints its goods-for-cards power in the IV
    row, though its text box labels it V: a Consume power, which New Economy counts."""
    assert card("Illicit Uplift Collector", boxes=XC).name == "Illicit Uplift Collector"
    smugglers = card("Rebel Smugglers", boxes=XC)
    assert smugglers.consume_power and "IV" in smugglers.source


def test_no_card_of_this_box_is_in_another_box_or_the_base_game() -> None:
    """No picture marks a card as an earlier box's, and none of the 74 names is another's."""
    others = {c.name.casefold() for box in ((), ("xeno-invasion",), ("alien-artifacts",),
                                            ("gathering-storm", "rebel-vs-imperium",
                                             "brink-of-war"), ("new-worlds",))
              for c in all_cards(boxes=box)}
    assert not {c.name.casefold() for c in xc_cards()} & others


# --- the box's rules -----------------------------------------------------------------------------


def test_the_box_is_played_alone_with_the_base_game_or_after_xeno_invasion() -> None:
    """[XC] 'Xeno Counterstrike can be played by itself with just the base game'; 'the sequel
    to Xeno Invasion, together forming the 3rd arc'."""
    assert box_problem(XC) == box_problem(XI_XC) == ""
    assert "separate arcs" in box_problem(("alien-artifacts", "xeno-counterstrike"))
    assert "separate arcs" in box_problem(("gathering-storm", "xeno-counterstrike"))


def test_its_fifth_player_needs_xeno_invasion() -> None:
    """[XC] 'its fifth player and optional counterstrike game require Xeno Invasion'."""
    assert max_players(XC) == 4 and max_players(XI_XC) == 5
    five = [player(n) for n in ("Ada", "Bo", "Cy", "Di", "Ed")]
    with pytest.raises(RulesError, match="Xeno Invasion"):
        GAME.score(table(*five, expansions=list(XC)))
    assert len(GAME.score(table(*five, expansions=list(XI_XC))).players) == 5


def test_the_pool_is_15_vp_a_player_and_30_in_the_counterstrike_game() -> None:
    """[XC] '15 VPs/player in the common pool'; the counterstrike game: 'the pool of 30
    VPs/player'."""
    assert chip_pool(4, XC) == 60 and chip_pool(5, XI_XC) == 75
    assert chip_pool(5, XI_XC, counterstrike=True) == 150


def test_15_tableau_cards_end_it_and_none_in_the_counterstrike_game() -> None:
    """[XC] 'extends the game end conditions to 15+ tableau cards'; in the counterstrike game
    'tableau size no longer ends the game', which ends on the pool or 'a military victory
    over the Xenos'."""
    assert tableau_end(XC) == 15 and tableau_end() == 12
    assert not game_ends(14, False, tableau_end=15) and game_ends(15, False, tableau_end=15)
    assert tableau_end(XI_XC, counterstrike=True) is None
    assert not game_ends(40, False, tableau_end=None)
    assert game_ends(3, True, tableau_end=None)
    assert game_ends(3, False, tableau_end=None, military_victory=True)


def test_the_verdict_names_the_box_s_end() -> None:
    goes_on = end_check_message(13, False, tableau_end=15)
    assert "the end comes at 15" in goes_on
    assert "a tableau has 15 cards (15 or more)" in end_check_message(15, False, tableau_end=15)
    assert "military victory" in end_check_message(30, False, tableau_end=None,
                                                   military_victory=True)
    assert "ends nothing" in end_check_message(30, False, tableau_end=None)


def test_a_recorded_check_of_12_cards_goes_on_with_this_box() -> None:
    data: dict[str, Any] = {"game": "rftg", "players": [{"name": "Ada"}, {"name": "Bo"}],
                            "expansions": list(XC)}
    record_end_check(data, 0, {"largest_tableau": 12, "pool": "chips left"})
    assert data["end_checks"][0]["ends"] is False
    record_end_check(data, 0, {"largest_tableau": 15, "pool": "chips left"})
    assert data["end_checks"][0]["ends"] is True


def test_the_counterstrike_game_needs_both_boxes_and_replaces_the_invasion_game() -> None:
    """[XC] 'its ... optional counterstrike game require[s] Xeno Invasion'; 'The counterstrike
    game begins as a Xeno invasion which, once the Xenos are repulsed, turns the tables'."""
    two = (player("Ada"), player("Bo"))
    with pytest.raises(RulesError, match="not in expansions") as raised:
        GAME.score(table(*two, expansions=["xeno-invasion"], counterstrike=True))
    assert raised.value.key == "counterstrike"
    with pytest.raises(RulesError, match="needs Xeno Invasion"):
        GAME.score(table(*two, expansions=list(XC), counterstrike=True))
    with pytest.raises(RulesError, match="instead of the invasion game"):
        GAME.score(table(*two, expansions=list(XI_XC), counterstrike=True, invasion=True))
    with pytest.raises(RulesError, match="true or false"):
        GAME.score(table(*two, expansions=list(XI_XC), counterstrike="yes"))


def test_the_counterstrike_game_s_awards_are_what_the_table_types() -> None:
    """Its scoring beyond cards and chips is not known (no rulebook at hand): the table adds
    it up on the awards line, as in the invasion game it begins as."""
    result = GAME.score(table(player("Ada", invasion_awards=6), player("Bo"),
                              expansions=list(XI_XC), counterstrike=True))
    ada = result.players[0]
    assert ada.parts["invasion awards"] == 6 and ada.total == 16


# --- the file: what the reader refuses, the app never writes ------------------------------------


def test_a_military_victory_is_an_answer_of_the_counterstrike_game_only() -> None:
    """A file holding it without the counterstrike game would end a game by a rule it never
    had."""
    check = {"largest_tableau": 8, "pool_exhausted": False, "mid_consume": False,
             "ends": True, "military_victory": True}
    data = table(player("Ada"), player("Bo"), expansions=list(XI_XC), end_checks=[check],
                 format=1, status="in-progress")
    with pytest.raises(RulesError, match="counterstrike game") as raised:
        check_session(data)
    assert raised.value.key == "end_checks[0].military_victory"
    check_session(data | {"counterstrike": True})


def test_taking_a_xeno_box_out_drops_the_counterstrike_game_and_its_answers() -> None:
    """Xeno Counterstrike taken out of a counterstrike game (its cards not yet listed)."""
    data = played(five_answers(), upto="tableau-0").data
    apply_boxes(data, {"players": list(FIVE), "boxes": "+ Xeno Invasion",
                       "new_worlds": False})
    assert "counterstrike" not in data
    assert all("military_victory" not in c for c in data["end_checks"])
    assert all("invasion_awards" not in p for p in data["players"])


def test_frontier_worlds_are_found_by_a_few_letters() -> None:
    """The picker's search: initials and word starts name a Frontier world at once."""
    for typed, name in (("xhpw", "Xeno-Held Populous World"), ("ffhq", "Federation Frontier HQ"),
                        ("mega", "Mega-Exclusive Resort"), ("run amok", "Run-Amok Robots"),
                        ("scorch", "Scorched-Earth Defense"), ("xbwh", "Xeno Breeding World Husk"),
                        ("alrc", "Alien Lift-Ring Cache")):
        assert search_cards(typed, 1, boxes=XC) == [name], typed


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(sorted(c.name for c in all_cards(boxes=XC)
                                       if not c.is_development)), max_size=12),
       st.sampled_from(sorted(XENO_COUNTERSTRIKE_CATEGORIES)))
def test_each_card_scores_under_one_line_at_most(worlds: list[str], dev: str) -> None:
    """A card scores under the first line it matches: no card is counted twice, and the
    bonus is each line's VP times the cards under it."""
    got = six_dev_bonus(dev, [dev, *worlds], boxes=XC)
    assert not Counter(got.counted) - Counter([dev, *worlds])  # each card once at most
    assert 0 <= got.points <= 3 * (len(worlds) + 1)


def test_a_second_copy_is_refused_saying_the_copies_are_unconfirmed() -> None:
    """No source gives the box's copies: the refusal says the 1 copy is an assumption."""
    problem = tableau_problems(["Xeno Sentry World"], elsewhere=["Xeno Sentry World"],
                               boxes=XC)
    assert problem is not None and "the deck has 1 copy" in problem
    assert "copies are not confirmed" in problem
    base = tableau_problems(["Gem World"] * 3, boxes=XC)
    assert base is not None and "not confirmed" not in base  # the base game's are known
