"""Race for the Galaxy's cards: the packaged facts, looked up by name or alias.

Card facts come from ``cards.toml`` beside this module (read once) for the base game, and from
one ``cards-<box>.toml`` per expansion box, read only when a game has that box in play. Values
are the first edition's plus the five cards the second edition (2018, the default) changed.

Every lookup takes the boxes in play (`boxes`, box ids as the session file lists them); none
means the base game alone.
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

BASE = "base"
# The expansion boxes in their printed order (the first arc's three are played together).
BOXES = ("gathering-storm", "rebel-vs-imperium", "brink-of-war", "alien-artifacts",
         "xeno-invasion", "xeno-counterstrike", "new-worlds")


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
    box: str = BASE  # "base" or the id of the box the card comes in
    bonus: bool = False  # has an end-game formula (bonuses.py): the base 6-cost developments
    prestige: bool = False  # shows the prestige icon (The Brink of War)
    military_per: str = ""  # +1 Military per card of this kind in the tableau
    military_if_imperium: int = 0  # Military while the tableau holds an Imperium card
    military_per_pair: str = ""  # +1 Military per two cards of this kind in the tableau
    frontier: str = ""  # "near" | "far": a Frontier world of Xeno Counterstrike
    pay_military: bool = False  # may place a military world as a non-military one
    source: str = ""  # where a fact comes from, when not the box file's source
    unconfirmed: str = ""  # why a fact could not be confirmed

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


def _make_card(raw: Mapping[str, Any], edition: str, box: str = BASE) -> Card:
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
        box=box,
        bonus=bool(values.get("bonus", values.get("six_dev", False))),
        prestige=bool(values.get("prestige", False)),
        military_per=str(values.get("military_per", "")),
        military_if_imperium=int(values.get("military_if_imperium", 0)),
        military_per_pair=str(values.get("military_per_pair", "")),
        frontier=str(values.get("frontier", "")),
        pay_military=bool(values.get("pay_military", False)),
        source=str(values.get("source", "")),
        unconfirmed=str(values.get("unconfirmed", "")),
    )


@cache
def box_file(box: str) -> dict[str, Any]:
    """A box's data file as read (its title, deck changes and cards). Read only when a game
    has the box in play."""
    text = Path(__file__).with_name(f"cards-{box}.toml").read_text("utf-8")
    return tomllib.loads(text)


def box_title(box: str) -> str:
    """The box's printed title ("Rebel vs Imperium"); "the base game" for "base"."""
    return "the base game" if box == BASE else str(box_file(box)["title"])


def in_play(boxes: tuple[str, ...]) -> tuple[str, ...]:
    """The boxes in their printed order, each once; ValueError for an unknown box."""
    for box in boxes:
        if box not in BOXES:
            raise ValueError(f"unknown box {box!r}: use one of {', '.join(BOXES)}")
    return tuple(box for box in BOXES if box in boxes)


@cache
def _raw_in_play(boxes: tuple[str, ...]) -> tuple[tuple[str, dict[str, Any]], ...]:
    """Each card in play as (box, its table): the base cards whose copies the boxes leave in
    the deck, then each box's own. A box card replaces a base card of the same name (Rebel
    vs Imperium's Gambling World)."""
    changes: dict[str, int] = {}
    for box in boxes:
        for change in box_file(box).get("deck_change", ()):
            changes[change["name"]] = changes.get(change["name"], 0) + int(change["copies"])
    found: dict[str, tuple[str, dict[str, Any]]] = {}
    for raw in raw_cards():
        change = changes.get(raw["name"], 0)
        copies = int(raw.get("copies", 1)) + change
        if copies > 0:
            found[raw["name"]] = (BASE, {**raw, "copies": copies} if change else raw)
    for box in boxes:
        for raw in box_file(box)["card"]:
            found[raw["name"]] = (box, raw)
    return tuple(found.values())


def _raw(boxes: tuple[str, ...]) -> tuple[tuple[str, Mapping[str, Any]], ...]:
    if not boxes:  # the base game: no box file is read
        return tuple((BASE, raw) for raw in raw_cards())
    return _raw_in_play(in_play(boxes))


