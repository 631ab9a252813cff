"""Alien Oort Cloud Refinery (The Brink of War): a world whose good is of any kind, the kind its
owner chooses at the end of the game.

Keldon's engine (bnordli/rftg, src/engine.c, score_game) scores its owner with each kind in
turn, novelty, rare, genes then alien, and keeps the first highest total; a table may choose
another kind (save-format.md: the owner's `oort_kind`, absent = the best).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from lastround.games.base import RulesError
from lastround.games.rftg.bonuses import GOOD_KINDS, bonus_for
from lastround.games.rftg.cards import Card

OORT = "Alien Oort Cloud Refinery"
BEST = "best"  # the counts step's answer for the kind that scores most
KIND_ANSWERS = (BEST, *GOOD_KINDS)


def holds_any_kind(cards: Sequence[Card]) -> bool:
    """Whether a tableau holds a world whose good is of any kind."""
    return any(c.good == "any" for c in cards)


def bonuses_by_kind(cards: Sequence[Card], chips: int = 0, goods: int = 0,
                    prestige: int = 0) -> dict[str, int]:
    """The tableau's end-game bonuses with each kind chosen, in Keldon's order."""
    formulas = [c for c in cards if c.bonus]
    return {kind: sum(bonus_for(c, cards, chips, goods, prestige=prestige, any_good=kind).points
                      for c in formulas)
            for kind in GOOD_KINDS}


def best_kind(by_kind: Mapping[str, int]) -> str:
    """The first kind with the highest bonuses (Keldon's engine keeps a later kind only when
    it scores strictly more)."""
    return max(GOOD_KINDS, key=lambda kind: (by_kind[kind], -GOOD_KINDS.index(kind)))


def kinds_compared(by_kind: Mapping[str, int]) -> str:
    """"novelty 8, rare 10, genes 12, alien 10 VP of bonuses"."""
    return ", ".join(f"{kind} {by_kind[kind]}" for kind in GOOD_KINDS) + " VP of bonuses"


def read_oort_kind(player: Mapping[str, Any], path: str,
                   cards: Sequence[Card] | None) -> str:
    """A player's `oort_kind` ("" when absent); RulesError for another value, or when the
    player's listed tableau does not hold Alien Oort Cloud Refinery."""
    if "oort_kind" not in player:
        return ""
    value = player["oort_kind"]
    if value not in GOOD_KINDS:
        raise RulesError(f"{path}.oort_kind", f"must be one of {', '.join(GOOD_KINDS)}, "
                         f"not {value!r}")
    if cards is None or not holds_any_kind(cards):
        raise RulesError(f"{path}.oort_kind", f"only the owner of {OORT} chooses its kind: "
                         "this player's listed tableau does not hold it")
    return str(value)
