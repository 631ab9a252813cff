"""Race for the Galaxy's expansion cards with an end-game formula: one worked tableau each.

Each formula is quoted from its card as Keldon Jones' card list gives it (bnordli/rftg,
branch update, src/cards.txt, its `V:` lines in printed order), read with the engine's rule
that a card scores under the first line it matches (src/engine.c, get_score_bonus).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from lastround.games.rftg.bonuses import six_dev_bonus, six_dev_bonuses
from lastround.games.rftg.cards import card

TGS = ("gathering-storm",)
RVI = (*TGS, "rebel-vs-imperium")
BOW = (*RVI, "brink-of-war")
AA = ("alien-artifacts",)
XI = ("xeno-invasion",)


def bonus(dev: str, others: list[str], boxes: tuple[str, ...], **counts: Any) -> int:
    """The bonus of `dev` in a tableau holding it and `others`."""
    return six_dev_bonus(dev, [dev, *others], boxes=boxes, **counts).points


# (card, boxes, the rest of the tableau, counts beyond it, points, the formula and the working)
WORKED: list[tuple[str, tuple[str, ...], list[str], Mapping[str, Any], int, str]] = [
    ("Terraforming Guild", TGS,
     ["Ancient Race", "Smuggling Lair", "Galactic Bazaar", "Alien Toy Shop",
      "Terraforming Robots", "Volcanic World"], {}, 12,
     "+2 per windfall world of each kind, +2 per other Terraforming card: four windfall "
     "worlds 8, itself and Terraforming Robots 4; Volcanic World produces, 0"),
    ("Galactic Genome Project", TGS, ["Hive World", "Ancient Race", "Genetics Lab"], {}, 7,
     "+2 per Genes production world, +2 per Genes windfall world, +3 Genetics Lab"),
    ("Imperium Lords", TGS, ["Rebel Colony", "Hive World", "Space Mercenaries"], {}, 4,
     "+2 per Imperium card, +1 per other military world: itself 2, two military worlds 2"),
    ("Imperium Seat", RVI, ["Imperium Warlord", "Rebel Stronghold", "Hive World"], {}, 6,
     "+2 per Imperium card, +2 per Rebel military world: itself and Imperium Warlord 4, "
     "Rebel Stronghold 2; Hive World is no Rebel, 0"),
    ("Rebel Alliance", RVI, ["Rebel Pact", "Rebel Stronghold", "Hive World"], {}, 7,
     "+2 per Rebel card, +1 per other military world: itself, Rebel Pact and Rebel "
     "Stronghold 6 (first match), Hive World 1"),
    ("Uplift Code", RVI, ["Insect Uplift Race", "Abandoned Alien Uplift Camp"], {}, 7,
     "+3 per Chromosome card, +2 per other Uplift card: Insect Uplift Race 3, the camp and "
     "itself (an Uplift card) 4"),
    ("Galactic Exchange", RVI, ["Gem World", "Volcanic World", "Hive World",
                                "Diversified Economy"], {}, 9,
     "1/3/6/10 VP for worlds of 1/2/3/4 kinds of goods, +3 Diversified Economy: Novelty, "
     "Rare and Genes 6, the development 3"),
    ("Galactic Bankers", RVI, ["Interstellar Bank", "Investment Credits", "Gambling World",
                               "Space Mercenaries"], {}, 8,
     "+2 each Interstellar Bank, Investment Credits, Gambling World, +1 per other "
     "development: 6, then itself and Space Mercenaries 2"),
    ("Prospecting Guild", RVI, ["Volcanic World", "Smuggling Lair", "Gem World",
                                "Terraforming Robots"], {}, 6,
     "+2 per Rare production world, +2 per Rare windfall world, +1 per other world, +1 per "
     "Terraforming card: 4, Gem World 1, Terraforming Robots 1"),
    ("Golden Age of Terraforming", BOW,
     ["Terraforming Engineers", "Pan-Galactic Affluence", "Gem World", "Volcanic World",
      "Hive World", "Alien Departure Point", "Smuggling Lair"], {}, 9,
     "+2 per Terraforming card, +1 per other six-cost development, +1 per production world "
     "of each kind: itself and the Engineers 4, Affluence 1, four production worlds 4; a "
     "windfall world 0"),
    ("Universal Peace Institute", BOW, ["Pan-Galactic Mediator", "Hive World", "Gem World"],
     {}, 6,
     "+1 per point of negative Military, +1 per military world, +2 Pan-Galactic Mediator: "
     "-2 and -1 Military 3, Hive World 1, the Mediator 2"),
    ("Federation Capital", BOW, [], {"prestige": 4}, 4, "+1 per prestige: 4"),
    ("Pan-Galactic Hologrid", BOW, ["Gem World", "Galactic Scavengers", "Expanding Colony",
                                    "Volcanic World"], {}, 7,
     "+2 per Novelty production world, +2 per Novelty windfall world, +2 Expanding Colony, "
     "+1 per other world: 6, Volcanic World 1"),
    ("Pan-Galactic Affluence", BOW, ["Export Duties", "Galactic Renaissance",
                                     "Terraformed World"], {"prestige": 3}, 9,
     "+1 per prestige, +2 each Export Duties, Galactic Renaissance, Terraformed World"),
    ("Alien Cornucopia", BOW, ["Alien Departure Point", "Gem World", "Volcanic World",
                               "Hive World", "Smuggling Lair"], {}, 7,
     "+2 per Alien card, +1 per Novelty, Rare or Genes production world: itself and "
     "Alien Departure Point 4, three production worlds 3, a windfall world 0"),
    ("Alien Uplift Chamber", AA, ["Amphibian Uplift Race", "Uplift Researchers"], {}, 6,
     "+2 per Uplift card: itself, the race and the researchers"),
    ("Alien Researchers", AA, ["Alien Rosetta Stone World", "Alien Research Ship"],
     {"artifacts": {"Alien Technology": 2}}, 7,
     "+3 Alien Rosetta Stone World, +1 per other Alien card, +1 per Alien Technology "
     "artifact: 3, itself and the ship 2, two artifacts 2"),
    ("Terraforming Unlimited", AA, ["Terraforming Colony", "Terraformed World", "Gem World",
                                    "Sentient Robots"], {"artifacts": {"Alien Science": 1}}, 9,
     "+2 per Terraforming card, +3 Terraformed World, +1 per other non-military world, +1 "
     "per Alien Science artifact: 4, 3, Gem World 1 (Sentient Robots is military), 1"),
    ("Uplift Alliance", AA, ["Amphibian Uplift Race", "Designer Species, Ultd.",
                             "Deep Space Symbionts, Ltd."], {"artifacts": {"Alien Uplift": 3}},
     11,
     "+2 per Uplift card, +2 per Genes production world, +2 per Genes windfall world, +1 per "
     "Alien Uplift artifact: 4, 2, 2, 3"),
    ("Imperium War Faction", AA, ["Imperium Blaster Gem Depot", "Blaster Gem Mines",
                                  "Sentient Robots"], {}, 8,
     "+2 per Imperium card, +3 Blaster Gem Mines, +1 per other military world: 4, 3, 1"),
    ("Galactic Expansionists", AA, ["Scientific Cruisers", "Ore-Rich World",
                                    "Designer Species, Ultd.", "Deep Space Symbionts, Ltd."],
     {}, 4,
     "+1 per development, +1 per production world: itself and the cruisers 2, two "
     "production worlds 2, a windfall world 0"),
    ("Wormhole Prospectors", AA, ["Galactic Survey Headquarters", "Ore-Rich World",
                                  "Imperium Blaster Gem Depot", "Sentient Robots"], {}, 5,
     "+2 per non-military world with a Trade power, +1 per other non-military world, +1 per "
     "development or world with a Trade power: 2, 1, itself 1, the military depot 1"),
    ("Rebel Resistance", AA, ["Rebel Mutineers", "Sentient Robots"], {}, 4,
     "+2 per Rebel card: itself and the mutineers"),
    ("Corrosive Uplift World", XI, ["Uplift Descendants"], {}, 2,
     "+1 per Chromosome card: itself and the descendants"),
    ("Uplift Coalition", XI, ["Adaptable Uplift Race"], {}, 2,
     "+1 per Chromosome card: itself and the race"),
    ("Uplift Bio-Engineers", XI, ["Adaptable Uplift Race", "Pan-Galactic Disease Center",
                                  "Anti-Xeno Refugees"], {}, 6,
     "+2 per Uplift card, +1 per Genes production world, +1 per Genes windfall world"),
    ("Imperium War Profiteers", XI, ["Blaster Gem Mines", "Imperium Armaments World",
                                     "Imperium Munitions, Inc.", "Rebel Resistance",
                                     "Rebel Bunker"], {}, 12,
     "+3 Blaster Gem Mines, +3 Imperium Armaments World, +2 per other Imperium card, +1 per "
     "Rare production world, +1 per Rare windfall world: 6, itself and the munitions 4, 2"),
    ("Terraforming Defenders", XI, ["Terraforming Surveyors", "Terraformed World",
                                    "Uplift Descendants", "Pan-Galactic Disease Center",
                                    "Alien Archives"], {}, 10,
     "+2 per Terraforming card, +3 Terraformed World, +1 per production world: 4, 3, 3"),
    ("Anti-Xeno Rebel Force", XI, ["Rebel Cadre", "Anti-Xeno Defense Post", "Xeno Colony",
                                   "Xeno-Occupied Rebel World"], {}, 7,
     "+2 per Rebel military world, +1 per other Anti-Xeno card, +1 per Xeno military world: "
     "the cadre and the occupied Rebel world 4, itself and the post 2, Xeno Colony 1"),
    ("Alien Historians", XI, ["Xeno Colony", "Xeno-Infested Alien Outpost", "Alien Archives",
                              "Alien Weapon Cache"], {}, 9,
     "+2 per Xeno military world, +3 Alien Archives, +1 per other Alien card: 4, 3, itself "
     "and the cache 2"),
    ("Anti-Xeno League", XI, ["Anti-Xeno Defense Post", "Anti-Xeno Embassy", "Xeno Colony",
                              "Anti-Xeno Militia"], {}, 7,
     "+2 per Anti-Xeno world, +1 per other world, +1 per Anti-Xeno development: 4, 1, "
     "itself and the militia 2"),
]


@pytest.mark.parametrize(("dev", "boxes", "others", "counts", "points", "rule"), WORKED,
                         ids=[w[0] for w in WORKED])
def test_each_expansion_formula_scores_its_worked_tableau(
    dev: str, boxes: tuple[str, ...], others: list[str], counts: Mapping[str, Any], points: int,
    rule: str,
) -> None:
    assert bonus(dev, others, boxes, **counts) == points, rule


def test_every_expansion_card_with_a_formula_has_a_worked_tableau() -> None:
    """Xeno Counterstrike's five, read from their pictures, are worked in
    test_rftg_counterstrike_bonuses.py."""
    from lastround.games.rftg.box_bonuses import BOX_CATEGORIES
    from tests.unit.test_rftg_counterstrike_bonuses import XC_WORKED

    assert {w[0] for w in WORKED} | {w[0] for w in XC_WORKED} == set(BOX_CATEGORIES)


def test_a_bonus_explains_itself_in_printed_order() -> None:
    """Galactic Exchange: 'kinds of goods' is printed before 'Diversified Economy'; Alien
    Researchers: its Alien Technology line comes last."""
    found = six_dev_bonus("Galactic Exchange", ["Galactic Exchange", "Hive World", "Gem World",
                                                "Diversified Economy"], boxes=RVI)
    assert found.terms == ("2 kinds of goods (novelty, genes) = 3", "1 Diversified Economy × 3")
    assert found.summary.endswith("= 6")
    found = six_dev_bonus("Alien Researchers", ["Alien Researchers"], boxes=AA,
                          artifacts={"Alien Technology": 1})
    assert found.terms == ("1 other Alien card × 1", "1 Alien Technology artifact × 1")


def test_positive_military_costs_universal_peace_institute_points() -> None:
    """Keldon's engine scores its 'negative Military' line as minus the total Military, so a
    tableau above zero loses a point per point: UPI -2, New Sparta +2 and Imperium Invasion
    Fleet +3 make +3 Military, -3; New Sparta is a military world, +1."""
    assert bonus("Universal Peace Institute", ["New Sparta", "Imperium Invasion Fleet"],
                 BOW) == -2


def test_new_galactic_order_counts_military_per_card_and_while_an_imperium_card_is_held() -> None:
    """Military that always applies includes Hidden Fortress's +1 per military world and
    Rebel Freedom Fighters' -2 while the tableau holds an Imperium card (engine.c,
    total_military)."""
    worlds = ["Hidden Fortress", "Rebel Stronghold", "Hive World"]
    assert bonus("New Galactic Order", worlds, RVI) == 2 + 3  # its own +2, three worlds
    assert bonus("New Galactic Order", ["Rebel Freedom Fighters"], BOW) == 2 + 1
    assert bonus("New Galactic Order", ["Rebel Freedom Fighters", "Imperium Warlord"],
                 BOW) == 2 + 1 - 2 + 1


def test_a_world_of_any_kind_counts_as_the_kind_its_owner_chose() -> None:
    """Alien Oort Cloud Refinery's good is of any kind: a windfall world of the chosen kind
    for Terraforming Guild, of none while none is chosen."""
    tableau = ["Terraforming Guild", "Alien Oort Cloud Refinery"]
    assert six_dev_bonus("Terraforming Guild", tableau, boxes=BOW).points == 2
    assert six_dev_bonus("Terraforming Guild", tableau, boxes=BOW, any_good="rare").points == 4


def test_galactic_federation_counts_pan_galactic_research_a_six_cost_development() -> None:
    """Pan-Galactic Research costs 6 and prints 4 VP: no formula of its own, but a six-cost
    development for Galactic Federation (engine.c, bonus_match: cost 6)."""
    research = card("Pan-Galactic Research", boxes=RVI)
    assert (research.six_dev, research.bonus, research.vp) == (True, False, 4)
    tableau = ["Galactic Federation", "Pan-Galactic Research"]
    assert [b.card for b in six_dev_bonuses(tableau, boxes=RVI)] == ["Galactic Federation"]
    assert six_dev_bonus("Galactic Federation", tableau, boxes=RVI).points == 4


def test_a_world_with_a_formula_scores_it_in_six_dev_bonuses() -> None:
    found = six_dev_bonuses(["Federation Capital", "Gem World"], boxes=BOW, prestige=2)
    assert [(b.card, b.points) for b in found] == [("Federation Capital", 2)]


def test_a_card_without_a_formula_is_refused() -> None:
    with pytest.raises(ValueError, match="not a 6-cost development"):
        six_dev_bonus("Pan-Galactic Research", ["Pan-Galactic Research"], boxes=RVI)
