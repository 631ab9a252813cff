"""Race for the Galaxy, base game: the end of the game and the final score.

Pure rules, standard library only. Card facts come from the packaged ``rftg_cards.toml``
(read once); the end triggers, the twelve 6-cost development formulas and the tie-break
live here. The second edition (2018) is the default; the first differs on five cards.

Save format: an end check's log values hold `pool`, one of POOL_ANSWERS ("chips left",
"empty", "ran out in Consume"), instead of the two yes/no answers older files hold
(`pool_exhausted`, `mid_consume`, still read as before); `end_checks` keeps its keys.
"""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from tui.games.base import (
    Data,
    Field,
    Game,
    Line,
    PlayerScore,
    Result,
    RulesError,
    Step,
    apply_generic,
    apply_setup,
    name_key,
    rank_winners,
)

EDITIONS = ("2nd", "1st")
DEFAULT_EDITION = "2nd"
MIN_PLAYERS = 2
MAX_PLAYERS = 4
CHIPS_PER_PLAYER = 12
TABLEAU_TRIGGER = 12  # face-up cards in one tableau that end the game
HAND_LIMIT = 10  # cards kept at the end of every round
PHASES = ("Explore", "Develop", "Settle", "Consume", "Produce")
DECK_SIZE = 114
PARTS = ("tableau", "chips", "bonus")  # a player's score, in this order
# The end check's one question about the VP chip pool: chips can run out during Consume
# only when the pool runs out, so the three answers cannot contradict each other.
POOL_ANSWERS = ("chips left", "empty", "ran out in Consume")


# --- Cards -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Card:
    """One card's facts, with the values of the edition it was looked up in."""

    name: str
    kind: str  # "world" | "development"
    cost: int
    vp: int  # printed VP; 0 for a 6-cost development, whose "?" is its bonus
    six_dev: bool
    copies: int
    start_world: bool
    military: bool
    good: str  # novelty | rare | genes | alien | none
    good_mode: str  # production | windfall | none
    keywords: tuple[str, ...]
    military_strength: int  # Military that always applies
    explore_power: bool
    trade_power: bool
    consume_power: bool
    vp_per_good: int = 0
    aliases: tuple[str, ...] = ()
    note: str = ""

    @property
    def is_world(self) -> bool:
        return self.kind == "world"

    @property
    def is_development(self) -> bool:
        return self.kind == "development"


@cache
def _raw_cards() -> tuple[dict[str, Any], ...]:
    # Read beside this module (importlib.resources costs more start-up than the read).
    text = Path(__file__).with_name("rftg_cards.toml").read_text("utf-8")
    return tuple(tomllib.loads(text)["card"])


def _check_edition(edition: str) -> None:
    if edition not in EDITIONS:
        raise ValueError(f'unknown edition {edition!r}: use "2nd" or "1st"')


def _make_card(raw: Mapping[str, Any], edition: str) -> Card:
    values = dict(raw)
    changes = values.pop("second_edition", {})
    if edition == "2nd":
        values.update(changes)
    return Card(
        name=str(values["name"]),
        kind=str(values["kind"]),
        cost=int(values["cost"]),
        vp=int(values["vp"]),
        six_dev=bool(values.get("six_dev", False)),
        copies=int(values.get("copies", 1)),
        start_world=bool(values.get("start_world", False)),
        military=bool(values.get("military", False)),
        good=str(values.get("good", "none")),
        good_mode=str(values.get("good_mode", "none")),
        keywords=tuple(str(k) for k in values.get("keywords", ())),
        military_strength=int(values.get("military_strength", 0)),
        explore_power=bool(values.get("explore_power", False)),
        trade_power=bool(values.get("trade_power", False)),
        consume_power=bool(values.get("consume_power", False)),
        vp_per_good=int(values.get("vp_per_good", 0)),
        aliases=tuple(str(a) for a in values.get("aliases", ())),
        note=str(values.get("note", "")),
    )


@cache
def _deck(edition: str) -> dict[str, Card]:
    _check_edition(edition)
    return {str(raw["name"]): _make_card(raw, edition) for raw in _raw_cards()}


def _normal(text: str) -> str:
    """A name as looked up: case, outer and repeated spaces and curly apostrophes ignored."""
    return " ".join(text.replace("\u2019", "'").split()).casefold()


@cache
def _names_by_spelling() -> dict[str, str]:
    index: dict[str, str] = {}
    for raw in _raw_cards():
        for spelling in (raw["name"], *raw.get("aliases", ())):
            index[_normal(str(spelling))] = str(raw["name"])
    return index


def canonical_name(text: str) -> str | None:
    """The card's printed name for a name or alias as typed, or None if unknown."""
    return _names_by_spelling().get(_normal(text))


def card(name: str, edition: str = DEFAULT_EDITION) -> Card:
    """A base-game card by name or alias (any case); KeyError for an unknown name."""
    found = canonical_name(name)
    if found is None:
        raise KeyError(name)
    return _deck(edition)[found]


def all_cards(edition: str = DEFAULT_EDITION) -> tuple[Card, ...]:
    """The 95 distinct base-game cards, in the data file's order."""
    return tuple(_deck(edition).values())


