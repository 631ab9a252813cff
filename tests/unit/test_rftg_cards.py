"""Race for the Galaxy card data: the packaged facts, lookup by name, and the picker's search.

The expected facts are written out here (transcribed from the project's shared card list) so
the packaged ``cards.toml`` is checked without reading anything outside the product.
"""

from __future__ import annotations

from collections import Counter

import pytest

from lastround.games.rftg.bonuses import SIX_DEV_CATEGORIES
from lastround.games.rftg.cards import (
    Card,
    all_cards,
    canonical_name,
    card,
    card_names,
    deck_copies,
    six_cost_developments,
)
from lastround.games.rftg.search import closest_names, search_cards, unknown_card_message
from lastround.games.rftg.tableau import tableau_problems

# name | kind | cost | VP ("?" = formula) | copies | military world | good/mode | keywords |
# unconditional Military | powers. First-edition values; the 2nd edition's five changes are
# tested on their own below.
FACTS = """
Old Earth | start | 3 | 2 | 1 | - | - | - | +0 | trade consume
Epsilon Eridani | start | 2 | 1 | 1 | - | - | - | +1 | consume
Alpha Centauri | start | 2 | 0 | 1 | - | rare/wind | - | +0 | -
New Sparta | start | 2 | 1 | 1 | mil | - | - | +2 | -
Earth's Lost Colony | start | 2 | 1 | 1 | - | novelty/prod | - | +0 | consume
Rebel Fuel Cache | world | 1 | 1 | 1 | mil | rare/wind | Rebel | +0 | -
Public Works | dev | 1 | 1 | 2 | - | - | - | +0 | consume
Gem World | world | 2 | 1 | 1 | - | novelty/prod | - | +0 | -
Colony Ship | dev | 2 | 1 | 2 | - | - | - | +0 | -
Comet Zone | world | 3 | 2 | 1 | - | rare/prod | - | +0 | -
Expedition Force | dev | 1 | 1 | 2 | - | - | - | +1 | explore
Mining Robots | dev | 2 | 1 | 2 | - | - | - | +0 | -
Rebel Miners | world | 2 | 1 | 1 | mil | rare/prod | Rebel | +0 | -
Export Duties | dev | 1 | 1 | 2 | - | - | - | +0 | trade
Former Penal Colony | world | 2 | 1 | 1 | mil | novelty/wind | - | +1 | -
Malevolent Lifeforms | world | 4 | 2 | 1 | mil | genes/prod | - | +0 | explore
New Military Tactics | dev | 1 | 1 | 2 | - | - | - | +0 | -
Space Marines | dev | 2 | 1 | 2 | - | - | - | +2 | -
Contact Specialist | dev | 1 | 1 | 2 | - | - | - | -1 | -
Avian Uplift Race | world | 2 | 2 | 1 | mil | genes/wind | Uplift,Chromosome | +0 | -
Spice World | world | 2 | 1 | 1 | - | novelty/prod | - | +0 | trade
Lost Species Ark World | world | 5 | 3 | 1 | - | genes/prod | - | +0 | -
New Vinland | world | 2 | 1 | 1 | - | novelty/prod | - | +0 | consume
Artist Colony | world | 1 | 1 | 1 | - | novelty/prod | - | +0 | -
Alien Robotic Factory | world | 6 | 5 | 1 | - | alien/prod | Alien | +0 | -
Plague World | world | 3 | 0 | 1 | - | genes/prod | - | +0 | consume
Distant World | world | 4 | 2 | 1 | - | genes/prod | - | +0 | trade
Rebel Outpost | world | 5 | 5 | 1 | mil | - | Rebel | +1 | -
Rebel Warrior Race | world | 3 | 2 | 1 | mil | genes/wind | Rebel | +1 | -
Rebel Underground | world | 3 | 4 | 1 | mil | - | Rebel | +0 | -
New Survivalists | world | 1 | 1 | 1 | mil | novelty/prod | - | +0 | consume
Outlaw World | world | 1 | 1 | 1 | mil | - | - | +0 | consume
Lost Alien Battle Fleet | world | 6 | 4 | 1 | mil | alien/prod | Alien | +3 | -
Diversified Economy | dev | 4 | 2 | 2 | - | - | - | +0 | consume
Consumer Markets | dev | 5 | 3 | 2 | - | - | - | +0 | consume
Mining Conglomerate | dev | 3 | 2 | 2 | - | - | - | +0 | trade consume
Research Labs | dev | 4 | 2 | 2 | - | - | - | +0 | explore consume
Deficit Spending | dev | 2 | 1 | 2 | - | - | - | +0 | consume
Investment Credits | dev | 1 | 1 | 2 | - | - | - | +0 | -
Pan-Galactic League | dev | 6 | ? | 1 | - | - | - | -1 | -
Mining League | dev | 6 | ? | 1 | - | - | - | +0 | consume
Free Trade Association | dev | 6 | ? | 1 | - | - | - | +0 | consume
Alien Tech Institute | dev | 6 | ? | 1 | - | - | Alien | +0 | -
Galactic Survey: SETI | dev | 6 | ? | 1 | - | - | - | +0 | explore
Galactic Federation | dev | 6 | ? | 1 | - | - | - | +0 | -
Refugee World | world | 0 | 1 | 1 | - | novelty/wind | - | -1 | -
Empath World | world | 1 | 1 | 1 | - | genes/wind | - | -1 | -
Galactic Resort | world | 3 | 2 | 1 | - | novelty/wind | - | +0 | consume
Pre-Sentient Race | world | 2 | 1 | 1 | - | genes/wind | - | +0 | -
Deserted Alien Outpost | world | 4 | 3 | 1 | - | alien/wind | Alien | +0 | -
Deserted Alien Colony | world | 5 | 4 | 1 | - | alien/wind | Alien | +0 | -
Galactic Engineers | world | 2 | 1 | 1 | - | - | - | +0 | trade
Black Market Trading World | world | 3 | 2 | 1 | - | - | - | +0 | consume
Merchant World | world | 4 | 2 | 1 | - | - | - | +0 | trade consume
Tourist World | world | 4 | 2 | 1 | - | - | - | +0 | consume
Galactic Trendsetters | world | 5 | 3 | 1 | - | - | - | +0 | consume
Alien Rosetta Stone World | world | 3 | 3 | 1 | - | - | Alien | +0 | -
Star Nomad Lair | world | 1 | 1 | 1 | mil | novelty/wind | - | +0 | explore trade
The Last of the Uplift Gnarssh | world | 1 | 0 | 1 | mil | genes/wind | Uplift,Chromosome | +0 | -
Alien Robot Sentry | world | 2 | 2 | 1 | mil | alien/wind | Alien | +0 | -
Pirate World | world | 3 | 2 | 1 | mil | novelty/wind | - | +0 | trade
Reptilian Uplift Race | world | 2 | 2 | 1 | mil | genes/wind | Uplift,Chromosome | +0 | -
Lost Alien Warship | world | 5 | 3 | 1 | mil | alien/wind | Alien | +2 | -
Alien Robot Scout Ship | world | 4 | 2 | 1 | mil | alien/wind | Alien | +1 | -
Runaway Robots | world | 1 | 1 | 1 | mil | rare/wind | - | +0 | -
Interstellar Bank | dev | 2 | 1 | 2 | - | - | - | +0 | -
Terraforming Robots | dev | 3 | 2 | 2 | - | - | Terraforming | +0 | consume
Drop Ships | dev | 4 | 2 | 2 | - | - | - | +3 | -
New Galactic Order | dev | 6 | ? | 1 | - | - | - | +2 | -
Asteroid Belt | world | 2 | 1 | 1 | - | rare/wind | - | +0 | -
Merchant Guild | dev | 6 | ? | 1 | - | - | - | +0 | -
Secluded World | world | 1 | 1 | 1 | - | novelty/prod | - | +0 | consume
Imperium Armaments World | world | 4 | 2 | 1 | - | rare/prod | Imperium | +1 | -
Terraformed World | world | 5 | 5 | 1 | - | - | - | +0 | consume
Replicant Robots | dev | 4 | 2 | 2 | - | - | - | +0 | -
Pilgrimage World | world | 0 | 2 | 1 | - | - | - | +0 | consume
Rebel Homeworld | world | 7 | 7 | 1 | mil | - | Rebel | +0 | -
New Economy | dev | 6 | ? | 1 | - | - | - | +0 | consume
Radioactive World | world | 2 | 1 | 1 | - | rare/wind | - | +0 | -
Aquatic Uplift Race | world | 2 | 2 | 1 | mil | genes/wind | Uplift,Chromosome | +0 | -
Genetics Lab | dev | 2 | 1 | 2 | - | - | - | +0 | trade
Bio-Hazard Mining World | world | 3 | 2 | 1 | - | rare/prod | - | +0 | trade
Deserted Alien Library | world | 6 | 5 | 1 | - | alien/wind | Alien | +0 | -
Destroyed World | world | 1 | 0 | 1 | - | rare/wind | - | +0 | -
Galactic Renaissance | dev | 6 | ? | 1 | - | - | - | +0 | explore
Blaster Gem Mines | world | 3 | 2 | 1 | - | rare/wind | - | +1 | -
Gambling World | world | 1 | 1 | 1 | - | - | - | +0 | consume
Expanding Colony | world | 1 | 1 | 1 | - | - | - | +0 | consume
Space Port | world | 2 | 1 | 1 | - | novelty/prod | - | +0 | trade
Prosperous World | world | 3 | 2 | 1 | - | novelty/prod | - | +0 | consume
New Earth | world | 5 | 3 | 1 | - | rare/prod | - | +0 | consume
Rebel Base | world | 6 | 6 | 1 | mil | - | Rebel | +0 | -
Galactic Imperium | dev | 6 | ? | 1 | - | - | Imperium | +0 | -
Trade League | dev | 6 | ? | 1 | - | - | - | +0 | trade consume
Mining World | world | 3 | 2 | 1 | - | rare/prod | - | +0 | -
"""