@cache
def deck(edition: str, boxes: tuple[str, ...] = ()) -> dict[str, Card]:
    """Every distinct card in play in an edition, by printed name, in the data files' order."""
    check_edition(edition)
    return {str(raw["name"]): _make_card(raw, edition, box) for box, raw in _raw(boxes)}


def raw_cards_in_play(boxes: tuple[str, ...] = ()) -> tuple[Mapping[str, Any], ...]:
    """The tables of the cards in play, as the data files hold them."""
    return tuple(raw for _, raw in _raw(boxes))


def normal_spelling(text: str) -> str:
    """A name as looked up: case, outer and repeated spaces and curly apostrophes ignored."""
    return " ".join(text.replace("\u2019", "'").split()).casefold()


@cache
def _names_by_spelling(boxes: tuple[str, ...] = ()) -> dict[str, str]:
    index: dict[str, str] = {}
    for raw in raw_cards_in_play(boxes):
        for spelling in (raw["name"], *raw.get("aliases", ())):
            index[normal_spelling(str(spelling))] = str(raw["name"])
    return index


def canonical_name(text: str, boxes: tuple[str, ...] = ()) -> str | None:
    """The printed name of a card in play for a name or alias as typed, or None."""
    return _names_by_spelling(boxes).get(normal_spelling(text))


def card(name: str, edition: str = DEFAULT_EDITION, boxes: tuple[str, ...] = ()) -> Card:
    """A card in play by name or alias (any case); KeyError for one not in play."""
    found = canonical_name(name, boxes)
    if found is None:
        raise KeyError(name)
    return deck(edition, boxes)[found]


def all_cards(edition: str = DEFAULT_EDITION, boxes: tuple[str, ...] = ()) -> tuple[Card, ...]:
    """The distinct cards in play (the base game's 95), in the data files' order."""
    return tuple(deck(edition, boxes).values())


def lowest_printed_vp(boxes: tuple[str, ...] = ()) -> int:
    """The fewest printed VP a tableau can add up to: its cards printed below zero, each a
    development a tableau holds once (Xeno Counterstrike's Scorched-Earth Defense, -1); 0
    where no card in play is."""
    return sum(min(found.vp, 0) for found in all_cards(boxes=boxes))


@cache
def card_names(boxes: tuple[str, ...] = ()) -> tuple[str, ...]:
    """Every card name in play, alphabetical."""
    return tuple(sorted(deck(DEFAULT_EDITION, boxes), key=str.casefold))


def deck_copies(name: str, boxes: tuple[str, ...] = ()) -> int:
    """How many copies of a card the deck holds with these boxes (the same in both editions)."""
    return card(name, boxes=boxes).copies


def six_cost_developments(boxes: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The 6-cost developments in play whose VP is an end-game formula (twelve in the base
    game; Rebel vs Imperium's Pan-Galactic Research prints its VP and is not one)."""
    return tuple(c.name for c in all_cards(boxes=boxes) if c.six_dev and c.bonus)


@cache
def _homes_by_spelling() -> dict[str, tuple[str, tuple[str, ...]]]:
    """Every box card's printed name and the boxes that print it, by the normal spelling of
    each name and alias (Alien Artifacts and Xeno Invasion both print a Rebel Resistance)."""
    found: dict[str, tuple[str, tuple[str, ...]]] = {}
    for box in BOXES:
        for raw in box_file(box)["card"]:
            for spelling in (raw["name"], *raw.get("aliases", ())):
                key = normal_spelling(str(spelling))
                _, boxes = found.get(key, ("", ()))
                found[key] = (str(raw["name"]), (*boxes, box))
    return found


def not_in_play(name: str, boxes: tuple[str, ...] = ()) -> str | None:
    """Why a card of a box not in play is refused ("Imperium Seat belongs to Rebel vs
    Imperium, which is not in this game"); None for a card in play or no card at all."""
    if canonical_name(name, boxes) is not None:
        return None
    home = _homes_by_spelling().get(normal_spelling(name))
    if home is None:
        return None
    printed, homes = home
    if len(homes) == 1:
        return f"{printed} belongs to {box_title(homes[0])}, which is not in this game"
    titles = " and to ".join(box_title(box) for box in homes)
    return f"{printed} belongs to {titles}, neither of which is in this game"
