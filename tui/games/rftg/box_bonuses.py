"""The end-game VP formulas of the expansion boxes' cards, in bonuses.py's terms.

Each card's lines are categories in printed order; a card scores under the first it matches
(Keldon Jones' engine, bnordli/rftg src/engine.c get_score_bonus, breaks at the first match).
The formulas come from the same card list as the facts (cards-<box>.toml), and agree with
jburnim/rftgstats (tableau_scorer.py) for the first arc's cards and vila/rftgscore
(src/card.cc) for The Gathering Storm's. Xeno Counterstrike's are read from the pictures of
its cards (khanghy2130/rftg-arc3, static/cards/<name>.jpg), as printed; that they score
under the first line matched, as every earlier box's do, no rulebook at hand confirms. A few
count more than the tableau's cards: the sets at the bottom name them, and bonuses.py adds
those shares.
"""

from __future__ import annotations

from lastround.games.rftg.cards import Card
from lastround.games.rftg.categories import (
    Category,
    keyword,
    military_world,
    named,
    non_military_world,
    world_with,
)


def _production(good: str, points: int) -> Category:
    label = f"{good.capitalize()} production world"
    return Category(label, points, world_with(good, "production"))


def _windfall(good: str, points: int) -> Category:
    return Category(f"{good.capitalize()} windfall world", points, world_with(good, "windfall"))


def _keyword_cards(word: str, points: int, one: str = "") -> Category:
    """Cards with a keyword; `one` names them when earlier lines took some ("other ...")."""
    return Category(one or f"{word} card", points, keyword(word))


_GOODS = ("novelty", "rare", "genes", "alien")
_ANY_PRODUCTION = tuple(_production(g, 1) for g in _GOODS)
_MILITARY_WORLD = Category("other military world", 1, military_world)
_REBEL_MILITARY = Category("Rebel military world", 2,
                           lambda c: military_world(c) and "Rebel" in c.keywords)
_XENO_MILITARY = "Xeno military world"


def _xeno_military(c: Card) -> bool:
    return military_world(c) and "Xeno" in c.keywords


def _frontier(c: Card) -> bool:
    return c.is_world and bool(c.frontier)


_FRONTIER = Category("Frontier world", 2, _frontier)