@cache
def card_names() -> tuple[str, ...]:
    """Every base-game card name, alphabetical."""
    return tuple(sorted(_deck(DEFAULT_EDITION), key=str.casefold))


def deck_copies(name: str) -> int:
    """How many copies of a card the base deck holds (the same in both editions)."""
    return card(name).copies


def six_cost_developments() -> tuple[str, ...]:
    """The twelve 6-cost developments whose VP is an end-game formula."""
    return tuple(c.name for c in all_cards() if c.six_dev)


# --- Finding a card by what was typed ---------------------------------------------------


@dataclass(frozen=True)
class _Spelling:
    name: str  # the card it spells
    words: tuple[str, ...]
    text: str  # words joined by single spaces
    compact: str  # words joined without spaces
    initials: str
    pairs: frozenset[str]  # adjacent letter pairs, for a quick likeness


def _words(text: str) -> tuple[str, ...]:
    return tuple(re.findall(r"[a-z0-9]+", _normal(text).replace("'", "")))


def _spelling(name: str, spelling: str) -> _Spelling:
    words = _words(spelling)
    text = " ".join(words)
    initials = "".join(w[0] for w in words)
    return _Spelling(name, words, text, "".join(words), initials, _letter_pairs(text))


@cache
def _spellings() -> tuple[_Spelling, ...]:
    return tuple(
        _spelling(str(raw["name"]), str(spelling))
        for raw in _raw_cards()
        for spelling in (raw["name"], *raw.get("aliases", ()))
    )


def _letter_pairs(text: str) -> frozenset[str]:
    return frozenset(text[i : i + 2] for i in range(len(text) - 1))


def _in_order(letters: str, whole: str) -> bool:
    """Whether every letter appears in `whole`, in order (gaps allowed)."""
    remaining = iter(whole)
    return all(letter in remaining for letter in letters)


def _words_spelled(query: Sequence[str], words: Sequence[str], *, skipping: bool) -> int:
    """How many of the name's words the typed words spell as whole-word prefixes, or 0.

    Each typed word is one or more prefixes of successive words of the name, taken in
    order: "lostsp" is lost+sp (Lost Species Ark World), "lsaw" l+s+a+w, "gal fed" gal+fed.
    Without `skipping` the prefixes start at the first word and no word is passed over;
    the count returned is then how far into the name they reach (the more, the better).
    """

    def reach(typed: int, offset: int, word: int) -> int:
        if typed == len(query):
            return word
        letters = query[typed]
        if offset == len(letters):
            return reach(typed + 1, 0, word)
        best = 0
        for at in range(word, len(words) if skipping else min(word + 1, len(words))):
            shared = 0
            candidate = words[at]
            while (offset + shared < len(letters) and shared < len(candidate)
                   and letters[offset + shared] == candidate[shared]):
                shared += 1
            for length in range(shared, 0, -1):  # the longest prefix first
                best = max(best, reach(typed, offset + length, at + 1))
                if best == len(words):
                    return best
        return best

    return reach(0, 0, 0)


def _match_rank(query: tuple[str, ...], spelling: _Spelling) -> tuple[int, int] | None:
    """How well a query matches one spelling: lower is better, None for no match.

    Whole-word prefixes of the name from its first word (the way players abbreviate:
    "lostsp", "newsp", "lsaw") rank right after the name itself and its beginning, the
    more words they reach the better; then prefixes that pass over words, initials,
    a piece of the name, and last its letters in order.
    """
    text, compact = " ".join(query), "".join(query)
    if spelling.text == text:
        return (0, 0)
    if spelling.text.startswith(text):
        return (1, 0)
    in_order = _in_order(compact, spelling.compact)
    if in_order and compact[0] in spelling.initials:  # else no word prefixes spell it
        reached = (_words_spelled(query, spelling.words, skipping=False)
                   if compact[0] == spelling.initials[0] else 0)
        if reached:
            return (2, len(spelling.words) - reached)
        if _words_spelled(query, spelling.words, skipping=True):
            return (3, 0)
    if spelling.initials.startswith(compact):
        return (4, 0)
    if text in spelling.text:
        return (5, spelling.text.index(text))
    return (6, 0) if in_order else None


def search_cards(query: str, limit: int = 10) -> list[str]:
    """Card names for a picker, best first.

    Exact, prefix, word-prefix ("gal fed"), initials ("bmtw"), substring and in-order
    letters ("glfd") come first; close misspellings (difflib) fill the rest.
    """
    query_words = _words(query)
    if not query_words:
        return list(card_names()[:limit])
    ranked = _matching(query_words)
    if len(ranked) < limit:
        ranked += [n for n in _misspelled(" ".join(query_words), limit) if n not in ranked]
    return ranked[:limit]


def matching_cards(query: str, limit: int = 10) -> list[str]:
    """The names the typed letters spell, best first: `search_cards` without the guesses.

    A card in `search_cards` but not here is only a guess at a misspelt or unknown name
    (nothing for a query without letters or digits).
    """
    query_words = _words(query)
    return _matching(query_words)[:limit] if query_words else []


