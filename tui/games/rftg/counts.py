"""Each player's counts step: VP chips, cards in hand and goods on worlds, and for the owner
of Alien Oort Cloud Refinery the kind it counts as; how its answers are recorded."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from lastround.games.base import Data, Field, RulesError, Step
from lastround.games.rftg.cards import DEFAULT_EDITION, EDITIONS, deck
from lastround.games.rftg.expansions import boxes_in
from lastround.games.rftg.facts import HAND_LIMIT
from lastround.games.rftg.hands import hand_bound, hand_limit, listed_names, why_limit
from lastround.games.rftg.oort import (
    BEST,
    KIND_ANSWERS,
    OORT,
    best_kind,
    bonuses_by_kind,
    holds_any_kind,
    kinds_compared,
)
from lastround.games.values import is_int

# The three counts every player's step asks (made once: the steps are built for every
# session file history reads; a hand the boxes let go past 10 gets its own field).
COUNT_FIELDS = (
    Field("chips", "VP chips", "int", minimum=0, blank=0, maximum=200,
          help="All chips collected, counting any handed out beyond the pool at the end."),
    Field("hand", "Cards in hand", "int", minimum=0, blank=0, maximum=HAND_LIMIT,
          help=f"After the end-of-round discard down to {HAND_LIMIT}."),
    Field("goods", "Goods on worlds", "int", minimum=0, blank=0, maximum=60,
          help="Goods still sitting on worlds."),
)
COUNTS_HELP = (
    "Count {name}'s VP chips, the cards left in hand after the discard, and the goods still "
    "on worlds. Chips add to the score; hand plus goods together break a tie for the most VP. "
    "In the 2nd edition Merchant Guild also scores 1 VP per good.")


def _hand_field(names: list[str] | None, boxes: tuple[str, ...]) -> Field:
    """The hand as the boxes bound it (what the form and a saved file hold it to); its help
    names this player's own limit, which confirming the step holds it to (apply_counts)."""
    return replace(COUNT_FIELDS[1], maximum=hand_bound(None, boxes),
                   help=f"After {why_limit(names, boxes)}.")


def _kind_field(data: Mapping[str, Any], player: Mapping[str, Any],
                names: list[str]) -> tuple[Field, str] | None:
    """The owner's question of the kind Alien Oort Cloud Refinery counts as, and the step's
    sentence comparing the kinds (None for a player who doesn't own it)."""
    edition = data.get("edition", DEFAULT_EDITION)
    printed = deck(edition if edition in EDITIONS else DEFAULT_EDITION, boxes_in(data))
    cards = [printed[n] for n in names]
    if not holds_any_kind(cards):
        return None
    known = [player.get(key) for key in ("chips", "goods", "prestige")]
    by_kind = bonuses_by_kind(cards, *(n if is_int(n) and n > 0 else 0 for n in known))
    chosen = player.get("oort_kind")
    field = Field("oort_kind", f"{OORT}'s kind", kind="choice", choices=KIND_ANSWERS,
                  default=chosen if chosen in KIND_ANSWERS else BEST,
                  help=f"Its good is of any kind, chosen by its owner at the end: {BEST} "
                  "counts the kind that scores most.")
    return field, (f"{OORT} counts as the kind chosen at the end: {kinds_compared(by_kind)}; "
                   f"{BEST} is {best_kind(by_kind)}.")


def counts_step(data: Mapping[str, Any], index: int, name: str) -> Step:
    players = data.get("players", [])
    player = players[index] if index < len(players) else {}
    boxes = boxes_in(data)
    names = listed_names(player, boxes) if isinstance(player, Mapping) else None
    fields: tuple[Field, ...] = COUNT_FIELDS
    text = ""
    if boxes:
        fields = (fields[0], _hand_field(names, boxes), fields[2])
        kind = _kind_field(data, player, names) if names else None
        if kind is not None:
            fields, text = (*fields, kind[0]), kind[1]
    return Step(f"counts-{index}", f"{name}: chips, hand and goods", kind="form",
                player=index, fields=fields, text=text, help=COUNTS_HELP.format(name=name))


def apply_counts(data: Data, index: int, values: Mapping[str, Any]) -> None:
    """Record a player's counts: the hand within the limit their tableau prints (RulesError
    names it), the kind chosen for Alien Oort Cloud Refinery (best: the key left out)."""
    player = data["players"][index]
    boxes = boxes_in(data)
    names = listed_names(player, boxes)
    hand = values.get("hand")
    limit = hand_limit(names, boxes)
    if isinstance(hand, int) and limit is not None and hand > limit:
        raise RulesError("hand", f"{limit} at most: {why_limit(names, boxes)}")
    counts = {k: v for k, v in values.items() if k != "oort_kind"}
    player.update(counts)
    kind = values.get("oort_kind")
    if kind in KIND_ANSWERS[1:]:
        player["oort_kind"] = kind
    elif kind == BEST:
        player.pop("oort_kind", None)


def what_the_tableau_drops(data: Mapping[str, Any], index: int,
                           values: Mapping[str, Any]) -> list[str]:
    """The player's keys a tableau step's `values` leave standing no more: a hand over the
    limit the new tableau prints (asked again), the kind of a refinery no longer held."""
    player = data["players"][index]
    boxes = boxes_in(data)
    names = listed_names(values, boxes)
    dropped = []
    hand = player.get("hand")
    limit = hand_limit(names, boxes)
    if isinstance(hand, int) and limit is not None and hand > limit:
        dropped.append("hand")
    if "oort_kind" in player and OORT not in (names or ()):
        dropped.append("oort_kind")
    return dropped


def tableau_resets(data: Mapping[str, Any], index: int, values: Mapping[str, Any]) -> str:
    """What confirming a tableau would undo of the counts entered after it ("" for none)."""
    if "hand" not in what_the_tableau_drops(data, index, values):
        return ""
    player = data["players"][index]
    names = listed_names(values, boxes_in(data))
    return (f"{player.get('name', 'This player')}'s hand of {player['hand']} is over the limit "
            f"of this tableau ({why_limit(names, boxes_in(data))}): it is asked again.")