KINDS = {"start": "world", "world": "world", "dev": "development"}
MODES = {"prod": "production", "wind": "windfall"}


def expected_facts() -> dict[str, dict[str, object]]:
    facts: dict[str, dict[str, object]] = {}
    for row in FACTS.strip().splitlines():
        name, kind, cost, vp, copies, military, goods, keywords, strength, powers = (
            cell.strip() for cell in row.split("|")
        )
        good, mode = goods.split("/") if goods != "-" else ("none", "none")
        facts[name] = {
            "kind": KINDS[kind],
            "start_world": kind == "start",
            "cost": int(cost),
            "vp": 0 if vp == "?" else int(vp),
            "six_dev": vp == "?",
            "copies": int(copies),
            "military": military == "mil",
            "good": good,
            "good_mode": MODES.get(mode, mode),
            "keywords": tuple(keywords.split(",")) if keywords != "-" else (),
            "military_strength": int(strength),
            "explore_power": "explore" in powers,
            "trade_power": "trade" in powers,
            "consume_power": "consume" in powers,
        }
    return facts


def names_where(test: object) -> set[str]:
    assert callable(test)
    return {c.name for c in all_cards("1st") if test(c)}


# --- The packaged facts -----------------------------------------------------------------


def test_packaged_cards_are_exactly_the_transcribed_base_game_facts() -> None:
    """Every fact of every base card (1st-edition values) matches the shared card list."""
    facts = expected_facts()
    assert len(facts) == 95
    assert {c.name for c in all_cards()} == set(facts)
    for name, expected in facts.items():
        found = card(name, "1st")
        actual = {key: getattr(found, key) for key in expected}
        assert actual == expected, name


