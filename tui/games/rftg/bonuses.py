"""The end-game VP of Race for the Galaxy's 6-cost developments, explained.

Each development's printed lines are categories of cards it counts; a card scores under the
first line it matches. New Galactic Order adds Military, Galactic Renaissance VP chips and
the 2nd-edition Merchant Guild goods. The expansion boxes' formulas are in box_bonuses.py.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from lastround.games.rftg.cards import BASE, DEFAULT_EDITION, Card, card
from lastround.games.rftg.categories import Category, military_world, named, world_with
from lastround.games.words import capitalise, card_list, plural


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
        Category("Rebel military world", 2, lambda c: military_world(c) and "Rebel" in c.keywords),
        Category("other military world", 1, military_world),
    ),
    "Alien Tech Institute": (
        Category("Alien production world", 3, world_with("alien", "production")),
        Category("Alien windfall world", 2, world_with("alien", "windfall")),
        Category("other Alien card", 2, lambda c: "Alien" in c.keywords),
    ),
    "Free Trade Association": (
        Category("Novelty production world", 2, world_with("novelty", "production")),
        Category("Novelty windfall world", 1, world_with("novelty", "windfall")),
        named("Consumer Markets", 2),
        named("Expanding Colony", 2),
    ),
    "Mining League": (
        Category("Rare production world", 2, world_with("rare", "production")),
        Category("Rare windfall world", 1, world_with("rare", "windfall")),
        named("Mining Robots", 2),
        named("Mining Conglomerate", 2),
    ),
    "Pan-Galactic League": (
        Category("Genes world", 2, world_with("genes")),
        Category("other military world", 1, military_world),
        named("Contact Specialist", 3),
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
        named("Research Labs", 3),
        named("Galactic Trendsetters", 3),
        named("Artist Colony", 3),
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


def categories_of(dev: Card) -> tuple[Category, ...]:
    """The printed lines of a card with an end-game formula, base game or box."""
    if dev.box == BASE:
        return SIX_DEV_CATEGORIES[dev.name]
    from lastround.games.rftg.box_bonuses import BOX_CATEGORIES  # only a game with boxes needs it

    return BOX_CATEGORIES[dev.name]


def _category_share(dev: Card, cards: Sequence[Card]) -> _Share:
    categories = categories_of(dev)
    points, terms, details, counted = 0, [], [], []
    for category, names in zip(categories, _sort_into(categories, cards), strict=True):
        if names:
            label = category.label(len(names))
            points += category.points * len(names)
            terms.append(f"{len(names)} {label} × {category.points}")
            details.append(f"{capitalise(label)}: {card_list(names)}")
            counted += names
    return _Share(points, tuple(terms), tuple(details), tuple(counted))


def _military_of(c: Card, cards: Sequence[Card]) -> int:
    """A card's Military that always applies: its own, per card (or pair of cards) of a
    kind, or while the tableau holds an Imperium card (Keldon's engine, total_military)."""
    strength = c.military_strength
    if c.military_per:
        strength += sum(_military_kind(c.military_per)(other) for other in cards)
    if c.military_per_pair:
        strength += sum(_military_kind(c.military_per_pair)(other) for other in cards) // 2
    if c.military_if_imperium and any("Imperium" in other.keywords for other in cards):
        strength += c.military_if_imperium
    return strength


def _military_kind(kind: str) -> Callable[[Card], bool]:
    return {
        "military world": military_world,
        "Rebel military world": lambda c: military_world(c) and "Rebel" in c.keywords,
        "Chromosome card": lambda c: "Chromosome" in c.keywords,
        "Imperium card": lambda c: "Imperium" in c.keywords,
        "Frontier world": lambda c: c.is_world and bool(c.frontier),
        "non-military world": lambda c: c.is_world and not c.military,
    }[kind]


def _military_share(cards: Sequence[Card], sign: int = 1) -> _Share:
    """New Galactic Order: +1 per point of Military that always applies, negatives too.
    Universal Peace Institute (`sign` -1): +1 per point below zero, -1 per point above."""
    strengths = [(c, _military_of(c, cards)) for c in cards]
    sources = [(c, strength) for c, strength in strengths if strength]
    if not sources:
        return _Share()
    total = sum(strength for _, strength in sources)
    listed = ", ".join(f"{c.name} {strength:+d}" for c, strength in sources)
    names = tuple(c.name for c, _ in sources)
    term = f"{total} Military × 1" if sign > 0 else f"{total} Military × -1"
    return _Share(total * sign, (term,), (f"Military: {listed}",), names)


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


def _prestige_share(prestige: int) -> _Share:
    """Federation Capital, Pan-Galactic Affluence: +1 per prestige at the end."""
    if prestige <= 0:
        return _Share()
    return _Share(prestige, (f"{prestige} prestige × 1",))


# Galactic Exchange: VP for how many kinds of goods the tableau's worlds show.
KINDS_OF_GOODS_VP = {0: 0, 1: 1, 2: 3, 3: 6, 4: 10}


def _good_kinds_share(cards: Sequence[Card]) -> _Share:
    """Galactic Exchange: 1, 3, 6 or 10 VP for worlds of 1, 2, 3 or 4 kinds of goods."""
    shown = {c.good for c in cards if c.is_world}
    kinds = [kind for kind in GOOD_KINDS if kind in shown]
    if not kinds:
        return _Share()
    points = KINDS_OF_GOODS_VP[len(kinds)]
    counted = plural(len(kinds), "kind", "kinds")
    return _Share(points, (f"{counted} of goods ({', '.join(kinds)}) = {points}",))


def _artifact_share(kind: str, artifacts: Mapping[str, int]) -> _Share:
    """Alien Artifacts' orb game: +1 per artifact of the kind the card names."""
    count = artifacts.get(kind, 0)
    if count <= 0:
        return _Share()
    return _Share(count, (f"{plural(count, kind + ' artifact', kind + ' artifacts')} × 1",))


GOOD_KINDS = ("novelty", "rare", "genes", "alien")


def _chosen_kind(cards: Sequence[Card], any_good: str) -> list[Card]:
    """The cards with a world whose good is of any kind (Alien Oort Cloud Refinery) showing
    the kind its owner chose at the end; no kind chosen, it counts as none."""
    return [replace(c, good=any_good or "none") if c.good == "any" else c for c in cards]


def _box_shares(dev: Card, cards: Sequence[Card], prestige: int,
                artifacts: Mapping[str, int]) -> tuple[list[_Share], list[_Share]]:
    """The shares of a box card's bonus that count more than the cards of its lines: those
    printed before its lines, and those printed after (the orb game's artifacts)."""
    from lastround.games.rftg import box_bonuses as box

    before, after = [], []
    if dev.name in box.PRESTIGE_CARDS:
        before.append(_prestige_share(prestige))
    if dev.name in box.NEGATIVE_MILITARY_CARDS:
        before.append(_military_share(cards, sign=-1))
    if dev.name in box.GOOD_KINDS_CARDS:
        before.append(_good_kinds_share(cards))
    if dev.name in box.ARTIFACT_CARDS:
        after.append(_artifact_share(box.ARTIFACT_CARDS[dev.name], artifacts))
    return before, after


def bonus_for(dev: Card, cards: Sequence[Card], chips: int, goods: int, *, prestige: int = 0,
              any_good: str = "", artifacts: Mapping[str, int] | None = None) -> Bonus:
    """The bonus of card `dev` (a 6-cost development or a box card with a formula) for a
    tableau of `cards`, with its owner's chips, goods and (boxes) prestige; `any_good` is
    the kind chosen for a world whose good is of any kind, `artifacts` the orb game's
    artifacts by kind ("Alien Science", "Alien Technology", "Alien Uplift")."""
    cards = _chosen_kind(cards, any_good) if any(c.good == "any" for c in cards) else cards
    shares = [_category_share(dev, cards), _goods_share(dev, goods)]
    if dev.name == "New Galactic Order":
        shares.insert(0, _military_share(cards))
    if dev.name == "Galactic Renaissance":
        shares.insert(0, _chip_share(chips))  # printed first on the card
    if dev.box != BASE:
        before, after = _box_shares(dev, cards, prestige, artifacts or {})
        shares = [*before, *shares, *after]
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
    prestige: int = 0,
    any_good: str = "",
    artifacts: Mapping[str, int] | None = None,
    edition: str = DEFAULT_EDITION,
    boxes: tuple[str, ...] = (),
) -> Bonus:
    """The end-game bonus of one card with a formula for a tableau (which should hold it).

    `chips` feeds Galactic Renaissance, `goods` the 2nd-edition Merchant Guild, `prestige`
    Federation Capital and Pan-Galactic Affluence (see bonus_for for the rest).
    """
    dev = card(name, edition, boxes)
    if not dev.bonus:
        raise ValueError(f"{dev.name} is not a 6-cost development")
    cards = [card(n, edition, boxes) for n in tableau]
    return bonus_for(dev, cards, chips, goods, prestige=prestige, any_good=any_good,
                     artifacts=artifacts)


def six_dev_bonuses(
    tableau: Iterable[str],
    *,
    chips: int = 0,
    goods: int = 0,
    prestige: int = 0,
    any_good: str = "",
    artifacts: Mapping[str, int] | None = None,
    edition: str = DEFAULT_EDITION,
    boxes: tuple[str, ...] = (),
) -> list[Bonus]:
    """The bonus of every card with a formula in a tableau, in tableau order."""
    cards = [card(n, edition, boxes) for n in tableau]
    return [bonus_for(c, cards, chips, goods, prestige=prestige, any_good=any_good,
                      artifacts=artifacts) for c in cards if c.bonus]
