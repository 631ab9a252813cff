"""Xeno Counterstrike's five new 6-cost developments: each "?" is the formula printed on the
card, read from its picture (khanghy2130/rftg-arc3, static/cards/<name>.jpg) and quoted line
by line below, top to bottom. A card scores under the first line it matches, as every earlier
box's formulas do (Keldon Jones' engine, src/engine.c get_score_bonus); for this box no
rulebook at hand confirms it, and the worked tableaux show where it decides.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from lastround.games.rftg.bonuses import six_dev_bonus
from lastround.games.rftg.cards import card

XC = ("xeno-counterstrike",)
XI_XC = ("xeno-invasion", "xeno-counterstrike")


def bonus(dev: str, others: list[str], boxes: tuple[str, ...] = XC) -> int:
    return six_dev_bonus(dev, [dev, *others], boxes=boxes).points


# (card, boxes, the rest of the tableau, counts beyond it, points, the printed lines and the
# working)
XC_WORKED: list[tuple[str, tuple[str, ...], list[str], Mapping[str, Any], int, str]] = [
    ("Frontier Isolationists", XC,
     ["Frontier Miners", "Xeno Sentry World", "Pirate Lair", "Run-Amok Robots",
      "Contact Specialist"], {}, 10,
     "frontier-isolationists.jpg: '3 / near Frontier world', '1 / far Frontier world', "
     "'3 / card with [pay-for-military] power': two near 6, one far 1, Contact Specialist 3; "
     "Frontier Miners is a start world, no Frontier world, 0"),
    ("Imperium Expansionists", XC,
     ["Imperium Blaster Gem Prospectors", "Xeno-Held Populous World", "Xeno-Held Mining Colony",
      "Imperium Warlord Keep", "Anti-Xeno Imperium Ring"], {}, 9,
     "imperium-expansionists.jpg: '2 / Frontier world', '2 / other Xeno military world', "
     "'1 / other IMPERIUM card (including this one)': the populous world and the keep 4 "
     "(both Frontier), the mining colony 2, itself, the prospectors and the ring 3"),
    ("Rebel Smugglers", XC,
     ["Rebel Smuggling Post", "Hidden Imperium Slave Mines", "Outlaw Rebel Mines",
      "Frontier Settlement", "Mega-Exclusive Resort", "Star Nomad Trading Post"], {}, 10,
     "rebel-smugglers.jpg: '2 / REBEL card (including this one)', '2 / IMPERIUM card', "
     "'1 / other Frontier world': itself, the post and the Rebel mines 6, the slave mines 2, "
     "the settlement and the resort 2; the trading post 0"),
    ("Terraforming Refugees", XC,
     ["Terraforming Bio-Engineers", "Deep Space Terraforming", "Anti-Xeno Arsenal",
      "Anti-Xeno Pioneers", "Rare Elements Outcropping", "Xeno Sentry World"], {}, 9,
     "terraforming-refugees.jpg: '2 / TERRAFORMING card (including this one)', '1 / other "
     "ANTI-XENO card', '1 / other non-military world': itself and the two Terraforming "
     "worlds 6, the arsenal and the pioneers 2, the outcropping 1; the sentry world 0"),
    ("Uplift Pioneers", XC,
     ["Anti-Xeno Uplift Warriors", "Illicit Uplift Collector", "Arctic Uplift Race",
      "Anti-Xeno Resistance", "Anti-Xeno Armada"], {}, 8,
     "uplift-pioneers.jpg: '2 / Frontier world', '1 / other UPLIFT card (including this "
     "one)', '1 / other ANTI-XENO card': the warriors and the collector 4 (Frontier first), "
     "itself and the race 2, the resistance and the armada 2"),
]


@pytest.mark.parametrize(("dev", "boxes", "others", "counts", "points", "rule"), XC_WORKED,
                         ids=[w[0] for w in XC_WORKED])
def test_each_new_six_cost_development_scores_as_its_picture_prints(
    dev: str, boxes: tuple[str, ...], others: list[str], counts: Mapping[str, Any],
    points: int, rule: str,
) -> None:
    assert six_dev_bonus(dev, [dev, *others], boxes=boxes, **counts).points == points, rule


def test_frontier_isolationists_near_3_far_1() -> None:
    """frontier-isolationists.jpg: '3 / near Frontier world', '1 / far Frontier world'."""
    assert bonus("Frontier Isolationists", ["Xeno Sentry World"]) == 3
    assert bonus("Frontier Isolationists", ["Xeno Staging Point"]) == 1
    assert bonus("Frontier Isolationists", ["Rebel Smuggling Post"]) == 0  # no Frontier world


def test_frontier_isolationists_counts_each_pay_for_military_power() -> None:
    """frontier-isolationists.jpg: '3 / card with [red-ringed world -> black-ringed world]
    power', the pay-for-military icon: Anti-Xeno Uplift Warriors (anti-xeno-uplift-warriors.jpg
    'may place a [Chromosome military world] as a [non-military world] at full cost'), Xeno
    Invasion's Anti-Xeno Embassy and Uplift Terraforming, the base game's Contact Specialist
    (Keldon's cards.txt: PAY_MILITARY). The warriors are a near Frontier world first."""
    assert bonus("Frontier Isolationists", ["Contact Specialist"]) == 3
    assert bonus("Frontier Isolationists", ["Anti-Xeno Embassy", "Uplift Terraforming"],
                 XI_XC) == 6
    assert bonus("Frontier Isolationists", ["Anti-Xeno Uplift Warriors"]) == 3


def test_imperium_expansionists_counts_itself_once_and_frontier_first() -> None:
    """imperium-expansionists.jpg: '2 / Frontier world', '2 / other Xeno military world',
    '1 / other IMPERIUM card (including this one)': Imperium Warlord Keep is a far Frontier
    world (2, not 1 more as Imperium); itself 1."""
    assert bonus("Imperium Expansionists", []) == 1
    assert bonus("Imperium Expansionists", ["Imperium Warlord Keep"]) == 3
    assert bonus("Imperium Expansionists", ["Xeno-Held Mining Colony"]) == 3


def test_rebel_smugglers_rebel_and_imperium_2_other_frontier_1() -> None:
    """rebel-smugglers.jpg: '2 / REBEL card (including this one)', '2 / IMPERIUM card',
    '1 / other Frontier world'."""
    assert bonus("Rebel Smugglers", []) == 2
    assert bonus("Rebel Smugglers", ["Rebel Final Refuge"]) == 4  # Rebel first, not Frontier
    assert bonus("Rebel Smugglers", ["Anti-Xeno Imperium Ring"]) == 4
    assert bonus("Rebel Smugglers", ["Successful Pioneer World"]) == 3


def test_terraforming_refugees_counts_other_non_military_worlds() -> None:
    """terraforming-refugees.jpg: '2 / TERRAFORMING card (including this one)', '1 / other
    ANTI-XENO card', '1 / other non-military world': a military world scores nothing."""
    assert bonus("Terraforming Refugees", []) == 2
    assert bonus("Terraforming Refugees", ["Anti-Xeno Resistance"]) == 3  # Anti-Xeno first
    assert bonus("Terraforming Refugees", ["Frontier Miners", "Xeno Sentry World"]) == 3


def test_uplift_pioneers_frontier_2_uplift_and_anti_xeno_1() -> None:
    """uplift-pioneers.jpg: '2 / Frontier world', '1 / other UPLIFT card (including this
    one)', '1 / other ANTI-XENO card'."""
    assert bonus("Uplift Pioneers", []) == 1
    assert bonus("Uplift Pioneers", ["Clandestine Uplift Facility"]) == 3  # a far world
    assert bonus("Uplift Pioneers", ["Exotic Species Uplift Refuge", "Anti-Xeno Armada"]) == 3


def test_a_bonus_says_why_line_by_line() -> None:
    """The same breakdown the other 6-cost developments give: each line's count and VP, then
    the cards under it."""
    got = six_dev_bonus("Uplift Pioneers", ["Uplift Pioneers", "Anti-Xeno Uplift Warriors",
                                            "Anti-Xeno Armada"], boxes=XC)
    assert got.summary == ("Uplift Pioneers: 1 Frontier world × 2, 1 other Uplift card × 1, "
                           "1 other Anti-Xeno card × 1 = 4")
    assert "Frontier world: Anti-Xeno Uplift Warriors." in got.explanation
    assert "Other Anti-Xeno card: Anti-Xeno Armada." in got.explanation


def test_the_five_are_six_cost_question_mark_developments() -> None:
    """Each picture prints cost 6 in a development's diamond and '?' for its VP."""
    for name in ("Frontier Isolationists", "Imperium Expansionists", "Rebel Smugglers",
                 "Terraforming Refugees", "Uplift Pioneers"):
        found = card(name, boxes=XC)
        assert (found.cost, found.vp, found.is_development, found.six_dev, found.bonus) == \
            (6, 0, True, True, True), name