def test_95_distinct_cards_make_a_114_card_deck() -> None:
    """'That section has 95 distinct cards = 114 physical cards.'"""
    assert len(all_cards()) == len(card_names()) == 95
    assert sum(c.copies for c in all_cards()) == 114


def test_64_worlds_with_5_start_worlds_and_50_developments() -> None:
    """'64 worlds (5 of them start worlds) + 50 developments (31 distinct: 19 non-6-cost
    developments x2 copies, 12 six-cost developments x1).'"""
    worlds = [c for c in all_cards() if c.is_world]
    developments = [c for c in all_cards() if c.is_development]
    assert sum(c.copies for c in worlds) == 64 and all(c.copies == 1 for c in worlds)
    assert sorted(c.name for c in worlds if c.start_world) == [
        "Alpha Centauri", "Earth's Lost Colony", "Epsilon Eridani", "New Sparta", "Old Earth",
    ]
    assert len(developments) == 31 and sum(c.copies for c in developments) == 50
    assert Counter(c.copies for c in developments if not c.six_dev) == {2: 19}
    assert Counter(c.copies for c in developments if c.six_dev) == {1: 12}


def test_the_twelve_six_cost_developments_have_a_formula_instead_of_printed_vp() -> None:
    """'The 12 base 6-cost developments (printed VP "?")'."""
    assert set(six_cost_developments()) == {
        "Galactic Federation", "Galactic Imperium", "Alien Tech Institute",
        "Free Trade Association", "Mining League", "Pan-Galactic League", "Merchant Guild",
        "New Economy", "Trade League", "Galactic Survey: SETI", "New Galactic Order",
        "Galactic Renaissance",
    }
    for name in six_cost_developments():
        six = card(name)
        assert (six.is_development, six.cost, six.vp, six.copies) == (True, 6, 0, 1)
    assert set(six_cost_developments()) == set(SIX_DEV_CATEGORIES)


