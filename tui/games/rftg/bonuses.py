"""The end-game VP of Race for the Galaxy's twelve 6-cost developments, explained.

Each development's printed lines are categories of cards it counts; a card scores under the
first line it matches. New Galactic Order adds Military, Galactic Renaissance VP chips and
the 2nd-edition Merchant Guild goods.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from tui.games.rftg.cards import DEFAULT_EDITION, Card, card
from tui.games.words import capitalise, card_list


@dataclass(frozen=True)
class Category:
    """One printed line of a 6-cost development: what it counts and the VP for each."""

    one: str  # "six-cost development", or a card's name
    points: int
    matches: Callable[[Card], bool]
    named: bool = False  # a single named card: its label has no plural

    def label(self, count: int) -> str:
        if count == 1 or self.named:
            return self.one
        return re.sub(r"\b(world|development|card)\b", r"\1s", self.one, count=1)


@dataclass(frozen=True)
class Bonus:
    """A 6-cost development's end-game VP and how they came about."""

    card: str
    points: int
    terms: tuple[str, ...]  # "3 six-cost developments × 2"
    details: tuple[str, ...]  # "Six-cost developments: Galactic Federation, Trade League"
    counted: tuple[str, ...] = ()  # every card that scored, once per copy

    @property
    def summary(self) -> str:
        counted = ", ".join(self.terms) or "nothing that counts"
        return f"{self.card}: {counted} = {self.points}"

    @property
    def explanation(self) -> str:
        return " ".join([self.summary + ".", *(d + "." for d in self.details)])


def _world_with(good: str, mode: str | None = None) -> Callable[[Card], bool]:
    def matches(c: Card) -> bool:
        return c.is_world and c.good == good and (mode is None or c.good_mode == mode)

    return matches


def _named(name: str, points: int) -> Category:
    return Category(name, points, lambda c: c.name == name, named=True)


def _military_world(c: Card) -> bool:
    return c.is_world and c.military


def _production_world(c: Card) -> bool:
    return c.is_world and c.good != "none" and c.good_mode == "production"


# Categories in printed order. A card scores only under the first one it matches, and the
# development itself is one of the cards tested (so GF, ATI, New Economy, Trade League and
# SETI count themselves).
SIX_DEV_CATEGORIES: dict[str, tuple[Category, ...]] = {
    "Galactic Federation": (
        Category("six-cost development", 2, lambda c: c.six_dev),
        Category("other development", 1, lambda c: c.is_development),
    ),
    "Galactic Imperium": (
        Category("Rebel military world", 2, lambda c: _military_world(c) and "Rebel" in c.keywords),
        Category("other military world", 1, _military_world),
    ),
    "Alien Tech Institute": (
        Category("Alien production world", 3, _world_with("alien", "production")),
        Category("Alien windfall world", 2, _world_with("alien", "windfall")),
        Category("other Alien card", 2, lambda c: "Alien" in c.keywords),
    ),
    "Free Trade Association": (
        Category("Novelty production world", 2, _world_with("novelty", "production")),
        Category("Novelty windfall world", 1, _world_with("novelty", "windfall")),
        _named("Consumer Markets", 2),
        _named("Expanding Colony", 2),
    ),
    "Mining League": (
        Category("Rare production world", 2, _world_with("rare", "production")),
        Category("Rare windfall world", 1, _world_with("rare", "windfall")),
        _named("Mining Robots", 2),
        _named("Mining Conglomerate", 2),
    ),
    "Pan-Galactic League": (
        Category("Genes world", 2, _world_with("genes")),
        Category("other military world", 1, _military_world),
        _named("Contact Specialist", 3),
    ),
    "Merchant Guild": (Category("production world", 2, _production_world),),
    "New Economy": (
        Category(
            "development with a Consume power", 2, lambda c: c.is_development and c.consume_power
        ),
        Category("world with a Consume power", 1, lambda c: c.is_world and c.consume_power),
    ),
    "Trade League": (
        Category("development with a Trade power", 2, lambda c: c.is_development and c.trade_power),
        Category("world with a Trade power", 1, lambda c: c.is_world and c.trade_power),
    ),
    "Galactic Survey: SETI": (
        Category(
            "development with an Explore power", 1, lambda c: c.is_development and c.explore_power
        ),
        Category("world with an Explore power", 2, lambda c: c.is_world and c.explore_power),
        Category("other world", 1, lambda c: c.is_world),
    ),
    # Its bonus is the tableau's total unconditional Military (see _military_terms).
    "New Galactic Order": (),
    # Plus 1 VP per 3 VP chips, rounded down (see _chip_terms).
    "Galactic Renaissance": (
        _named("Research Labs", 3),
        _named("Galactic Trendsetters", 3),
        _named("Artist Colony", 3),
    ),
}