def _matching(query_words: tuple[str, ...]) -> list[str]:
    best: dict[str, tuple[int, int]] = {}
    for spelling in _spellings():
        rank = _match_rank(query_words, spelling)
        if rank is not None and rank < best.get(spelling.name, (99, 0)):
            best[spelling.name] = rank
    return sorted(best, key=lambda name: (best[name], len(name), name))


def _misspelled(text: str, limit: int) -> list[str]:
    """Names close to a misspelt query: letter pairs shortlist, difflib ratio decides."""
    pairs = _letter_pairs(text)

    def overlap(spelling: _Spelling) -> float:
        return len(pairs & spelling.pairs) / (len(pairs | spelling.pairs) or 1)

    shortlist = sorted(_spellings(), key=overlap, reverse=True)[: limit + 4]
    import difflib  # only misspellings need it; scoring a file starts faster without

    matcher = difflib.SequenceMatcher(b=text)
    ratios: dict[str, float] = {}
    for spelling in shortlist:
        matcher.set_seq1(spelling.text)
        ratio = matcher.ratio()
        if ratio >= 0.6 and ratio > ratios.get(spelling.name, 0.0):
            ratios[spelling.name] = ratio
    return sorted(ratios, key=lambda name: -ratios[name])


def closest_names(text: str, n: int = 3) -> list[str]:
    """Up to n known names nearest to an unknown one, to suggest in an error."""
    return search_cards(text, n)


def unknown_card_message(text: str, player: str | None = None) -> str:
    """'"Gem Wrld" is not a base-game card (Ada's tableau); did you mean Gem World?'"""
    where = f" ({player}'s tableau)" if player else ""
    message = f'"{text.strip()}" is not a base-game card{where}'
    suggestions = closest_names(text)
    if suggestions:
        message += f"; did you mean {_join(suggestions, 'or')}?"
    return message


def _second_development(name: str) -> str:
    return (f"{name} is listed twice: a tableau never holds two copies of the same "
            "development (worlds may repeat)")


EMPTY_TABLEAU = "empty: every tableau holds its start world, so list at least that card"


def _too_many_copies(name: str, holders: Mapping[str, int]) -> str:
    copies = deck_copies(name)
    listed = sum(holders.values())
    who = ", ".join(f"{player} {n}" for player, n in holders.items() if n)
    has = _count(copies, "copy", "copies")
    return f"{name}: the deck has {has} but {listed} are listed ({who})"


def tableau_problems(
    names: Sequence[str],
    edition: str = DEFAULT_EDITION,
    elsewhere: Iterable[str] = (),
) -> str | None:
    """The first problem with a tableau being entered, or None.

    Problems: a name that is no base-game card (with suggestions), a development listed
    twice (a tableau holds one copy of each), or more copies of a card than the deck holds,
    counting `elsewhere` (the other players' tableaux).
    """
    _check_edition(edition)
    holders: dict[str, Counter[str]] = {}
    for other in elsewhere:
        found = canonical_name(other)
        if found is not None:
            holders.setdefault(found, Counter())["other tableaux"] += 1
    for name in names:
        found = canonical_name(name)
        if found is None:
            return unknown_card_message(name)
        held = holders.setdefault(found, Counter())
        held["this tableau"] += 1
        if held["this tableau"] > 1 and card(found, edition).is_development:
            return _second_development(found)
        if held.total() > deck_copies(found):
            return _too_many_copies(found, held)
    return None


def used_up(name: str, names: Sequence[str], elsewhere: Iterable[str] = ()) -> str:
    """Why a card cannot join a tableau holding `names`, in words ("" when it can): "already
    listed" for a development it holds (one copy each), "all 2 used" when the deck's copies
    are all in tableaux (this one and `elsewhere`). For marking suggestions before Enter."""
    found = canonical_name(name)
    if found is None:
        return ""
    here = sum(canonical_name(n) == found for n in names)
    if here and card(found).is_development:
        return "already listed"
    copies = deck_copies(found)
    held = here + sum(canonical_name(n) == found for n in elsewhere)
    return f"all {copies} used" if held >= copies else ""


# --- End of the game ----------------------------------------------------------------------