def test_23_military_worlds_and_developments_are_never_military() -> None:
    """'Military world = red-bordered world (23 in base).'"""
    assert len(names_where(lambda c: c.military)) == 23
    assert not names_where(lambda c: c.is_development and c.military)


def test_all_seven_rebel_worlds_are_military() -> None:
    """'all 7 Rebel worlds are military: Rebel Fuel Cache, Rebel Miners, Rebel Outpost, Rebel
    Warrior Race, Rebel Underground, Rebel Homeworld, Rebel Base'."""
    rebels = names_where(lambda c: "Rebel" in c.keywords)
    assert rebels == {
        "Rebel Fuel Cache", "Rebel Miners", "Rebel Outpost", "Rebel Warrior Race",
        "Rebel Underground", "Rebel Homeworld", "Rebel Base",
    }
    assert all(card(n).military and card(n).is_world for n in rebels)


def test_the_alien_cards() -> None:
    """'Alien card = Alien keyword: Alien Robotic Factory, Lost Alien Battle Fleet, Alien Tech
    Institute, Deserted Alien Outpost/Colony/Library, Alien Rosetta Stone World, Alien Robot
    Sentry, Lost Alien Warship, Alien Robot Scout Ship.'"""
    assert names_where(lambda c: "Alien" in c.keywords) == {
        "Alien Robotic Factory", "Lost Alien Battle Fleet", "Alien Tech Institute",
        "Deserted Alien Outpost", "Deserted Alien Colony", "Deserted Alien Library",
        "Alien Rosetta Stone World", "Alien Robot Sentry", "Lost Alien Warship",
        "Alien Robot Scout Ship",
    }


def test_explore_powers() -> None:
    """'Explore power = any phase-I power. Base cards: developments Expedition Force, Research
    Labs, Galactic Survey: SETI, Galactic Renaissance; worlds Malevolent Lifeforms, Star Nomad
    Lair.'"""
    assert names_where(lambda c: c.explore_power) == {
        "Expedition Force", "Research Labs", "Galactic Survey: SETI", "Galactic Renaissance",
        "Malevolent Lifeforms", "Star Nomad Lair",
    }


