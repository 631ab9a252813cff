"""Race for the Galaxy's base-game cards: the packaged facts, looked up by name or alias.

Card facts come from ``cards.toml`` beside this module (read once). Values are the first
edition's plus the five cards the second edition (2018, the default) changed.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

EDITIONS = ("2nd", "1st")
DEFAULT_EDITION = "2nd"


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
def raw_cards() -> tuple[dict[str, Any], ...]:
    """Every card's table as the data file holds it (first-edition values)."""
    # Read beside this module (importlib.resources costs more start-up than the read).
    text = Path(__file__).with_name("cards.toml").read_text("utf-8")
    return tuple(tomllib.loads(text)["card"])


def check_edition(edition: str) -> None:
    """ValueError for an edition other than "2nd" or "1st"."""
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
def deck(edition: str) -> dict[str, Card]:
    """Every distinct card of an edition, by printed name, in the data file's order."""
    check_edition(edition)
    return {str(raw["name"]): _make_card(raw, edition) for raw in raw_cards()}


def normal_spelling(text: str) -> str:
    """A name as looked up: case, outer and repeated spaces and curly apostrophes ignored."""
    return " ".join(text.replace("\u2019", "'").split()).casefold()


@cache
def _names_by_spelling() -> dict[str, str]:
    index: dict[str, str] = {}
    for raw in raw_cards():
        for spelling in (raw["name"], *raw.get("aliases", ())):
            index[normal_spelling(str(spelling))] = str(raw["name"])
    return index


def canonical_name(text: str) -> str | None:
    """The card's printed name for a name or alias as typed, or None if unknown."""
    return _names_by_spelling().get(normal_spelling(text))


def card(name: str, edition: str = DEFAULT_EDITION) -> Card:
    """A base-game card by name or alias (any case); KeyError for an unknown name."""
    found = canonical_name(name)
    if found is None:
        raise KeyError(name)
    return deck(edition)[found]


def all_cards(edition: str = DEFAULT_EDITION) -> tuple[Card, ...]:
    """The 95 distinct base-game cards, in the data file's order."""
    return tuple(deck(edition).values())


@cache
def card_names() -> tuple[str, ...]:
    """Every base-game card name, alphabetical."""
    return tuple(sorted(deck(DEFAULT_EDITION), key=str.casefold))


def deck_copies(name: str) -> int:
    """How many copies of a card the base deck holds (the same in both editions)."""
    return card(name).copies


def six_cost_developments() -> tuple[str, ...]:
    """The twelve 6-cost developments whose VP is an end-game formula."""
    return tuple(c.name for c in all_cards() if c.six_dev)