def chip_pool(players: int) -> int:
    """VP chips in the common pool at the start: 12 per player (24, 36 or 48)."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Race for the Galaxy is for 2 to 4 players, not {players}")
    return CHIPS_PER_PLAYER * players


def game_ends(max_tableau_cards: int, pool_exhausted: bool) -> bool:
    """Whether the game ends at the end of this round.

    It does when any tableau has 12 or more face-up cards, or when the VP chip pool is
    empty (the last chip taken is enough).
    """
    return max_tableau_cards >= TABLEAU_TRIGGER or pool_exhausted


def chips_beyond_pool(pool_left: int, vp_earned: int) -> int:
    """Extra chips to hand out when a Consume phase earns more VP than the pool still holds.

    Nobody loses earned VP: the phase and the round finish with extra chips (or change).
    """
    return max(0, vp_earned - max(0, pool_left))


def overflow_applies(pool_left: int, vp_earned: int) -> bool:
    """Whether this Consume phase needs chips beyond the printed pool."""
    return chips_beyond_pool(pool_left, vp_earned) > 0


def end_check_message(largest: int, pool_exhausted: bool, mid_consume: bool = False) -> str:
    """The verdict of an end check, in sentences for the table.

    `mid_consume` means the chips ran out during a Consume phase with VP still owed,
    which implies the pool is empty.
    """
    pool_out = pool_exhausted or mid_consume
    if not game_ends(largest, pool_out):
        return (
            f"The game goes on: the largest tableau has {_count(largest, 'card', 'cards')} "
            f"(the end comes at {TABLEAU_TRIGGER}) and VP chips remain. "
            "Play the next round; Last Round will ask again."
        )
    reasons = []
    if largest >= TABLEAU_TRIGGER:
        reasons.append(f"a tableau has {largest} cards ({TABLEAU_TRIGGER} or more)")
    if pool_out:
        reasons.append("the VP chip pool is empty")
    message = f"The game ends at the end of this round: {' and '.join(reasons)}."
    if mid_consume:
        message += (
            " The chips ran out during Consume: finish that phase and the round, paying"
            " the VP still earned with extra chips, so nobody loses points."
        )
    return message + " Ending the game does not win it: the highest final score does."


# --- 6-cost development bonuses -----------------------------------------------------------


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
            details.append(f"{_capital(label)}: {_card_list(names)}")
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


def _bonus(dev: Card, cards: Sequence[Card], chips: int, goods: int) -> Bonus:
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
    return _bonus(dev, [card(n, edition) for n in tableau], chips, goods)


def six_dev_bonuses(
    tableau: Iterable[str], *, chips: int = 0, goods: int = 0, edition: str = DEFAULT_EDITION
) -> list[Bonus]:
    """The bonus of every 6-cost development in a tableau, in tableau order."""
    cards = [card(n, edition) for n in tableau]
    return [_bonus(c, cards, chips, goods) for c in cards if c.six_dev]


# --- Reading a session ---------------------------------------------------------------------


@dataclass(frozen=True)
class _Entry:
    """One player's validated numbers: the cards listed, or the quick-entry totals."""

    name: str
    chips: int
    hand: int
    goods: int
    cards: tuple[Card, ...] | None = None
    tableau_vp: int = 0
    bonus_vp: int = 0


_MEANING = {
    "chips": "VP chips collected",
    "hand": f"cards in hand after the end-of-round discard down to {HAND_LIMIT}",
    "goods": "goods left on worlds",
    "tableau_vp": "printed VP of the tableau",
    "bonus_vp": "6-cost development bonuses, already totalled",
}


def _shown(value: Any) -> str:
    import json  # only error messages need it

    return json.dumps(value, default=str)


def _edition(data: Mapping[str, Any]) -> str:
    edition = data.get("edition", DEFAULT_EDITION)
    if not isinstance(edition, str) or edition not in EDITIONS:
        raise RulesError("edition", f'must be "2nd" or "1st", not {_shown(edition)}')
    return edition


def _whole_number(player: Mapping[str, Any], path: str, key: str, minimum: int | None,
                  maximum: int | None = None) -> int:
    if key not in player:
        raise RulesError(f"{path}.{key}", f"missing ({_MEANING[key]})")
    value = player[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"{path}.{key}", f"must be a whole number, not {_shown(value)}")
    if minimum is not None and value < minimum:
        raise RulesError(f"{path}.{key}", f"must be {minimum} or more, not {value}")
    if maximum is not None and value > maximum:
        raise RulesError(f"{path}.{key}", f"must be {maximum} or less, not {value}")
    return int(value)