def test_trade_powers() -> None:
    """'Trade power = a "$" sell-bonus power. Base: devs Export Duties, Genetics Lab, Mining
    Conglomerate, Trade League; worlds Old Earth, Spice World, Distant World, Galactic Engineers,
    Merchant World, Star Nomad Lair, Pirate World, Space Port, Bio-Hazard Mining World.'"""
    assert names_where(lambda c: c.trade_power) == {
        "Export Duties", "Genetics Lab", "Mining Conglomerate", "Trade League", "Old Earth",
        "Spice World", "Distant World", "Galactic Engineers", "Merchant World",
        "Star Nomad Lair", "Pirate World", "Space Port", "Bio-Hazard Mining World",
    }


def test_consume_powers() -> None:
    """'Consume power = any phase-IV power that is not a trade power.' (the 30 base cards)"""
    assert names_where(lambda c: c.consume_power) == {
        "Public Works", "Diversified Economy", "Consumer Markets", "Mining Conglomerate",
        "Research Labs", "Deficit Spending", "Mining League", "Free Trade Association",
        "Terraforming Robots", "New Economy", "Trade League", "Old Earth", "Epsilon Eridani",
        "Earth's Lost Colony", "New Vinland", "Plague World", "New Survivalists", "Outlaw World",
        "Galactic Resort", "Black Market Trading World", "Merchant World", "Tourist World",
        "Galactic Trendsetters", "Secluded World", "Terraformed World", "Pilgrimage World",
        "Gambling World", "Expanding Colony", "Prosperous World", "New Earth",
    }


def test_black_market_trading_world_is_a_consume_power_not_a_trade_power() -> None:
    """'Black Market Trading World is a consume power ..., not a trade power.'"""
    bmtw = card("Black Market Trading World")
    assert bmtw.consume_power and not bmtw.trade_power


def test_unconditional_military_modifiers() -> None:
    """'Unconditional Military modifiers in the base game: Epsilon Eridani +1, New Sparta +2,
    Expedition Force +1, Former Penal Colony +1, Space Marines +2, Contact Specialist -1, ...
    Blaster Gem Mines +1; 2nd edition: Outlaw World +1.'"""
    first = {c.name: c.military_strength for c in all_cards("1st") if c.military_strength}
    assert first == {
        "Epsilon Eridani": 1, "New Sparta": 2, "Expedition Force": 1, "Former Penal Colony": 1,
        "Space Marines": 2, "Contact Specialist": -1, "Rebel Outpost": 1,
        "Rebel Warrior Race": 1, "Lost Alien Battle Fleet": 3, "Pan-Galactic League": -1,
        "Refugee World": -1, "Empath World": -1, "Lost Alien Warship": 2,
        "Alien Robot Scout Ship": 1, "Drop Ships": 3, "New Galactic Order": 2,
        "Imperium Armaments World": 1, "Blaster Gem Mines": 1,
    }
    second = {c.name: c.military_strength for c in all_cards("2nd") if c.military_strength}
    assert second == first | {"Outlaw World": 1}


@pytest.mark.parametrize(
    "name",
    ["Alpha Centauri", "Alien Rosetta Stone World", "Alien Tech Institute", "Galactic Imperium",
     "New Military Tactics"],
)
def test_specialized_or_temporary_military_is_not_unconditional(name: str) -> None:
    """'Not counted (specialized/temporary): Alpha Centauri (+1 vs Rare), Alien Rosetta Stone
    World and Alien Tech Institute (+2 vs Alien), Galactic Imperium (+4 vs Rebel), New Military
    Tactics (discard for +3 this phase).'"""
    assert card(name, "1st").military_strength == 0
    assert card(name, "2nd").military_strength == 0