@dataclass(frozen=True)
class _Share:
    """One source of a bonus's points: the points, their terms, details and cards counted."""

    points: int = 0
    terms: tuple[str, ...] = ()
    details: tuple[str, ...] = ()
    counted: tuple[str, ...] = ()


def _sort_into(categories: Sequence[Category], cards: Sequence[Card]) -> list[list[str]]:
    """Each card's name under the first category it matches (or under none)."""
    buckets: list[list[str]] = [[] for _ in categories]
    for c in cards:
        for bucket, category in zip(buckets, categories, strict=True):
            if category.matches(c):
                bucket.append(c.name)
                break
    return buckets


def _category_share(dev: Card, cards: Sequence[Card]) -> _Share:
    categories = SIX_DEV_CATEGORIES[dev.name]
    points, terms, details, counted = 0, [], [], []
    for category, names in zip(categories, _sort_into(categories, cards), strict=True):
        if names:
            label = category.label(len(names))
            points += category.points * len(names)
            terms.append(f"{len(names)} {label} × {category.points}")
            details.append(f"{capitalise(label)}: {card_list(names)}")
            counted += names
    return _Share(points, tuple(terms), tuple(details), tuple(counted))


def _military_share(cards: Sequence[Card]) -> _Share:
    """New Galactic Order: +1 per point of Military that always applies, negatives too."""
    sources = [c for c in cards if c.military_strength]
    if not sources:
        return _Share()
    total = sum(c.military_strength for c in sources)
    listed = ", ".join(f"{c.name} {c.military_strength:+d}" for c in sources)
    names = tuple(c.name for c in sources)
    return _Share(total, (f"{total} Military × 1",), (f"Military: {listed}",), names)


def _chip_share(chips: int) -> _Share:
    """Galactic Renaissance: +1 per 3 VP chips, rounded down."""
    if chips <= 0:
        return _Share()
    return _Share(chips // 3, (f"{chips} VP chips ÷ 3 rounded down ({chips // 3})",))


def _goods_share(dev: Card, goods: int) -> _Share:
    """2nd-edition Merchant Guild: +1 per good left on your worlds."""
    if not dev.vp_per_good or goods <= 0:
        return _Share()
    return _Share(goods * dev.vp_per_good, (f"{goods} goods × {dev.vp_per_good}",))


def bonus_for(dev: Card, cards: Sequence[Card], chips: int, goods: int) -> Bonus:
    """The bonus of 6-cost development `dev` for a tableau of `cards`, with its chips and goods."""
    shares = [_category_share(dev, cards), _goods_share(dev, goods)]
    if dev.name == "New Galactic Order":
        shares.insert(0, _military_share(cards))
    if dev.name == "Galactic Renaissance":
        shares.insert(0, _chip_share(chips))  # printed first on the card
    return Bonus(
        card=dev.name,
        points=sum(s.points for s in shares),
        terms=tuple(term for s in shares for term in s.terms),
        details=tuple(detail for s in shares for detail in s.details),
        counted=tuple(name for s in shares for name in s.counted),
    )


def six_dev_bonus(
    name: str,
    tableau: Iterable[str],
    *,
    chips: int = 0,
    goods: int = 0,
    edition: str = DEFAULT_EDITION,
) -> Bonus:
    """The end-game bonus of one 6-cost development for a tableau (which should hold it).

    `chips` feeds Galactic Renaissance, `goods` the 2nd-edition Merchant Guild.
    """
    dev = card(name, edition)
    if not dev.six_dev:
        raise ValueError(f"{dev.name} is not a 6-cost development")
    return bonus_for(dev, [card(n, edition) for n in tableau], chips, goods)


def six_dev_bonuses(
    tableau: Iterable[str], *, chips: int = 0, goods: int = 0, edition: str = DEFAULT_EDITION
) -> list[Bonus]:
    """The bonus of every 6-cost development in a tableau, in tableau order."""
    cards = [card(n, edition) for n in tableau]
    return [bonus_for(c, cards, chips, goods) for c in cards if c.six_dev]
