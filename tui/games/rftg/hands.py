"""How many cards a player keeps at the end of a round, as their tableau's cards print it.

Everyone discards down to 10 (the base game's rulebook). Pan-Galactic Research (Rebel vs
Imperium) and Black Hole Miners (The Brink of War) let their owner keep 12; Retrofit &
Salvage, Inc (The Brink of War) takes the cards the others discard at the end of the round
into its owner's hand after the discard, so that hand has no limit. Keldon's engine
(bnordli/rftg, src/cards.txt flags DISCARD_TO_12 and TAKE_DISCARDS; src/engine.c, the end of
round: "discard to 12" raises the target from 10, "take discards" adds the opponents'
discards to the hand).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Any

from lastround.games.base import RulesError
from lastround.games.rftg.cards import Card, all_cards, canonical_name
from lastround.games.rftg.facts import HAND_LIMIT
from lastround.games.words import join_names

KEEPS_TWELVE = ("Pan-Galactic Research", "Black Hole Miners")
TWELVE = 12
TAKES_DISCARDS = "Retrofit & Salvage, Inc"


def hand_limit(names: Iterable[str] | None, boxes: tuple[str, ...] = ()) -> int | None:
    """The most cards a hand may hold after the end-of-round discard with a tableau of
    `names` (None: no limit). A tableau not listed (None) may hold any card in play, so the
    limit is the loosest the boxes allow."""
    held = set(names) if names is not None else in_play(boxes)
    if TAKES_DISCARDS in held:
        return None
    return TWELVE if held & set(KEEPS_TWELVE) else HAND_LIMIT


@cache
def in_play(boxes: tuple[str, ...] = ()) -> frozenset[str]:
    """The names of every card in play (the steps are built for every file history reads)."""
    return frozenset(c.name for c in all_cards(boxes=boxes))


@cache
def deck_cards(boxes: tuple[str, ...] = ()) -> int:
    """Every card of the deck in play: no hand holds more."""
    return sum(c.copies for c in all_cards(boxes=boxes))


def hand_bound(names: Iterable[str] | None, boxes: tuple[str, ...] = ()) -> int:
    """The hand limit, or the deck's size where there is none."""
    limit = hand_limit(names, boxes)
    return deck_cards(boxes) if limit is None else limit


def why_limit(names: Iterable[str] | None, boxes: tuple[str, ...] = ()) -> str:
    """The rule behind a hand limit, for a message or a field's help."""
    held = set(names) if names is not None else None
    limit = hand_limit(held, boxes)
    if held is None and limit != HAND_LIMIT:
        return "the end-of-round discard, as the cards in play allow"
    if limit is None:
        return f"no limit: {TAKES_DISCARDS} takes the others' discards after the discard"
    twelve = [n for n in KEEPS_TWELVE if n in (held or ())]
    if twelve:
        return f"the end-of-round discard down to {TWELVE} ({join_names(twelve)})"
    return f"the end-of-round discard down to {HAND_LIMIT}"


def listed_names(player: Mapping[str, Any], boxes: tuple[str, ...] = ()) -> list[str] | None:
    """The printed names of a player's listed tableau (None when none is listed)."""
    tableau = player.get("tableau")
    if isinstance(tableau, str) or not isinstance(tableau, Sequence):
        return None
    found = (canonical_name(n, boxes) if isinstance(n, str) else None for n in tableau)
    return [n for n in found if n is not None]


def check_hand(hand: int, path: str, cards: Sequence[Card] | None,
               boxes: tuple[str, ...] = ()) -> None:
    """RulesError for a hand over its limit (see hand_limit)."""
    names = None if cards is None else [c.name for c in cards]
    limit = hand_bound(names, boxes)
    if hand > limit:
        raise RulesError(path, f"must be {limit} or less ({why_limit(names, boxes)}), "
                         f"not {hand}")


def _exception(name: str, names: Iterable[str]) -> str:
    held = set(names)
    if TAKES_DISCARDS in held:
        return f"{name} keeps every card and then takes the others' discards ({TAKES_DISCARDS})"
    twelve = [n for n in KEEPS_TWELVE if n in held]
    return f"{name} keeps {TWELVE} ({join_names(twelve)})" if twelve else ""


def discard_exceptions(players: Sequence[Any], boxes: tuple[str, ...] = ()) -> str:
    """Who keeps more than 10 at the end of the round, by the tableaux listed ("Ada keeps 12
    (Pan-Galactic Research)"); with none listed, the cards in play that allow it; "" for a
    game without them."""
    played = in_play(boxes) if boxes else frozenset()
    if not played & {*KEEPS_TWELVE, TAKES_DISCARDS}:
        return ""
    listed = [(str(p.get("name", "")), listed_names(p, boxes)) for p in players
              if isinstance(p, Mapping)]
    if any(names is not None for _, names in listed):
        said = [_exception(name, names) for name, names in listed if names is not None]
        return "; ".join(s for s in said if s)
    twelve = [n for n in KEEPS_TWELVE if n in played]
    said = [f"{TWELVE} with {join_names(twelve, 'or')}"] if twelve else []
    if TAKES_DISCARDS in played:
        said.append(f"{TAKES_DISCARDS}'s owner then takes the others' discards")
    return "; ".join(said)