def test_the_second_edition_changes_exactly_five_cards() -> None:
    """'Black Market Trading World 2 VP -> 1 VP (cost 3->2); Bio-Hazard Mining World 2 VP -> 0 VP
    (cost 3->2); Merchant Guild gains +1 per good at game end; Outlaw World gains +1 Military;
    Imperium Armaments World cost 4->3 (VP unchanged).'"""
    changed = {c.name for c in all_cards("1st") if c != card(c.name, "2nd")}
    assert changed == {
        "Black Market Trading World", "Bio-Hazard Mining World", "Merchant Guild",
        "Outlaw World", "Imperium Armaments World",
    }

    def both(name: str, key: str) -> tuple[object, object]:
        return getattr(card(name, "1st"), key), getattr(card(name, "2nd"), key)

    assert both("Black Market Trading World", "vp") == (2, 1)
    assert both("Black Market Trading World", "cost") == (3, 2)
    assert both("Bio-Hazard Mining World", "vp") == (2, 0)
    assert both("Bio-Hazard Mining World", "cost") == (3, 2)
    assert both("Merchant Guild", "vp_per_good") == (0, 1)
    assert both("Outlaw World", "military_strength") == (0, 1)
    assert both("Imperium Armaments World", "cost") == (4, 3)
    assert both("Imperium Armaments World", "vp") == (2, 2)


def test_only_merchant_guild_scores_goods() -> None:
    """'Goods and hand cards score nothing in the 1st edition (2nd-edition Merchant Guild is the
    one exception).'"""
    assert names_where(lambda c: c.vp_per_good) == set()
    assert {c.name for c in all_cards("2nd") if c.vp_per_good} == {"Merchant Guild"}


@pytest.mark.parametrize(
    "promo",
    ["Gateway Station", "Abandoned Mine Squatters", "Terraforming Colonists",
     "Galactic Trade Emissaries", "Industrial Robots", "Star Nomad Raiders"],
)
def test_promo_start_worlds_are_not_base_game_cards(promo: str) -> None:
    """'NOT included: the 6 promo start worlds.'"""
    assert canonical_name(promo) is None


def test_cards_used_when_scoring_note_why_they_score_as_they_do() -> None:
    """Cards that leave the tableau score nothing: the data says so for the picker to show."""
    assert "scores nothing" in card("Colony Ship").note
    assert "scores nothing" in card("New Military Tactics").note


# --- Looking cards up -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "name"),
    [
        ("Old Earth", "Old Earth"),
        ("old earth", "Old Earth"),
        ("  OLD EARTH  ", "Old Earth"),
        ("old   earth", "Old Earth"),
        ("Pan Galactic League", "Pan-Galactic League"),
        ("pan-galactic league", "Pan-Galactic League"),
        ("SETI", "Galactic Survey: SETI"),
        ("Galactic Survey SETI", "Galactic Survey: SETI"),
        ("Earths Lost Colony", "Earth's Lost Colony"),
        ("Earth\u2019s Lost Colony", "Earth's Lost Colony"),
        ("Malevolent Life Forms", "Malevolent Lifeforms"),
        ("Biohazard Mining World", "Bio-Hazard Mining World"),
        ("Last Uplift Gnarssh", "The Last of the Uplift Gnarssh"),
        ("Blaster Gem Mine", "Blaster Gem Mines"),
    ],
)
def test_names_match_ignoring_case_and_surrounding_spaces_and_aliases_are_accepted(
    typed: str, name: str
) -> None:
    """Session format: 'by card name (matched case-insensitively, surrounding spaces ignored)'."""
    assert canonical_name(typed) == name
    assert card(typed).name == name


def test_an_unknown_card_is_a_key_error() -> None:
    with pytest.raises(KeyError):
        card("Improved Logistics")


def test_an_unknown_edition_is_refused() -> None:
    with pytest.raises(ValueError, match="edition"):
        card("Old Earth", "3rd")


def test_card_names_are_alphabetical() -> None:
    names = card_names()
    assert list(names) == sorted(names, key=str.casefold)