BOX_CATEGORIES: dict[str, tuple[Category, ...]] = {
    # The Gathering Storm
    "Terraforming Guild": (
        *(_windfall(g, 2) for g in _GOODS),
        _keyword_cards("Terraforming", 2, "other Terraforming card"),
    ),
    "Galactic Genome Project": (
        _production("genes", 2), _windfall("genes", 2), named("Genetics Lab", 3),
    ),
    "Imperium Lords": (_keyword_cards("Imperium", 2), _MILITARY_WORLD),
    # Rebel vs Imperium
    "Imperium Seat": (_keyword_cards("Imperium", 2), _REBEL_MILITARY),
    "Rebel Alliance": (_keyword_cards("Rebel", 2), _MILITARY_WORLD),
    "Uplift Code": (
        _keyword_cards("Chromosome", 3), _keyword_cards("Uplift", 2, "other Uplift card"),
    ),
    "Galactic Exchange": (named("Diversified Economy", 3),),  # and the kinds of goods
    "Galactic Bankers": (
        named("Interstellar Bank", 2), named("Investment Credits", 2), named("Gambling World", 2),
        Category("other development", 1, lambda c: c.is_development),
    ),
    "Prospecting Guild": (
        _production("rare", 2), _windfall("rare", 2),
        Category("other world", 1, lambda c: c.is_world),
        _keyword_cards("Terraforming", 1, "Terraforming development"),  # its worlds counted above
    ),
    # The Brink of War
    "Golden Age of Terraforming": (
        _keyword_cards("Terraforming", 2),
        Category("other six-cost development", 1, lambda c: c.six_dev),
        *_ANY_PRODUCTION,
    ),
    "Universal Peace Institute": (  # and its negative Military
        Category("military world", 1, military_world), named("Pan-Galactic Mediator", 2),
    ),
    "Federation Capital": (),  # its owner's prestige
    "Pan-Galactic Hologrid": (
        _production("novelty", 2), _windfall("novelty", 2),
        named("Expanding Colony", 2), Category("other world", 1, lambda c: c.is_world),
    ),
    "Pan-Galactic Affluence": (  # and its owner's prestige
        named("Export Duties", 2), named("Galactic Renaissance", 2), named("Terraformed World", 2),
    ),
    "Alien Cornucopia": (_keyword_cards("Alien", 2), *_ANY_PRODUCTION[:3]),
    # Alien Artifacts
    "Alien Uplift Chamber": (_keyword_cards("Uplift", 2),),
    "Alien Researchers": (  # and the Alien Technology artifacts
        named("Alien Rosetta Stone World", 3), _keyword_cards("Alien", 1, "other Alien card"),
    ),
    "Terraforming Unlimited": (  # and the Alien Science artifacts
        _keyword_cards("Terraforming", 2), named("Terraformed World", 3),
        Category("other non-military world", 1, non_military_world),
    ),
    "Uplift Alliance": (  # and the Alien Uplift artifacts
        _keyword_cards("Uplift", 2), _production("genes", 2), _windfall("genes", 2),
    ),
    "Imperium War Faction": (
        _keyword_cards("Imperium", 2), named("Blaster Gem Mines", 3), _MILITARY_WORLD,
    ),
    "Galactic Expansionists": (
        Category("development", 1, lambda c: c.is_development), *_ANY_PRODUCTION,
    ),
    "Wormhole Prospectors": (
        Category("non-military world with a Trade power", 2,
               lambda c: non_military_world(c) and c.trade_power),
        Category("other non-military world", 1, non_military_world),
        Category("development with a Trade power", 1, lambda c: c.is_development and c.trade_power),
        Category("military world with a Trade power", 1, lambda c: c.is_world and c.trade_power),
    ),
    "Rebel Resistance": (_keyword_cards("Rebel", 2),),
    # Xeno Invasion
    "Corrosive Uplift World": (_keyword_cards("Chromosome", 1),),
    "Uplift Coalition": (_keyword_cards("Chromosome", 1),),
    "Uplift Bio-Engineers": (
        _keyword_cards("Uplift", 2), _production("genes", 1), _windfall("genes", 1),
    ),
    "Imperium War Profiteers": (
        named("Blaster Gem Mines", 3), named("Imperium Armaments World", 3),
        _keyword_cards("Imperium", 2, "other Imperium card"),
        _production("rare", 1), _windfall("rare", 1),
    ),
    "Terraforming Defenders": (
        _keyword_cards("Terraforming", 2), named("Terraformed World", 3), *_ANY_PRODUCTION,
    ),
    "Anti-Xeno Rebel Force": (
        _REBEL_MILITARY, _keyword_cards("Anti-Xeno", 1, "other Anti-Xeno card"),
        Category(_XENO_MILITARY, 1, _xeno_military),
    ),
    "Alien Historians": (
        Category(_XENO_MILITARY, 2, _xeno_military), named("Alien Archives", 3),
        _keyword_cards("Alien", 1, "other Alien card"),
    ),
    "Anti-Xeno League": (
        Category("Anti-Xeno world", 2, lambda c: c.is_world and "Anti-Xeno" in c.keywords),
        Category("other world", 1, lambda c: c.is_world),
        Category("Anti-Xeno development", 1,
               lambda c: c.is_development and "Anti-Xeno" in c.keywords),
    ),
}

# Xeno Counterstrike, as printed (the picture each line was read from is the card's own).
XENO_COUNTERSTRIKE_CATEGORIES: dict[str, tuple[Category, ...]] = {
    "Frontier Isolationists": (
        Category("near Frontier world", 3, lambda c: _frontier(c) and c.frontier == "near"),
        Category("far Frontier world", 1, lambda c: _frontier(c) and c.frontier == "far"),
        Category("card with a pay-for-military power", 3, lambda c: c.pay_military),
    ),
    "Imperium Expansionists": (
        _FRONTIER, Category("other Xeno military world", 2, _xeno_military),
        _keyword_cards("Imperium", 1, "other Imperium card"),  # itself included
    ),
    "Rebel Smugglers": (
        _keyword_cards("Rebel", 2),  # itself included
        _keyword_cards("Imperium", 2),
        Category("other Frontier world", 1, _frontier),
    ),
    "Terraforming Refugees": (
        _keyword_cards("Terraforming", 2),  # itself included
        _keyword_cards("Anti-Xeno", 1, "other Anti-Xeno card"),
        Category("other non-military world", 1, non_military_world),
    ),
    "Uplift Pioneers": (
        _FRONTIER, _keyword_cards("Uplift", 1, "other Uplift card"),  # itself included
        _keyword_cards("Anti-Xeno", 1, "other Anti-Xeno card"),
    ),
}
BOX_CATEGORIES.update(XENO_COUNTERSTRIKE_CATEGORIES)

# Shares of a bonus that count more than the tableau's cards (see bonuses.py).
PRESTIGE_CARDS = frozenset({"Federation Capital", "Pan-Galactic Affluence"})  # +1 a prestige
NEGATIVE_MILITARY_CARDS = frozenset({"Universal Peace Institute"})  # +1 a point below zero
GOOD_KINDS_CARDS = frozenset({"Galactic Exchange"})  # 1/3/6/10 for 1-4 kinds of goods
# Alien Artifacts' orb game: +1 per artifact of the kind, as the player counts them.
ARTIFACT_CARDS = {"Alien Researchers": "Alien Technology",
                  "Terraforming Unlimited": "Alien Science", "Uplift Alliance": "Alien Uplift"}
