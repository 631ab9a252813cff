"""The end-game VP formulas of the expansion boxes' cards, in bonuses.py's terms.

Each card's lines are categories in printed order; a card scores under the first it matches
(Keldon Jones' engine, bnordli/rftg src/engine.c get_score_bonus, breaks at the first match).
The formulas come from the same card list as the facts (cards-<box>.toml). A few count more
than the tableau; bonuses.py adds those shares (BOX_EXTRA_SHARES names them).
"""

from __future__ import annotations

from collections.abc import Callable

from tui.games.rftg.cards import Card
from tui.games.rftg.categories import (
    Category,
    keyword,
    military_world,
    named,
    non_military_world,
    world_with,
)


def _production(good: str) -> Category:
    return Category(f"{good.capitalize()} production world", 0, world_with(good, "production"))


def _windfall(good: str) -> Category:
    return Category(f"{good.capitalize()} windfall world", 0, world_with(good, "windfall"))


def _worth(points: int, category: Category) -> Category:
    return Category(category.one, points, category.matches, category.named)


def _card(word: str, points: int, one: str = "") -> Category:
    return Category(one or f"{word} card", points, keyword(word))


def _other(label: str, points: int, matches: Callable[[Card], bool]) -> Category:
    return Category(label, points, matches)


_GOODS = ("novelty", "rare", "genes", "alien")
_ANY_PRODUCTION = tuple(_worth(1, _production(g)) for g in _GOODS)
_MILITARY_WORLD = Category("other military world", 1, military_world)
_REBEL_MILITARY = Category("Rebel military world", 2,
                           lambda c: military_world(c) and "Rebel" in c.keywords)
_XENO_MILITARY = "Xeno military world"


def _xeno_military(c: Card) -> bool:
    return military_world(c) and "Xeno" in c.keywords


BOX_CATEGORIES: dict[str, tuple[Category, ...]] = {
    # The Gathering Storm
    "Terraforming Guild": (
        *(_worth(2, _windfall(g)) for g in _GOODS),
        _card("Terraforming", 2, "other Terraforming card"),
    ),
    "Galactic Genome Project": (
        _worth(2, _production("genes")), _worth(2, _windfall("genes")), named("Genetics Lab", 3),
    ),
    "Imperium Lords": (_card("Imperium", 2), _MILITARY_WORLD),
    # Rebel vs Imperium
    "Imperium Seat": (_card("Imperium", 2), _REBEL_MILITARY),
    "Rebel Alliance": (_card("Rebel", 2), _MILITARY_WORLD),
    "Uplift Code": (_card("Chromosome", 3), _card("Uplift", 2, "other Uplift card")),
    "Galactic Exchange": (named("Diversified Economy", 3),),  # and the kinds of goods
    "Galactic Bankers": (
        named("Interstellar Bank", 2), named("Investment Credits", 2), named("Gambling World", 2),
        _other("other development", 1, lambda c: c.is_development),
    ),
    "Prospecting Guild": (
        _worth(2, _production("rare")), _worth(2, _windfall("rare")),
        _other("other world", 1, lambda c: c.is_world),
        _card("Terraforming", 1, "Terraforming development"),  # its worlds counted above
    ),
    # The Brink of War
    "Golden Age of Terraforming": (
        _card("Terraforming", 2),
        _other("other six-cost development", 1, lambda c: c.six_dev),
        *_ANY_PRODUCTION,
    ),
    "Universal Peace Institute": (  # and its negative Military
        _other("military world", 1, military_world), named("Pan-Galactic Mediator", 2),
    ),
    "Federation Capital": (),  # its owner's prestige
    "Pan-Galactic Hologrid": (
        _worth(2, _production("novelty")), _worth(2, _windfall("novelty")),
        named("Expanding Colony", 2), _other("other world", 1, lambda c: c.is_world),
    ),
    "Pan-Galactic Affluence": (  # and its owner's prestige
        named("Export Duties", 2), named("Galactic Renaissance", 2), named("Terraformed World", 2),
    ),
    "Alien Cornucopia": (_card("Alien", 2), *_ANY_PRODUCTION[:3]),
    # Alien Artifacts
    "Alien Uplift Chamber": (_card("Uplift", 2),),
    "Alien Researchers": (  # and the Alien Technology artifacts
        named("Alien Rosetta Stone World", 3), _card("Alien", 1, "other Alien card"),
    ),
    "Terraforming Unlimited": (  # and the Alien Science artifacts
        _card("Terraforming", 2), named("Terraformed World", 3),
        _other("other non-military world", 1, non_military_world),
    ),
    "Uplift Alliance": (  # and the Alien Uplift artifacts
        _card("Uplift", 2), _worth(2, _production("genes")), _worth(2, _windfall("genes")),
    ),
    "Imperium War Faction": (
        _card("Imperium", 2), named("Blaster Gem Mines", 3), _MILITARY_WORLD,
    ),
    "Galactic Expansionists": (
        _other("development", 1, lambda c: c.is_development), *_ANY_PRODUCTION,
    ),
    "Wormhole Prospectors": (
        _other("non-military world with a Trade power", 2,
               lambda c: non_military_world(c) and c.trade_power),
        _other("other non-military world", 1, non_military_world),
        _other("development with a Trade power", 1, lambda c: c.is_development and c.trade_power),
        _other("military world with a Trade power", 1, lambda c: c.is_world and c.trade_power),
    ),
    "Rebel Resistance": (_card("Rebel", 2),),
    # Xeno Invasion
    "Corrosive Uplift World": (_card("Chromosome", 1),),
    "Uplift Coalition": (_card("Chromosome", 1),),
    "Uplift Bio-Engineers": (
        _card("Uplift", 2), _worth(1, _production("genes")), _worth(1, _windfall("genes")),
    ),
    "Imperium War Profiteers": (
        named("Blaster Gem Mines", 3), named("Imperium Armaments World", 3),
        _card("Imperium", 2, "other Imperium card"),
        _worth(1, _production("rare")), _worth(1, _windfall("rare")),
    ),
    "Terraforming Defenders": (
        _card("Terraforming", 2), named("Terraformed World", 3), *_ANY_PRODUCTION,
    ),
    "Anti-Xeno Rebel Force": (
        _REBEL_MILITARY, _card("Anti-Xeno", 1, "other Anti-Xeno card"),
        _other(_XENO_MILITARY, 1, _xeno_military),
    ),
    "Alien Historians": (
        _other(_XENO_MILITARY, 2, _xeno_military), named("Alien Archives", 3),
        _card("Alien", 1, "other Alien card"),
    ),
    "Anti-Xeno League": (
        _other("Anti-Xeno world", 2, lambda c: c.is_world and "Anti-Xeno" in c.keywords),
        _other("other world", 1, lambda c: c.is_world),
        _other("Anti-Xeno development", 1,
               lambda c: c.is_development and "Anti-Xeno" in c.keywords),
    ),
}

# Shares of a bonus that count more than the tableau's cards (see bonuses.py).
PRESTIGE_CARDS = frozenset({"Federation Capital", "Pan-Galactic Affluence"})  # +1 a prestige
NEGATIVE_MILITARY_CARDS = frozenset({"Universal Peace Institute"})  # +1 a point below zero
GOOD_KINDS_CARDS = frozenset({"Galactic Exchange"})  # 1/3/6/10 for 1-4 kinds of goods
# Alien Artifacts' orb game: +1 per artifact of the kind, as the player counts them.
ARTIFACT_CARDS = {"Alien Researchers": "Alien Technology",
                  "Terraforming Unlimited": "Alien Science", "Uplift Alliance": "Alien Uplift"}