def test_deck_copies() -> None:
    """Copies in the base deck: 2 of each ordinary development, 1 of everything else."""
    assert deck_copies("space marines") == 2
    assert deck_copies("Galactic Federation") == 1
    assert deck_copies("Gem World") == 1


def test_closest_names_suggest_the_misspelt_card_first() -> None:
    assert closest_names("Gem Wrld")[0] == "Gem World"
    assert closest_names("Galactic Federaton")[0] == "Galactic Federation"
    assert closest_names("New Galatic Ordr")[0] == "New Galactic Order"
    assert len(closest_names("World", n=3)) == 3
    assert closest_names("qqqqzzzz") == []


def test_the_unknown_card_message_names_the_card_the_player_and_suggestions() -> None:
    message = unknown_card_message(" Gem Wrld ", "Ada")
    assert message.startswith('"Gem Wrld" is not a base-game card (Ada\'s tableau)')
    assert "Gem World" in message


# --- The picker's search ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "first"),
    [
        ("gem", "Gem World"),  # prefix
        ("gal fed", "Galactic Federation"),  # word prefixes in order
        ("federation", "Galactic Federation"),  # a later word
        ("bmtw", "Black Market Trading World"),  # initials
        ("gf", "Galactic Federation"),
        ("seti", "Galactic Survey: SETI"),  # alias
        ("trendset", "Galactic Trendsetters"),  # substring
        ("glfd", "Galactic Federation"),  # letters in order
        ("Galactic Imperum", "Galactic Imperium"),  # misspelt
        ("Alien Tek Institut", "Alien Tech Institute"),
    ],
)
def test_search_ranks_the_intended_card_first(query: str, first: str) -> None:
    assert search_cards(query)[0] == first


def test_search_ranks_prefix_before_substring_before_letters_in_order() -> None:
    found = search_cards("rebel", 20)
    assert all(name.startswith("Rebel") for name in found[:7])
    assert search_cards("colony", 20).index("Colony Ship") < search_cards("colony", 20).index(
        "Artist Colony"
    )


def test_every_name_and_alias_finds_its_card_first() -> None:
    for c in all_cards():
        for spelling in (c.name, *c.aliases):
            assert search_cards(spelling, 3)[0] == c.name, spelling


def test_search_respects_the_limit_and_an_empty_query_lists_names() -> None:
    assert len(search_cards("world", 5)) == 5
    assert search_cards("", 4) == list(card_names()[:4])
    assert search_cards("   ", 4) == list(card_names()[:4])


# --- The picker's checks ----------------------------------------------------------------


def test_tableau_problems_accepts_a_legal_tableau() -> None:
    # One Space Marines here, the deck's other copy in another tableau (two in one tableau
    # are refused: tests/unit/test_rftg_tableau_rules.py).
    assert tableau_problems(["Old Earth", "Space Marines"], elsewhere=["Space Marines"]) is None


def test_tableau_problems_names_an_unknown_card_with_suggestions() -> None:
    problem = tableau_problems(["Old Earth", "Gem Wrld"])
    assert problem is not None and '"Gem Wrld"' in problem and "Gem World" in problem


def test_tableau_problems_refuses_more_copies_than_the_deck_holds() -> None:
    """No card can be listed more often than the base deck holds it."""
    problem = tableau_problems(["Gem World", "gem world"])
    assert problem is not None and "Gem World" in problem and "1 copy" in problem
    assert tableau_problems(["Space Marines"] * 3) is not None


def test_tableau_problems_counts_the_copies_in_other_tableaux() -> None:
    assert tableau_problems(["Space Marines"], elsewhere=["Space Marines"]) is None
    problem = tableau_problems(["Space Marines"], elsewhere=["Space Marines", "space marines"])
    assert problem is not None and "2 copies" in problem


def test_card_objects_are_immutable_values() -> None:
    with pytest.raises(AttributeError):
        card("Old Earth").vp = 9  # type: ignore[misc]
    assert isinstance(card("Old Earth"), Card)
