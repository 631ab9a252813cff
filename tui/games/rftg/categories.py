"""The printed lines of Race for the Galaxy's end-game formulas: what each counts. Pure."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from lastround.games.rftg.cards import Card


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


def world_with(good: str, mode: str | None = None) -> Callable[[Card], bool]:
    def matches(c: Card) -> bool:
        return c.is_world and c.good == good and (mode is None or c.good_mode == mode)

    return matches


def named(name: str, points: int) -> Category:
    return Category(name, points, lambda c: c.name == name, named=True)


def military_world(c: Card) -> bool:
    return c.is_world and c.military


def keyword(word: str) -> Callable[[Card], bool]:
    return lambda c: word in c.keywords


def non_military_world(c: Card) -> bool:
    return c.is_world and not c.military