def _player_tables(data: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    players = data.get("players")
    if players is None:
        raise RulesError("players", "missing: list the players in seat order")
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise RulesError("players", "must be a list of player tables")
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise RulesError(
            "players", f"Race for the Galaxy scores 2 to 4 players, not {len(players)}"
        )
    for index, player in enumerate(players):
        if not isinstance(player, Mapping):
            raise RulesError(f"players[{index}]", "must be a table with the player's name")
    return list(players)


def _player_names(players: Sequence[Mapping[str, Any]]) -> list[str]:
    names: list[str] = []
    for index, player in enumerate(players):
        path = f"players[{index}].name"
        name = player.get("name")
        if not isinstance(name, str) or not name.strip():
            raise RulesError(path, "missing or empty: every player needs a name")
        if name_key(name.strip()) in (name_key(n.strip()) for n in names):
            raise RulesError(path, f'"{name}" is already seated; names must differ')
        names.append(name)
    return names


def _tableau(value: Any, path: str, player: str, edition: str) -> tuple[Card, ...]:
    """The cards of a listed tableau: known names, one copy of each development, not empty."""
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise RulesError(path, "must be a list of card names")
    if not value:
        raise RulesError(path, EMPTY_TABLEAU)
    cards: list[Card] = []
    for entry in value:
        if not isinstance(entry, str):
            raise RulesError(path, f"card names must be text, not {_shown(entry)}")
        found = canonical_name(entry)
        if found is None:
            raise RulesError(path, unknown_card_message(entry, player))
        listed = _deck(edition)[found]  # by its printed name: no second look-up
        if listed.is_development and listed in cards:
            raise RulesError(path, f"{player}'s tableau: {_second_development(found)}")
        cards.append(listed)
    return tuple(cards)


def _entry(player: Mapping[str, Any], index: int, name: str, edition: str) -> _Entry:
    path = f"players[{index}]"
    quick = "tableau_vp" in player or "bonus_vp" in player
    if "tableau" in player and quick:
        raise RulesError(path, "give either tableau or tableau_vp and bonus_vp, not both")
    if "tableau" not in player and not quick:
        raise RulesError(
            f"{path}.tableau", "missing: list the tableau's cards, or give tableau_vp and bonus_vp"
        )
    cards = None
    tableau_vp = bonus_vp = 0
    if quick:
        tableau_vp = _whole_number(player, path, "tableau_vp", 0)
        # New Galactic Order can go below zero with enough negative Military.
        bonus_vp = _whole_number(player, path, "bonus_vp", None)
    else:
        cards = _tableau(player["tableau"], f"{path}.tableau", name, edition)
    return _Entry(
        name=name,
        chips=_whole_number(player, path, "chips", 0),
        hand=_whole_number(player, path, "hand", 0, HAND_LIMIT),
        goods=_whole_number(player, path, "goods", 0),
        cards=cards,
        tableau_vp=tableau_vp,
        bonus_vp=bonus_vp,
    )


def _check_copies(entries: Sequence[_Entry]) -> None:
    """No card may be listed more often, across the table, than the deck holds."""
    holders: dict[str, Counter[str]] = {}
    for index, entry in enumerate(entries):
        for c in entry.cards or ():
            held = holders.setdefault(c.name, Counter())
            held[entry.name] += 1
            if held.total() > c.copies:
                raise RulesError(f"players[{index}].tableau", _too_many_copies(c.name, held))


def _read_entries(data: Mapping[str, Any]) -> tuple[str, list[_Entry]]:
    """The edition and every player's validated entry; RulesError names the bad key."""
    edition = _edition(data)
    players = _player_tables(data)
    names = _player_names(players)
    entries = [_entry(p, i, names[i], edition) for i, p in enumerate(players)]
    _check_copies(entries)
    return edition, entries


# --- Scoring ---------------------------------------------------------------------------------


def _tableau_line(cards: Sequence[Card], edition: str) -> Line:
    shown = []
    for c in cards:
        if c.six_dev:
            shown.append(f"{c.name} (bonus below)")  # its printed VP is "?"
        elif edition == "2nd" and _deck("1st")[c.name].vp != c.vp:
            shown.append(f"{c.name} {c.vp} (2nd edition)")
        else:
            shown.append(f"{c.name} {c.vp}")
    points = sum(c.vp for c in cards)
    detail = f"{_count(len(cards), 'card', 'cards')}: " + ", ".join(shown)
    return Line("tableau", "Printed VP", points, detail)


def _bonus_lines(entry: _Entry, cards: Sequence[Card]) -> list[Line]:
    bonuses = [_bonus(c, cards, entry.chips, entry.goods) for c in cards if c.six_dev]
    if not bonuses:
        return [Line("bonus", "6-cost development bonuses", 0, "No 6-cost developments.")]
    return [Line("bonus", b.card, b.points, b.explanation) for b in bonuses]


def _score_entry(entry: _Entry, edition: str) -> PlayerScore:
    chips = Line("chips", "VP chips", entry.chips, "")
    if entry.cards is None:
        lines = [
            Line("tableau", "Printed VP", entry.tableau_vp, "Entered as a total."),
            chips,
            Line("bonus", "6-cost development bonuses", entry.bonus_vp, "Entered as a total."),
        ]
    else:
        lines = [_tableau_line(entry.cards, edition), chips, *_bonus_lines(entry, entry.cards)]
    parts = {part: sum(line.points for line in lines if line.part == part) for part in PARTS}
    return PlayerScore(entry.name, parts, tuple(lines), (entry.hand + entry.goods,))


def _tie_explanation(
    tied: Sequence[PlayerScore], winners: Sequence[str], entries: Sequence[_Entry]
) -> tuple[str, ...]:
    """The numbers and rule behind a tied top score; nothing when there is no tie."""
    if len(tied) < 2:
        return ()
    by_name = {e.name: e for e in entries}
    compared = ", ".join(
        f"{p.name} {by_name[p.name].hand} + {by_name[p.name].goods} = {p.tiebreak[0]}" for p in tied
    )
    lines = [
        f"{_join([p.name for p in tied])} tie on {tied[0].total} VP.",
        "Tie-break: the most cards in hand (after the end-of-round discard) plus goods on "
        f"worlds wins: {compared}.",
    ]
    if len(winners) == 1:
        lines.append(f"{winners[0]} wins.")
    else:
        lines.append(f"Still tied, so {_join(list(winners))} share the victory.")
    return tuple(lines)


def score(data: Mapping[str, Any]) -> Result:
    """Every player's final score: printed VP + VP chips + 6-cost development bonuses."""
    edition, entries = _read_entries(data)
    players = tuple(_score_entry(e, edition) for e in entries)
    winners, decided_by, tied = rank_winners(players)
    explanation = _tie_explanation(tied, winners, entries)
    return Result("rftg", players, winners, decided_by, explanation)


# --- Points so far -----------------------------------------------------------------------------


def _entered(player: Mapping[str, Any], key: str) -> int | None:
    value = player.get(key)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _player_so_far(player: Mapping[str, Any], index: int, edition: str) -> PlayerScore:
    """One player's parts from what is entered: anything unknown or unfinished is skipped."""
    name = player.get("name")
    name = name if isinstance(name, str) and name.strip() else f"Player {index + 1}"
    chips, hand, goods = (_entered(player, key) for key in ("chips", "hand", "goods"))
    lines: list[Line] = []
    tableau = player.get("tableau")
    if isinstance(tableau, Sequence) and not isinstance(tableau, str):
        found = (canonical_name(n) if isinstance(n, str) else None for n in tableau)
        cards = [_deck(edition)[n] for n in found if n is not None]
        lines.append(_tableau_line(cards, edition))
        entry = _Entry(str(name), max(chips or 0, 0), hand or 0, max(goods or 0, 0))
        lines += _bonus_lines(entry, cards)
    else:
        lines += [Line(part, "", points, "Entered as a total.")
                  for part, points in (("tableau", _entered(player, "tableau_vp")),
                                       ("bonus", _entered(player, "bonus_vp")))
                  if points is not None]
    if chips is not None:
        lines.append(Line("chips", "VP chips", chips, ""))
    parts = {part: sum(line.points for line in lines if line.part == part)
             for part in PARTS if any(line.part == part for line in lines)}
    return PlayerScore(str(name), parts, tuple(lines), ((hand or 0) + (goods or 0),))


def so_far(data: Mapping[str, Any]) -> tuple[PlayerScore, ...]:
    """Each seated player's points from what is entered so far, in seat order (Game.so_far):
    a listed tableau's printed VP and 6-cost bonuses (with the chips and goods once entered),
    quick-entry totals, the chips. Never raises."""
    edition = data.get("edition", DEFAULT_EDITION)
    edition = edition if edition in EDITIONS else DEFAULT_EDITION
    players = data.get("players", [])
    if isinstance(players, str) or not isinstance(players, Sequence):
        return ()
    return tuple(_player_so_far(p if isinstance(p, Mapping) else {}, i, edition)
                 for i, p in enumerate(players))


# --- The procedure --------------------------------------------------------------------------


def _setup_step(data: Mapping[str, Any]) -> Step:
    edition = data.get("edition", DEFAULT_EDITION)
    return Step(
        "setup",
        "Players and edition",
        kind="setup",
        fields=(
            Field(
                "edition",
                "Edition",
                kind="choice",
                choices=EDITIONS,
                default=edition if edition in EDITIONS else DEFAULT_EDITION,
                help="The 2nd edition (2018) changed five cards' values; pick your box's.",
            ),
        ),
        help=(
            "Enter the 2 to 4 players in seat order and the edition of your box. "
            "The 2nd edition (2018) changed five cards, among them Black Market Trading World, "
            "Bio-Hazard Mining World and Merchant Guild, so the edition changes scores."
        ),
    )


def _recorded_checks(data: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    checks = data.get("end_checks", [])
    if not isinstance(checks, Sequence):
        return []
    return [c for c in checks if isinstance(c, Mapping)]


def _check_ends(check: Mapping[str, Any]) -> bool:
    """Whether a recorded end check ended the game, judged from its answers."""
    largest = check.get("largest_tableau", 0)
    pool_out = bool(check.get("pool_exhausted")) or bool(check.get("mid_consume"))
    return game_ends(largest if isinstance(largest, int) else 0, pool_out)


def _end_check_step(data: Mapping[str, Any], checks: Sequence[Mapping[str, Any]], k: int,
                    pause_before: bool = False) -> Step:
    """End check k; `checks` are the recorded ones, read once for every check's step (read
    again for each, a file of thousands of rounds took minutes to open)."""
    earlier = checks[k - 1] if 0 < k <= len(checks) else None
    text = [
        "The game ends at the end of a round in which a tableau reaches "
        f"{TABLEAU_TRIGGER} face-up cards or the last VP chip is taken.",
        "A player may place both a development and a world in that last round, "
        f"so a tableau can pass {TABLEAU_TRIGGER}.",
        "Triggering the end does not win it: the highest final score does.",
        "If the chips run out during Consume, that phase and the round finish with extra "
        "chips so nobody loses VP they earned.",
    ]
    players = data.get("players", [])
    if isinstance(players, Sequence) and MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        text.append(f"The pool started with {chip_pool(len(players))} chips.")
    if earlier is not None:
        text.insert(0, f"Check {k + 1}: at the last check the game went on.")
    largest_before = earlier.get("largest_tableau") if earlier is not None else None
    return Step(
        f"end-check-{k}",
        "Does the game end?",
        kind="form",
        fields=(
            Field(
                "largest_tableau",
                "Most face-up cards in any one tableau",
                "int",
                minimum=0,
                maximum=DECK_SIZE,
                default=largest_before,
                help="Count every face-up card, start world included.",
            ),
            Field(
                "pool",
                "The VP chip pool",
                kind="choice",
                choices=POOL_ANSWERS,
                default=_pool_answer(checks[k]) if k < len(checks) else POOL_ANSWERS[0],
                help="Empty: the last chip was taken, which ends the game. Ran out in "
                "Consume: with VP still owed, so finish that phase paying the rest with "
                "extra chips.",
            ),
        ),
        text=" ".join(text),
        help=(
            "Enter the most face-up cards in any one tableau and whether the VP chips have "
            "run out. Either one ends the game at the end of this round; otherwise play on, "
            "and Last Round keeps the session for the next check. Answer once the trigger "
            "has happened or the round's phases are done."
        ),
        pause_before=pause_before,
    )


def _pool_answer(check: Mapping[str, Any]) -> str:
    """The pool answer a recorded end check holds (old files kept two yes/no answers)."""
    if check.get("mid_consume") is True:
        return POOL_ANSWERS[2]
    return POOL_ANSWERS[1] if check.get("pool_exhausted") is True else POOL_ANSWERS[0]


def _verdict(data: Mapping[str, Any]) -> str:
    """Why the game ends, from the end check that ended it ('' before any check ends it)."""
    check = next((c for c in _recorded_checks(data) if _check_ends(c)), None)
    if check is None:
        return ""
    largest = check.get("largest_tableau", 0)
    return end_check_message(largest if isinstance(largest, int) else 0,
                             bool(check.get("pool_exhausted")), bool(check.get("mid_consume")))


def _finish_round_step(data: Mapping[str, Any]) -> Step:
    phases = tuple(f"{phase}, if chosen and not yet done" for phase in PHASES)
    verdict = _verdict(data)
    return Step(
        "finish-round",
        "Finish the round",
        kind="checklist",
        items=(*phases, f"Discard down to {HAND_LIMIT} cards at the end of the round"),
        text=(
            (f"{verdict}\n\n" if verdict else "")
            + "Play out whatever is left of this round, phases in this order; only the "
            f"phases someone chose take place. Then everyone discards down to {HAND_LIMIT} "
            "cards, so the hands counted next are after the discard."
        ),
        help=(
            "The game always ends at the end of a round, so every phase chosen this round "
            "still happens, in order: Explore, Develop, Settle, Consume, Produce. In the last "
            "Consume keep awarding VP even past the printed pool. The end-of-round discard "
            "matters because cards in hand break ties."
        ),
    )


def _tableau_step(index: int, name: str) -> Step:
    return Step(
        f"tableau-{index}",
        f"{name}: tableau",
        kind="cards",
        player=index,
        text=f"List every face-up card in {name}'s tableau, start world included.",
        help=(
            "Pick each face-up card; printed VP and every 6-cost development's bonus are "
            "worked out from them. Leave out cards discarded for their power, such as a "
            "used Colony Ship or New Military Tactics: they score nothing. If you would "
            "rather not list the cards, enter the printed VP total (6-cost developments "
            "as 0) and the 6-cost development bonuses already added up."
        ),
    )


def _counts_step(index: int, name: str) -> Step:
    return Step(
        f"counts-{index}",
        f"{name}: chips, hand and goods",
        kind="form",
        player=index,
        fields=(
            Field(
                "chips",
                "VP chips",
                "int",
                minimum=0,
                maximum=200,
                help="All chips collected, counting any handed out beyond the pool at the end.",
            ),
            Field(
                "hand",
                "Cards in hand",
                "int",
                minimum=0,
                maximum=HAND_LIMIT,
                help=f"After the end-of-round discard down to {HAND_LIMIT}.",
            ),
            Field(
                "goods",
                "Goods on worlds",
                "int",
                minimum=0,
                maximum=60,
                help="Goods still sitting on worlds.",
            ),
        ),
        help=(
            f"Count {name}'s VP chips, the cards left in hand after the discard, and the goods "
            "still on worlds. Chips add to the score; hand plus goods together break a tie for "
            "the most VP. In the 2nd edition Merchant Guild also scores 1 VP per good."
        ),
    )


def _breakdown_step() -> Step:
    return Step(
        "breakdown",
        "Final scores",
        kind="breakdown",
        help=(
            "Each total is the printed VP of the tableau's cards, plus VP chips, plus the "
            "6-cost development bonuses. The most VP wins; on a tie, the most cards in hand "
            "plus goods on worlds wins, and if that is equal too the victory is shared. "
            "Go back to any step to correct it."
        ),
    )


def _final_steps(data: Mapping[str, Any]) -> list[Step]:
    steps = [_finish_round_step(data)]
    players = data.get("players", [])
    for index, player in enumerate(players if isinstance(players, Sequence) else []):
        known = player.get("name") if isinstance(player, Mapping) else None
        name = str(known or f"Player {index + 1}")
        steps += [_tableau_step(index, name), _counts_step(index, name)]
    return [*steps, _breakdown_step()]


def procedure(data: Mapping[str, Any]) -> list[Step]:
    """The steps for this session as it stands: setup, end checks, then final scoring.

    After an end check where the game went on, the list stops at the next check, marked
    `pause_before` so the table goes home and answers it after another round.
    """
    steps = [_setup_step(data)]
    checks = _recorded_checks(data)
    ended_at = next((k for k, c in enumerate(checks) if _check_ends(c)), None)
    if ended_at is not None:
        steps += [_end_check_step(data, checks, k) for k in range(ended_at + 1)]
        return steps + _final_steps(data)
    steps += [_end_check_step(data, checks, k) for k in range(len(checks))]
    if checks:
        return [*steps, _end_check_step(data, checks, len(checks), pause_before=True)]
    # The first check: what follows is shown as it will be if the game ends.
    return [*steps, _end_check_step(data, checks, 0), *_final_steps(data)]


def record_end_check(data: Data, k: int, values: Mapping[str, Any]) -> None:
    """Store the answers of end check k in ``end_checks[k]`` (replacing a re-answered one)."""
    checks = list(_recorded_checks(data))
    if k > len(checks):
        raise RulesError(f"end_checks[{k}]", "answer the earlier end checks first")
    largest = int(values["largest_tableau"])
    pool = values.get("pool")
    if pool in POOL_ANSWERS:
        mid_consume = pool == POOL_ANSWERS[2]
        pool_exhausted = pool != POOL_ANSWERS[0]
    else:  # a log from before the one question: its two yes/no answers, as meant then
        mid_consume = bool(values.get("mid_consume", False))
        pool_exhausted = bool(values.get("pool_exhausted", False)) or mid_consume
    record = {
        "largest_tableau": largest,
        "pool_exhausted": pool_exhausted,
        "mid_consume": mid_consume,
        "ends": game_ends(largest, pool_exhausted),
    }
    checks[k : k + 1] = [record]
    if record["ends"]:
        del checks[k + 1 :]  # nothing is checked after the game has ended
    data["end_checks"] = checks


def _tableau_values(values: Mapping[str, Any]) -> tuple[dict[str, Any], tuple[str, ...]]:
    """The cards step's values (names made canonical) and the keys of the other way to drop."""
    if "tableau" in values:
        names = [canonical_name(n) or n for n in values["tableau"]]
        return {"tableau": names}, ("tableau_vp", "bonus_vp")
    return dict(values), ("tableau",)


def apply(data: Data, step: Step, values: Mapping[str, Any]) -> None:
    """Record a confirmed step's values in the session data."""
    if step.kind == "setup":
        apply_setup(data, values)
    elif step.id.startswith("end-check-"):
        record_end_check(data, int(step.id.removeprefix("end-check-")), values)
    elif step.kind == "cards" and step.player is not None:
        kept, dropped = _tableau_values(values)
        player = data["players"][step.player]
        for key in dropped:
            player.pop(key, None)
        apply_generic(data, step, kept)
    else:
        apply_generic(data, step, values)


class RaceForTheGalaxy:
    """The rules object the app drives (see ``tui.games.base.Game``)."""

    id = "rftg"
    title = "Race for the Galaxy"

    def procedure(self, data: Mapping[str, Any]) -> Sequence[Step]:
        return procedure(data)

    def apply(self, data: Data, step: Step, values: Mapping[str, Any]) -> None:
        apply(data, step, values)

    def score(self, data: Mapping[str, Any]) -> Result:
        return score(data)

    def so_far(self, data: Mapping[str, Any]) -> tuple[PlayerScore, ...]:
        return so_far(data)

    def resets(self, data: Mapping[str, Any], step: Step, values: Mapping[str, Any]) -> str:
        return resets(data, step, values)


ENTRY_KEYS = ("tableau", "tableau_vp", "bonus_vp", "chips", "hand", "goods")


def resets(data: Mapping[str, Any], step: Step, values: Mapping[str, Any]) -> str:
    """What confirming `values` would undo: seating without a player drops what was entered
    for them; an end check that now ends the game drops the checks recorded after it."""
    if step.kind == "setup":
        kept = {name_key(str(name)) for name in values.get("players", [])}
        seated = [p for p in data.get("players", []) if isinstance(p, Mapping)]
        dropped = [str(p.get("name", "")) for p in seated
                   if name_key(str(p.get("name", ""))) not in kept
                   and any(key in p for key in ENTRY_KEYS)]
        if dropped:
            return (f"What was entered for {_join(dropped)} (tableau and counts) is dropped: "
                    f"{'they are' if len(dropped) > 1 else 'the player is'} no longer seated.")
    elif step.id.startswith("end-check-"):
        k = int(step.id.removeprefix("end-check-"))
        later = len(_recorded_checks(data)) - k - 1
        try:
            ends = game_ends(int(values["largest_tableau"]),
                             values.get("pool", POOL_ANSWERS[0]) != POOL_ANSWERS[0])
        except (KeyError, TypeError, ValueError):
            return ""
        if ends and later > 0:
            checks = _count(later, "end check", "end checks")
            verb = "is" if later == 1 else "are"
            return (f"The game now ends after this round, so the {checks} recorded after it "
                    f"{verb} dropped.")
    return ""


GAME: Game = RaceForTheGalaxy()


# --- Small words ------------------------------------------------------------------------------


def _join(names: Sequence[str], last: str = "and") -> str:
    """'Ada', 'Ada and Bo', 'Ada, Bo and Cy'."""
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} {last} {names[-1]}"


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _card_list(names: Sequence[str]) -> str:
    """Names in first-seen order, a repeated card shown once with its count."""
    counts = Counter(names)
    return ", ".join(n if counts[n] == 1 else f"{n} ×{counts[n]}" for n in counts)
